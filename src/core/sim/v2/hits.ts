// Hits of a version 2 clear step (RULES §11.2, §12.1 keys, §12.4 multi-cell pieces): a wave's
// gathered events applied to each touched cell's top layer once (a multi-cell piece once, at its
// anchor), then to the grounds; the touched list, the record of pieces hit or removed for the waves.
import type { Board } from '../board.ts';
import { ELEM0, EMPTY, RAINBOW, ROCKET_H, tileName } from '../codes.ts';
import { EV_ADJACENT, EV_BLAST, EV_CLEARED, EV_EFFECT, EV_MATCH } from '../../game/tables.ts';
import type { V2State } from './state.ts';

/** What happened to a piece in a wave (bits of V2State.fxWhat). */
export const HIT = 1, DESTROYED = 2, GATED = 4;
/** Which layer of the cell (V2State.fxLayer). */
export const LAYER_TILE = 0, LAYER_COVER = 1;

/** The layers whose start-of-step snapshot (V2State.startTile; startCover and startCoverKind) the current step took: bit 1 tiles, bit 2 covers (hit_linked reads only those). */
export const snap = { layers: 0 };

/** Lists cell i among the cells the wave touches (once). */
export function touch(x: V2State, i: number): void {
  if (x.inTouched[i] !== 0) return;
  x.inTouched[i] = 1;
  x.touched[x.touchedCount++] = i;
}

/** Empties the touched list. */
export function untouchAll(x: V2State): void {
  for (let k = 0; k < x.touchedCount; k++) x.inTouched[x.touched[k]] = 0;
  x.touchedCount = 0;
}


/** Removes the tile at i (a colour tile, special or 1×1 piece): scores 10 × step, marks the cell. */
export function removeTileAt(b: Board, x: V2State, i: number): void {
  x.changes++;
  x.emptied(i);
  b.tile[i] = EMPTY;
  b.hp[i] = 0;
  x.pcolor[i] = -1;
  x.cd[i] = 0;
  x.fresh[i] = 0;
  x.removedNow[i] = 1;
  x.topHit[i] = 1;
  b.removed++;
  b.score += 10 * b.step;
  if (b.heat !== null) b.heat[i]++;
}

export const gateClosed = (x: V2State, e: number) => x.gt.gateCounter[e] >= 0 && x.gateOpen[e] === 0;

/** A keyed piece's match and adjacent events count only from groups of its colour (RULES §12.1 key). */
function keyed(x: V2State, e: number, ev: number, i: number): number {
  const key = x.gt.key[e];
  if (key < 0) return ev;
  let r = ev & ~(EV_MATCH | EV_ADJACENT);
  if ((ev & EV_MATCH) !== 0 && x.mcol[i] === key) r |= EV_MATCH;
  if ((ev & EV_ADJACENT) !== 0 && (x.acol[i] & (1 << key)) !== 0) r |= EV_ADJACENT;
  return r;
}

export function noteFx(x: V2State, cell: number, what: number, layer: number, el: number): void {
  const k = x.fxCount++;
  x.fxCell[k] = cell;
  x.fxWhat[k] = what;
  x.fxLayer[k] = layer;
  x.fxEl[k] = el;
}

/** Every cell of the multi-cell piece anchored at a (w × h of element e). */
export function pieceCells(b: Board, x: V2State, a: number, e: number, out: number[]): number[] {
  out.length = 0;
  const pw = x.gt.sizeW[e], ph = x.gt.sizeH[e];
  for (let dy = 0; dy < ph; dy++) for (let dx = 0; dx < pw; dx++) out.push(a + dy * b.w + dx);
  return out;
}
export const cellsScratch: number[] = [];

/** Empties every cell of the multi-cell piece of element e anchored at a; it scores once (RULES §12.4). */
export function removeMultiCells(b: Board, x: V2State, a: number, e: number): void {
  for (const j of pieceCells(b, x, a, e, cellsScratch)) {
    x.emptied(j);
    b.tile[j] = EMPTY;
    b.hp[j] = 0;
    x.anchor[j] = -1;
    x.removedNow[j] = 1;
    x.topHit[j] = 1;
    touch(x, j);
  }
  b.removed++;
  b.score += 10 * b.step;
}

/** Removes the tile element piece at anchor a (all its cells): scores once, counts for collect, runs onDestroy. */
function removePiece(b: Board, x: V2State, a: number, e: number, what: number): void {
  const multi = x.gt.sizeW[e] * x.gt.sizeH[e] > 1;
  if (multi) {
    removeMultiCells(b, x, a, e);
    if (b.heat !== null) b.heat[a]++;
  } else removeTileAt(b, x, a);
  b.elRemoved[e]++;
  b.elHit[e] = 1;
  noteFx(x, a, what, LAYER_TILE, e);
}

