// The expert bot as it was before the look-ahead speed-ups of issue 9 (commit 03181a3), kept unchanged
// as the reference the faster bot must agree with, move for move (tests/unit/sim/lookahead.test.ts).
import { Board } from '../../../src/core/sim/board.ts';
import { BOMB, RAINBOW, ROCKET_H } from '../../../src/core/sim/codes.ts';
import { OBJ_SCORE, type Objectives } from '../../../src/core/sim/objectives.ts';
import { applyMove } from '../../../src/core/sim/resolve.ts';
import type { Bot } from '../../../src/core/sim/bots/types.ts';
import { OBJECTIVE_WEIGHT } from '../../../src/core/sim/bots/weights.ts';
import { GreedyBot } from '../../../src/core/sim/bots/greedy.ts';

/**
 * Candidates the expert plays out in full. The others are ruled out by the greedy first-clear value:
 * a move in the bottom of that ranking rarely wins once cascades are counted (same win rates on the
 * sample levels with 16; 8 was faster but measurably weaker — see docs/rules.md §5).
 */
const EXPERT_CANDIDATES = 16;

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

export class ReferenceExpertBot implements Bot {
  readonly tier = 'expert' as const;
  private scratch: Board | null = null;
  private readonly before = new Float64Array(4);
  private readonly weight = new Float64Array(4);
  private readonly greedy = new GreedyBot();
  private order = new Int32Array(0);
  private value = new Float64Array(0);
  private picked = new Uint8Array(0);

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
    const count = this.shortlist(b, o);
    let best = -Infinity, bestCode = b.moves[this.order[0]];
    for (let q = 0; q < count; q++) {
      const code = b.moves[this.order[q]];
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

  /** Fills `order` with the indexes of the moves to play out, in move-list order; returns how many. */
  private shortlist(b: Board, o: Objectives): number {
    const n = b.moveCount;
    if (this.order.length < n) {
      this.order = new Int32Array(Math.max(n, 64));
      this.value = new Float64Array(Math.max(n, 64));
    }
    const order = this.order;
    if (n <= EXPERT_CANDIDATES) {
      for (let m = 0; m < n; m++) order[m] = m;
      return n;
    }
    const g = this.greedy;
    g.prepare(b, o);
    const value = this.value;
    for (let m = 0; m < n; m++) value[m] = g.evaluate(b, b.moves[m]);
    // the EXPERT_CANDIDATES best by value (later moves win ties, as in the greedy bot), kept in list order
    let k = 0;
    const picked = this.picked.length >= n ? this.picked.fill(0, 0, n) : (this.picked = new Uint8Array(Math.max(n, 64)));
    for (; k < EXPERT_CANDIDATES; k++) {
      let bi = -1;
      for (let m = 0; m < n; m++) if (!picked[m] && (bi < 0 || value[m] >= value[bi])) bi = m;
      picked[bi] = 1;
    }
    let c = 0;
    for (let m = 0; m < n; m++) if (picked[m]) order[c++] = m;
    return c;
  }
}
