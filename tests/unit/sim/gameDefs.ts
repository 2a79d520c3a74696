// Test games for the game-definition rules tests (RULES §11).
import type { GameDef } from '../../../src/core/game/types.ts';

export const LAB: GameDef = {
  format: 'match3-game',
  version: 1,
  id: 'lab',
  name: 'Rules lab',
  elements: [
    { id: 'box', layer: 'tile', hp: 3 }, // default damage: adjacent, blast; does not fall
    { id: 'stone', layer: 'tile', damage: [] },
    { id: 'jar', layer: 'tile', hp: 2, damage: ['blast'] },
    { id: 'ball', layer: 'tile', damage: ['adjacent'], falls: true },
    { id: 'gem', layer: 'tile', damage: [], falls: true, swappable: true },
    { id: 'cherry', layer: 'tile', damage: ['adjacent', 'blast'], falls: true, exit: true },
    { id: 'pearl', layer: 'tile', damage: [], falls: true },
    { id: 'shell', layer: 'tile', damage: [], falls: true },
    { id: 'choc', layer: 'tile', spread: 'when-none-hit' },
    { id: 'toffee', layer: 'tile', hp: 2, damage: ['adjacent', 'blast'], spread: 'when-none-hit' },
    { id: 'fudge', layer: 'tile', damage: ['blast'], spread: 'when-none-hit' },
    { id: 'frost', layer: 'cover', hp: 3 }, // default damage: match, blast
    { id: 'net', layer: 'cover', hp: 2, damage: ['blast'] },
    { id: 'moss', layer: 'cover', damage: ['adjacent'] },
    { id: 'sand', layer: 'ground', hp: 2 }, // default damage: cleared, blast
    { id: 'tar', layer: 'ground', hp: 2, damage: ['blast'] },
    { id: 'felt', layer: 'ground', damage: [] },
    { id: 'carpet', layer: 'ground', hp: 2, damage: [], spread: 'through-matches' },
  ],
};
export const DUAL: GameDef = {
  format: 'match3-game', version: 1, id: 'dual', name: 'Wool first',
  elements: [
    { id: 'wool', layer: 'ground', spread: 'through-matches' },
    { id: 'silk', layer: 'ground', spread: 'through-matches' },
  ],
};
export const DUAL2: GameDef = { ...DUAL, id: 'dual2', name: 'Silk first', elements: [DUAL.elements[1], DUAL.elements[0]] };
export const CLASSIC_COPY: GameDef = {
  format: 'match3-game', version: 1, id: 'classic-copy', name: 'Classic, copied',
  elements: [
    { id: 'crate', layer: 'tile', hp: 3, damage: ['adjacent', 'blast'] },
    { id: 'ice', layer: 'cover', hp: 3, damage: ['match', 'blast'] },
    { id: 'chain', layer: 'cover', hp: 1, damage: ['match', 'blast'] },
    { id: 'jelly', layer: 'ground', hp: 2, damage: ['cleared', 'blast'] },
  ],
};
