// The whole-board parts of a version 2 move's end (RULES §12.5): the belts' shift, hidden rectangles
// found, the board's counters recounted. Apart from move.ts so that the quick moves' cascade
// (cascade2q.ts), which move.ts's plain steps play, reads them without an import cycle.
import type { Board } from '../board.ts';
import { ELEM0, EMPTY, RAINBOW, ROCKET_H, VOID } from '../codes.ts';
import { LAYER_COVER, LAYER_GROUND } from '../../game/tables.ts';
import { movable2 } from './fall.ts';
import { canSwap2, colorAt } from './cells2.ts';
import type { V2State } from './state.ts';

const isSpecial = (t: number) => t >= ROCKET_H && t <= RAINBOW;

/** Per belt cell, before a shift: its line colour and whether it is empty, movable or neither (what the line scan and gravity read of it). */
let beltColour = new Int8Array(0), beltFall = new Uint8Array(0), beltKind = new Uint8Array(0);

/**
 * Every belt shifts its tile slots one cell along at once (empty ones too); ground, exits and walls
 * stay. A cell is marked for the line scan only where its line colour changed (or whether it swaps
 * or holds a special: the move list's masks), and its path listed
 * for gravity only where it turned empty, movable or neither (a settled path whose cells keep those
 * stays settled).
 */
export function shiftBelts(b: Board, x: V2State): boolean {
  const belts = x.layout.belts;
  if (belts.length === 0) return false;
  for (const belt of belts) {
    const m = belt.length, last = belt[m - 1];
    if (beltColour.length < m) {
      beltColour = new Int8Array(m);
      beltFall = new Uint8Array(m);
      beltKind = new Uint8Array(m);
    }
    for (let k = 0; k < m; k++) {
      const i = belt[k];
      beltColour[k] = colorAt(b, x, i);
      beltFall[k] = b.tile[i] === EMPTY ? 1 : movable2(b, x, i) ? 2 : 0;
      beltKind[k] = (canSwap2(b, i) ? 1 : 0) | (isSpecial(b.tile[i]) ? 2 : 0);
    }
    const t = b.tile[last], hp = b.hp[last], cv = b.cover[last], ck = b.coverKind[last], pc = x.pcolor[last], cd = x.cd[last], fr = x.fresh[last];
    for (let k = m - 1; k > 0; k--) {
      const to = belt[k], from = belt[k - 1];
      b.tile[to] = b.tile[from];
      b.hp[to] = b.hp[from];
      b.cover[to] = b.cover[from];
      b.coverKind[to] = b.coverKind[from];
      x.pcolor[to] = x.pcolor[from];
      x.cd[to] = x.cd[from];
      x.fresh[to] = x.fresh[from];
    }
    for (let k = 0; k < m; k++) {
      const before = k === 0 ? m - 1 : k - 1;
      if (beltColour[before] !== beltColour[k] || beltKind[before] !== beltKind[k]) x.mark(belt[k]);
      if (beltFall[before] !== beltFall[k]) x.hole(belt[k]);
    }
    const first = belt[0];
    b.tile[first] = t;
    b.hp[first] = hp;
    b.cover[first] = cv;
    b.coverKind[first] = ck;
    x.pcolor[first] = pc;
    x.cd[first] = cd;
    x.fresh[first] = fr;
  }
  return true;
}

/** Hidden rectangles with no ground on any of their cells are found, for good. */
export function findHidden(b: Board, x: V2State): void {
  const rects = x.layout.hidden;
  for (let r = 0; r < rects.length; r++) {
    if (x.found[r] !== 0) continue;
    let clear = true;
    for (const i of rects[r]) if (b.ground[i] !== 0) {
      clear = false;
      break;
    }
    if (clear) {
      x.found[r] = 1;
      x.foundCount++;
    }
  }
}

/** The last game asked whether it has ground or cover elements (bit 1 grounds, bit 2 covers), and the answer: a game with neither never has one on a board. */
let layersGame: object | null = null, layersHeld = 0;
function groundsAndCovers(b: Board): number {
  if (b.game === layersGame) return layersHeld;
  let m = 0;
  for (let e = 0; e < b.game.count; e++) m |= b.game.layer[e] === LAYER_GROUND ? 1 : b.game.layer[e] === LAYER_COVER ? 2 : 0;
  layersGame = b.game;
  layersHeld = m;
  return m;
}

