// RULES §2.6: tiles fall straight down through voids; crates and covered tiles stay and hold up
// what is above them; new tiles enter at the top of each column from the level's stream.
// RULES §2.6b (rules version 2): then, one at a time, a tile slides diagonally into an empty cell
// that nothing can fall into, and everything falls and refills again, until nothing moves.
// RULES §11.2: tile elements that fall move like tiles (their hp with them); those that do not
// fall hold up what is above them, as covered tiles do; refills first try the level's spawn
// entries; after every gravity, items standing on exit cells are taken out and gravity runs again.
import type { Board } from './board.ts';
import { ELEM0, EMPTY, VOID, tileName } from './codes.ts';
import type { SlideEvent, StepEvent, TileName } from './events.ts';
import { noteRemoved } from './hits.ts';

/** Where a column's falls and refills are recorded (the step's lists, or a slide's), or null. */
interface ColumnLog {
  falls: { from: number; to: number }[];
  refills: { cell: number; tile: TileName }[];
}

/**
 * Fall then refill in one column, exactly as version 1 does it: blockers split the column into
 * segments, each segment's tiles drop to its bottom (voids are passed through), and only the top
 * segment refills, lowest empty cell first. Returns, packed in one number (rows are < 32): the
 * lowest row still empty after (`hole`), the lowest row that was empty before (`lowest`), the
 * lowest row a tile fell or was refilled into (`land`) and the lowest row left empty under a
 * blocker (`under`: without refill the top segment's empty cells are not such), each −1 for none:
 * `(under + 1) << 15 | (land + 1) << 10 | (lowest + 1) << 5 | (hole + 1)` (see the unpack helpers).
 */
function settleColumn(b: Board, x: number, log: ColumnLog | null, from = b.h - 1): number {
  const { w, tile, cover, hp } = b;
  const stuck = b.game.codeStuck;
  // below the lowest empty cell nothing falls or changes the bookkeeping (no segment has an empty
  // row yet), so skip there with a plain search (from row `from`: the caller knows there is no
  // empty cell below it); a column with no empty cell is left as it is
  let y0 = from;
  while (y0 >= 0 && tile[y0 * w + x] !== EMPTY) y0--;
  if (y0 < 0) return 0;
  let write = -1; // lowest empty row of the current segment, -1 if none yet
  let lowest = -1; // lowest empty row of the column: nothing below it changes
  let hole = -1; // lowest row left empty: the top of a segment under a blocker keeps its empty cells
  let land = -1; // lowest row a tile falls or is refilled into (the first written)
  for (let y = y0; y >= 0; y--) {
    const i = y * w + x;
    const t = tile[i];
    if (t === VOID) continue;
    if ((t >= ELEM0 && stuck[t] !== 0) || cover[i] !== 0) {
      if (write > hole) hole = write;
      write = -1; // cells below a blocker stay empty until it goes
      continue;
    }
    if (t === EMPTY) {
      if (write < 0) write = y;
      if (lowest < 0) lowest = y;
      continue;
    }
    if (write >= 0) {
      if (land < 0) land = write;
      tile[write * w + x] = t;
      tile[i] = EMPTY;
      if (t >= ELEM0) {
        hp[write * w + x] = hp[i];
        hp[i] = 0;
      }
      if (log !== null) log.falls.push({ from: i, to: write * w + x });
      let nw = write - 1;
      while (tile[nw * w + x] === VOID) nw--;
      write = nw;
    }
  }
  const under = hole; // so far only the segments under blockers
  if (write >= 0 && !b.refill && write > hole) hole = write;
  if (write >= 0 && b.refill) {
    if (land < 0) land = write;
    const rng = b.rng, colors = b.colors, spawn = b.spawnOn && b.spawn.el.length !== 0;
    for (let y = write; y >= 0; y--) {
      const i = y * w + x;
      if (tile[i] === VOID) continue;
      const c = spawn ? refillTile(b, i) : rng.below(colors);
      tile[i] = c;
      if (log !== null) log.refills.push({ cell: i, tile: tileName(c, b.game) as TileName });
    }
  }
  return pack(hole, lowest, land, under);
}

/** settleColumn's result, packed (rows are < 32, −1 is none) and unpacked. */
const pack = (hole: number, lowest: number, land: number, under: number) =>
  ((under + 1) << 15) | ((land + 1) << 10) | ((lowest + 1) << 5) | (hole + 1);
