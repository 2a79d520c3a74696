// A game definition of our own for the tests: one of each kind of element (RULES §11).
import type { GameDef } from '../../../src/core/game/types.ts';
import { createLevel, type CellT, type LevelT } from '../../../src/core/level/index.ts';

export const SWEET: GameDef = {
  format: 'match3-game',
  version: 1,
  id: 'sweet-saga',
  name: 'Sweet Saga',
  elements: [
    { id: 'fudge', name: 'Fudge block', glyph: 'F', color: '#8b5a2b', layer: 'tile', hp: 2 },
    { id: 'cherry', layer: 'tile', falls: true, exit: true },
    { id: 'choc', layer: 'tile', spread: 'when-none-hit' },
    { id: 'toffee', layer: 'cover', hp: 4, damage: ['match', 'adjacent', 'blast'] },
    { id: 'wrap', layer: 'cover' },
    { id: 'icing', layer: 'ground', hp: 3, spread: 'through-matches' },
    { id: 'syrup', layer: 'ground' },
  ],
};

/** The game as plain JSON, to break on purpose. */
export const sweetJson = (): Record<string, any> => JSON.parse(JSON.stringify(SWEET));

/** A level of Sweet Saga: 9×9 of random tiles, one collect objective; `edit` paints cells. */
export function sweetLevel(edit: (cells: CellT[][]) => void = () => {}, over: Partial<LevelT> = {}): LevelT {
  const l = createLevel({ id: 'S', name: 'Sweet 1', seed: 3, rules: 2 });
  const cells = l.cells.map((r) => [...r]);
  edit(cells);
  return { ...l, game: 'sweet-saga', cells, ...over };
}
