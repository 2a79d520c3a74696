// What a version 2 board holds beside the classic arrays (RULES §12): each coloured piece's colour and
// countdown, which pieces entered during the move, the anchor of every multi-cell cell, the level's
// counters and gates, hidden rectangles found; and the scratch of one clear step (events per cell,
// which cells' top layers were hit, the wave queue).
import { v2Columns, type GameTables, type GameTablesV2 } from '../../game/tables.ts';
import type { Layout } from './layout.ts';
import { ELEM0 } from '../codes.ts';

/** V2State.pathDirty: the path's fall starts at its end. */
export const WHOLE = 0x7fff;

export class V2State {
  readonly layout: Layout;
  readonly gt: GameTablesV2;
  /** Per cell: a coloured piece's colour (-1: none). */
  readonly pcolor: Int8Array;
  /** Per cell: a coloured piece's moves left (0: no countdown). */
  readonly cd: Uint8Array;
  /** Per cell: the piece entered the board during this move (RULES §12.6 Countdown). */
  readonly fresh: Uint8Array;
  /** Per cell: the anchor of the multi-cell piece over it (-1: none; the anchor names itself). */
  readonly anchor: Int32Array;
  /** Level counters (RULES §12.2), in the game's counter order. */
  readonly counters: Int32Array;
  /** Per gated element: 1 once its gate opened. */
  readonly gateOpen: Uint8Array;
  /** Per hidden rectangle: found. */
  readonly found: Uint8Array;
  foundCount = 0;
  /** Per element: pieces its emitters placed in this game (the analysis' `emitted`). */
  readonly emitted: Int32Array;
  /** The game's moves so far (emit `every`). */
  moveNo = 0;
  /** A countdown reached 0 on the last move. */
  countdownHit = false;

  // ── where gravity has work (fall.ts) ──
  /**
   * Per fall path: 0 nothing to do; else a cell on it was emptied (the lowest such place + 1: its
   * fall starts there, below it nothing changed) or a piece on it may have become movable (a
   * cover gone, a swap, a belt: WHOLE, its fall starts at the end) since its last fall; or,
   * without refill, its entry is empty.
   */
  readonly pathDirty: Int16Array;
  /** pathDirty is kept (false: gravity falls every path, as on a new board). */
  holesKnown = false;

  // ── where lines can be (lines.ts: findLines2 scans only around these when it may) ──
  /** Every line of 3+ on the board passes through a listed (dirty) cell; false: scan the whole board. */
  linesKnown = false;
  /** Per cell: listed in dirtyList (its line colour may have changed, or it was in a line at the last scan). */
  readonly dirty: Uint8Array;
  readonly dirtyList: Int32Array;
  dirtyCount = 0;
  /** The incremental scan's marks: per cell the scan (stamp) that found a row line starting there / a column line, and the row line through it. */
  readonly hSeen: Int32Array;
  readonly vSeen: Int32Array;
  readonly hAt: Int32Array;
  readonly hOf: Int16Array;
  /** The incremental scan's row line starts, then (from n) its column lines' keys. */
  readonly lineKeys: Int32Array;
  /** The move list's masks: per colour and row (2 rows of margin each side) the cells of that line colour; per row the swappable cells and the specials. */
  readonly colourRows: Int32Array;
  readonly swapRows: Int32Array;
  readonly specialRows: Int32Array;
  /** Per row: the cells joined to their right neighbour; per row (from index 2, zero around): joined to the one below. */
  readonly joinRight: Int32Array;
  readonly joinDown: Int32Array;
  /** The board width joinRight and joinDown were made for (0: not made yet; the layout never changes). */
  joinsFor = 0;
  /**
   * The board's line colours as row masks, kept between scans (lines.ts syncMasks): per colour and
   * row (stride h + 4, 2 rows of margin each side) the cells showing that colour, right but for the
   * dirty cells while linesKnown (every change of a cell's line colour marks it, emptying included).
   */
  readonly lineRows: Int32Array;
  /** Per cell: the colour lineRows holds it under (-1: none). */
  readonly maskColour: Int8Array;
  /** The stride lineRows was built for (0: not built). */
  maskStride = 0;
  /** The board keeps the line masks (masks.ts usesMasks): emptied cells are marked too. */
  masked = false;
  scanStamp = 0;

