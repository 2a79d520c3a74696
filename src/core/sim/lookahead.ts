// The expert's look-ahead (docs/rules.md §5): a move played on a scratch copy of the board with
// gravity but no refill, through its cascades to a stable board. The result is exactly what
// `src.copyTo(s); applyMove(s, code)` gives on a board with `refill = false` (property-tested in
// tests/unit/sim/lookahead.test.ts). It is cheaper because, without refill, most of the board can
// be left alone:
//
// - Gravity settles only the columns the step can have emptied and lists where each fallen tile
//   landed. In a cascade step only matches clear (lines hold colour tiles, which fire nothing), so
//   those are the columns of the lines and their neighbours (crates beside a line); after the
//   player's own step, the same when no special went off, else every column.
// - After a step on a board that was stable before it, a new line must run through a tile that
//   fell: everything else is unchanged, empty, or a special. So "is there a cascade?" looks only at
//   the lines through each landed tile, and the lines are recorded from the rows and columns of the
//   landed tiles only. (The engine's cascade scans every row down to the lowest changed one, which
//   without refill keeps growing: the empty tops of earlier columns count as changed at every step.)
//   The lines found are the same; only their numbering can differ, and a cascade step's outcome
//   does not depend on it (each cell is hit once per step, and the cell of a group's special
//   depends on the group's cells only).
// - A covered tile in a match stays where it was and its line can match again anywhere: then the
//   engine's full scans run, as in cascade().
// - The clears, hits and special placements are the engine's own functions.
//
// Rules version 2 adds diagonal slides (RULES §2.6b). Without refill a tile slides only into an
// empty cell under a crate or a covered tile, so on a board with neither a version 2 move plays
// as under version 1; with blockers each fall is checked for a slide, and when one follows the
// engine's gravity does the slides on the fallen board (its fall finds nothing left to do) and the
// next line check scans the whole board. The scratch board's dirtyRow/dirtyCol (cascade bookkeeping
// of gravity()) are not kept up to date here.
import { Board } from './board.ts';
import { gravity as engineGravity } from './gravity.ts';
import { CRATE, EMPTY, ROCKET_H, VOID } from './codes.ts';
import { enqueueFire, fireCombo, runFireQueue, useSpecial } from './hits.ts';
import { findMatches, findMatchesAround, hasAnyMatch, lineThrough, scanCol, scanRow } from './match.ts';
import { TAP, moveTarget } from './moves.ts';
import { beginStep, clearGroups, fireSwapped, placeSpecials } from './resolve.ts';

export class LookAhead {
  /** The scratch board the last `play` left its result on. */
  readonly board: Board;
  /** Cells a tile landed on in the last gravity. */
  private readonly landed: Int32Array;
  private landedCount = 0;
  /** Columns the current step can have emptied (1), for gravity. */
  private readonly colTouched: Uint8Array;
  /** Rows and columns holding a landed tile, for the line scan. */
  private readonly rowMark: Uint8Array;
  private readonly colMark: Uint8Array;
  /**
   * The last play-out was a swap of two colour tiles: only matches cleared, so no special left the
   * board, and the specials on it are those before plus the `placed` ones.
   */
  onlyMatches = false;
  /** Tile codes of the specials the last play-out made, `placedCount` of them. */
  readonly placed: Uint8Array;
  placedCount = 0;
  /** Rules version 2 with blockers on the board: every fall is checked for a slide. */
  private checkSlides = false;
  /** Columns that held a crate or a covered tile when the play-out began (rules version 2). */
  private readonly blockerCol: Uint8Array;
  /** Tiles slid in the last gravity: the next line check scans the whole board. */
  private fullScan = false;

  constructor(w: number, h: number, colors: number) {
    const s = new Board(w, h, colors);
    s.refill = false;
    this.board = s;
    this.landed = new Int32Array(w * h);
    this.colTouched = new Uint8Array(w);
    this.rowMark = new Uint8Array(h);
    this.colMark = new Uint8Array(w);
    this.placed = new Uint8Array(w * h);
    this.blockerCol = new Uint8Array(w);
  }

