// The version 2 move's shortcuts (src/core/sim/v2/waves.ts, step.ts, move.ts, lines.ts), checked
// against their slow paths. With the checks on: every order in which a wave's effects run is the
// one Array.prototype.sort gives; every hit_linked reads a layer whose start-of-step snapshot the
// step took (only the layers the game's linked elements are on are kept); every recount of a game
// with no ground or cover element (tiles alone) equals the recount over every layer; every cell of
// a step's lines shows the colour read once per line. Over every example v2 level with every tier,
// and random v2 games and levels (v2Cases.ts). And the neighbours of a board without walls (edges
// only) equal the ones read through the walls' table, on every cell of every example and random v2
// level. Each check fails when its shortcut is broken (tried by hand on each; the effects order
// also on random records, since the games rarely note two records of one cell in one wave).
import fc from 'fast-check';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { forgetGames, registerGames } from '../../../src/core/game/registry.ts';
import { parseLevel } from '../../../src/core/level/index.ts';
import { playGames, type Tier } from '../../../src/core/sim/index.ts';
import { checkEffectOrder, linkedReadsChecked, sortEffects } from '../../../src/core/sim/v2/waves.ts';
import { neighbours } from '../../../src/core/sim/v2/lines.ts';
import { checkTileRecounts } from '../../../src/core/sim/v2/move.ts';
import { checkLineColours } from '../../../src/core/sim/v2/step.ts';
import { WALL_BOTTOM, WALL_RIGHT } from '../../../src/core/sim/v2/layout.ts';
import type { LevelT } from '../../../src/core/level/index.ts';
import { V2State } from '../../../src/core/sim/v2/state.ts';
import { Board, compileTemplate } from '../../../src/core/sim/board.ts';
import { allExampleLevels as levelsForState } from './v2Examples.ts';
import { v2CaseArb } from './v2Cases.ts';
import { allExampleLevels } from './v2Examples.ts';

const TIERS: Tier[] = ['novice', 'average', 'expert'];
const checksOn = (on: boolean) => {
  checkEffectOrder(on);
  checkTileRecounts(on);
  checkLineColours(on);
};

/** Every cell's neighbours as the walls' table gives them (the slow path), against neighbours(). */
function expectNeighbours(l: LevelT): number {
  const b = Board.fromTemplate(compileTemplate(l)), x = b.x as V2State, wall = x.layout.wall, out = new Int32Array(4);
  let checked = 0;
  for (let i = 0; i < b.n; i++) {
    const want: number[] = [];
    if (b.col[i] > 0 && (wall[i - 1] & WALL_RIGHT) === 0) want.push(i - 1);
    if (b.col[i] < b.w - 1 && (wall[i] & WALL_RIGHT) === 0) want.push(i + 1);
    if (i >= b.w && (wall[i - b.w] & WALL_BOTTOM) === 0) want.push(i - b.w);
    if (i + b.w < b.n && (wall[i] & WALL_BOTTOM) === 0) want.push(i + b.w);
    const k = neighbours(b, x, i, out);
    expect(Array.from(out.subarray(0, k)), `${l.id} cell ${i}`).toEqual(want);
    checked++;
  }
  return checked;
}

afterEach(() => checksOn(false));
afterAll(() => forgetGames());

describe('the v2 move shortcuts', () => {
  it('agree with their slow paths on every example v2 level and tier', () => {
    checksOn(true);
    for (const l of allExampleLevels())
      for (const tier of TIERS) {
        const c = playGames(l, { tier, count: tier === 'expert' ? 3 : 8, curve: false });
        expect(c.games, `${l.id} ${tier}`).toBeGreaterThan(0);
      }
    // lava, stones and candy bombs run effects: many orders compared
    expect(checkEffectOrder(true)).toBeGreaterThan(500);
    // candy-kingdom's laces hit their linked pieces: each read a layer the step kept
    expect(linkedReadsChecked()).toBeGreaterThan(20);
    // royal-castle's game has no ground or cover element: its recounts read tiles alone
    expect(checkTileRecounts(true)).toBeGreaterThan(500);
    // a step's groups take the line's colour for each of its cells
    expect(checkLineColours(true)).toBeGreaterThan(5000);
  });

  it('the neighbours of a board without walls are the walls\' table\'s, on every example and random v2 level', () => {
    let checked = 0;
    for (const l of allExampleLevels()) checked += expectNeighbours(l);
    expect(checked).toBeGreaterThan(500);
    fc.assert(
      fc.property(v2CaseArb, (c) => {
        registerGames([c.game]);
        const pl = parseLevel(c.level, { games: [c.game] });
        if (!pl.ok) throw new Error(JSON.stringify(pl.problems));
        expectNeighbours(pl.level);
      }),
      { numRuns: 40 },
    );
  });

  it('agree with their slow paths in random v2 games and levels', () => {
    checksOn(true);
    fc.assert(
      fc.property(v2CaseArb, (c) => {
        registerGames([c.game]);
        const pl = parseLevel(c.level, { games: [c.game] });
        if (!pl.ok) throw new Error(JSON.stringify(pl.problems));
        for (const tier of TIERS) playGames({ ...pl.level, seed: c.seed }, { tier, count: 2, curve: false });
      }),
      { numRuns: 40 },
    );
  });

  it('the effects order equals Array.prototype.sort on random records (same cells, both layers, ties)', () => {
    // the games rarely note a cover and a tile of one cell in one wave: random records do
    const b = Board.fromTemplate(compileTemplate(levelsForState()[4]));
    const x = b.x as V2State;
    checksOn(true);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 1 })), { minLength: 1, maxLength: 40 }), fc.integer({ min: 0, max: 5 }), (recs, from) => {
        recs.forEach(([cell, layer], k) => {
          x.fxCell[from + k] = cell;
          x.fxLayer[from + k] = layer;
        });
        sortEffects(x, from, from + recs.length);
      }),
      { numRuns: 300 },
    );
    expect(checkEffectOrder(true)).toBe(300);
  });
});
