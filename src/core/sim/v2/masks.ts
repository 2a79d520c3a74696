// The line masks of a version 2 board up to 28 wide (RULES §12.1, §12.3 Walls): per colour and row
// the cells showing that colour to a line, kept between scans and brought up to date only at the
// cells marked since (V2State.dirtyList). The line scan reads them around the changed cells and the
// move list reads them whole, as the classic list reads its row masks.
import type { Board } from '../board.ts';
import { RAINBOW, ROCKET_H } from '../codes.ts';
import { DOWN, RIGHT, TAP, moveCode } from '../moves.ts';
import { WALL_BOTTOM, WALL_RIGHT } from './layout.ts';
import { canSwap2, colorAt, lineColours, unionLines } from './cells2.ts';
import type { V2State } from './state.ts';

/**
 * Whether board b keeps line masks (V2State.masked): a board with refill up to 28 wide (a row in
 * one mask) and 30 high (a scan's rows in one); decided when its lines are not known. A bot's copy
 * (no refill) keeps the scan around the dirty cells: its emptied cells stay empty and unmarked.
 */
export function usesMasks(b: Board, x: V2State): boolean {
  if (!x.linesKnown) x.masked = b.refill && b.w <= 28 && b.h <= 30;
  return x.masked;
}

/** Tests set this to compare the kept masks with masks built from every cell at every update (throws on a difference). */
let checkKept = false;
export function checkLineMasks(on: boolean): void {
  checkKept = on;
}

/**
 * Brings the line masks (V2State.lineRows, maskColour) and the move list's swappable and special
 * cells (swapRows, specialRows) up to date: at the dirty cells while linesKnown, else built from
 * every cell. `clear`: the dirty list is emptied (the line scan's update; the move list's keeps
 * it for the next scan).
 */
export function syncMasks(b: Board, x: V2State, clear: boolean): void {
  const P = b.h + 4, rows = x.lineRows, row = b.row, col = b.col, mc = x.maskColour;
  const tile = b.tile, cover = b.cover, swaps = b.game.codeSwaps, sw = x.swapRows, sp = x.specialRows;
  if (!x.linesKnown || x.maskStride !== P) {
    lineColours(b, x, mc);
    rows.fill(0, 0, 6 * P);
    sw.fill(0, 0, b.h);
    sp.fill(0, 0, b.h);
    for (let i = 0; i < b.n; i++) {
      const y = row[i], bit = 1 << col[i], t = tile[i];
      if (mc[i] >= 0) rows[mc[i] * P + 2 + y] |= bit;
      if (cover[i] === 0 && swaps[t] !== 0) sw[y] |= bit;
      if (t >= ROCKET_H && t <= RAINBOW) sp[y] |= bit;
    }
    x.maskStride = P;
  } else {
    const list = x.dirtyList;
    for (let q = 0, n = x.dirtyCount; q < n; q++) {
      const d = list[q], y = row[d], bit = 1 << col[d], t = tile[d];
      if (cover[d] === 0 && swaps[t] !== 0) sw[y] |= bit;
      else sw[y] &= ~bit;
      if (t >= ROCKET_H && t <= RAINBOW) sp[y] |= bit;
      else sp[y] &= ~bit;
      const c = colorAt(b, x, d), was = mc[d];
      if (c === was) continue;
      if (was >= 0) rows[was * P + 2 + y] &= ~bit;
      if (c >= 0) rows[c * P + 2 + y] |= bit;
      mc[d] = c;
    }
  }
  if (clear) x.clearDirty();
  if (checkKept) checkMasks(b, x);
}

/** The check: the kept masks and colours equal those of every cell's colorAt, the swappable and special cells those of every cell. */
function checkMasks(b: Board, x: V2State): void {
  const P = b.h + 4;
  for (let y = 0; y < b.h; y++) {
    let s = 0, p = 0;
    for (let xx = 0, i = y * b.w; xx < b.w; xx++, i++) {
      if (canSwap2(b, i)) s |= 1 << xx;
      if (b.tile[i] >= ROCKET_H && b.tile[i] <= RAINBOW) p |= 1 << xx;
    }
    if (x.swapRows[y] !== s || x.specialRows[y] !== p) throw new Error(`the kept swappable or special cells of row ${y} are ${x.swapRows[y]}, ${x.specialRows[y]}; the board shows ${s}, ${p}`);
  }
  for (let i = 0; i < b.n; i++) if (x.maskColour[i] !== colorAt(b, x, i)) throw new Error(`the line masks hold cell ${i} as colour ${x.maskColour[i]}, the board shows ${colorAt(b, x, i)}`);
  for (let c = 0; c < 6; c++)
    for (let y = 0; y < b.h; y++) {
      let m = 0;
      for (let xx = 0; xx < b.w; xx++) if (colorAt(b, x, y * b.w + xx) === c) m |= 1 << xx;
      if (x.lineRows[c * P + 2 + y] !== m) throw new Error(`the line masks of colour ${c}, row ${y} are ${x.lineRows[c * P + 2 + y]}, the board shows ${m}`);
    }
}

