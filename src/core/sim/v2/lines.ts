// Lines, swaps and the move list of a version 2 board (RULES §12.1 coloured elements, §12.3 Walls,
// §12.6 Moves and deadlock): a coloured piece is a tile of its colour; a `blocksMatch` cover's tile
// and a wall break a line; no swap crosses a wall.
import type { Board } from '../board.ts';
import { RAINBOW, ROCKET_H } from '../codes.ts';
import { DOWN, RIGHT, TAP, moveCode } from '../moves.ts';
import { WALL_BOTTOM, WALL_RIGHT } from './layout.ts';
import type { V2State } from './state.ts';
import { checkLineMasks, linesByMasks, listMovesByRows, usesMasks } from './masks.ts';
import { canSwap2, colorAt, find, lineColours, unionLines } from './cells2.ts';

export { canSwap2, colorAt, lineColours, unionLines };

/** Whether the cell to the right of i is joined to it for lines and neighbourhoods. */
const joinsRight = (b: Board, x: V2State, i: number) => b.col[i] < b.w - 1 && (x.layout.wall[i] & WALL_RIGHT) === 0;
const joinsDown = (b: Board, x: V2State, i: number) => i + b.w < b.n && (x.layout.wall[i] & WALL_BOTTOM) === 0;

/** Orthogonal neighbours of i not across a wall, into out; returns how many. */
export function neighbours(b: Board, x: V2State, i: number, out: Int32Array): number {
  let k = 0;
  if (!x.layout.anyWall) {
    // no walls: the board's edges alone (the same cells in the same order)
    const cx = b.col[i], w = b.w;
    if (cx > 0) out[k++] = i - 1;
    if (cx < w - 1) out[k++] = i + 1;
    if (i >= w) out[k++] = i - w;
    if (i + w < b.n) out[k++] = i + w;
    return k;
  }
  if (b.col[i] > 0 && (x.layout.wall[i - 1] & WALL_RIGHT) === 0) out[k++] = i - 1;
  if (joinsRight(b, x, i)) out[k++] = i + 1;
  if (i >= b.w && (x.layout.wall[i - b.w] & WALL_BOTTOM) === 0) out[k++] = i - b.w;
  if (joinsDown(b, x, i)) out[k++] = i + b.w;
  return k;
}

/** Run of colour c through i along a row (cells joined by no wall), counting i. */
function rowRun(b: Board, x: V2State, i: number, c: number): number {
  let n = 1;
  for (let j = i; b.col[j] > 0 && (x.layout.wall[j - 1] & WALL_RIGHT) === 0 && colorAt(b, x, j - 1) === c; j--) n++;
  for (let j = i; joinsRight(b, x, j) && colorAt(b, x, j + 1) === c; j++) n++;
  return n;
}
function colRun(b: Board, x: V2State, i: number, c: number): number {
  let n = 1;
  for (let j = i; j >= b.w && (x.layout.wall[j - b.w] & WALL_BOTTOM) === 0 && colorAt(b, x, j - b.w) === c; j -= b.w) n++;
  for (let j = i; joinsDown(b, x, j) && colorAt(b, x, j + b.w) === c; j += b.w) n++;
  return n;
}

/** Whether cell i is in a line of 3+ of its colour. */
export function lineThrough2(b: Board, x: V2State, i: number): boolean {
  const c = colorAt(b, x, i);
  return c >= 0 && (rowRun(b, x, i, c) >= 3 || colRun(b, x, i, c) >= 3);
}

/**
 * Finds every line of 3+ into b's line records (lineStart, lineLen, lineVert, lineParent joined
 * into groups by shared cells, as the classic scan does); returns the number of lines. When every
 * line passes through a dirty cell (V2State.linesKnown), only the rows and columns through them
 * are read: off the kept line masks up to 28 wide (masks.ts), else the runs through the dirty
 * cells when they are few; the same lines in the same order. Afterwards the dirty cells are the
 * lines' cells (a line a step leaves standing is found again).
 */
export function findLines2(b: Board, x: V2State): number {
  // up to 28 wide the line masks kept between scans answer (masks.ts; built from every cell when not known)
  const L = usesMasks(b, x) ? linesByMasks(b, x) : x.linesKnown && x.dirtyCount * 4 <= b.n ? linesAroundDirty(b, x) : scanAllLines(b, x);
  if (checkScans && x.linesKnown) {
    const got = recordsOf(b, L);
    if (scanAllLines(b, x) !== L || recordsOf(b, L) !== got) throw new Error(`findLines2: the scan around changed cells missed a line (${got})`);
  }
  x.clearDirty();
  const { w, lineStart, lineLen, lineVert } = b;
  for (let l = 0; l < L; l++) {
    const step = lineVert[l] ? w : 1;
    for (let k = 0, j = lineStart[l]; k < lineLen[l]; k++, j += step) x.mark(j);
  }
  x.linesKnown = true;
  return L;
}

