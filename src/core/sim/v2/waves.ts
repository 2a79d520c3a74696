// Waves after wave 0 of a version 2 clear step (RULES §12.2 Effects and Waves): the effects of the
// pieces hit or removed in the last wave (reading order), counters ticking, gates opening at their
// threshold and removing their pieces, until nothing is left to act.
import type { Board } from '../board.ts';
import { ELEM0, EMPTY, VOID } from '../codes.ts';
import { EV_EFFECT, FX_ALL, FX_CREDIT, FX_LINKED, FX_NEIGHBOURS, FX_TICK } from '../../game/tables.ts';
import { neighbours } from './lines.ts';
import { applyWave, cellsScratch, DESTROYED, removeMultiCells, GATED, HIT, hitGround, LAYER_COVER, LAYER_TILE, noteFx, pieceCells, removeTileAt, snap, touch, untouchAll } from './hits.ts';
import type { V2State } from './state.ts';

const nb = new Int32Array(4);

const linkSeen: { a: Uint8Array } = { a: new Uint8Array(0) };
const linkStack: number[] = [];

/** hit_linked: every other cell connected to the piece through cells of its element (start of step). */
function hitLinked(b: Board, x: V2State, cell: number, layer: number, e: number): void {
  if (checkOrder) {
    linkedChecked++;
    if ((snap.layers & (layer === LAYER_TILE ? 1 : 2)) === 0) throw new Error(`hit_linked reads the ${layer === LAYER_TILE ? 'tiles' : 'covers'} at the start of the step, which were not kept`);
  }
  if (linkSeen.a.length !== b.n) linkSeen.a = new Uint8Array(b.n);
  const seen = linkSeen.a;
  seen.fill(0);
  const holds = (j: number) => (layer === LAYER_TILE ? x.startTile[j] === ELEM0 + e : x.startCover[j] !== 0 && x.startCoverKind[j] === e);
  linkStack.length = 0;
  const start = x.anchor[cell] >= 0 ? pieceCells(b, x, cell, e, []) : [cell];
  for (const s of start) {
    seen[s] = 1;
    linkStack.push(s);
  }
  while (linkStack.length > 0) {
    const j = linkStack.pop()!;
    const k = neighbours(b, x, j, nb);
    for (let q = 0; q < k; q++) {
      const m = nb[q];
      if (seen[m] !== 0 || !holds(m)) continue;
      seen[m] = 1;
      linkStack.push(m);
      addEventOnly(x, m, EV_EFFECT);
    }
  }
}

/** An `effect` event for the next wave (effects never fire specials). */
function addEventOnly(x: V2State, i: number, ev: number): void {
  touch(x, i);
  x.ev[i] |= ev;
}

/** The last wave's records in the order their effects run (cell, then cover before tile, then as noted). */
let order = new Int32Array(0);

/** Sorts the records fxFrom…fxTo into `order` (a stable insertion sort, no allocation): the order Array.prototype.sort gives them. */
export function sortEffects(x: V2State, fxFrom: number, fxTo: number): Int32Array {
  if (order.length < fxTo - fxFrom) order = new Int32Array(x.fxCell.length);
  const cell = x.fxCell, layer = x.fxLayer;
  for (let k = fxFrom; k < fxTo; k++) {
    const c = cell[k], l = layer[k];
    let j = k - fxFrom - 1;
    // move later records up past every one this record goes before (cell lower, or same cell and a higher layer)
    for (; j >= 0; j--) {
      const o = order[j], oc = cell[o];
      if (oc < c || (oc === c && layer[o] >= l)) break;
      order[j + 1] = o;
    }
    order[j + 1] = k;
  }
  if (checkOrder) {
    const slow: number[] = [];
    for (let k = fxFrom; k < fxTo; k++) slow.push(k);
    slow.sort((p, q) => cell[p] - cell[q] || layer[q] - layer[p]);
    orderChecked++;
    if (slow.join() !== Array.from(order.subarray(0, fxTo - fxFrom)).join()) throw new Error(`runEffects: the effects' order ${Array.from(order.subarray(0, fxTo - fxFrom)).join()} differs from the sorted one ${slow.join()}`);
  }
  return order;
}

