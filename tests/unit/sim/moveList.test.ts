// The move list is built from line patterns rather than by testing every pair (moves.ts): it must
// be exactly the list of RULES — taps in cell order, then every valid pair as RIGHT / DOWN from
// its top-left cell — on any board, stable or not, with specials, covers, crates, voids and holes.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Board } from '../../../src/core/sim/board.ts';
import { RAINBOW, ROCKET_H } from '../../../src/core/sim/codes.ts';
import { CRATE, setCover } from './classic.ts';
import { DOWN, RIGHT, SIDE_A, SIDE_B, SIDE_BOTH, TAP, listMoves, moveTarget, swapValid } from '../../../src/core/sim/moves.ts';
import { lineThrough } from '../../../src/core/sim/match.ts';

/** The list by definition: every special tapped, every neighbour pair asked through swapValid. */
function referenceList(b: Board): number[] {
  const out: number[] = [];
  for (let i = 0; i < b.n; i++) if (b.tile[i] >= ROCKET_H && b.tile[i] <= RAINBOW) out.push(i * 8 + TAP);
  for (let a = 0; a < b.n; a++) {
    if (a % b.w < b.w - 1 && swapValid(b, a, a + 1)) out.push(a * 8 + RIGHT);
    if (a + b.w < b.n && swapValid(b, a, a + b.w)) out.push(a * 8 + DOWN);
  }
  return out;
}

const boardArb = fc
  .record({
    // up to 34 wide: past 30 columns the list is made pair by pair; swapValid tells a pair’s direction by its cells, which needs w ≥ 2
    w: fc.oneof(fc.integer({ min: 2, max: 16 }), fc.integer({ min: 28, max: 34 })),
    h: fc.integer({ min: 1, max: 16 }),
    colors: fc.integer({ min: 2, max: 6 }),
    seed: fc.nat(),
    // shares of cells that are not a plain colour tile, and of covered cells
    odd: fc.double({ min: 0, max: 0.5, noNaN: true }),
    covered: fc.double({ min: 0, max: 0.4, noNaN: true }),
  })
  .map((p) => {
    const b = new Board(p.w, p.h, p.colors, p.seed);
    for (let i = 0; i < b.n; i++) {
      const r = b.rng.next() / 4294967296;
      // 6..12: rockets, bomb, rainbow, crate, void, empty
      b.tile[i] = r < p.odd ? 6 + b.rng.below(7) : b.rng.below(p.colors);
      if (b.tile[i] === 10) b.tile[i] = CRATE;
      if (b.tile[i] <= RAINBOW && b.rng.next() / 4294967296 < p.covered) {
        if (b.rng.below(2) === 0) setCover(b, i, 0, true);
        else setCover(b, i, 1 + b.rng.below(2));
      }
    }
    return b;
  });

describe('the move list from line patterns', () => {
  it('is the list of every valid pair and tap, in RULES order, on any board', () => {
    fc.assert(
      fc.property(boardArb, (b) => {
        const k = listMoves(b);
        expect(Array.from(b.moves.subarray(0, k))).toEqual(referenceList(b));
        expect(b.moveCount).toBe(k);
      }),
      { numRuns: 3000 },
    );
  });

  it('tells which swapped tile makes a line, for every swap of two colour tiles', () => {
    fc.assert(
      fc.property(boardArb, (b) => {
        const k = listMoves(b);
        for (let m = 0; m < k; m++) {
          const code = b.moves[m], a = code >> 3;
          if ((code & 7) === TAP) {
            expect(b.moveSide[m]).toBe(SIDE_BOTH);
            continue;
          }
          const c = moveTarget(b, code), ta = b.tile[a], tc = b.tile[c];
          if (ta >= ROCKET_H || tc >= ROCKET_H) {
            expect(b.moveSide[m]).toBe(SIDE_BOTH);
            continue;
          }
          // play the swap and look for a line through each tile where it landed
          b.tile[a] = tc;
          b.tile[c] = ta;
          const want = (lineThrough(b.tile, b.w, b.h, c) ? SIDE_A : 0) | (lineThrough(b.tile, b.w, b.h, a) ? SIDE_B : 0);
          b.tile[a] = ta;
          b.tile[c] = tc;
          if (b.w > 30) expect(b.moveSide[m]).toBe(SIDE_BOTH);
          else expect(b.moveSide[m], `move ${code}`).toBe(want);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('forgets the previous board: listing twice on a changed board gives the new board’s list', () => {
    fc.assert(
      fc.property(boardArb, boardArb, (a, c) => {
        if (a.w !== c.w || a.h !== c.h) return;
        listMoves(a);
        a.tile.set(c.tile);
        a.cover.set(c.cover);
        const k = listMoves(a);
        expect(Array.from(a.moves.subarray(0, k))).toEqual(referenceList(a));
      }),
      { numRuns: 300 },
    );
  });
});
