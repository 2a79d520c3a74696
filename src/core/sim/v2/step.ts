// One clear step of a version 2 board (RULES §11.2 hits, §12.2 effects and waves, §12.4 multi-cell
// pieces, §12.6 keys and stoppers): wave 0 gathers every cell's events — match groups, their
// neighbours, the blasts of every special the step reaches (chains included, rocket runs stopped by
// stoppers as the board stood at the start of the step) — and each cell takes at most one hit on its
// top layer. Then waves: the effects of the pieces hit or removed in the last wave, the gates whose
// counter reached its threshold, and the next wave's `effect` events and gate removals, until
// nothing is left to do. Specials are placed after wave 0; through-matches grounds spread after the last.
import type { Board } from '../board.ts';
import { BOMB, ELEM0, EMPTY, RAINBOW, ROCKET_H, ROCKET_V, VOID, tileName } from '../codes.ts';
import { EV_ADJACENT, EV_BLAST, EV_MATCH, FX_LINKED, LAYER_COVER, LAYER_TILE } from '../../game/tables.ts';
import { colorAt, findLines2, groupRoot, neighbours } from './lines.ts';
import { applyWave, removeTileAt, snap, touch } from './hits.ts';
import { runWaves } from './waves.ts';
import type { V2State } from './state.ts';

const nb = new Int32Array(4);

/** A special the move itself sets off (tap, swap, combo) before the step's hits. */
export interface MoveFire {
  cell: number;
  type: number;
  color: number;
}

/** Per game: the layers hit_linked reads at the start of a step (bit 1 tiles, bit 2 covers), from the layers of the elements whose effects hit linked pieces. */
const linkedLayers = new WeakMap<object, number>();
/** The last game asked, and its answer (a game's games are played one after another: no map look-up per step). */
let lastGt: object | null = null, lastLayers = 0;

function linkedLayersOf(b: Board, x: V2State): number {
  if (x.gt === lastGt) return lastLayers;
  let m = linkedLayers.get(x.gt);
  if (m === undefined) m = layersOf(b, x);
  lastGt = x.gt;
  lastLayers = m;
  return m;
}

function layersOf(b: Board, x: V2State): number {
  let m = 0;
  for (let e = 0; e < x.gt.onHit.length; e++)
    for (const ops of [x.gt.onHit[e], x.gt.onDestroy[e]])
      for (let k = 0; k < ops.length; k += 2) {
        if (ops[k] !== FX_LINKED) continue;
        // a tile element's pieces are linked through tiles, a cover's through covers (anything else: both)
        const layer = b.game.layer[e];
        m |= layer === LAYER_TILE ? 1 : layer === LAYER_COVER ? 2 : 3;
      }
  linkedLayers.set(x.gt, m);
  return m;
}

