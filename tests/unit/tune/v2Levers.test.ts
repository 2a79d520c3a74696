// tune_level's levers on version 2 levels (issue 38 item 4, RULES §12): the countdown of a game's coloured
// elements painted on the board, and the spawn levers reaching the level's spawners (cannons) as well as its
// own spawn entries. Pure: what each lever offers, the edit it becomes, and its words; the classic game's
// tool schemas keep today's levers.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createLevel, type LevelT } from '../../../src/core/level/index.ts';
import { forgetGames, gameById, registerGames } from '../../../src/core/game/registry.ts';
import { CLASSIC_GAME } from '../../../src/core/game/classic.ts';
import { countdownElements, countdownTargets } from '../../../src/core/game/levers.ts';
import type { GameDef } from '../../../src/core/game/types.ts';
import { describeChanges, leverArgs, leverValues, neutralSettings, spawnEntries, spawnsHelp } from '../../../src/core/tune/levers.ts';
import { PACK_BOUNDS, packLevelBounds, validRange } from '../../../src/core/tune/bounds.ts';
import { boundsText } from '../../../src/core/tune/boundsText.ts';
import { adjustLevers, adjustParamsFor } from '../../../src/core/tools/difficulty.ts';
import { tuneLevel as tuneLevelTool } from '../../../src/core/tools/heads.ts';
import { paramsOf } from '../../../src/core/tools/define.ts';

const root = new URL('../../../examples/games/', import.meta.url);
const read = <T>(p: string) => JSON.parse(readFileSync(new URL(p, root), 'utf8')) as T;
const CANDY = () => gameById('candy-kingdom')!;

beforeAll(() => registerGames([read<GameDef>('candy-kingdom.game.json')]));
afterAll(() => forgetGames(['candy-kingdom']));

/** Candy Kingdom level 1: candy bombs painted at 4, 6 and 8 moves (the element's countdown is 10), more spawned. */
const bombs = () => read<LevelT>('candy-kingdom/level_1.json');
/** Candy Kingdom level 6: no spawn of its own, two cannons dropping cherries that an objective wants brought down. */
const cannons = () => read<LevelT>('candy-kingdom/level_6.json');
type Cell = { tile?: string; color?: string; countdown?: number };
const painted = (l: LevelT) => l.cells.flat().filter((c) => c.tile === 'candy_bomb').map((c) => (c as Cell).countdown);

