// RULES §2.5 and §11.2: what a match, a match next door or a blast does to one cell, once per step,
// read off the game's tables (each layer's damage events); and what the specials and their combos hit.
import { BOMB, ELEM0, EMPTY, RAINBOW, ROCKET_H, ROCKET_V, VOID, colorName, tileName } from './codes.ts';
import type { Board } from './board.ts';
import type { TileName } from './events.ts';
import type { ColorName } from '../level/index.ts';
import { EV_ADJACENT, EV_BLAST, EV_CLEARED, EV_MATCH } from '../game/tables.ts';

/** Records an emptied cell for gravity (Board.clearLow). */
export function noteRemoved(b: Board, i: number): void {
  const x = b.col[i], y = b.row[i];
  if (y > b.clearLow[x]) b.clearLow[x] = y;
}

/** The ground at i loses a layer when one of `ev` is in its damage list; at most once a step. */
function groundHit(b: Board, i: number, ev: number): void {
  const g = b.ground[i];
  if (g === 0 || b.gstamp[i] === b.stampId) return;
  const k = b.groundKind[i];
  if ((b.game.damage[k] & ev) === 0) return;
  b.gstamp[i] = b.stampId;
  b.ground[i] = g - 1;
  b.groundLeft--;
  b.elLeft[k]--;
  if (g === 1) b.elCells[k]--;
  if (b.rec !== null) b.rec.cur!.groundHits.push({ cell: i, ground: b.game.ids[k], left: g - 1 });
}

function coverHit(b: Board, i: number): void {
  const c = b.cover[i], k = b.coverKind[i];
  b.cover[i] = c - 1;
  b.coverLeft--;
  b.elLeft[k]--;
  if (c === 1) {
    b.elCells[k]--;
    b.holders--;
    b.colHole[b.col[i]] = -2; // its tile may fall now
  }
  b.elHit[k] = 1;
  if (b.rec !== null) b.rec.cur!.coverHits.push({ cell: i, cover: b.game.ids[k], left: c - 1 });
}

/** A tile element takes a hit: one hp; at 0 it is removed (scores, counts for collect, its ground is cleared). */
function elementHit(b: Board, i: number): void {
  const t = b.tile[i], e = t - ELEM0;
  const hp = b.hp[i] - 1;
  b.hp[i] = hp;
  b.elHpLeft--;
  b.elLeft[e]--;
  b.elHit[e] = 1;
  if (b.rec !== null) b.rec.cur!.elementHits.push({ cell: i, element: b.game.ids[e], hp });
  if (hp === 0) {
    b.tile[i] = EMPTY;
    noteRemoved(b, i);
    b.elCells[e]--;
    b.elTiles--;
    if (b.game.codeStuck[t] !== 0) b.holders--;
    b.elRemoved[e]++;
    b.removed++;
    b.score += 10 * b.step;
    if (b.rec !== null) {
      b.rec.cur!.removed.push({ cell: i, tile: b.game.ids[e] });
      b.rec.cur!.score += 10 * b.step;
    }
    groundHit(b, i, EV_CLEARED); // a destroyed element is a removed tile
  }
}

/** Marks cell i hit in this step (hit once per step) and counts it in the heat map. */
function stampHit(b: Board, i: number): void {
  b.stamp[i] = b.stampId;
  if (b.heat !== null) b.heat[i]++;
}

/**
 * Removes the colour tile or special at i: scores, counts for collect, clears its ground.
 * A removed special is queued to fire when `fire` is set.
 */
export function removeTile(b: Board, i: number, fire: boolean): void {
  const t = b.tile[i];
  b.tile[i] = EMPTY;
  noteRemoved(b, i);
  b.removed++;
  b.score += 10 * b.step;
  if (t < 6) b.collected[t]++;
  else if (fire) enqueueFire(b, i, t, -1);
  if (b.rec !== null) {
    b.rec.cur!.removed.push({ cell: i, tile: tileName(t) as TileName });
    b.rec.cur!.score += 10 * b.step;
  }
  groundHit(b, i, EV_CLEARED);
}

/**
 * A cell of a match group (a colour tile): its cover takes the hit when `match` is in the cover's
 * list (else the cover shields the tile), an uncovered tile goes.
 */
export function hitByMatch(b: Board, i: number): void {
  if (b.stamp[i] === b.stampId) return;
  if (b.cover[i] !== 0) {
    b.matchedCovered = true; // the tile stays: its line can match again anywhere
    if ((b.game.damage[b.coverKind[i]] & EV_MATCH) === 0) return;
    stampHit(b, i);
    coverHit(b, i);
  } else {
    stampHit(b, i);
    removeTile(b, i, true);
  }
}

/**
 * An orthogonal neighbour of a match cell: only a top layer that lists `adjacent` is affected (a
 * colour tile or special is not).
 */
export function hitNeighbour(b: Board, i: number): void {
  if (b.stamp[i] === b.stampId) return;
  const t = b.tile[i];
  if (b.cover[i] !== 0) {
    if ((b.game.damage[b.coverKind[i]] & EV_ADJACENT) === 0) return;
    stampHit(b, i);
    coverHit(b, i);
  } else if (t >= ELEM0 && (b.game.codeDamage[t] & EV_ADJACENT) !== 0) {
    stampHit(b, i);
    elementHit(b, i);
  }
}

/**
 * A blasted cell: its top layer (cover, tile element, colour tile or special) takes the hit when
 * `blast` is in its list, and its ground loses a layer in any case when `blast` is in the ground's.
 */
