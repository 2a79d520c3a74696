// The level format's plain facts and small checks (RULES §1, §11.1), shared by the classic schemas
// (schema.ts) and the schemas of any game's levels (gameSchema.ts) without either importing the other.
import * as z from 'zod/mini';
import { LIMITS } from '../facts.ts';
import { CLASSIC_SPELLING } from '../game/classicFormat.ts';
import { ELEMENT_ID_PATTERN, GAME_ID_PATTERN } from '../game/constants.ts';

export { COLORS, SPECIALS, intIn, quoteValue, orList, type ProblemDetail } from './basics.ts';
import { COLORS, SPECIALS } from './basics.ts';
/** The classic game's tile values (RULES §1). */
export const TILE_CODES = ['random', ...COLORS, ...SPECIALS, CLASSIC_SPELLING.tile, 'void'] as const;
/** Tile values that are not elements: they mean the same in every game. */
export const BUILTIN_TILES = ['random', ...COLORS, ...SPECIALS, 'void'] as const;

export { LIMITS };

/** Gravity rules versions (RULES §2.6 and §2.6b). A file without `rules` is version 1. */
export const RULES_VERSIONS = [1, 2] as const;
export type RulesVersion = (typeof RULES_VERSIONS)[number];
/** What `New level` and the generator use. */
export const LATEST_RULES: RulesVersion = 2;

export const Color = z.enum(COLORS, { error: `must be one of ${COLORS.join(', ')}` });
/** The classic game's tile values, with §1's message. */
export const TileCode = z.enum(TILE_CODES, { error: `must be one of ${TILE_CODES.join(', ')}` });

export function isBuiltinTile(t: string | undefined): boolean {
  return t === undefined || (BUILTIN_TILES as readonly string[]).includes(t);
}
export function isElementId(v: unknown): v is string {
  return typeof v === 'string' && ELEMENT_ID_PATTERN.test(v);
}
export function isGameId(v: unknown): v is string {
  return typeof v === 'string' && GAME_ID_PATTERN.test(v);
}

export type ColorName = z.infer<typeof Color>;
export type TileCodeT = z.infer<typeof TileCode>;
export type SpecialCode = (typeof SPECIALS)[number];

export function isColor(t: string | undefined): t is ColorName {
  return (COLORS as readonly string[]).includes(t as string);
}
export function isSpecial(t: string | undefined): t is SpecialCode {
  return (SPECIALS as readonly string[]).includes(t as string);
}
export function isColorOrRandom(t: string | undefined): boolean {
  return t === undefined || t === 'random' || isColor(t);
}
