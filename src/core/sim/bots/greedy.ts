// Average: the move whose own first clear (before gravity and refill) is worth most, each cell
// weighted toward the open objectives. Evaluated from the lines through the swapped cells and
// the blast patterns, without playing the move.
import type { Board } from '../board.ts';
import { BOMB, ELEM0, EMPTY, RAINBOW, ROCKET_H, ROCKET_V, VOID } from '../codes.ts';
import { mostCommonColor } from '../hits.ts';
import { DOWN, MASK_WIDTH, RIGHT, SIDE_A, SIDE_B, SIDE_BOTH, TAP, moveTarget } from '../moves.ts';
import type { Objectives } from '../objectives.ts';
import type { Bot } from './types.ts';
import { V2Chooser } from '../v2/bots.ts';
import { CellWeights } from './weights.ts';

/** Bonus, in tiles, for the special a group makes. */
const MAKES = { rocket: 2, bomb: 3, rainbow: 5 };
/** Value of setting off a special that sits in a blast. */
const SETS_OFF = 3;

/** What a group with a horizontal run of hl and a vertical run of vl makes, as value (0: no special). */
function makes(hl: number, vl: number): number {
  if (hl >= 5 || vl >= 5) return MAKES.rainbow;
  if (hl >= 3 && vl >= 3) return MAKES.bomb;
  if (hl === 4 || vl === 4) return MAKES.rocket;
  return 0;
}

/** No weighed element left on the board: every cell of a line is worth the same (see plainCells). */
function unweighedLeft(b: Board, el: Float64Array): boolean {
  for (let e = 0; e < el.length; e++) if (el[e] !== 0 && b.elLeft[e] !== 0) return false;
  return true;
}

export class GreedyBot implements Bot {
  private v2: V2Chooser | null = null;
  readonly tier = 'average' as const;
  private readonly wt = new CellWeights();
  /** Set by choose for its board (see there): linesInto adds the one cell value instead of reading each cell. */
  private plainCells = false;
  /**
   * Set by choose when listMoves made the list from bit rows (boards up to MASK_WIDTH wide): each
   * colour's cells row by row for the board as it is (Board.colorRows). linesInto reads a run along
   * a row off them instead of walking the tiles.
   */
  private listedRows: Int32Array | null = null;

  reset(): void {}

  /** Updates the objective weights for this board; call before `evaluate`. */
  prepare(b: Board, o: Objectives): void {
    this.wt.update(b, o);
  }

  choose(b: Board, o: Objectives): number {
    // a version 2 board (RULES §12): the engine's own look-ahead (v2/bots.ts)
    if (b.x !== null) return (this.v2 ??= new V2Chooser()).choose(b, o, false);
    this.setUpList(b, o);
    let best = -1, bestCode = b.moves[0];
    for (let k = 0; k < b.moveCount; k++) {
      const code = b.moves[k];
      const v = this.value(b, code, b.moveSide[k]);
      // ties go to the later move in the list: lower on the board, where cascades start
      if (v >= best) {
        best = v;
        bestCode = code;
      }
    }
    this.plainCells = false;
    this.listedRows = null;
    return bestCode;
  }

  /** The weights, and the shortcuts that hold for every move of b's list (see choose). */
  private setUpList(b: Board, o: Objectives): void {
    const wt = this.wt;
    wt.update(b, o);
    this.listedRows = b.w <= MASK_WIDTH ? b.colorRows : null;
    // no covers, and no weighed element left on the board: every cell of a line is worth the
    // same, 1 + the colour's collect weight (the other terms of matchCellAs add 0 or are not there)
    this.plainCells = b.coverLeft === 0 && !wt.extras && unweighedLeft(b, wt.el);
  }