/** The board's counters (what objectives read) from its arrays: multi-cell pieces once, coloured pieces one each. */
export function recount2(b: Board, x: V2State): void {
  if (groundsAndCovers(b) === 0) {
    recountTiles(b, x);
    if (checkRecount) checkTilesOnly(b, x);
    return;
  }
  recountAll(b, x);
}

/** recount2 of a game with no ground or cover element: every cell's ground and cover are 0. */
function recountTiles(b: Board, x: V2State): void {
  const left = b.elLeft, cells = b.elCells;
  left.fill(0);
  cells.fill(0);
  const tile = b.tile, exitCell = b.exitCell, exitList = b.exits, anchor = x.anchor, hpAt = b.hp, n = b.n;
  let voids = 0, elHp = 0, elTiles = 0, exits = 0;
  for (let i = 0; i < n; i++) {
    const t = tile[i];
    if (t === VOID) {
      voids++;
      continue;
    }
    if (exitCell[i] !== 0) exitList[exits++] = i;
    if (t >= ELEM0 && (anchor[i] < 0 || anchor[i] === i)) {
      const e = t - ELEM0, hp = hpAt[i] > 0 ? hpAt[i] : 1;
      left[e] += hp;
      cells[e]++;
      elHp += hp;
      elTiles++;
    }
  }
  b.groundLeft = 0;
  b.coverLeft = 0;
  b.elHpLeft = elHp;
  b.elTiles = elTiles;
  b.voids = voids;
  b.exitCount = exits;
}

/** Tests set this to repeat every recount of a game without grounds and covers over every layer (throws on a difference). */
let checkRecount = false, recountsChecked = 0;
/** Turns the check on or off; returns how many recounts it compared since the last call. */
export function checkTileRecounts(on: boolean): number {
  checkRecount = on;
  const k = recountsChecked;
  recountsChecked = 0;
  return k;
}

function checkTilesOnly(b: Board, x: V2State): void {
  const got = countersOf(b);
  recountAll(b, x);
  recountsChecked++;
  if (countersOf(b) !== got) throw new Error(`recount2 without grounds and covers: ${got}, over every layer: ${countersOf(b)}`);
}

const countersOf = (b: Board) => `${Array.from(b.elLeft).join()} ${Array.from(b.elCells).join()} ${b.groundLeft} ${b.coverLeft} ${b.elHpLeft} ${b.elTiles} ${b.voids} ${Array.from(b.exits.subarray(0, b.exitCount)).join()}`;

function recountAll(b: Board, x: V2State): void {
  const left = b.elLeft, cells = b.elCells;
  left.fill(0);
  cells.fill(0);
  // the arrays in locals: the loop stores into left and cells, which V8 does not prove leave b's fields alone
  const tile = b.tile, exitCell = b.exitCell, exitList = b.exits, groundAt = b.ground, groundKind = b.groundKind, coverAt = b.cover, coverKind = b.coverKind, anchor = x.anchor, hpAt = b.hp, n = b.n;
  let voids = 0, ground = 0, cover = 0, elHp = 0, elTiles = 0, exits = 0;
  for (let i = 0; i < n; i++) {
    const t = tile[i];
    if (t === VOID) {
      voids++;
      continue;
    }
    if (exitCell[i] !== 0) exitList[exits++] = i;
    const gl = groundAt[i];
    if (gl !== 0) {
      ground += gl;
      left[groundKind[i]] += gl;
      cells[groundKind[i]]++;
    }
    const c = coverAt[i];
    if (c !== 0) {
      cover += c;
      left[coverKind[i]] += c;
      cells[coverKind[i]]++;
    }
    if (t >= ELEM0 && (anchor[i] < 0 || anchor[i] === i)) {
      const e = t - ELEM0, hp = hpAt[i] > 0 ? hpAt[i] : 1;
      left[e] += hp;
      cells[e]++;
      elHp += hp;
      elTiles++;
    }
  }
  b.groundLeft = ground;
  b.coverLeft = cover;
  b.elHpLeft = elHp;
  b.elTiles = elTiles;
  b.voids = voids;
  b.exitCount = exits;
}
