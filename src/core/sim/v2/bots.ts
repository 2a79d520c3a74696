// The average and expert bots on a version 2 board (RULES §3, §12; docs/rules.md "Bots on version 2
// levels"). Their look-ahead is the engine itself on a copy of the board with refill off, so it
// follows every §12 rule by construction: the average bot plays each move's own first clear (step 1:
// the swap's groups and the specials it sets off, waves included, before gravity), the expert the
// whole move with its known cascades and the belts' shift. Each result is valued by the objectives'
// progress (collect, clear, bring down, cover, find, credits), the counters that open gates, the
// countdowns defused (lowest first) and, for the expert, the specials made. A plain first clear
// (colour tiles and coloured pieces removed with no effect; the pieces around them that `adjacent`
// hurts lose a hit point or are removed with no effect; or a rocket or bomb whose blast sets off
// nothing more, botBlast.ts) is read off the board instead of played: the same value, checked against the
// played one in tests (checkPlainClears). For the expert such a move's step 1, and each plain cascade
// step after it, is played straight onto the copy (lookahead2.ts, cascade2q.ts; checkQuickMoves).
import { Board } from '../board.ts';
import { OBJ_CLEAR, OBJ_COVER, OBJ_FIND, type Objectives } from '../objectives.ts';
import { OBJECTIVE_WEIGHT } from '../bots/weights.ts';
import { BOMB, ELEM0, RAINBOW, ROCKET_H, ROCKET_V, VOID } from '../codes.ts';
import { EV_ADJACENT, EV_CLEARED } from '../../game/tables.ts';
import { TAP } from '../moves.ts';
import { WALL_BOTTOM, WALL_RIGHT } from './layout.ts';
import { findLines2, lineColours, neighbours, target2 } from './lines.ts';
import { applyMove2, beginMove2, firstStep2, recount2 } from './move.ts';
import { endQuick } from './cascade2q.ts';
import { lowestEmptyRow, quickCopy } from './fall2q.ts';
import { V2State } from './state.ts';
import { BlastClear } from './botBlast.ts';
import { plainSwapStep } from './lookahead2.ts';
import { stateDiff } from './stateDiff.ts';
import { usePlainSteps } from './plainStep.ts';

/** A win found by the look-ahead outweighs anything else. */
const WIN = 1e6;
/** Value of defusing a piece at countdown c: DEFUSE / c² (the lowest first). */
const DEFUSE = 40;
/** A countdown the move leaves at 1 will end the game on the next move unless defused. */
const AT_ONE = 60;
/** Value of a level counter's tick (a step toward a gate). */
const TICK = 3;
/** Value of a special made, for the expert. */
const SPECIAL = 3;

/** How urgent the board's countdowns are: Σ 1 / c² over the coloured pieces that count down. */
function danger(b: Board, x: V2State): number {
  if (!x.gt.anyCountdown) return 0;
  let d = 0;
  for (let i = 0; i < b.n; i++) {
    const c = x.cd[i];
    if (c > 0 && b.tile[i] >= ELEM0) d += c === 1 ? AT_ONE / DEFUSE : 1 / (c * c);
  }
  return d;
}

/** Ground layers left in hidden rectangles not yet found (a find objective's progress before it completes). */
function hiddenGround(b: Board, x: V2State): number {
  let g = 0;
  const rects = x.layout.hidden;
  for (let r = 0; r < rects.length; r++) if (x.found[r] === 0) for (const i of rects[r]) g += b.ground[i];
  return g;
}

function counterSum(x: V2State): number {
  let s = 0;
  for (let k = 0; k < x.counters.length; k++) s += x.counters[k];
  return s;
}

/** The player's own first clear of move `code` (no gravity): what the average bot looks at (`recount` as applyMove2's). */
function firstClear(b: Board, x: V2State, code: number, recount: boolean): void {
  b.elHit.fill(0);
  firstStep2(b, x, code);
  if (recount) recount2(b, x);
}

/** Whether objectives read a counter recount2 makes (what is left of an element, the cells it covers): else a bot's copy is not recounted. */
function readsCounts(o: Objectives): boolean {
  for (let k = 0; k < o.count; k++) if (o.kind[k] === OBJ_CLEAR || o.kind[k] === OBJ_COVER) return true;
  return false;
}

