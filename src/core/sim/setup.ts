// RULES §2.1 and §2.8: the start fill, the designed match before move 1, and the reshuffle.
import type { Board, BoardTemplate } from './board.ts';
import { EMPTY, RANDOM } from './codes.ts';
import { hasAnyMatch, lineThrough } from './match.ts';
import { hasValidMove } from './moves.ts';
import { cascade } from './resolve.ts';
import { loadTemplate } from './board.ts';

/** Max reshuffle tries per deadlock before the game is lost as unsolvable. */
export const RESHUFFLE_TRIES = 100;

/**
 * Places the template and fills its random cells row by row from the top-left, each with a
 * colour drawn uniformly among those that complete no line with the tiles already there.
 */
export function startFill(b: Board, t: BoardTemplate): void {
  loadTemplate(b, t);
  const { tile, w, h, rng } = b;
  const colors = t.colors;
  const n = b.n;
  for (let i = 0; i < n; i++) {
    if (t.tile[i] !== RANDOM) continue;
    // a line through i needs a neighbour of its colour: other colours are allowed without a look
    const x = b.col[i];
    const left = x > 0 ? tile[i - 1] : -1, right = x < w - 1 ? tile[i + 1] : -1;
    const up = i >= w ? tile[i - w] : -1, down = i + w < n ? tile[i + w] : -1;
    let allowed = 0, mask = 0;
    for (let c = 0; c < colors; c++) {
      if (c !== left && c !== right && c !== up && c !== down) {
        allowed++;
        mask |= 1 << c;
        continue;
      }
      tile[i] = c;
      if (!lineThrough(tile, w, h, i)) {
        allowed++;
        mask |= 1 << c;
      }
    }
    if (allowed === 0) {
      tile[i] = rng.below(colors);
      continue;
    }
    let k = rng.below(allowed);
    for (let c = 0; c < colors; c++)
      if (mask & (1 << c) && k-- === 0) {
        tile[i] = c;
        break;
      }
  }
}

/** Resolves a designed match without score or objective progress (counters start after it). */
export function settleStart(b: Board): void {
  cascade(b, 1);
  b.resetCounters();
}

/**
 * Reshuffles the uncovered colour tiles until the board has no match and a valid move (at most
 * RESHUFFLE_TRIES tries). One try shuffles the tiles, then deals them back in reading order,
 * each cell taking the next tile of the shuffled pile that completes no line (or the next one).
 * Returns false when no try works, leaving the board as it was.
 */
export function reshuffle(b: Board): boolean {
  const { tile, cover, w, h, rng } = b;
  const pos = b.tmp; // cells in reading order, then their tiles
  let k = 0;
  for (let i = 0; i < b.n; i++) if (tile[i] < 6 && cover[i] === 0) pos[k++] = i;
  if (k === 0) return false;
  for (let j = 0; j < k; j++) pos[k + j] = tile[pos[j]];
  const before = tile.slice();
  for (let attempt = 0; attempt < RESHUFFLE_TRIES; attempt++) {
    for (let j = k - 1; j > 0; j--) {
      const r = rng.below(j + 1);
      const tmp = pos[k + j];
      pos[k + j] = pos[k + r];
      pos[k + r] = tmp;
    }
    for (let j = 0; j < k; j++) tile[pos[j]] = EMPTY;
    for (let j = 0; j < k; j++) {
      const i = pos[j];
      let pick = j;
      for (let q = j; q < k; q++) {
        tile[i] = pos[k + q];
        if (!lineThrough(tile, w, h, i)) {
          pick = q;
          break;
        }
      }
      const c = pos[k + pick];
      pos[k + pick] = pos[k + j];
      pos[k + j] = c;
      tile[i] = c;
    }
    if (!hasAnyMatch(b) && hasValidMove(b)) return true;
  }
  tile.set(before);
  return false;
}
