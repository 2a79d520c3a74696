// The expert's look-ahead on version 2 boards (src/core/sim/v2/lookahead2.ts): a move whose first
// clear is plain (a swap's groups, or a rocket's or bomb's blast) has its step 1 played straight onto
// the copy, and so has each plain cascade step after it (cascade2q.ts). With the check on, every such move is
// also played whole (applyMove2) on a second copy and must leave the same board, counters and
// value — over every example v2 level with the expert (as it is and with a score objective, whose
// copies are not recounted) and over random version 2 games and levels (v2Cases.ts). That the
// check fails when the shortcut is wrong: v2LookaheadBroken.test.ts. The quick moves' gravity
// (fall2q.ts) is checked the same way against gravity2 on a second copy (checkQuickGravity).
import fc from 'fast-check';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { forgetGames, registerGames } from '../../../src/core/game/registry.ts';
import { parseLevel } from '../../../src/core/level/index.ts';
import { playGames } from '../../../src/core/sim/index.ts';
import { checkQuickMoves, checkSkippedRecounts, quickBlastsChecked } from '../../../src/core/sim/v2/bots.ts';
import { plainCascadesPlayed } from '../../../src/core/sim/v2/cascade2q.ts';
import { checkQuickGravity, fallsDownward } from '../../../src/core/sim/v2/fall2q.ts';
import { createGame } from '../../../src/core/sim/play.ts';
import { allExampleLevels, exampleLevels } from './v2Examples.ts';
import { v2CaseArb } from './v2Cases.ts';

afterEach(() => {
  checkQuickMoves(false);
  checkSkippedRecounts(false);
  checkQuickGravity(false);
});
afterAll(() => forgetGames());

describe("the expert's quick plain swaps on v2 boards", () => {
  it('leave what the whole move leaves, on every example v2 level, as it is and with a score objective', () => {
    const levels = allExampleLevels();
    checkQuickMoves(true);
    quickBlastsChecked();
    plainCascadesPlayed();
    for (const l of [...levels, ...levels.map((l) => ({ ...l, objectives: [{ type: 'score' as const, target: 10_000_000 }] }))]) {
      const c = playGames(l, { tier: 'expert', count: 6, curve: false });
      expect(c.games, l.id).toBeGreaterThan(0);
    }
    expect(checkQuickMoves(true)).toBeGreaterThan(5000);
    // rockets and bombs tapped or swapped with a colour tile among them
    expect(quickBlastsChecked()).toBeGreaterThan(500);
    // and cascade steps played straight onto the copy (cascade2q.ts)
    expect(plainCascadesPlayed()).toBeGreaterThan(1000);
  });

  it('leave what the whole move leaves, in random v2 games and levels', () => {
    checkQuickMoves(true);
    checkSkippedRecounts(true);
    let compared = 0;
    fc.assert(
      fc.property(v2CaseArb, (c) => {
        registerGames([c.game]);
        const pl = parseLevel(c.level, { games: [c.game] });
        if (!pl.ok) throw new Error(JSON.stringify(pl.problems));
        playGames({ ...pl.level, seed: c.seed }, { tier: 'expert', count: 2, curve: false });
        compared += checkQuickMoves(true);
      }),
      { numRuns: 100 },
    );
    expect(compared).toBeGreaterThan(500);
  });
});

describe("the expert's gravity on its copy (fall2q.ts)", () => {
  it('leaves what gravity2 leaves, on every example v2 level', () => {
    checkQuickGravity(true);
    for (const l of allExampleLevels()) {
      const c = playGames(l, { tier: 'expert', count: 4, curve: false });
      expect(c.games, l.id).toBeGreaterThan(0);
    }
    expect(checkQuickGravity(true)).toBeGreaterThan(10000);
  });

  it('leaves what gravity2 leaves, in random v2 games and levels', () => {
    checkQuickGravity(true);
    let compared = 0;
    fc.assert(
      fc.property(v2CaseArb, (c) => {
        registerGames([c.game]);
        const pl = parseLevel(c.level, { games: [c.game] });
        if (!pl.ok) throw new Error(JSON.stringify(pl.problems));
        playGames({ ...pl.level, seed: c.seed }, { tier: 'expert', count: 2, curve: false });
        compared += checkQuickGravity(true);
      }),
      { numRuns: 100 },
    );
    expect(compared).toBeGreaterThan(1000);
  });

  it('makes no cycle test only where every fall path goes down row by row (portals to lower rows)', () => {
    const [l] = exampleLevels('candy-kingdom', ['level_5.json']);
    const down = createGame(l, { seed: 7, record: false }).sim.board;
    expect(down.x!.layout.portals).toBe(true);
    expect(fallsDownward(down)).toBe(true);
    // a portal that carries pieces up (row 6 to row 2): a position can come back
    const up = { ...l, portals: [{ from: [0, 6] as [number, number], to: [8, 2] as [number, number] }] };
    expect(fallsDownward(createGame(up, { seed: 7, record: false }).sim.board)).toBe(false);
  });
});
