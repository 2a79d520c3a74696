// The level file of RULES.md §1 and §11.1: its facts, the classic game's cell and objective schemas
// (what the editing tools take), and the level types. The types are inferred from the schemas of
// gameSchema.ts, which checks a level of any game (RULES §11.1) and is built on first use.
import * as z from 'zod/mini';
import { LIMITS, OBJECTIVE_TYPES } from '../facts.ts';
import { CLASSIC_SPELLING, classicHp } from '../game/classicFormat.ts';
import { CLASSIC_ID } from '../game/types.ts';

export * from './primitives.ts';
import { Color, TILE_CODES, TileCode, intIn, isColorOrRandom, type ColorName, type RulesVersion, type TileCodeT } from './primitives.ts';

// ── the classic game's cells and objectives, as §1 spells them: what the editing tools take ──────

const { tile: CLASSIC_TILE, layeredCover: LAYERED_COVER, plainCover: PLAIN_COVER, ground: CLASSIC_GROUND } = CLASSIC_SPELLING;
const coverLayers = classicHp(LAYERED_COVER);
const groundLayers = classicHp(CLASSIC_GROUND);

export const Cover = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal(LAYERED_COVER), layers: intIn(LIMITS.hp.min, coverLayers) }),
    z.strictObject({ type: z.literal(PLAIN_COVER) }),
  ],
  { error: `must be null, {"type":"${LAYERED_COVER}","layers":1..${coverLayers}} or {"type":"${PLAIN_COVER}"}` },
);

export const Ground = z.strictObject(
  { type: z.literal(CLASSIC_GROUND, { error: `must be "${CLASSIC_GROUND}"` }), layers: intIn(LIMITS.hp.min, groundLayers) },
  { error: `must be null or {"type":"${CLASSIC_GROUND}","layers":1..${groundLayers}}` },
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
  if (cell.hp !== undefined && tile !== CLASSIC_TILE) {
    ctx.addIssue({ code: 'custom', path: ['hp'], message: `only allowed with tile "${CLASSIC_TILE}"` });
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
    z.strictObject({ type: z.literal('clear_ground'), ground: z.literal(CLASSIC_GROUND, { error: `must be "${CLASSIC_GROUND}"` }) }),
    z.strictObject({ type: z.literal('clear_cover'), cover: z.enum([LAYERED_COVER, PLAIN_COVER], { error: `must be "${LAYERED_COVER}" or "${PLAIN_COVER}"` }) }),
    z.strictObject({ type: z.literal('clear_crates') }),
    z.strictObject({ type: z.literal('score'), target: intIn(LIMITS.scoreTarget.min, LIMITS.scoreTarget.max) }),
  ],
  { error: `must be one of ${OBJECTIVE_TYPES.join(', ')}` },
);

/** A level of any game, its cells, covers and grounds, spawn entries and objectives (RULES §1, §11.1). */
export type { BeltT, CellT, CoverT, GroundT, HiddenT, LevelT, ObjectiveT, PortalT, SpawnT, SpawnerT, WallT } from './gameSchema.ts';
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