/** Tests set this to compare every scan around dirty cells with a whole-board scan, and the kept line masks with masks of every cell (throws on a difference). */
let checkScans = false;
export function checkLineScans(on: boolean): void {
  checkScans = on;
  checkLineMasks(on);
}

function recordsOf(b: Board, L: number): string {
  let s = '';
  for (let l = 0; l < L; l++) s += `${b.lineStart[l]}:${b.lineLen[l]}:${b.lineVert[l]}:${find(b.lineParent, l)} `;
  return s;
}

/** The lines through the dirty cells, numbered and joined as scanAllLines would (rows by start, then columns by column and row). */
function linesAroundDirty(b: Board, x: V2State): number {
  const { w, h, col, lineStart, lineLen, lineVert, lineParent } = b;
  const wall = x.layout.wall, walls = x.layout.anyWall;
  if (x.scanStamp > 1e9) {
    x.hSeen.fill(0);
    x.vSeen.fill(0);
    x.hAt.fill(0);
    x.scanStamp = 0;
  }
  const stamp = ++x.scanStamp, hSeen = x.hSeen, vSeen = x.vSeen, hAt = x.hAt, hOf = x.hOf;
  const rows = x.lineKeys; // row line starts, then (from n) column line keys
  let nr = 0, nc = 0;
  for (let q = 0; q < x.dirtyCount; q++) {
    const d = x.dirtyList[q], c = colorAt(b, x, d);
    if (c < 0) continue;
    let s = d, e = d;
    while (col[s] > 0 && (!walls || (wall[s - 1] & WALL_RIGHT) === 0) && colorAt(b, x, s - 1) === c) s--;
    while (col[e] < w - 1 && (!walls || (wall[e] & WALL_RIGHT) === 0) && colorAt(b, x, e + 1) === c) e++;
    if (e - s >= 2 && hSeen[s] !== stamp) {
      hSeen[s] = stamp;
      rows[nr++] = s;
    }
    s = d;
    e = d;
    while (s >= w && (!walls || (wall[s - w] & WALL_BOTTOM) === 0) && colorAt(b, x, s - w) === c) s -= w;
    while (e + w < b.n && (!walls || (wall[e] & WALL_BOTTOM) === 0) && colorAt(b, x, e + w) === c) e += w;
    if (e - s >= 2 * w && vSeen[s] !== stamp) {
      vSeen[s] = stamp;
      // sorted by column, then row
      rows[b.n + nc++] = col[s] * h + b.row[s];
    }
  }
  sortInts(rows, 0, nr);
  sortInts(rows, b.n, b.n + nc);
  let L = 0;
  for (let r = 0; r < nr; r++) {
    const i = rows[r], c = colorAt(b, x, i);
    let len = 1;
    while (col[i + len - 1] < w - 1 && (!walls || (wall[i + len - 1] & WALL_RIGHT) === 0) && colorAt(b, x, i + len) === c) len++;
    lineStart[L] = i;
    lineLen[L] = len;
    lineVert[L] = 0;
    lineParent[L] = L;
    for (let k = 0; k < len; k++) {
      hAt[i + k] = stamp;
      hOf[i + k] = L;
    }
    L++;
  }
  for (let r = 0; r < nc; r++) {
    const key = rows[b.n + r], i = (key % h) * w + ((key / h) | 0), c = colorAt(b, x, i);
    let len = 1;
    while (i + len * w < b.n && (!walls || (wall[i + (len - 1) * w] & WALL_BOTTOM) === 0) && colorAt(b, x, i + len * w) === c) len++;
    lineStart[L] = i;
    lineLen[L] = len;
    lineVert[L] = 1;
    lineParent[L] = L;
    for (let k = 0; k < len; k++) {
      const j = i + k * w;
      if (hAt[j] === stamp) unionLines(lineParent, L, hOf[j]);
    }
    L++;
  }
  b.lineCount = L;
  return L;
}

function sortInts(a: Int32Array, from: number, to: number): void {
  for (let k = from + 1; k < to; k++) {
    const v = a[k];
    let j = k - 1;
    while (j >= from && a[j] > v) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = v;
  }
}

