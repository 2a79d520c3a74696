// A move on a version 2 board, in RULES §12.5's order: cascades until stable → belts shift, gravity,
// cascades → `when-none-hit` spreading → emitters → hidden pieces found (the win, the countdowns, the
// move limit and deadlock follow in game.ts). Also the start (§2.1, §12.6 Start) and the reshuffle.
import type { Board, BoardTemplate } from '../board.ts';
import { ELEM0, EMPTY, RAINBOW, RANDOM, ROCKET_H } from '../codes.ts';
import { EMIT_EVERY, WHERE_ADJACENT, WHERE_NEAR } from '../../game/tables.ts';
import { TAP } from '../moves.ts';
import { gravity2 } from './fall.ts';
import { anyLine2, bannedColours, colorAt, findLines2, listMoves2, neighbours, swapSlots, target2 } from './lines.ts';
import { clearStep, type MoveFire } from './step.ts';
import { playPlainStep } from './plainStep.ts';
import { checkTileRecounts, findHidden, recount2, shiftBelts } from './moveEnd.ts';
import type { V2State } from './state.ts';

const isSpecial = (t: number) => t >= ROCKET_H && t <= RAINBOW;

export { checkTileRecounts, findHidden, recount2, shiftBelts };
const nb = new Int32Array(4);
const NONE: readonly number[] = [];
const NO_FIRES: readonly MoveFire[] = [];

/** Steps from `fromStep` until no group is left; returns the next step number. */
function cascade2(b: Board, x: V2State, fromStep: number): number {
  let step = fromStep;
  for (let guard = 0; ; guard++) {
    if (guard > 10000) throw new Error('cascades did not settle: the game is not counted');
    const lines = findLines2(b, x);
    if (lines === 0) return step;
    // a plain step played straight onto the board (plainStep.ts); lines of covered tiles whose
    // covers nothing hurts change nothing: the board is stable
    if (!playPlainStep(b, x, step, lines) && !clearStep(b, x, step, -1, -1, NONE, NO_FIRES, null, lines)) return step;
    step++;
    gravity2(b, x);
  }
}

/** Step 1's lists and specials, reused move after move (clearStep reads them and keeps nothing): no allocation per move. */
const oneUsed: number[] = [0];
const twoUsed: number[] = [0, 0];
const fireA: MoveFire = { cell: 0, type: 0, color: -1 };
const oneFire: MoveFire[] = [fireA];
const combo = { at: 0, s1: 0, s2: 0 };

/** Step 1 of a move: the swap's groups and the specials it sets off, with their waves, before gravity (also the average bot's look-ahead). */
export function firstStep2(b: Board, x: V2State, code: number): void {
  const a = code >> 3;
  if ((code & 7) === TAP) {
    oneUsed[0] = a;
    fireA.cell = a;
    fireA.type = b.tile[a];
    fireA.color = -1;
    clearStep(b, x, 1, -1, -1, oneUsed, oneFire, null);
  } else {
    const c = target2(b, x, code);
    swapSlots(b, x, a, c);
    // a piece that does not fall may have left a path (what was above it may fall now)
    x.hole(a);
    x.hole(c);
    // after the swap: what was at a is at c
    const ta = b.tile[c], tc = b.tile[a];
    const sa = isSpecial(ta), sc = isSpecial(tc);
    if (sa && sc) {
      // combos are centred on the lower or right cell of the pair (RULES §12.6 Stops blasts)
      twoUsed[0] = a;
      twoUsed[1] = c;
      combo.at = a > c ? a : c;
      combo.s1 = ta;
      combo.s2 = tc;
      clearStep(b, x, 1, a, c, twoUsed, NO_FIRES, combo);
    } else if (!sa && !sc) {
      // a swap of two pieces: its groups played straight onto the board when plain (plainStep.ts);
      // not on a bot's copy (no refill): the bots played there only the swaps they found not plain
      const lines = findLines2(b, x);
      if (!(b.refill && playPlainStep(b, x, 1, lines, a, c))) clearStep(b, x, 1, a, c, NONE, NO_FIRES, null, lines);
    } else {
      // one special swapped with a piece: it fires where it landed
      const at = sa ? c : a, t = sa ? ta : tc;
      oneUsed[0] = at;
      fireA.cell = at;
      fireA.type = t;
      fireA.color = t === RAINBOW ? colorAt(b, x, sa ? a : c) : -1;
      clearStep(b, x, 1, a, c, oneUsed, oneFire, null);
    }
  }
}

/** Recording only (the play-test): the belts' entry, with every slot that holds something and where it goes. */
function recordBelts(b: Board, x: V2State, step: number): void {
  const e = b.rec!.belts(step);
  for (const belt of x.layout.belts)
    for (let k = 0; k < belt.length; k++) if (b.tile[belt[k]] !== EMPTY) e.shifted!.push({ from: belt[k], to: belt[(k + 1) % belt.length] });
}

