// A version 2 game of our own for the tests: the §12.1 examples, one of each new field (RULES §12).
import type { GameDef } from '../../../src/core/game/types.ts';

export const CASCADE: GameDef = {
  format: 'match3-game',
  version: 2,
  id: 'cascade',
  name: 'Cascade',
  elements: [
    { id: 'candy_bomb', glyph: 'Cb', layer: 'tile', colored: true, countdown: 9 },
    { id: 'color_box_red', layer: 'tile', hp: 2, key: 'red' },
    { id: 'swirl', layer: 'tile', falls: true, swappable: true, stopsBlasts: true },
    { id: 'bubble', layer: 'cover', fallsWithTile: true },
    { id: 'jelly_cube', layer: 'cover', damage: ['adjacent', 'blast'], blocksMatch: true },
    { id: 'lava', layer: 'tile', hp: 2, damage: ['adjacent', 'blast', 'effect'], onDestroy: [{ do: 'hit_neighbours' }] },
    { id: 'sugar_key', layer: 'cover', onDestroy: [{ do: 'tick', counter: 'keys' }] },
    { id: 'chest', layer: 'tile', gate: { counter: 'keys', at: 3 } },
    { id: 'mailbox', layer: 'tile', hp: 5, onHit: [{ do: 'credit', element: 'letter' }] },
    { id: 'letter', layer: 'tile' },
    { id: 'fountain', layer: 'tile', damage: [], emit: { element: 'chocolate', when: 'quiet' } },
    { id: 'chocolate', layer: 'tile', spread: 'when-none-hit' },
    { id: 'mixer', layer: 'tile', hp: 4, emit: { element: 'licorice', when: 'every', every: 3, count: 2, where: 'near' } },
    { id: 'licorice', layer: 'tile', onHit: [{ do: 'hit_linked' }] },
    { id: 'cake', layer: 'tile', hp: 8, onDestroy: [{ do: 'hit_all', element: 'licorice' }], size: [2, 2] },
    { id: 'frosting', layer: 'ground', hp: 2 },
    { id: 'cherry', layer: 'tile', falls: true, exit: true },
  ],
};

/** The game as plain JSON, to break on purpose. */
export const cascadeJson = (): Record<string, any> => JSON.parse(JSON.stringify(CASCADE));
/** Index of an element of CASCADE by id. */
export const at = (id: string) => CASCADE.elements.findIndex((e) => e.id === id);