  /** Plays `code` (valid on the stable board `src`) on the scratch board; `src` is not changed. */
  play(src: Board, code: number): Board {
    const s = this.board;
    src.copyTo(s);
    this.placedCount = 0;
    this.fullScan = false;
    // under rules version 2 a tile can slide only into an empty cell under a crate or a covered
    // tile (without refill the others are left for the unknown tiles to come): with none on the
    // board nothing slides, and the game is version 1's
    this.checkSlides = s.rules === 2 && (src.cratesLeft > 0 || src.iceLeft > 0 || src.chainLeft > 0);
    if (this.checkSlides) this.markBlockerColumns(src);
    this.firstStep(s, code);
    this.cascade(s);
    return s;
  }

  /** Step 1 as applyMove plays it: the swap's own clear, or the tap, or the combo, then gravity. */
  private firstStep(s: Board, code: number): void {
    const a = code >> 3;
    beginStep(s, 1);
    let plain = false; // a swap of two colour tiles: only its lines clear
    if ((code & 7) === TAP) {
      const t = s.tile[a];
      useSpecial(s, a);
      enqueueFire(s, a, t, -1);
    } else {
      const c = moveTarget(s, code);
      const tile = s.tile;
      const ta = tile[a], tc = tile[c];
      tile[a] = tc;
      tile[c] = ta;
      const sa = ta >= ROCKET_H, sc = tc >= ROCKET_H;
      if (sa && sc) {
        fireCombo(s, c, ta, a, tc);
      } else {
        plain = !sa && !sc;
        if (findMatchesAround(s, a, c) > 0) clearGroups(s, a, c);
        if (sa) fireSwapped(s, c, ta, tc);
        if (sc) fireSwapped(s, a, tc, ta);
      }
    }
    runFireQueue(s);
    this.place(s);
    this.onlyMatches = plain;
    if (plain) this.touchLineColumns(s);
    else this.colTouched.fill(1);
    this.gravity(s);
  }

  /** Steps 2, 3, … as cascade(b, 2, true) plays them. */
  private cascade(s: Board): void {
    for (let step = 2; ; step++) {
      if (s.matchedCovered || this.fullScan) {
        this.fullScan = false;
        if (!hasAnyMatch(s) || findMatches(s) === 0) return;
      } else if (!this.anyLineThroughLanded(s) || this.findLinesThroughLanded(s) === 0) return;
      beginStep(s, step);
      clearGroups(s, -1, -1);
      runFireQueue(s);
      this.place(s);
      this.touchLineColumns(s);
      this.gravity(s);
    }
  }

  /** placeSpecials, noting what was placed. */
  private place(s: Board): void {
    for (let k = 0; k < s.placeCount; k++) this.placed[this.placedCount++] = s.placeTile[k];
    placeSpecials(s);
  }

  /**
   * Marks the columns a step that only cleared the recorded lines can have emptied: each line's
   * columns and the one on either side (a crate beside a line takes a hit). A special fired in the
   * step (none should in a step whose clears are all matches) marks every column.
   */
  private touchLineColumns(s: Board): void {
    const touched = this.colTouched;
    if (s.fireTail > 0) {
      touched.fill(1);
      return;
    }
    touched.fill(0);
    const w = s.w;
    for (let l = 0; l < s.lineCount; l++) {
      const x = s.lineStart[l] % w;
      const x1 = s.lineVert[l] ? x : x + s.lineLen[l] - 1;
      const from = x > 0 ? x - 1 : 0, to = x1 < w - 1 ? x1 + 1 : w - 1;
      for (let k = from; k <= to; k++) touched[k] = 1;
    }
  }