/** Tests set this to value every copy left without its recount also recounted, and throw on a difference. */
let checkRecount = false, recountsChecked = 0;
/** Turns the check on or off; returns how many valuations it compared since the last call. */
export function checkSkippedRecounts(on: boolean): number {
  checkRecount = on;
  const k = recountsChecked;
  recountsChecked = 0;
  return k;
}

/** Tests set this to value every plain first clear both ways (read off the board and played on the copy) and throw on a difference. */
let checkPlain = false, plainChecked = 0, hitsChecked = 0, piecesChecked = 0, blastsChecked = 0;
/** Turns the check on or off; returns how many clears it compared since the last call. */
export function checkPlainClears(on: boolean): number {
  checkPlain = on;
  const k = plainChecked;
  plainChecked = 0;
  return k;
}

/** How many of the compared clears hit neighbour pieces (plainHit), removed coloured pieces (plainPiece) or were a rocket's or bomb's (BlastClear), since the last call. */
export function plainClearsWithPieces(): { hits: number; pieces: number; blasts: number } {
  const k = { hits: hitsChecked, pieces: piecesChecked, blasts: blastsChecked };
  hitsChecked = piecesChecked = blastsChecked = 0;
  return k;
}

/** Tests set this to play every move the expert plays by plainSwapStep also as the whole move on a copy, and throw on any difference. */
let checkQuick = false, quickChecked = 0, quickBlasts = 0;
/** Turns the check on or off; returns how many moves it compared since the last call. */
export function checkQuickMoves(on: boolean): number {
  checkQuick = on;
  const k = quickChecked;
  quickChecked = 0;
  return k;
}

/** How many of the compared moves were a rocket's or bomb's (BlastClear.apply), since the last call. */
export function quickBlastsChecked(): number {
  const k = quickBlasts;
  quickBlasts = 0;
  return k;
}

const nb = new Int32Array(4);

/** The counters objectives read, as read off the board (b, adjusted; `hid` ground layers lost in hidden rectangles) and as played (p): equal, or the check throws. */
function sameCounters(b: Board, p: Board, code: number, hid: number): void {
  const same = (u: ArrayLike<number>, v: ArrayLike<number>) => u.length === v.length && Array.prototype.every.call(u, (e: number, k: number) => e === v[k]);
  const ok = b.score === p.score && same(b.collected, p.collected) && same(b.elLeft, p.elLeft) && same(b.elCells, p.elCells) && same(b.elRemoved, p.elRemoved) && same(b.elExited, p.elExited) && b.voids === p.voids;
  if (!ok || hiddenGround(b, b.x!) - hid !== hiddenGround(p, p.x!)) throw new Error(`a plain first clear's counters differ read off the board and played (move ${code})`);
}

/** A coloured piece at i (from cell `from` once swapped) of element e, matched: removed with no effect (1×1, no onHit or onDestroy). */
function plainPiece(x: V2State, i: number, from: number, e: number): boolean {
  const gt = x.gt;
  return gt.colored[e] !== 0 && x.anchor[i] < 0 && x.anchor[from] < 0 && gt.onHit[e].length === 0 && gt.onDestroy[e].length === 0;
}

export class V2Chooser {
  private scratch: Board | null = null;
  /** The check's second copy (checkQuickMoves). */
  private scratch2: Board | null = null;
  /** The special the lines through the last cell runs() read make there (-1: none), and through a and c once swapped (plainGroups). */
  private made = -1;
  private madeA = -1;
  private madeC = -1;
  /** The special the partner's lines make in a rocket's or bomb's swap (plainBlast). */
  private madeB = -1;
  private before: Int32Array = new Int32Array(0);
  /** The line colours of the board being chosen on, and the cells of one swap's groups (with a stamp per cell). */
  private lc = new Int8Array(0);
  private group = new Int32Array(0);
  private inGroup = new Int32Array(0);
  private stamp = 0;
  /** The neighbours one swap's groups hit plainly (plainHit): cell, the cell its piece came from, a stamp per cell. */
  private hitCell = new Int32Array(0);
  private hitFrom = new Int32Array(0);
  private hitStamp = new Int32Array(0);
  private hits = 0;
  private hid = 0;
  /** Coloured pieces in the groups (plainPiece). */
  private pieces = 0;
  /** The board chosen on: its danger, hidden ground and counter ticks. */
  private danger0 = 0;
  /** The expert's: the row of the board's lowest empty cell (-1: none), where its copies' gravity starts the slide search (fall2q.ts). */
  private low0 = -1;
  private hidden0 = 0;
  private ticks0 = 0;
  private readonly blast = new BlastClear();
  /** The objectives chosen for read recount2's counters (readsCounts). */
  private counts = true;

