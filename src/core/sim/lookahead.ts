// The expert's look-ahead (docs/rules.md §5): a move played on a scratch copy of the board with
// gravity but no refill, through its cascades to a stable board. The result is exactly what
// `src.copyTo(s); applyMove(s, code)` gives on a board with `refill = false` (property-tested in
// tests/unit/sim/lookahead.test.ts). It is cheaper because, without refill, most of the board can
// be left alone:
//
// - The expert plays many moves from one position: `begin` copies it once, and each play-out puts
//   back only the tiles, the counters, and the cover/ground/hp arrays whose counters say the last
//   play-out changed them (a layer, a chain or a crate hp only ever goes with its counter).
// - A swap of two colour tiles on a stable board can only make lines through the two swapped cells:
//   its step 1 reads the runs through them and clears them directly (the same hits, the same special
//   at the same cell as findMatchesAround + clearGroups, which stay for the swaps with a special).
// - Gravity settles only the columns the step can have changed, and in each from the lowest cell it
//   can have changed (a line cell, or with crates a crate beside a line), taking first the empty
//   cells right under that cell (under a crate or a cover that just went): below them the column
//   was settled and stays so. After a special went off, every column from the bottom. Gravity lists
//   where each fallen tile landed.
// - After a step, a new line must run through a tile that fell (see findLinesAfterStep: covered
//   tiles included). So "is there a cascade?" looks only at the runs through each landed tile, and
//   only the rows (columns) where a landed tile has a horizontal (vertical) run of 3 are scanned to
//   record the lines. (The engine's cascade scans every row down to the lowest changed one, which
//   without refill keeps growing: the empty tops of earlier columns count as changed at every step.)
//   The lines found, and their numbering, are the ones a scan of every row and then every column
//   records.
// - The clears of cascades, hits and special placements are the engine's own functions.
//
// Rules version 2 adds diagonal slides (RULES §2.6b). Without refill a tile slides only into an
// empty cell under a crate or a covered tile, so on a board with neither a version 2 move plays
// as under version 1; with blockers each fall is checked for a slide, and when one follows the
// engine's gravity does the slides on the fallen board (its fall finds nothing left to do) and the
// next line check scans the whole board. The scratch board's dirtyRow/dirtyCol (cascade bookkeeping
// of gravity()) are not kept up to date here.
//
// The class is split by rule over src/core/sim/lookahead/: scratch.ts (the state), fall.ts
// (gravity without refill and the cascade), countThree.ts (a swap's single line of 3 counted),
// firstStep.ts (step 1), each a subclass of the one before; this file plays the moves.
import type { Board } from './board.ts';
import { ELEM0, ROCKET_H, VOID } from './codes.ts';
import { applyMove } from './resolve.ts';
import { findSlide } from './gravity.ts';
import { hasAnyMatch } from './match.ts';
import { TAP, moveTarget } from './moves.ts';
import { LookAheadStep } from './lookahead/firstStep.ts';

export class LookAhead extends LookAheadStep {
  /** Plays `code` (valid on the stable board `src`) on the scratch board; `src` is not changed. */
  play(src: Board, code: number): Board {
    this.begin(src);
    return this.playNext(code);
  }

  /**
   * Takes the stable board the next play-outs start from. `src` must not change until the last
   * `playNext` from it.
   */
  begin(src: Board): void {
    this.src = src;
    // the first play-out's restore copies everything (what copyTo copies)
    this.board.colors = src.colors;
    this.board.rules = src.rules;
    this.groundChanged = this.coverChanged = this.hpChanged = true;
    this.swappedA = -1;
    this.generic = !src.game.classicShaped || src.exitCount !== 0;
    this.genericCount = -1;
    // (in a classic-shaped game every tile element is a crate-like blocker that takes `adjacent`)
    this.neighbourHits = src.elTiles > 0;
    this.voids = src.tile.includes(VOID);
    // under rules version 2 a tile can slide only into an empty cell under a crate or a covered
    // tile (without refill the others are left for the unknown tiles to come): with none on the
    // board nothing slides, and the game is version 1's
    this.checkSlides = src.rules === 2 && (src.elTiles > 0 || src.coverLeft > 0);
    if (this.checkSlides) this.markBlockerColumns(src);
    this.countable = !this.neighbourHits && !this.checkSlides;
    this.openTopsKnown = false;
  }

