// The rest of the expert's quick move (lookahead2.ts) on a bot's copy (no refill): endMove2's
// order — gravity, cascades, the belts' shift, gravity, cascades, hidden rectangles found, the
// recount — with each cascade step whose groups are plain played straight onto the board: colour
// tiles and plain coloured pieces in the lines, uncovered, no spreading ground under them, their
// neighbours hit plainly (as plainGroups judges a swap's groups, bots.ts), the groups' specials
// placed on their lowest (then leftmost) cell. Any other step is clearStep's. Checked with the
// whole quick move (checkQuickMoves).
import type { Board } from '../board.ts';
import { BOMB, ELEM0, EMPTY, RAINBOW, ROCKET_H, ROCKET_V, VOID } from '../codes.ts';
import { EV_ADJACENT } from '../../game/tables.ts';
import { emptiedAnywhere, gravityQuick } from './fall2q.ts';
import { findLines2, groupRoot, neighbours } from './lines.ts';
import { findHidden, recount2, shiftBelts } from './moveEnd.ts';
import { clearStep, type MoveFire } from './step.ts';
import { hitPlainly, placeSpecial, removeAt } from './lookahead2.ts';
import type { V2State } from './state.ts';

const NONE: readonly number[] = [];
const NO_FIRES: readonly MoveFire[] = [];
const nb = new Int32Array(4);

/** Scratch of one step: per cell the stamp that lists it (group cell, neighbour hit); the hits; per line root its group's shape and lowest cell. */
let inGroup = new Int32Array(0), inHits = new Int32Array(0), stamp = 0;
let hitList = new Int32Array(0);
let maxLen = new Int32Array(0), dirs = new Uint8Array(0), four = new Uint8Array(0), best = new Int32Array(0), swapped = new Int32Array(0);

/** Plain cascade steps played straight onto a board (for the tests: they are exercised), since the last call. */
let played = 0;
export function plainCascadesPlayed(): number {
  const k = played;
  played = 0;
  return k;
}

function size(n: number): void {
  if (inGroup.length >= n) return;
  inGroup = new Int32Array(n);
  inHits = new Int32Array(n);
  hitList = new Int32Array(n);
  maxLen = new Int32Array(2 * n);
  dirs = new Uint8Array(2 * n);
  four = new Uint8Array(2 * n);
  best = new Int32Array(2 * n);
  swapped = new Int32Array(2 * n);
  stamp = 0;
}

/** endMove2 on a bot's copy (b.refill false), its cascades through plainCascade. */
export function endQuick(b: Board, x: V2State, recount: boolean): void {
  gravityQuick(b, x);
  let step = cascadeQuick(b, x, 2);
  if (shiftBelts(b, x)) {
    emptiedAnywhere(b);
    gravityQuick(b, x);
    step = cascadeQuick(b, x, step);
  }
  findHidden(b, x);
  if (recount) recount2(b, x);
}

/** cascade2: steps from `fromStep` until no group is left; returns the next step number. */
function cascadeQuick(b: Board, x: V2State, fromStep: number): number {
  let step = fromStep;
  for (let guard = 0; ; guard++) {
    if (guard > 10000) throw new Error('cascades did not settle: the game is not counted');
    const lines = findLines2(b, x);
    if (lines === 0) return step;
    if (!plainCascade(b, x, step, lines)) {
      emptiedAnywhere(b);
      if (!clearStep(b, x, step, -1, -1, NONE, NO_FIRES, null, lines)) return step;
    }
    step++;
    gravityQuick(b, x);
  }
}

/** A neighbour m of a group takes its `adjacent` hit plainly (or none); false when the step must be played. */
function plainNeighbour(b: Board, x: V2State, m: number, hits: number): number {
  const t = b.tile[m];
  if (t === VOID || inGroup[m] === stamp) return hits;
  if (b.cover[m] !== 0) return -1;
  if (t < ELEM0) return hits;
  const e = t - ELEM0, gt = x.gt;
  if (gt.colored[e] !== 0 || (b.game.damage[e] & EV_ADJACENT) === 0) return hits;
  if (x.anchor[m] >= 0 || gt.key[e] >= 0) return -1;
  if (gt.gateCounter[e] >= 0 && x.gateOpen[e] === 0) return hits; // a shut gate: no hit
  const hp = b.hp[m];
  if (hp < 1 || gt.onHit[e].length !== 0 || (hp === 1 && gt.onDestroy[e].length !== 0)) return -1;
  if (inHits[m] === stamp) return hits;
  inHits[m] = stamp;
  hitList[hits] = m;
  return hits + 1;
}

