// Why the engine refuses a swap, in the engine's words (the page words it in its language by the
// sentence's start): a tile held in place says so before "makes no match" does (issue 34, item 2).
// RULES §3: swappable is a colour tile or special with no cover; crates, covered tiles and voids are not.
import type { Board } from './board.ts';
import { CHAIN, CRATE, RAINBOW } from './codes.ts';

export const REFUSED_ICE = 'a tile under ice cannot be swapped';
export const REFUSED_CHAIN = 'a tile under a chain cannot be swapped';
export const REFUSED_CRATE = 'a crate cannot be swapped';
export const REFUSED_EMPTY = 'there is no tile there to swap';
export const REFUSED_NO_MATCH = 'that swap makes no match and moves no special';

/** The reason a swap of the cells at indices a and c (both on the board) was refused. */
export function swapRefusal(b: Board, a: number, c: number): string {
  for (const i of [a, c]) {
    const cover = b.cover[i];
    if (cover === CHAIN) return REFUSED_CHAIN;
    if (cover > 0) return REFUSED_ICE;
  }
  for (const i of [a, c]) {
    if (b.tile[i] === CRATE) return REFUSED_CRATE;
    if (b.tile[i] > RAINBOW) return REFUSED_EMPTY;
  }
  return REFUSED_NO_MATCH;
}
