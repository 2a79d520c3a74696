// One clear step of a version 2 board (RULES §11.2 hits, §12.2 effects and waves, §12.4 multi-cell
// pieces, §12.6 keys and stoppers): wave 0 gathers every cell's events — match groups, their
// neighbours, the blasts of every special the step reaches (chains included, rocket runs stopped by
// stoppers as the board stood at the start of the step) — and each cell takes at most one hit on its
// top layer. Then waves: the effects of the pieces hit or removed in the last wave, the gates whose
// counter reached its threshold, and the next wave's `effect` events and gate removals, until
// nothing is left to do. Specials are placed after wave 0; through-matches grounds spread after the last.
import type { Board } from '../board.ts';
import { BOMB, ELEM0, EMPTY, RAINBOW, ROCKET_H, ROCKET_V, VOID } from '../codes.ts';
import { EV_ADJACENT, EV_BLAST, EV_CLEARED, EV_EFFECT, EV_MATCH, FX_ALL, FX_CREDIT, FX_LINKED, FX_NEIGHBOURS, FX_TICK } from '../../game/tables.ts';
import { colorAt, findLines2, groupRoot, neighbours } from './lines.ts';
import type { V2State } from './state.ts';

const HIT = 1, DESTROYED = 2, GATED = 4;
const LAYER_TILE = 0, LAYER_COVER = 1;
const nb = new Int32Array(4);

/** A special the move itself sets off (tap, swap, combo) before the step's hits. */
export interface MoveFire {
  cell: number;
  type: number;
  color: number;
}

/** Opens a step: the snapshots its rules read (stoppers, hit_linked connections) and empty per-step marks. */
function beginStep2(b: Board, x: V2State, step: number): void {
  b.step = step;
  b.stampId++;
  x.topHit.fill(0);
  x.groundHit.fill(0);
  x.fired.fill(0);
  x.fireCount = 0;
  x.fxCount = 0;
  const gt = x.gt, stops = gt.stopsBlasts;
  if (x.anyStopper) for (let i = 0; i < b.n; i++) {
    const t = b.tile[i], c = b.cover[i];
    x.stopper[i] = (t >= ELEM0 && stops[t - ELEM0] !== 0) || (c !== 0 && stops[b.coverKind[i]] !== 0) ? 1 : 0;
  }
  if (x.usesLinked) {
    x.startTile.set(b.tile);
    for (let i = 0; i < b.n; i++) x.startCover[i] = b.cover[i] !== 0 ? b.coverKind[i] : -1;
  }
  if (b.rec !== null) b.rec.begin(step);
}

/** Lists cell i among the cells the wave touches (once). */
function touch(x: V2State, i: number): void {
  if (x.inTouched[i] !== 0) return;
  x.inTouched[i] = 1;
  x.touched[x.touchedCount++] = i;
}

/** Empties the touched list. */
function untouchAll(x: V2State): void {
  for (let k = 0; k < x.touchedCount; k++) x.inTouched[x.touched[k]] = 0;
  x.touchedCount = 0;
}

/** Adds events to cell i for the wave being gathered. */
function addEvent(b: Board, x: V2State, i: number, ev: number): void {
  touch(x, i);
  x.ev[i] |= ev;
  // a special reached by a blast fires in the same wave (chains, RULES §12.2 Waves)
  if ((ev & EV_BLAST) !== 0 && x.fired[i] === 0) {
    const t = b.tile[i];
    if (t >= ROCKET_H && t <= RAINBOW && b.cover[i] === 0) {
      x.fired[i] = 1;
      queueFire(x, i, t, -1);
    }
  }
}

function queueFire(x: V2State, i: number, type: number, color: number): void {
  const k = x.fireCount++;
  x.fireCell[k] = i;
  x.fireType[k] = type;
  x.fireColor[k] = color;
}

/** The colour a rainbow counts or clears at i: a colour tile's or a coloured piece's, covers and blocksMatch aside. */
function rawColor(b: Board, x: V2State, i: number): number {
  const t = b.tile[i];
  return t < 6 ? t : t >= ELEM0 ? x.pcolor[i] : -1;
}