  // ── scratch of one clear step ──
  /** Per cell: its line colour in the last scan (lines.ts). */
  readonly lc: Int8Array;
  /** Some element stops blasts (rocket runs look for stoppers). */
  readonly anyStopper: boolean;
  /** Events of the current wave per cell (EV_* bits). */
  readonly ev: Uint8Array;
  /** Per cell: the colour of its match group (-1). */
  readonly mcol: Int8Array;
  /** Per cell: bit c when a group of colour c is next to it. */
  readonly acol: Uint8Array;
  /** Per cell: its top layer took a hit (or its tile was removed) earlier in this step. */
  readonly topHit: Uint8Array;
  /** Per cell: its ground lost a layer in this step. */
  readonly groundHit: Uint8Array;
  /** Per cell: the tile was removed in the current wave (its ground gets `cleared`). */
  readonly removedNow: Uint8Array;
  /** Cells touched in the current wave (to reset ev etc.), and their count. */
  readonly touched: Int32Array;
  touchedCount = 0;
  /** Per cell: listed in touched. */
  readonly inTouched: Uint8Array;
  /** Pieces hit or removed in the last wave: cell, what happened (1 hit, 2 removed, 3 both, 4 gate), layer (0 tile, 1 cover), element. */
  readonly fxCell: Int32Array;
  readonly fxWhat: Uint8Array;
  readonly fxLayer: Uint8Array;
  readonly fxEl: Int16Array;
  fxCount = 0;
  /** The board's tiles, cover layers and cover elements at the start of the step (hit_linked's connections). */
  readonly startTile: Uint8Array;
  readonly startCover: Uint8Array;
  readonly startCoverKind: Uint8Array;
  /** Specials to fire in wave 0: cell, type, colour. */
  readonly fireCell: Int32Array;
  readonly fireType: Uint8Array;
  readonly fireColor: Int8Array;
  fireCount = 0;
  /** Cells whose special has been queued to fire in this step. */
  readonly fired: Uint8Array;
  readonly usesLinked: boolean;
  /** Per tile code: 1 for an emitting element's. */
  readonly emitterCode: Uint8Array;
  /** Every change a step makes to the board (removals, layers and hit points lost): a step that makes none leaves a stable board. */
  changes = 0;

  constructor(n: number, game: GameTables, layout: Layout) {
    const gt = v2Columns(game);
    this.layout = layout;
    this.gt = gt;
    this.pcolor = new Int8Array(n).fill(-1);
    this.cd = new Uint8Array(n);
    this.fresh = new Uint8Array(n);
    this.anchor = new Int32Array(n).fill(-1);
    this.counters = new Int32Array(gt.counters.length);
    this.gateOpen = new Uint8Array(game.count);
    this.emitted = new Int32Array(game.count);
    this.found = new Uint8Array(layout.hidden.length);
    this.lc = new Int8Array(n);
    this.pathDirty = new Int16Array(layout.paths.length);
    this.dirty = new Uint8Array(n);
    this.dirtyList = new Int32Array(n);
    this.hSeen = new Int32Array(n);
    this.vSeen = new Int32Array(n);
    this.hAt = new Int32Array(n);
    this.hOf = new Int16Array(n);
    this.lineKeys = new Int32Array(2 * n);
    // sized for any height up to n (the stride is the board's height + 4)
    this.colourRows = new Int32Array(6 * (n + 4));
    this.lineRows = new Int32Array(6 * (n + 4));
    this.maskColour = new Int8Array(n);
    this.swapRows = new Int32Array(n);
    this.specialRows = new Int32Array(n);
    this.joinRight = new Int32Array(n);
    this.joinDown = new Int32Array(n + 4);
    this.anyStopper = gt.stopsBlasts.some((v) => v !== 0);
    this.ev = new Uint8Array(n);
    this.mcol = new Int8Array(n).fill(-1);
    this.acol = new Uint8Array(n);
    this.topHit = new Uint8Array(n);
    this.groundHit = new Uint8Array(n);
    this.removedNow = new Uint8Array(n);
    this.touched = new Int32Array(n);
    this.inTouched = new Uint8Array(n);
    this.fxCell = new Int32Array(4 * n);
    this.fxWhat = new Uint8Array(4 * n);
    this.fxLayer = new Uint8Array(4 * n);
    this.fxEl = new Int16Array(4 * n);
    this.startTile = new Uint8Array(n);
    this.startCover = new Uint8Array(n);
    this.startCoverKind = new Uint8Array(n);
    this.fireCell = new Int32Array(4 * n + 8);
    this.fireType = new Uint8Array(4 * n + 8);
    this.fireColor = new Int8Array(4 * n + 8);
    this.fired = new Uint8Array(n);
    this.emitterCode = new Uint8Array(256);
    for (const e of gt.emitters) this.emitterCode[ELEM0 + e] = 1;
    this.usesLinked = [...gt.onHit, ...gt.onDestroy].some((ops) => {
      for (let k = 0; k < ops.length; k += 2) if (ops[k] === 2 /* FX_LINKED */) return true;
      return false;
    });
  }

