// The look-ahead's state (src/core/sim/lookahead.ts explains the whole): the scratch board, what
// the last play-out changed of it, and the marks the fast steps share. The look-ahead is one class
// split by rule over src/core/sim/lookahead/ (scratch ← fall ← countThree ← firstStep ←
// lookahead.ts), each file a subclass of the one before, so it stays one fast copy of the engine.
import { Board } from '../board.ts';

/** What step 1 cleared: blasts of specials in the fire queue (a tap), also recorded lines (a swap of a special with a colour tile), or a combo. */
export const BLASTS = 0;
export const LINES_AND_BLASTS = 1;
export const COMBO = 2;

export class LookAheadScratch {
  /** The scratch board the last play-out left its result on. */
  readonly board: Board;
  /** The position `begin` was given: every play-out starts from it. */
  protected src: Board | null = null;
  /** The last play-out changed the scratch board's ground / cover / hp (they differ from src's). */
  protected groundChanged = false;
  protected coverChanged = false;
  protected hpChanged = false;
  /** Cells a tile landed on in the last gravity. */
  protected readonly landed: Int32Array;
  protected landedCount = 0;
  /** Per column, the cell gravity walks up from (the lowest the step can have emptied), −1: none. */
  protected readonly colStart: Int32Array;
  /** The columns with a start (colStart ≥ 0), `colCount` of them; gravity puts their starts back to −1. */
  protected readonly cols: Int32Array;
  protected colCount = 0;
  /** Per column, how many cells from the top are movable tiles (colour or special, uncovered). */
  protected readonly openTop: Int32Array;
  protected openTopsKnown = false;
  /** A plain swap's single line of 3 may be counted (countThree): no crates, no slides. */
  protected countable = false;
  /** The counted line's columns, lowest row and height (fallMakesLine). */
  protected fx0 = 0;
  protected fx1 = 0;
  protected fBottom = 0;
  protected fDrop = 0;
  /**
   * The last play-out was counted (countThree): the counters, cover, ground and hp are the
   * play-out's, the tiles are the position's with the two swapped.
   */
  counted = false;
  /** The tiles are the position's but for these two cells swapped (a counted play-out), −1: not known. */
  protected swappedA = -1;
  protected swappedC = -1;
  /** The position has voids (gravity passes tiles through them). */
  protected voids = false;
  /** Rows (columns) holding a landed tile with a horizontal (vertical) run of 3, for the line scan. */
  protected readonly rowMark: Uint8Array;
  protected readonly colMark: Uint8Array;
  /** The runs through the two swapped cells of a plain swap: per side x0, x1, y0, y1. */
  protected readonly runs = new Int32Array(8);
  /** A row or column mark was set since the last clearMarks. */
  protected marked = false;
  /**
   * The last play-out was a swap of two colour tiles: only matches cleared, so no special left the
   * board, and the specials on it are those before plus the `placed` ones.
   */
  onlyMatches = false;
  /** Tile codes of the specials the last play-out made, `placedCount` of them. */
  readonly placed: Uint8Array;
  placedCount = 0;
  /** The position had tile elements that take `adjacent` hits (crates in classic): one beside a line may go, so gravity looks at the columns beside lines too. */
  protected neighbourHits = false;
  /** Rules version 2 with blockers on the board: every fall is checked for a slide. */
  protected checkSlides = false;
  /** Columns that held a crate or a covered tile when the play-out began (rules version 2). */
  protected readonly blockerCol: Uint8Array;
  /** Tiles slid in the last gravity: the next line check scans the whole board. */
  protected fullScan = false;
  /**
   * The game is not shaped like the classic one (GameTables.classicShaped) or the board has exits:
   * every play-out is the engine's own move on a copy (applyMove without refill), none of the
   * shortcuts below.
   */
  protected generic = false;
  /**
   * Generic play-outs: whether a plain swap's single line of 3 may be counted (countThree) on this
   * position, 1 yes, 0 no, −1 not looked at yet (see genericCountable).
   */
  protected genericCount = -1;

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
}
