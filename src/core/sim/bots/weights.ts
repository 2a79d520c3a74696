// How much a bot values one unit of each kind of board stuff, from the objectives still open.
import type { Board } from '../board.ts';
import { OBJ_CHAIN, OBJ_COLLECT, OBJ_CRATES, OBJ_ICE, OBJ_JELLY, type Objectives } from '../objectives.ts';

/** Weight of a unit that advances an open objective, against 1 for a plain tile. */
export const OBJECTIVE_WEIGHT = 4;

export class CellWeights {
  readonly collect = new Float64Array(6);
  jelly = 0;
  ice = 0;
  chain = 0;
  crate = 0;

  update(b: Board, o: Objectives): void {
    this.collect.fill(0);
    this.jelly = this.ice = this.chain = this.crate = 0;
    for (let k = 0; k < o.count; k++) {
      const rem = o.remaining(b, k);
      if (rem === 0) continue;
      const total = o.total[k] > 0 ? o.total[k] : 1;
      // objective priority: the further behind, the more it weighs (×1 .. ×2)
      const w = OBJECTIVE_WEIGHT * (1 + Math.min(1, rem / total));
      switch (o.kind[k]) {
        case OBJ_COLLECT: this.collect[o.color[k]] += w; break;
        case OBJ_JELLY: this.jelly += w; break;
        case OBJ_ICE: this.ice += w; break;
        case OBJ_CHAIN: this.chain += w; break;
        case OBJ_CRATES: this.crate += w; break;
      }
    }
  }
}
