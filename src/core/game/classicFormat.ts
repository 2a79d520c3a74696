// The classic level file's own spellings (RULES §1) and the old objective spellings every game keeps
// (§11.3). A classic level writes its elements in §1's shapes (a cover or ground of several layers names
// them, one of one layer does not), its `clear_crates` objective needs a tile element of one id, and its
// warnings and the model's text keep §1's words. Where the level model, its text and its warnings must
// spell a classic element, they read it here (beside the definition, classic.ts), never by name.
import { CLASSIC_GAME, CLEAR_CRATES_ELEMENT } from './classic.ts';
import { elementsOn, hpOf } from './elements.ts';
import type { ElementDef, Layer } from './types.ts';

/**
 * §1's elements by the part they play in the classic file, typed as the level schema's literals: its
 * tile element (the one `clear_crates` clears), its cover of several layers, its cover of one, its
 * ground. Each is the classic definition's element of that layer and hit points (checked by
 * tests/unit/game/classicFormat.test.ts).
 */
export const CLASSIC_SPELLING = {
  tile: CLEAR_CRATES_ELEMENT,
  layeredCover: 'ice',
  plainCover: 'chain',
  ground: 'jelly',
} as const;

export { CLEAR_CRATES_ELEMENT };

/** The classic game's elements on a layer, in the definition's order. */
export function classicElements(layer: Layer): ElementDef[] {
  return elementsOn(CLASSIC_GAME, layer);
}

/** The classic element's hit points (tile) or layers (cover, ground): the most §1 allows in a cell. */
export function classicHp(id: string): number {
  const e = CLASSIC_GAME.elements.find((x) => x.id === id);
  if (!e) throw new Error(`no classic element ${JSON.stringify(id)}`);
  return hpOf(e);
}

/** The i18n keys of the "the board has none" warnings of §1's clear objectives, by element (their translations exist). */
export const CLASSIC_NONE_KEYS: Readonly<Record<string, string>> = Object.freeze({
  [CLASSIC_SPELLING.ground]: 'noJelly',
  [CLASSIC_SPELLING.layeredCover]: 'noIce',
  [CLASSIC_SPELLING.plainCover]: 'noChain',
});

/** §1's `clear_crates` in words: the objective, and its warning when the board has none (key `noCrates`). */
export const CLEAR_CRATES_WORDS = Object.freeze({
  objective: `clear all ${CLEAR_CRATES_ELEMENT}s`,
  none: `clear ${CLEAR_CRATES_ELEMENT}s: the board has no ${CLEAR_CRATES_ELEMENT}s`,
  noneKey: 'noCrates',
  /** When a game level's `clear_crates` has no such element (RULES §11.3). */
  missing: (game: string) => `game "${game}" has no tile element "${CLEAR_CRATES_ELEMENT}"`,
});

/** Element ids English does not put in the plural (`the ice at …`, not `the ices`). */
const MASS_NOUNS: ReadonlySet<string> = new Set([CLASSIC_SPELLING.layeredCover]);

/** An element id as a noun for `count` pieces: `crate`, `crates`; a mass noun stays as it is. */
export function elementNoun(id: string, count: number): string {
  return count > 1 && !MASS_NOUNS.has(id) ? `${id}s` : id;
}

/**
 * The characters the model's text of a level (level/text.ts) writes for the classic elements: `#n` a
 * tile element with n hp, `iN`/`jN` a cover or ground of N layers, `c` a cover of one.
 */
export const CLASSIC_TEXT_CODES: Readonly<Record<string, string>> = Object.freeze({
  [CLASSIC_SPELLING.tile]: '#',
  [CLASSIC_SPELLING.layeredCover]: 'i',
  [CLASSIC_SPELLING.plainCover]: 'c',
  [CLASSIC_SPELLING.ground]: 'j',
});