  /**
   * Gravity of rules version 1 without refill (RULES §2.6) in the touched columns: each segment's
   * tiles drop to its bottom, voids passed through, crates and covered tiles hold. Lists where each
   * fallen tile landed. Under rules version 2, when a slide follows, the engine's gravity finishes
   * the job (the fall is already done, so it only slides) and the next line check looks everywhere.
   */
  private gravity(s: Board): void {
    const { w, n, tile, cover } = s;
    const landed = this.landed, touched = this.colTouched;
    let count = 0;
    for (let x = 0; x < w; x++) {
      if (touched[x] === 0) continue;
      let i = n - w + x; // walks up the column
      while (i >= 0 && tile[i] !== EMPTY) i -= w;
      let write = -1; // lowest empty cell of the current segment, -1 if none yet
      for (; i >= 0; i -= w) {
        const t = tile[i];
        if (t === VOID) continue;
        if (t === CRATE || cover[i] !== 0) {
          write = -1;
          continue;
        }
        if (t === EMPTY) {
          if (write < 0) write = i;
          continue;
        }
        if (write >= 0) {
          tile[write] = t;
          tile[i] = EMPTY;
          landed[count++] = write;
          write -= w;
          while (write >= 0 && tile[write] === VOID) write -= w;
        }
      }
    }
    this.landedCount = count;
    if (this.checkSlides && this.anySlide(s)) {
      engineGravity(s);
      this.fullScan = true;
    }
  }

  /**
   * Marks the columns holding a crate or a covered tile. On a settled board an empty cell that is
   * not open to the top has one above it (the nearest tile above it would have fallen otherwise),
   * and a play-out makes no new blockers, so only these columns can hold a slide's target.
   */
  private markBlockerColumns(src: Board): void {
    const { w, n, tile, cover } = src;
    const blockerCol = this.blockerCol;
    blockerCol.fill(0);
    for (let i = 0, x = 0; i < n; i++, x = x === w - 1 ? 0 : x + 1) if (tile[i] === CRATE || cover[i] !== 0) blockerCol[x] = 1;
  }

  /**
   * Whether findSlide would find a slide on this settled board without refill: an empty cell with
   * something other than voids and empty cells above it (the cells open to the top are skipped),
   * whose upper-left or upper-right neighbour holds a movable tile.
   */
  private anySlide(s: Board): boolean {
    const { w, n, tile, cover } = s;
    const blockerCol = this.blockerCol;
    for (let x = 0; x < w; x++) {
      if (blockerCol[x] === 0) continue;
      let i = x;
      while (i < n && (tile[i] === EMPTY || tile[i] === VOID)) i += w; // open to the top
      for (i += w; i < n; i += w) {
        if (tile[i] !== EMPTY) continue;
        const u = i - w;
        if (x > 0 && tile[u - 1] < CRATE && cover[u - 1] === 0) return true;
        if (x < w - 1 && tile[u + 1] < CRATE && cover[u + 1] === 0) return true;
      }
    }
    return false;
  }

  /**
   * Whether a line of 3 runs through a tile that landed in the last gravity. On a board that was
   * stable before the step just played (and no covered tile matched in it), that is whether any
   * line exists.
   */
  private anyLineThroughLanded(s: Board): boolean {
    const { w, h, tile } = s;
    const landed = this.landed;
    for (let k = 0; k < this.landedCount; k++) if (lineThrough(tile, w, h, landed[k])) return true;
    return false;
  }

  /**
   * findMatches for the same case: every line runs through a landed tile, so it lies in a row or a
   * column of one; those rows, then those columns, are scanned in full (maximal runs, groups joined).
   */
  private findLinesThroughLanded(s: Board): number {
    const { w, h } = s;
    const landed = this.landed, rowMark = this.rowMark, colMark = this.colMark;
    rowMark.fill(0);
    colMark.fill(0);
    for (let k = 0; k < this.landedCount; k++) {
      const i = landed[k];
      rowMark[(i / w) | 0] = 1;
      colMark[i % w] = 1;
    }
    s.hLine.fill(-1); // scanCol joins a column line with the row line recorded at a cell
    let count = 0;
    for (let y = 0; y < h; y++) if (rowMark[y] !== 0) count = scanRow(s, y, count);
    for (let x = 0; x < w; x++) if (colMark[x] !== 0) count = scanCol(s, x, count);
    s.lineCount = count;
    return count;
  }
}