const holeOf = (r: number) => (r & 31) - 1;
const lowestOf = (r: number) => ((r >> 5) & 31) - 1;
const landOf = (r: number) => ((r >> 10) & 31) - 1;
const underOf = (r: number) => ((r >> 15) & 31) - 1;

/**
 * settleColumn for a column with no void, crate or covered tile, with refill: the tiles above the
 * lowest empty cell close up downwards and the top fills from the stream, lowest cell first. The
 * same moves, draws and return value as settleColumn there (no hole is ever left).
 */
function settlePlainColumn(b: Board, x: number, log: ColumnLog | null, from: number): number {
  const { w, tile, hp } = b;
  let y0 = from;
  while (y0 >= 0 && tile[y0 * w + x] !== EMPTY) y0--;
  if (y0 < 0) return 0;
  let write = y0 * w + x; // the lowest empty cell
  for (let i = write - w; i >= 0; i -= w) {
    const t = tile[i];
    if (t === EMPTY) continue;
    tile[write] = t;
    tile[i] = EMPTY;
    if (t >= ELEM0) {
      hp[write] = hp[i];
      hp[i] = 0;
    }
    if (log !== null) log.falls.push({ from: i, to: write });
    write -= w;
  }
  const rng = b.rng, colors = b.colors, spawn = b.spawnOn && b.spawn.el.length !== 0;
  for (; write >= 0; write -= w) {
    const c = spawn ? refillTile(b, write) : rng.below(colors);
    tile[write] = c;
    if (log !== null) log.refills.push({ cell: write, tile: tileName(c, b.game) as TileName });
  }
  return pack(-1, y0, y0, -1);
}

/**
 * A refill's new tile at cell i (RULES §11.2 Refill): the level's spawn entries in order, each
 * while its element has fewer than `max` on the board and has entered fewer than `total` times,
 * draws u; u < chance puts that element there. Else a colour, as without spawns.
 */
function refillTile(b: Board, i: number): number {
  const { el: els, chance, max, total } = b.spawn;
  for (let k = 0; k < els.length; k++) {
    const e = els[k];
    if (b.elCells[e] >= max[k] || b.elSpawned[e] >= total[k]) continue;
    if (b.rng.next() / 4294967296 >= chance[k]) continue;
    const code = ELEM0 + e, hp = b.game.hp[e];
    b.hp[i] = hp;
    b.elSpawned[e]++;
    b.elCells[e]++;
    b.elLeft[e] += hp;
    b.elHpLeft += hp;
    b.elTiles++;
    if (b.game.codeStuck[code] !== 0) b.holders++;
    return code;
  }
  return b.rng.below(b.colors);
}

/**
 * RULES §11.2 Exits: takes out every item standing on an exit cell (no score, no hit on its
 * ground; counted for bring_down from the first move on). Returns whether any went.
 */
function takeExits(b: Board): boolean {
  const { tile, exits, hp } = b, g = b.game;
  let took = false;
  for (let q = 0; q < b.exitCount; q++) {
    const i = exits[q], t = tile[i];
    if (t < ELEM0 || g.exit[t - ELEM0] === 0) continue;
    const e = t - ELEM0;
    tile[i] = EMPTY;
    noteRemoved(b, i);
    b.elLeft[e] -= hp[i];
    b.elHpLeft -= hp[i];
    hp[i] = 0;
    b.elCells[e]--;
    b.elTiles--;
    if (g.codeStuck[t] !== 0) b.holders--;
    if (b.exitsCount) b.elExited[e]++;
    if (b.rec !== null && b.rec.cur !== null) b.rec.cur.exited.push({ cell: i, element: g.ids[e] });
    took = true;
  }
  return took;
}

/** Whether an item (a tile element that leaves through exits) is on the board. */
function itemsOnBoard(b: Board): boolean {
  const els = b.game.exitEls, cells = b.elCells;
  for (let k = 0; k < els.length; k++) if (cells[els[k]] !== 0) return true;
  return false;
}

/** Gravity of the board's rules version after a clear; records what changed for the next match scan. */
export function gravity(b: Board): void {
  settle(b, false, false);
}

/**
 * gravity() in a step of the engine's own: when the last gravity left no empty cell (Board.noHoles),
 * the only empty cells are the ones this step's removals recorded in Board.clearLow, so a column
 * none was removed from is left alone and the others are searched from their lowest removal up.
 * Same result as gravity(); only callers that play a whole step through the engine's hits use it
 * (an empty cell written by hand would not be seen).
 */
