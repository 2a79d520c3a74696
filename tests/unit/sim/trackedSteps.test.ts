// Two exact short-cuts of the engine, each against the way it did the job before:
// - the start fill reads the colours that would complete a line off the six two-tile patterns
//   around a cell (setup.ts) instead of asking lineThrough for each neighbour's colour;
// - gravity in the engine's own steps settles only the columns a removal emptied when the last
//   gravity left no empty cell (Board.noHoles, gravityAfterClear) instead of searching every column,
//   and on a board without voids, crates or covers closes a column up in one plain pass;
// - otherwise it leaves alone the columns no removal touched since the last gravity, and searches the
//   others from their lowest removal or lowest empty cell (Board.colHole), with refill and without
//   (the look-ahead's scratch board), on classic levels and on random games (gameCases.ts);
// - the cascade's line scans look only at the cells a tile landed in (Board.lastingLines false)
//   instead of every column's empty cells, unless a cover that ignores matches was on the board.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createLevel } from '../../../src/core/level/index.ts';
import { runTool } from '../../../src/core/tools/index.ts';
import { Board, compileTemplate, loadTemplate, type BoardTemplate } from '../../../src/core/sim/board.ts';
import { RANDOM } from '../../../src/core/sim/codes.ts';
import { lineThrough } from '../../../src/core/sim/match.ts';
import { startFill } from '../../../src/core/sim/setup.ts';
import { GreedyBot, RandomBot } from '../../../src/core/sim/bots/index.ts';
import { PLAYING, SimGame, advance, startGame } from '../../../src/core/sim/game.ts';
import { registerGames } from '../../../src/core/game/registry.ts';
import { caseArb, type Case } from './gameCases.ts';
import { EV_MATCH } from '../../../src/core/game/tables.ts';

/** The start fill as RULES §2.1 words it: for each random cell, each colour tried through lineThrough. */
function startFillByDefinition(b: Board, t: BoardTemplate): void {
  loadTemplate(b, t);
  const { tile, w, h, rng } = b;
  for (let i = 0; i < b.n; i++) {
    if (t.tile[i] !== RANDOM) continue;
    const allowed: number[] = [];
    for (let c = 0; c < t.colors; c++) {
      tile[i] = c;
      if (!lineThrough(tile, w, h, i)) allowed.push(c);
    }
    tile[i] = allowed.length === 0 ? rng.below(t.colors) : allowed[rng.below(allowed.length)];
  }
}

const levelArb = fc.record({
  seed: fc.nat(),
  w: fc.integer({ min: 3, max: 12 }),
  h: fc.integer({ min: 3, max: 12 }),
  colors: fc.integer({ min: 3, max: 6 }),
  voids: fc.constantFrom(0, 0, 0.2),
  ice: fc.constantFrom(0, 0, 0.2),
  crates: fc.constantFrom(0, 0, 0.1),
  rules: fc.constantFrom(1 as const, 2 as const),
});

/**
 * A random game's case dealt twice alike, with a random bot on the same seed for each: `fast` plays as the
 * engine does, `slow` the way the test sets it back to; `move` plays the next move in both.
 */
function twinGames(c: Case, botSeed: number) {
  registerGames([c.game]);
  const fast = new SimGame(c.level), slow = new SimGame(c.level);
  startGame(fast, c.seed);
  startGame(slow, c.seed);
  const botF = new RandomBot(), botS = new RandomBot();
  botF.reset(botSeed);
  botS.reset(botSeed);
  const move = () => {
    advance(fast, botF.choose(fast.board), 1000);
    advance(slow, botS.choose(slow.board), 1000);
  };
  return { fast, slow, move };
}

/** What both ways must leave alike after each move: the cells, the counts, the status and the random stream. */
function played(g: SimGame) {
  const b = g.board;
  return {
    tile: Array.from(b.tile), hp: Array.from(b.hp), cover: Array.from(b.cover), ground: Array.from(b.ground),
    elCounts: Array.from(b.elCounts), score: b.score, removed: b.removed,
    status: g.status, reshuffles: g.reshuffles, rng: [b.rng.a, b.rng.b, b.rng.c, b.rng.d],
  };
}

type LevelParams = typeof levelArb extends fc.Arbitrary<infer T> ? T : never;

async function randomLevel(p: LevelParams) {
  const r = await runTool(createLevel({ id: 't', seed: p.seed }), 'generate_random_level', {
    seed: p.seed, width: p.w, height: p.h, colors: p.colors, moves: 30, void_ratio: p.voids, ice_ratio: p.ice, crate_ratio: p.crates,
  });
  if (!r.ok) throw new Error(r.error);
  return { ...r.level, rules: p.rules };
}

