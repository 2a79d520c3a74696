// RULES §2.6b written as literally as possible, as the reference the engine's faster gravity is
// tested against: fall everything, refill every column, make at most one slide, repeat until a pass
// changes nothing. Slow on purpose: no bookkeeping, every pass looks at the whole board.
import type { Board } from '../../../src/core/sim/board.ts';
import { EMPTY, RAINBOW, VOID } from '../../../src/core/sim/codes.ts';

const movable = (b: Board, i: number) => b.tile[i] <= RAINBOW && b.cover[i] === 0;

/** 1. Every movable tile falls to the lowest empty cell it can reach (through voids). Lower tiles first. */
function fall(b: Board): boolean {
  const { w, h, tile } = b;
  let changed = false;
  for (let y = h - 2; y >= 0; y--)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!movable(b, i)) continue;
      let to = -1;
      for (let r = y + 1; r < h; r++) {
        const t = tile[r * w + x];
        if (t === VOID) continue;
        if (t !== EMPTY) break;
        to = r * w + x;
      }
      if (to < 0) continue;
      tile[to] = tile[i];
      tile[i] = EMPTY;
      changed = true;
    }
  return changed;
}

/** Only voids and empty cells between cell (x, y) and the top edge. */
function openToTop(b: Board, x: number, y: number): boolean {
  for (let r = y - 1; r >= 0; r--) {
    const t = b.tile[r * b.w + x];
    if (t !== VOID && t !== EMPTY) return false;
  }
  return true;
}

/** 2. Columns left to right; in a column, every empty cell open to the top, lowest first, takes a draw. */
function refill(b: Board): boolean {
  if (!b.refill) return false;
  const { w, h, tile } = b;
  let changed = false;
  for (let x = 0; x < w; x++) {
    const open: number[] = [];
    for (let y = 0; y < h; y++) {
      const t = tile[y * w + x];
      if (t === VOID) continue;
      if (t !== EMPTY) break;
      open.push(y * w + x);
    }
    for (let k = open.length - 1; k >= 0; k--) {
      tile[open[k]] = b.rng.below(b.colors);
      changed = true;
    }
  }
  return changed;
}

/** 3. The first empty cell (bottom row first, then left to right) with a movable upper-left, else upper-right, tile takes it. */
function slideOnce(b: Board): boolean {
  const { w, h, tile } = b;
  for (let y = h - 1; y >= 1; y--)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (tile[i] !== EMPTY) continue;
      // the bots' estimate (no refill): a cell the refill would fill is not a target (docs/rules.md §5)
      if (!b.refill && openToTop(b, x, y)) continue;
      const sources = [x > 0 ? i - w - 1 : -1, x < w - 1 ? i - w + 1 : -1];
      for (const s of sources) {
        if (s < 0 || !movable(b, s)) continue;
        tile[i] = tile[s];
        tile[s] = EMPTY;
        return true;
      }
    }
  return false;
}

/** Gravity by the definition; version 1 is the first fall and refill alone. */
export function gravityByDefinition(b: Board): void {
  for (;;) {
    const fell = fall(b);
    const filled = refill(b);
    if (b.rules !== 2) return;
    const slid = slideOnce(b);
    if (!fell && !filled && !slid) return;
  }
}
