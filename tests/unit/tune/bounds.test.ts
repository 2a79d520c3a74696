// Bounded tuning: the bounds facts, the search keeping to them, the tool's and the CLI's bounds arguments.
import { describe, expect, it } from 'vitest';
import { createLevel, type LevelT } from '../../../src/core/level/index.ts';
import { runTool, validateArgs } from '../../../src/core/tools/index.ts';
import { localRunner, type SimCounts } from '../../../src/core/sim/analysis/index.ts';
import { tuneLevel } from '../../../src/core/tune/search.ts';
import { goodRunMoves, packLevelBounds, PACK_BOUNDS, resolveBounds, startSettings, validRange, withinBounds } from '../../../src/core/tune/bounds.ts';
import { neutralSettings } from '../../../src/core/tune/levers.ts';
import { parseBoundsArg } from '../../../src/core/tools/tune.ts';
import { tuneCommand } from '../../../src/cli/tune.ts';
import { serializeLevel } from '../../../src/core/level/index.ts';

const open = (): LevelT => ({ ...createLevel({ id: 'T', name: 'Open', seed: 7, width: 8, height: 8 }), moves: 20 });

describe('bounds', () => {
  it('valid ranges: moves 1..200, colours from what the objectives need to 6; nothing for absent obstacles', () => {
    expect(validRange(open(), 'moves')).toEqual({ from: 1, to: 200 });
    expect(validRange(open(), 'colors')?.to).toBe(6);
    expect(validRange(open(), 'ice')).toBeNull();
  });

  it('resolveBounds intersects with the valid range and refuses an empty or reversed range, naming it', () => {
    const r = resolveBounds(open(), { moves: { from: 0, to: 30 } });
    expect(r.ok && r.bounds.moves).toEqual({ from: 1, to: 30 });
    const bad = resolveBounds(open(), { colors: { from: 8, to: 9 } });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toMatch(/colors: 8\.\.9 is outside the valid range 3\.\.6/);
    expect(resolveBounds(open(), { moves: { from: 30, to: 10 } }).ok).toBe(false);
  });

  it('the search starts inside the bounds', () => {
    const s = startSettings(open(), ['moves', 'colors'], { moves: { from: 25, to: 30 }, colors: { from: 3, to: 4 } });
    expect(s.moves).toBe(25);
    expect(s.colors).toBeLessThanOrEqual(4);
  });

  it('pack defaults: moves within ±30% and never below a good run, colours ±1', () => {
    const l = open();
    const b = packLevelBounds(l, PACK_BOUNDS);
    expect(b.moves).toEqual({ from: 14, to: 26 });
    expect(b.colors).toEqual({ from: l.colors - 1, to: l.colors + 1 });
    // a good run needs 17 moves: the floor rises to it
    const counts = { games: 100, wins: 50, moveLimit: 20, curveMax: 40, curveWins: Array.from({ length: 41 }, (_, m) => (m >= 17 && m <= 20 ? (m === 17 ? 10 : 40 / 3) : 0)) } as unknown as SimCounts;
    expect(goodRunMoves(counts)).toBe(17);
    expect(packLevelBounds(l, PACK_BOUNDS, counts).moves!.from).toBe(17);
  });

  it('a bounded tune keeps every lever inside its bounds even when the target lies outside them, and says so', async () => {
    const level = open();
    const bounds = { moves: { from: 17, to: 23 }, colors: { from: level.colors, to: level.colors } };
    // the open level is very easy: 10% needs far fewer moves than 17
    const r = await tuneLevel(level, localRunner(), { target: 0.1, tier: 'average', tolerance: 0.05, levers: ['moves', 'colors'], maxGames: 8000, confirmGames: 300, bounds });
    expect(r.level.moves).toBeGreaterThanOrEqual(17);
    expect(r.level.moves).toBeLessThanOrEqual(23);
    expect(r.level.colors).toBe(level.colors);
    expect(r.hit).toBe(false);
    expect(r.reasonNote?.key).toBe('tune.reason.bounds');
    expect(r.reason).toMatch(/moves 17–23/);
    expect(r.bounds.moves).toEqual({ from: 17, to: 23 });
    expect(withinBounds(level, { ...neutralSettings(level), moves: r.level.moves }, r.bounds)).toBe(true);
    for (const c of r.changes) expect(c.text).toMatch(/→|×|[+-]\d/);
  }, 60_000);

  it('tune_level takes bounds as an object or a string, and refuses bad ones clearly', async () => {
    expect(parseBoundsArg('moves=18..26, colors=4..5')).toEqual({ moves: { from: 18, to: 26 }, colors: { from: 4, to: 5 } });
    expect(parseBoundsArg({ moves: [18, 26] })).toEqual({ moves: { from: 18, to: 26 } });
    const ok = validateArgs('tune_level', { target_win_rate: 0.5, bounds: { moves: { from: 18, to: 26 } } });
    expect(ok.ok).toBe(true);
    const unknown = validateArgs('tune_level', { target_win_rate: 0.5, bounds: { speed: { from: 1, to: 2 } } });
    expect(unknown.ok).toBe(false);
    const r = await runTool(open(), 'tune_level', { target_win_rate: 0.5, bounds: 'colors=9..10' }, { runner: localRunner() });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/colors: 9\.\.10 is outside the valid range/);
  });

  it('match3 tune: --moves-from/--moves-to reach the tool, the result names the bounds', async () => {
    const out: string[] = [], err: string[] = [];
    const level = open();
    const code = await tuneCommand(['lvl.json', '--target', '0.1', '--moves-from', '17', '--moves-to', '23', '--max-games', '4000', '--threads', '1', '--json'], {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      readFile: async () => serializeLevel(level),
    });
    expect(err).toEqual([]);
    expect(code).toBe(3);
    const rep = JSON.parse(out[0]);
    expect(rep.bounds.moves).toEqual({ from: 17, to: 23 });
    expect(rep.after.moves).toBeGreaterThanOrEqual(17);
    const bad: string[] = [];
    expect(await tuneCommand(['lvl.json', '--target', '0.1', '--speed-from', '3'], { out: () => {}, err: (l) => bad.push(l), readFile: async () => '' })).toBe(2);
    expect(bad[0]).toMatch(/no lever speed/);
  }, 60_000);
});
