// The look-ahead's gravity without refill and its cascade (src/core/sim/lookahead.ts, points 3 and
// 4): where each column starts to fall, the fall itself with its slides (rules version 2), and the
// line check after a step through the landed tiles only. The engine's own: gravity.ts and match.ts.
import type { Board } from '../board.ts';
import { ELEM0, EMPTY, RAINBOW, VOID } from '../codes.ts';
import { gravity as engineGravity } from '../gravity.ts';
import { runFireQueue } from '../hits.ts';
import { clearRowLines, colLineAt, findMatches, hasAnyMatch, rowLineAt, scanCol, scanRow } from '../match.ts';
import { beginStep, clearGroups, placeSpecials } from '../resolve.ts';
import { LookAheadScratch } from './scratch.ts';

export class LookAheadFall extends LookAheadScratch {
  /** Where gravity starts after plainSwap's clear: see startAtLines. */
  protected startAtRuns(s: Board, a: number, c: number): void {
    const runs = this.runs, w = s.w;
    for (let o = 0; o <= 4; o += 4) {
      const p = o === 0 ? a : c;
      const x0 = runs[o], x1 = runs[o + 1], y0 = runs[o + 2], y1 = runs[o + 3];
      if (x1 - x0 >= 2) this.startAtRow(s, p - s.col[p], x0, x1);
      if (y1 - y0 >= 2) this.startAtColumn(s, y1 * w + s.col[p]);
    }
  }

  /**
   * Marks for gravity the columns of a horizontal line in row r (its first cell r) from x0 to x1,
   * from the line's cell, and with crates the columns beside the line from the row's cell (a crate
   * at either end may go). (A crate right below a line cell that went is found by gravity's look
   * at the empty cells under its start.)
   */
  protected startAtRow(s: Board, r: number, x0: number, x1: number): void {
    for (let x = x0; x <= x1; x++) this.startAt(x, r + x);
    if (!this.neighbourHits) return;
    if (x0 > 0) this.startAt(x0 - 1, r + x0 - 1);
    if (x1 < s.w - 1) this.startAt(x1 + 1, r + x1 + 1);
  }

  /** The same for a vertical line whose lowest cell is `low`. */
  protected startAtColumn(s: Board, low: number): void {
    const x = s.col[low];
    this.startAt(x, low);
    if (!this.neighbourHits) return;
    if (x > 0) this.startAt(x - 1, low - 1);
    if (x < s.w - 1) this.startAt(x + 1, low + 1);
  }

  /** Gravity walks column x up from `cell` or lower. */
  protected startAt(x: number, cell: number): void {
    const colStart = this.colStart;
    if (colStart[x] < 0) this.cols[this.colCount++] = x;
    if (cell > colStart[x]) colStart[x] = cell;
  }

  /**
   * Where gravity starts after a cascade step that cleared the recorded lines: in each column, the
   * lowest cell the step can have changed (a line cell: its tile went, or its cover lost a layer; with
   * crates, a crate beside a line). Below it the column is as it was, settled. A special fired in
   * the step (none should in a step whose clears are all matches): every column from the bottom.
   */
  protected startAtLines(s: Board): void {
    if (s.fireTail > 0) this.startEveryColumn(s);
    else this.startAtLineCells(s);
  }

  /** startAtRow / startAtColumn for each recorded line. */
  protected startAtLineCells(s: Board): void {
    const { w, lineStart, lineLen, lineVert } = s;
    for (let l = 0; l < s.lineCount; l++) {
      const start = lineStart[l], x = s.col[start];
      if (lineVert[l]) this.startAtColumn(s, start + (lineLen[l] - 1) * w);
      else this.startAtRow(s, start - x, x, x + lineLen[l] - 1);
    }
  }

  protected startEveryColumn(s: Board): void {
    const bottom = s.n - s.w;
    for (let x = 0; x < s.w; x++) this.startAt(x, bottom + x);
  }

  /** Steps 2, 3, … as cascade(b, 2, true) plays them. */
  protected cascade(s: Board): void {
    for (let step = 2; ; step++) {
      if (this.fullScan) {
        this.fullScan = false;
        if (!hasAnyMatch(s) || findMatches(s) === 0) return;
      } else if (this.findLinesAfterStep(s) === 0) return;
      beginStep(s, step);
      clearGroups(s, -1, -1);
      runFireQueue(s);
      this.place(s);
      this.startAtLines(s);
      this.gravity(s);
    }
  }

  /** placeSpecials, noting what was placed. */
  protected place(s: Board): void {
    for (let k = 0; k < s.placeCount; k++) this.placed[this.placedCount++] = s.placeTile[k];
    placeSpecials(s);
  }

