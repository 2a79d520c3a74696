// tune_level's levers for spawn entries (issue 29 item 5): offered only on levels with spawn entries,
// ordered easiest first by what the spawns are (items an objective wants, or obstacles), applied as one
// adjust_difficulty edit, and used by the search on a game level.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLevel, type LevelT } from '../../../src/core/level/index.ts';
import { forgetGames, registerGames } from '../../../src/core/game/registry.ts';
import type { GameDef } from '../../../src/core/game/types.ts';
import { leverValues, spawnsHelp } from '../../../src/core/tune/levers.ts';
import { adjustLevers } from '../../../src/core/tools/difficulty.ts';
import { validRange } from '../../../src/core/tune/bounds.ts';
import { localRunner } from '../../../src/core/sim/analysis/index.ts';
import { tuneLevel } from '../../../src/core/tune/search.ts';

const root = new URL('../../../examples/games/', import.meta.url);
const read = <T>(p: string) => JSON.parse(readFileSync(new URL(p, root), 'utf8')) as T;

beforeAll(() => registerGames([read<GameDef>('sweet-saga.game.json')]));
afterAll(() => forgetGames(['sweet-saga']));

/** Sweet-saga level 1: cherries spawn and must be brought down. */
const items = () => read<LevelT>('sweet-saga/level_1.json');
/** The same board, where the spawned element is an obstacle no objective wants. */
const obstacles = (): LevelT => ({ ...items(), spawn: [{ element: 'meringue', chance: 0.2, max: 3, total: 10 }], objectives: [{ type: 'score', target: 3000 }] });

describe('spawn levers', () => {
  it('are not offered on a level without spawn entries', () => {
    const classic = createLevel({ id: 'c', seed: 1 });
    expect(leverValues(classic, 'spawn_chance')).toEqual([]);
    expect(leverValues(classic, 'spawn_total')).toEqual([]);
    expect(validRange(classic, 'spawn_chance')).toBeNull();
  });

  it('order their factors easiest first: more items an objective wants is easier, more obstacles harder', () => {
    expect(items().spawn?.length).toBeGreaterThan(0);
    expect(spawnsHelp(items())).toBe(true);
    expect(spawnsHelp(obstacles())).toBe(false);
    expect(leverValues(items(), 'spawn_total')).toEqual([2, 1.5, 1.25, 1, 0.75, 0.5]);
    expect(leverValues(obstacles(), 'spawn_total')).toEqual([0.5, 0.75, 1, 1.25, 1.5, 2]);
    // designer units: percent of today's
    expect(validRange(items(), 'spawn_chance')).toEqual({ from: 50, to: 200 });
  });

  it('drop the factors above 1 for chances that are all 1 already', () => {
    const l = { ...items(), spawn: [{ element: 'cherry', chance: 1, max: 2, total: 3 }] };
    expect(leverValues(l, 'spawn_chance')).toEqual([1, 0.75, 0.5]);
  });

  it('scale every entry in one adjust_difficulty edit, within the format limits', () => {
    const l = { ...items(), spawn: [{ element: 'cherry', chance: 0.6, max: 2, total: 3 }, { element: 'meringue', chance: 0.1, max: 2, total: 700 }] };
    const r = adjustLevers(l, { spawn_chance_scale: 2, spawn_total_scale: 1.5 });
    expect(r.level.spawn).toEqual([
      { element: 'cherry', chance: 1, max: 2, total: 5 },
      { element: 'meringue', chance: 0.2, max: 2, total: 999 },
    ]);
    expect(r.summary).toContain('spawn chances ×2');
    expect(() => adjustLevers(createLevel({ id: 'c', seed: 1 }), { spawn_total_scale: 2 })).toThrow(/no spawn entries/);
  });

  it('are used by tune_level on a game level, and what it finds is measured on fresh games', async () => {
    const base = items();
    const r = await tuneLevel(base, localRunner(), { target: 0.2, tier: 'average', tolerance: 0.08, levers: ['spawn_total', 'spawn_chance'], maxGames: 3000 });
    // fewer cherries to spawn make it harder: the search turns the spawn levers down from an easy start
    expect(r.before.winRate).toBeGreaterThan(0.3);
    expect(r.changes.length).toBeGreaterThan(0);
    for (const c of r.changes) expect(['spawn_total', 'spawn_chance']).toContain(c.lever);
    expect(r.after.winRate).toBeLessThan(r.before.winRate);
  }, 60_000);
});
