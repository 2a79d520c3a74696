// One move from swap to stable board: the player's clear (step 1), then gravity, refill and
// cascades (steps 2, 3, …), RULES §2.4–2.7.
import type { Board } from './board.ts';
import { BOMB, ELEM0, RAINBOW, ROCKET_H, ROCKET_V, tileName } from './codes.ts';
import { gravityAfterClear } from './gravity.ts';
import { enqueueFire, fireCombo, hitByMatch, hitNeighbour, runFireQueue, useSpecial } from './hits.ts';
import { findMatches, findMatchesAround, findMatchesChanged, firstChangedLine, groupOf, hasAnyMatch } from './match.ts';
import { TAP, moveTarget } from './moves.ts';
import type { TileName } from './events.ts';
import { noteSpreadGroups, spreadGrounds, spreadTiles } from './spread.ts';

/** Opens step `step`: a new hit stamp, empty fire and placement lists (exported for the look-ahead). */
export function beginStep(b: Board, step: number): void {
  b.step = step;
  b.stampId++;
  b.fireHead = b.fireTail = 0;
  b.placeCount = 0;
  b.matchedCovered = false;
  b.spreadPending = false;
  if (b.rec !== null) b.rec.begin(step);
}

/**
 * Clears the groups found by findMatches and decides the specials they make (placed later by
 * placeSpecials). sa/sb: the swapped cells (a special appears there when in the group), or -1.
 */
export function clearGroups(b: Board, sa: number, sb: number): void {
  // one line of three (the usual clear) makes no special: nothing to decide
  if (b.lineCount > 1 || b.lineLen[0] > 3) decideSpecials(b, sa, sb);
  if (b.game.spreadGrounds.length !== 0) noteSpreadGroups(b);
  hitLines(b);
}

/** After a step's hits: the grounds its groups spread (RULES §11.2). */
export function endHits(b: Board): void {
  if (b.spreadPending) spreadGrounds(b);
}

/** Whether a cell next to a match can be affected: some element on the board lists `adjacent`. */
function neighboursMatter(b: Board): boolean {
  const els = b.game.adjacentEls;
  for (let k = 0; k < els.length; k++) if (b.elCells[els[k]] !== 0) return true;
  return false;
}

/** The groups' qualities and the specials they make (placeSpecials puts them on the board). */
function decideSpecials(b: Board, sa: number, sb: number): void {
  const { w, lineStart, lineLen, lineVert, lineParent, gMaxLen, gDirs, gFour, gBest, gSwap, cover, row } = b;
  const L = b.lineCount;
  for (let l = 0; l < L; l++) {
    if (lineParent[l] !== l) continue;
    gMaxLen[l] = 0;
    gDirs[l] = 0;
    gFour[l] = 0;
    gBest[l] = -1;
    gSwap[l] = -1;
  }
  for (let l = 0; l < L; l++) {
    const g = groupOf(b, l);
    const len = lineLen[l], vert = lineVert[l], step = vert ? w : 1;
    if (len > gMaxLen[g]) gMaxLen[g] = len;
    gDirs[g] |= vert ? 2 : 1;
    if (len === 4) gFour[g] |= vert ? 2 : 1;
    for (let k = 0, j = lineStart[l]; k < len; k++, j += step) {
      if (cover[j] === 0) {
        const best = gBest[g];
        // lowest row first (larger index row), then leftmost
        if (best < 0 || row[j] > row[best] || (row[j] === row[best] && j < best)) gBest[g] = j;
      }
      if (j === sa || j === sb) gSwap[g] = j;
    }
  }
  // decide the specials before clearing (a special needs a cell whose tile is removed)
  for (let l = 0; l < L; l++) {
    if (lineParent[l] !== l) continue;
    let special = -1;
    if (gMaxLen[l] >= 5) special = RAINBOW;
    else if (gDirs[l] === 3) special = BOMB;
    else if (gFour[l] !== 0) special = gFour[l] & 1 ? ROCKET_V : ROCKET_H;
    if (special < 0) continue;
    const at = gSwap[l] >= 0 ? gSwap[l] : gBest[l];
    if (at < 0) continue;
    b.placeCell[b.placeCount] = at;
    b.placeTile[b.placeCount++] = special;
  }
}

