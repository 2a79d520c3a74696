// What every §12 fidelity test file shares: the test games registered, levels of them remembered so
// that one test per file checks they are valid files (RULES §12), and small readers of a snapshot.
import { describe, expect, it } from 'vitest';
import { registerGames } from '../../../src/core/game/registry.ts';
import { parseGame } from '../../../src/core/game/schema.ts';
import type { GameDef } from '../../../src/core/game/types.ts';
import { parseLevel, type LevelT } from '../../../src/core/level/index.ts';
import { snapshot, type PlayGame } from '../../../src/core/sim/play.ts';
import { LAB2, ORDER2 } from './v2Defs.ts';
import { v2Level, type V2Opts } from './v2Notation.ts';

export const GAMES: GameDef[] = [LAB2, ORDER2];
registerGames(GAMES);

/** A level maker for one game that remembers what it made. */
export function maker(game: string) {
  const made: LevelT[] = [];
  const make = (text: string, opts: V2Opts = {}) => {
    const l = v2Level(game, text, opts);
    made.push(l);
    return l;
  };
  return { make, made };
}

/** The test that the levels a file built (and its games) are valid files of RULES §12. */
export function validLevels(atLeast: number, ...lists: LevelT[][]): void {
  describe('the levels of these tests', () => {
    it('are valid version 2 files of their games (RULES §12, §12.3)', () => {
      const made = lists.flat();
      expect(made.length).toBeGreaterThanOrEqual(atLeast);
      for (const d of GAMES) {
        const r = parseGame(d);
        expect(r.ok ? [] : r.problems, d.id).toEqual([]);
      }
      for (const l of made) {
        const r = parseLevel(l, { games: GAMES });
        expect(r.ok ? [] : r.problems, JSON.stringify(l.cells)).toEqual([]);
      }
    });
  });
}

export const objective = (g: PlayGame, k = 0) => snapshot(g).objectives[k];
export const status = (g: PlayGame) => {
  const s = snapshot(g);
  return [s.status, s.reason];
};