  /**
   * What evaluate gives each move of b's list, into out[0 .. moveCount), read as choose reads them
   * (the same values; for the expert's shortlist).
   */
  valuesOfList(b: Board, o: Objectives, out: Float64Array): void {
    this.setUpList(b, o);
    for (let k = 0; k < b.moveCount; k++) out[k] = this.value(b, b.moves[k], b.moveSide[k]);
    this.plainCells = false;
    this.listedRows = null;
  }

  evaluate(b: Board, code: number): number {
    return this.value(b, code, SIDE_BOTH);
  }

  /**
   * evaluate, told by the move list which swapped tile can make a line (`side`, moves.ts): the
   * other's lines are 0 and are not looked for, so the sum is the same.
   */
  private value(b: Board, code: number, side: number): number {
    const a = code >> 3, kind = code & 7;
    const tile = b.tile;
    if (kind === TAP) return this.blast(b, a, tile[a], -1);
    const c = kind === RIGHT ? a + 1 : kind === DOWN ? a + b.w : moveTarget(b, code);
    const ta = tile[a], tc = tile[c];
    const sa = ta >= ROCKET_H && ta <= RAINBOW, sc = tc >= ROCKET_H && tc <= RAINBOW;
    // two colour tiles (or one and a swappable element): the lines each colour tile makes where it
    // lands, read without playing the swap
    if (!sa && !sc)
      return (side & SIDE_B && tc < 6 ? this.linesInto(b, a, tc, c) : 0) + (side & SIDE_A && ta < 6 ? this.linesInto(b, c, ta, a) : 0);
    if (sa && sc) return this.combo(b, c, ta, tc);
    tile[a] = tc;
    tile[c] = ta;
    // one special: it goes off where it lands (a rainbow swapped with an element: as if tapped), the
    // colour tile may make lines where it lands
    const v = sa ? this.blast(b, c, ta, tc < 6 ? tc : -1) + this.lines(b, a) : this.blast(b, a, tc, ta < 6 ? ta : -1) + this.lines(b, c);
    tile[a] = ta;
    tile[c] = tc;
    return v;
  }

  /** Value of a colour tile cleared by a match at j (with its neighbours that take `adjacent`). */
  private matchCell(b: Board, j: number): number {
    return this.matchCellAs(b, j, b.tile[j]);
  }

  /** The value of a tile of colour t cleared at p (t may be a swapped tile not written to the board). */
  private matchCellAs(b: Board, p: number, t: number): number {
    const wt = this.wt;
    let v = 0;
    const cv = b.cover[p];
    if (cv !== 0) v += wt.coverMatch[b.coverKind[p]];
    else {
      v += 1 + wt.collect[t] + (b.ground[p] !== 0 ? wt.groundCleared[b.groundKind[p]] : 0);
      if (wt.extras) v += this.itemAbove(b, p);
    }
    if (wt.adjacent) {
      // a neighbour that takes `adjacent`: a tile element (tileAdj by its code) or, rarely, a cover
      const w = b.w, x = b.col[p], tile = b.tile, adj = wt.tileAdj;
      let q: number;
      if (x > 0 && (q = tile[p - 1]) >= ELEM0) v += adj[q];
      if (x < w - 1 && (q = tile[p + 1]) >= ELEM0) v += adj[q];
      if (p >= w && (q = tile[p - w]) >= ELEM0) v += adj[q];
      if (p + w < b.n && (q = tile[p + w]) >= ELEM0) v += adj[q];
      if (wt.coverAdjacent) {
        const cover = b.cover, ck = b.coverKind, ca = wt.coverAdj;
        if (x > 0 && cover[p - 1] !== 0) v += ca[ck[p - 1]];
        if (x < w - 1 && cover[p + 1] !== 0) v += ca[ck[p + 1]];
        if (p >= w && cover[p - w] !== 0) v += ca[ck[p - w]];
        if (p + w < b.n && cover[p + w] !== 0) v += ca[ck[p + w]];
      }
    }
    return v;
  }

