// The board: flat typed arrays plus the running counters the objectives read, and the scratch
// space the engine reuses so that playing a move allocates nothing.
import { rulesOf, type LevelT, type RulesVersion } from '../level/index.ts';
import { classicTables, ELEM0, EV_MATCH, v2Columns, type GameTables } from '../game/tables.ts';
import { tablesOf } from '../game/registry.ts';
import { RANDOM, VOID, tileCode } from './codes.ts';
import type { Recorder } from './events.ts';
import { Rng } from './rng.ts';
import { compileLayout, type Layout } from './v2/layout.ts';
import { V2State } from './v2/state.ts';

/** A level compiled once into arrays; every game of an analysis starts from it. */
export interface BoardTemplate {
  w: number;
  h: number;
  colors: number;
  /** Gravity rules version (RULES §2.6 / §2.6b). */
  rules: RulesVersion;
  /** The level's game, compiled (RULES §11). */
  game: GameTables;
  tile: Uint8Array; // RANDOM where the start fill chooses; a tile element e is ELEM0 + e
  cover: Uint8Array; // layers (0: none)
  coverKind: Uint8Array; // element index of the cover
  ground: Uint8Array; // layers (0: none)
  groundKind: Uint8Array; // element index of the ground
  hp: Uint8Array; // a tile element's hp
  /** 1 on cells marked `exit`. */
  exitCell: Uint8Array;
  spawn: SpawnTable;
  /** A level whose game or file is version 2 (RULES §12): its layout and pieces; null otherwise. */
  v2: TemplateV2 | null;
}

/** The version 2 part of a template: the layout tables and each painted piece's colour, countdown and anchor. */
export interface TemplateV2 {
  layout: Layout;
  pcolor: Int8Array;
  cd: Uint8Array;
  anchor: Int32Array;
}

import type { SpawnTable } from './spawnTable.ts';
export type { SpawnTable };
const NO_SPAWN: SpawnTable = { el: new Int32Array(0), chance: new Float64Array(0), max: new Int32Array(0), total: new Int32Array(0) };

/** The element index of `id` in game g, or throws naming it (a level checked against its game never does). */
function elementIndex(g: GameTables, id: string, where: string): number {
  const e = g.index.get(id);
  if (e === undefined) throw new Error(`${where}: "${id}" is not an element of game "${g.def.id}"`);
  return e;
}

export function compileTemplate(level: LevelT, game: GameTables = tablesOf(level)): BoardTemplate {
  const w = level.width, h = level.height, n = w * h;
  const spawn = level.spawn ?? [];
  const t: BoardTemplate = {
    w, h, colors: level.colors, rules: rulesOf(level), game,
    tile: new Uint8Array(n), cover: new Uint8Array(n), coverKind: new Uint8Array(n),
    ground: new Uint8Array(n), groundKind: new Uint8Array(n), hp: new Uint8Array(n), exitCell: new Uint8Array(n),
    spawn: {
      el: Int32Array.from(spawn, (s) => elementIndex(game, s.element, 'spawn')),
      chance: Float64Array.from(spawn, (s) => s.chance),
      max: Int32Array.from(spawn, (s) => s.max),
      total: Int32Array.from(spawn, (s) => s.total),
    },
    v2: null,
  };
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const c = level.cells[y][x], i = y * w + x;
      let code = tileCode(c.tile);
      if (code < 0) {
        code = ELEM0 + elementIndex(game, c.tile as string, `cells[${y}][${x}].tile`);
        t.hp[i] = c.hp ?? 1;
      }
      t.tile[i] = code;
      if (code === VOID) continue;
      if (c.exit) t.exitCell[i] = 1;
      if (c.cover) {
        t.coverKind[i] = elementIndex(game, c.cover.type, `cells[${y}][${x}].cover`);
        t.cover[i] = c.cover.layers ?? 1;
      }
      if (c.ground) {
        t.groundKind[i] = elementIndex(game, c.ground.type, `cells[${y}][${x}].ground`);
        t.ground[i] = c.ground.layers ?? 1;
      }
    }
  if (game.v2 !== null || (level as { version: number }).version === 2) t.v2 = compileTemplateV2(level, game, t);
  return t;
}