/** Tests set this to compare every effects' order with Array.prototype.sort's, and to check that every hit_linked reads a layer the step kept (throws otherwise). */
let checkOrder = false, orderChecked = 0, linkedChecked = 0;
/** Turns the checks on or off; returns how many orders it compared since the last call. */
export function checkEffectOrder(on: boolean): number {
  checkOrder = on;
  const k = orderChecked;
  orderChecked = 0;
  return k;
}
/** How many hit_linked reads the check saw since the last call. */
export function linkedReadsChecked(): number {
  const k = linkedChecked;
  linkedChecked = 0;
  return k;
}

/** Runs the effects of the last wave's pieces (reading order): events of the next wave, counters, credits. */
function runEffects(b: Board, x: V2State, fxFrom: number, fxTo: number): void {
  if (fxFrom === fxTo) return;
  const gt = x.gt;
  const sorted = sortEffects(x, fxFrom, fxTo);
  for (let q = 0; q < fxTo - fxFrom; q++) {
    const k = sorted[q];
    const cell = x.fxCell[k], what = x.fxWhat[k], layer = x.fxLayer[k], e = x.fxEl[k];
    if ((what & HIT) !== 0) runOps(b, x, gt.onHit[e], cell, layer, e);
    if ((what & (DESTROYED | GATED)) !== 0) runOps(b, x, gt.onDestroy[e], cell, layer, e);
  }
}

const ownScratch: number[] = [], one: number[] = [0];
const oneCell = (i: number) => {
  one[0] = i;
  return one;
};

/** Whether the piece's cells include i (Array.prototype.includes without the builtin's call). */
function holdsCell(cells: readonly number[], i: number): boolean {
  for (let k = 0; k < cells.length; k++) if (cells[k] === i) return true;
  return false;
}

function runOps(b: Board, x: V2State, ops: Int32Array, cell: number, layer: number, e: number): void {
  for (let k = 0; k < ops.length; k += 2) {
    const op = ops[k], arg = ops[k + 1];
    if (op === FX_NEIGHBOURS) {
      const multi = x.gt.sizeW[e] * x.gt.sizeH[e] > 1 && layer === LAYER_TILE;
      const own = multi ? pieceCells(b, x, cell, e, ownScratch) : oneCell(cell);
      for (const j of own) {
        const n = neighbours(b, x, j, nb);
        for (let q = 0; q < n; q++) if (!holdsCell(own, nb[q]) && b.tile[nb[q]] !== VOID) addEventOnly(x, nb[q], EV_EFFECT);
      }
    } else if (op === FX_LINKED) hitLinked(b, x, cell, layer, e);
    else if (op === FX_ALL) {
      const code = ELEM0 + arg;
      for (let j = 0; j < b.n; j++)
        if (b.tile[j] === code || (b.cover[j] !== 0 && b.coverKind[j] === arg) || (b.ground[j] !== 0 && b.groundKind[j] === arg)) addEventOnly(x, j, EV_EFFECT);
    } else if (op === FX_TICK) x.counters[arg]++;
    else if (op === FX_CREDIT) b.elRemoved[arg]++;
  }
}

/** Gates whose counter reached their threshold open now; returns whether any did. */
function openGates(x: V2State, opened: number[]): boolean {
  const gt = x.gt;
  if (gt.gated.length === 0) return false;
  // `opened` is read only when a gate opened: emptied then, not at every wave
  let any = false;
  for (const e of gt.gated) if (x.gateOpen[e] === 0 && x.counters[gt.gateCounter[e]] >= gt.gateAt[e]) {
    x.gateOpen[e] = 1;
    if (!any) opened.length = 0;
    any = true;
    opened.push(e);
  }
  return any;
}