describe('the countdown lever', () => {
  it('turns the coloured elements that count down, found by their data', () => {
    expect(countdownElements(CANDY()).map((e) => e.id)).toEqual(['candy_bomb']);
    expect(countdownElements(CLASSIC_GAME)).toEqual([]);
    expect(countdownTargets(bombs())).toEqual([{ element: expect.objectContaining({ id: 'candy_bomb' }), countdowns: [4, 6, 8] }]);
  });

  it('is not offered on a level without painted countdowns', () => {
    expect(leverValues(createLevel({ id: 'c', seed: 1 }), 'countdown')).toEqual([]);
    expect(validRange(createLevel({ id: 'c', seed: 1 }), 'countdown')).toBeNull();
    expect(leverValues(cannons(), 'countdown')).toEqual([]);
  });

  it('goes from the most moves that raise a piece to the most that lower one, easiest (more moves) first', () => {
    // 4 may rise by 6 to the element's 10; 8 may fall by 7 to 1
    const values = leverValues(bombs(), 'countdown');
    expect(values[0]).toBe(6);
    expect(values[values.length - 1]).toBe(-7);
    expect(values).toContain(0);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect(validRange(bombs(), 'countdown')).toEqual({ from: -7, to: 6 });
  });

  it('is one adjust_difficulty edit: each painted countdown within 1..its element\'s, the element\'s own left implicit', () => {
    const level = bombs();
    const args = leverArgs(level, { ...neutralSettings(level), countdown: 2 });
    expect(args).toEqual({ candy_bomb_countdown: 2 });
    const up = adjustLevers(level, { candy_bomb_countdown: 4 } as Parameters<typeof adjustLevers>[1]);
    expect(painted(up.level)).toEqual([8, undefined, undefined]); // 6 → 10 and 8 → 12 stop at the element's 10, left implicit
    expect(up.summary).toContain('candy_bomb countdowns +4');
    expect(painted(adjustLevers(level, args).level)).toEqual([6, 8, undefined]);
    const down = adjustLevers(level, { candy_bomb_countdown: -5 } as Parameters<typeof adjustLevers>[1]);
    expect(painted(down.level)).toEqual([1, 1, 3]);
    // the piece keeps its colour; nothing else on the board changes
    const cell = (l: LevelT) => l.cells[2][2] as Cell;
    expect(cell(down.level)).toEqual({ tile: 'candy_bomb', color: 'red', countdown: 1 });
    expect(down.level.cells[6]).toEqual(level.cells[6]);
  });

  it('is a parameter of adjust_difficulty only for a game with such elements, ranged by the element\'s countdown', () => {
    expect(Object.keys(adjustParamsFor(CLASSIC_GAME).shape).some((k) => k.endsWith('_countdown'))).toBe(false);
    const p = adjustParamsFor(CANDY());
    expect(z.safeParse(p, { candy_bomb_countdown: 9 }).success).toBe(true);
    expect(z.safeParse(p, { candy_bomb_countdown: 10 }).success).toBe(false);
  });

  it('speaks of the element in its changes and bounds', () => {
    const level = bombs();
    const [c] = describeChanges(level, { ...neutralSettings(level), countdown: -3 });
    expect(c).toEqual({ lever: 'countdown', from: 0, to: -3, text: 'candy_bomb countdown -3 moves on every painted candy_bomb' });
    expect(boundsText({ countdown: { from: -2, to: 2 } }, ['countdown'], level)).toBe('candy_bomb countdown -2…+2 moves');
    expect(boundsText({ countdown: { from: -2, to: 2 } }, ['countdown'])).toBe('countdowns -2…+2 moves');
    // a pack tune's default: two moves each way
    expect(packLevelBounds(level, PACK_BOUNDS).countdown).toEqual({ from: -2, to: 2 });
    // a classic level's pack bounds name no countdown (its tune_level has no such lever to bound)
    expect(packLevelBounds(createLevel({ id: 'c', seed: 1 }), PACK_BOUNDS)).not.toHaveProperty('countdown');
  });

  it('is among tune_level\'s levers for a game that has countdowns, and never for classic', async () => {
    await tuneLevelTool.load?.();
    const ok = (g: GameDef) => z.safeParse(paramsOf(tuneLevelTool, g), { target_win_rate: 0.4, levers: ['countdown'] }).success;
    expect(ok(CLASSIC_GAME)).toBe(false);
    expect(ok(CANDY())).toBe(true);
    const withBounds = z.safeParse(paramsOf(tuneLevelTool, CANDY()), { target_win_rate: 0.4, levers: ['countdown'], bounds: 'countdown=-2..2' });
    expect(withBounds.success).toBe(true);
  });
});

describe('the spawn levers on a level with spawners', () => {
  it('count the spawners\' entries with the level\'s own', () => {
    expect(cannons().spawn).toBeUndefined();
    expect(spawnEntries(cannons())).toHaveLength(2);
    // cherries are wanted by bring_down: more is easier, so the larger factors come first
    expect(spawnsHelp(cannons())).toBe(true);
    expect(leverValues(cannons(), 'spawn_total')).toEqual([2, 1.5, 1.25, 1, 0.75, 0.5]);
    expect(validRange(cannons(), 'spawn_chance')).toEqual({ from: 50, to: 200 });
  });

  it('scale every spawner\'s entries in the same edit, within the format\'s limits, and leave the cannons where they are', () => {
    const level = cannons();
    const r = adjustLevers(level, { spawn_chance_scale: 2, spawn_total_scale: 0.5 });
    const spawners = (r.level as LevelT & { spawners: { at: number[]; spawn: unknown[] }[] }).spawners;
    expect(spawners).toEqual([
      { at: [2, 0], spawn: [{ element: 'cherry', chance: 0.5, max: 2, total: 2 }] },
      { at: [6, 0], spawn: [{ element: 'cherry', chance: 0.5, max: 2, total: 2 }] },
    ]);
    expect(r.level.spawn).toBeUndefined();
    expect(r.summary).toContain('spawn chances ×2');
  });

  it('still refuse a level with neither spawn entries nor spawners', () => {
    expect(() => adjustLevers(createLevel({ id: 'c', seed: 1 }), { spawn_total_scale: 2 })).toThrow(/no spawn entries/);
  });
});