/** The top layer of cell i (a multi-cell piece: at its anchor, with the union of its cells' events) takes its one hit. */
function hitTop(b: Board, x: V2State, i: number, ev: number): void {
  const gt = x.gt, dmg = b.game.damage;
  if (b.cover[i] !== 0) {
    const ce = b.coverKind[i];
    if (gateClosed(x, ce)) return;
    if ((keyed(x, ce, ev, i) & dmg[ce]) === 0) return;
    const left = --b.cover[i];
    x.mark(i);
    if (left === 0) x.hole(i); // its tile may fall now
    x.changes++;
    x.topHit[i] = 1;
    b.elHit[ce] = 1;
    if (b.heat !== null) b.heat[i]++;
    if (b.rec !== null) b.rec.cur!.coverHits.push({ cell: i, cover: b.game.ids[ce], left });
    noteFx(x, i, left === 0 ? HIT | DESTROYED : HIT, LAYER_COVER, ce);
    return;
  }
  const t = b.tile[i];
  if (t < 6) {
    if ((ev & (EV_MATCH | EV_BLAST)) === 0) return;
    b.collected[t]++;
    if (b.rec !== null) b.rec.cur!.removed.push({ cell: i, tile: tileName(t)! });
    removeTileAt(b, x, i);
    return;
  }
  if (t >= ROCKET_H && t <= RAINBOW) {
    if ((ev & (EV_MATCH | EV_BLAST)) === 0) return;
    if (b.rec !== null) b.rec.cur!.removed.push({ cell: i, tile: tileName(t)! });
    removeTileAt(b, x, i);
    return;
  }
  if (t < ELEM0) return;
  const e = t - ELEM0;
  if (gt.colored[e] !== 0) {
    if ((ev & (EV_MATCH | EV_BLAST)) === 0) return;
    b.elRemoved[e]++;
    b.elHit[e] = 1;
    if (b.rec !== null) b.rec.cur!.removed.push({ cell: i, tile: b.game.ids[e] });
    removeTileAt(b, x, i);
    noteFx(x, i, HIT | DESTROYED, LAYER_TILE, e);
    return;
  }
  if (gateClosed(x, e)) return;
  if ((keyed(x, e, ev, i) & dmg[e]) === 0) return;
  const hp = --b.hp[i];
  x.changes++;
  b.elHit[e] = 1;
  if (b.rec !== null) b.rec.cur!.elementHits.push({ cell: i, element: b.game.ids[e], hp });
  if (hp > 0) {
    const multi = gt.sizeW[e] * gt.sizeH[e] > 1;
    if (multi) for (const j of pieceCells(b, x, i, e, cellsScratch)) x.topHit[j] = 1;
    else x.topHit[i] = 1;
    if (b.heat !== null) b.heat[i]++;
    noteFx(x, i, HIT, LAYER_TILE, e);
  } else removePiece(b, x, i, e, HIT | DESTROYED);
}

/** The ground at i loses a layer when one of its events (a removed tile above: `cleared`) is in its list; once a step. */
export function hitGround(b: Board, x: V2State, i: number, ev: number): void {
  const g = b.ground[i];
  if (g === 0 || x.groundHit[i] !== 0) return;
  const k = b.groundKind[i];
  const e = (ev & (EV_BLAST | EV_EFFECT)) | (x.removedNow[i] !== 0 ? EV_CLEARED : 0);
  if ((b.game.damage[k] & e) === 0) return;
  x.groundHit[i] = 1;
  x.changes++;
  b.ground[i] = g - 1;
  if (b.rec !== null) b.rec.cur!.groundHits.push({ cell: i, ground: b.game.ids[k], left: g - 1 });
}

/**
 * Applies the gathered events: each touched cell's top layer once (a multi-cell piece once, at its
 * anchor, with its cells' events joined), then the grounds. `effects`: a wave of `effect` events,
 * which a cell whose top layer was hit earlier in the step ignores.
 */
export function applyWave(b: Board, x: V2State, effects: boolean): void {
  const touched = x.touched, ev = x.ev, anchor = x.anchor;
  // a multi-cell piece's events are the union of its cells' (keys: the colours next to any of them)
  for (let k = 0, m = x.touchedCount; k < m; k++) {
    const i = touched[k], a = anchor[i];
    if (a >= 0 && a !== i) {
      if (effects && x.topHit[i] !== 0) {
        ev[i] = 0; // ignored: its ground neither
        continue;
      }
      touch(x, a);
      ev[a] |= ev[i] & ~EV_MATCH;
      x.acol[a] |= x.acol[i];
    }
  }
  // reading order (the touched list holds each cell once)
  const hitTo = x.touchedCount;
  sortTouched(touched, 0, hitTo);
  for (let k = 0; k < hitTo; k++) {
    const i = touched[k];
    const a = anchor[i];
    if (a >= 0 && a !== i) continue;
    if (effects && x.topHit[i] !== 0) {
      ev[i] = 0; // ignored: its ground neither
      continue;
    }
    if (ev[i] !== 0) hitTop(b, x, i, ev[i]);
  }
  // the hits may have touched more cells (a multi-cell piece's): grounds in reading order
  const done = x.touchedCount;
  if (done > hitTo) sortTouched(touched, 0, done);
  for (let k = 0; k < done; k++) hitGround(b, x, touched[k], ev[touched[k]]);
  for (let k = 0; k < done; k++) {
    const i = touched[k];
    ev[i] = 0;
    x.mcol[i] = -1;
    x.acol[i] = 0;
    x.removedNow[i] = 0;
  }
  untouchAll(x);
}

/** Sorts list[from, to) ascending in place (short lists of distinct cells: insertion sort, no allocation). */
function sortTouched(list: Int32Array, from: number, to: number): void {
  for (let k = from + 1; k < to; k++) {
    const v = list[k];
    let j = k - 1;
    while (j >= from && list[j] > v) {
      list[j + 1] = list[j];
      j--;
    }
    list[j + 1] = v;
  }
}