/** Every cell of every recorded line is hit by the match (and, with `adjacent`-damaged elements about — crates in classic — its neighbours). */
function hitLines(b: Board): void {
  const { w, n, lineStart, lineLen, lineVert, col } = b;
  const L = b.lineCount;
  const rec = b.rec;
  // a match's neighbours matter only when an element that takes `adjacent` is on the board
  const neighbours = neighboursMatter(b);
  for (let l = 0; l < L; l++) {
    const len = lineLen[l], step = lineVert[l] ? w : 1;
    for (let k = 0, j = lineStart[l]; k < len; k++, j += step) {
      if (rec !== null && b.stamp[j] !== b.stampId) rec.cur!.matched.push(j);
      hitByMatch(b, j);
      if (!neighbours) continue;
      const x = col[j];
      if (x > 0) hitNeighbour(b, j - 1);
      if (x < w - 1) hitNeighbour(b, j + 1);
      if (j >= w) hitNeighbour(b, j - w);
      if (j + w < n) hitNeighbour(b, j + w);
    }
  }
}

export function placeSpecials(b: Board): void {
  for (let k = 0; k < b.placeCount; k++) {
    const i = b.placeCell[k], t = b.placeTile[k];
    b.tile[i] = t;
    b.specialsMade++;
    if (b.rec !== null) b.rec.cur!.created.push({ cell: i, tile: tileName(t) as TileName });
  }
}

/**
 * Steps 2, 3, … until the board is stable. `afterGravity`: the board was stable before the step
 * just cleared and gravity has run, so only what gravity changed needs looking at.
 */
export function cascade(b: Board, fromStep: number, afterGravity = false): void {
  for (let step = fromStep; ; step++) {
    // most checks find a stable board: a scan with no bookkeeping answers that cheaply, and only
    // over what changed (a covered tile in a match stays where it was, so then look everywhere)
    const changed = afterGravity && !b.matchedCovered;
    afterGravity = true;
    if (changed) {
      // the rows above the first line found hold none: the recording scan starts there
      const first = firstChangedLine(b);
      if (first < 0 || findMatchesChanged(b, first) === 0) return;
    } else if (!hasAnyMatch(b) || findMatches(b) === 0) return;
    beginStep(b, step);
    // what any hit changes: a tile removed, or a layer or hit point off a cover, ground or element
    const removed = b.removed, covers = b.coverLeft, grounds = b.groundLeft, hp = b.elHpLeft;
    clearGroups(b, -1, -1);
    runFireQueue(b);
    // lines of covered tiles whose covers no match can hurt hit nothing: they stay as they are
    if (b.removed === removed && b.coverLeft === covers && b.groundLeft === grounds && b.elHpLeft === hp) return;
    endHits(b);
    placeSpecials(b);
    gravityAfterClear(b);
  }
}

/**
 * Plays a move that moveValid accepted on a stable board, through to a stable board. Does not
 * count moves, check objectives or resolve deadlocks (game.ts does).
 */
export function applyMove(b: Board, code: number): void {
  const a = code >> 3;
  const spreading = b.game.spreadTiles.length !== 0;
  if (spreading) b.elHit.fill(0);
  beginStep(b, 1);
  if ((code & 7) === TAP) {
    const t = b.tile[a];
    useSpecial(b, a);
    enqueueFire(b, a, t, -1);
  } else {
    const c = moveTarget(b, code);
    const tile = b.tile;
    const ta = tile[a], tc = tile[c];
    tile[a] = tc;
    tile[c] = ta;
    if (ta >= ELEM0 || tc >= ELEM0) {
      // a swappable element takes its hp along
      const hp = b.hp[a];
      b.hp[a] = b.hp[c];
      b.hp[c] = hp;
      // what holds up a column moved: gravity looks at both again
      b.colHole[b.col[a]] = -2;
      b.colHole[b.col[c]] = -2;
    }
    const sa = ta >= ROCKET_H && ta <= RAINBOW, sc = tc >= ROCKET_H && tc <= RAINBOW; // the special that was at a is now at c
    if (sa && sc) {
      fireCombo(b, c, ta, a, tc);
    } else {
      if (findMatchesAround(b, a, c) > 0) clearGroups(b, a, c);
      if (sa) fireSwapped(b, c, ta, tc);
      if (sc) fireSwapped(b, a, tc, ta);
    }
  }
  runFireQueue(b);
  endHits(b);
  placeSpecials(b);
  gravityAfterClear(b);
  cascade(b, 2, true);
  // spreading draws from the game's stream: a bot's estimate (no refill) never sees it
  if (spreading && b.refill) spreadTiles(b);
}

/** A special swapped with a colour tile goes off where it landed; a rainbow takes that colour. */
export function fireSwapped(b: Board, at: number, special: number, partner: number): void {
  if (b.stamp[at] === b.stampId) return;
  useSpecial(b, at);
  // with an element as partner a rainbow fires as if tapped: the most common colour
  enqueueFire(b, at, special, special === RAINBOW && partner < 6 ? partner : -1);
}
