// The expert's gravity on its copy (a bot's board: no refill, no recording, rules 2): gravity2's
// passes in gravity2's order — every listed path falls, then slide after slide, the portals' cycle
// test, exits — with what no refill makes simple done simply: a fallen path is settled at once (no
// refill pass over the paths), and after a slide only the cells that can move do: above the cell
// slid from, the pieces next above it fall one cell each, and the piece slid in falls down the
// empty run below it (every path is settled before a slide, so nothing else on the two paths can
// move). Checked against gravity2 on a second copy (checkQuickGravity).
import { Board } from '../board.ts';
import { ELEM0, EMPTY } from '../codes.ts';
import { resetCycles, seenBefore } from './cycle.ts';
import { gravity2, movable2, moveSlot, toCome } from './fall.ts';
import type { Layout } from './layout.ts';
import { stateDiff } from './stateDiff.ts';
import { V2State } from './state.ts';

/**
 * Per layout: each cell's place on its fall path (0 its first cell); per path the row of its first
 * cell when it runs straight down one column (-1: not); whether every path goes down row by row
 * (portals to lower rows only): then every fall and slide moves a piece to a lower row, the rows of
 * the board's pieces only grow within a pass, and no position comes back — no cycle test is needed.
 */
type Places = { at: Int32Array; colTop: Int32Array; downward: boolean };
const placeOf = new WeakMap<Layout, Places>();
/** The last layout asked for, kept at hand (a WeakMap look-up per gravity costs). */
let lastLayout: Layout | null = null, lastPlaces: Places = { at: new Int32Array(0), colTop: new Int32Array(0), downward: false };
function places(b: Board, layout: Layout): Places {
  if (layout === lastLayout) return lastPlaces;
  let pl = placeOf.get(layout);
  if (pl === undefined) {
    const at = new Int32Array(b.n).fill(-1), colTop = new Int32Array(layout.paths.length).fill(-1);
    let downward = true;
    layout.paths.forEach((p, k) => {
      let straight = true;
      for (let j = 0; j < p.length; j++) {
        at[p[j]] = j;
        if (p[j] !== p[0] + j * b.w) straight = false;
        if (j > 0 && b.row[p[j]] <= b.row[p[j - 1]]) downward = false;
      }
      if (straight) colTop[k] = b.row[p[0]];
    });
    pl = { at, colTop, downward };
    placeOf.set(layout, pl);
  }
  lastLayout = layout;
  lastPlaces = pl;
  return pl;
}

/** Whether every fall path of b's layout goes down row by row (the expert's gravity then makes no cycle test). */
export function fallsDownward(b: Board): boolean {
  return places(b, b.x!.layout).downward;
}

/** gravity2 on a bot's copy (b.refill false); any other board goes to gravity2. */
export function gravityQuick(b: Board, x: V2State): void {
  if (b.refill || b.rules !== 2 || b.rec !== null) {
    gravity2(b, x);
    return;
  }
  if (checkOn) {
    checkedGravity(b, x);
    return;
  }
  settle(b, x);
}

function settle(b: Board, x: V2State): void {
  const limit = 4 * b.n * b.n + 64, pl = places(b, x.layout), seen = x.layout.portals && !pl.downward, at = pl.at;
  if (b !== lowOf) {
    // a board no play-out began on (quickCopy): its empty cells are not known
    lowOf = b;
    low = b.h - 1;
  }
  for (let round = 0; ; round++) {
    if (round > limit) throw new Error('gravity did not settle: the game is not counted');
    resetCycles();
    fallListed(b, x, pl.colTop);
    for (let pass = 0; ; pass++) {
      if (pass > limit) throw new Error('gravity did not settle: the game is not counted');
      const from = nextSlide(b, x);
      if (from < 0) break;
      if (seen && seenBefore(b)) break;
      const to = slidTo;
      moveSlot(b, x, from, to);
      afterSlide(b, x, at, from, to);
    }
    resetCycles();
    if (takeExits(b, x) === 0) return;
  }
}