/** An opened gate removes every piece of its element as if destroyed by a hit (onDestroy only). */
function gateRemovals(b: Board, x: V2State, opened: readonly number[]): void {
  for (const e of opened) {
    const code = ELEM0 + e;
    for (let i = 0; i < b.n; i++) {
      if (b.cover[i] !== 0 && b.coverKind[i] === e) {
        x.changes++;
        b.cover[i] = 0;
        x.mark(i);
        x.hole(i);
        x.topHit[i] = 1;
        b.elHit[e] = 1;
        if (b.rec !== null) b.rec.cur!.coverHits.push({ cell: i, cover: b.game.ids[e], left: 0 });
        noteFx(x, i, GATED, LAYER_COVER, e);
      }
      if (b.tile[i] === code && (x.anchor[i] < 0 || x.anchor[i] === i)) {
        b.elRemoved[e]++;
        b.elHit[e] = 1;
        x.changes++;
        if (b.rec !== null) b.rec.cur!.removed.push({ cell: i, tile: b.game.ids[e] });
        const multi = x.gt.sizeW[e] * x.gt.sizeH[e] > 1;
        if (multi) removeMultiCells(b, x, i, e);
        else {
          removeTileAt(b, x, i);
          touch(x, i);
        }
        noteFx(x, i, GATED, LAYER_TILE, e);
      }
    }
  }
}

const openedScratch: number[] = [];
const NO_GATES: readonly number[] = [];

/** Recording only (the play-test): where this wave's records start, and the gates it opens. */
function markWave(b: Board, opened: readonly number[]): void {
  const e = b.rec!.cur!;
  (e.waves ??= []).push({
    removed: e.removed.length, coverHits: e.coverHits.length, elementHits: e.elementHits.length, groundHits: e.groundHits.length,
    gates: opened.map((k) => b.game.ids[k]),
  });
}
/** A wave's effect events, set aside while gate removals go first. */
let effectCells = new Int32Array(0), effectEv = new Uint8Array(0);

/** Waves after wave 0, until no effect, counter or gate is left to act (RULES §12.2 Waves). */
export function runWaves(b: Board, x: V2State): void {
  let from = 0;
  for (let wave = 1; ; wave++) {
    const to = x.fxCount;
    runEffects(b, x, from, to);
    from = to;
    const gates = openGates(x, openedScratch);
    if (x.touchedCount === 0 && !gates) break;
    if (wave > 4 * b.n + 16) throw new Error('effects did not settle (a rule loop): the game is not counted');
    if (b.rec !== null) markWave(b, gates ? openedScratch : NO_GATES);
    // gate removals ignore the "hit earlier in the step" rule; they go first
    const m = x.touchedCount;
    if (effectCells.length < m) {
      effectCells = new Int32Array(b.n);
      effectEv = new Uint8Array(b.n);
    }
    for (let k = 0; k < m; k++) {
      const i = x.touched[k];
      effectCells[k] = i;
      effectEv[k] = x.ev[i];
      x.ev[i] = 0;
    }
    untouchAll(x);
    if (gates) {
      gateRemovals(b, x, openedScratch);
      applyGateGrounds(b, x);
    }
    for (let k = 0; k < m; k++) addEventOnly(x, effectCells[k], effectEv[k]);
    applyWave(b, x, true);
    if (x.fxCount === from && !gatesPending(x)) {
      // nothing hit in this wave: only counters could still open a gate (they do not change without effects)
      if (x.touchedCount === 0) break;
    }
  }
}

/** Grounds under gate-removed tiles get `cleared` (at most one layer a step). */
function applyGateGrounds(b: Board, x: V2State): void {
  const list = x.touched.subarray(0, x.touchedCount);
  for (let k = 0; k < list.length; k++) {
    const i = list[k];
    hitGround(b, x, i, 0);
    x.removedNow[i] = 0;
  }
  for (let k = 0; k < list.length; k++) x.ev[list[k]] = 0;
  untouchAll(x);
}

function gatesPending(x: V2State): boolean {
  const gt = x.gt;
  for (const e of gt.gated) if (x.gateOpen[e] === 0 && x.counters[gt.gateCounter[e]] >= gt.gateAt[e]) return true;
  return false;
}
