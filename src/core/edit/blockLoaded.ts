// A block's layout and multi-cell pieces (block.ts, RULES §12.3–§12.4) load with the first version 2
// level or game, not with the page: a synchronous caller (the selection's edits, the paint tools on a
// game with multi-cell pieces) loads them first (loadBlock; the registry does it for the tools that
// need them) and then reads them here.
import { loadLayout } from '../level/layoutLoaded.ts';

type BlockModule = typeof import('./block.ts');
let loaded: BlockModule | null = null;

/** Loads the block code (and the layout checks it runs) once. */
export async function loadBlock(): Promise<BlockModule> {
  if (loaded) return loaded;
  const [m] = await Promise.all([import('./block.ts'), loadLayout()]);
  return (loaded = m);
}

/** The block code, once loaded; null before (the caller says so or loads it). */
export function blockCode(): BlockModule | null {
  return loaded;
}