/** The most common colour over every tile of a colour, coloured pieces included (ties: palette order); -1 none. */
export function mostCommon2(b: Board, x: V2State): number {
  const cnt = [0, 0, 0, 0, 0, 0];
  for (let i = 0; i < b.n; i++) {
    const c = rawColor(b, x, i);
    if (c >= 0) cnt[c]++;
  }
  let best = -1, bestN = 0;
  for (let c = 0; c < 6; c++) if (cnt[c] > bestN) {
    bestN = cnt[c];
    best = c;
  }
  return best;
}

/**
 * A rocket line through `origin` (horizontal or vertical), each run stopped at the first stopper it
 * hits. The origin is hit too, unless it is a void (a combo line beside a void runs out from beside it).
 */
function rocketLine(b: Board, x: V2State, origin: number, vertical: boolean): void {
  const { w, h } = b;
  const ox = b.col[origin], oy = b.row[origin];
  if (b.tile[origin] !== VOID) addEvent(b, x, origin, EV_BLAST);
  const run = (dx: number, dy: number) => {
    for (let cx = ox + dx, cy = oy + dy; cx >= 0 && cy >= 0 && cx < w && cy < h; cx += dx, cy += dy) {
      const j = cy * w + cx;
      if (b.tile[j] === VOID) continue;
      addEvent(b, x, j, EV_BLAST);
      if (x.stopper[j] !== 0) return;
    }
  };
  if (vertical) {
    run(0, -1);
    run(0, 1);
  } else {
    run(-1, 0);
    run(1, 0);
  }
}

function square(b: Board, x: V2State, at: number, r: number): void {
  const cx = b.col[at], cy = b.row[at];
  for (let y = cy - r; y <= cy + r; y++)
    for (let xx = cx - r; xx <= cx + r; xx++) {
      if (y < 0 || xx < 0 || y >= b.h || xx >= b.w) continue;
      const j = y * b.w + xx;
      if (b.tile[j] !== VOID) addEvent(b, x, j, EV_BLAST);
    }
}

function fireOne(b: Board, x: V2State, i: number, type: number, color: number): void {
  if (b.rec !== null) b.rec.cur!.fired.push({ cell: i, tile: type === ROCKET_H ? 'rocket_h' : type === ROCKET_V ? 'rocket_v' : type === BOMB ? 'bomb' : 'rainbow' });
  if (type === ROCKET_H) rocketLine(b, x, i, false);
  else if (type === ROCKET_V) rocketLine(b, x, i, true);
  else if (type === BOMB) square(b, x, i, 1);
  else {
    const c = color >= 0 ? color : mostCommon2(b, x);
    if (c < 0) return;
    for (let j = 0; j < b.n; j++) if (rawColor(b, x, j) === c) addEvent(b, x, j, EV_BLAST);
  }
}

/**
 * Two specials swapped together (RULES §2.4, §12.6): centred on `at`, the lower or right cell of
 * the pair. Both are used up by the move (removeUsed), then the combo's blasts.
 */
export function fireCombo2(b: Board, x: V2State, at: number, s1: number, s2: number): void {
  const isRocket = (t: number) => t === ROCKET_H || t === ROCKET_V;
  const lo = s1 < s2 ? s1 : s2, hi = s1 < s2 ? s2 : s1;
  const cx = b.col[at], cy = b.row[at];
  if (isRocket(lo) && isRocket(hi)) {
    rocketLine(b, x, at, false);
    rocketLine(b, x, at, true);
  } else if (isRocket(lo) && hi === BOMB) {
    for (let d = -1; d <= 1; d++) {
      if (cy + d >= 0 && cy + d < b.h) rocketLine(b, x, (cy + d) * b.w + cx, false);
      if (cx + d >= 0 && cx + d < b.w) rocketLine(b, x, cy * b.w + cx + d, true);
    }
  } else if (lo === BOMB && hi === BOMB) {
    square(b, x, at, 2);
  } else if (hi === RAINBOW && lo !== RAINBOW) {
    // every tile of the most common colour becomes the partner special and fires; covered tiles
    // and coloured pieces are hit as by a blast
    const c = mostCommon2(b, x);
    if (c < 0) return;
    for (let j = 0; j < b.n; j++) {
      if (rawColor(b, x, j) !== c) continue;
      if (b.tile[j] < 6 && b.cover[j] === 0) {
        x.fired[j] = 1;
        queueFire(x, j, lo, -1);
      }
      addEvent(b, x, j, EV_BLAST);
    }
  } else {
    for (let j = 0; j < b.n; j++) if (b.tile[j] !== VOID) addEvent(b, x, j, EV_BLAST);
  }
}

