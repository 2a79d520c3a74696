// A pack file that carries a game the workspace already has under the same id (issue 31): the same
// definition is simply the stored one; a different one is a question for the designer, asked before
// anything is stored — keep mine (the file's levels play the stored game, if they fit it), take theirs
// (the stored game replaced, as one step of the game history, refused while stored levels would break
// under it) or import theirs under a new id (the file's levels follow it). Cancel stores nothing.
// Loaded with the transfer store (imports).
import { canonicalGame } from '../core/game/schema.ts';
import type { GameDef } from '../core/game/types.ts';
import { checkLevelAgainstGame, type LevelT } from '../core/level/index.ts';
import { notice, type Said } from '../core/notice.ts';
import { words } from './words.ts';
import type { CatalogueHost } from './host.ts';

/** What to store once the rest of the import is agreed: `add` stored as they are, `take` as updates of stored games. */
export interface GamePlan {
  levels: LevelT[];
  add: GameDef[];
  take: GameDef[];
}

/** How many names a question lists before "…". */
const SHOWN = 8;

/** Whether two definitions are the same game (compared canonical). */
export const sameGame = (a: GameDef, b: GameDef) => JSON.stringify(canonicalGame(a)) === JSON.stringify(canonicalGame(b));

/** An id not used by a stored game nor by the file's (`<id>-2`, `-3`, … within the 40 characters an id may have). */
export function freeGameId(id: string, taken: (id: string) => boolean): { id: string; n: number } {
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = id.slice(0, 40 - suffix.length) + suffix;
    if (!taken(candidate)) return { id: candidate, n };
  }
}

/**
 * Settles the file's games against the stored ones. Null when the designer cancelled (nothing was
 * stored, and nothing will be).
 */
export async function settleGames(host: Pick<CatalogueHost, 'loadGames' | 'choose'>, fileName: string, levels: LevelT[], carried: readonly GameDef[]): Promise<GamePlan | null> {
  const games = await host.loadGames();
  const plan: GamePlan = { levels, add: [], take: [] };
  for (const theirs of carried) {
    const mine = games.byId(theirs.id);
    if (!mine) {
      plan.add.push(theirs);
      continue;
    }
    if (sameGame(mine, theirs)) continue; // the stored game is the file's: nothing to store
    const own = plan.levels.filter((l) => l.game === theirs.id);
    const misfits = own.filter((l) => checkLevelAgainstGame(l, mine).length > 0).map((l) => l.name);
    const broken = (await games.check(theirs)).map((b) => b.name);
    const stored = games.levelsOf(theirs.id).length;
    const list = (names: string[]) => names.slice(0, SHOWN).map((n) => `“${n}”`).join(', ') + (names.length > SHOWN ? ', …' : '');
    const text: Said[] = [
      notice('games.clash.text', { file: fileName, game: theirs.id, name: mine.name, n: stored }),
      broken.length ? notice('games.clash.breaks', { n: broken.length, names: list(broken) }) : notice('games.clash.fits', { n: stored }),
      ...(misfits.length ? [notice('games.clash.misfits', { n: misfits.length, names: list(misfits) })] : []),
    ];
    const options = [
      ...(misfits.length ? [] : [{ id: 'mine', label: notice('games.clash.mine') }]),
      ...(broken.length ? [] : [{ id: 'theirs', label: notice('games.clash.theirs') }]),
      { id: 'new', label: notice('games.clash.new'), primary: true },
      { id: 'cancel', label: notice('games.cancel') },
    ];
    const answer = await host.choose({ title: notice('games.clash.title', { name: mine.name }), text, options });
    if (answer === 'mine') continue;
    if (answer === 'theirs') plan.take.push(theirs);
    else if (answer === 'new') {
      const taken = (id: string) => !!games.byId(id) || carried.some((g) => g.id === id) || plan.add.some((g) => g.id === id);
      const { id, n } = freeGameId(theirs.id, taken);
      plan.add.push({ ...theirs, id, name: words('pack.copyName', { name: theirs.name.slice(0, 72), n }) });
      plan.levels = plan.levels.map((l) => (l.game === theirs.id ? { ...l, game: id } : l));
    } else return null;
  }
  return plan;
}
