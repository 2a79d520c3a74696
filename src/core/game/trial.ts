// A changed copy of a game, known to this process for a while under an id of its own: what a tuning
// plays when a lever turns a game field (an emitter's `every` or `count`, RULES §12.1), so the
// candidate level is measured with the changed game's compiled tables while the game itself stays as
// it is. The id is derived from the change (same change, same id: the analysis cache can reuse it);
// two tunings that borrow the same copy share it until both give it back.
import { forgetGames, gameById, registerGames } from './known.ts';
import { gamePlayHash } from './playHash.ts';
import type { GameDef } from './types.ts';

const held = new Map<string, number>();

/** Registers `changed` (a copy of game `changed.id`) under a trial id; returns that id and the release. */
export function borrowTrialGame(changed: GameDef): { id: string; release: () => void } {
  const id = `${changed.id}--trial-${gamePlayHash(changed)}`;
  const n = held.get(id) ?? 0;
  if (!n || !gameById(id)) registerGames([{ ...changed, id }]);
  held.set(id, n + 1);
  let done = false;
  return {
    id,
    release: () => {
      if (done) return;
      done = true;
      const left = (held.get(id) ?? 1) - 1;
      if (left > 0) held.set(id, left);
      else {
        held.delete(id);
        forgetGames([id]);
      }
    },
  };
}