/** The whole-board scan. */
function scanAllLines(b: Board, x: V2State): number {
  const { w, h, n, lineStart, lineLen, lineVert, lineParent, hLine } = b;
  // every cell's line colour once (the scans below read it twice)
  const lc = x.lc, wall = x.layout.wall, walls = x.layout.anyWall;
  lineColours(b, x, lc);
  let L = 0;
  hLine.fill(-1);
  for (let y = 0; y < h; y++) {
    let xx = 0;
    const o = y * w;
    while (xx < w) {
      const i = o + xx, c = lc[i];
      let len = 1;
      if (c >= 0) while (xx + len < w && lc[i + len] === c && (!walls || (wall[i + len - 1] & WALL_RIGHT) === 0)) len++;
      if (len >= 3) {
        lineStart[L] = i;
        lineLen[L] = len;
        lineVert[L] = 0;
        lineParent[L] = L;
        for (let k = 0; k < len; k++) hLine[i + k] = L;
        L++;
      }
      xx += len;
    }
  }
  for (let xx = 0; xx < w; xx++) {
    let y = 0;
    while (y < h) {
      const i = y * w + xx, c = lc[i];
      let len = 1;
      if (c >= 0) while (y + len < h && lc[i + len * w] === c && (!walls || (wall[i + (len - 1) * w] & WALL_BOTTOM) === 0)) len++;
      if (len >= 3) {
        lineStart[L] = i;
        lineLen[L] = len;
        lineVert[L] = 1;
        lineParent[L] = L;
        // join the row lines it crosses
        for (let k = 0; k < len; k++) {
          const r = hLine[i + k * w];
          if (r >= 0) unionLines(lineParent, L, r);
        }
        L++;
      }
      y += len;
    }
  }
  b.lineCount = L;
  return L;
}

export const groupRoot = (b: Board, l: number) => find(b.lineParent, l);

export function anyLine2(b: Board, x: V2State): boolean {
  for (let i = 0; i < b.n; i++) if (lineThrough2(b, x, i)) return true;
  return false;
}

const isSpecial = (t: number) => t >= ROCKET_H && t <= RAINBOW;

/** Swaps two cells' tile slots (tile, hp, a coloured piece's colour and countdown). */
export function swapSlots(b: Board, x: V2State, a: number, c: number): void {
  x.mark(a);
  x.mark(c);
  let t = b.tile[a];
  b.tile[a] = b.tile[c];
  b.tile[c] = t;
  t = b.hp[a];
  b.hp[a] = b.hp[c];
  b.hp[c] = t;
  t = x.pcolor[a];
  x.pcolor[a] = x.pcolor[c];
  x.pcolor[c] = t;
  t = x.cd[a];
  x.cd[a] = x.cd[c];
  x.cd[c] = t;
  t = x.fresh[a];
  x.fresh[a] = x.fresh[c];
  x.fresh[c] = t;
}

/** Whether swapping orthogonal neighbours a and c is a valid move (no wall between them). */
export function swapValid2(b: Board, x: V2State, a: number, c: number): boolean {
  if (!canSwap2(b, a) || !canSwap2(b, c)) return false;
  const ta = b.tile[a], tc = b.tile[c];
  if (isSpecial(ta) || isSpecial(tc)) return true;
  const ca = colorAt(b, x, a), cc = colorAt(b, x, c);
  if (ca < 0 && cc < 0) return false; // two non-coloured tile elements (RULES §12.6)
  if (ca === cc) return false;
  swapSlots(b, x, a, c);
  const line = lineThrough2(b, x, a) || lineThrough2(b, x, c);
  swapSlots(b, x, a, c);
  return line;
}

/** Whether i is in a line of 3+ of its colour in the line colours `lc` (walls cut lines). */
function lineInColours(b: Board, x: V2State, lc: Int8Array, i: number): boolean {
  const c = lc[i];
  if (c < 0) return false;
  const wall = x.layout.wall, w = b.w;
  let n = 1;
  for (let j = i; b.col[j] > 0 && (wall[j - 1] & WALL_RIGHT) === 0 && lc[j - 1] === c; j--) n++;
  for (let j = i; b.col[j] < w - 1 && (wall[j] & WALL_RIGHT) === 0 && lc[j + 1] === c; j++) n++;
  if (n >= 3) return true;
  n = 1;
  for (let j = i; j >= w && (wall[j - w] & WALL_BOTTOM) === 0 && lc[j - w] === c; j -= w) n++;
  for (let j = i; j + w < b.n && (wall[j] & WALL_BOTTOM) === 0 && lc[j + w] === c; j += w) n++;
  return n >= 3;
}

/** swapValid2 read off the line colours (the move list's test: no slot is moved). */
function swapValidInColours(b: Board, x: V2State, lc: Int8Array, a: number, c: number): boolean {
  if (!canSwap2(b, c)) return false;
  const ta = b.tile[a], tc = b.tile[c];
  if (isSpecial(ta) || isSpecial(tc)) return true;
  const ca = lc[a], cc = lc[c];
  if ((ca < 0 && cc < 0) || ca === cc) return false;
  lc[a] = cc;
  lc[c] = ca;
  const line = lineInColours(b, x, lc, a) || lineInColours(b, x, lc, c);
  lc[a] = ca;
  lc[c] = cc;
  return line;
}

