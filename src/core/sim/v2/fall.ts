// Gravity of a version 2 board (RULES §12.3 Fall paths and Spawners, §2.6, §2.6b, §11.2 Refill and
// Exits): pieces fall toward the end of their fall path (portals folded in), stopped by blockers;
// new tiles enter only at a path whose first cell is its column's top or a spawner, through the
// spawner's entries or the level's; under rules 2 one diagonal slide a pass, geometric (portals and
// walls ignored); after every gravity items on exit cells leave and gravity runs again.
import type { Board } from '../board.ts';
import type { SpawnTable } from '../spawnTable.ts';
import { ELEM0, EMPTY, VOID, colorName } from '../codes.ts';
import { WHOLE, type V2State } from './state.ts';
import type { StepEvent } from '../events.ts';
import { cyc, noteSlot, resetCycles, seenBefore } from './cycle.ts';

/** A piece gravity moves: a colour tile, special, coloured piece or falling element, uncovered or under a cover that falls with its tile. */
export function movable2(b: Board, x: V2State, i: number): boolean {
  const t = b.tile[i];
  if (t === EMPTY || t === VOID) return false;
  if (x.anchor[i] >= 0) return false;
  if (b.game.codeFalls[t] === 0) return false;
  return b.cover[i] === 0 || x.gt.fallsWithTile[b.coverKind[i]] !== 0;
}

/** Moves the tile slot of `from` (tile, hp, a falling cover, a coloured piece's colour and countdown) into the empty cell `to`. */
export function moveSlot(b: Board, x: V2State, from: number, to: number): void {
  x.mark(to);
  if (x.masked) x.mark(from); // emptied: kept line masks clear its colour
  if (cyc.on) {
    noteSlot(b, from);
    noteSlot(b, to);
  }
  b.tile[to] = b.tile[from];
  b.hp[to] = b.hp[from];
  b.cover[to] = b.cover[from];
  b.coverKind[to] = b.coverKind[from];
  x.pcolor[to] = x.pcolor[from];
  x.cd[to] = x.cd[from];
  x.fresh[to] = x.fresh[from];
  b.tile[from] = EMPTY;
  b.hp[from] = 0;
  b.cover[from] = 0;
  x.pcolor[from] = -1;
  x.cd[from] = 0;
  x.fresh[from] = 0;
  if (b.rec !== null) b.rec.cur?.falls.push({ from, to });
}

/** Fall: every path's movable pieces fall to the lowest empty cell they can reach (paths with nothing to do, pathDirty clear, are left alone). */
function fallPaths(b: Board, x: V2State): void {
  const paths = x.layout.paths, all = !x.holesKnown, dirty = x.pathDirty;
  for (let k = 0; k < paths.length; k++) if (all) fallPath(b, x, paths[k], WHOLE);
  else if (dirty[k] !== 0) fallPath(b, x, paths[k], dirty[k]);
}

/**
 * Path k has fallen and refilled: clear. Without refill (a bot's copy) its entry may stay empty; a
 * fallen path still has no movable piece above a hole, and every later change that can give it one
 * (a removal, a cover gone, a swap, a belt's shift, a slide) lists it again.
 */
function settled(x: V2State, k: number): void {
  x.pathDirty[k] = 0;
}

/** Tests set this to check, after every gravity, that a fall over every path would move nothing (the paths left alone had no work). */
let checkFalls = false;
export function checkSkippedFalls(on: boolean): void {
  checkFalls = on;
}

/** The check: no path has a movable piece above an empty cell it could fall into. */
function assertSettled(b: Board, x: V2State): void {
  for (const p of x.layout.paths) {
    let hole = false;
    for (let k = p.length - 1; k >= 0; k--) {
      const i = p[k];
      if (b.tile[i] === EMPTY) hole = true;
      else if (hole) {
        if (movable2(b, x, i)) throw new Error(`gravity left a piece above a hole at cell ${i}`);
        hole = false;
      }
    }
  }
}

/**
 * Fall along one path, from place `from` − 1 up (V2State.pathDirty; WHOLE: from its end): the
 * empty cells just below it first (a piece above an emptied cell falls as far as they go); below
 * them nothing changed since the path's last fall.
 */
function fallPath(b: Board, x: V2State, p: Int32Array, from: number): void {
  const tile = b.tile, end = p.length - 1;
  let k0 = from > end ? end : from - 1;
  while (k0 < end && tile[p[k0 + 1]] === EMPTY) k0++;
  let write = -1;
  for (let k = k0; k >= 0; k--) {
    const i = p[k];
    if (tile[i] === EMPTY) {
      if (write < 0) write = k;
    } else if (write >= 0) {
      // only a piece above an empty cell needs asking whether it moves
      if (movable2(b, x, i)) {
        moveSlot(b, x, i, p[write]);
        write--;
      } else write = -1;
    }
  }
}

/** The board's count of element e (each piece once), for spawn `max`. */
function countOnBoard(b: Board, x: V2State, e: number): number {
  const code = ELEM0 + e;
  let k = 0;
  for (let i = 0; i < b.n; i++) if (b.tile[i] === code && (x.anchor[i] < 0 || x.anchor[i] === i)) k++;
  return k;
}

