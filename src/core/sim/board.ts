// The board: flat typed arrays plus the running counters the objectives read, and the scratch
// space the engine reuses so that playing a move allocates nothing.
import { rulesOf, type LevelT, type RulesVersion } from '../level/index.ts';
import { CHAIN, CRATE, RANDOM, VOID, tileCode } from './codes.ts';
import type { Recorder } from './events.ts';
import { Rng } from './rng.ts';

/** A level compiled once into arrays; every game of an analysis starts from it. */
export interface BoardTemplate {
  w: number;
  h: number;
  colors: number;
  /** Gravity rules version (RULES §2.6 / §2.6b). */
  rules: RulesVersion;
  tile: Uint8Array; // RANDOM where the start fill chooses
  cover: Uint8Array;
  ground: Uint8Array;
  hp: Uint8Array;
}

export function compileTemplate(level: LevelT): BoardTemplate {
  const w = level.width, h = level.height, n = w * h;
  const t: BoardTemplate = {
    w, h, colors: level.colors, rules: rulesOf(level),
    tile: new Uint8Array(n), cover: new Uint8Array(n), ground: new Uint8Array(n), hp: new Uint8Array(n),
  };
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const c = level.cells[y][x], i = y * w + x;
      const code = tileCode(c.tile);
      t.tile[i] = code;
      if (code === VOID) continue;
      if (code === CRATE) t.hp[i] = c.hp ?? 1;
      if (c.cover) t.cover[i] = c.cover.type === 'chain' ? CHAIN : c.cover.layers;
      if (c.ground) t.ground[i] = c.ground.layers;
    }
  return t;
}

export class Board {
  readonly w: number;
  readonly h: number;
  readonly n: number;
  /** Column and row of each cell (no division in the hot loops). */
  readonly col: Uint16Array;
  readonly row: Uint16Array;
  colors: number;
  readonly tile: Uint8Array;
  readonly cover: Uint8Array;
  readonly ground: Uint8Array;
  readonly hp: Uint8Array;
  /** Gravity rules version: 2 adds the diagonal slides of RULES §2.6b. */
  rules: RulesVersion = 1;

  // counters (objective progress reads these)
  score = 0;
  readonly collected = new Int32Array(6);
  jellyLeft = 0; // jelly layers
  iceLeft = 0; // ice layers
  chainLeft = 0;
  crateHpLeft = 0;
  cratesLeft = 0;
  removed = 0; // tiles removed (colour tiles, specials, crates)
  /** Void cells (they never change; counted by recount). */
  voids = 0;
  specialsMade = 0;

  // the step being resolved
  step = 0;
  readonly stamp: Int32Array; // hit-once-per-step: stamp[i] === stampId means already hit
  stampId = 0;
  /**
   * What the last gravity changed: the lowest row any column changed in (-1: none) and which
   * columns. New lines after a clear can only run through these (see cascade).
   */
  dirtyRow = -1;
  readonly dirtyCol: Uint8Array;
  /**
   * Per column, the lowest row whose tile was removed since the last gravity (-1: none), kept by
   * removeTile and crate hits. With `noHoles` it tells gravity where each column's empty cells can
   * be: nowhere else.
   */
  readonly clearLow: Int8Array;
  /**
   * The last gravity (with refill) left no empty cell, and clearLow was reset then: until the next
   * gravity, every empty cell is one a removal recorded. False after anything else that may leave
   * empty cells (a new board, a loaded template, a copy).
   */
  noHoles = false;
  /** A covered tile was in a match this step: it stays, so its line can match again anywhere. */
  matchedCovered = false;

  /** false: gravity leaves the top empty (what a bot may simulate: it never sees the stream). */
  refill = true;
  readonly rng: Rng;
  rec: Recorder | null = null;
  /** Per-cell count of hits (analysis heat map); null when not wanted. */
  heat: Uint32Array | null = null;

  // match scratch: line records and their union-find
  /** Per cell: the row line through it in the last scan, −1 none (match.ts resets only what it set). */
  readonly hLine: Int16Array;
  readonly lineStart: Int16Array;
  readonly lineLen: Uint8Array;
  readonly lineVert: Uint8Array;
  readonly lineParent: Int16Array;
  lineCount = 0;
  // per group root: qualities used to decide the special it makes
  readonly gMaxLen: Uint8Array;
  readonly gDirs: Uint8Array; // bit 1: has a horizontal line, bit 2: a vertical one
  readonly gFour: Uint8Array; // 1: a horizontal line of exactly 4, 2: a vertical one
  readonly gBest: Int16Array; // lowest, then leftmost uncovered cell
  readonly gSwap: Int16Array; // a swapped cell in the group, or -1
  // specials to place at the end of the step
  readonly placeCell: Int16Array;
  readonly placeTile: Uint8Array;
  placeCount = 0;
  // specials to fire in this step (FIFO)
  readonly fireCell: Int16Array;
  readonly fireType: Uint8Array;
  readonly fireColor: Int8Array;
  fireHead = 0;
  fireTail = 0;