  private scratchFor(b: Board): Board {
    let s = this.scratch;
    if (s === null || s.n !== b.n || s.game !== b.game || s.x === null || s.x.layout !== b.x!.layout) {
      s = new Board(b.w, b.h, b.colors);
      s.setGame(b.game);
      s.x = new V2State(b.n, b.game, b.x!.layout);
      s.refill = false;
      this.scratch = s;
    }
    return s;
  }

  /**
   * The swap's groups (every line through a or c once swapped, on a board with no line) into
   * this.group when the first clear is plain: colour tiles only, uncovered, no spreading ground
   * under them, and no neighbour the `adjacent` event hits (an uncovered tile, special or element
   * whose damage lacks `adjacent`). Then the clear removes exactly those tiles, their grounds lose a
   * layer where `cleared` hurts them, and nothing else happens (no hit, no effect, no counter, no
   * spread); returns their number, or -1 (play it on the copy).
   */
  private plainGroups(b: Board, x: V2State, code: number): number {
    if ((code & 7) === TAP) return -1;
    const a = code >> 3, c = target2(b, x, code);
    const tile = b.tile, ta = tile[a], tc = tile[c];
    if ((ta >= ROCKET_H && ta <= RAINBOW) || (tc >= ROCKET_H && tc <= RAINBOW)) return -1;
    const lc = this.lc, ca = lc[a], cc = lc[c];
    lc[a] = cc;
    lc[c] = ca;
    this.nextStamp();
    this.hits = 0;
    this.pieces = 0;
    let n = this.runs(b, x, a, 0);
    this.madeA = this.made;
    n = this.runs(b, x, c, n);
    this.madeC = this.made;
    lc[a] = ca;
    lc[c] = cc;
    const g = b.game, gt = x.gt, stamp = this.stamp, group = this.group, inGroup = this.inGroup;
    for (let k = 0; k < n; k++) {
      const i = group[k], t = i === a ? tc : i === c ? ta : tile[i];
      if (b.cover[i] !== 0) return -1;
      if (t >= 6) {
        // a coloured piece in a group is removed; plain when that sets off no effect
        if (t < ELEM0 || !plainPiece(x, i, i === a ? c : i === c ? a : i, t - ELEM0)) return -1;
        this.pieces++;
      }
      // a spreading ground under a group spreads over the group's other cells: played on the copy
      if (b.ground[i] !== 0 && g.spreadGrounds.includes(b.groundKind[i])) return -1;
      const q = neighbours(b, x, i, nb);
      for (let r = 0; r < q; r++) {
        const m = nb[r];
        if (inGroup[m] === stamp) continue;
        const tm = m === a ? tc : m === c ? ta : tile[m];
        if (tm === VOID) continue;
        if (b.cover[m] !== 0) return -1;
        if (tm >= ELEM0 && gt.colored[tm - ELEM0] === 0 && (g.damage[tm - ELEM0] & EV_ADJACENT) !== 0 && !this.plainHit(b, x, m, m === a ? c : m === c ? a : m, tm - ELEM0)) return -1;
      }
    }
    return n;
  }

