// Numeric codes of the engine's flat arrays (index = y * width + x). Small integers so that a
// board is a handful of Uint8Arrays and "is this a colour?" is one comparison. A game's tile
// elements (RULES §11) follow from ELEM0 on, in the order of its definition.
import { COLORS, SPECIALS, type ColorName } from '../level/index.ts';
import { ELEM0, type GameTables } from '../game/tables.ts';

/** Bumped when a bot's choices change, so cached analyses of the old bots are not reused. */
export const BOTS_VERSION = 2;

// tiles: colours 0..5 in palette order, then specials, then void, empty, random; elements from ELEM0
export const ROCKET_H = 6;
export const ROCKET_V = 7;
export const BOMB = 8;
export const RAINBOW = 9;
export const VOID = 11;
export const EMPTY = 12;
/** Only in a level template: a cell the start fill chooses. */
export const RANDOM = 13;
export { ELEM0 };

export const isColorCode = (t: number) => t < 6;
export const isSpecialCode = (t: number) => t >= ROCKET_H && t <= RAINBOW;
export const isElementCode = (t: number) => t >= ELEM0;

const CODE_OF: Record<string, number> = {
  red: 0, green: 1, blue: 2, yellow: 3, purple: 4, orange: 5,
  rocket_h: ROCKET_H, rocket_v: ROCKET_V, bomb: BOMB, rainbow: RAINBOW,
  void: VOID, random: RANDOM,
};

/** The code of a colour, special, `void` or `random`; -1 for anything else (an element id). */
export function tileCode(t: string | undefined): number {
  const c = CODE_OF[t ?? 'random'];
  return c === undefined ? -1 : c;
}

/** The level file's name of a code (an element's id in game g); `null` for an empty cell. */
export function tileName(code: number, g?: GameTables): string | null {
  if (code < 6) return COLORS[code];
  if (code <= RAINBOW) return SPECIALS[code - ROCKET_H];
  if (code === VOID) return 'void';
  if (code >= ELEM0 && g !== undefined) return g.ids[code - ELEM0] ?? null;
  return null;
}

export function colorName(code: number): ColorName {
  return COLORS[code];
}
