// The expert's look-ahead (docs/rules.md §5): a move played on a scratch copy of the board with
// gravity but no refill, through its cascades to a stable board. The result is exactly what
// `src.copyTo(s); applyMove(s, code)` gives on a board with `refill = false` (property-tested in
// tests/unit/sim/lookahead.test.ts); it is cheaper because without refill and under rules version 1
// a cascade can be ruled out from the few tiles that fell:
//
// - gravity settles only the columns that hold an empty cell and records each tile that fell
//   (where it landed); it sets the board's dirtyRow/dirtyCol exactly as gravity() does;
// - after a step on a board that was stable before it, a new line must run through a tile that
//   fell (everything else is either unchanged, empty or a special). So "is there a cascade?" looks
//   only at the three row and three column windows of 3 through each landed tile, instead of
//   every row down to the lowest changed one (which, without refill, keeps growing: the empty
//   tops of earlier columns count as changed at every step);
// - when there is a line, the engine's own scans, clears and fires run, so the steps are the
//   engine's.
//
// Rules version 2 (diagonal slides) plays through applyMove unchanged.
import { Board } from './board.ts';
import { CRATE, EMPTY, ROCKET_H, VOID } from './codes.ts';
import { enqueueFire, fireCombo, runFireQueue, useSpecial } from './hits.ts';
import { findMatches, findMatchesAround, findMatchesChanged, hasAnyMatch, lineThrough } from './match.ts';
import { TAP, moveTarget } from './moves.ts';
import { applyMove, beginStep, clearGroups, fireSwapped, placeSpecials } from './resolve.ts';

export class LookAhead {
  /** The scratch board the last `play` left its result on. */
  readonly board: Board;
  /** Cells a tile landed on in the last gravity. */
  private readonly landed: Int32Array;
  private landedCount = 0;

  constructor(w: number, h: number, colors: number) {
    const s = new Board(w, h, colors);
    s.refill = false;
    this.board = s;
    this.landed = new Int32Array(w * h);
  }

  /** Plays `code` (valid on the stable board `src`) on the scratch board; `src` is not changed. */
  play(src: Board, code: number): Board {
    const s = this.board;
    src.copyTo(s);
    if (s.rules !== 1) {
      applyMove(s, code);
      return s;
    }
    this.firstStep(s, code);
    this.cascade(s);
    return s;
  }

  /** Step 1 as applyMove plays it: the swap's own clear, or the tap, or the combo, then gravity. */
  private firstStep(s: Board, code: number): void {
    const a = code >> 3;
    beginStep(s, 1);
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
        if (findMatchesAround(s, a, c) > 0) clearGroups(s, a, c);
        if (sa) fireSwapped(s, c, ta, tc);
        if (sc) fireSwapped(s, a, tc, ta);
      }
    }
    runFireQueue(s);
    placeSpecials(s);
    this.gravity(s);
  }

  /** Steps 2, 3, … as cascade(b, 2, true) plays them. */
  private cascade(s: Board): void {
    for (let step = 2; ; step++) {
      // a covered tile in a match stays where it was, and its line may match again: look everywhere
      const changed = !s.matchedCovered;
      const any = changed ? this.anyLineThroughLanded(s) : hasAnyMatch(s);
      if (!any || (changed ? findMatchesChanged(s) : findMatches(s)) === 0) return;
      beginStep(s, step);
      clearGroups(s, -1, -1);
      runFireQueue(s);
      placeSpecials(s);
      this.gravity(s);
    }
  }

  /**
   * Gravity of rules version 1 without refill (RULES §2.6): each segment's tiles drop to its bottom,
   * voids passed through, crates and covered tiles hold. Sets dirtyRow/dirtyCol as gravity() does
   * (per column, the lowest row that was empty) and lists where each fallen tile landed.
   */
  private gravity(s: Board): void {
    const { w, h, tile, cover, dirtyCol } = s;
    const landed = this.landed;
    let count = 0, dirtyRow = -1;
    for (let x = 0; x < w; x++) {
      let y = h - 1;
      while (y >= 0 && tile[y * w + x] !== EMPTY) y--;
      if (y < 0) {
        dirtyCol[x] = 0;
        continue;
      }
      dirtyCol[x] = 1;
      if (y > dirtyRow) dirtyRow = y;
      let write = -1; // lowest empty row of the current segment, -1 if none yet
      for (; y >= 0; y--) {
        const i = y * w + x;
        const t = tile[i];
        if (t === VOID) continue;
        if (t === CRATE || cover[i] !== 0) {
          write = -1;
          continue;
        }
        if (t === EMPTY) {
          if (write < 0) write = y;
          continue;
        }
        if (write >= 0) {
          const to = write * w + x;
          tile[to] = t;
          tile[i] = EMPTY;
          landed[count++] = to;
          let nw = write - 1;
          while (tile[nw * w + x] === VOID) nw--;
          write = nw;
        }
      }
    }
    s.dirtyRow = dirtyRow;
    this.landedCount = count;
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
}