  /**
   * Neighbour m (its piece from cell `from` once swapped) of element e takes the group's `adjacent`
   * hit: listed once in this.hit when the hit is plain — a 1×1 piece with no key, whose hit (hp left)
   * or removal (hp 1) sets off no effect, so no wave, counter or gate follows; a shut gate takes no
   * hit. Returns false when the hit is not plain (played on the copy).
   */
  private plainHit(b: Board, x: V2State, m: number, from: number, e: number): boolean {
    if (this.hitStamp[m] === this.stamp) return true;
    const gt = x.gt;
    if (x.anchor[m] >= 0 || x.anchor[from] >= 0 || gt.key[e] >= 0) return false;
    if (gt.gateCounter[e] >= 0 && x.gateOpen[e] === 0) return true; // a shut gate: no hit
    const hp = b.hp[from];
    if (hp < 1 || gt.onHit[e].length !== 0 || (hp === 1 && gt.onDestroy[e].length !== 0)) return false;
    this.hitStamp[m] = this.stamp;
    this.hitCell[this.hits] = m;
    this.hitFrom[this.hits++] = from;
    return true;
  }

  private nextStamp(): void {
    if (++this.stamp > 1e9) {
      this.inGroup.fill(0);
      this.hitStamp.fill(0);
      this.stamp = 1;
    }
  }

  /** A rocket or bomb tapped, or swapped with a colour tile (its lines read as plainGroups reads them): whether BlastClear reads its first clear off the board. */
  private plainBlast(b: Board, x: V2State, code: number): boolean {
    const bl = this.blast, type = bl.special(b, x, code);
    if (type < 0) return false;
    let n = 0;
    this.madeB = -1;
    if (bl.a >= 0) {
      const lc = this.lc, a = bl.a, c = bl.c, ca = lc[a], cc = lc[c];
      lc[a] = cc;
      lc[c] = ca;
      this.nextStamp();
      n = this.runs(b, x, bl.at === c ? a : c, 0);
      this.madeB = this.made;
      lc[a] = ca;
      lc[c] = cc;
    }
    return bl.read(b, x, type, this.group, n);
  }

  /** The value of a rocket's or bomb's plain first clear (plainBlast) read off the board. */
  private blastValue(b: Board, o: Objectives, code: number, played: Board | null = null): number {
    const bl = this.blast;
    bl.shift(b, 1);
    if (played !== null) sameCounters(b, played, code, bl.hid);
    let v = this.progress(b, o, bl.removed, bl.hid);
    if (bl.pieces > 0) {
      // coloured pieces removed: their countdowns defused (summed as danger() sums the played board)
      let d = 0;
      if (b.x!.gt.anyCountdown)
        for (let i = 0; i < b.n; i++) {
          if (bl.removes(i)) continue;
          const from = bl.from(i), cd = b.x!.cd[from];
          if (cd > 0 && b.tile[from] >= ELEM0) d += cd === 1 ? AT_ONE / DEFUSE : 1 / (cd * cd);
        }
      v += DEFUSE * (this.danger0 - d);
    }
    bl.shift(b, -1);
    return v;
  }

  /** Adds the cells of the row and column lines (3+, walls cut them) through i in this.lc to the group; returns its size. */
  private runs(b: Board, x: V2State, i: number, n: number): number {
    const lc = this.lc, col = b.col, w = b.w, wall = x.layout.wall, c = lc[i];
    this.made = -1;
    if (c < 0) return n;
    let s = i, e = i;
    while (col[s] > 0 && (wall[s - 1] & WALL_RIGHT) === 0 && lc[s - 1] === c) s--;
    while (col[e] < w - 1 && (wall[e] & WALL_RIGHT) === 0 && lc[e + 1] === c) e++;
    const row = e - s + 1;
    if (row >= 3) for (let j = s; j <= e; j++) n = this.add(j, n);
    s = i;
    e = i;
    while (s >= w && (wall[s - w] & WALL_BOTTOM) === 0 && lc[s - w] === c) s -= w;
    while (e + w < b.n && (wall[e] & WALL_BOTTOM) === 0 && lc[e + w] === c) e += w;
    const column = (e - s) / w + 1;
    if (column >= 3) for (let j = s; j <= e; j += w) n = this.add(j, n);
    // the group's special (gatherGroups): 5 in a line a rainbow, a row and a column a bomb, 4 a rocket across
    if (row >= 5 || column >= 5) this.made = RAINBOW;
    else if (row >= 3 && column >= 3) this.made = BOMB;
    else if (row === 4) this.made = ROCKET_V;
    else if (column === 4) this.made = ROCKET_H;
    return n;
  }

