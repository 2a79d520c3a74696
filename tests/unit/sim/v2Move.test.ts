// The version 2 move's shortcuts (src/core/sim/v2/waves.ts, move.ts, fall.ts, lines.ts), checked
// against their slow paths: with the checks on, every order in which a wave's effects run is the
// one Array.prototype.sort gives. Over every example v2 level with every tier, and random v2 games
// and levels (v2Cases.ts).
import fc from 'fast-check';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { forgetGames, registerGames } from '../../../src/core/game/registry.ts';
import { parseLevel } from '../../../src/core/level/index.ts';
import { playGames, type Tier } from '../../../src/core/sim/index.ts';
import { checkEffectOrder, sortEffects } from '../../../src/core/sim/v2/waves.ts';
import { V2State } from '../../../src/core/sim/v2/state.ts';
import { Board, compileTemplate } from '../../../src/core/sim/board.ts';
import { allExampleLevels as levelsForState } from './v2Examples.ts';
import { v2CaseArb } from './v2Cases.ts';
import { allExampleLevels } from './v2Examples.ts';

const TIERS: Tier[] = ['novice', 'average', 'expert'];
const checksOn = (on: boolean) => checkEffectOrder(on);

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
