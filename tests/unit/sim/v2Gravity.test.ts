// The version 2 gravity's shortcuts (src/core/sim/v2/fall.ts, cycle.ts), checked against their
// definitions: with the checks on, every gravity ends with no path holding a movable piece above a
// hole (paths left alone, a bot's copy included, had no work), every slide search that starts at the
// row of the last empty cell finds the slide a scan from the bottom row finds, and every cycle test
// of gravity with portals (compared on the cells the slide loop changed) gives the answer a
// comparison of every cell gives. Over every example v2 level with every tier, and random v2 games
// and levels (v2Cases.ts); a belt's shift, which marks and lists only the cells whose line colour or
// fall state changed, is checked by both this fall check and the line-scan check (lines.ts). And the
// checks do fail when what they check is broken.
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { forgetGames, registerGames } from '../../../src/core/game/registry.ts';
import { parseLevel } from '../../../src/core/level/index.ts';
import { playGames, type Tier } from '../../../src/core/sim/index.ts';
import { createGame, legalMoves, playMove } from '../../../src/core/sim/play.ts';
import { EMPTY } from '../../../src/core/sim/codes.ts';
import { checkSkippedFalls, gravity2, movable2 } from '../../../src/core/sim/v2/fall.ts';
import { checkCycleTests, resetCycles, seenBefore } from '../../../src/core/sim/v2/cycle.ts';
import { checkLineScans } from '../../../src/core/sim/v2/lines.ts';
import { v2CaseArb } from './v2Cases.ts';
import { allExampleLevels, exampleLevels } from './v2Examples.ts';
import { maker } from './v2Kit.ts';
import { at, expectBoard, play, start } from './v2Notation.ts';

const read = (p: string) => readFileSync(new URL(`../../../examples/games/${p}`, import.meta.url), 'utf8');
const TIERS: Tier[] = ['novice', 'average', 'expert'];

afterEach(() => {
  checkLineScans(false);
  checkSkippedFalls(false);
  checkCycleTests(false);
  resetCycles();
});
afterAll(() => forgetGames());

describe('the v2 gravity shortcuts', () => {
  it('agree with their definitions on every example v2 level and tier', () => {
    const levels = allExampleLevels();
    checkSkippedFalls(true);
    checkCycleTests(true);
    // a belt's shift marks only the cells whose line colour changed: the scans around marked cells must still find every line
    checkLineScans(true);
    for (const l of levels)
      for (const tier of TIERS) {
        const c = playGames(l, { tier, count: tier === 'expert' ? 3 : 8, curve: false });
        expect(c.games, `${l.id} ${tier}`).toBeGreaterThan(0);
      }
  });

  it('without refill (a bot\'s copy) nothing slides into a cell the refill would fill; a hole under a blocker still takes a slide', () => {
    const lab = maker('lab2').make;
    // column 1's line of three at the top goes: its cells are the refill's (the path's leading empty run)
    // (columns 3 and 4 keep a move on the board, so it is not reshuffled)
    const open = start(lab('G R B Y P / B R G P Y / R Y B Y P / P B P G Y', { moves: 3, rules: 2 }));
    play(open, '0,2r');
    expectBoard(open, 'G . B Y P / B . G P Y / Y . B Y P / P B P G Y');
    // the same line under a cap: the cells under it are a hole no refill reaches, and a piece slides in
    const capped = start(lab('G cap B Y P / B R G P Y / R Y B Y P / P R P G Y', { moves: 3, rules: 2 }));
    play(capped, '0,2r');
    expect(at(capped, 1, 3)).not.toBe('.');
  });

  it('the cycle test agrees with a comparison of every cell where a slide can feed a portal path back', () => {
    // RULES §12.6's capped column: a portal from the bottom of column 0 to the top of column 1, so the
    // slide into (0,1) from (1,0) feeds the path that empties (0,1) again (v2Layout.test.ts). The
    // example levels' slides no longer come back: with refill a slide goes only into a hole under a
    // blocker, and a bot's copy slides into no cell the refill would fill (docs/rules.md §5)
    const level = maker('lab2').make('cap G B Y / R B R G / H Y G B / G P Y R', { moves: 3, rules: 2, portals: [{ from: [0, 3], to: [1, 0] }] });
    checkCycleTests(true);
    play(start(level, { refill: true }), '0,2');
    expect(checkCycleTests(true)).toBeGreaterThan(1);
  });

  it('agree with their definitions in random v2 games and levels', () => {
    checkSkippedFalls(true);
    checkLineScans(true);
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

  it('the fall check fails when a hole is made without its path being listed', () => {
    // under rules 1 (under rules 2 a slide could fill the hole and hide it)
    const [l] = exampleLevels('royal-castle', ['level_1.json']);
    const g = createGame({ ...l, rules: 1 }, { seed: 7, record: false });
    expect(playMove(g, legalMoves(g)[0]).ok).toBe(true);
    const b = g.sim.board, x = b.x!;
    // empty a cell under a movable piece behind the engine's back (no x.hole)
    let at = -1;
    for (let i = b.w; i < b.n && at < 0; i++) if (x.layout.next[i - b.w] === i && b.tile[i] !== EMPTY && movable2(b, x, i) && movable2(b, x, i - b.w)) at = i;
    expect(at).toBeGreaterThanOrEqual(0);
    b.tile[at] = EMPTY;
    checkSkippedFalls(true);
    expect(() => gravity2(b, x)).toThrow(/above a hole/);
  });

  it('the cycle check fails when a slot changes without being listed', () => {
    const [l] = exampleLevels('candy-kingdom', ['level_5.json']);
    const g = createGame(l, { seed: 7, record: false });
    const b = g.sim.board;
    checkCycleTests(true);
    resetCycles();
    expect(seenBefore(b)).toBe(false);
    // the same position again: seen
    expect(seenBefore(b)).toBe(true);
    // a tile changed and not listed: the changed cells say "seen", every cell says new
    b.tile[40] = b.tile[40] === 0 ? 1 : 0;
    expect(() => seenBefore(b)).toThrow(/whole position says otherwise/);
    expect(checkCycleTests(false)).toBe(3);
  });
});