describe('start fill', () => {
  it('fills like the colour-by-colour definition, with painted tiles among the random ones (same board, same draws)', async () => {
    await fc.assert(
      fc.asyncProperty(levelArb, fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 5 })), { maxLength: 30 }), async (p, paints) => {
        const level = await randomLevel(p);
        const t = compileTemplate(level);
        // painted colour tiles (any of the six, also outside the level's colours) between the random cells
        for (const [k, c] of paints) if (t.tile[k % t.tile.length] === RANDOM) t.tile[k % t.tile.length] = c;
        const fast = Board.fromTemplate(t, p.seed), slow = Board.fromTemplate(t, p.seed);
        startFill(fast, t);
        startFillByDefinition(slow, t);
        expect(Array.from(fast.tile)).toEqual(Array.from(slow.tile));
        expect([fast.rng.a, fast.rng.b, fast.rng.c, fast.rng.d]).toEqual([slow.rng.a, slow.rng.b, slow.rng.c, slow.rng.d]);
      }),
      { numRuns: 400 },
    );
  });
});

describe('gravity after a clear', () => {
  it('plays games exactly as when every gravity searches every column', async () => {
    let tracked = 0, known = 0;
    await fc.assert(
      fc.asyncProperty(levelArb, fc.boolean(), async (p, greedy) => {
        const level = await randomLevel(p);
        const fast = new SimGame(level), slow = new SimGame(level);
        startGame(fast, p.seed);
        startGame(slow, p.seed);
        const botF = greedy ? new GreedyBot() : new RandomBot(), botS = greedy ? new GreedyBot() : new RandomBot();
        botF.reset(p.seed);
        botS.reset(p.seed);
        for (let m = 0; m < 30 && fast.status === PLAYING; m++) {
          if (fast.board.noHoles) tracked++;
          if (fast.board.colsKnown !== 0) known++;
          slow.board.noHoles = false; // the slow game's gravity searches every column
          slow.board.colsKnown = 0;
          advance(fast, botF.choose(fast.board, fast.objectives));
          advance(slow, botS.choose(slow.board, slow.objectives));
          expect(Array.from(fast.board.tile)).toEqual(Array.from(slow.board.tile));
          expect(fast.board.score).toBe(slow.board.score);
          expect([fast.status, fast.reshuffles, fast.board.rng.a, fast.board.rng.d]).toEqual([slow.status, slow.reshuffles, slow.board.rng.a, slow.board.rng.d]);
        }
      }),
      { numRuns: 150 },
    );
    expect(tracked).toBeGreaterThan(500); // the short-cut was taken
    expect(known).toBeGreaterThan(500);
  });

  it('on random games, with refill and without: the same boards, counters and bookkeeping move by move', () => {
    let known = 0;
    fc.assert(
      fc.property(caseArb, fc.boolean(), fc.nat(), (c, refill, seed) => {
        const { fast, slow, move } = twinGames(c, seed);
        fast.board.refill = slow.board.refill = refill;
        // and the gravity's bookkeeping
        const state = (g: SimGame) => ({ ...played(g), groundKind: Array.from(g.board.groundKind), dirtyRow: g.board.dirtyRow, dirtyCol: Array.from(g.board.dirtyCol), noHoles: g.board.noHoles });
        for (let m = 0; m < 25 && fast.status === PLAYING && fast.board.moveCount > 0; m++) {
          if (fast.board.colsKnown !== 0) known++;
          slow.board.noHoles = false;
          slow.board.colsKnown = 0;
          move();
          expect(state(fast), `move ${m}`).toEqual(state(slow));
        }
      }),
      { numRuns: 300 },
    );
    expect(known).toBeGreaterThan(500);
  });

  it('scans for cascades only where tiles landed, and plays as when it scanned every empty cell too', () => {
    let narrow = 0, lasting = 0, differ = 0;
    fc.assert(
      fc.property(caseArb, fc.boolean(), fc.nat(), (c, refill, seed) => {
        const { fast, slow, move } = twinGames(c, seed);
        // the flag follows the start board: set when a cover that ignores matches is on it
        const g = fast.board.game;
        const proof = Array.from(fast.board.cover).some((v, i) => v !== 0 && (g.damage[fast.board.coverKind[i]] & EV_MATCH) === 0);
        expect(fast.board.lastingLines).toBe(proof);
        if (proof) lasting++;
        else narrow++;
        fast.board.refill = slow.board.refill = refill;
        slow.board.lastingLines = true; // the scans as before: every column's empty cells count as changed
        // and the specials the cascades made
        const state = (g: SimGame) => ({ ...played(g), specials: g.board.specialsMade });
        for (let m = 0; m < 25 && fast.status === PLAYING && fast.board.moveCount > 0; m++) {
          move();
          expect(state(fast), `move ${m}`).toEqual(state(slow));
          if (fast.board.dirtyRow !== slow.board.dirtyRow) differ++;
        }
      }),
      { numRuns: 300 },
    );
    expect(narrow).toBeGreaterThan(50);
    expect(lasting).toBeGreaterThan(5);
    expect(differ).toBeGreaterThan(50); // the narrower scan was taken
  });
});