/** "when-none-hit" spreading (RULES §11.2), belt cells never targeted (§12.6 Belts). */
function spreadTiles2(b: Board, x: V2State): void {
  const cand = b.tmp;
  for (const e of b.game.spreadTiles) {
    if (b.elHit[e] !== 0) continue;
    const code = ELEM0 + e;
    if (b.tile.indexOf(code) < 0) continue;
    let k = 0;
    for (let i = 0; i < b.n; i++) {
      if (!plainTarget(b, x, i)) continue;
      const n = neighbours(b, x, i, nb);
      for (let q = 0; q < n; q++)
        if (b.tile[nb[q]] === code) {
          cand[k++] = i;
          break;
        }
    }
    if (k === 0) continue;
    const i = cand[b.rng.below(k)];
    x.mark(i);
    b.tile[i] = code;
    b.hp[i] = b.game.hp[e];
    b.spreads++;
    if (b.rec !== null) b.rec.end().spread.push({ cell: i, element: b.game.ids[e] });
  }
}

/** A plain colour tile: uncovered, not a special or coloured piece, not on a belt (spreading and emitter targets). */
function plainTarget(b: Board, x: V2State, i: number): boolean {
  return b.tile[i] < 6 && b.cover[i] === 0 && x.layout.beltNext[i] < 0;
}

/** Emitters (RULES §12.1 Emit, §12.6): listed once, elements in definition order, pieces in reading order of their anchor. */
function emit2(b: Board, x: V2State): void {
  const gt = x.gt;
  if (gt.emitters.length === 0 || !anyEmitter(b, x)) return;
  const list = emitList;
  list.length = 0;
  for (const e of gt.emitters) {
    const code = ELEM0 + e;
    for (let i = 0; i < b.n; i++) if (b.tile[i] === code && (x.anchor[i] < 0 || x.anchor[i] === i)) list.push(e, i);
  }
  const cand = b.tmp;
  for (let p = 0; p < list.length; p += 2) {
    const e = list[p], at = list[p + 1];
    const out = gt.emitEl[e];
    if (gt.emitWhen[e] === EMIT_EVERY ? x.moveNo % gt.emitEvery[e] !== 0 : b.elHit[out] !== 0) continue;
    const cells = pieceCellsOf(b, x, at, e);
    for (let c = 0; c < gt.emitCount[e]; c++) {
      let k = 0;
      for (let i = 0; i < b.n; i++) if (plainTarget(b, x, i) && inReach(b, x, cells, i, gt.emitWhere[e], gt.emitRadius[e])) cand[k++] = i;
      if (k === 0) break;
      const i = cand[b.rng.below(k)];
      x.mark(i);
      b.tile[i] = ELEM0 + out;
      b.hp[i] = b.game.hp[out];
      x.emitted[e]++;
      if (b.rec !== null) b.rec.end().emitted!.push({ cell: i, tile: b.game.ids[out], by: at });
    }
  }
}

const emitList: number[] = [];

/** Whether an emitter stands on the board (one pass over the tiles). */
function anyEmitter(b: Board, x: V2State): boolean {
  const tile = b.tile, is = x.emitterCode;
  for (let i = 0; i < b.n; i++) if (is[tile[i]] !== 0) return true;
  return false;
}

function pieceCellsOf(b: Board, x: V2State, a: number, e: number): number[] {
  const out: number[] = [];
  for (let dy = 0; dy < x.gt.sizeH[e]; dy++) for (let dx = 0; dx < x.gt.sizeW[e]; dx++) out.push(a + dy * b.w + dx);
  return out;
}

function inReach(b: Board, x: V2State, cells: readonly number[], i: number, where: number, radius: number): boolean {
  if (where === WHERE_ADJACENT) {
    for (const c of cells) {
      const n = neighbours(b, x, c, nb);
      for (let q = 0; q < n; q++) if (nb[q] === i) return true;
    }
    return false;
  }
  if (where === WHERE_NEAR) {
    for (const c of cells) if (Math.abs(b.col[c] - b.col[i]) <= radius && Math.abs(b.row[c] - b.row[i]) <= radius) return true;
    return false;
  }
  return true;
}

/**
 * Plays a valid move through §12.5's order up to the win check; recounts the board's counters
 * (`recount` false: a bot's copy whose objectives read none of them, see V2Chooser).
 */
export function applyMove2(b: Board, x: V2State, code: number, recount = true): void {
  beginMove2(b, x);
  firstStep2(b, x, code);
  endMove2(b, x, recount);
}

/** A move's opening, before step 1 (the expert's look-ahead plays its own step 1, lookahead2.ts). */
export function beginMove2(b: Board, x: V2State): void {
  x.moveNo++;
  b.elHit.fill(0);
  x.fresh.fill(0);
}

/** A move after its step 1: gravity, cascades, the belts' shift, then §12.5's end of move (applyMove2's `recount`). */
export function endMove2(b: Board, x: V2State, recount: boolean): void {
  gravity2(b, x);
  let step = cascade2(b, x, 2);
  if (b.rec !== null && x.layout.belts.length > 0) recordBelts(b, x, step);
  if (shiftBelts(b, x)) {
    gravity2(b, x);
    step = cascade2(b, x, step);
  }
  if (b.refill) {
    // spreading and emitters draw from the game's stream: a bot's estimate (no refill) never sees them
    spreadTiles2(b, x);
    emit2(b, x);
  }
  findHidden(b, x);
  if (recount) recount2(b, x);
}

