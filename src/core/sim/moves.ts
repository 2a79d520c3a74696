// RULES §2.2 and the move list: moves as small integers (cell * 8 + kind) so a list is an Int32Array.
import type { Board } from './board.ts';
import { ELEM0, RAINBOW, ROCKET_H } from './codes.ts';
import { colLineAt, lineThrough, rowLineAt } from './match.ts';

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

/** A colour tile, special or swappable element (RULES §11.2), with no cover. */
export const swappable = (b: Board, i: number) => b.game.codeSwaps[b.tile[i]] !== 0 && b.cover[i] === 0;

const isSpecial = (t: number) => t >= ROCKET_H && t <= RAINBOW;


/**
 * Whether swapping the colour tiles at a and a + 1 makes a line: reads only the cells around the
 * two (each tile's new row away from the other cell, and its new column). No writes.
 */
function rightMakesLine(tile: Uint8Array, w: number, h: number, a: number, x: number, y: number, ta: number, tc: number): boolean {
  const c = a + 1;
  // ta lands on c: the row continues to the right, the column through c
  if (x < w - 3 && tile[c + 1] === ta && tile[c + 2] === ta) return true;
  if (colLineAt(tile, w, h, c, y, ta)) return true;
  // tc lands on a: the row continues to the left, the column through a
  if (x > 1 && tile[a - 1] === tc && tile[a - 2] === tc) return true;
  return colLineAt(tile, w, h, a, y, tc);
}
function downMakesLine(tile: Uint8Array, w: number, h: number, a: number, x: number, y: number, ta: number, tc: number): boolean {
  const c = a + w;
  if (y < h - 3 && tile[c + w] === ta && tile[c + 2 * w] === ta) return true;
  if (rowLineAt(tile, w, c, x, ta)) return true;
  if (y > 1 && tile[a - w] === tc && tile[a - 2 * w] === tc) return true;
  return rowLineAt(tile, w, a, x, tc);
}

/** Whether swapping a and c (orthogonal neighbours) is a valid move. */
export function swapValid(b: Board, a: number, c: number): boolean {
  const tile = b.tile, swaps = b.game.codeSwaps;
  const ta = tile[a], tc = tile[c];
  if (swaps[ta] === 0 || swaps[tc] === 0 || b.cover[a] !== 0 || b.cover[c] !== 0) return false;
  if (isSpecial(ta) || isSpecial(tc)) return true;
  if (ta === tc) return false;
  if (ta >= ELEM0 || tc >= ELEM0) return elementSwapMakesLine(b, a, c);
  const lo = a < c ? a : c, hi = a < c ? c : a;
  const x = b.col[lo], y = b.row[lo];
  const tl = tile[lo], th = tile[hi];
  return hi === lo + 1 ? rightMakesLine(tile, b.w, b.h, lo, x, y, tl, th) : downMakesLine(tile, b.w, b.h, lo, x, y, tl, th);
}

/**
 * A swap of a swappable element with a colour tile (or another element): valid when the colour
 * tile makes a line where it lands (the element never matches).
 */