  /** Copies the position's version 2 part into `dst` (a board of the same template; `masks`: it keeps line masks if this does). */
  copyTo(dst: V2State, masks: boolean): void {
    dst.pcolor.set(this.pcolor);
    dst.cd.set(this.cd);
    dst.fresh.set(this.fresh);
    dst.anchor.set(this.anchor);
    dst.counters.set(this.counters);
    dst.gateOpen.set(this.gateOpen);
    dst.emitted.set(this.emitted);
    dst.found.set(this.found);
    dst.foundCount = this.foundCount;
    dst.moveNo = this.moveNo;
    dst.countdownHit = this.countdownHit;
    for (let k = 0; k < dst.dirtyCount; k++) dst.dirty[dst.dirtyList[k]] = 0;
    dst.dirtyCount = this.dirtyCount;
    for (let k = 0; k < this.dirtyCount; k++) {
      const i = this.dirtyList[k];
      dst.dirtyList[k] = i;
      dst.dirty[i] = 1;
    }
    dst.linesKnown = this.linesKnown;
    dst.masked = masks && this.masked;
    if (dst.masked) {
      dst.lineRows.set(this.lineRows.subarray(0, 6 * this.maskStride));
      dst.maskColour.set(this.maskColour);
      const h = this.maskStride - 4;
      dst.swapRows.set(this.swapRows.subarray(0, h));
      dst.specialRows.set(this.specialRows.subarray(0, h));
    }
    dst.maskStride = this.maskStride;
    dst.pathDirty.set(this.pathDirty);
    dst.holesKnown = this.holesKnown;
  }

  /** Cell i's piece may have become movable (or i was emptied): gravity falls its whole path (and kept line masks look at it). */
  hole(i: number): void {
    const p = this.layout.pathOf[i];
    if (p >= 0) this.pathDirty[p] = WHOLE;
    if (this.masked) this.mark(i);
  }

  /** Cell i was emptied: gravity falls its path from there (and kept line masks look at it). */
  emptied(i: number): void {
    const p = this.layout.pathOf[i], k = this.layout.posOf[i] + 1;
    if (p >= 0 && this.pathDirty[p] < k) this.pathDirty[p] = k;
    if (this.masked) this.mark(i);
  }

  /** Cell i's line colour may have changed (a piece moved in or out, a cover went): findLines2 looks at it. */
  mark(i: number): void {
    if (this.dirty[i] !== 0) return;
    this.dirty[i] = 1;
    this.dirtyList[this.dirtyCount++] = i;
  }

  /** Forgets the dirty cells (after a scan). */
  clearDirty(): void {
    for (let k = 0; k < this.dirtyCount; k++) this.dirty[this.dirtyList[k]] = 0;
    this.dirtyCount = 0;
  }
}
