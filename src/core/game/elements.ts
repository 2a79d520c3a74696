// Looking a game's elements up: by id, by layer, their hit points and drawing (RULES §11). What the
// editing tools check painted values against and what the studio draws; the one place a caller asks
// "what is this element?" without naming any.
import { DEFAULT_DAMAGE, type DamageEvent } from './constants.ts';
import type { ElementDef, GameDef, Layer } from './types.ts';

/** The element `id` of `game`, or undefined. */
export function elementOf(game: GameDef, id: string): ElementDef | undefined {
  return game.elements.find((e) => e.id === id);
}

/** The game's elements on one layer, in the definition's order. */
export function elementsOn(game: GameDef, layer: Layer): ElementDef[] {
  return game.elements.filter((e) => e.layer === layer);
}

/** The cells a tile element's piece covers, [w, h] (RULES §12.4): its `size`, [1, 1] when left out. */
export function sizeOf(e: ElementDef | undefined): [number, number] {
  return e?.size ? [e.size[0], e.size[1]] : [1, 1];
}

/** Whether an element is multi-cell (RULES §12.4): a `size` other than [1, 1]. */
export function isMultiCellElement(e: ElementDef | undefined): boolean {
  const [w, h] = sizeOf(e);
  return w !== 1 || h !== 1;
}

/** The most hits (tile) or layers (cover, ground) an element may have: its `hp`, 1 when left out. */
export function hpOf(e: ElementDef): number {
  return e.hp ?? 1;
}

/**
 * The events that take a hit or layer off the element in play, whatever its `damage` list says: an item
 * takes none (RULES §11.2 Exits), a coloured element is removed by `match` and `blast` (§12.1), any
 * other by its list (the layer's default when left out).
 */
export function damageOf(e: ElementDef): readonly DamageEvent[] {
  if (e.layer === 'tile' && e.exit) return [];
  if (e.layer === 'tile' && e.colored) return ['match', 'blast'];
  return e.damage ?? DEFAULT_DAMAGE[e.layer];
}

/** The element's glyph: its own, else the first letter of its id (RULES §11). */
export function glyphOf(e: ElementDef): string {
  return e.glyph ?? e.id[0];
}

/** The element's colour: its own, else grey (RULES §11). */
export function colorOf(e: ElementDef): string {
  return e.color ?? '#9ca3af';
}

/** Why `id` cannot be painted on `layer` in `game` (a message naming the game), or null. */
export function layerProblem(game: GameDef, id: string, layer: Layer): string | null {
  const e = elementOf(game, id);
  if (!e) return `"${id}" is not an element of game "${game.id}"`;
  if (e.layer !== layer) return `"${id}" is a ${e.layer} element of game "${game.id}", not a ${layer} element`;
  return null;
}