function elementSwapMakesLine(b: Board, a: number, c: number): boolean {
  const tile = b.tile, ta = tile[a], tc = tile[c];
  tile[a] = tc;
  tile[c] = ta;
  const line = (ta < 6 && lineThrough(tile, b.w, b.h, c)) || (tc < 6 && lineThrough(tile, b.w, b.h, a));
  tile[a] = ta;
  tile[c] = tc;
  return line;
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
 * b.moveSide[k] for a swap of two colour tiles: bit SIDE_A set when the top/left tile makes a line
 * where it lands, SIDE_B when the other one does (a valid swap has one or both). Taps, swaps with
 * a special and lists made pair by pair say SIDE_BOTH (look at both).
 */
export const SIDE_A = 1;
export const SIDE_B = 2;
export const SIDE_BOTH = 3;

/** Boards wider than this are listed pair by pair (a row of the bit rows is one int32). */
export const MASK_WIDTH = 30;

/** Horizontal two-of-a-colour patterns around each cell of a row mask r: XX_, _XX or X_X. */
const rowPatterns = (r: number) => ((r << 1) & (r << 2)) | ((r >>> 1) & (r >>> 2)) | ((r << 1) & (r >>> 1));

/**
 * The move list of RULES (what the novice draws from): one tap per special, then each unordered
 * pair of neighbours once (as RIGHT or DOWN from the top/left cell) when the swap is valid.
 * Fills b.moves and returns the count.
 *
 * Computed a row at a time on bit masks of columns, one mask per colour: a swap of two colour
 * tiles is valid exactly when the tile moved from s into d finds two more of its colour around d,
 * in line and not through s — two beside it on one side (XX_ / _XX) or one on each side (X_X),
 * along d's row or column. So per colour and row, the cells that would complete a line from each
 * direction are a few shifts and ANDs of the neighbouring rows' masks; a pair is valid when its
 * source holds the colour, its destination another tile, and both are swappable. Swaps with a
 * special are valid whenever both cells are swappable. The answers are those of swapValid for
 * every pair (tested against it on any board).
 */
export function listMoves(b: Board): number {
  if (b.w > MASK_WIDTH) return listMovesPairByPair(b);
  const { w, h, tile, cover, moves, moveSide, colorRows: rows, swapRows: sw, specialRows: sp } = b;
  const P = h + 4;
  rows.fill(0);
  let present = 0;
  for (let y = 0, i = 0; y < h; y++) {
    let s = 0, p = 0;
    for (let x = 0; x < w; x++, i++) {
      const t = tile[i];
      if (t > RAINBOW) continue;
      const bit = 1 << x;
      if (t < ROCKET_H) {
        rows[t * P + 2 + y] |= bit;
        present |= 1 << t;
      } else p |= bit;
      if (cover[i] === 0) s |= bit;
    }
    sw[y] = s;
    sp[y] = p;
  }
  // swappable elements (RULES §11.2): swapped with a tile that makes a line there, or with a special
  if (b.game.hasSwappable) {
    const swaps = b.game.codeSwaps;
    for (let i = 0; i < b.n; i++) if (tile[i] > RAINBOW && swaps[tile[i]] !== 0) sw[b.row[i]] |= 1 << b.col[i];
  }
  let k = 0;
  for (let y = 0; y < h; y++)
    for (let m = sp[y]; m !== 0; m &= m - 1) {
      moveSide[k] = SIDE_BOTH;
      moves[k++] = (y * w + 31 - Math.clz32(m & -m)) * 8 + TAP;
    }
  for (let y = 0; y < h; y++) {
    const s0 = sw[y], s1 = y + 1 < h ? sw[y + 1] : 0;
    const okR = s0 & (s0 >>> 1), okD = s0 & s1;
    if ((okR | okD) === 0) continue;
    const p0 = sp[y];
    const rightSpecial = p0 | (p0 >>> 1), downSpecial = p0 | (y + 1 < h ? sp[y + 1] : 0);
    // per pair, which tile makes a line: the top/left one where it lands (…A) or the other (…B)
    let rightA = 0, rightB = 0, downA = 0, downB = 0;
    for (let c = 0; c < 6; c++) {
      if ((present & (1 << c)) === 0) continue;
      const o = c * P + 2 + y;
      const r0 = rows[o], r1 = rows[o + 1];
      if ((r0 | r1) === 0) continue; // no tile of colour c to move
      const u1 = rows[o - 1], u2 = rows[o - 2], r2 = rows[o + 2], r3 = rows[o + 3];
      // a tile of colour c arriving in row y from the left or right finds its column pattern here
      const column = (u1 & u2) | (r1 & r2) | (u1 & r1);
      // RIGHT pairs: c at x moving right (two more at x+2, x+3, or in x+1's column) …
      rightA |= r0 & ((((r0 >>> 1) & (r0 >>> 2)) | column) & ~r0) >>> 1;
      // … or c at x+1 moving left (two more at x−1, x−2, or in x's column)
      rightB |= (r0 >>> 1) & (((r0 << 1) & (r0 << 2)) | column) & ~r0;
      // DOWN pairs: c at row y moving down (two more below in rows y+2, y+3, or in row y+1) …
      downA |= r0 & ((r2 & r3) | rowPatterns(r1)) & ~r1;
      // … or c at row y+1 moving up (two more above, or in row y)
      downB |= r1 & ((u1 & u2) | rowPatterns(r0)) & ~r0;
    }
    const right = (rightSpecial | rightA | rightB) & okR;
    const down = (downSpecial | downA | downB) & okD;
    const o = y * w;
    for (let m = right | down; m !== 0; m &= m - 1) {
      const x = 31 - Math.clz32(m & -m);
      if ((right >>> x) & 1) {
        moveSide[k] = (rightSpecial >>> x) & 1 ? SIDE_BOTH : ((rightA >>> x) & 1) | (((rightB >>> x) & 1) << 1);
        moves[k++] = (o + x) * 8 + RIGHT;
      }
      if ((down >>> x) & 1) {
        moveSide[k] = (downSpecial >>> x) & 1 ? SIDE_BOTH : ((downA >>> x) & 1) | (((downB >>> x) & 1) << 1);
        moves[k++] = (o + x) * 8 + DOWN;
      }
    }
  }
  b.moveCount = k;
  return k;
}

/** listMoves for a board too wide for the bit rows: every pair asked through swapValid (sides not told apart). */
function listMovesPairByPair(b: Board): number {
  const { w, n, tile, moves, moveSide } = b;
  let k = 0;
  for (let i = 0; i < n; i++) if (tile[i] >= ROCKET_H && tile[i] <= RAINBOW) (moveSide[k] = SIDE_BOTH), (moves[k++] = i * 8 + TAP);
  for (let a = 0; a < n; a++) {
    if (b.col[a] < w - 1 && swapValid(b, a, a + 1)) (moveSide[k] = SIDE_BOTH), (moves[k++] = a * 8 + RIGHT);
    if (a + w < n && swapValid(b, a, a + w)) (moveSide[k] = SIDE_BOTH), (moves[k++] = a * 8 + DOWN);
  }
  b.moveCount = k;
  return k;
}

/** Whether at least one valid move exists (stops at the first). */
export function hasValidMove(b: Board): boolean {
  const { w, h, tile, cover } = b;
  const swaps = b.game.codeSwaps;
  for (let y = 0; y < h; y++) {
    const o = y * w;
    for (let x = 0; x < w; x++) {
      const a = o + x;
      const ta = tile[a];
      if (swaps[ta] === 0 || cover[a] !== 0) continue;
      if (isSpecial(ta)) return true;
      if (x < w - 1 && swapValid(b, a, a + 1)) return true;
      if (y < h - 1 && swapValid(b, a, a + w)) return true;
    }
  }
  return false;
}
