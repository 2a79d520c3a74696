// How much a bot values one unit of each kind of board stuff, from the objectives still open.
import type { Board } from '../board.ts';
import { EV_ADJACENT, EV_BLAST, EV_CLEARED, EV_MATCH, ELEM0 } from '../../game/tables.ts';
import { OBJ_BRING, OBJ_CLEAR, OBJ_COLLECT, OBJ_COLLECT_EL, OBJ_COVER, type Objectives } from '../objectives.ts';

/** Weight of a unit that advances an open objective, against 1 for a plain tile. */
export const OBJECTIVE_WEIGHT = 4;

export class CellWeights {
  readonly collect = new Float64Array(6);
  /** Per element: a hit or layer off it (clear, collect an element). */
  el = new Float64Array(0);
  /** Per element: an item of it brought one cell nearer its exit (bring_down). */
  item = new Float64Array(0);
  /** Per element: a cell this ground spreads to (cover). */
  spread = new Float64Array(0);
  /** Some open objective weighs items or spreading (the bots' extra terms are on). */
  extras = false;
  /** Some element that takes `adjacent` is weighed: a match's neighbours count. */
  adjacent = false;
  /** A weighed cover takes `adjacent` (else only tile elements next to a match need looking at). */
  coverAdjacent = false;
  // what a unit is worth by the event that takes it, read in the bots' inner loops (0: that event does nothing to it)
  /** Per cover element: a match on its cell; a match next to it; a blast. */
  coverMatch = new Float64Array(0);
  coverAdj = new Float64Array(0);
  coverBlast = new Float64Array(0);
  /** Per ground element: the tile above removed; a blast. */
  groundCleared = new Float64Array(0);
  groundBlast = new Float64Array(0);
  /** Per tile code: a match next to it; a blast on it (a tile element's weight + 0.5 for its hit). */
  readonly tileAdj = new Float64Array(256);
  readonly tileBlast = new Float64Array(256);

  update(b: Board, o: Objectives): void {
    const k = b.game.count;
    if (this.el.length !== k) {
      this.el = new Float64Array(k);
      this.item = new Float64Array(k);
      this.spread = new Float64Array(k);
    }
    this.collect.fill(0);
    this.el.fill(0);
    if (this.extras) {
      this.item.fill(0);
      this.spread.fill(0);
      this.extras = false;
    }
    for (let q = 0; q < o.count; q++) {
      const rem = o.remaining(b, q);
      if (rem === 0) continue;
      const total = o.total[q] > 0 ? o.total[q] : 1;
      // objective priority: the further behind, the more it weighs (×1 .. ×2)
      const w = OBJECTIVE_WEIGHT * (1 + Math.min(1, rem / total));
      switch (o.kind[q]) {
        case OBJ_COLLECT: this.collect[o.color[q]] += w; break;
        case OBJ_CLEAR:
        case OBJ_COLLECT_EL:
          this.el[o.el[q]] += w;
          break;
        case OBJ_BRING:
          this.item[o.el[q]] += w;
          this.extras = true;
          break;
        case OBJ_COVER:
          this.spread[o.el[q]] += w;
          this.extras = true;
          break;
      }
    }
    // a spreading element grows unless a piece of it is hit: worth hitting even when no objective names it
    const spreading = b.game.spreadTiles;
    for (let q = 0; q < spreading.length; q++) {
      const e = spreading[q];
      if (b.elCells[e] !== 0 && this.el[e] === 0) this.el[e] = OBJECTIVE_WEIGHT / 2;
    }
    this.adjacent = false;
    const adjacent = b.game.adjacentEls;
    for (let q = 0; q < adjacent.length; q++) if (this.el[adjacent[q]] !== 0) this.adjacent = true;
    this.byEvent(b);
  }

  /** The per-event tables from `el` and the game's damage lists. */
  private byEvent(b: Board): void {
    const g = b.game, k = g.count;
    if (this.coverMatch.length !== k) {
      this.coverMatch = new Float64Array(k);
      this.coverAdj = new Float64Array(k);
      this.coverBlast = new Float64Array(k);
      this.groundCleared = new Float64Array(k);
      this.groundBlast = new Float64Array(k);
    }
    this.coverAdjacent = false;
    for (let e = 0; e < k; e++) {
      const w = this.el[e], d = g.damage[e];
      this.coverMatch[e] = (d & EV_MATCH) !== 0 ? w : 0;
      this.coverAdj[e] = (d & EV_ADJACENT) !== 0 ? w : 0;
      this.coverBlast[e] = (d & EV_BLAST) !== 0 ? w : 0;
      this.groundCleared[e] = (d & EV_CLEARED) !== 0 ? w : 0;
      this.groundBlast[e] = (d & EV_BLAST) !== 0 ? w : 0;
      if (g.layer[e] === 1 && this.coverAdj[e] !== 0) this.coverAdjacent = true;
      const code = ELEM0 + e;
      this.tileAdj[code] = g.layer[e] === 0 ? this.coverAdj[e] : 0;
      this.tileBlast[code] = g.layer[e] === 0 && (d & EV_BLAST) !== 0 ? w + 0.5 : 0;
    }
  }
}