  private add(j: number, n: number): number {
    if (this.inGroup[j] === this.stamp) return n;
    this.inGroup[j] = this.stamp;
    this.group[n] = j;
    return n + 1;
  }

  /**
   * The counters a plain first clear (plainGroups: n tiles, this.hits neighbours hit) changes, moved
   * by d (1: as the clear leaves them, -1: back); returns the tiles and pieces it removes (and, in
   * this.hid, the ground layers it takes from hidden rectangles not yet found).
   */
  private shiftCounters(b: Board, n: number, code: number, d: number): number {
    const x = b.x!, a = code >> 3, c = target2(b, x, code), tile = b.tile;
    const collected = b.collected, left = b.elLeft, cells = b.elCells, damage = b.game.damage;
    let hid = 0, removed = n;
    for (let k = 0; k < n; k++) {
      const i = this.group[k], from = i === a ? c : i === c ? a : i, t = tile[from];
      if (t < ELEM0) collected[t] += d;
      else {
        // a coloured piece (plainPiece): one piece and its hit points gone, removed for collect
        const e = t - ELEM0;
        left[e] -= d * (b.hp[from] > 0 ? b.hp[from] : 1);
        cells[e] -= d;
        b.elRemoved[e] += d;
      }
      hid += this.groundCleared(b, i, d);
    }
    for (let k = 0; k < this.hits; k++) {
      // a hit piece loses a hit point; at its last it is removed (scores, its ground is `cleared`)
      const m = this.hitCell[k], from = this.hitFrom[k], e = tile[from] - ELEM0;
      left[e] -= d;
      if (b.hp[from] > 1) continue;
      removed++;
      cells[e] -= d;
      b.elRemoved[e] += d;
      hid += this.groundCleared(b, m, d);
    }
    b.score += d * 10 * removed; // step 1: 10 a tile or piece
    this.hid = hid;
    return removed;
  }

  /** The ground at i loses a layer (d 1) or gets it back (-1) when `cleared` hurts it; returns 1 when that layer is in a hidden rectangle not yet found. */
  private groundCleared(b: Board, i: number, d: number): number {
    const gl = b.ground[i], gk = b.groundKind[i];
    if (gl === 0 || (b.game.damage[gk] & EV_CLEARED) === 0) return 0;
    b.elLeft[gk] -= d;
    if (gl === 1) b.elCells[gk] -= d;
    const x = b.x!, r = x.layout.hiddenOf[i];
    return r >= 0 && x.found[r] === 0 ? 1 : 0;
  }

  /** The value of a plain first clear (plainGroups: n tiles) read off the board: its counters as the clear leaves them, then put back. */
  private plainValue(b: Board, o: Objectives, n: number, code: number, danger0: number, played: Board | null = null): number {
    const removed = this.shiftCounters(b, n, code, 1), hid = this.hid;
    if (played !== null) sameCounters(b, played, code, hid);
    let v = this.progress(b, o, removed, hid);
    // coloured pieces removed: their countdowns defused (summed as danger() sums the played board)
    if (this.pieces > 0) v += DEFUSE * (danger0 - this.dangerAfter(b, code));
    this.shiftCounters(b, n, code, -1);
    return v;
  }

  /** The value of `removed` tiles and pieces and of the objectives' progress on b (as read off it; `hid` ground layers lost in hidden rectangles), the win included. */
  private progress(b: Board, o: Objectives, removed: number, hid: number): number {
    let v = removed, open = 0;
    for (let k = 0; k < o.count; k++) {
      const r = o.remaining(b, k);
      if (r > 0) open++;
      const total = o.total[k] > 0 ? o.total[k] : 1;
      v += (OBJECTIVE_WEIGHT * (this.before[k] - r) * Math.max(1, Math.min(8, 30 / total))) | 0;
      if (o.kind[k] === OBJ_FIND && r > 0) v += OBJECTIVE_WEIGHT * hid;
    }
    if (open === 0) v += WIN;
    return v;
  }

