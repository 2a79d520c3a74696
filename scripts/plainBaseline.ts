// The plain-rules baseline of `npm run bench:node`: a minimal match-3 written for the bench only, to
// say what the bare job costs. 9×9 board, 6 colours, no specials, no blockers, no objectives: a swap
// that makes a line of 3+ is legal; lines clear, tiles fall, new random tiles drop in, repeat until
// stable; a board with no legal swap is refilled. The player is a 1-ply greedy: it counts the tiles
// each legal swap would clear at once (lines through the two swapped cells) and takes the best
// (random among equals). A game is `moves` moves. Nothing here is used by the studio.

import { seededRandom } from '../src/core/seededRandom.ts';

const W = 9, H = 9, N = W * H, COLORS = 6;

export class PlainGame {
  readonly b = new Uint8Array(N);
  private readonly mark = new Uint8Array(N);
  private readonly rand: () => number;
  cleared = 0;

  constructor(seed: number) {
    this.rand = seededRandom(seed);
    this.fillWithoutMatches();
  }

  private colour(): number {
    return 1 + Math.floor(this.rand() * COLORS);
  }

  private fillWithoutMatches(): void {
    do {
      for (let i = 0; i < N; i++) {
        const x = i % W;
        let c: number;
        do c = this.colour();
        while ((x >= 2 && this.b[i - 1] === c && this.b[i - 2] === c) || (i >= 2 * W && this.b[i - W] === c && this.b[i - 2 * W] === c));
        this.b[i] = c;
      }
    } while (!this.anyMove());
  }

  /** Length of the run of colour c through (x, y) along a row (dx=1) or column (dy=1), reading cell i as c. */
  private run(x: number, y: number, c: number, horizontal: boolean): number {
    let n = 1;
    if (horizontal) {
      for (let k = x - 1; k >= 0 && this.b[y * W + k] === c; k--) n++;
      for (let k = x + 1; k < W && this.b[y * W + k] === c; k++) n++;
    } else {
      for (let k = y - 1; k >= 0 && this.b[k * W + x] === c; k--) n++;
      for (let k = y + 1; k < H && this.b[k * W + x] === c; k++) n++;
    }
    return n;
  }

  /** Tiles cleared at once if cell i took colour c (the board otherwise as it is), 0 if no line. */
  private lineValue(i: number, c: number): number {
    const x = i % W, y = (i / W) | 0;
    const h = this.run(x, y, c, true), v = this.run(x, y, c, false);
    return (h >= 3 ? h : 0) + (v >= 3 ? v - (h >= 3 ? 1 : 0) : 0);
  }

  /** Value of swapping i and j (0: not a legal move). */
  private swapValue(i: number, j: number): number {
    const a = this.b[i], c = this.b[j];
    if (a === c) return 0;
    this.b[i] = c;
    this.b[j] = a;
    const v = this.lineValue(i, c) + this.lineValue(j, a);
    this.b[i] = a;
    this.b[j] = c;
    return v;
  }

  anyMove(): boolean {
    for (let i = 0; i < N; i++) {
      if (i % W < W - 1 && this.swapValue(i, i + 1) > 0) return true;
      if (i < N - W && this.swapValue(i, i + W) > 0) return true;
    }
    return false;
  }

  /** The greedy move: the swap clearing most at once, random among equals; null if none. */
  bestMove(): [number, number] | null {
    let best = 0, ties = 0, bi = -1, bj = -1;
    for (let i = 0; i < N; i++) {
      for (let k = 0; k < 2; k++) {
        const j = k === 0 ? (i % W < W - 1 ? i + 1 : -1) : i < N - W ? i + W : -1;
        if (j < 0) continue;
        const v = this.swapValue(i, j);
        if (v === 0 || v < best) continue;
        if (v > best) (best = v), (ties = 0);
        if (this.rand() * ++ties < 1) (bi = i), (bj = j);
      }
    }
    return bi < 0 ? null : [bi, bj];
  }

  /** Marks every cell in a line of 3+; returns how many. */
  private markLines(): number {
    this.mark.fill(0);
    let n = 0;
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; ) {
        const c = this.b[y * W + x];
        let e = x + 1;
        while (e < W && this.b[y * W + e] === c) e++;
        if (e - x >= 3) for (let k = x; k < e; k++) n += this.mark[y * W + k] ? 0 : ((this.mark[y * W + k] = 1), 1);
        x = e;
      }
    for (let x = 0; x < W; x++)
      for (let y = 0; y < H; ) {
        const c = this.b[y * W + x];
        let e = y + 1;
        while (e < H && this.b[e * W + x] === c) e++;
        if (e - y >= 3) for (let k = y; k < e; k++) n += this.mark[k * W + x] ? 0 : ((this.mark[k * W + x] = 1), 1);
        y = e;
      }
    return n;
  }

  /** Clears the marked cells, lets each column fall and fills the top with new tiles. */
  private clearFallRefill(): void {
    for (let x = 0; x < W; x++) {
      let write = H - 1;
      for (let y = H - 1; y >= 0; y--) if (!this.mark[y * W + x]) this.b[write-- * W + x] = this.b[y * W + x];
      for (; write >= 0; write--) this.b[write * W + x] = this.colour();
    }
  }

  play(i: number, j: number): void {
    const t = this.b[i];
    this.b[i] = this.b[j];
    this.b[j] = t;
    for (let n = this.markLines(); n > 0; n = this.markLines()) {
      this.cleared += n;
      this.clearFallRefill();
    }
    if (!this.anyMove()) this.fillWithoutMatches();
  }
}

/** Plays `count` games of `moves` moves each; returns the tiles cleared (so the work cannot be skipped). */
export function playPlainGames(count: number, moves: number, start = 0): number {
  let total = 0;
  for (let g = start; g < start + count; g++) {
    const game = new PlainGame(0x9e3779b9 ^ Math.imul(g + 1, 0x85ebca6b));
    for (let m = 0; m < moves; m++) {
      const mv = game.bestMove();
      if (!mv) break;
      game.play(mv[0], mv[1]);
    }
    total += game.cleared;
  }
  return total;
}