/** A special used by the move (tapped, swapped): removed at once (scores; its ground is `cleared`). */
export function removeUsed(b: Board, x: V2State, i: number): void {
  x.fired[i] = 1;
  touch(x, i);
  removeTileAt(b, x, i);
}

/** Removes the tile at i (a colour tile, special or 1×1 piece): scores 10 × step, marks the cell. */
function removeTileAt(b: Board, x: V2State, i: number): void {
  changes++;
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

// ── the step's groups ──

/** Per group root: bit k when spreading ground k of the game was under one of its cells before the hits. */
let groupGrounds = new Uint8Array(0);

/**
 * The step's match groups: their cells get `match` (with the group's colour), their neighbours
 * `adjacent` (not across walls); the specials they make are decided (placed after wave 0).
 * Returns the number of lines.
 */
function gatherGroups(b: Board, x: V2State, sa: number, sb: number): number {
  const L = findLines2(b, x);
  if (L === 0) return 0;
  const { w, lineStart, lineLen, lineVert, gMaxLen, gDirs, gFour, gBest, gSwap, row } = b;
  const spreadGrounds = b.game.spreadGrounds;
  if (groupGrounds.length < L) groupGrounds = new Uint8Array(b.n);
  for (let l = 0; l < L; l++) {
    gMaxLen[l] = 0;
    gDirs[l] = 0;
    gFour[l] = 0;
    gBest[l] = -1;
    gSwap[l] = -1;
    groupGrounds[l] = 0;
  }
  for (let l = 0; l < L; l++) {
    const g = groupRoot(b, l);
    const len = lineLen[l], vert = lineVert[l], step = vert ? w : 1;
    if (len > gMaxLen[g]) gMaxLen[g] = len;
    gDirs[g] |= vert ? 2 : 1;
    if (len === 4) gFour[g] |= vert ? 2 : 1;
    for (let k = 0, j = lineStart[l]; k < len; k++, j += step) {
      const c = colorAt(b, x, j);
      if (b.cover[j] === 0) {
        const best = gBest[g];
        if (best < 0 || row[j] > row[best] || (row[j] === row[best] && j < best)) gBest[g] = j;
      }
      if (j === sa || j === sb) gSwap[g] = j;
      if (b.ground[j] !== 0) {
        const s = spreadGrounds.indexOf(b.groundKind[j]);
        if (s >= 0) groupGrounds[g] |= 1 << s;
      }
      x.mcol[j] = c;
      addEvent(b, x, j, EV_MATCH);
      if (b.rec !== null) b.rec.cur!.matched.push(j);
      const k2 = neighbours(b, x, j, nb);
      for (let q = 0; q < k2; q++) {
        const m = nb[q];
        if (b.tile[m] === VOID) continue;
        addEvent(b, x, m, EV_ADJACENT);
        x.acol[m] |= 1 << c;
      }
    }
  }
  b.placeCount = 0;
  for (let l = 0; l < L; l++) {
    if (groupRoot(b, l) !== l) continue;
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
  return L;
}

// ── hits ──

const gateClosed = (x: V2State, e: number) => x.gt.gateCounter[e] >= 0 && x.gateOpen[e] === 0;

/** A keyed piece's match and adjacent events count only from groups of its colour (RULES §12.1 key). */
function keyed(x: V2State, e: number, ev: number, i: number): number {
  const key = x.gt.key[e];
  if (key < 0) return ev;
  let r = ev & ~(EV_MATCH | EV_ADJACENT);
  if ((ev & EV_MATCH) !== 0 && x.mcol[i] === key) r |= EV_MATCH;
  if ((ev & EV_ADJACENT) !== 0 && (x.acol[i] & (1 << key)) !== 0) r |= EV_ADJACENT;
  return r;
}

function noteFx(x: V2State, cell: number, what: number, layer: number, el: number): void {
  const k = x.fxCount++;
  x.fxCell[k] = cell;
  x.fxWhat[k] = what;
  x.fxLayer[k] = layer;
  x.fxEl[k] = el;
}

/** Every cell of the multi-cell piece anchored at a (w × h of element e). */
function pieceCells(b: Board, x: V2State, a: number, e: number, out: number[]): number[] {
  out.length = 0;
  const pw = x.gt.sizeW[e], ph = x.gt.sizeH[e];
  for (let dy = 0; dy < ph; dy++) for (let dx = 0; dx < pw; dx++) out.push(a + dy * b.w + dx);
  return out;
}
const cellsScratch: number[] = [];

/** Removes the tile element piece at anchor a (all its cells): scores once, counts for collect, runs onDestroy. */
function removePiece(b: Board, x: V2State, a: number, e: number, what: number): void {
  const multi = x.gt.sizeW[e] * x.gt.sizeH[e] > 1;
  if (multi) {
    for (const j of pieceCells(b, x, a, e, cellsScratch)) {
      b.tile[j] = EMPTY;
      b.hp[j] = 0;
      x.anchor[j] = -1;
      x.removedNow[j] = 1;
      x.topHit[j] = 1;
      touch(x, j);
    }
    b.removed++;
    b.score += 10 * b.step;
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
    changes++;
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
    if (b.rec !== null) b.rec.cur!.removed.push({ cell: i, tile: String(t) });
    removeTileAt(b, x, i);
    return;
  }
  if (t >= ROCKET_H && t <= RAINBOW) {
    if ((ev & (EV_MATCH | EV_BLAST)) === 0) return;
    removeTileAt(b, x, i);
    return;
  }
  if (t < ELEM0) return;
  const e = t - ELEM0;
  if (gt.colored[e] !== 0) {
    if ((ev & (EV_MATCH | EV_BLAST)) === 0) return;
    b.elRemoved[e]++;
    b.elHit[e] = 1;
    removeTileAt(b, x, i);
    noteFx(x, i, HIT | DESTROYED, LAYER_TILE, e);
    return;
  }
  if (gateClosed(x, e)) return;
  if ((keyed(x, e, ev, i) & dmg[e]) === 0) return;
  const hp = --b.hp[i];
  changes++;
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
function hitGround(b: Board, x: V2State, i: number, ev: number): void {
  const g = b.ground[i];
  if (g === 0 || x.groundHit[i] !== 0) return;
  const k = b.groundKind[i];
  const e = (ev & (EV_BLAST | EV_EFFECT)) | (x.removedNow[i] !== 0 ? EV_CLEARED : 0);
  if ((b.game.damage[k] & e) === 0) return;
  x.groundHit[i] = 1;
  changes++;
  b.ground[i] = g - 1;
  if (b.rec !== null) b.rec.cur!.groundHits.push({ cell: i, ground: b.game.ids[k], left: g - 1 });
}

/**
 * Applies the gathered events: each touched cell's top layer once (a multi-cell piece once, at its
 * anchor, with its cells' events joined), then the grounds. `effects`: a wave of `effect` events,
 * which a cell whose top layer was hit earlier in the step ignores.
 */
function applyWave(b: Board, x: V2State, effects: boolean): void {
  const touched = x.touched.subarray(0, x.touchedCount).sort();
  const ev = x.ev, anchor = x.anchor;
  // a multi-cell piece's events are the union of its cells' (keys: the colours next to any of them)
  for (let k = 0; k < touched.length; k++) {
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
  const all = x.touched.subarray(0, x.touchedCount).sort();
  for (let k = 0; k < all.length; k++) {
    const i = all[k];
    if (k > 0 && all[k - 1] === i) continue;
    const a = anchor[i];
    if (a >= 0 && a !== i) continue;
    if (effects && x.topHit[i] !== 0) {
      ev[i] = 0; // ignored: its ground neither
      continue;
    }
    if (ev[i] !== 0) hitTop(b, x, i, ev[i]);
  }
  const done = x.touched.subarray(0, x.touchedCount).sort();
  for (let k = 0; k < done.length; k++) {
    const i = done[k];
    if (k > 0 && done[k - 1] === i) continue;
    hitGround(b, x, i, ev[i]);
  }
  for (let k = 0; k < done.length; k++) {
    const i = done[k];
    ev[i] = 0;
    x.mcol[i] = -1;
    x.acol[i] = 0;
    x.removedNow[i] = 0;
  }
  untouchAll(x);
}

// ── waves: effects and gates ──

const linkSeen: { a: Uint8Array } = { a: new Uint8Array(0) };
const linkStack: number[] = [];

/** hit_linked: every other cell connected to the piece through cells of its element (start of step). */
function hitLinked(b: Board, x: V2State, cell: number, layer: number, e: number): void {
  if (linkSeen.a.length !== b.n) linkSeen.a = new Uint8Array(b.n);
  const seen = linkSeen.a;
  seen.fill(0);
  const holds = (j: number) => (layer === LAYER_TILE ? x.startTile[j] === ELEM0 + e : x.startCover[j] === e);
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

/** Runs the effects of the last wave's pieces (reading order): events of the next wave, counters, credits. */
function runEffects(b: Board, x: V2State, fxFrom: number, fxTo: number): void {
  const gt = x.gt;
  const order: number[] = [];
  for (let k = fxFrom; k < fxTo; k++) order.push(k);
  order.sort((p, q) => x.fxCell[p] - x.fxCell[q] || x.fxLayer[q] - x.fxLayer[p]);
  for (const k of order) {
    const cell = x.fxCell[k], what = x.fxWhat[k], layer = x.fxLayer[k], e = x.fxEl[k];
    if ((what & HIT) !== 0) runOps(b, x, gt.onHit[e], cell, layer, e);
    if ((what & (DESTROYED | GATED)) !== 0) runOps(b, x, gt.onDestroy[e], cell, layer, e);
  }
}

function runOps(b: Board, x: V2State, ops: Int32Array, cell: number, layer: number, e: number): void {
  for (let k = 0; k < ops.length; k += 2) {
    const op = ops[k], arg = ops[k + 1];
    if (op === FX_NEIGHBOURS) {
      const multi = x.gt.sizeW[e] * x.gt.sizeH[e] > 1 && layer === LAYER_TILE;
      const own = multi ? pieceCells(b, x, cell, e, []) : [cell];
      for (const j of own) {
        const n = neighbours(b, x, j, nb);
        for (let q = 0; q < n; q++) if (!own.includes(nb[q]) && b.tile[nb[q]] !== VOID) addEventOnly(x, nb[q], EV_EFFECT);
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
  opened.length = 0;
  for (const e of gt.gated) if (x.gateOpen[e] === 0 && x.counters[gt.gateCounter[e]] >= gt.gateAt[e]) {
    x.gateOpen[e] = 1;
    opened.push(e);
  }
  return opened.length > 0;
}

/** An opened gate removes every piece of its element as if destroyed by a hit (onDestroy only). */
function gateRemovals(b: Board, x: V2State, opened: readonly number[]): void {
  for (const e of opened) {
    const code = ELEM0 + e;
    for (let i = 0; i < b.n; i++) {
      if (b.cover[i] !== 0 && b.coverKind[i] === e) {
        changes++;
        b.cover[i] = 0;
        x.topHit[i] = 1;
        b.elHit[e] = 1;
        noteFx(x, i, GATED, LAYER_COVER, e);
      }
      if (b.tile[i] === code && (x.anchor[i] < 0 || x.anchor[i] === i)) {
        b.elRemoved[e]++;
        b.elHit[e] = 1;
        changes++;
        const multi = x.gt.sizeW[e] * x.gt.sizeH[e] > 1;
        if (multi) {
          for (const j of pieceCells(b, x, i, e, cellsScratch)) {
            b.tile[j] = EMPTY;
            b.hp[j] = 0;
            x.anchor[j] = -1;
            x.removedNow[j] = 1;
            x.topHit[j] = 1;
            touch(x, j);
          }
          b.removed++;
          b.score += 10 * b.step;
        } else {
          removeTileAt(b, x, i);
          touch(x, i);
        }
        noteFx(x, i, GATED, LAYER_TILE, e);
      }
    }
  }
}

const openedScratch: number[] = [];

/** Waves after wave 0, until no effect, counter or gate is left to act (RULES §12.2 Waves). */
function runWaves(b: Board, x: V2State): void {
  let from = 0;
  for (let wave = 1; ; wave++) {
    const to = x.fxCount;
    runEffects(b, x, from, to);
    from = to;
    const gates = openGates(x, openedScratch);
    if (x.touchedCount === 0 && !gates) break;
    if (wave > 4 * b.n + 16) throw new Error('effects did not settle (a rule loop): the game is not counted');
    // gate removals ignore the "hit earlier in the step" rule; they go first
    const effectCells = x.touched.slice(0, x.touchedCount);
    const effectEv = Array.from(effectCells, (i) => x.ev[i]);
    for (const i of effectCells) x.ev[i] = 0;
    untouchAll(x);
    if (gates) {
      gateRemovals(b, x, openedScratch);
      applyGateGrounds(b, x);
    }
    effectCells.forEach((i, k) => addEventOnly(x, i, effectEv[k]));
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

// ── the step ──

/** Places the specials the step's groups made, on cells whose tile was removed. */
function placeSpecials2(b: Board): void {
  for (let k = 0; k < b.placeCount; k++) {
    const i = b.placeCell[k];
    if (b.tile[i] !== EMPTY) continue;
    b.tile[i] = b.placeTile[k];
    b.specialsMade++;
  }
  b.placeCount = 0;
}

/** Through-matches grounds spread over their groups' cells that have no ground (after the last wave). */
function spreadGrounds2(b: Board, x: V2State, lines: number): void {
  const sg = b.game.spreadGrounds;
  if (sg.length === 0 || lines === 0) return;
  const { w, lineStart, lineLen, lineVert } = b;
  for (let s = 0; s < sg.length; s++) {
    const gk = sg[s];
    for (let l = 0; l < lines; l++) {
      if ((groupGrounds[groupRoot(b, l)] & (1 << s)) === 0) continue;
      const step = lineVert[l] ? w : 1;
      for (let k = 0, j = lineStart[l]; k < lineLen[l]; k++, j += step) {
        if (b.ground[j] !== 0) continue;
        changes++;
        b.ground[j] = 1;
        b.groundKind[j] = gk;
        b.spreads++;
        if (b.rec !== null) b.rec.cur!.spread.push({ cell: j, element: b.game.ids[gk] });
      }
    }
  }
}

/**
 * One clear step: `fires` are the specials the move sets off (step 1 only), `sa`/`sb` the swapped
 * cells (-1 in cascades), `matchLines`: look for match groups. `used`: cells of specials the move
 * used up. Returns whether anything was hit or removed.
 */
export function clearStep(b: Board, x: V2State, step: number, sa: number, sb: number, used: readonly number[], fires: readonly MoveFire[], combo: { at: number; s1: number; s2: number } | null): boolean {
  beginStep2(b, x, step);
  const scoreBefore = b.score, changesBefore = changes;
  for (const u of used) removeUsed(b, x, u);
  const lines = gatherGroups(b, x, sa, sb);
  if (combo !== null) fireCombo2(b, x, combo.at, combo.s1, combo.s2);
  for (const f of fires) queueFire(x, f.cell, f.type, f.color);
  // every special the step reaches fires within wave 0 (the queue grows as blasts reach specials)
  for (let k = 0; k < x.fireCount; k++) fireOne(b, x, x.fireCell[k], x.fireType[k], x.fireColor[k]);
  applyWave(b, x, false);
  placeSpecials2(b);
  runWaves(b, x);
  spreadGrounds2(b, x, lines);
  if (b.rec !== null) b.rec.cur!.score = b.score - scoreBefore;
  return changes !== changesBefore;
}
/** Every change a step makes to the board (removals, layers and hit points lost): a step that makes none leaves a stable board. */
let changes = 0;