/**
 * findLines2 on a board whose every line passes through a dirty cell (linesKnown): the masks
 * updated, each dirty cell asked by its masks whether it is in a row or a column line, and only
 * the rows and columns where one is read for the line records (rows by start, then columns by
 * column and row, joined as the whole-board scan joins them). Empties the dirty list; returns the
 * number of lines.
 */
export function linesByMasks(b: Board, x: V2State): number {
  const { w, h, row, col } = b, P = h + 4, rows = x.lineRows, jr = x.joinRight, jd = x.joinDown, mc = x.maskColour, list = x.dirtyList, dirty = x.dirty;
  if (x.joinsFor !== w) joinMasks(b, x);
  if (!x.linesKnown) {
    // a new or reshuffled board: the masks built from every cell, every row and column read
    syncMasks(b, x, true);
    return recordLines(b, x, (1 << h) - 1, (1 << w) - 1);
  }
  syncMasks(b, x, false);
  let rowsHit = 0, colsHit = 0;
  for (let q = 0; q < x.dirtyCount; q++) {
    const d = list[q], c = mc[d];
    dirty[d] = 0;
    if (c < 0) continue;
    const y = row[d], o = c * P + 2 + y, bit = 1 << col[d];
    if ((pairJoined(rows[o], jr[y]) & bit) !== 0) rowsHit |= 1 << y;
    // the cells of c joined to d above (one, two) and below
    const u1 = rows[o - 1] & jd[1 + y] & bit, d1 = rows[o + 1] & jd[2 + y] & bit;
    if ((u1 & (d1 | (rows[o - 2] & jd[y]))) !== 0 || (d1 & rows[o + 2] & jd[3 + y]) !== 0) colsHit |= bit;
  }
  x.dirtyCount = 0; // each cell's flag cleared above
  if ((rowsHit | colsHit) === 0) {
    b.lineCount = 0;
    return 0;
  }
  return recordLines(b, x, rowsHit, colsHit);
}

/** The line records of the rows in rowsHit and the columns in colsHit (bit masks), read off the masks. */
function recordLines(b: Board, x: V2State, rowsHit: number, colsHit: number): number {
  if (x.scanStamp > 1e9) {
    x.hSeen.fill(0);
    x.vSeen.fill(0);
    x.hAt.fill(0);
    x.scanStamp = 0;
  }
  const stamp = ++x.scanStamp;
  const L = columnLines(b, x, colsHit, rowLines(b, x, rowsHit, stamp), stamp);
  b.lineCount = L;
  return L;
}

