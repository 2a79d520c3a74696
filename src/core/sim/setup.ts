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
  const { tile, w, n, rng } = b;
  const colors = t.colors, all = (1 << colors) - 1;
  for (let i = 0; i < n; i++) {
    if (t.tile[i] !== RANDOM) continue;
    // the colours that would complete a line: two of one colour beside i on one side, or one on
    // each side, along its row or its column (what lineThrough asks of each colour in turn)
    const banned = lineColours(tile, w, n, i, b.col[i]);
    const mask = all & ~banned;
    if (mask === 0) {
      tile[i] = rng.below(colors);
      continue;
    }
    let k = rng.below(popcount(mask));
    let m = mask;
    for (; k > 0; k--) m &= m - 1;
    tile[i] = 31 - Math.clz32(m & -m);
  }
}

/** Bit c set when a tile of colour c at i (column x) would be in a line of 3+ with the tiles around it. */
function lineColours(tile: Uint8Array, w: number, n: number, i: number, x: number): number {
  let banned = 0;
  const l1 = x > 0 ? tile[i - 1] : EMPTY, r1 = x < w - 1 ? tile[i + 1] : EMPTY;
  if (x > 1 && l1 === tile[i - 2]) banned |= colourBit(l1);
  if (x < w - 2 && r1 === tile[i + 2]) banned |= colourBit(r1);
  if (l1 === r1) banned |= colourBit(l1);
  const u1 = i >= w ? tile[i - w] : EMPTY, d1 = i + w < n ? tile[i + w] : EMPTY;
  if (i >= 2 * w && u1 === tile[i - 2 * w]) banned |= colourBit(u1);
  if (i + 2 * w < n && d1 === tile[i + 2 * w]) banned |= colourBit(d1);
  if (u1 === d1) banned |= colourBit(u1);
  return banned;
}

/** The bit of a colour code; 0 for anything else (specials, blockers, empty cells never make a line). */
const colourBit = (t: number) => (t < 6 ? 1 << t : 0);

function popcount(m: number): number {
  let c = 0;
  for (; m !== 0; m &= m - 1) c++;
  return c;
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
  b.colsKnown = 0; // (colour tiles only change places: gravity would find nothing new; not relied on)
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