  /** Plays `code` (valid on the board given to `begin`) on the scratch board. */
  playNext(code: number): Board {
    const s = this.board;
    if (this.generic) {
      const src = this.src!;
      this.restore(s, src);
      this.placedCount = 0;
      this.counted = false;
      this.onlyMatches = false;
      if (this.countGeneric(s, code)) {
        // only the line's grounds (hit, or spread onto) changed
        this.groundChanged = s.groundLeft !== src.groundLeft || s.spreads !== src.spreads;
        this.coverChanged = this.hpChanged = false;
        return s;
      }
      applyMove(s, code);
      // a cover changes only with its counter, a ground with its counter or a spread (hits.ts,
      // spread.ts); hp moves with a falling or swapped element, so it is put back in any case
      this.coverChanged = s.coverLeft !== src.coverLeft;
      this.groundChanged = s.groundLeft !== src.groundLeft || s.spreads !== src.spreads;
      this.hpChanged = true;
      return s;
    }
    this.restore(s, this.src!);
    this.placedCount = 0;
    this.fullScan = false;
    this.counted = false;
    this.firstStep(s, code);
    if (!this.counted) this.cascade(s);
    this.noteChanges(s, this.src!);
    return s;
  }

  /**
   * A generic play-out counted instead of played (countThree), when the move is a swap of two colour
   * tiles on a position where that is sound (genericCountable). On the restored board `s`; false
   * leaves it as it was.
   */
  protected countGeneric(s: Board, code: number): boolean {
    if ((code & 7) === TAP) return false;
    const a = code >> 3, c = moveTarget(s, code);
    const tile = s.tile, ta = tile[a], tc = tile[c];
    if (ta >= ROCKET_H || tc >= ROCKET_H) return false;
    if (this.genericCount < 0) this.genericCount = this.genericCountable(s) ? 1 : 0;
    if (this.genericCount === 0) return false;
    tile[a] = tc;
    tile[c] = ta;
    this.runsThrough(s, a, 0);
    this.runsThrough(s, c, 4);
    if (this.countThree(s, a, c)) {
      this.onlyMatches = true;
      return true;
    }
    tile[a] = ta;
    tile[c] = tc;
    return false;
  }

  /**
   * Whether the engine's move, played on this position (`s`, restored: the position without refill),
   * is what countThree counts whenever its conditions hold. It is when the position holds no line
   * at all (then the only lines after a counted fall run across its edges, which countThree looks
   * for: a line of covered tiles whose cover ignores matches would otherwise be found, or not, by
   * the engine's cascade scan), no item stands on an exit, and under rules version 2 no tile can
   * slide (a counted fall empties only cells open to the top, which nothing slides into without
   * refill, and makes no tile movable that was not). The hits on the line's neighbours are looked
   * at per line (countThree).
   */
  protected genericCountable(s: Board): boolean {
    if (hasAnyMatch(s)) return false;
    const g = s.game, tile = s.tile;
    for (let q = 0; q < s.exitCount; q++) {
      const t = tile[s.exits[q]];
      if (t >= ELEM0 && g.exit[t - ELEM0] !== 0) return false;
    }
    return s.rules !== 2 || findSlide(s, s.h - 1) < 0;
  }

  /** Puts the scratch board back to `src`, as copyTo does, copying only what a play-out changed. */
  protected restore(s: Board, src: Board): void {
    const a = this.swappedA;
    if (a >= 0) {
      // a counted play-out only swapped two tiles
      const tile = s.tile, c = this.swappedC, t = tile[a];
      tile[a] = tile[c];
      tile[c] = t;
      this.swappedA = -1;
    } else s.tile.set(src.tile);
    if (this.coverChanged) {
      s.cover.set(src.cover);
      s.coverKind.set(src.coverKind);
    }
    if (this.groundChanged) {
      s.ground.set(src.ground);
      s.groundKind.set(src.groundKind);
    }
    if (this.hpChanged) s.hp.set(src.hp);
    src.copyCountersTo(s);
  }

  /** Which of cover, ground and hp the play-out changed: each change of them goes with its counter (hits.ts). */
  protected noteChanges(s: Board, src: Board): void {
    this.groundChanged = s.groundLeft !== src.groundLeft;
    this.coverChanged = s.coverLeft !== src.coverLeft;
    this.hpChanged = s.elHpLeft !== src.elHpLeft;
  }
}