/** Countdowns after a move that did not win: every coloured piece that did not enter in this move loses 1; any at 0 loses the game. */
export function tickCountdowns(b: Board, x: V2State): boolean {
  if (!x.gt.anyCountdown) return false;
  let lost = false;
  for (let i = 0; i < b.n; i++) {
    if (x.cd[i] === 0 || x.fresh[i] !== 0) continue;
    const t = b.tile[i];
    if (t < ELEM0) continue;
    x.cd[i]--;
    if (x.cd[i] === 0) lost = true;
    if (b.rec !== null) b.rec.end().countdowns!.push({ cell: i, left: x.cd[i] });
  }
  x.countdownHit = lost;
  return lost;
}

// ── the start and the reshuffle ──

/** Places the template (coloured pieces, countdowns, multi-cell anchors) and fills its random cells (RULES §2.1, §12.6 Start). */
export function startFill2(b: Board, x: V2State, t: BoardTemplate): void {
  const v = t.v2!;
  x.pcolor.set(v.pcolor);
  x.cd.set(v.cd);
  x.anchor.set(v.anchor);
  x.fresh.fill(0);
  x.counters.fill(0);
  x.gateOpen.fill(0);
  x.emitted.fill(0);
  x.found.fill(0);
  x.foundCount = 0;
  x.moveNo = 0;
  x.countdownHit = false;
  x.clearDirty();
  x.linesKnown = false;
  x.holesKnown = false;
  for (let i = 0; i < b.n; i++) {
    if (t.tile[i] !== RANDOM) continue;
    // a random tile under a blocksMatch cover completes no line: any colour
    const proof = b.cover[i] !== 0 && x.gt.blocksMatch[b.coverKind[i]] !== 0;
    const banned = proof ? 0 : bannedColours(b, x, i);
    const all = (1 << b.colors) - 1, mask = all & ~banned;
    if (mask === 0) {
      b.tile[i] = b.rng.below(b.colors);
      continue;
    }
    let k = b.rng.below(popcount(mask));
    let m = mask;
    for (; k > 0; k--) m &= m - 1;
    b.tile[i] = 31 - Math.clz32(m & -m);
  }
}

function popcount(m: number): number {
  let c = 0;
  for (; m !== 0; m &= m - 1) c++;
  return c;
}

/** Designed matches before move 1 remove their uncovered tiles (coloured pieces included) with no hit, effect or spawn; then gravity. */
export function settleStart2(b: Board, x: V2State): void {
  for (let guard = 0; guard < 1000; guard++) {
    const L = findLines2(b, x);
    if (L === 0) break;
    let removed = 0;
    const { w, lineStart, lineLen, lineVert } = b;
    for (let l = 0; l < L; l++) {
      const step = lineVert[l] ? w : 1;
      for (let k = 0, j = lineStart[l]; k < lineLen[l]; k++, j += step) {
        if (b.cover[j] !== 0 || b.tile[j] === EMPTY) continue;
        x.emptied(j);
        b.tile[j] = EMPTY;
        b.hp[j] = 0;
        x.pcolor[j] = -1;
        x.cd[j] = 0;
        removed++;
      }
    }
    if (removed === 0) break;
    gravity2(b, x);
  }
  // no recount here: the start (game.ts) recounts after resetting the counters, and the first-move check reads none
}

/**
 * Reshuffles the uncovered colour tiles (belt cells included; coloured pieces and covered tiles
 * never move) until the board has no line and a valid move, at most `tries` times (RULES §2.8, §12.6).
 */
export function reshuffle2(b: Board, x: V2State, tries: number): boolean {
  x.linesKnown = false;
  const pos: number[] = [];
  for (let i = 0; i < b.n; i++) if (b.tile[i] < 6 && b.cover[i] === 0) pos.push(i);
  const k = pos.length;
  if (k === 0) return false;
  const pile = pos.map((i) => b.tile[i]);
  const before = b.tile.slice();
  for (let attempt = 0; attempt < tries; attempt++) {
    for (let j = k - 1; j > 0; j--) {
      const r = b.rng.below(j + 1);
      const tmp = pile[j];
      pile[j] = pile[r];
      pile[r] = tmp;
    }
    for (const i of pos) b.tile[i] = EMPTY;
    for (let j = 0; j < k; j++) {
      const i = pos[j];
      let pick = j;
      for (let q = j; q < k; q++) {
        b.tile[i] = pile[q];
        if ((bannedColours(b, x, i) & (1 << pile[q])) === 0) {
          pick = q;
          break;
        }
      }
      const c = pile[pick];
      pile[pick] = pile[j];
      pile[j] = c;
      b.tile[i] = c;
    }
    if (!anyLine2(b, x) && listMoves2(b, x) > 0) return true;
  }
  b.tile.set(before);
  return false;
}

