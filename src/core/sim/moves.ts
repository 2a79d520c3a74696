// RULES §2.2 and the move list: moves as small integers (cell * 8 + kind) so a list is an Int32Array.
import type { Board } from './board.ts';
import { RAINBOW, ROCKET_H } from './codes.ts';

export const TAP = 0;
export const RIGHT = 1;
export const DOWN = 2;
export const LEFT = 3;
export const UP = 4;

export const moveCode = (cell: number, kind: number) => cell * 8 + kind;
export const moveCell = (code: number) => code >> 3;
export const moveKind = (code: number) => code & 7;

/** The cell a swap moves into, or -1 when it leaves the board. */
export function moveTarget(b: Board, code: number): number {
  const a = code >> 3, x = b.col[a];
  switch (code & 7) {
    case RIGHT: return x < b.w - 1 ? a + 1 : -1;
    case LEFT: return x > 0 ? a - 1 : -1;
    case DOWN: return a + b.w < b.n ? a + b.w : -1;
    case UP: return a >= b.w ? a - b.w : -1;
    default: return -1;
  }
}

/** A colour tile or special with no cover. */
export const swappable = (b: Board, i: number) => b.tile[i] <= RAINBOW && b.cover[i] === 0;

/** Whether colour t at i (row y of height h) has 2+ more of t above and below it. */
function vPair(tile: Uint8Array, w: number, h: number, i: number, y: number, t: number): boolean {
  let n = 0;
  if (y > 0 && tile[i - w] === t) {
    n++;
    if (y > 1 && tile[i - 2 * w] === t) n++;
  }
  if (y < h - 1 && tile[i + w] === t) {
    n++;
    if (y < h - 2 && tile[i + 2 * w] === t) n++;
  }
  return n >= 2;
}
/** Whether colour t at i (column x of width w) has 2+ more of t left and right of it. */
function hPair(tile: Uint8Array, w: number, i: number, x: number, t: number): boolean {
  let n = 0;
  if (x > 0 && tile[i - 1] === t) {
    n++;
    if (x > 1 && tile[i - 2] === t) n++;
  }
  if (x < w - 1 && tile[i + 1] === t) {
    n++;
    if (x < w - 2 && tile[i + 2] === t) n++;
  }
  return n >= 2;
}

/**
 * Whether swapping the colour tiles at a and a + 1 makes a line: reads only the cells around the
 * two (each tile's new row away from the other cell, and its new column). No writes.
 */
function rightMakesLine(tile: Uint8Array, w: number, h: number, a: number, x: number, y: number, ta: number, tc: number): boolean {
  const c = a + 1;
  // ta lands on c: the row continues to the right, the column through c
  if (x < w - 3 && tile[c + 1] === ta && tile[c + 2] === ta) return true;
  if (vPair(tile, w, h, c, y, ta)) return true;
  // tc lands on a: the row continues to the left, the column through a
  if (x > 1 && tile[a - 1] === tc && tile[a - 2] === tc) return true;
  return vPair(tile, w, h, a, y, tc);
}
function downMakesLine(tile: Uint8Array, w: number, h: number, a: number, x: number, y: number, ta: number, tc: number): boolean {
  const c = a + w;
  if (y < h - 3 && tile[c + w] === ta && tile[c + 2 * w] === ta) return true;
  if (hPair(tile, w, c, x, ta)) return true;
  if (y > 1 && tile[a - w] === tc && tile[a - 2 * w] === tc) return true;
  return hPair(tile, w, a, x, tc);
}

/** Whether swapping a and c (orthogonal neighbours) is a valid move. */
export function swapValid(b: Board, a: number, c: number): boolean {
  const tile = b.tile;
  const ta = tile[a], tc = tile[c];
  if (ta > RAINBOW || tc > RAINBOW || b.cover[a] !== 0 || b.cover[c] !== 0) return false;
  if (ta >= ROCKET_H || tc >= ROCKET_H) return true;
  if (ta === tc) return false;
  const lo = a < c ? a : c, hi = a < c ? c : a;
  const x = b.col[lo], y = b.row[lo];
  const tl = tile[lo], th = tile[hi];
  return hi === lo + 1 ? rightMakesLine(tile, b.w, b.h, lo, x, y, tl, th) : downMakesLine(tile, b.w, b.h, lo, x, y, tl, th);
}

/** Whether a move (any direction) is valid on the current board. */
export function moveValid(b: Board, code: number): boolean {
  const a = code >> 3;
  if (a < 0 || a >= b.n) return false;
  if ((code & 7) === TAP) return b.tile[a] >= ROCKET_H && b.tile[a] <= RAINBOW;
  const c = moveTarget(b, code);
  return c >= 0 && swapValid(b, a, c);
}

/**
 * Marks the pair (s, d) valid when tile X (a colour) at s, moved into d, makes the line that the
 * caller found around d: s holds X (the caller checked), d must hold something else, and both be
 * swappable. s and d are orthogonal neighbours on the board.
 */
