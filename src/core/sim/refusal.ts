// Why the engine refuses a swap, in the engine's words (the page words it in its language by these
// sentences): a tile held in place says so before "makes no match" does (issue 34, item 2). RULES §2.2
// and §11.2: a covered tile, a tile element that cannot be swapped, and an empty cell are held.
import type { Board } from './board.ts';
import { ELEM0, RAINBOW } from './codes.ts';

/** A tile under this cover element cannot be swapped. */
export const refusedCover = (cover: string) => `a tile under ${cover} cannot be swapped`;
/** A tile element that is not swappable. */
export const refusedElement = (element: string) => `a ${element} cannot be swapped`;
export const REFUSED_EMPTY = 'there is no tile there to swap';
export const REFUSED_NO_MATCH = 'that swap makes no match and moves no special';

/** The reason a swap of the cells at indices a and c (both on the board) was refused. */
export function swapRefusal(b: Board, a: number, c: number): string {
  const g = b.game;
  for (const i of [a, c]) if (b.cover[i] > 0) return refusedCover(g.ids[b.coverKind[i]]);
  for (const i of [a, c]) {
    const t = b.tile[i];
    if (t >= ELEM0 && g.codeSwaps[t] === 0) return refusedElement(g.ids[t - ELEM0]);
    if (t > RAINBOW && t < ELEM0) return REFUSED_EMPTY;
  }
  return REFUSED_NO_MATCH;
}
