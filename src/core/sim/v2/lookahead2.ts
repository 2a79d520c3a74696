// The expert's look-ahead on a version 2 board, its shortcut (V2Chooser, bots.ts): a swap whose
// first clear is plain (the average bot's plainGroups: colour tiles and plain coloured pieces in
// lines of three or more, neighbours hit plainly) has its step 1 played straight
// onto the copy — the tiles removed, the neighbours hit, the grounds `cleared`, the counters moved,
// as clearStep leaves them — instead of through the scan, the events and the waves; the rest of
// the move is the engine's (endMove2). Checked in tests against the whole move played (stateDiff).
import type { Board } from '../board.ts';
import { ELEM0, EMPTY } from '../codes.ts';
import { EV_CLEARED } from '../../game/tables.ts';
import { swapSlots } from './lines.ts';
import type { V2State } from './state.ts';
import { emptied } from './fall2q.ts';

/** A tile or piece removed in step `step` (removeTileAt's changes, no scratch marks): scores 10 × step. */
export function removeTile(b: Board, x: V2State, i: number, step: number): void {
  x.changes++;
  x.hole(i); // not marked for the line scan: an empty cell is in no line, and a piece landing there marks it
  b.tile[i] = EMPTY;
  emptied(b, i); // the expert's gravity starts its slide search at or below it
  b.hp[i] = 0;
  x.pcolor[i] = -1;
  x.cd[i] = 0;
  x.fresh[i] = 0;
  b.removed++;
  b.score += 10 * step;
  if (b.heat !== null) b.heat[i]++;
}

/** removeTile, and its ground `cleared`. */
export function removeAt(b: Board, x: V2State, i: number, step: number): void {
  removeTile(b, x, i, step);
  const g = b.ground[i];
  if (g !== 0 && (b.game.damage[b.groundKind[i]] & EV_CLEARED) !== 0) {
    x.changes++;
    b.ground[i] = g - 1;
  }
}

/** The `hits` pieces of `cells` hit plainly in step `step`: a hit point each, removed at their last. */
export function hitPlainly(b: Board, x: V2State, cells: Int32Array, hits: number, step: number): void {
  const tile = b.tile;
  for (let k = 0; k < hits; k++) {
    const m = cells[k], e = tile[m] - ELEM0;
    x.changes++;
    b.elHit[e] = 1;
    if (--b.hp[m] > 0) {
      if (b.heat !== null) b.heat[m]++;
      continue;
    }
    b.elRemoved[e]++;
    removeAt(b, x, m, step);
  }
}

/**
 * Step 1 of the swap a ↔ c on b when plainGroups found it plain: the swap, then the `n` cells of
 * `group` removed (colour tiles collected, coloured pieces removed for collect), the `hits`
 * neighbours of `hitCell` (cells once swapped) losing a hit point, removed at their last, and the
 * specials the lines through a and c make (madeA, madeC; -1 none) placed there. Leaves the board, its counters and gravity's and the line scan's marks as
 * firstStep2 does (the step's own scratch aside, which the next step starts over).
 */
export function plainSwapStep(b: Board, x: V2State, a: number, c: number, group: Int32Array, n: number, hitCell: Int32Array, hits: number, madeA: number, madeC: number): void {
  swapSlots(b, x, a, c);
  x.hole(a);
  x.hole(c);
  b.step = 1;
  b.stampId++;
  const tile = b.tile;
  for (let k = 0; k < n; k++) {
    const i = group[k], t = tile[i];
    if (t < ELEM0) b.collected[t]++;
    else {
      b.elRemoved[t - ELEM0]++;
      b.elHit[t - ELEM0] = 1;
    }
    removeAt(b, x, i, 1);
  }
  hitPlainly(b, x, hitCell, hits, 1);
  // the specials the groups make, on their swapped cell (emptied: it is in its group)
  if (madeA >= 0) placeSpecial(b, a, madeA);
  if (madeC >= 0) placeSpecial(b, c, madeC);
}

/** A special a group made goes on its swapped cell when that was emptied (placeSpecials2). */
export function placeSpecial(b: Board, i: number, special: number): void {
  if (b.tile[i] !== EMPTY) return;
  b.tile[i] = special;
  b.specialsMade++;
}