function markInto(b: Board, s: number, d: number, x: number): void {
  const tile = b.tile, cover = b.cover;
  if (cover[s] !== 0) return;
  const td = tile[d];
  if (td === x || td > RAINBOW || cover[d] !== 0) return;
  const pv = b.pairValid, w = b.w;
  if (s < d) pv[s] |= d === s + 1 ? 1 : 2;
  else pv[d] |= s === d + 1 ? 1 : 2;
}

/**
 * The move list of RULES (what the novice draws from): one tap per special, then each unordered
 * pair of neighbours once (as RIGHT or DOWN from the top/left cell) when the swap is valid.
 * Fills b.moves and returns the count.
 *
 * Rather than testing every pair, it starts from the two-of-a-colour patterns that a line of 3
 * needs: a swap of two colour tiles is valid exactly when the tile moved into d (from s) finds
 * two more of its colour around d, in line and not through s — two beside it (XX_ or _XX), or one
 * on each side (X_X), along d's row or column. Each such pattern names d; its candidate s are the
 * neighbours of d not in the pattern's line. Swaps with a special are valid whenever both cells
 * are swappable. The answers are those of swapValid for every pair (tested against it).
 */
export function listMoves(b: Board): number {
  const { w, h, n, tile, cover, moves, pairValid } = b;
  pairValid.fill(0);
  let k = 0;
  for (let y = 0, i = 0; y < h; y++) {
    for (let x = 0; x < w; x++, i++) {
      const t = tile[i];
      if (t >= 6) {
        if (t > RAINBOW) continue;
        moves[k++] = i * 8 + TAP;
        if (cover[i] !== 0) continue;
        // a special swaps validly with any swappable neighbour
        if (x < w - 1 && tile[i + 1] <= RAINBOW && cover[i + 1] === 0) pairValid[i] |= 1;
        if (y < h - 1 && tile[i + w] <= RAINBOW && cover[i + w] === 0) pairValid[i] |= 2;
        if (x > 0 && tile[i - 1] <= RAINBOW && cover[i - 1] === 0) pairValid[i - 1] |= 1;
        if (y > 0 && tile[i - w] <= RAINBOW && cover[i - w] === 0) pairValid[i - w] |= 2;
        continue;
      }
      // t is a colour: patterns of the row starting at i
      if (x < w - 1 && tile[i + 1] === t) {
        // XX at i, i+1: the cell left of it (d = i−1) and the one right of it (d = i+2)
        if (x > 0) {
          const d = i - 1;
          if (x > 1 && tile[d - 1] === t) markInto(b, d - 1, d, t);
          if (y > 0 && tile[d - w] === t) markInto(b, d - w, d, t);
          if (y < h - 1 && tile[d + w] === t) markInto(b, d + w, d, t);
        }
        if (x < w - 2) {
          const d = i + 2;
          if (x < w - 3 && tile[d + 1] === t) markInto(b, d + 1, d, t);
          if (y > 0 && tile[d - w] === t) markInto(b, d - w, d, t);
          if (y < h - 1 && tile[d + w] === t) markInto(b, d + w, d, t);
        }
      }
      if (x < w - 2 && tile[i + 2] === t) {
        // X_X at i, i+2: d = i+1, filled from above or below
        const d = i + 1;
        if (y > 0 && tile[d - w] === t) markInto(b, d - w, d, t);
        if (y < h - 1 && tile[d + w] === t) markInto(b, d + w, d, t);
      }
      // and of the column
      if (y < h - 1 && tile[i + w] === t) {
        if (y > 0) {
          const d = i - w;
          if (y > 1 && tile[d - w] === t) markInto(b, d - w, d, t);
          if (x > 0 && tile[d - 1] === t) markInto(b, d - 1, d, t);
          if (x < w - 1 && tile[d + 1] === t) markInto(b, d + 1, d, t);
        }
        if (y < h - 2) {
          const d = i + 2 * w;
          if (y < h - 3 && tile[d + w] === t) markInto(b, d + w, d, t);
          if (x > 0 && tile[d - 1] === t) markInto(b, d - 1, d, t);
          if (x < w - 1 && tile[d + 1] === t) markInto(b, d + 1, d, t);
        }
      }
      if (y < h - 2 && tile[i + 2 * w] === t) {
        const d = i + w;
        if (x > 0 && tile[d - 1] === t) markInto(b, d - 1, d, t);
        if (x < w - 1 && tile[d + 1] === t) markInto(b, d + 1, d, t);
      }
    }
  }
  for (let a = 0; a < n; a++) {
    const v = pairValid[a];
    if (v === 0) continue;
    if (v & 1) moves[k++] = a * 8 + RIGHT;
    if (v & 2) moves[k++] = a * 8 + DOWN;
  }
  b.moveCount = k;
  return k;
}

/** Whether at least one valid move exists (stops at the first). */
export function hasValidMove(b: Board): boolean {
  const { w, h, tile, cover } = b;
  for (let y = 0; y < h; y++) {
    const o = y * w;
    for (let x = 0; x < w; x++) {
      const a = o + x;
      const ta = tile[a];
      if (ta > RAINBOW || cover[a] !== 0) continue;
      if (ta >= ROCKET_H) return true;
      if (x < w - 1 && swapValid(b, a, a + 1)) return true;
      if (y < h - 1 && swapValid(b, a, a + w)) return true;
    }
  }
  return false;
}
