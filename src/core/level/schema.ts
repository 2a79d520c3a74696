// The level file of RULES.md §1 and §11.1: its facts, the classic game's cell and objective schemas
// (what the editing tools take), and the level types. The types are inferred from the schemas of
// gameSchema.ts, which checks a level of any game (RULES §11.1) and is built on first use.
import * as z from 'zod/mini';
import '../zod.ts';
import { LIMITS, OBJECTIVE_TYPES } from '../facts.ts';
import { CLASSIC_ID, ELEMENT_ID_PATTERN, GAME_ID_PATTERN } from '../game/types.ts';

export const COLORS = ['red', 'green', 'blue', 'yellow', 'purple', 'orange'] as const;
export const SPECIALS = ['rocket_h', 'rocket_v', 'bomb', 'rainbow'] as const;
/** The classic game's tile values (RULES §1). */
export const TILE_CODES = ['random', ...COLORS, ...SPECIALS, 'crate', 'void'] as const;
/** Tile values that are not elements: they mean the same in every game. */
export const BUILTIN_TILES = ['random', ...COLORS, ...SPECIALS, 'void'] as const;

export { LIMITS };

/** Gravity rules versions (RULES §2.6 and §2.6b). A file without `rules` is version 1. */
export const RULES_VERSIONS = [1, 2] as const;
export type RulesVersion = (typeof RULES_VERSIONS)[number];
/** What `New level` and the generator use. */
export const LATEST_RULES: RulesVersion = 2;

/** An integer in [min, max], refused with "must be min..max". */
export function intIn(min: number, max: number) {
  const msg = `must be ${min}..${max}`;
  return z.int({ error: `must be an integer (${min}..${max})` }).check(z.gte(min, { error: msg }), z.lte(max, { error: msg }));
}

/** A value from the file, quoted in a message: cut short, so a huge value is not echoed back whole. */
export function quoteValue(value: unknown): string {
  const s = String(value);
  return JSON.stringify(s.length > 40 ? `${s.slice(0, 40)}…` : s);
}

/** `"a"`, `"a" or "b"`, `"a", "b" or "c"`. */
export function orList(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

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

// ── the classic game's cells and objectives, as §1 spells them: what the editing tools take ──────

export const Cover = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('ice'), layers: intIn(LIMITS.ice.min, LIMITS.ice.max) }),
    z.strictObject({ type: z.literal('chain') }),
  ],
  { error: 'must be null, {"type":"ice","layers":1..3} or {"type":"chain"}' },
);

export const Ground = z.strictObject(
  { type: z.literal('jelly', { error: 'must be "jelly"' }), layers: intIn(LIMITS.jelly.min, LIMITS.jelly.max) },
  { error: 'must be null or {"type":"jelly","layers":1..2}' },
);

const ClassicCellShape = z.strictObject(
  {
    tile: z.optional(TileCode),
    hp: z.optional(intIn(LIMITS.hp.min, LIMITS.hp.max)),
    cover: z.optional(z.nullable(Cover)),
    ground: z.optional(z.nullable(Ground)),
  },
  { error: 'must be an object' },
);

export const Cell = ClassicCellShape.check(z.superRefine((cell, ctx) => {
  const tile = cell.tile ?? 'random';
  if (cell.hp !== undefined && tile !== 'crate') {
    ctx.addIssue({ code: 'custom', path: ['hp'], message: 'only allowed with tile "crate"' });
  }
  if (tile === 'void') {
    if (cell.cover) ctx.addIssue({ code: 'custom', path: ['cover'], message: 'a void cell cannot have a cover' });
    if (cell.ground) ctx.addIssue({ code: 'custom', path: ['ground'], message: 'a void cell cannot have ground' });
  }
  if (cell.cover && tile !== 'void' && !isColorOrRandom(tile)) {
    ctx.addIssue({ code: 'custom', path: ['cover'], message: `a cover needs a colour or random tile under it, not "${tile}"` });
  }
}));

export const Objective = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('collect'), color: Color, count: intIn(LIMITS.collectCount.min, LIMITS.collectCount.max) }),
    z.strictObject({ type: z.literal('clear_ground'), ground: z.literal('jelly', { error: 'must be "jelly"' }) }),
    z.strictObject({ type: z.literal('clear_cover'), cover: z.enum(['ice', 'chain'], { error: 'must be "ice" or "chain"' }) }),
    z.strictObject({ type: z.literal('clear_crates') }),
    z.strictObject({ type: z.literal('score'), target: intIn(LIMITS.scoreTarget.min, LIMITS.scoreTarget.max) }),
  ],
  { error: `must be one of ${OBJECTIVE_TYPES.join(', ')}` },
);

export type ColorName = z.infer<typeof Color>;
export type TileCodeT = z.infer<typeof TileCode>;
export type SpecialCode = (typeof SPECIALS)[number];
/** A level of any game, its cells, covers and grounds, spawn entries and objectives (RULES §1, §11.1). */
export type { CellT, CoverT, GroundT, LevelT, ObjectiveT, SpawnT } from './gameSchema.ts';
import type { CellT, ObjectiveT } from './gameSchema.ts';
/** A collect objective: of a colour (`color`) or of a tile element (`element`). */
export type CollectObjective = Extract<ObjectiveT, { type: 'collect' }>;

/** The level's gravity rules version (absent: 1). */
export function rulesOf(l: { rules?: RulesVersion }): RulesVersion {
  return l.rules ?? 1;
}

/** Whether a level plays the built-in game (no `game`, or `"classic"`). */
export function isClassicLevel(l: { game?: string }): boolean {
  return l.game === undefined || l.game === CLASSIC_ID;
}

export function isColor(t: string | undefined): t is ColorName {
  return (COLORS as readonly string[]).includes(t as string);
}
export function isSpecial(t: string | undefined): t is SpecialCode {
  return (SPECIALS as readonly string[]).includes(t as string);
}
export function isColorOrRandom(t: string | undefined): boolean {
  return t === undefined || t === 'random' || isColor(t);
}
/** A tile value of the classic game (RULES §1): narrows an element id to §1's codes. */
export function isClassicTile(t: string | undefined): t is TileCodeT {
  return (TILE_CODES as readonly string[]).includes(t as string);
}
/** The classic tile of a cell (`random` when absent), or null when the cell holds another game's element. */
export function classicTileOf(c: CellT): TileCodeT | null {
  const t = c.tile ?? 'random';
  return isClassicTile(t) ? t : null;
}
/** The colour a collect objective counts, or null when it counts an element. */
export function collectColor(o: ObjectiveT): ColorName | null {
  return o.type === 'collect' && o.color !== undefined ? o.color : null;
}
