// Numeric codes of the engine's flat arrays (index = y * width + x). Small integers so that a
// board is a handful of Uint8Arrays and "is this a colour?" is one comparison.
import { COLORS, type ColorName, type TileCodeT } from '../level/index.ts';

/** Bumped when a bot's choices change, so cached analyses of the old bots are not reused. */
export const BOTS_VERSION = 2;

// tiles: colours 0..5 in palette order, then specials, blockers and the empty cell
export const ROCKET_H = 6;
export const ROCKET_V = 7;
export const BOMB = 8;
export const RAINBOW = 9;
export const CRATE = 10;
export const VOID = 11;
export const EMPTY = 12;
/** Only in a level template: a cell the start fill chooses. */
export const RANDOM = 13;

// covers: 0 none, 1..3 ice layers, CHAIN
export const CHAIN = 4;

export const isColorCode = (t: number) => t < 6;
export const isSpecialCode = (t: number) => t >= ROCKET_H && t <= RAINBOW;

const CODE_OF: Record<TileCodeT, number> = {
  red: 0, green: 1, blue: 2, yellow: 3, purple: 4, orange: 5,
  rocket_h: ROCKET_H, rocket_v: ROCKET_V, bomb: BOMB, rainbow: RAINBOW,
  crate: CRATE, void: VOID, random: RANDOM,
};

export function tileCode(t: TileCodeT | undefined): number {
  return CODE_OF[t ?? 'random'];
}

/** The level file's name of a code; `null` for an empty cell. */
export function tileName(code: number): Exclude<TileCodeT, 'random'> | null {
  if (code < 6) return COLORS[code];
  switch (code) {
    case ROCKET_H: return 'rocket_h';
    case ROCKET_V: return 'rocket_v';
    case BOMB: return 'bomb';
    case RAINBOW: return 'rainbow';
    case CRATE: return 'crate';
    case VOID: return 'void';
    default: return null;
  }
}

export function colorName(code: number): ColorName {
  return COLORS[code];
}
