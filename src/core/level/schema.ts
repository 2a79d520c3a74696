// The level file of RULES.md §1 as zod schemas; the TypeScript types are inferred from them.
import * as z from 'zod/mini';
import '../zod.ts';
import { LIMITS, OBJECTIVE_TYPES } from '../facts.ts';

export const COLORS = ['red', 'green', 'blue', 'yellow', 'purple', 'orange'] as const;
export const SPECIALS = ['rocket_h', 'rocket_v', 'bomb', 'rainbow'] as const;
export const TILE_CODES = ['random', ...COLORS, ...SPECIALS, 'crate', 'void'] as const;

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

export const Color = z.enum(COLORS, { error: `must be one of ${COLORS.join(', ')}` });
export const TileCode = z.enum(TILE_CODES, { error: `must be one of ${TILE_CODES.join(', ')}` });

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

const CellShape = z.strictObject(
  {
    tile: z.optional(TileCode),
    hp: z.optional(intIn(LIMITS.hp.min, LIMITS.hp.max)),
    cover: z.optional(z.nullable(Cover)),
    ground: z.optional(z.nullable(Ground)),
  },
  { error: 'must be an object' },
);

export const Cell = CellShape.check(z.superRefine((cell, ctx) => {
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

export const Level = z
  .strictObject({
    format: z.literal('match3-level', { error: 'must be "match3-level"' }),
    version: z.literal(1, { error: 'must be 1 (the only version this studio reads)' }),
    id: z.string({ error: 'must be a string' }).check(z.minLength(1, { error: 'must not be empty' }), z.maxLength(100, { error: 'must be at most 100 characters' })),
    name: z
      .string({ error: 'must be a string' })
      .check(z.minLength(LIMITS.name.min, { error: 'must be 1..80 characters' }), z.maxLength(LIMITS.name.max, { error: 'must be 1..80 characters' })),
    width: intIn(LIMITS.size.min, LIMITS.size.max),
    height: intIn(LIMITS.size.min, LIMITS.size.max),
    moves: intIn(LIMITS.moves.min, LIMITS.moves.max),
    colors: intIn(LIMITS.colors.min, LIMITS.colors.max),
    seed: z.int({ error: 'must be an integer 0..4294967295' }).check(z.gte(0, { error: 'must be 0..4294967295' }), z.lte(0xffffffff, { error: 'must be 0..4294967295' })),
    rules: z.optional(z.union([z.literal(1), z.literal(2)], { error: 'must be 1 or 2 (the gravity rules version)' })),
    cells: z.array(z.array(Cell, { error: 'must be an array of cells' }), { error: 'must be an array of rows' }),
    objectives: z
      .array(Objective, { error: 'must be an array' })
      .check(z.minLength(LIMITS.objectives.min, { error: 'must have 1..4 objectives' }), z.maxLength(LIMITS.objectives.max, { error: 'must have 1..4 objectives' })),
  }, { error: (iss) => (iss.code === 'invalid_type' ? 'must be a JSON object (a match3-level)' : undefined) })
  .check(z.superRefine((lvl, ctx) => {
    // rows are only counted against a width or height that is itself valid (else one error per row)
    const okSize = (n: unknown) => Number.isInteger(n) && (n as number) >= LIMITS.size.min && (n as number) <= LIMITS.size.max;
    if (okSize(lvl.height) && lvl.cells.length !== lvl.height) {
      ctx.addIssue({ code: 'custom', path: ['cells'], message: `must have ${lvl.height} rows (height), found ${lvl.cells.length}` });
    }
    lvl.cells.forEach((row, y) => {
      if (okSize(lvl.width) && Array.isArray(row) && row.length !== lvl.width) {
        ctx.addIssue({ code: 'custom', path: ['cells', y], message: `must have ${lvl.width} cells (width), found ${row.length}` });
      }
    });
  }));

export type ColorName = z.infer<typeof Color>;
export type TileCodeT = z.infer<typeof TileCode>;
export type SpecialCode = (typeof SPECIALS)[number];
export type CoverT = z.infer<typeof Cover>;
export type GroundT = z.infer<typeof Ground>;
export type CellT = z.infer<typeof CellShape>;
export type ObjectiveT = z.infer<typeof Objective>;
export type LevelT = z.infer<typeof Level>;

/** The level's gravity rules version (absent: 1). */
export function rulesOf(l: { rules?: RulesVersion }): RulesVersion {
  return l.rules ?? 1;
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