/** Coloured pieces (colour, countdown), multi-cell pieces over their cells, and the layout (RULES §12). */
function compileTemplateV2(level: LevelT, game: GameTables, t: BoardTemplate): TemplateV2 {
  const n = t.w * t.h, gt = v2Columns(game);
  const v: TemplateV2 = { layout: compileLayout(level, game), pcolor: new Int8Array(n).fill(-1), cd: new Uint8Array(n), anchor: new Int32Array(n).fill(-1) };
  const COLOR: Record<string, number> = { red: 0, green: 1, blue: 2, yellow: 3, purple: 4, orange: 5 };
  for (let i = 0; i < n; i++) {
    const code = t.tile[i];
    if (code < ELEM0) continue;
    const e = code - ELEM0, cell = level.cells[(i / t.w) | 0][i % t.w] as { color?: string; countdown?: number };
    if (gt.colored[e] !== 0) {
      v.pcolor[i] = COLOR[cell.color ?? 'red'] ?? 0;
      v.cd[i] = cell.countdown ?? gt.countdown[e];
      t.hp[i] = 1;
    }
    const pw = gt.sizeW[e], ph = gt.sizeH[e];
    if (pw * ph > 1 && v.anchor[i] < 0) {
      for (let dy = 0; dy < ph; dy++)
        for (let dx = 0; dx < pw; dx++) {
          const j = i + dy * t.w + dx;
          v.anchor[j] = i;
          if (j !== i) {
            t.tile[j] = code;
            t.hp[j] = 0;
          }
        }
    }
  }
  return v;
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
  /** Cover layers (0: none) and the cover's element index. */
  readonly cover: Uint8Array;
  readonly coverKind: Uint8Array;
  /** Ground layers (0: none) and the ground's element index. */
  readonly ground: Uint8Array;
  readonly groundKind: Uint8Array;
  /** A tile element's hp (0 for anything else). */
  readonly hp: Uint8Array;
  /** 1 on exit cells (RULES §11.1). */
  readonly exitCell: Uint8Array;
  /** Exit cells, `exitCount` of them. */
  readonly exits: Int32Array;
  exitCount = 0;
  /**
   * The template whose exit cells exitCell and exits hold (loadTemplate; a copy's are its
   * source's), null: other or none. A copy between boards of one template leaves them alone.
   */
  exitsOf: BoardTemplate | null = null;
  /** Gravity rules version: 2 adds the diagonal slides of RULES §2.6b. */
  rules: RulesVersion = 1;
  /** The game being played, compiled (RULES §11). */
  game: GameTables = classicTables();
  /** Version 2's part of the board (RULES §12); null on a classic or §11 level. */
  x: V2State | null = null;

  // counters (objective progress reads these)
  score = 0;
  readonly collected = new Int32Array(6);
  /** Every per-element counter below, in one array (each is a view on it). */
  elCounts: Int32Array = new Int32Array(0);
  /** Per element: hp (tile layer) or layers (cover, ground) left on the board. */
  elLeft: Int32Array = new Int32Array(0);
  /** Per element: cells holding it. */
  elCells: Int32Array = new Int32Array(0);
  /** Per element: pieces removed by hits (collect). */
  elRemoved: Int32Array = new Int32Array(0);
  /** Per element: items taken out at exits since the first move (bring_down). */
  elExited: Int32Array = new Int32Array(0);
  /** Per element: a piece of it was hit or removed during the current move (spreading "when-none-hit"). */
  elHit: Int32Array = new Int32Array(0);
  /** Per element: pieces spawned by refills (spawn `total`). */
  elSpawned: Int32Array = new Int32Array(0);
  /** Sums over elements: ground layers, cover layers, tile elements' hp, cells with a tile element. */
  groundLeft = 0;
  coverLeft = 0;
  elHpLeft = 0;
  elTiles = 0;
  /** Cells whose cover holds the tile in place, and non-falling tile elements (what stops a fall). */
  holders = 0;
  /** Spreading events since the counters were reset ("when-none-hit" pieces and "through-matches" cells). */
  spreads = 0;
  /** Refills may spawn elements (off until the first move, RULES §11.3 Start). */
  spawnOn = false;
  /** Exits count for bring_down (off until the first move). */
  exitsCount = false;
  /** Spawn entries (the template's). */
  spawn: SpawnTable = NO_SPAWN;
  removed = 0; // tiles removed (colour tiles, specials, tile elements)
  /** Void cells (they never change; counted by recount). */
  voids = 0;
  specialsMade = 0;

  // the step being resolved
  step = 0;
  readonly stamp: Int32Array; // hit-once-per-step: stamp[i] === stampId means already hit
  /** The same for the ground layer (a cell whose top layer is immune may still lose ground). */
  readonly gstamp: Int32Array;
  stampId = 0;
  /** This step's match groups hold a spreading ground (spread.ts). */
  spreadPending = false;
  /** Per line root and spreading ground: the group held that ground before the step's hits (spread.ts). */
  spreadFlags: Uint8Array = new Uint8Array(0);
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
  /**
   * Per column, the lowest empty row the last gravity left (−1: none; −2: not known, the column
   * changed since in a way no removal records: a cover gone, a swapped element, a slide). With
   * `colsKnown`, gravity after a clear (gravityAfterClear) leaves a column with no removal as it is
   * (settled, its empty cells where they were) and searches the others from their lowest removal
   * or their lowest empty row, whichever is lower. 1: known, the columns' top segments full (the
   * last gravity refilled them); 2: known, without refill (their tops may be empty: not a column
   * that a refill would leave alone); 0: not known (a new board, a loaded template, a copy of an
   * unknown one).
   */
  readonly colHole: Int8Array;
  /** Per column, with colHole: the lowest empty row the last gravity left under a blocker (−1: none). */
  readonly colUnder: Int8Array;
  readonly colMem: Int8Array;
  colsKnown = 0;
  /**
   * A line may outlast the step that found it: a cover that ignores matches was on the board
   * (its tiles stay, and so does their line after the cover goes). Then the cascade's scans take
   * every column's empty cells as changed, as before games; else only the cells a tile landed in
   * (Board.dirtyRow). Set from the template (loadTemplate), from the game otherwise (setGame).
   */
  lastingLines = false;
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
    this.coverKind = new Uint8Array(n);
    this.ground = new Uint8Array(n);
    this.groundKind = new Uint8Array(n);
    this.hp = new Uint8Array(n);
    this.exitCell = new Uint8Array(n);
    this.exits = new Int32Array(n);
    this.stamp = new Int32Array(n);
    this.gstamp = new Int32Array(n);
    this.dirtyCol = new Uint8Array(w);
    this.clearLow = new Int8Array(w).fill(-1);
    // (one array: a copy of both is one copy)
    this.colMem = new Int8Array(2 * w);
    this.colHole = this.colMem.subarray(0, w).fill(-2);
    this.colUnder = this.colMem.subarray(w).fill(-1);
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
    this.setGame(classicTables());
  }

  static fromTemplate(t: BoardTemplate, seed = 0): Board {
    const b = new Board(t.w, t.h, t.colors, seed);
    b.rules = t.rules;
    b.setGame(t.game);
    if (t.v2 !== null) b.x = new V2State(b.n, t.game, t.v2.layout);
    return b;
  }

  /** Plays game g from now on: sizes the per-element counters (the board's cells are not changed). */
  setGame(g: GameTables): void {
    this.game = g;
    this.lastingLines = g.matchProofCover;
    if (this.elLeft.length !== g.count) {
      // the per-element counters are views on one array: a copy of them is one typed-array copy
      const k = g.count, all = new Int32Array(6 * k);
      this.elCounts = all;
      this.elLeft = all.subarray(0, k);
      this.elCells = all.subarray(k, 2 * k);
      this.elRemoved = all.subarray(2 * k, 3 * k);
      this.elExited = all.subarray(3 * k, 4 * k);
      this.elHit = all.subarray(4 * k, 5 * k);
      this.elSpawned = all.subarray(5 * k, 6 * k);
    }
    const flags = this.n * g.spreadGrounds.length;
    if (this.spreadFlags.length !== flags) this.spreadFlags = new Uint8Array(flags);
  }

  /** Counters from the arrays (after a reset or an edit in tests). */
  recount(): void {
    const stuck = this.game.codeStuck;
    const left = this.elLeft, cells = this.elCells;
    left.fill(0);
    cells.fill(0);
    let voids = 0, ground = 0, cover = 0, elHp = 0, elTiles = 0, holders = 0, exits = 0;
    for (let i = 0; i < this.n; i++) {
      const t = this.tile[i];
      if (t === VOID) {
        voids++;
        continue;
      }
      if (this.exitCell[i] !== 0) this.exits[exits++] = i;
      const gl = this.ground[i];
      if (gl !== 0) {
        ground += gl;
        left[this.groundKind[i]] += gl;
        cells[this.groundKind[i]]++;
      }
      const c = this.cover[i];
      if (c !== 0) {
        cover += c;
        left[this.coverKind[i]] += c;
        cells[this.coverKind[i]]++;
        holders++;
      }
      if (t >= ELEM0) {
        const e = t - ELEM0;
        left[e] += this.hp[i];
        cells[e]++;
        elHp += this.hp[i];
        elTiles++;
        if (stuck[t] !== 0) holders++;
      }
    }
    this.groundLeft = ground;
    this.coverLeft = cover;
    this.elHpLeft = elHp;
    this.elTiles = elTiles;
    this.holders = holders;
    this.voids = voids;
    this.exitCount = exits;
  }

  resetCounters(): void {
    this.score = 0;
    this.collected.fill(0);
    this.removed = 0;
    this.specialsMade = 0;
    this.spreads = 0;
    this.elRemoved.fill(0);
    this.elExited.fill(0);
    this.elSpawned.fill(0);
    this.recount();
  }

  /** Copies the position and counters (not the stream, recorder or heat map) into `dst`. */
  copyTo(dst: Board): void {
    dst.tile.set(this.tile);
    dst.cover.set(this.cover);
    dst.coverKind.set(this.coverKind);
    dst.ground.set(this.ground);
    dst.groundKind.set(this.groundKind);
    dst.hp.set(this.hp);
    dst.colors = this.colors;
    dst.rules = this.rules;
    if (this.x !== null && dst.x !== null) this.x.copyTo(dst.x, dst.refill);
    this.copyCountersTo(dst);
  }

  /**
   * Copies the counters (score, collected, what is left, removed, specials made, voids) into `dst`,
   * with the game, its exits and spawn entries; its gravity tracking starts over (noHoles).
   */
  copyCountersTo(dst: Board): void {
    if (dst.game !== this.game) dst.setGame(this.game);
    if ((dst.exitCount !== 0 || this.exitCount !== 0) && (dst.exitsOf !== this.exitsOf || this.exitsOf === null)) {
      dst.exitCell.set(this.exitCell);
      dst.exits.set(this.exits);
      dst.exitCount = this.exitCount;
      dst.exitsOf = this.exitsOf;
    }
    dst.score = this.score;
    dst.collected.set(this.collected);
    dst.elCounts.set(this.elCounts); // every per-element counter at once (the look-ahead restores them per play-out)
    dst.groundLeft = this.groundLeft;
    dst.coverLeft = this.coverLeft;
    dst.elHpLeft = this.elHpLeft;
    dst.elTiles = this.elTiles;
    dst.holders = this.holders;
    dst.spreads = this.spreads;
    dst.spawnOn = this.spawnOn;
    dst.exitsCount = this.exitsCount;
    dst.spawn = this.spawn;
    dst.removed = this.removed;
    dst.specialsMade = this.specialsMade;
    dst.voids = this.voids;
    dst.lastingLines = this.lastingLines;
    dst.noHoles = false;
    // the copy's columns are the source's (copyTo, or the look-ahead's restore): a refilled one's
    // empty cells are known to a board with or without refill, one left without refill only to one without
    if (this.colsKnown === 1 || (this.colsKnown === 2 && !dst.refill)) {
      dst.colMem.set(this.colMem);
      dst.colsKnown = this.colsKnown;
    } else dst.colsKnown = 0;
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
  b.coverKind.set(t.coverKind);
  b.ground.set(t.ground);
  b.groundKind.set(t.groundKind);
  b.hp.set(t.hp);
  b.exitCell.set(t.exitCell);
  b.exitsOf = t;
  if (b.game !== t.game) b.setGame(t.game);
  b.spawn = t.spawn;
  b.spawnOn = false;
  b.exitsCount = false;
  b.colors = t.colors;
  b.rules = t.rules;
  b.noHoles = false;
  b.colsKnown = 0;
  b.lastingLines = false;
  const proof = b.game.matchProofCover;
  if (proof) for (let i = 0; i < n; i++) if (t.cover[i] !== 0 && (b.game.damage[t.coverKind[i]] & EV_MATCH) === 0) b.lastingLines = true;
  b.resetCounters();
}