export function gravityAfterClear(b: Board): void {
  // refill may have been turned off since the last gravity (a test's exact board): then every
  // column is searched, as gravity() does
  settle(b, b.noHoles && b.refill, true);
}

/** `known`: the columns the last gravity left (Board.colHole) may be trusted (a step of the engine's own). */
function settle(b: Board, tracked: boolean, known: boolean): void {
  settleOnce(b, tracked, known);
  if (b.exitCount === 0 || !itemsOnBoard(b)) return;
  let took = false;
  const log = b.rec !== null ? b.rec.cur : null;
  let exitFrom = log !== null ? log.exited.length : 0;
  while (takeExits(b)) {
    took = true;
    if (log === null) settleOnce(b, false, known);
    else {
      const nf = log.falls.length, nr = log.refills.length, ns = log.slides.length;
      settleOnce(b, false, known);
      exitFrom = recordExitRound(log, nf, nr, ns, exitFrom);
    }
  }
  if (took) {
    // two gravities changed the board: the next line scan looks everywhere
    b.dirtyRow = b.h - 1;
    b.dirtyCol.fill(1);
  }
}

/**
 * Recording only (the play-test): the gravity after items left at exits as a slide from -1 (SlideEvent),
 * put before that gravity's own diagonal slides; its falls and refills are the ones since (nf, nr), as
 * version 2 records them (src/core/sim/v2/fall.ts). Returns how many exits are recorded so far.
 */
function recordExitRound(e: StepEvent, nf: number, nr: number, ns: number, exitFrom: number): number {
  const round: SlideEvent = { from: -1, to: -1, exited: e.exited.slice(exitFrom).map((q) => q.cell), falls: e.falls.splice(nf), refills: e.refills.splice(nr) };
  e.slides.splice(ns, 0, round);
  return e.exited.length;
}

/**
 * One fall and refill of every column. Untracked, with the columns known (Board.colHole): a column
 * with no removal since the last gravity is settled with its empty cells where they were, so
 * settleColumn would move nothing, land nothing and return its lowest empty row as the lowest
 * before, the lowest left, and (Board.colUnder) the lowest under a blocker; a column with a removal
 * has no empty cell below its lowest removal and its old lowest empty row, and is searched from
 * there. The same boards, draws and bookkeeping as searching every column from the bottom.
 * The next line scan (Board.dirtyRow, dirtyCol) looks at the cells a tile landed in: after a clear
 * a new line runs through one, as every line the last scan found was cleared (a covered tile in
 * one makes the next scan look everywhere). While a line may outlast its step (Board.lastingLines)
 * it looks, as before games, at every column's empty cells as they were before the fall.
 */
function settleOnce(b: Board, tracked: boolean, known: boolean): void {
  const rec = b.rec;
  const log = rec !== null ? rec.cur : null;
  const clearLow = b.clearLow, colHole = b.colHole, colUnder = b.colUnder, top = b.h - 1;
  // tracked (so refill is on) with nothing in any column that holds tiles up or is passed through
  const plain = tracked && b.voids === 0 && b.holders === 0;
  const useCols = !tracked && known && (b.colsKnown === 1 || (b.colsKnown === 2 && !b.refill));
  // what the next line scan looks at: the cells a tile landed in, or (while a line may outlast a
  // step, Board.lastingLines) every column's empty cells as they were before
  const landed = !b.lastingLines;
  const dirtyCol = b.dirtyCol, w = b.w;
  let dirtyRow = -1, holeRow = -1, underRow = -1;
  for (let x = 0; x < w; x++) {
    const low = clearLow[x];
    let r: number;
    if (useCols && low < 0 && colHole[x] !== -2) {
      // a column with no removal is left as it is: nothing lands, its empty cells stay
      const old = colHole[x], under = colUnder[x];
      const changed = landed ? -1 : old;
      dirtyCol[x] = changed >= 0 ? 1 : 0;
      if (changed > dirtyRow) dirtyRow = changed;
      if (old > holeRow) holeRow = old;
      if (under > underRow) underRow = under;
      continue;
    }
    clearLow[x] = -1;
    if (tracked) r = low < 0 ? 0 : plain ? settlePlainColumn(b, x, log, low) : settleColumn(b, x, log, low);
    else if (useCols && colHole[x] !== -2) {
      const old = colHole[x];
      r = settleColumn(b, x, log, low > old ? low : old);
    } else r = settleColumn(b, x, log, top);
    const changed = landed ? landOf(r) : lowestOf(r), hole = holeOf(r), under = underOf(r);
    colHole[x] = hole;
    colUnder[x] = under;
    dirtyCol[x] = changed >= 0 ? 1 : 0;
    if (changed > dirtyRow) dirtyRow = changed;
    if (hole > holeRow) holeRow = hole;
    if (under > underRow) underRow = under;
  }
  b.dirtyRow = dirtyRow;
  b.noHoles = b.refill && holeRow < 0;
  b.colsKnown = b.refill ? 1 : 2;
  // no empty cell left (the usual case on a board without blockers): nothing can slide. Without
  // refill a tile slides only into an empty cell under a blocker (findSlide): none lies below
  // `underRow`, and with none at all nothing slides
  if (b.rules === 2) {
    const from = b.refill ? holeRow : underRow;
    if (from > 0) slideUntilSettled(b, from);
  }
}