  /**
   * Gravity of rules version 1 without refill (RULES §2.6) in the marked columns, each walked up from
   * its start cell: each segment's tiles drop to its bottom, voids passed through, crates and covered
   * tiles hold. Lists where each fallen tile landed. Under rules version 2, when a slide follows,
   * the engine's gravity finishes the job (the fall is already done, so it only slides) and the next
   * line check looks everywhere.
   */
  protected gravity(s: Board): void {
    const { w, n, tile, cover } = s;
    const landed = this.landed, colStart = this.colStart, cols = this.cols, voids = this.voids;
    s.colsKnown = 0; // (its columns move here without Board.colHole)
    let count = 0;
    for (let c = 0; c < this.colCount; c++) {
      const x = cols[c];
      let i = colStart[x];
      colStart[x] = -1;
      // lowest empty cell of the current segment, -1 if none yet: below the start the column is
      // settled, so that is the lowest empty cell of the empty (and void) cells right under it
      let write = -1;
      for (let j = i + w; j < n; j += w) {
        const t = tile[j];
        if (t === EMPTY) write = j;
        else if (t !== VOID) break;
      }
      if (write < 0) while (i >= 0 && tile[i] !== EMPTY) i -= w; // nothing moves below the first empty cell
      for (; i >= 0; i -= w) {
        const t = tile[i];
        if (t === VOID) continue;
        if (t >= ELEM0 || cover[i] !== 0) {
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
          if (voids) while (write >= 0 && tile[write] === VOID) write -= w;
        }
      }
    }
    this.colCount = 0;
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
  protected markBlockerColumns(src: Board): void {
    const { w, n, tile, cover } = src;
    const blockerCol = this.blockerCol;
    blockerCol.fill(0);
    for (let i = 0, x = 0; i < n; i++, x = x === w - 1 ? 0 : x + 1) if (tile[i] >= ELEM0 || cover[i] !== 0) blockerCol[x] = 1;
  }

  /**
   * Whether findSlide would find a slide on this settled board without refill: an empty cell with
   * something other than voids and empty cells above it (the cells open to the top are skipped),
   * whose upper-left or upper-right neighbour holds a movable tile.
   */
  protected anySlide(s: Board): boolean {
    const { w, n, tile, cover } = s;
    const blockerCol = this.blockerCol;
    for (let x = 0; x < w; x++) {
      if (blockerCol[x] === 0) continue;
      let i = x;
      while (i < n && (tile[i] === EMPTY || tile[i] === VOID)) i += w; // open to the top
      for (i += w; i < n; i += w) {
        if (tile[i] !== EMPTY) continue;
        const u = i - w;
        if (x > 0 && tile[u - 1] <= RAINBOW && cover[u - 1] === 0) return true;
        if (x < w - 1 && tile[u + 1] <= RAINBOW && cover[u + 1] === 0) return true;
      }
    }
    return false;
  }

  /**
   * findMatches after a step and its gravity, where the step's lines were every line of the board
   * before it (true of a stable board and of every step after). A line afterwards runs through a
   * tile that landed, else all its cells are unchanged: then it was part of a line before the step,
   * whose cells all took a hit, so its cells were all covered (the others went). Covered tiles never
   * move, change or gain a cover, and the play-out's first board had no line, so no three covered
   * tiles of one colour are ever in a row: every line runs through a landed tile. So a row (column)
   * can hold a line only where a landed tile has a horizontal (vertical) run of 3. Those rows, then
   * those columns, are scanned in full (maximal runs, groups joined); the others hold no line, so
   * the lines and their numbering are findMatches'. Returns 0 at once when no landed tile is in a line.
   */
  protected findLinesAfterStep(s: Board): number {
    const { w, h } = s;
    const landed = this.landed, rowMark = this.rowMark, colMark = this.colMark;
    this.marked = false;
    for (let k = 0; k < this.landedCount; k++) this.markRunsThrough(s, landed[k]);
    if (!this.marked) return 0;
    clearRowLines(s); // scanCol joins a column line with the row line recorded at a cell
    let count = 0;
    for (let y = 0; y < h; y++) if (rowMark[y] !== 0) count = scanRow(s, y, count);
    for (let x = 0; x < w; x++) if (colMark[x] !== 0) count = scanCol(s, x, count);
    s.lineCount = count;
    return count;
  }

  /** Marks the row (column) of cell i when a run of 3 of its colour lies along it through i. */
  protected markRunsThrough(s: Board, i: number): void {
    const { w, h, tile } = s;
    const t = tile[i];
    if (t >= 6) return;
    const x = s.col[i], y = s.row[i];
    if (rowLineAt(tile, w, i, x, t)) {
      if (!this.marked) this.clearMarks();
      this.rowMark[y] = 1;
    }
    if (colLineAt(tile, w, h, i, y, t)) {
      if (!this.marked) this.clearMarks();
      this.colMark[x] = 1;
    }
  }

  protected clearMarks(): void {
    this.marked = true;
    const rowMark = this.rowMark, colMark = this.colMark;
    for (let y = 0; y < rowMark.length; y++) rowMark[y] = 0;
    for (let x = 0; x < colMark.length; x++) colMark[x] = 0;
  }
}
