// Expert: plays every candidate move on a copy of the board with gravity but no refill (what a
// player can see coming: the known cascades), and scores the result by objective progress,
// clears and the specials left on the board. Combos and special creation come out of the
// simulation itself.
import type { Board } from '../board.ts';
import { BOMB, RAINBOW, ROCKET_H } from '../codes.ts';
import { OBJ_BRING, OBJ_SCORE, type Objectives } from '../objectives.ts';
import { ELEM0 } from '../codes.ts';
import { LookAhead } from '../lookahead.ts';
import type { Bot } from './types.ts';
import { V2Chooser } from '../v2/bots.ts';
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

/**
 * What the specials on board b are worth. `words` views b's tiles four cells at a time (see
 * tileWords): a word with no special in it is passed over in one test.
 */
export function specialsValue(b: Board, words: Uint32Array): number {
  const tile = b.tile;
  let v = 0;
  const m = words.length;
  for (let k = 0; k < m; k++) {
    const x = words[k];
    // a byte is a special when it is at least ROCKET_H (6) and below 10 (void 11, empty 12, elements 16+); every tile code is
    // below 0x80, so adding 0x7a (0x76) sets a byte's top bit exactly when it is ≥ 6 (≥ 10), with
    // no carry into the next byte
    if (((x + 0x7a7a7a7a) & ~(x + 0x76767676) & 0x80808080) === 0) continue;
    for (let i = 4 * k; i < 4 * k + 4; i++) {
      const t = tile[i];
      if (t >= ROCKET_H && t <= RAINBOW) v += keep(t);
    }
  }
  for (let i = 4 * m; i < b.n; i++) {
    const t = tile[i];
    if (t >= ROCKET_H && t <= RAINBOW) v += keep(t);
  }
  return v;
}

/** The tiles of b as 32-bit words (the cells past the last whole word are read one by one). */
export function tileWords(b: Board): Uint32Array {
  const t = b.tile;
  // a board's tiles are an array of their own; any other layout reads cell by cell
  if (t.byteOffset % 4 !== 0) return new Uint32Array(0);
  return new Uint32Array(t.buffer, t.byteOffset, t.length >> 2);
}

/** specialsValue(after) − specialsValue(before) for the look-ahead's last play-out from `before`. */
function specialsGained(look: LookAhead, after: Board, afterWords: Uint32Array, before: number): number {
  if (!look.onlyMatches) return specialsValue(after, afterWords) - before;
  // no special left the board: the difference is what was made
  let v = 0;
  for (let k = 0; k < look.placedCount; k++) v += keep(look.placed[k]);
  return v;
}

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

/**
 * The rows of the board's items (exit elements) added up, an item taken out at an exit counting as
 * one row below the board: what falling toward the exits raises.
 */
function itemDepth(b: Board): number {
  const { tile, row } = b, exit = b.game.exit;
  let d = 0;
  for (let i = 0; i < b.n; i++) {
    const t = tile[i];
    if (t >= ELEM0 && exit[t - ELEM0] !== 0) d += row[i];
  }
  for (let e = 0; e < exit.length; e++) if (exit[e] !== 0) d += b.h * b.elExited[e];
  return d;
}

/**
 * What hitting a spreading element is worth when it is not an objective: a move that hits none of
 * it lets it grow by a cell (RULES §11.2), so each kind hit counts as much as an objective unit.
 */
function spreadGuard(s: Board): number {
  const els = s.game.spreadTiles;
  let v = 0;
  for (let k = 0; k < els.length; k++) if (s.elHit[els[k]] !== 0) v += OBJECTIVE_WEIGHT;
  return v;
}

export class ExpertBot implements Bot {
  private v2: V2Chooser | null = null;
  readonly tier = 'expert' as const;
  private look: LookAhead | null = null;
  /** Word views of the look-ahead's board and of the last board chosen on (specialsValue). */
  private lookWords: Uint32Array = new Uint32Array(0);
  private src: Board | null = null;
  private srcTile: Uint8Array | null = null;
  private srcWords: Uint32Array = new Uint32Array(0);
  private readonly before = new Float64Array(4);
  private readonly weight = new Float64Array(4);
  private readonly greedy = new GreedyBot();
  private order = new Int32Array(0);
  private value = new Float64Array(0);
  private picked = new Uint8Array(0);
  private readonly kept = new Float64Array(EXPERT_CANDIDATES);

  reset(): void {}

  choose(b: Board, o: Objectives): number {
    // a version 2 board (RULES §12): the engine's own look-ahead (v2/bots.ts)
    if (b.x !== null) return (this.v2 ??= new V2Chooser()).choose(b, o, true);
    if (b.moveCount === 1) return b.moves[0];
    let look = this.look;
    if (look === null || look.board.n !== b.n || look.board.w !== b.w) {
      look = this.look = new LookAhead(b.w, b.h, b.colors);
      this.lookWords = tileWords(look.board);
    }
    if (b !== this.src || b.tile !== this.srcTile) {
      this.src = b;
      this.srcTile = b.tile;
      this.srcWords = tileWords(b);
    }
    for (let k = 0; k < o.count; k++) {
      const rem = o.remaining(b, k);
      this.before[k] = rem;
      const total = o.total[k] > 0 ? o.total[k] : 1;
      let w = rem === 0 ? 0 : OBJECTIVE_WEIGHT * (1 + Math.min(1, rem / total));
      if (o.kind[k] === OBJ_SCORE) w /= 10; // points: 10 per tile at step 1
      this.weight[k] = w;
    }
    const removed0 = b.removed, specials0 = specialsValue(b, this.srcWords);
    // items to bring down: how far down they stand counts too (half an objective unit a row)
    let itemWeight = 0;
    for (let k = 0; k < o.count; k++) if (o.kind[k] === OBJ_BRING) itemWeight += 0.5 * this.weight[k];
    const depth0 = itemWeight !== 0 ? itemDepth(b) : 0;
    const guard = b.game.spreadTiles.length !== 0;
    const count = this.shortlist(b, o);
    look.begin(b);
    let best = -Infinity, bestCode = b.moves[this.order[0]];
    for (let q = 0; q < count; q++) {
      const code = b.moves[this.order[q]];
      const s = look.playNext(code);
      let v = s.removed - removed0 + specialsGained(look, s, this.lookWords, specials0);
      for (let k = 0; k < o.count; k++) {
        const w = this.weight[k];
        if (w !== 0) v += w * (this.before[k] - o.remaining(s, k));
      }
      if (itemWeight !== 0) v += itemWeight * (itemDepth(s) - depth0);
      if (guard) v += spreadGuard(s);
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
    const value = this.value;
    this.greedy.valuesOfList(b, o, value);
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
