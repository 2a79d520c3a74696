// Expert: plays every candidate move on a copy of the board with gravity but no refill (what a
// player can see coming: the known cascades), and scores the result by objective progress,
// clears and the specials left on the board. Combos and special creation come out of the
// simulation itself.
import type { Board } from '../board.ts';
import { BOMB, RAINBOW, ROCKET_H } from '../codes.ts';
import { OBJ_SCORE, type Objectives } from '../objectives.ts';
import { LookAhead } from '../lookahead.ts';
import type { Bot } from './types.ts';
import { OBJECTIVE_WEIGHT } from './weights.ts';
import { GreedyBot } from './greedy.ts';

/**
 * Candidates the expert plays out in full. The others are ruled out by the greedy first-clear value:
 * a move in the bottom of that ranking rarely wins once cascades are counted (same win rates on the
 * sample levels with 16; 8 was faster but measurably weaker — see docs/rules.md §5).
 */
export const EXPERT_CANDIDATES = 16;

/** What a special still on the board is worth, in tiles. */
const KEEP = { rocket: 3, bomb: 4, rainbow: 7 };

const keep = (t: number) => (t === RAINBOW ? KEEP.rainbow : t === BOMB ? KEEP.bomb : KEEP.rocket);

function specialsValue(b: Board): number {
  let v = 0;
  const tile = b.tile;
  for (let i = 0; i < b.n; i++) {
    const t = tile[i];
    if (t < ROCKET_H || t > RAINBOW) continue;
    v += keep(t);
  }
  return v;
}

/** specialsValue(after) − specialsValue(before) for the look-ahead's last play-out from `before`. */
function specialsGained(look: LookAhead, after: Board, before: number): number {
  if (!look.onlyMatches) return specialsValue(after) - before;
  // no special left the board: the difference is what was made
  let v = 0;
  for (let k = 0; k < look.placedCount; k++) v += keep(look.placed[k]);
  return v;
}

/**
 * The k-th largest of values[0..n) (1 ≤ k ≤ n), what sorting them ascending puts at n − k. Keeps
 * the shorter of two sorted lists in `kept` (length ≥ k): the n − k + 1 smallest values (the cut is
 * their largest) or the k largest (the cut is their smallest).
 */
export function kthLargest(values: Float64Array, n: number, k: number, kept: Float64Array): number {
  const small = n - k + 1;
  let count = 0;
  if (small <= k) {
    // ascending list of the `small` smallest so far
    for (let m = 0; m < n; m++) {
      const v = values[m];
      if (count === small && v >= kept[small - 1]) continue;
      let j = count < small ? count++ : small - 1;
      while (j > 0 && kept[j - 1] > v) {
        kept[j] = kept[j - 1];
        j--;
      }
      kept[j] = v;
    }
    return kept[small - 1];
  }
  // descending list of the k largest so far
  for (let m = 0; m < n; m++) {
    const v = values[m];
    if (count === k && v <= kept[k - 1]) continue;
    let j = count < k ? count++ : k - 1;
    while (j > 0 && kept[j - 1] < v) {
      kept[j] = kept[j - 1];
      j--;
    }
    kept[j] = v;
  }
  return kept[k - 1];
}

export class ExpertBot implements Bot {
  readonly tier = 'expert' as const;
  private look: LookAhead | null = null;
  private readonly before = new Float64Array(4);
  private readonly weight = new Float64Array(4);
  private readonly greedy = new GreedyBot();
  private order = new Int32Array(0);
  private value = new Float64Array(0);
  private picked = new Uint8Array(0);
  private readonly kept = new Float64Array(EXPERT_CANDIDATES);

  reset(): void {}

  choose(b: Board, o: Objectives): number {
    if (b.moveCount === 1) return b.moves[0];
    let look = this.look;
    if (look === null || look.board.n !== b.n || look.board.w !== b.w) look = this.look = new LookAhead(b.w, b.h, b.colors);
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
    look.begin(b);
    let best = -Infinity, bestCode = b.moves[this.order[0]];
    for (let q = 0; q < count; q++) {
      const code = b.moves[this.order[q]];
      const s = look.playNext(code);
      let v = s.removed - removed0 + specialsGained(look, s, specials0);
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
    // the EXPERT_CANDIDATES best by value, later moves winning ties as in the greedy bot: every move
    // above the EXPERT_CANDIDATES-th largest value, then the latest of those equal to it
    const picked = this.picked.length >= n ? this.picked.fill(0, 0, n) : (this.picked = new Uint8Array(Math.max(n, 64)));
    const cut = kthLargest(value, n, EXPERT_CANDIDATES, this.kept);
    let need = EXPERT_CANDIDATES;
    for (let m = 0; m < n; m++)
      if (value[m] > cut) {
        picked[m] = 1;
        need--;
      }
    for (let m = n - 1; m >= 0 && need > 0; m--)
      if (value[m] === cut) {
        picked[m] = 1;
        need--;
      }
    let c = 0;
    for (let m = 0; m < n; m++) if (picked[m]) order[c++] = m;
    return c;
  }
}