/** The move list (taps, then each pair not across a wall once, in reading order, right before down), into b.moves; returns its length. */
export function listMoves2(b: Board, x: V2State): number {
  if (usesMasks(b, x)) {
    const k = listMovesByRows(b, x);
    if (checkScans) {
      const fast = Array.from(b.moves.subarray(0, k)).join();
      if (listMovesPairByPair(b, x) !== k || Array.from(b.moves.subarray(0, k)).join() !== fast) throw new Error(`listMoves2: the row masks' list differs from the pair-by-pair one (${fast})`);
    }
    return k;
  }
  return listMovesPairByPair(b, x);
}

/** The move list tried pair by pair on the line colours (walls cut lines and forbid swaps). */
function listMovesPairByPair(b: Board, x: V2State): number {
  let k = 0;
  for (let i = 0; i < b.n; i++) if (isSpecial(b.tile[i])) b.moves[k++] = moveCode(i, TAP);
  // the line colours once; a swap is tried on them, not on the board's slots
  const lc = x.lc;
  lineColours(b, x, lc);
  for (let i = 0; i < b.n; i++) {
    if (!canSwap2(b, i)) continue;
    if (joinsRight(b, x, i) && swapValidInColours(b, x, lc, i, i + 1)) b.moves[k++] = moveCode(i, RIGHT);
    if (joinsDown(b, x, i) && swapValidInColours(b, x, lc, i, i + b.w)) b.moves[k++] = moveCode(i, DOWN);
  }
  for (let j = 0; j < k; j++) b.moveSide[j] = 3;
  b.moveCount = k;
  return k;
}

/** The partner of move `code` (or -1: a tap, off the board, across a wall). */
export function target2(b: Board, x: V2State, code: number): number {
  const a = code >> 3;
  switch (code & 7) {
    case RIGHT: return joinsRight(b, x, a) ? a + 1 : -1;
    case DOWN: return joinsDown(b, x, a) ? a + b.w : -1;
    case 3: return b.col[a] > 0 && joinsRight(b, x, a - 1) ? a - 1 : -1;
    case 4: return a >= b.w && joinsDown(b, x, a - b.w) ? a - b.w : -1;
    default: return -1;
  }
}

export function moveValid2(b: Board, x: V2State, code: number): boolean {
  const a = code >> 3;
  if (a < 0 || a >= b.n) return false;
  if ((code & 7) === TAP) return isSpecial(b.tile[a]);
  const c = target2(b, x, code);
  return c >= 0 && swapValid2(b, x, a, c);
}

/** Colours that would complete a line at i with what is on the board now (walls cut lines). */
export function bannedColours(b: Board, x: V2State, i: number): number {
  // a colour completes a line at i when two beside i in its row or column have it (walls cut runs)
  const w = b.w, cx = b.col[i], wall = x.layout.wall;
  let banned = 0, l1 = -1, l2 = -1, r1 = -1, r2 = -1;
  if (cx > 0 && (wall[i - 1] & WALL_RIGHT) === 0) {
    l1 = colorAt(b, x, i - 1);
    if (cx > 1 && (wall[i - 2] & WALL_RIGHT) === 0) l2 = colorAt(b, x, i - 2);
  }
  if (cx < w - 1 && (wall[i] & WALL_RIGHT) === 0) {
    r1 = colorAt(b, x, i + 1);
    if (cx < w - 2 && (wall[i + 1] & WALL_RIGHT) === 0) r2 = colorAt(b, x, i + 2);
  }
  if (l1 >= 0 && (l1 === l2 || l1 === r1)) banned |= 1 << l1;
  if (r1 >= 0 && r1 === r2) banned |= 1 << r1;
  l1 = l2 = r1 = r2 = -1;
  if (i >= w && (wall[i - w] & WALL_BOTTOM) === 0) {
    l1 = colorAt(b, x, i - w);
    if (i >= 2 * w && (wall[i - 2 * w] & WALL_BOTTOM) === 0) l2 = colorAt(b, x, i - 2 * w);
  }
  if (i + w < b.n && (wall[i] & WALL_BOTTOM) === 0) {
    r1 = colorAt(b, x, i + w);
    if (i + 2 * w < b.n && (wall[i + w] & WALL_BOTTOM) === 0) r2 = colorAt(b, x, i + 2 * w);
  }
  if (l1 >= 0 && (l1 === l2 || l1 === r1)) banned |= 1 << l1;
  if (r1 >= 0 && r1 === r2) banned |= 1 << r1;
  return banned & ((1 << b.colors) - 1);
}