/**
 * A row at or below the lowest empty cell's on board `lowOf`: the slide search starts there (below it
 * no cell is empty) and lowers it to the first row it finds an empty cell in. A play-out's copy
 * starts with its board's (quickCopy); every cell emptied on it raises it (emptied: a removal, an
 * exit, a piece falling out of its cell), and a clear this module does not see sets it to the bottom
 * row (emptiedAnywhere).
 */
let low = 0, lowOf: Board | null = null;

/** The copy s of a board whose lowest empty cell is in row `row` (-1: none) begins a play-out. */
export function quickCopy(s: Board, row: number): void {
  lowOf = s;
  low = row;
}

/** The row of b's lowest empty cell (-1: none). */
export function lowestEmptyRow(b: Board): number {
  const tile = b.tile;
  for (let i = b.n - 1; i >= 0; i--) if (tile[i] === EMPTY) return b.row[i];
  return -1;
}

/** Cell i of b was emptied. */
export function emptied(b: Board, i: number): void {
  const r = b.row[i];
  if (r > low) low = r;
}

/** Cells of b may have been emptied anywhere (the engine's clearStep, a belt's shift). */
export function emptiedAnywhere(b: Board): void {
  low = b.h - 1;
}

/**
 * Every listed path (every path when holes are not known) falls and is settled (without refill
 * nothing else happens to it). A path straight down a column is walked from row `low` up: below it
 * no cell is empty, so nothing there moves.
 */
function fallListed(b: Board, x: V2State, colTop: Int32Array): void {
  const paths = x.layout.paths, all = !x.holesKnown, dirty = x.pathDirty;
  for (let k = 0; k < paths.length; k++)
    if (all || dirty[k] !== 0) {
      const p = paths[k], top = colTop[k];
      const from = top < 0 || low - top >= p.length ? p.length - 1 : low - top;
      if (from >= 0) fallPath(b, x, p, from);
      dirty[k] = 0;
    }
  x.holesKnown = true;
}

/** Fall along one path (fall.ts's fallPath), from its place `from` up (below it no cell is empty). */
function fallPath(b: Board, x: V2State, p: Int32Array, from = p.length - 1): void {
  const tile = b.tile;
  let write = -1;
  for (let k = from; k >= 0; k--) {
    const i = p[k];
    if (tile[i] === EMPTY) {
      if (write < 0) write = k;
    } else if (write >= 0) {
      if (movable2(b, x, i)) {
        moveSlot(b, x, i, p[write]);
        write--;
        // through a portal a piece can fall to a row above the one it leaves
        if (b.row[i] > low) low = b.row[i];
      } else write = -1;
    }
  }
}

/**
 * The two paths of a slide from `from` to `to` fall (settlePathsOf without refill). Both were settled
 * (no movable piece right above an empty cell), so on from's path only the pieces next above `from`
 * move, one cell each, up to the first empty cell or blocker; on to's path only the piece slid in,
 * down the empty run below it. One path (or a cell on none): the whole path falls, as gravity2's.
 */
function afterSlide(b: Board, x: V2State, at: Int32Array, from: number, to: number): void {
  const { paths, pathOf } = x.layout;
  const p = pathOf[from], q = pathOf[to];
  if (p < 0 || q < 0 || p === q) {
    const lo = p < q ? p : q, hi = p < q ? q : p;
    if (lo >= 0) fallPath(b, x, paths[lo]);
    if (hi >= 0 && hi !== lo) fallPath(b, x, paths[hi]);
    if (p >= 0) x.pathDirty[p] = 0;
    if (q >= 0) x.pathDirty[q] = 0;
    low = b.h - 1;
    return;
  }
  const tile = b.tile, up = paths[p], down = paths[q];
  let write = at[from];
  for (let k = write - 1; k >= 0; k--) {
    const i = up[k];
    if (tile[i] === EMPTY || !movable2(b, x, i)) break;
    moveSlot(b, x, i, up[write--]);
  }
  let end = -1;
  for (let k = at[to] + 1; k < down.length && tile[down[k]] === EMPTY; k++) end = k;
  if (end >= 0 && movable2(b, x, to)) moveSlot(b, x, to, down[end]);
  x.pathDirty[p] = 0;
  x.pathDirty[q] = 0;
  // the cells emptied: the last one vacated on from's path, and `to` if its piece fell on
  const row = b.row, r = row[to] > row[up[write]] ? row[to] : row[up[write]];
  if (r > low) low = r;
}

