// The look-ahead's counted swap: a plain swap of two colour tiles that makes one line of 3 on a
// board where nothing falls into a new line is counted, not played out (the hits, a spreading
// ground laid on the line's cells, the tiles left as the position's with the two swapped). The
// engine's own: resolve.ts (applyMove), hits.ts, spread.ts (noteSpreadGroups, spreadGrounds).
import type { Board } from '../board.ts';
import { ELEM0, RAINBOW } from '../codes.ts';
import { EV_ADJACENT, EV_CLEARED } from '../../game/tables.ts';
import { LookAheadFall } from './fall.ts';

export class LookAheadCount extends LookAheadFall {
  /** openTop of each column of src. */
  protected measureOpenTops(src: Board): void {
    this.openTopsKnown = true;
    const { w, n, tile, cover } = src;
    for (let x = 0; x < w; x++) {
      let i = x;
      while (i < n && tile[i] <= RAINBOW && cover[i] === 0) i += w;
      this.openTop[x] = (i - x) / w;
    }
  }

  /** A neighbour of the counted line's cells (columns x0..x1, rows y0..y1) takes `adjacent` (hitNeighbour would hit it). */
  protected lineNeighbourHit(s: Board, x0: number, x1: number, y0: number, y1: number): boolean {
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

  protected takesAdjacent(s: Board, i: number): boolean {
    const g = s.game;
    if (s.cover[i] !== 0) return (g.damage[s.coverKind[i]] & EV_ADJACENT) !== 0;
    const t = s.tile[i];
    return t >= ELEM0 && (g.codeDamage[t] & EV_ADJACENT) !== 0;
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
  protected countThree(s: Board, a: number, c: number): boolean {
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
  protected lineSpreadGround(s: Board, x0: number, x1: number, y0: number, y1: number): number {
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
  protected fallMakesLine(s: Board): boolean {
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
  protected runsThrough(s: Board, p: number, o: number): void {
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
}
