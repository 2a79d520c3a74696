// Rules version 2 (RULES §2.6b, diagonal slides): the rules as board-notation tests, then the
// engine's incremental gravity against the literal definition (tests/unit/sim/gravityReference.ts)
// on many random boards: same boards, same random draws, no tile made or lost by a slide.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Board } from '../../../src/core/sim/board.ts';
import { EMPTY, RAINBOW, VOID } from '../../../src/core/sim/codes.ts';
import { CRATE } from './classic.ts';
import { Recorder, type StepEvent } from '../../../src/core/sim/events.ts';
import { PLAYING, SimGame, advance, startGame } from '../../../src/core/sim/game.ts';
import { gravity } from '../../../src/core/sim/gravity.ts';
import { createGame, legalMoves, playMove, snapshot } from '../../../src/core/sim/play.ts';
import { gravityByDefinition } from './gravityReference.ts';
import { board, level, norm, rows, text } from './notation.ts';

/** Runs gravity with the recorder on and returns the board and what was recorded. */
function fall(start: string, opts: { refill?: boolean; rules?: 1 | 2; seed?: number } = {}) {
  const b = board(start, { refill: opts.refill ?? true, rules: opts.rules ?? 2, seed: opts.seed ?? 7, colors: 6 });
  b.rec = new Recorder();
  b.rec.begin(2);
  gravity(b);
  return { b, e: b.rec.take()[0] };
}

/** The board as text, with `*` accepted for any colour tile in `expected` (a refill). */
function expectBoard(b: Board, expected: string) {
  const got = rows(text(b)), want = rows(expected);
  const shown = want.map((r, y) => r.map((tok, x) => (tok === '*' && /^[RGBYPO]$/.test(got[y][x]) ? '*' : got[y][x])).join(' ')).join(' / ');
  expect(shown).toBe(norm(expected));
}
const xy = (b: Board, i: number) => `${i % b.w},${(i / b.w) | 0}`;
const slides = (b: Board, e: StepEvent) => e.slides.map((s) => `${xy(b, s.from)}>${xy(b, s.to)}`);
const draws = (e: StepEvent) => e.refills.length + e.slides.reduce((n, s) => n + s.refills.length, 0);

describe('rules version 2: diagonal slides (RULES §2.6b)', () => {
  it('a cell under a crate takes the tile diagonally above it; the source column falls and refills', () => {
    const { b, e } = fall('G R B / # B Y / . G R');
    expectBoard(b, 'G * B / # R Y / B G R');
    expect(slides(b, e)).toEqual(['1,1>0,2']);
    expect(draws(e)).toBe(1);
  });

  it('version 1 leaves that cell empty', () => {
    const { b, e } = fall('G R B / # B Y / . G R', { rules: 1 });
    expect(text(b)).toBe(norm('G R B / # B Y / . G R'));
    expect(e.slides).toEqual([]);
  });

  it('upper-left is taken before upper-right', () => {
    const { b } = fall('R # G / B . Y');
    expectBoard(b, '* # G / B R Y');
  });

  it('bottom row first, then left to right; the scan starts again from the bottom after each slide', () => {
    // (3,2) is lower than (0,1): it slides first although it is further right
    const { b, e } = fall('# G B R / . Y P # / G B Y .');
    expect(slides(b, e)).toEqual(['2,1>3,2', '1,0>0,1']);
    expectBoard(b, '# * * R / G Y B # / G B Y P');
    // two empty cells sharing one source: the left one gets it, then the next tile that falls there feeds the right one
    const two = fall('G R B / # Y # / . P .');
    expect(slides(two.b, two.e)).toEqual(['1,1>0,2', '1,1>2,2']);
    expectBoard(two.b, 'G * B / # * # / Y P R');
  });

  it('falls and refills come before any slide: a cell with a tile above it is filled by the fall', () => {
    const { b, e } = fall('R G B / Y . P / # . #');
    expect(e.slides).toEqual([]); // (1,2) and (1,1) are filled by G falling and a refill, no slide
    expectBoard(b, 'R * B / Y * P / # G #');
  });

  it('only the two diagonal neighbours are looked at: a void, crate or covered tile there is no source', () => {
    expectBoard(fall('_ # G / R . B').b, '_ # * / R G B');
    const stuck = fall('Ri1 # Bi1 / Y . P');
    expect(text(stuck.b)).toBe(norm('Ri1 # Bi1 / Y . P'));
    expect(draws(stuck.e)).toBe(0);
    expect(text(fall('_ # _ / R . B').b)).toBe(norm('_ # _ / R . B'));
  });

  it('a slid tile falls on through empty cells and voids; refilled tiles feed further slides', () => {
    // (1,3) has only crates diagonally above; the tile slid into (1,1) falls through the void to it,
    // and the refill that replaces it at (0,0) slides into (1,1) in turn
    const { b, e } = fall('R # G / Y . B / # _ # / P . O');
    expect(slides(b, e)).toEqual(['0,0>1,1', '0,0>1,1']);
    expectBoard(b, '* # G / Y * B / # _ # / P R O');
    expect(draws(e)).toBe(2);
  });

  it('a special slides like a colour tile', () => {
    expectBoard(fall('X # G / R . B').b, '* # G / R X B');
  });

  it('without refill (a bot\'s estimate) tiles slide into shaded cells but not into cells the refill would fill', () => {
    expect(text(fall('R # B / Y . G', { refill: false }).b)).toBe(norm('. # B / Y R G'));
    // (1,1) is open to the top: an unknown tile will fall there, nothing known slides in
    expect(text(fall('R . B / Y . G / P Y O', { refill: false }).b)).toBe(norm('R . B / Y . G / P Y O'));
  });
});

