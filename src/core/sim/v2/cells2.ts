// What a version 2 cell shows to lines and swaps (RULES §12.1, §12.3), and the union-find of a
// step's lines: read by the line scans (lines.ts) and the kept line masks (masks.ts) alike.
import type { Board } from '../board.ts';
import { ELEM0 } from '../codes.ts';
import type { V2State } from './state.ts';

/** The colour cell i shows to a line (-1: none: a special, an element, empty, void, a blocksMatch cover's tile). */
export function colorAt(b: Board, x: V2State, i: number): number {
  const t = b.tile[i];
  if (b.cover[i] !== 0 && x.gt.blocksMatch[b.coverKind[i]] !== 0) return -1;
  if (t < 6) return t;
  if (t >= ELEM0) return x.pcolor[i];
  return -1;
}

/** Every cell's colorAt into lc (one pass, no call per cell). */
export function lineColours(b: Board, x: V2State, lc: Int8Array): void {
  const tile = b.tile, cover = b.cover, kind = b.coverKind, blocks = x.gt.blocksMatch, pc = x.pcolor, n = b.n;
  for (let i = 0; i < n; i++) {
    const t = tile[i];
    let c = t < 6 ? t : t >= ELEM0 ? pc[i] : -1;
    if (c >= 0 && cover[i] !== 0 && blocks[kind[i]] !== 0) c = -1;
    lc[i] = c;
  }
}

/** A tile the player may swap (RULES §11.2, §12.1): a colour tile, special, coloured piece or swappable element, uncovered. */
export function canSwap2(b: Board, i: number): boolean {
  return b.cover[i] === 0 && b.game.codeSwaps[b.tile[i]] !== 0;
}

/** The root of line a in the union-find p (paths halved on the way). */
export function find(p: Int16Array, a: number): number {
  while (p[a] !== a) {
    p[a] = p[p[a]];
    a = p[a];
  }
  return a;
}
export function unionLines(p: Int16Array, a: number, c: number): void {
  const ra = find(p, a), rc = find(p, c);
  if (ra !== rc) p[ra < rc ? rc : ra] = ra < rc ? ra : rc;
}