/** A colour tile, special or falling element with no cover: what falls and slides. */
const movable = (b: Board, i: number) => b.game.codeFalls[b.tile[i]] !== 0 && b.cover[i] === 0;

/** Only voids and empty cells between cell i and the top edge: the refill would fill it. */
function openToTop(b: Board, i: number): boolean {
  const { w, tile } = b;
  for (let j = i - w; j >= 0; j -= w) if (tile[j] !== EMPTY && tile[j] !== VOID) return false;
  return true;
}

/**
 * The next slide of RULES §2.6b on a settled board: the first empty cell, bottom row first and left
 * to right within a row, starting at row `fromRow`, whose upper-left (else upper-right) neighbour
 * holds a movable tile. Returns target * 2 + (1 for upper-right), or -1.
 * Without refill (a bot's estimate) a cell the refill would fill holds an unknown tile to come, so
 * nothing slides into it (docs/rules.md §5).
 */
export function findSlide(b: Board, fromRow: number): number {
  const { w, tile } = b;
  const refill = b.refill;
  for (let y = fromRow; y >= 1; y--) {
    const o = y * w;
    for (let x = 0; x < w; x++) {
      if (tile[o + x] !== EMPTY) continue;
      if (!refill && openToTop(b, o + x)) continue;
      if (x > 0 && movable(b, o - w + x - 1)) return (o + x) * 2;
      if (x < w - 1 && movable(b, o - w + x + 1)) return (o + x) * 2 + 1;
    }
  }
  return -1;
}

/**
 * The rest of the §2.6b loop after the first fall and refill, done incrementally. The definition
 * re-falls and re-refills every column and rescans from the bottom row after each slide; but on a
 * settled board a slide changes only its two columns, so only they are settled again (left one
 * first, as the definition's left-to-right refill draws them), and no empty cell below the row
 * under the slid tile's landing cell can have gained a source, so the scan resumes there. Tested
 * against the definition (tests/unit/sim/rulesV2.test.ts): same boards, same random draws.
 */
function slideUntilSettled(b: Board, lowestHole: number): void {
  const { w, h, tile, dirtyCol } = b;
  const rec = b.rec;
  let fromRow = lowestHole; // no empty cell lies below it
  for (;;) {
    const s = findSlide(b, fromRow);
    if (s < 0) return;
    const to = s >> 1, tx = to % w;
    const from = to - w + (s & 1 ? 1 : -1), fx = from % w;
    tile[to] = tile[from];
    tile[from] = EMPTY;
    if (tile[to] >= ELEM0) {
      b.hp[to] = b.hp[from];
      b.hp[from] = 0;
    }
    let log: SlideEvent | null = null;
    if (rec !== null) {
      log = { from, to, falls: [], refills: [] };
      rec.cur!.slides.push(log);
    }
    const left = tx < fx ? tx : fx;
    settleColumn(b, left, log);
    settleColumn(b, left + 1, log);
    b.colHole[left] = b.colHole[left + 1] = -2;
    // the slid tile fell through the empty cells under its target (nothing was above it): the first
    // tile at or below the target is the slid one
    let landed = (to / w) | 0;
    while (tile[landed * w + tx] === EMPTY || tile[landed * w + tx] === VOID) landed++;
    dirtyCol[tx] = 1;
    dirtyCol[fx] = 1;
    if (landed > b.dirtyRow) b.dirtyRow = landed;
    fromRow = landed + 1 < h ? landed + 1 : h - 1;
  }
}