  /** danger() of the board after the swap `code` and its plain first clear (the groups' pieces gone), cell by cell in the same order. */
  private dangerAfter(b: Board, code: number): number {
    const x = b.x!;
    if (!x.gt.anyCountdown) return 0;
    const a = code >> 3, c = target2(b, x, code), inGroup = this.inGroup, stamp = this.stamp;
    let d = 0;
    for (let i = 0; i < b.n; i++) {
      if (inGroup[i] === stamp) continue;
      const from = i === a ? c : i === c ? a : i, cd = x.cd[from];
      if (cd > 0 && b.tile[from] >= ELEM0) d += cd === 1 ? AT_ONE / DEFUSE : 1 / (cd * cd);
    }
    return d;
  }

  /** The move of b's list that the average (`deep` false) or expert bot plays. */
  choose(b: Board, o: Objectives, deep: boolean): number {
    const x = b.x!, s = this.scratchFor(b);
    if (this.before.length !== o.count) this.before = new Int32Array(o.count);
    for (let k = 0; k < o.count; k++) this.before[k] = o.remaining(b, k);
    this.danger0 = danger(b, x);
    if (deep) this.low0 = lowestEmptyRow(b);
    this.hidden0 = hiddenGround(b, x);
    this.ticks0 = counterSum(x);
    this.counts = readsCounts(o);
    // a board with no line: the average bot reads plain first clears off it, the expert plays them straight onto the copy
    const plain = findLines2(b, x) === 0;
    if (plain) this.readColours(b, x);
    let best = -Infinity, bestCode = b.moves[0];
    for (let m = 0; m < b.moveCount; m++) {
      const code = b.moves[m];
      const n = plain ? this.plainGroups(b, x, code) : -1;
      const blast = plain && !deep && n < 0 && this.plainBlast(b, x, code);
      let v: number;
      if (deep) v = n > 0 || (plain && n < 0 && this.plainBlast(b, x, code)) ? this.quickValue(b, s, o, n, code) : this.deepValue(b, s, o, code);
      else if (n > 0 && !checkPlain) v = this.plainValue(b, o, n, code, this.danger0);
      else if (blast && !checkPlain) v = this.blastValue(b, o, code);
      else {
        b.copyTo(s);
        v = this.playedValue(s, o, code, deep);
        if (n > 0) this.verifyPlain(b, o, n, code, s, v);
        if (blast) this.verifyBlast(b, o, code, s, v);
      }
      // ties go to the later move in the list, as the classic bots do
      if (v >= best) {
        best = v;
        bestCode = code;
      }
    }
    return bestCode;
  }

  /** The expert's value of move `code`: the whole move played on s, a copy of b. */
  private deepValue(b: Board, s: Board, o: Objectives, code: number): number {
    b.copyTo(s);
    return this.playedValue(s, o, code, true);
  }

  /**
   * The expert's value of a move whose first clear is plain: a swap's groups (plainGroups, n > 0
   * cells) or a rocket's or bomb's clear (plainBlast, n < 0), its step 1 played straight onto s, a
   * copy of b (plainSwapStep, BlastClear.apply), then the rest of the move.
   */
  private quickValue(b: Board, s: Board, o: Objectives, n: number, code: number): number {
    b.copyTo(s);
    quickCopy(s, this.low0);
    const sx = s.x!, removed0 = s.removed, specials0 = s.specialsMade;
    beginMove2(s, sx);
    if (n > 0) plainSwapStep(s, sx, code >> 3, target2(b, b.x!, code), this.group, n, this.hitCell, this.hits, this.madeA, this.madeC);
    else this.blast.apply(s, sx, this.madeB);
    endQuick(s, sx, this.counts);
    const v = this.valueOf(s, o, removed0, specials0, true);
    if (!this.counts && checkRecount) {
      // the skipped recounts' check (as playedValue's)
      recount2(s, sx);
      recountsChecked++;
      if (this.valueOf(s, o, removed0, specials0, true) !== v) throw new Error(`a quick copy left without its recount valued ${v}, ${this.valueOf(s, o, removed0, specials0, true)} recounted (move ${code})`);
    }
    if (checkQuick) {
      // the check: the whole move played on a second copy leaves the same board, counters and value
      let p = this.scratch2;
      if (p === null || p.n !== s.n || p.x!.layout !== sx.layout || p.game !== s.game) {
        p = this.scratch2 = new Board(s.w, s.h, s.colors);
        p.setGame(s.game);
        p.x = new V2State(s.n, s.game, sx.layout);
        p.refill = false;
      }
      b.copyTo(p);
      usePlainSteps(false); // the whole move through clearStep, not the plain steps the quick move shares
      const pv = this.playedValue(p, o, code, true);
      usePlainSteps(true);
      if (!this.counts && (checkRecount || checkPlain)) recount2(s, sx); // as playedValue's check recounted p
      const diff = stateDiff(s, p);
      quickChecked++;
      if (n < 0) quickBlasts++;
      if (diff !== '' || pv !== v) throw new Error(`the expert's quick move ${code} differs from the move played: ${diff || `valued ${v}, ${pv} played`}`);
    }
    return v;
  }