export function hitByBlast(b: Board, i: number): void {
  const t = b.tile[i];
  if (t === VOID || b.stamp[i] === b.stampId) return;
  if (b.cover[i] !== 0) {
    if ((b.game.damage[b.coverKind[i]] & EV_BLAST) !== 0) {
      stampHit(b, i);
      coverHit(b, i);
    }
  } else if (t >= ELEM0) {
    if ((b.game.codeDamage[t] & EV_BLAST) !== 0) {
      stampHit(b, i);
      elementHit(b, i);
    }
  } else {
    stampHit(b, i);
    if (t !== EMPTY) removeTile(b, i, true);
  }
  groundHit(b, i, EV_BLAST);
}

/** A special that is activated by the move itself (tap, swap, combo): removed, not queued. */
export function useSpecial(b: Board, i: number): void {
  stampHit(b, i);
  removeTile(b, i, false);
}

export function enqueueFire(b: Board, i: number, type: number, color: number): void {
  const k = b.fireTail++;
  b.fireCell[k] = i;
  b.fireType[k] = type;
  b.fireColor[k] = color;
}

/** The most common colour on the board (covered tiles count); ties go to palette order. -1 if none. */
export function mostCommonColor(b: Board): number {
  const cnt = b.tmp;
  cnt[0] = cnt[1] = cnt[2] = cnt[3] = cnt[4] = cnt[5] = 0;
  const tile = b.tile;
  for (let i = 0; i < b.n; i++) {
    const t = tile[i];
    if (t < 6) cnt[t]++;
  }
  let best = -1, bestN = 0;
  for (let c = 0; c < 6; c++)
    if (cnt[c] > bestN) {
      bestN = cnt[c];
      best = c;
    }
  return best;
}

function blastRow(b: Board, y: number): void {
  const o = y * b.w;
  for (let x = 0; x < b.w; x++) hitByBlast(b, o + x);
}
function blastCol(b: Board, x: number): void {
  for (let y = 0; y < b.h; y++) hitByBlast(b, y * b.w + x);
}
function blastSquare(b: Board, cx: number, cy: number, r: number): void {
  const x0 = cx - r < 0 ? 0 : cx - r, x1 = cx + r >= b.w ? b.w - 1 : cx + r;
  const y0 = cy - r < 0 ? 0 : cy - r, y1 = cy + r >= b.h ? b.h - 1 : cy + r;
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) hitByBlast(b, y * b.w + x);
}

function fireOne(b: Board, i: number, type: number, color: number): void {
  const x = b.col[i], y = b.row[i];
  if (b.rec !== null) {
    const f: StepFired = { cell: i, tile: tileName(type) as TileName };
    if (type === RAINBOW && color >= 0) f.color = colorName(color);
    b.rec.cur!.fired.push(f);
  }
  switch (type) {
    case ROCKET_H:
      blastRow(b, y);
      break;
    case ROCKET_V:
      blastCol(b, x);
      break;
    case BOMB:
      blastSquare(b, x, y, 1);
      break;
    case RAINBOW: {
      const c = color >= 0 ? color : mostCommonColor(b);
      if (c < 0) break;
      if (b.rec !== null) b.rec.cur!.fired[b.rec.cur!.fired.length - 1].color = colorName(c);
      const tile = b.tile;
      for (let j = 0; j < b.n; j++) if (tile[j] === c) hitByBlast(b, j);
      break;
    }
  }
}
type StepFired = { cell: number; tile: TileName; color?: ColorName };

/** Fires queued specials (and those they set off) until the queue is empty. */
export function runFireQueue(b: Board): void {
  while (b.fireHead < b.fireTail) {
    const k = b.fireHead++;
    fireOne(b, b.fireCell[k], b.fireType[k], b.fireColor[k]);
  }
}

/**
 * Two specials swapped together (RULES §2.4). `at` is where they meet: the cell the dragged
 * special moved into, now holding `moved`; `other` is the partner's new cell.
 */
export function fireCombo(b: Board, at: number, moved: number, other: number, partner: number): void {
  // both specials are used up (they score, and their cells' jelly takes a layer)
  useSpecial(b, at);
  useSpecial(b, other);
  if (b.rec !== null) b.rec.cur!.fired.push({ cell: at, tile: tileName(moved) as TileName, combo: tileName(partner) as TileName });
  const x = b.col[at], y = b.row[at];
  const isRocket = (t: number) => t === ROCKET_H || t === ROCKET_V;
  const lo = moved < partner ? moved : partner, hi = moved < partner ? partner : moved;
  if (isRocket(lo) && isRocket(hi)) {
    blastRow(b, y);
    blastCol(b, x);
  } else if (isRocket(lo) && hi === BOMB) {
    for (let d = -1; d <= 1; d++) {
      if (y + d >= 0 && y + d < b.h) blastRow(b, y + d);
      if (x + d >= 0 && x + d < b.w) blastCol(b, x + d);
    }
  } else if (lo === BOMB && hi === BOMB) {
    blastSquare(b, x, y, 2);
  } else if (hi === RAINBOW && lo !== RAINBOW) {
    // every tile of the most common colour becomes the partner special and fires
    const c = mostCommonColor(b);
    if (c < 0) return;
    const tile = b.tile, cover = b.cover;
    for (let j = 0; j < b.n; j++) {
      if (tile[j] !== c) continue;
      const uncovered = cover[j] === 0;
      hitByBlast(b, j);
      if (uncovered) enqueueFire(b, j, lo, -1);
    }
  } else {
    // rainbow + rainbow: the whole board
    for (let j = 0; j < b.n; j++) hitByBlast(b, j);
  }
}