  /** Move list of the current stable board (see moves.ts). */
  readonly moves: Int32Array;
  /** Per move of the list: which of the two swapped tiles makes a line (moves.ts, SIDE_A / SIDE_B). */
  readonly moveSide: Uint8Array;
  moveCount = 0;
  /**
   * listMoves scratch, one bit per column: each colour's cells row by row (colour c, row y at
   * c * (h + 4) + 2 + y, two empty rows above and below), and each row's swappable cells and specials.
   */
  readonly colorRows: Int32Array;
  readonly swapRows: Int32Array;
  readonly specialRows: Int32Array;
  readonly tmp: Int32Array; // scratch for reshuffle and bots

  constructor(w: number, h: number, colors: number, seed = 0) {
    const n = w * h;
    this.w = w;
    this.h = h;
    this.n = n;
    this.col = new Uint16Array(n);
    this.row = new Uint16Array(n);
    for (let i = 0; i < n; i++) {
      this.col[i] = i % w;
      this.row[i] = (i / w) | 0;
    }
    this.colors = colors;
    this.tile = new Uint8Array(n);
    this.cover = new Uint8Array(n);
    this.ground = new Uint8Array(n);
    this.hp = new Uint8Array(n);
    this.stamp = new Int32Array(n);
    this.dirtyCol = new Uint8Array(w);
    this.clearLow = new Int8Array(w).fill(-1);
    this.rng = new Rng(seed);
    this.hLine = new Int16Array(n).fill(-1);
    this.lineStart = new Int16Array(n);
    this.lineLen = new Uint8Array(n);
    this.lineVert = new Uint8Array(n);
    this.lineParent = new Int16Array(n);
    this.gMaxLen = new Uint8Array(n);
    this.gDirs = new Uint8Array(n);
    this.gFour = new Uint8Array(n);
    this.gBest = new Int16Array(n);
    this.gSwap = new Int16Array(n);
    this.placeCell = new Int16Array(n);
    this.placeTile = new Uint8Array(n);
    this.fireCell = new Int16Array(2 * n + 4);
    this.fireType = new Uint8Array(2 * n + 4);
    this.fireColor = new Int8Array(2 * n + 4);
    this.moves = new Int32Array(3 * n);
    this.moveSide = new Uint8Array(3 * n);
    this.colorRows = new Int32Array(6 * (h + 4));
    this.swapRows = new Int32Array(h);
    this.specialRows = new Int32Array(h);
    this.tmp = new Int32Array(2 * n);
  }

  static fromTemplate(t: BoardTemplate, seed = 0): Board {
    const b = new Board(t.w, t.h, t.colors, seed);
    b.rules = t.rules;
    return b;
  }

  /** Counters from the arrays (after a reset or an edit in tests). */
  recount(): void {
    let jelly = 0, ice = 0, chain = 0, hp = 0, crates = 0, voids = 0;
    for (let i = 0; i < this.n; i++) {
      jelly += this.ground[i];
      if (this.tile[i] === VOID) voids++;
      const c = this.cover[i];
      if (c === CHAIN) chain++;
      else ice += c;
      if (this.tile[i] === CRATE) {
        crates++;
        hp += this.hp[i];
      }
    }
    this.jellyLeft = jelly;
    this.iceLeft = ice;
    this.chainLeft = chain;
    this.crateHpLeft = hp;
    this.cratesLeft = crates;
    this.voids = voids;
  }

  resetCounters(): void {
    this.score = 0;
    this.collected.fill(0);
    this.removed = 0;
    this.specialsMade = 0;
    this.recount();
  }

  /** Copies the position and counters (not the stream, recorder or heat map) into `dst`. */
  copyTo(dst: Board): void {
    dst.tile.set(this.tile);
    dst.cover.set(this.cover);
    dst.ground.set(this.ground);
    dst.hp.set(this.hp);
    dst.colors = this.colors;
    dst.rules = this.rules;
    this.copyCountersTo(dst);
  }

  /** Copies the counters (score, collected, what is left, removed, specials made, voids) into `dst`; its gravity tracking starts over (noHoles). */
  copyCountersTo(dst: Board): void {
    dst.score = this.score;
    dst.collected.set(this.collected);
    dst.jellyLeft = this.jellyLeft;
    dst.iceLeft = this.iceLeft;
    dst.chainLeft = this.chainLeft;
    dst.crateHpLeft = this.crateHpLeft;
    dst.cratesLeft = this.cratesLeft;
    dst.removed = this.removed;
    dst.specialsMade = this.specialsMade;
    dst.voids = this.voids;
    dst.noHoles = false;
  }
}

/** Puts the template's cells on the board (random cells EMPTY until the start fill). */
export function loadTemplate(b: Board, t: BoardTemplate): void {
  const n = b.n;
  for (let i = 0; i < n; i++) {
    const code = t.tile[i];
    b.tile[i] = code === RANDOM ? 12 /* EMPTY */ : code;
  }
  b.cover.set(t.cover);
  b.ground.set(t.ground);
  b.hp.set(t.hp);
  b.colors = t.colors;
  b.rules = t.rules;
  b.noHoles = false;
  b.resetCounters();
}
