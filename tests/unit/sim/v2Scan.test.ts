// The version 2 engine's shortcuts, checked against the plain engine: the line scan around changed
// cells (src/core/sim/v2/lines.ts findLines2) — with the check on, every scan that reads only the
// runs through the dirty cells is repeated over the whole board and must give the same line records
// (starts, lengths, directions, groups) — and the average bot's plain first clears read off the
// board (src/core/sim/v2/bots.ts), each also played on the copy and valued the same. Over every
// example v2 level with every tier, and over random version 2 games and levels (v2Cases.ts). And
// the checks do fail: a colour changed behind the engine's back is a line the scan would miss.
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { forgetGames, registerGames } from '../../../src/core/game/registry.ts';
import { parseLevel } from '../../../src/core/level/index.ts';
import { playGames, type Tier } from '../../../src/core/sim/index.ts';
import { createGame, legalMoves, playMove, type PlayGame } from '../../../src/core/sim/play.ts';
import { checkLineScans, findLines2 } from '../../../src/core/sim/v2/lines.ts';
import { checkPlainClears, checkSkippedRecounts, plainClearsWithPieces } from '../../../src/core/sim/v2/bots.ts';
import { v2CaseArb } from './v2Cases.ts';
import { allExampleLevels, exampleLevels } from './v2Examples.ts';

const read = (p: string) => readFileSync(new URL(`../../../examples/games/${p}`, import.meta.url), 'utf8');
const TIERS: Tier[] = ['novice', 'average', 'expert'];

afterEach(() => {
  checkLineScans(false);
  checkPlainClears(false);
  checkSkippedRecounts(false);
});
afterAll(() => forgetGames());

describe('the v2 line scan around changed cells and the plain first clears', () => {
  it('agree with the whole-board scan and the played clear, on every example v2 level and tier', () => {
    const levels = allExampleLevels();
    checkLineScans(true);
    checkPlainClears(true);
    plainClearsWithPieces();
    for (const l of levels)
      for (const tier of TIERS) {
        const c = playGames(l, { tier, count: tier === 'expert' ? 3 : 8, curve: false });
        expect(c.games, `${l.id} ${tier}`).toBeGreaterThan(0);
      }
    expect(checkPlainClears(true)).toBeGreaterThan(1000);
    // clears whose groups hit neighbour pieces (lava, stone, boxes, swirls) read off the board too
    const kinds = plainClearsWithPieces();
    expect(kinds.hits).toBeGreaterThan(300);
    // and those that remove coloured pieces (candy bombs: their countdowns defused)
    expect(kinds.pieces).toBeGreaterThan(50);
    // and rockets and bombs tapped or swapped with a colour tile
    expect(kinds.blasts).toBeGreaterThan(500);
  });

  it('a bot\'s copy left without its recount is valued as recounted, on every example v2 level with a score objective and as it is', () => {
    // with a score objective (bench-games.ts's v2 cases) no objective reads recount2's counters
    const levels = allExampleLevels();
    checkSkippedRecounts(true);
    for (const l of [...levels.map((l) => ({ ...l, objectives: [{ type: 'score' as const, target: 10_000_000 }] })), ...levels])
      for (const tier of ['average', 'expert'] as const) playGames(l, { tier, count: tier === 'expert' ? 2 : 4, curve: false });
    expect(checkSkippedRecounts(true)).toBeGreaterThan(5000);
  });

  it('agree with the whole-board scan and the played clear, in random v2 games and levels', () => {
    checkLineScans(true);
    checkPlainClears(true);
    checkSkippedRecounts(true);
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

  it('the check fails when a colour changes without the cell being marked', () => {
    const [l] = exampleLevels('royal-castle', ['level_1.json']);
    const g: PlayGame = createGame(l, { seed: 7, record: false });
    const m = legalMoves(g)[0];
    expect(playMove(g, m).ok).toBe(true);
    const b = g.sim.board, x = b.x!;
    // make a row of three of one colour somewhere, unmarked
    let at = -1;
    for (let i = 0; i + 2 < b.n && at < 0; i++) if (b.col[i] + 2 < b.w && [0, 1, 2].every((k) => b.tile[i + k] < 6 && b.cover[i + k] === 0)) at = i;
    expect(at).toBeGreaterThanOrEqual(0);
    for (let k = 0; k < 3; k++) b.tile[at + k] = b.tile[at];
    x.clearDirty();
    x.linesKnown = true;
    checkLineScans(true);
    expect(() => findLines2(b, x)).toThrow(/missed a line|the line masks hold/);
  });
});
