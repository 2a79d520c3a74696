// RULES §2.3: lines of 3+ of one colour; lines of the same colour that share a cell form one group.
import type { Board } from './board.ts';

function find(parent: Int16Array, a: number): number {
  while (parent[a] !== a) {
    parent[a] = parent[parent[a]];
    a = parent[a];
  }
  return a;
}
export function groupOf(b: Board, line: number): number {
  return find(b.lineParent, line);
}

/** Records the lines of row y from line number `count` on; returns the new count (exported for the look-ahead). */
export function scanRow(b: Board, y: number, count: number): number {
  const { w, tile, hLine, lineStart, lineLen, lineVert, lineParent } = b;
  const o = y * w;
  if (!tripleAlong(tile, o, 1, w)) return count; // most rows scanned hold no line: a cheaper look first
  let x = 0;
  while (x < w - 2) {
    const t = tile[o + x];
    let e = x + 1;
    if (t < 6) while (e < w && tile[o + e] === t) e++;
    if (e - x >= 3) {
      const L = count++;
      lineStart[L] = o + x;
      lineLen[L] = e - x;
      lineVert[L] = 0;
      lineParent[L] = L;
      for (let k = x; k < e; k++) hLine[o + k] = L;
    }
    x = e;
  }
  return count;
}

/** Records the lines of column x and joins them with the row lines they cross (rows scanned first). */
export function scanCol(b: Board, x: number, count: number): number {
  const { w, h, tile, hLine, lineStart, lineLen, lineVert, lineParent } = b;
  if (!tripleAlong(tile, x, w, h)) return count;
  let y = 0;
  while (y < h - 2) {
    const i = y * w + x;
    const t = tile[i];
    let e = y + 1;
    if (t < 6) while (e < h && tile[e * w + x] === t) e++;
    if (e - y >= 3) {
      const L = count++;
      lineStart[L] = i;
      lineLen[L] = e - y;
      lineVert[L] = 1;
      lineParent[L] = L;
      for (let k = y; k < e; k++) {
        const j = k * w + x;
        const H = hLine[j];
        if (H >= 0) {
          const r1 = find(lineParent, L), r2 = find(lineParent, H);
          if (r1 !== r2) lineParent[r1] = r2;
        }
      }
    }
    y = e;
  }
  return count;
}

/**
 * Puts the line scratch back to no line (hLine −1 everywhere) by undoing the last scan's row
 * lines only, instead of filling the whole array: the only cells that scan set.
 */
export function clearRowLines(b: Board): void {
  const { hLine, lineStart, lineLen, lineVert } = b;
  for (let l = 0; l < b.lineCount; l++) {
    if (lineVert[l] !== 0) continue;
    const s = lineStart[l], e = s + lineLen[l];
    for (let j = s; j < e; j++) hLine[j] = -1;
  }
  b.lineCount = 0;
}

/**
 * Records every line of the board in the board's line scratch (hLine per cell, line records,
 * union-find of lines sharing a cell). Returns the number of lines (0: the board is stable).
 */
export function findMatches(b: Board): number {
  clearRowLines(b);
  let count = 0;
  for (let y = 0; y < b.h; y++) count = scanRow(b, y, count);
  for (let x = 0; x < b.w; x++) count = scanCol(b, x, count);
  b.lineCount = count;
  return count;
}

/**
 * findMatches for a swap on a stable board: only the rows and columns of the two swapped cells
 * can hold a line, so only they are scanned.
 */
export function findMatchesAround(b: Board, a: number, c: number): number {
  clearRowLines(b);
  const ya = b.row[a], yc = b.row[c], xa = b.col[a], xc = b.col[c];
  let count = scanRow(b, ya, 0);
  if (yc !== ya) count = scanRow(b, yc, count);
  count = scanCol(b, xa, count);
  if (xc !== xa) count = scanCol(b, xc, count);
  b.lineCount = count;
  return count;
}

/**
 * findMatches after a gravity on a board whose lines all lay in what changed (see
 * hasAnyMatchChanged): scans only the rows down to the lowest changed row and the changed columns.
 * The rows and columns it skips hold no line, so the lines, their numbers and groups are the ones
 * findMatches records. `fromRow`: the rows above it are known to hold no line (firstChangedLine
 * looked), so their scans, which would record nothing, are skipped too.
 */
export function findMatchesChanged(b: Board, fromRow = 0): number {
  clearRowLines(b);
  const rows = Math.min(b.h, b.dirtyRow + 1), dirtyCol = b.dirtyCol;
  let count = 0;
  for (let y = fromRow; y < rows; y++) count = scanRow(b, y, count);
  for (let x = 0; x < b.w; x++) if (dirtyCol[x] !== 0) count = scanCol(b, x, count);
  b.lineCount = count;
  return count;
}

/** Whether any line of 3 exists (no bookkeeping). */
export function hasAnyMatch(b: Board): boolean {
  const { w, h, tile } = b;
  for (let y = 0; y < h; y++) if (tripleAlong(tile, y * w, 1, w)) return true;
  for (let x = 0; x < w; x++) if (tripleAlong(tile, x, w, h)) return true;
  return false;
}

/**
 * hasAnyMatch after a gravity on a board that was stable before the clear: only lines through a
 * changed cell are possible, so only the rows down to the lowest changed row and the changed
 * columns are scanned.
 */
export function hasAnyMatchChanged(b: Board): boolean {
  return firstChangedLine(b) >= 0;
}

/**
 * hasAnyMatchChanged, telling where it looked: -1 when there is no line; else the first row (from
 * the top) with a line along it, or the number of rows it scanned when the only lines run down
 * columns. Either way the rows above hold no line along them.
 */
export function firstChangedLine(b: Board): number {
  const { w, h, tile, dirtyCol } = b;
  const rows = Math.min(h, b.dirtyRow + 1);
  for (let y = 0; y < rows; y++) if (tripleAlong(tile, y * w, 1, w)) return y;
  for (let x = 0; x < w; x++) if (dirtyCol[x] !== 0 && tripleAlong(tile, x, w, h)) return rows;
  return -1;
}

/**
 * Whether three cells in a row hold one colour along the `len` cells from `start`, `step` apart (a
 * row: step 1, a column: step w). One read per cell, the last two kept in hand; the test that is
 * almost always false (two equal neighbours in a row) comes first.
 */
function tripleAlong(tile: Uint8Array, start: number, step: number, len: number): boolean {
  let a = tile[start], c = tile[start + step];
  for (let k = 2, i = start + 2 * step; k < len; k++, i += step) {
    const d = tile[i];
    if (((a ^ c) | (c ^ d)) === 0 && a < 6) return true;
    a = c;
    c = d;
  }
  return false;
}

/** Whether the colour tile at i is in a line of 3+ (looks only at the cells around i). */
export function lineThrough(tile: Uint8Array, w: number, h: number, i: number): boolean {
  const t = tile[i];
  if (t >= 6) return false;
  return rowLineAt(tile, w, i, i % w, t) || colLineAt(tile, w, h, i, (i / w) | 0, t);
}

/** Whether colour t at i (column x of width w) has 2+ more of t left and right of it: a line along its row. */
export function rowLineAt(tile: Uint8Array, w: number, i: number, x: number, t: number): boolean {
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

/** Whether colour t at i (row y of height h) has 2+ more of t above and below it: a line along its column. */
export function colLineAt(tile: Uint8Array, w: number, h: number, i: number, y: number, t: number): boolean {
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
