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
import { Board } from './board.ts';
import { gravity as engineGravity } from './gravity.ts';
import { BOMB, ELEM0, EMPTY, RAINBOW, ROCKET_H, ROCKET_V, VOID } from './codes.ts';
import { applyMove } from './resolve.ts';
import { findSlide } from './gravity.ts';
import { EV_ADJACENT, EV_CLEARED } from '../game/tables.ts';
import { enqueueFire, fireCombo, hitByMatch, hitNeighbour, runFireQueue, useSpecial } from './hits.ts';
import { clearRowLines, colLineAt, findMatches, findMatchesAround, hasAnyMatch, rowLineAt, scanCol, scanRow } from './match.ts';
import { TAP, moveTarget } from './moves.ts';
import { beginStep, clearGroups, fireSwapped, placeSpecials } from './resolve.ts';

/** What step 1 cleared: blasts of specials in the fire queue (a tap), also recorded lines (a swap of a special with a colour tile), or a combo. */
const BLASTS = 0;
const LINES_AND_BLASTS = 1;
const COMBO = 2;

export class LookAhead {
  /** The scratch board the last play-out left its result on. */
  readonly board: Board;
  /** The position `begin` was given: every play-out starts from it. */
  private src: Board | null = null;
  /** The last play-out changed the scratch board's ground / cover / hp (they differ from src's). */
  private groundChanged = false;
  private coverChanged = false;
  private hpChanged = false;
  /** Cells a tile landed on in the last gravity. */
  private readonly landed: Int32Array;
  private landedCount = 0;
  /** Per column, the cell gravity walks up from (the lowest the step can have emptied), −1: none. */
  private readonly colStart: Int32Array;
  /** The columns with a start (colStart ≥ 0), `colCount` of them; gravity puts their starts back to −1. */
  private readonly cols: Int32Array;
  private colCount = 0;
  /** Per column, how many cells from the top are movable tiles (colour or special, uncovered). */
  private readonly openTop: Int32Array;
  private openTopsKnown = false;
  /** A plain swap's single line of 3 may be counted (countThree): no crates, no slides. */
  private countable = false;
  /** The counted line's columns, lowest row and height (fallMakesLine). */
  private fx0 = 0;
  private fx1 = 0;
  private fBottom = 0;
  private fDrop = 0;
  /**
   * The last play-out was counted (countThree): the counters, cover, ground and hp are the
   * play-out's, the tiles are the position's with the two swapped.
   */
  counted = false;
  /** The tiles are the position's but for these two cells swapped (a counted play-out), −1: not known. */
  private swappedA = -1;
  private swappedC = -1;
  /** The position has voids (gravity passes tiles through them). */
  private voids = false;
  /** Rows (columns) holding a landed tile with a horizontal (vertical) run of 3, for the line scan. */
  private readonly rowMark: Uint8Array;
  private readonly colMark: Uint8Array;
  /** The runs through the two swapped cells of a plain swap: per side x0, x1, y0, y1. */
  private readonly runs = new Int32Array(8);
  /** A row or column mark was set since the last clearMarks. */
  private marked = false;
  /**
   * The last play-out was a swap of two colour tiles: only matches cleared, so no special left the
   * board, and the specials on it are those before plus the `placed` ones.
   */
  onlyMatches = false;
  /** Tile codes of the specials the last play-out made, `placedCount` of them. */
  readonly placed: Uint8Array;
  placedCount = 0;
  /** The position had tile elements that take `adjacent` hits (crates in classic): one beside a line may go, so gravity looks at the columns beside lines too. */
  private neighbourHits = false;
  /** Rules version 2 with blockers on the board: every fall is checked for a slide. */
  private checkSlides = false;
  /** Columns that held a crate or a covered tile when the play-out began (rules version 2). */
  private readonly blockerCol: Uint8Array;
  /** Tiles slid in the last gravity: the next line check scans the whole board. */
  private fullScan = false;
  /**
   * The game is not shaped like the classic one (GameTables.classicShaped) or the board has exits:
   * every play-out is the engine's own move on a copy (applyMove without refill), none of the
   * shortcuts below.
   */
  private generic = false;
  /**
   * Generic play-outs: whether a plain swap's single line of 3 may be counted (countThree) on this
   * position, 1 yes, 0 no, −1 not looked at yet (see genericCountable).
   */
  private genericCount = -1;

  constructor(w: number, h: number, colors: number) {
    const s = new Board(w, h, colors);
    s.refill = false;
    this.board = s;
    this.landed = new Int32Array(w * h);
    this.colStart = new Int32Array(w).fill(-1);
    this.cols = new Int32Array(w);
    this.openTop = new Int32Array(w);
    this.rowMark = new Uint8Array(h);
    this.colMark = new Uint8Array(w);
    this.placed = new Uint8Array(w * h);
    this.blockerCol = new Uint8Array(w);
  }

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