// ---- the engine against the definition ----

const cellArb = fc.constantFrom('R', 'G', 'B', 'Y', 'R', 'G', 'B', 'Y', 'H', 'X', '#', '#', '_', '.', '.', '.', '.', 'Ri1', 'Gc');
const boardArb = fc
  .record({ w: fc.integer({ min: 3, max: 9 }), h: fc.integer({ min: 3, max: 9 }), seed: fc.nat(), refill: fc.boolean(), rules: fc.constantFrom(1 as const, 2 as const) })
  .chain((p) => fc.array(fc.array(cellArb, { minLength: p.w, maxLength: p.w }), { minLength: p.h, maxLength: p.h }).map((cells) => ({ ...p, text: cells.map((r) => r.join(' ')).join(' / ') })));

const tilesOf = (b: Board) => {
  const count = new Map<number, number>();
  for (const t of b.tile) if (t !== EMPTY) count.set(t, (count.get(t) ?? 0) + 1);
  return count;
};

describe('the engine\'s gravity equals the definition', () => {
  it('same board and same random stream afterwards, on random boards (both versions, with and without refill)', () => {
    fc.assert(
      fc.property(boardArb, (p) => {
        const fast = board(p.text, { refill: p.refill, rules: p.rules, seed: p.seed, colors: 4 });
        const slow = board(p.text, { refill: p.refill, rules: p.rules, seed: p.seed, colors: 4 });
        gravity(fast);
        gravityByDefinition(slow);
        expect(text(fast)).toBe(text(slow));
        expect([fast.rng.a, fast.rng.b, fast.rng.c, fast.rng.d]).toEqual([slow.rng.a, slow.rng.b, slow.rng.c, slow.rng.d]);
      }),
      { numRuns: 2000 },
    );
  });

  it('no tile is made or lost by a fall or slide: without refill the tiles are the same; with it, only the draws are new', () => {
    fc.assert(
      fc.property(boardArb, (p) => {
        const b = board(p.text, { refill: p.refill, rules: p.rules, seed: p.seed, colors: 4 });
        const before = tilesOf(b), covers = b.cover.slice(), start = b.tile.slice();
        b.rec = new Recorder();
        b.rec.begin(2);
        gravity(b);
        const e = b.rec.take()[0];
        const after = tilesOf(b);
        for (const code of after.keys()) if (code > RAINBOW || !p.refill) expect(after.get(code), `code ${code}`).toBe(before.get(code));
        const total = (m: Map<number, number>) => [...m.values()].reduce((s, v) => s + v, 0);
        expect(total(after)).toBe(total(before) + draws(e));
        for (let i = 0; i < b.n; i++) {
          expect(b.cover[i]).toBe(covers[i]);
          if (start[i] === VOID || start[i] === CRATE || covers[i] !== 0) expect(b.tile[i]).toBe(start[i]); // blockers and voids stay
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('the recorded falls, refills and slides replay to exactly the final board (what the play-test animates)', () => {
    fc.assert(
      fc.property(boardArb, (p) => {
        const b = board(p.text, { refill: p.refill, rules: p.rules, seed: p.seed, colors: 4 });
        const replay = b.tile.slice();
        b.rec = new Recorder();
        b.rec.begin(2);
        gravity(b);
        const e = b.rec.take()[0];
        const apply = (falls: { from: number; to: number }[], refills: { cell: number; tile: string }[]) => {
          for (const f of falls) {
            expect(replay[f.to]).toBe(EMPTY);
            replay[f.to] = replay[f.from];
            replay[f.from] = EMPTY;
          }
          for (const r of refills) {
            expect(replay[r.cell]).toBe(EMPTY);
            replay[r.cell] = 'RGBYPO'.indexOf(r.tile[0].toUpperCase());
          }
        };
        apply(e.falls, e.refills);
        for (const s of e.slides) {
          expect(replay[s.to]).toBe(EMPTY);
          const dx = (s.to % b.w) - (s.from % b.w);
          expect([s.to - s.from - b.w, Math.abs(dx)]).toEqual([dx, 1]); // one row down, one column across
          replay[s.to] = replay[s.from];
          replay[s.from] = EMPTY;
          apply(s.falls, s.refills);
        }
        // refills are colour names; compare colour cells by their code
        expect(Array.from(replay)).toEqual(Array.from(b.tile));
      }),
      { numRuns: 1000 },
    );
  });

  it('in real games under version 2 every stable board is a fixed point of the definition', () => {
    const levelArb = fc.record({ w: fc.integer({ min: 4, max: 8 }), h: fc.integer({ min: 4, max: 8 }), seed: fc.nat() }).chain((p) =>
      fc.array(fc.array(fc.constantFrom('?', '?', '?', '?', '?', '?', '#', '#2', '?i1', '?c', '_'), { minLength: p.w, maxLength: p.w }), { minLength: p.h, maxLength: p.h })
        .map((cells) => level(cells.map((r) => r.join(' ')).join(' / '), { colors: 4, seed: p.seed, rules: 2, moves: 30 })),
    );
    fc.assert(
      fc.property(levelArb, fc.array(fc.nat(), { minLength: 1, maxLength: 20 }), (l, picks) => {
        const g = new SimGame(l);
        expect(g.board.rules).toBe(2);
        startGame(g, l.seed);
        for (const p of picks) {
          if (g.status !== PLAYING) break;
          advance(g, g.board.moves[p % g.board.moveCount]);
          const copy = new Board(g.board.w, g.board.h, g.board.colors, 1);
          g.board.copyTo(copy);
          gravityByDefinition(copy);
          expect(text(copy)).toBe(text(g.board));
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('rules version 2 in play', () => {
  it('the play-test game records slides, and a move under version 2 fills what version 1 leaves empty', () => {
    const rowsText = 'R G B Y R / #3 G B Y R / ? ? ? ? ? / ? ? ? ? ? / ? ? ? ? ?';
    const run = (rules: 1 | 2) => {
      const g = createGame(level(rowsText, { rules, seed: 9, colors: 4 }));
      let sawSlide = false, maxEmpty = 0;
      for (let k = 0; k < 8; k++) {
        const moves = legalMoves(g);
        if (!moves.length) break;
        // the leftmost move empties cells under the crate
        const key = (m: (typeof moves)[number]) => (m.kind === 'tap' ? m.at.x : Math.max(m.from.x, m.to.x));
        const m = moves.reduce((a, c) => (key(c) < key(a) ? c : a));
        const r = playMove(g, m);
        if (!r.ok) throw new Error(r.error);
        if (r.steps.some((s) => s.slides.length > 0)) sawSlide = true;
        maxEmpty = Math.max(maxEmpty, snapshot(g).cells.flat().filter((c) => c.tile === null).length);
      }
      return { sawSlide, maxEmpty };
    };
    const v1 = run(1), v2 = run(2);
    expect(v1.sawSlide).toBe(false);
    expect(v2.sawSlide).toBe(true);
    // under one corner crate every cell is within a slide's reach: version 2 never leaves a hole
    expect(v2.maxEmpty).toBe(0);
    expect(v1.maxEmpty).toBeGreaterThan(0);
  });
});

describe('rules version 2 at the start', () => {
  it('a designed match is resolved with the level\'s gravity: under version 2 the cells under the crate refill by slides', () => {
    // the painted reds clear before move 1; the column under the crate refills only by slides
    const text2 = '? #3 ? ? / ? R ? ? / ? R ? ? / ? R ? ?';
    const start = (rules: 1 | 2) => {
      const g = new SimGame(level(text2, { rules, seed: 5, colors: 4 }));
      startGame(g, 5);
      return Array.from(g.board.tile).filter((t) => t === EMPTY).length;
    };
    expect(start(1)).toBe(3);
    expect(start(2)).toBe(0);
  });
});