/** Spawn `max` counts within one refill pass (only the pass's own spawns change them): per element the pass it was counted in, and the count. */
let countPass = 0, countAt = new Int32Array(0), countVal = new Int32Array(0);

/** countOnBoard, counted once a refill pass. */
function onBoard(b: Board, x: V2State, e: number): number {
  if (countAt.length <= e) {
    countAt = new Int32Array(b.game.count + 1);
    countVal = new Int32Array(b.game.count + 1);
  }
  if (countAt[e] !== countPass) {
    countAt[e] = countPass;
    countVal[e] = countOnBoard(b, x, e);
  }
  return countVal[e];
}

/** The tile a refill puts at i: the spawn entries in order (RULES §11.2 Refill, §12.3 Spawners), else a colour. */
function refillTile(b: Board, x: V2State, i: number, spawn: SpawnTable): void {
  x.mark(i);
  if (cyc.on) noteSlot(b, i);
  const { el, chance, max, total } = spawn;
  if (b.spawnOn)
    for (let k = 0; k < el.length; k++) {
      const e = el[k];
      if (b.elSpawned[e] >= total[k] || onBoard(b, x, e) >= max[k]) continue;
      if (b.rng.next() / 4294967296 >= chance[k]) continue;
      b.elSpawned[e]++;
      countVal[e]++;
      b.tile[i] = ELEM0 + e;
      if (x.gt.colored[e] !== 0) {
        // a spawned coloured piece's colour is drawn right after its entry's u (RULES §12.6)
        x.pcolor[i] = b.rng.below(b.colors);
        x.cd[i] = x.gt.countdown[e];
        b.hp[i] = 1;
      } else b.hp[i] = b.game.hp[e];
      x.fresh[i] = 1;
      if (b.rec !== null) b.rec.cur?.refills.push(x.gt.colored[e] !== 0 ? { cell: i, tile: b.game.ids[e], color: colorName(x.pcolor[i]), countdown: x.cd[i] } : { cell: i, tile: b.game.ids[e] });
      return;
    }
  const c = b.rng.below(b.colors);
  b.tile[i] = c;
  b.hp[i] = 0;
  x.fresh[i] = 1;
  if (b.rec !== null) b.rec.cur?.refills.push({ cell: i, tile: colorName(c) });
}

/** Refill: every entry path, in refill order, fills its leading empty cells, lowest first. */
function refillPaths(b: Board, x: V2State): void {
  countPass++;
  const all = !x.holesKnown, dirty = x.pathDirty;
  for (let k = 0; k < x.layout.paths.length; k++) {
    if (!all && dirty[k] === 0) continue;
    if (b.refill) refillPath(b, x, k);
    settled(x, k);
  }
  x.holesKnown = true;
}

/** Path k (if it has an entry) fills its leading empty cells, lowest first. */
function refillPath(b: Board, x: V2State, k: number): void {
  const { paths, entry, spawners } = x.layout;
  const src = entry[k];
  if (src === -1) return;
  const p = paths[k];
  let run = 0;
  while (run < p.length && b.tile[p[run]] === EMPTY) run++;
  if (run === 0) return;
  const spawn = src >= 0 ? spawners[src] : b.spawn;
  for (let q = run - 1; q >= 0; q--) refillTile(b, x, p[q], spawn);
}

/** The cell the last slide moved its piece to. */
let slidTo = -1;

/** The next diagonal slide (RULES §2.6b): the first empty cell, bottom row up, left to right, whose upper-left or else upper-right neighbour holds a movable piece (without refill, not a cell toCome). Returns the cell it would slide from (-1: none) and sets slidTo; moves nothing. */
function findSlide(b: Board, x: V2State): number {
  // the scan starts at the row of the last empty cell (below it no cell can take a slide)
  const last = b.tile.lastIndexOf(EMPTY);
  if (last < b.w) return -1; // no empty cell below the top row: nothing to slide into
  const from = slideFrom(b, x, b.row[last]);
  if (checkFalls) {
    const to = slidTo;
    if (slideFrom(b, x, b.h - 1) !== from || slidTo !== to) throw new Error(`the slide found from row ${b.row[last]} is not the first one`);
  }
  return from;
}

/**
 * Without refill (a bot's copy): empty cell i is one the refill would fill — in the leading empty run
 * of its fall path, a path with an entry — so it holds a piece to come and nothing slides into it, as
 * on a classic board (docs/rules.md §5; with refill such a cell is filled before any slide).
 */
export function toCome(b: Board, x: V2State, i: number): boolean {
  const k = x.layout.pathOf[i];
  if (k < 0 || x.layout.entry[k] === -1) return false;
  const p = x.layout.paths[k], tile = b.tile;
  for (let j = 0; p[j] !== i; j++) if (tile[p[j]] !== EMPTY) return false;
  return true;
}

