// What the tools read of a level's game (RULES §11): its elements by layer, their hit points, and the
// tile values a cell may take. The tools never name an element: enums, ranges and the words of their
// summaries come from here, so the built-in game's elements are data like any game's.
import { CLASSIC_GAME } from '../game/classic.ts';
import type { ElementDef, GameDef, Layer } from '../game/types.ts';
import { elementsOn, hpOf } from '../game/elements.ts';
import { BUILTIN_TILES } from '../level/primitives.ts';

// the game model's lookups, which the tools share with the editor and the drawing (defined once there)
export { elementsOn, hpOf };

/** The game of a level without `game`: the built-in one. */
export const DEFAULT_GAME: GameDef = CLASSIC_GAME;

/** The most hit points or layers among `list` (1 when it is empty). */
export function maxHp(list: readonly ElementDef[]): number {
  return Math.max(1, ...list.map(hpOf));
}

/** The element with this id on `layer`, if the game has one. */
export function elementOn(game: GameDef, layer: Layer, id: string): ElementDef | undefined {
  return game.elements.find((e) => e.layer === layer && e.id === id);
}

/** What a cell's tile may be in this game: random, the colours and specials, the game's tile elements, void. */
export function tileValues(game: GameDef): [string, ...string[]] {
  const builtin = BUILTIN_TILES.filter((t) => t !== 'void');
  return [...builtin, ...elementsOn(game, 'tile').map((e) => e.id), 'void'] as unknown as [string, ...string[]];
}

/** A cover or ground value: the layer's elements, then `none` (which removes it). */
export function layerValues(game: GameDef, layer: 'cover' | 'ground'): [string, ...string[]] {
  return [...elementsOn(game, layer).map((e) => e.id), 'none'] as unknown as [string, ...string[]];
}

/** `a`, `a or b`, `a, b or c`. */
export function orWords(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** `"a"`, `"a" or "b"`: element ids quoted, for messages. */
export const quotedIds = (list: readonly ElementDef[]) => orWords(list.map((e) => `"${e.id}"`));