/** Opens a step: the snapshots its rules read (stoppers, hit_linked connections: only the layers the game's linked elements are on) and empty per-step marks. */
function beginStep2(b: Board, x: V2State, step: number): void {
  b.step = step;
  b.stampId++;
  x.topHit.fill(0);
  x.groundHit.fill(0);
  x.fired.fill(0);
  x.fireCount = 0;
  x.fxCount = 0;
  if (x.usesLinked) {
    const layers = linkedLayersOf(b, x);
    if ((layers & 1) !== 0) x.startTile.set(b.tile);
    if ((layers & 2) !== 0) {
      x.startCover.set(b.cover);
      x.startCoverKind.set(b.coverKind);
    }
    snap.layers = layers;
  } else snap.layers = 0;
  if (b.rec !== null) b.rec.begin(step);
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
const colourCount = new Int32Array(6);

export function mostCommon2(b: Board, x: V2State): number {
  const cnt = colourCount;
  cnt.fill(0);
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
 * Whether cell j holds a stopper as the board stood at the start of the step: wave 0 gathers its
 * events before any hit, and the only cells changed by then are the specials the move used up
 * (a special is no stopper, and its cover stays), so the board itself is that snapshot.
 */
function stopsAt(b: Board, x: V2State, j: number): boolean {
  const t = b.tile[j], stops = x.gt.stopsBlasts;
  return (t >= ELEM0 && stops[t - ELEM0] !== 0) || (b.cover[j] !== 0 && stops[b.coverKind[j]] !== 0);
}

/**
 * A rocket line through `origin` (horizontal or vertical), each run stopped at the first stopper it
 * hits. The origin is hit too, unless it is a void (a combo line beside a void runs out from beside it).
 */
function rocketLine(b: Board, x: V2State, origin: number, vertical: boolean): void {
  const { w, h } = b;
  const ox = b.col[origin], oy = b.row[origin];
  if (b.tile[origin] !== VOID) addEvent(b, x, origin, EV_BLAST);
  if (vertical) {
    rocketRun(b, x, ox, oy, 0, -1, w, h);
    rocketRun(b, x, ox, oy, 0, 1, w, h);
  } else {
    rocketRun(b, x, ox, oy, -1, 0, w, h);
    rocketRun(b, x, ox, oy, 1, 0, w, h);
  }
}

/** One run of a rocket line from (ox, oy) in direction (dx, dy), voids skipped, up to and with the first stopper. */
function rocketRun(b: Board, x: V2State, ox: number, oy: number, dx: number, dy: number, w: number, h: number): void {
  for (let cx = ox + dx, cy = oy + dy; cx >= 0 && cy >= 0 && cx < w && cy < h; cx += dx, cy += dy) {
    const j = cy * w + cx;
    if (b.tile[j] === VOID) continue;
    addEvent(b, x, j, EV_BLAST);
    if (x.anyStopper && stopsAt(b, x, j)) return;
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
  if (b.rec !== null) b.rec.cur!.removed.push({ cell: i, tile: tileName(b.tile[i])! });
  removeTileAt(b, x, i);
}


// ── the step's groups ──

/** Tests set this to read every line cell's colour too, and throw where it is not the line's. */
let checkColours = false, coloursChecked = 0;
/** Turns the check on or off; returns how many cells it compared since the last call. */
export function checkLineColours(on: boolean): number {
  checkColours = on;
  const k = coloursChecked;
  coloursChecked = 0;
  return k;
}

function expectColour(b: Board, x: V2State, j: number, c: number): void {
  coloursChecked++;
  if (colorAt(b, x, j) !== c) throw new Error(`gatherGroups: cell ${j} of a line of colour ${c} shows ${colorAt(b, x, j)}`);
}

/** Per group root: bit k when spreading ground k of the game was under one of its cells before the hits. */
let groupGrounds = new Uint8Array(0);

/**
 * The step's match groups: their cells get `match` (with the group's colour), their neighbours
 * `adjacent` (not across walls); the specials they make are decided (placed after wave 0).
 * Returns the number of lines.
 */
function gatherGroups(b: Board, x: V2State, sa: number, sb: number, known: number): number {
  const L = known >= 0 ? known : findLines2(b, x);
  if (L === 0) return 0;
  const { w, lineStart, lineLen, lineVert, gMaxLen, gDirs, gFour, gBest, gSwap, row } = b, spreadGrounds = b.game.spreadGrounds;
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
    // every cell of a line shows the line's colour (the scan joined them by it): read once
    const len = lineLen[l], vert = lineVert[l], step = vert ? w : 1, c = colorAt(b, x, lineStart[l]);
    if (len > gMaxLen[g]) gMaxLen[g] = len;
    gDirs[g] |= vert ? 2 : 1;
    if (len === 4) gFour[g] |= vert ? 2 : 1;
    for (let k = 0, j = lineStart[l]; k < len; k++, j += step) {
      if (checkColours) expectColour(b, x, j, c);
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
        const m = nb[q], tm = b.tile[m];
        // `adjacent` reaches only elements and covers (a colour tile, special or empty cell
        // uncovered takes no hit from it, and grounds never count it): no event for the others
        if (tm === VOID || (tm < ELEM0 && b.cover[m] === 0)) continue;
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

// ── the step ──

/** Places the specials the step's groups made, on cells whose tile was removed. */
function placeSpecials2(b: Board): void {
  for (let k = 0; k < b.placeCount; k++) {
    const i = b.placeCell[k];
    if (b.tile[i] !== EMPTY) continue;
    b.tile[i] = b.placeTile[k];
    b.specialsMade++;
    if (b.rec !== null) b.rec.cur!.created.push({ cell: i, tile: tileName(b.placeTile[k])! });
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
        x.changes++;
        b.ground[j] = 1;
        b.groundKind[j] = gk;
        b.spreads++;
        if (b.rec !== null) b.rec.cur!.spread.push({ cell: j, element: b.game.ids[gk], ground: true });
      }
    }
  }
}

/**
 * One clear step: `fires` are the specials the move sets off (step 1 only), `sa`/`sb` the swapped
 * cells (-1 in cascades). `used`: cells of specials the move used up. `known`: the board's line
 * records are already those of findLines2 on it (their count), or -1. Returns whether anything was
 * hit or removed.
 */
export function clearStep(b: Board, x: V2State, step: number, sa: number, sb: number, used: readonly number[], fires: readonly MoveFire[], combo: { at: number; s1: number; s2: number } | null, known = -1): boolean {
  beginStep2(b, x, step);
  const scoreBefore = b.score, changesBefore = x.changes;
  for (const u of used) removeUsed(b, x, u);
  const lines = gatherGroups(b, x, sa, sb, used.length === 0 ? known : -1);
  if (combo !== null) fireCombo2(b, x, combo.at, combo.s1, combo.s2);
  for (const f of fires) queueFire(x, f.cell, f.type, f.color);
  // every special the step reaches fires within wave 0 (the queue grows as blasts reach specials)
  for (let k = 0; k < x.fireCount; k++) fireOne(b, x, x.fireCell[k], x.fireType[k], x.fireColor[k]);
  applyWave(b, x, false);
  placeSpecials2(b);
  runWaves(b, x);
  spreadGrounds2(b, x, lines);
  if (b.rec !== null) b.rec.cur!.score = b.score - scoreBefore;
  return x.changes !== changesBefore;
}
/** Every change a step makes to the board (removals, layers and hit points lost): a step that makes none leaves a stable board. */