/** findSlide's scan from row `y0` up. */
function slideFrom(b: Board, x: V2State, y0: number): number {
  const w = b.w, tile = b.tile, refill = b.refill;
  for (let y = y0; y >= 1; y--)
    for (let xx = 0, i = y * w; xx < w; xx++, i++) {
      if (tile[i] !== EMPTY) continue;
      if (!refill && toCome(b, x, i)) continue;
      if (xx > 0 && movable2(b, x, i - w - 1)) {
        slidTo = i;
        return i - w - 1;
      }
      if (xx < w - 1 && movable2(b, x, i - w + 1)) {
        slidTo = i;
        return i - w + 1;
      }
    }
  slidTo = -1;
  return -1;
}

/**
 * After a slide from `from` to `to`, only their two paths can have a piece over a hole or an empty
 * entry (every other path settled and refilled in the pass before): fall and refill just those, in
 * path order (the refill's draws come in the order a pass over every path makes them).
 */
function settlePathsOf(b: Board, x: V2State, from: number, to: number): void {
  const { paths, pathOf } = x.layout;
  let p = pathOf[from], q = pathOf[to];
  if (p > q) {
    const t = p;
    p = q;
    q = t;
  }
  if (p >= 0) fallPath(b, x, paths[p], WHOLE);
  if (q >= 0 && q !== p) fallPath(b, x, paths[q], WHOLE);
  if (b.refill) {
    countPass++;
    if (p >= 0) refillPath(b, x, p);
    if (q >= 0 && q !== p) refillPath(b, x, q);
  }
  if (p >= 0) settled(x, p);
  if (q >= 0) settled(x, q);
}

/** Items standing on exit cells leave (counted from the first move on); returns how many. */
function takeExits(b: Board, x: V2State): number {
  const list = x.layout.exitList;
  if (list.length === 0) return 0;
  const ex = b.game.exit;
  let k = 0;
  for (let q = 0; q < list.length; q++) {
    const i = list[q], t = b.tile[i];
    if (t < ELEM0 || ex[t - ELEM0] === 0 || b.cover[i] !== 0) continue;
    x.emptied(i);
    b.tile[i] = EMPTY;
    b.hp[i] = 0;
    if (b.exitsCount) b.elExited[t - ELEM0]++;
    if (b.rec !== null) b.rec.cur?.exited.push({ cell: i, element: b.game.ids[t - ELEM0] });
    k++;
  }
  return k;
}

/** Gravity with refill and exits, until nothing moves (RULES §12.6 Rare cases: a board that never settles is an error). */
export function gravity2(b: Board, x: V2State): void {
  const limit = 4 * b.n * b.n + 64;
  let exitFrom = 0;
  for (let round = 0; ; round++) {
    if (round > limit) throw new Error('gravity did not settle: the game is not counted');
    const log = round > 0 && b.rec !== null ? b.rec.cur : null;
    const nf = log !== null ? log.falls.length : 0, nr = log !== null ? log.refills.length : 0;
    if (b.rules === 2) {
      const seen = x.layout.portals;
      resetCycles();
      fallPaths(b, x);
      refillPaths(b, x);
      if (log !== null) recordRound(log, nf, nr, exitFrom);
      for (let pass = 0; ; pass++) {
        if (pass > limit) throw new Error('gravity did not settle: the game is not counted');
        const from = findSlide(b, x);
        if (from < 0) break;
        // with portals a slide can feed a path that carries the tile straight back (docs/rules.md
        // §12 choices): a position seen before in this gravity is a cycle, and the board is settled
        // (asked only when a slide would follow: with none, the pass ends either way)
        if (seen && seenBefore(b)) break;
        const rec = b.rec !== null ? b.rec.cur : null;
        const nf = rec !== null ? rec.falls.length : 0, nr = rec !== null ? rec.refills.length : 0;
        moveSlot(b, x, from, slidTo);
        settlePathsOf(b, x, from, slidTo);
        if (rec !== null) recordSlide(rec, nf, nr);
      }
      resetCycles();
    } else {
      fallPaths(b, x);
      refillPaths(b, x);
      if (log !== null) recordRound(log, nf, nr, exitFrom);
    }
    if (b.rec !== null && b.rec.cur !== null) exitFrom = b.rec.cur.exited.length;
    if (takeExits(b, x) === 0) {
      if (checkFalls) assertSettled(b, x);
      return;
    }
  }
}

/** Recording only (the play-test): gravity again after items left at exits, recorded in order as a slide from -1 (see SlideEvent). */
function recordRound(e: StepEvent, nf: number, nr: number, exitFrom: number): void {
  e.slides.push({ from: -1, to: -1, exited: e.exited.slice(exitFrom).map((q) => q.cell), falls: e.falls.splice(nf), refills: e.refills.splice(nr) });
}

/** Recording only (the play-test): the falls and refills since (nf, nr) become one slide's record, as the classic gravity records it (the first fall is the slide). */
function recordSlide(e: StepEvent, nf: number, nr: number): void {
  const moved = e.falls.splice(nf), refills = e.refills.splice(nr);
  e.slides.push({ from: moved[0].from, to: moved[0].to, falls: moved.slice(1), refills });
}
