// What a tile element may do in play and in a level's lists (RULES §11.1, §12.1, §12.4): whether its
// pieces swap, whether a spawn entry may name it. Apart from elements.ts so that the first page, which
// paints and draws elements, does not carry what the play-test and the spawn editors ask (they load later).
import type { ElementDef, GameDef } from './types.ts';
import { isMultiCellElement } from './elements.ts';

/** Whether a piece of tile element e can be swapped: a swappable element, or a coloured one, which swaps like a colour tile (RULES §12.1; the engine's tables.ts). */
export function swaps(e: ElementDef): boolean {
  return e.layer === 'tile' && (!!e.swappable || !!e.colored);
}

/** Whether a spawn entry may name the element (RULES §11.1, §12.4): a tile element, not multi-cell (never spawned). */
export function isSpawnable(e: ElementDef | undefined): boolean {
  return e?.layer === 'tile' && !isMultiCellElement(e);
}

/** The elements a spawn entry may name, in the definition's order: what the spawn selects offer and the spawn tools and files accept. */
export function spawnableElements(game: GameDef): ElementDef[] {
  return game.elements.filter(isSpawnable);
}