/** The cell the next slide moves its piece to. */
let slidTo = -1;

/** fall.ts's findSlide: the first empty cell from row `low` up, left to right, not toCome, with a movable piece upper-left, else upper-right; the cell it slides from (-1: none). */
function nextSlide(b: Board, x: V2State): number {
  const tile = b.tile, w = b.w;
  let lowered = false;
  for (let y = low; y >= 1; y--)
    for (let xx = 0, i = y * w; xx < w; xx++, i++) {
      if (tile[i] !== EMPTY) continue;
      if (!lowered) {
        low = y;
        lowered = true;
      }
      if (toCome(b, x, i)) continue;
      if (xx > 0 && movable2(b, x, i - w - 1)) {
        slidTo = i;
        return i - w - 1;
      }
      if (xx < w - 1 && movable2(b, x, i - w + 1)) {
        slidTo = i;
        return i - w + 1;
      }
    }
  return -1;
}

/** fall.ts's takeExits on a board that records nothing: items standing on exit cells leave; how many. */
function takeExits(b: Board, x: V2State): number {
  const list = x.layout.exitList;
  if (list.length === 0) return 0;
  const ex = b.game.exit;
  let k = 0;
  for (let q = 0; q < list.length; q++) {
    const i = list[q], t = b.tile[i];
    if (t < ELEM0 || ex[t - ELEM0] === 0 || b.cover[i] !== 0) continue;
    x.hole(i);
    b.tile[i] = EMPTY;
    b.hp[i] = 0;
    emptied(b, i);
    if (b.exitsCount) b.elExited[t - ELEM0]++;
    k++;
  }
  return k;
}

// ── the check (tests) ──

let checkOn = false, checked = 0, second: Board | null = null;

/** Tests set this to play every gravityQuick also as gravity2 on a second copy and throw on any difference; returns how many were compared since the last call. */
export function checkQuickGravity(on: boolean): number {
  checkOn = on;
  const k = checked;
  checked = 0;
  return k;
}

/** settle on b and gravity2 on a copy: the same board, counters, paths to fall and cells to scan. */
function checkedGravity(b: Board, x: V2State): void {
  const p = secondOf(b);
  b.copyTo(p);
  const px = p.x!;
  gravity2(p, px);
  settle(b, x);
  checked++;
  const diff = stateDiff(b, p) || marksDiff(x, px);
  if (diff !== '') throw new Error(`the expert's gravity differs from gravity2: ${diff}`);
}

function marksDiff(x: V2State, y: V2State): string {
  if (x.holesKnown !== y.holesKnown) return 'holesKnown';
  for (let k = 0; k < x.pathDirty.length; k++) if (x.pathDirty[k] !== y.pathDirty[k]) return `pathDirty ${k}`;
  if (x.dirtyCount !== y.dirtyCount) return `dirtyCount ${x.dirtyCount} ≠ ${y.dirtyCount}`;
  for (let k = 0; k < x.dirtyCount; k++) if (y.dirty[x.dirtyList[k]] === 0) return `dirty cell ${x.dirtyList[k]}`;
  return '';
}

function secondOf(b: Board): Board {
  const x = b.x!;
  let p = second;
  if (p === null || p.n !== b.n || p.x!.layout !== x.layout || p.game !== b.game) {
    p = second = new Board(b.w, b.h, b.colors);
    p.setGame(b.game);
    p.x = new V2State(b.n, b.game, x.layout);
    p.refill = false;
  }
  return p;
}