  /** Emptying cell p lets a weighed item right above it fall one cell nearer the exits: half its weight. */
  private itemAbove(b: Board, p: number): number {
    if (p < b.w) return 0;
    const t = b.tile[p - b.w];
    return t >= ELEM0 ? 0.5 * this.wt.item[t - ELEM0] : 0;
  }

  /**
   * A group of a spreading ground gives it to its cells with none (RULES §11.2): the weight of a
   * cover objective per such cell, when one of the cells (row run x0..x1 in row y when hl ≥ 3,
   * column run y0..y1 in column x when vl ≥ 3) has the ground.
   */
  private spreadValue(b: Board, x: number, y: number, x0: number, x1: number, y0: number, y1: number, hl: number, vl: number): number {
    const { w, ground, groundKind } = b, spread = this.wt.spread;
    let has = -1, none = 0;
    const look = (j: number) => {
      if (ground[j] === 0) none++;
      else if (spread[groundKind[j]] !== 0) has = groundKind[j];
    };
    if (hl >= 3) for (let xx = x0; xx <= x1; xx++) look(y * w + xx);
    if (vl >= 3) for (let yy = y0; yy <= y1; yy++) if (hl < 3 || yy !== y) look(yy * w + x);
    return has >= 0 ? spread[has] * none : 0;
  }

  /**
   * What `lines` gives at p after a swap that brings colour t into p from its neighbour `from`,
   * read off the board as it is: `from` would hold the other colour, so no run goes through it;
   * every other cell is unchanged. The same sums in the same order as `lines` on the swapped board.
   */
  private linesInto(b: Board, p: number, t: number, from: number): number {
    const { w, h, tile } = b;
    const x = b.col[p], y = b.row[p];
    let x0 = x, x1 = x, y0 = y, y1 = y;
    const rows = this.listedRows;
    if (rows !== null) {
      // the run along the row from colour t's bit row as listMoves left it: p's bit set, the
      // cell t comes from cleared (it will hold the other colour)
      let r = rows[t * (h + 4) + 2 + y] | (1 << x);
      if (from === p - 1) r &= ~(1 << (x - 1));
      else if (from === p + 1) r &= ~(1 << (x + 1));
      const right = ~(r >>> x), left = ~(r << (31 - x));
      x1 = x + 30 - Math.clz32(right & -right);
      x0 = x + 1 - Math.clz32(left);
    } else {
      if (from !== p - 1) while (x0 > 0 && tile[p - (x - x0) - 1] === t) x0--;
      if (from !== p + 1) while (x1 < w - 1 && tile[p + (x1 - x) + 1] === t) x1++;
    }
    if (from !== p - w) while (y0 > 0 && tile[p - (y - y0 + 1) * w] === t) y0--;
    if (from !== p + w) while (y1 < h - 1 && tile[p + (y1 - y + 1) * w] === t) y1++;
    const hl = x1 - x0 + 1, vl = y1 - y0 + 1;
    if (hl < 3 && vl < 3) return 0;
    let v: number;
    if (this.plainCells) {
      // each cell (all of colour t) is worth u: the same additions in the same order as below
      const u = 1 + this.wt.collect[t];
      v = u;
      if (hl >= 3) for (let k = 1; k < hl; k++) v += u;
      if (vl >= 3) for (let k = 1; k < vl; k++) v += u;
    } else {
      v = this.matchCellAs(b, p, t);
      if (hl >= 3) for (let xx = x0; xx <= x1; xx++) if (xx !== x) v += this.matchCell(b, y * w + xx);
      if (vl >= 3) for (let yy = y0; yy <= y1; yy++) if (yy !== y) v += this.matchCell(b, yy * w + x);
      if (this.wt.extras) v += this.spreadValue(b, x, y, x0, x1, y0, y1, hl, vl);
    }
    return v + makes(hl, vl);
  }