/** The row lines of the rows in rowsHit, in reading order of their start (each cell stamped with its line); returns the line count. */
function rowLines(b: Board, x: V2State, rowsHit: number, stamp: number): number {
  const { w, h, lineStart, lineLen, lineVert, lineParent } = b, P = h + 4, rows = x.lineRows, jr = x.joinRight, hAt = x.hAt, hOf = x.hOf;
  let L = 0;
  for (let rm = rowsHit; rm !== 0; rm &= rm - 1) {
    const y = 31 - Math.clz32(rm & -rm), j0 = jr[y];
    // per colour the pairs joined to the right (bit x: x and x + 1); runs of three or more start where x − 1 is not of it
    let st = 0;
    for (let c = 0, o = 2 + y; c < 6; c++, o += P) {
      const r = rows[o], a = r & (r >>> 1) & j0;
      st |= a & (a >>> 1) & ~(a << 1);
    }
    for (let m = st; m !== 0; m &= m - 1) {
      const xx = 31 - Math.clz32(m & -m), i = y * w + xx;
      let o = 2 + y;
      while (((rows[o] >>> xx) & 1) === 0) o += P;
      const r = rows[o];
      let len = 1;
      while (((r >>> (xx + len)) & 1) !== 0 && ((j0 >>> (xx + len - 1)) & 1) !== 0) len++;
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
  }
  return L;
}

/** The column lines of the columns in colsHit, by column then row, from line number L, joined with the row lines they cross; returns the line count. */
function columnLines(b: Board, x: V2State, colsHit: number, L: number, stamp: number): number {
  const { w, h, lineStart, lineLen, lineVert, lineParent } = b, P = h + 4, rows = x.lineRows, jd = x.joinDown, hAt = x.hAt, hOf = x.hOf;
  for (let cm = colsHit; cm !== 0; cm &= cm - 1) {
    const bit = cm & -cm, xx = 31 - Math.clz32(bit);
    for (let y = 0; y < h; ) {
      let o = 2 + y;
      while (o < 6 * P && (rows[o] & bit) === 0) o += P;
      if (o >= 6 * P) {
        y++;
        continue;
      }
      let len = 1;
      while (y + len < h && (rows[o + len] & bit) !== 0 && (jd[1 + y + len] & bit) !== 0) len++;
      if (len >= 3) {
        const i = y * w + xx;
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
      y += len;
    }
  }
  return L;
}

/**
 * The move list from per-colour row masks of the line colours (as the classic list does), walls
 * as masks of the cells joined to their right and lower neighbours: a swap not across a wall is
 * valid when the colour arriving at either cell finds two more of it joined to it in a row or
 * column, or when either cell holds a special.
 */
export function listMovesByRows(b: Board, x: V2State): number {
  const { w, h, moves, moveSide } = b, P = h + 4;
  const sw = x.swapRows, sp = x.specialRows, jr = x.joinRight, jd = x.joinDown;
  if (x.joinsFor !== w) joinMasks(b, x);
  // the line colours, swappable cells and specials: the masks kept between scans
  syncMasks(b, x, false);
  const rows = x.lineRows;
  let k = 0;
  // the specials' taps first, in reading order
  for (let y = 0; y < h; y++) for (let m = sp[y]; m !== 0; m &= m - 1) moves[k++] = moveCode(y * w + 31 - Math.clz32(m & -m), TAP);
  for (let y = 0; y < h; y++) {
    const s0 = sw[y], s1 = y + 1 < h ? sw[y + 1] : 0, j0 = jr[y], j1 = y + 1 < h ? jr[y + 1] : 0;
    const okR0 = s0 & (s0 >>> 1) & j0, okD0 = s0 & s1 & jd[2 + y];
    if ((okR0 | okD0) === 0) continue;
    const p0 = sp[y], p1 = y + 1 < h ? sp[y + 1] : 0;
    // joins down from rows y−2, y−1, y, y+1, y+2
    const jm2 = jd[y], jm1 = jd[1 + y], jy = jd[2 + y], jp1 = jd[3 + y], jp2 = jd[4 + y];
    let lineR = 0, lineD = 0, sameR = 0, sameD = 0;
    for (let c = 0; c < 6; c++) {
      const o = c * P + 2 + y;
      const r0 = rows[o], d1 = rows[o + 1];
      if ((r0 | d1) === 0) continue;
      sameR |= r0 & (r0 >>> 1);
      sameD |= r0 & d1;
      // cells of colour c joined to row y from above (one, two) and from below
      const u1 = rows[o - 1] & jm1, u2 = u1 & rows[o - 2] & jm2;
      const e1 = d1 & jy, e2 = e1 & rows[o + 2] & jp1;
      const col0 = u2 | (u1 & e1) | e2;
      // right pair (x, x+1): c arriving at x (from x+1) with two more joined left of x or in x's
      // column; c arriving at x+1 (from x) with two joined right of it or in its column
      const l1 = (r0 & j0) << 1, l2 = l1 & (l1 << 1);
      const a1 = j0 & (r0 >>> 1), a2 = a1 & (a1 >>> 1);
      const atX = (l2 | col0) & (r0 >>> 1);
      const atX1 = ((a2 | col0) & (r0 << 1)) >>> 1;
      lineR |= atX | atX1;
      // down pair (x,y), (x,y+1): c arriving at the top cell with two beside it in row y or two
      // above; at the bottom cell with two beside it in row y+1 or two below
      const top = (pairJoined(r0, j0) | u2) & d1;
      const f1 = rows[o + 2] & jp1, f2 = f1 & rows[o + 3] & jp2;
      const bottom = (pairJoined(d1, j1) | f2) & r0;
      lineD |= top | bottom;
    }
    const okR = okR0 & ((p0 | (p0 >>> 1)) | (lineR & ~sameR));
    const okD = okD0 & ((p0 | p1) | (lineD & ~sameD));
    for (let m = okR | okD; m !== 0; m &= m - 1) {
      const xx = 31 - Math.clz32(m & -m), i = y * w + xx;
      if ((okR >>> xx) & 1) moves[k++] = moveCode(i, RIGHT);
      if ((okD >>> xx) & 1) moves[k++] = moveCode(i, DOWN);
    }
  }
  for (let j = 0; j < k; j++) moveSide[j] = 3;
  b.moveCount = k;
  return k;
}

/** The wall masks of the move list (they depend on the layout alone): per row the cells joined to their right neighbour, and (from index 2, zero around) to the one below. */
function joinMasks(b: Board, x: V2State): void {
  const { w, h } = b, wall = x.layout.wall, jr = x.joinRight, jd = x.joinDown;
  jd.fill(0, 0, h + 4);
  for (let y = 0, i = 0; y < h; y++) {
    let right = 0, down = 0;
    for (let xx = 0; xx < w; xx++, i++) {
      const bit = 1 << xx;
      if (xx < w - 1 && (wall[i] & WALL_RIGHT) === 0) right |= bit;
      if (y < h - 1 && (wall[i] & WALL_BOTTOM) === 0) down |= bit;
    }
    jr[y] = right;
    jd[2 + y] = down;
  }
  x.joinsFor = w;
}

/** Bit x set when two cells of r beside x in the row are joined to it (x−1 and x−2, x−1 and x+1, or x+1 and x+2); j: the row's joins to the right. */
function pairJoined(r: number, j: number): number {
  const l1 = (r & j) << 1, l2 = l1 & (l1 << 1);
  const a1 = j & (r >>> 1), a2 = a1 & (a1 >>> 1);
  return l2 | (l1 & a1) | a2;
}

