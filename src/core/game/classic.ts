// The built-in game: RULES §1–§10 expressed as a game definition (RULES §11). A level without
// `game` plays it. This is the one place that names the classic elements as data.
import { CLASSIC_ID, type GameDef } from './types.ts';

export const CLASSIC_GAME: GameDef = Object.freeze({
  format: 'match3-game',
  version: 1,
  id: CLASSIC_ID,
  name: 'Classic',
  elements: [
    { id: 'crate', layer: 'tile', hp: 3, damage: ['adjacent', 'blast'] },
    { id: 'ice', layer: 'cover', hp: 3, damage: ['match', 'blast'] },
    { id: 'chain', layer: 'cover', hp: 1, damage: ['match', 'blast'] },
    { id: 'jelly', layer: 'ground', hp: 2, damage: ['cleared', 'blast'] },
  ],
}) as GameDef;
