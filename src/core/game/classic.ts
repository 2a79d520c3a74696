// The built-in game: RULES §1–§10 expressed as a game definition (RULES §11). A level without
// `game` plays it. This is the one place that names the classic elements as data.
import { CLASSIC_ID, type ElementArt, type GameDef } from './types.ts';

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

/** The tile element the classic objective type `clear_crates` asks to clear (RULES §1; a game may name it too). */
export const CLEAR_CRATES_ELEMENT = 'crate';

/**
 * How the studio draws the classic elements (not part of the game file: play never reads it). A drawing
 * style from art.ts and its colours; any other game's elements are drawn from their glyph and colour.
 */
export const CLASSIC_ART: Readonly<Record<string, ElementArt>> = Object.freeze({
  crate: { style: 'planks', fill: '#a0703c', stroke: '#5d3d1b', ink: '#3b2410', badge: '#f8e7c8' },
  ice: { style: 'pane', fill: '#bae6fd', stroke: '#e0f2fe', ink: '#0c4a6e' },
  chain: { style: 'cross', fill: '#cbd5e1', stroke: '#374151', ink: '#cbd5e1' },
  jelly: { style: 'wash', fill: '#f472b6', stroke: '#f472b6', ink: '#fff' },
});