  /** openTop of each column of src. */
  private measureOpenTops(src: Board): void {
    this.openTopsKnown = true;
    const { w, n, tile, cover } = src;
    for (let x = 0; x < w; x++) {
      let i = x;
      while (i < n && tile[i] <= RAINBOW && cover[i] === 0) i += w;
      this.openTop[x] = (i - x) / w;
    }
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
  private countGeneric(s: Board, code: number): boolean {
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
  private genericCountable(s: Board): boolean {
    if (hasAnyMatch(s)) return false;
    const g = s.game, tile = s.tile;
    for (let q = 0; q < s.exitCount; q++) {
      const t = tile[s.exits[q]];
      if (t >= ELEM0 && g.exit[t - ELEM0] !== 0) return false;
    }
    return s.rules !== 2 || findSlide(s, s.h - 1) < 0;
  }

  /** A neighbour of the counted line's cells (columns x0..x1, rows y0..y1) takes `adjacent` (hitNeighbour would hit it). */
  private lineNeighbourHit(s: Board, x0: number, x1: number, y0: number, y1: number): boolean {
    const { w, h } = s;
    for (let x = x0; x <= x1; x++) {
      if (y0 > 0 && this.takesAdjacent(s, (y0 - 1) * w + x)) return true;
      if (y1 < h - 1 && this.takesAdjacent(s, (y1 + 1) * w + x)) return true;
    }
    for (let y = y0; y <= y1; y++) {
      if (x0 > 0 && this.takesAdjacent(s, y * w + x0 - 1)) return true;
      if (x1 < w - 1 && this.takesAdjacent(s, y * w + x1 + 1)) return true;
    }
    return false;
  }

  private takesAdjacent(s: Board, i: number): boolean {
    const g = s.game;
    if (s.cover[i] !== 0) return (g.damage[s.coverKind[i]] & EV_ADJACENT) !== 0;
    const t = s.tile[i];
    return t >= ELEM0 && (g.codeDamage[t] & EV_ADJACENT) !== 0;
  }

  /** Puts the scratch board back to `src`, as copyTo does, copying only what a play-out changed. */
  private restore(s: Board, src: Board): void {
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
  private noteChanges(s: Board, src: Board): void {
    this.groundChanged = s.groundLeft !== src.groundLeft;
    this.coverChanged = s.coverLeft !== src.coverLeft;
    this.hpChanged = s.elHpLeft !== src.elHpLeft;
  }

  /** Step 1 as applyMove plays it: the swap's own clear, or the tap, or the combo, then gravity. */
  private firstStep(s: Board, code: number): void {
    const a = code >> 3;
    beginStep(s, 1);
    let kind = BLASTS; // what step 1 cleared besides the specials in the fire queue
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
      if (!sa && !sc) {
        this.plainSwap(s, a, c);
        return;
      }
      if (sa && sc) {
        kind = COMBO;
        fireCombo(s, c, ta, a, tc);
      } else {
        kind = LINES_AND_BLASTS;
        if (findMatchesAround(s, a, c) > 0) clearGroups(s, a, c);
        if (sa) fireSwapped(s, c, ta, tc);
        if (sc) fireSwapped(s, a, tc, ta);
      }
    }
    runFireQueue(s);
    this.place(s);
    this.onlyMatches = false;
    if (kind === COMBO) this.startEveryColumn(s);
    else this.startAtBlasts(s, kind === LINES_AND_BLASTS);
    this.gravity(s);
  }

  /**
   * Where gravity starts after a step whose specials all went through the fire queue (a tap, or a
   * swap of a special with a colour tile, whose lines are recorded: `lines`): in each column, the
   * lowest cell a blast reached — a rocket's row in every column, the bottom of a rocket's column,
   * the row under a bomb in its three columns; a rainbow (tiles of a colour anywhere): every column
   * from the bottom. (The queue keeps every special fired in the step; a cell hit by a blast is in its
   * area, a crate only loses hp to a blast that reaches it.)
   */
  private startAtBlasts(s: Board, lines: boolean): void {
    const { w, h, fireCell, fireType } = s;
    for (let k = 0; k < s.fireTail; k++) {
      const i = fireCell[k], x = s.col[i], y = s.row[i];
      switch (fireType[k]) {
        case ROCKET_H:
          for (let xx = 0; xx < w; xx++) this.startAt(xx, y * w + xx);
          break;
        case ROCKET_V:
          this.startAt(x, (h - 1) * w + x);
          break;
        case BOMB: {
          const below = (y + 1 < h ? y + 1 : h - 1) * w;
          for (let xx = x > 0 ? x - 1 : 0; xx <= x + 1 && xx < w; xx++) this.startAt(xx, below + xx);
          break;
        }
        default:
          this.startEveryColumn(s);
          return;
      }
    }
    if (lines) this.startAtLineCells(s);
  }

  /**
   * Step 1 of a swap of two colour tiles (already swapped on `s`) on a stable board: every line runs
   * through a or c, so the lines are the runs through them. What clearGroups does with the lines
   * findMatchesAround records, without recording them: a group is the row and column runs through
   * one swapped cell, and its special (RULES §2.4) appears at that cell.
   */
  private plainSwap(s: Board, a: number, c: number): void {
    this.onlyMatches = true;
    this.runsThrough(s, a, 0);
    this.runsThrough(s, c, 4);
    if (this.countable && this.countThree(s, a, c)) return;
    this.decideSpecial(s, a, 0);
    this.decideSpecial(s, c, 4);
    const neighbourHits = s.elTiles > 0;
    this.clearRuns(s, a, 0, neighbourHits);
    this.clearRuns(s, c, 4, neighbourHits);
    if (s.fireTail > 0) runFireQueue(s); // (lines hold colour tiles: nothing fires)
    this.place(s);
    if (s.fireTail > 0) this.startEveryColumn(s);
    else this.startAtRuns(s, a, c);
    this.gravity(s);
  }

  /**
   * The commonest play-out, counted instead of played: a swap whose only line is one line of 3 (no
   * special), of uncovered tiles, on a board without crates (no neighbour hits) and without slides,
   * under cells that are all movable tiles up to the top (so its columns fall by exactly the line's
   * height). Whether the fall makes a line is read off the swapped board with the fall applied in
   * place (see fallMakesLine): a new line has two neighbouring cells that did not fall by the same distance
   * (else it was a line of the swapped board, whose only line is the one cleared), so only the
   * windows of 3 across the edges of the fallen columns and across the cell below them are looked
   * at. With no line, the step's hits are counted on the counters and the ground (the tiles are
   * left as swapped: `counted`); with one, false, and the move is played.
   */
  private countThree(s: Board, a: number, c: number): boolean {
    const runs = this.runs, w = s.w;
    let o = -1;
    for (let k = 0; k <= 4; k += 4) {
      const hl = runs[k + 1] - runs[k] + 1, vl = runs[k + 3] - runs[k + 2] + 1;
      if (hl < 3 && vl < 3) continue;
      if (o >= 0 || (hl > 3 || vl > 3) || (hl === 3 && vl === 3)) return false;
      o = k;
    }
    if (o < 0) return false;
    // the line's cells: columns fx0..fx1, rows top..bottom
    const p = o === 0 ? a : c, px = s.col[p], py = s.row[p];
    const horizontal = runs[o + 1] - runs[o] === 2;
    const fx0 = horizontal ? runs[o] : px, fx1 = horizontal ? runs[o + 1] : px;
    const top = horizontal ? py : runs[o + 2], bottom = horizontal ? py : runs[o + 3];
    if (!this.openTopsKnown) this.measureOpenTops(this.src!);
    const cover = s.cover, openTop = this.openTop;
    for (let x = fx0; x <= fx1; x++) {
      if (openTop[x] < top) return false;
      for (let y = top; y <= bottom; y++) if (cover[y * w + x] !== 0) return false;
    }
    // a generic game's line may hit its neighbours (the classic shape's only such are crates: none here)
    if (this.generic && this.lineNeighbourHit(s, fx0, fx1, top, bottom)) return false;
    this.fx0 = fx0;
    this.fx1 = fx1;
    this.fBottom = bottom;
    this.fDrop = bottom - top + 1;
    if (this.fallMakesLine(s)) return false;
    // the hits of step 1 (hitByMatch on three uncovered colour tiles): the tiles go, score 10 each,
    // collect counts them, the ground under each loses a layer when it takes `cleared` (as jelly does)
    const t = s.tile[bottom * w + fx0];
    const { ground, groundKind } = s, damage = s.game.damage;
    const spreadEl = this.generic ? this.lineSpreadGround(s, fx0, fx1, top, bottom) : -1;
    for (let x = fx0; x <= fx1; x++)
      for (let y = top; y <= bottom; y++) {
        const j = y * w + x;
        if (ground[j] > 0) {
          const k = groundKind[j];
          if ((damage[k] & EV_CLEARED) === 0) continue;
          ground[j]--;
          s.groundLeft--;
          s.elLeft[k]--;
          if (ground[j] === 0) s.elCells[k]--;
        }
      }
    // the line's group spreads its ground onto its cells with none (spreadGrounds)
    if (spreadEl >= 0)
      for (let x = fx0; x <= fx1; x++)
        for (let y = top; y <= bottom; y++) {
          const j = y * w + x;
          if (ground[j] !== 0) continue;
          ground[j] = 1;
          groundKind[j] = spreadEl;
          s.groundLeft++;
          s.elLeft[spreadEl]++;
          s.elCells[spreadEl]++;
          s.spreads++;
        }
    // applyMove starts the hit marks over in a game whose tiles spread (none is hit here)
    if (this.generic && s.game.spreadTiles.length !== 0) s.elHit.fill(0);
    s.removed += 3;
    s.score += 30;
    s.collected[t] += 3;
    this.counted = true;
    this.swappedA = a;
    this.swappedC = c;
    return true;
  }

  /**
   * The ground the counted line's group spreads (noteSpreadGroups: the first of the game's
   * spreading grounds that one of its cells holds before the hits), −1: none.
   */
  private lineSpreadGround(s: Board, x0: number, x1: number, y0: number, y1: number): number {
    const grounds = s.game.spreadGrounds;
    if (grounds.length === 0) return -1;
    const { w, ground, groundKind } = s;
    let first = grounds.length;
    for (let x = x0; x <= x1; x++)
      for (let y = y0; y <= y1; y++) {
        const j = y * w + x;
        if (ground[j] === 0) continue;
        const q = grounds.indexOf(groundKind[j]);
        if (q >= 0 && q < first) first = q;
      }
    return first < grounds.length ? grounds[first] : -1;
  }

  /**
   * Whether the counted fall makes a line. After it, the cell (x, y) of a fallen column (fx0..fx1,
   * y ≤ fBottom) holds what the swapped board has at (x, y − fDrop), or nothing when that is above
   * the board; every other cell is as on the swapped board. The windows of 3 that hold two
   * neighbours which fell by different distances: across the left and the right edge of the fallen
   * columns in each row that received a tile, and across each fallen column's lowest cell and the
   * cell below it.
   */
  private fallMakesLine(s: Board): boolean {
    const { w, h, tile } = s;
    const fx0 = this.fx0, fx1 = this.fx1, bottom = this.fBottom, drop = this.fDrop;
    for (let y = drop; y <= bottom; y++) {
      const row = y * w, from = row - drop * w; // the cell of (x, y) before the fall: from + x
      const l = tile[from + fx0]; // left edge: windows fx0 − 2 .. fx0 and fx0 − 1 .. fx0 + 1
      if (l < 6 && fx0 >= 1 && tile[row + fx0 - 1] === l) {
        if (fx0 >= 2 && tile[row + fx0 - 2] === l) return true;
        if (fx0 + 1 < w && (fx0 + 1 <= fx1 ? tile[from + fx0 + 1] : tile[row + fx0 + 1]) === l) return true;
      }
      const r = tile[from + fx1]; // right edge: windows fx1 .. fx1 + 2 and fx1 − 1 .. fx1 + 1
      if (r < 6 && fx1 + 1 < w && tile[row + fx1 + 1] === r) {
        if (fx1 + 2 < w && tile[row + fx1 + 2] === r) return true;
        if (fx1 >= 1 && (fx1 - 1 >= fx0 ? tile[from + fx1 - 1] : tile[row + fx1 - 1]) === r) return true;
      }
    }
    // the lowest fallen cell and the one below it: windows bottom − 1 .. bottom + 1, bottom .. bottom + 2
    if (bottom < drop || bottom + 1 >= h) return false;
    const low = (bottom - drop) * w, below = (bottom + 1) * w;
    for (let x = fx0; x <= fx1; x++) {
      const t = tile[low + x];
      if (t >= 6 || tile[below + x] !== t) continue;
      if (bottom + 2 < h && tile[below + w + x] === t) return true;
      if (bottom - 1 >= drop && tile[low - w + x] === t) return true;
    }
    return false;
  }

  /** The extent of the row and column runs through p of p's colour, into runs[o..o+3]. */
  private runsThrough(s: Board, p: number, o: number): void {
    const { w, h, tile } = s;
    const t = tile[p], x = s.col[p], y = s.row[p];
    let x0 = x, x1 = x, y0 = y, y1 = y;
    while (x0 > 0 && tile[p - (x - x0) - 1] === t) x0--;
    while (x1 < w - 1 && tile[p + (x1 - x) + 1] === t) x1++;
    while (y0 > 0 && tile[p - (y - y0 + 1) * w] === t) y0--;
    while (y1 < h - 1 && tile[p + (y1 - y + 1) * w] === t) y1++;
    const runs = this.runs;
    runs[o] = x0;
    runs[o + 1] = x1;
    runs[o + 2] = y0;
    runs[o + 3] = y1;
  }

  /** The special the group through p makes (clearGroups' rule), queued for placement at p. */
  private decideSpecial(s: Board, p: number, o: number): void {
    const runs = this.runs;
    const hl = runs[o + 1] - runs[o] + 1, vl = runs[o + 3] - runs[o + 2] + 1;
    let special = -1;
    if (hl >= 5 || vl >= 5) special = RAINBOW;
    else if (hl >= 3 && vl >= 3) special = BOMB;
    else if (hl === 4) special = ROCKET_V;
    else if (vl === 4) special = ROCKET_H;
    if (special < 0) return;
    s.placeCell[s.placeCount] = p;
    s.placeTile[s.placeCount++] = special;
  }

  /** Hits the cells of the runs through p that are lines (3+), and their crate neighbours. */
  private clearRuns(s: Board, p: number, o: number, neighbourHits: boolean): void {
    const runs = this.runs, w = s.w;
    const x0 = runs[o], x1 = runs[o + 1], y0 = runs[o + 2], y1 = runs[o + 3];
    if (x1 - x0 >= 2) {
      const r = p - s.col[p];
      for (let x = x0; x <= x1; x++) this.hitLineCell(s, r + x, neighbourHits);
    }
    if (y1 - y0 >= 2) {
      const x = s.col[p];
      for (let y = y0; y <= y1; y++) this.hitLineCell(s, y * w + x, neighbourHits);
    }
  }

  private hitLineCell(s: Board, j: number, neighbourHits: boolean): void {
    hitByMatch(s, j);
    if (!neighbourHits) return;
    const w = s.w, x = s.col[j];
    if (x > 0) hitNeighbour(s, j - 1);
    if (x < w - 1) hitNeighbour(s, j + 1);
    if (j >= w) hitNeighbour(s, j - w);
    if (j + w < s.n) hitNeighbour(s, j + w);
  }

  /** Where gravity starts after plainSwap's clear: see startAtLines. */
  private startAtRuns(s: Board, a: number, c: number): void {
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
  private startAtRow(s: Board, r: number, x0: number, x1: number): void {
    for (let x = x0; x <= x1; x++) this.startAt(x, r + x);
    if (!this.neighbourHits) return;
    if (x0 > 0) this.startAt(x0 - 1, r + x0 - 1);
    if (x1 < s.w - 1) this.startAt(x1 + 1, r + x1 + 1);
  }

  /** The same for a vertical line whose lowest cell is `low`. */
  private startAtColumn(s: Board, low: number): void {
    const x = s.col[low];
    this.startAt(x, low);
    if (!this.neighbourHits) return;
    if (x > 0) this.startAt(x - 1, low - 1);
    if (x < s.w - 1) this.startAt(x + 1, low + 1);
  }

  /** Gravity walks column x up from `cell` or lower. */
  private startAt(x: number, cell: number): void {
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
  private startAtLines(s: Board): void {
    if (s.fireTail > 0) this.startEveryColumn(s);
    else this.startAtLineCells(s);
  }

  /** startAtRow / startAtColumn for each recorded line. */
  private startAtLineCells(s: Board): void {
    const { w, lineStart, lineLen, lineVert } = s;
    for (let l = 0; l < s.lineCount; l++) {
      const start = lineStart[l], x = s.col[start];
      if (lineVert[l]) this.startAtColumn(s, start + (lineLen[l] - 1) * w);
      else this.startAtRow(s, start - x, x, x + lineLen[l] - 1);
    }
  }

  private startEveryColumn(s: Board): void {
    const bottom = s.n - s.w;
    for (let x = 0; x < s.w; x++) this.startAt(x, bottom + x);
  }

  /** Steps 2, 3, … as cascade(b, 2, true) plays them. */
  private cascade(s: Board): void {
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
  private place(s: Board): void {
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
  private gravity(s: Board): void {
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
  private markBlockerColumns(src: Board): void {
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
  private findLinesAfterStep(s: Board): number {
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
  private markRunsThrough(s: Board, i: number): void {
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

  private clearMarks(): void {
    this.marked = true;
    const rowMark = this.rowMark, colMark = this.colMark;
    for (let y = 0; y < rowMark.length; y++) rowMark[y] = 0;
    for (let x = 0; x < colMark.length; x++) colMark[x] = 0;
  }
}