  /** The line colours of b (sized scratch for plainGroups). */
  private readColours(b: Board, x: V2State): void {
    if (this.lc.length !== b.n) {
      this.lc = new Int8Array(b.n);
      this.group = new Int32Array(b.n);
      this.inGroup = new Int32Array(b.n);
      this.hitCell = new Int32Array(b.n);
      this.hitFrom = new Int32Array(b.n);
      this.hitStamp = new Int32Array(b.n);
    }
    lineColours(b, x, this.lc);
  }

  /**
   * The value of move `code` played on s (a copy of the board chosen on): its first clear, or (deep)
   * the whole move. The copy is recounted only when the objectives read what recount2 counts.
   */
  private playedValue(s: Board, o: Objectives, code: number, deep: boolean): number {
    const sx = s.x!, removed0 = s.removed, specials0 = s.specialsMade;
    if (deep) applyMove2(s, sx, code, this.counts);
    else firstClear(s, sx, code, this.counts);
    const v = this.valueOf(s, o, removed0, specials0, deep);
    if (!this.counts && (checkRecount || checkPlain)) {
      // the check (and the plain clears' check, which compares every counter): recounted, the same value
      recount2(s, sx);
      recountsChecked++;
      if (this.valueOf(s, o, removed0, specials0, deep) !== v) throw new Error(`a copy left without its recount valued ${v}, ${this.valueOf(s, o, removed0, specials0, deep)} recounted (move ${code})`);
    }
    return v;
  }

  /** The value of the play-out on s (removed and specials made counted from removed0 and specials0). */
  private valueOf(s: Board, o: Objectives, removed0: number, specials0: number, deep: boolean): number {
    const sx = s.x!;
    let v = s.removed - removed0;
    let open = 0;
    for (let k = 0; k < o.count; k++) {
      const left = o.remaining(s, k);
      if (left > 0) open++;
      const total = o.total[k] > 0 ? o.total[k] : 1;
      // progress in the objective's own units, scaled so a small objective is not drowned by a large one
      v += (OBJECTIVE_WEIGHT * (this.before[k] - left) * Math.max(1, Math.min(8, 30 / total))) | 0;
      if (o.kind[k] === OBJ_FIND && left > 0) v += OBJECTIVE_WEIGHT * (this.hidden0 - hiddenGround(s, sx));
    }
    if (open === 0) v += WIN;
    v += DEFUSE * (this.danger0 - danger(s, sx));
    v += TICK * (counterSum(sx) - this.ticks0);
    if (deep) v += SPECIAL * (s.specialsMade - specials0);
    return v;
  }

  /** The same check for a rocket's or bomb's plain first clear. */
  private verifyBlast(b: Board, o: Objectives, code: number, s: Board, v: number): void {
    const quick = this.blastValue(b, o, code, s);
    plainChecked++;
    blastsChecked++;
    if (quick !== v) throw new Error(`a rocket's or bomb's first clear valued ${quick} off the board, ${v} played (move ${code})`);
  }

  /** The check tests turn on: a plain first clear read off b must give the value v and the counters it gave played on s. */
  private verifyPlain(b: Board, o: Objectives, n: number, code: number, s: Board, v: number): void {
    const quick = this.plainValue(b, o, n, code, this.danger0, s);
    plainChecked++;
    if (this.hits > 0) hitsChecked++;
    if (this.pieces > 0) piecesChecked++;
    if (quick !== v) throw new Error(`a plain first clear valued ${quick} off the board, ${v} played (move ${code})`);
  }
}
