// Expert: plays every candidate move on a copy of the board with gravity but no refill (what a
// player can see coming: the known cascades), and scores the result by objective progress,
// clears and the specials left on the board. Combos and special creation come out of the
// simulation itself.
import { Board } from '../board.ts';
import { BOMB, RAINBOW, ROCKET_H } from '../codes.ts';
import { OBJ_SCORE, type Objectives } from '../objectives.ts';
import { applyMove } from '../resolve.ts';
import type { Bot } from './types.ts';
import { OBJECTIVE_WEIGHT } from './weights.ts';

/** What a special still on the board is worth, in tiles. */
const KEEP = { rocket: 3, bomb: 4, rainbow: 7 };

function specialsValue(b: Board): number {
  let v = 0;
  const tile = b.tile;
  for (let i = 0; i < b.n; i++) {
    const t = tile[i];
    if (t < ROCKET_H || t > RAINBOW) continue;
    v += t === RAINBOW ? KEEP.rainbow : t === BOMB ? KEEP.bomb : KEEP.rocket;
  }
  return v;
}

export class ExpertBot implements Bot {
  readonly tier = 'expert' as const;
  private scratch: Board | null = null;
  private readonly before = new Float64Array(4);
  private readonly weight = new Float64Array(4);

  reset(): void {}

  choose(b: Board, o: Objectives): number {
    if (b.moveCount === 1) return b.moves[0];
    let s = this.scratch;
    if (s === null || s.n !== b.n || s.w !== b.w) {
      s = this.scratch = new Board(b.w, b.h, b.colors);
      s.refill = false;
    }
    for (let k = 0; k < o.count; k++) {
      const rem = o.remaining(b, k);
      this.before[k] = rem;
      const total = o.total[k] > 0 ? o.total[k] : 1;
      let w = rem === 0 ? 0 : OBJECTIVE_WEIGHT * (1 + Math.min(1, rem / total));
      if (o.kind[k] === OBJ_SCORE) w /= 10; // points: 10 per tile at step 1
      this.weight[k] = w;
    }
    const removed0 = b.removed, specials0 = specialsValue(b);
    let best = -Infinity, bestCode = b.moves[0];
    for (let m = 0; m < b.moveCount; m++) {
      const code = b.moves[m];
      b.copyTo(s);
      applyMove(s, code);
      let v = s.removed - removed0 + specialsValue(s) - specials0;
      for (let k = 0; k < o.count; k++) {
        const w = this.weight[k];
        if (w !== 0) v += w * (this.before[k] - o.remaining(s, k));
      }
      if (v >= best) {
        best = v;
        bestCode = code;
      }
    }
    return bestCode;
  }
}