/** Whether the group cell j is plain: an uncovered colour tile or plain coloured piece, no spreading ground. */
function plainCell(b: Board, x: V2State, j: number): boolean {
  if (b.cover[j] !== 0) return false;
  if (b.ground[j] !== 0 && b.game.spreadGrounds.includes(b.groundKind[j])) return false;
  const t = b.tile[j];
  if (t < 6) return true;
  if (t < ELEM0) return false;
  const e = t - ELEM0, gt = x.gt;
  return gt.colored[e] !== 0 && x.anchor[j] < 0 && gt.onHit[e].length === 0 && gt.onDestroy[e].length === 0;
}

/**
 * Cascade step `step` of the L lines findLines2 just found, played straight onto b when plain (as
 * clearStep leaves it: tiles and pieces removed at 10 × step, neighbours hit, grounds `cleared`,
 * specials placed); false, with b untouched, when it is not. sa, sb: a swap's cells (step 1 of
 * a real move, plainStep.ts: a group's special goes on its swapped cell), else -1.
 */
export function plainCascade(b: Board, x: V2State, step: number, L: number, sa = -1, sb = -1): boolean {
  const hits = plainLines(b, x, L);
  if (hits < 0) return false;
  groupShapes(b, L, sa, sb);
  b.step = step;
  b.stampId++;
  played++;
  const { w, lineStart, lineLen, lineVert, tile } = b;
  for (let l = 0; l < L; l++) {
    const st = lineVert[l] ? w : 1;
    for (let k = 0, j = lineStart[l]; k < lineLen[l]; k++, j += st) {
      const t = tile[j];
      if (t === EMPTY) continue; // a cell of two lines, removed already
      if (t < ELEM0) b.collected[t]++;
      else {
        b.elRemoved[t - ELEM0]++;
        b.elHit[t - ELEM0] = 1;
      }
      removeAt(b, x, j, step);
    }
  }
  hitPlainly(b, x, hitList, hits, step);
  for (let l = 0; l < L; l++) {
    if (groupRoot(b, l) !== l) continue;
    const special = maxLen[l] >= 5 ? RAINBOW : dirs[l] === 3 ? BOMB : four[l] !== 0 ? (four[l] & 1 ? ROCKET_V : ROCKET_H) : -1;
    if (special >= 0) placeSpecial(b, swapped[l] >= 0 ? swapped[l] : best[l], special);
  }
  return true;
}

/** Whether the L lines' cells are plain (inGroup stamped) and their neighbours' hits too: the hits (in hitList), or -1. */
function plainLines(b: Board, x: V2State, L: number): number {
  size(b.n);
  if (++stamp > 1e9) {
    inGroup.fill(0);
    inHits.fill(0);
    stamp = 1;
  }
  const { w, lineStart, lineLen, lineVert } = b;
  for (let l = 0; l < L; l++) {
    const st = lineVert[l] ? w : 1;
    for (let k = 0, j = lineStart[l]; k < lineLen[l]; k++, j += st) {
      if (!plainCell(b, x, j)) return -1;
      inGroup[j] = stamp;
    }
  }
  let hits = 0;
  for (let l = 0; l < L; l++) {
    const st = lineVert[l] ? w : 1;
    for (let k = 0, j = lineStart[l]; k < lineLen[l]; k++, j += st) {
      const q = neighbours(b, x, j, nb);
      for (let r = 0; r < q && hits >= 0; r++) hits = plainNeighbour(b, x, nb[r], hits);
      if (hits < 0) return -1;
    }
  }
  return hits;
}

/** The groups' shapes (gatherGroups) per line root: every cell is uncovered, so a special goes on the swapped cell (sa, sb) or else the lowest, then leftmost. */
function groupShapes(b: Board, L: number, sa: number, sb: number): void {
  const { w, lineStart, lineLen, lineVert, row } = b;
  for (let l = 0; l < L; l++) {
    maxLen[l] = 0;
    dirs[l] = four[l] = 0;
    best[l] = swapped[l] = -1;
  }
  for (let l = 0; l < L; l++) {
    const g = groupRoot(b, l), len = lineLen[l], vert = lineVert[l], st = vert ? w : 1;
    if (len > maxLen[g]) maxLen[g] = len;
    dirs[g] |= vert ? 2 : 1;
    if (len === 4) four[g] |= vert ? 2 : 1;
    for (let k = 0, j = lineStart[l]; k < len; k++, j += st) {
      const bb = best[g];
      if (bb < 0 || row[j] > row[bb] || (row[j] === row[bb] && j < bb)) best[g] = j;
      if (j === sa || j === sb) swapped[g] = j;
    }
  }
}
