// RULES §2.5: what a match clear or a blast does to one cell, once per step; and what the
// specials and their combos hit.
import { BOMB, CHAIN, CRATE, EMPTY, RAINBOW, ROCKET_H, ROCKET_V, VOID, colorName, tileName } from './codes.ts';
import type { Board } from './board.ts';
import type { TileName } from './events.ts';
import type { ColorName } from '../level/index.ts';

/** Records an emptied cell for gravity (Board.clearLow). */
function noteRemoved(b: Board, i: number): void {
  const x = b.col[i], y = b.row[i];
  if (y > b.clearLow[x]) b.clearLow[x] = y;
}

function groundHit(b: Board, i: number): void {
  const g = b.ground[i];
  if (g > 0) {
    b.ground[i] = g - 1;
    b.jellyLeft--;
    if (b.rec !== null) b.rec.cur!.groundHits.push({ cell: i, left: g - 1 });
  }
}

function coverHit(b: Board, i: number): void {
  const c = b.cover[i];
  if (c === CHAIN) {
    b.cover[i] = 0;
    b.chainLeft--;
  } else {
    b.cover[i] = c - 1;
    b.iceLeft--;
  }
  if (b.rec !== null) b.rec.cur!.coverHits.push({ cell: i, cover: c === CHAIN ? 'chain' : 'ice', left: c === CHAIN ? 0 : c - 1 });
}

function crateHit(b: Board, i: number): void {
  const hp = b.hp[i] - 1;
  b.hp[i] = hp;
  b.crateHpLeft--;
  if (b.rec !== null) b.rec.cur!.crateHits.push({ cell: i, hp });
  if (hp === 0) {
    b.tile[i] = EMPTY;
    noteRemoved(b, i);
    b.cratesLeft--;
    b.removed++;
    b.score += 10 * b.step;
    if (b.rec !== null) {
      b.rec.cur!.removed.push({ cell: i, tile: 'crate' });
      b.rec.cur!.score += 10 * b.step;
    }
    groundHit(b, i); // a destroyed crate is a removed tile
  }
}

/**
 * Removes the colour tile or special at i: scores, counts for collect, takes a jelly layer.
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
  groundHit(b, i);
}

/** A cell of a match group (a colour tile): the cover takes the hit, else the tile goes. */
export function hitByMatch(b: Board, i: number): void {
  if (b.stamp[i] === b.stampId) return;
  b.stamp[i] = b.stampId;
  if (b.heat !== null) b.heat[i]++;
  if (b.cover[i] !== 0) {
    b.matchedCovered = true;
    coverHit(b, i);
  } else removeTile(b, i, true);
}

/** An orthogonal neighbour of a match cell: only a crate is affected. */
export function hitNeighbour(b: Board, i: number): void {
  if (b.tile[i] !== CRATE || b.stamp[i] === b.stampId) return;
  b.stamp[i] = b.stampId;
  if (b.heat !== null) b.heat[i]++;
  crateHit(b, i);
}

/** A blasted cell: cover, crate or tile takes the hit, and its jelly loses a layer in any case. */
export function hitByBlast(b: Board, i: number): void {
  const t = b.tile[i];
  if (t === VOID || b.stamp[i] === b.stampId) return;
  b.stamp[i] = b.stampId;
  if (b.heat !== null) b.heat[i]++;
  if (t === CRATE) {
    crateHit(b, i);
    if (b.tile[i] === CRATE) groundHit(b, i); // a destroyed crate already took the layer
  } else if (b.cover[i] !== 0) {
    coverHit(b, i);
    groundHit(b, i);
  } else if (t === EMPTY) groundHit(b, i);
  else removeTile(b, i, true);
}

/** A special that is activated by the move itself (tap, swap, combo): removed, not queued. */
export function useSpecial(b: Board, i: number): void {
  b.stamp[i] = b.stampId;
  if (b.heat !== null) b.heat[i]++;
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