  /** Value of the lines through p (after the swap) and of the special they make. */
  private lines(b: Board, p: number): number {
    const { w, h, tile } = b;
    const t = tile[p];
    if (t >= 6) return 0;
    const x = b.col[p], y = b.row[p];
    let x0 = x, x1 = x, y0 = y, y1 = y;
    while (x0 > 0 && tile[p - (x - x0) - 1] === t) x0--;
    while (x1 < w - 1 && tile[p + (x1 - x) + 1] === t) x1++;
    while (y0 > 0 && tile[p - (y - y0 + 1) * w] === t) y0--;
    while (y1 < h - 1 && tile[p + (y1 - y + 1) * w] === t) y1++;
    const hl = x1 - x0 + 1, vl = y1 - y0 + 1;
    if (hl < 3 && vl < 3) return 0;
    let v = this.matchCell(b, p);
    if (hl >= 3) for (let xx = x0; xx <= x1; xx++) if (xx !== x) v += this.matchCell(b, y * w + xx);
    if (vl >= 3) for (let yy = y0; yy <= y1; yy++) if (yy !== y) v += this.matchCell(b, yy * w + x);
    if (this.wt.extras) v += this.spreadValue(b, x, y, x0, x1, y0, y1, hl, vl);
    return v + makes(hl, vl);
  }

  /** Value of a blasted cell. */
  private blastCell(b: Board, j: number): number {
    const t = b.tile[j];
    if (t === VOID) return 0;
    const wt = this.wt;
    const ground = b.ground[j] !== 0 ? wt.groundBlast[b.groundKind[j]] : 0;
    if (t >= ELEM0) return wt.tileBlast[t] + ground;
    const cv = b.cover[j];
    if (cv !== 0) return wt.coverBlast[b.coverKind[j]] + ground;
    if (t === EMPTY) return ground;
    if (t < 6) return 1 + wt.collect[t] + ground + (wt.extras ? this.itemAbove(b, j) : 0);
    return SETS_OFF + ground;
  }

  private rect(b: Board, x0: number, y0: number, x1: number, y1: number): number {
    if (x0 < 0) x0 = 0;
    if (y0 < 0) y0 = 0;
    if (x1 >= b.w) x1 = b.w - 1;
    if (y1 >= b.h) y1 = b.h - 1;
    let v = 0;
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) v += this.blastCell(b, y * b.w + x);
    return v;
  }

  private colorValue(b: Board, color: number): number {
    if (color < 0) return 0;
    let v = 0;
    for (let j = 0; j < b.n; j++) if (b.tile[j] === color) v += this.blastCell(b, j);
    return v;
  }

  /** Value of special `t` going off at i (rainbow: of colour `color`, or the most common). */
  private blast(b: Board, i: number, t: number, color: number): number {
    const x = b.col[i], y = b.row[i];
    switch (t) {
      case ROCKET_H: return this.rect(b, 0, y, b.w - 1, y);
      case ROCKET_V: return this.rect(b, x, 0, x, b.h - 1);
      case BOMB: return this.rect(b, x - 1, y - 1, x + 1, y + 1);
      default: return this.colorValue(b, color >= 0 ? color : mostCommonColor(b));
    }
  }

  private combo(b: Board, at: number, t1: number, t2: number): number {
    const x = b.col[at], y = b.row[at];
    const lo = t1 < t2 ? t1 : t2, hi = t1 < t2 ? t2 : t1;
    if (hi === RAINBOW && lo === RAINBOW) return this.rect(b, 0, 0, b.w - 1, b.h - 1);
    if (hi === RAINBOW) return this.colorValue(b, mostCommonColor(b)) * (lo === BOMB ? 4 : 3);
    if (hi === BOMB && lo === BOMB) return this.rect(b, x - 2, y - 2, x + 2, y + 2);
    if (hi === BOMB) return this.rect(b, 0, y - 1, b.w - 1, y + 1) + this.rect(b, x - 1, 0, x + 1, b.h - 1);
    return this.rect(b, 0, y, b.w - 1, y) + this.rect(b, x, 0, x, b.h - 1);
  }
}
