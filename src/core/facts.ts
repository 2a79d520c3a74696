// The domain's facts in one list: skill tiers, objective types, the limits of a level, the analysis
// and tuning defaults. The level schema, the tool schemas, the CLI parser and the UI's forms read
// them from here, so a limit changes in one place.
import { BLOCKER_LEVERS } from './game/types.ts';

/** Bot skill tiers, weakest first (RULES §3). */
export const TIERS = ['novice', 'average', 'expert'] as const;
export type Tier = (typeof TIERS)[number];
export const DEFAULT_TIER: Tier = 'average';

/** Objective types of the level file (RULES §1). */
export const OBJECTIVE_TYPES = ['collect', 'clear_ground', 'clear_cover', 'clear_crates', 'score'] as const;
export type ObjectiveType = (typeof OBJECTIVE_TYPES)[number];
/** Objective types that name a game's element (RULES §11.1); `collect` also takes an `element`. */
export const ELEMENT_OBJECTIVE_TYPES = ['clear', 'bring_down', 'cover'] as const;
export type ElementObjectiveType = (typeof ELEMENT_OBJECTIVE_TYPES)[number];

export const LIMITS = {
  size: { min: 3, max: 16 },
  moves: { min: 1, max: 200 },
  colors: { min: 3, max: 6 },
  name: { min: 1, max: 80 },
  objectives: { min: 1, max: 4 },
  hp: { min: 1, max: 3 },
  collectCount: { min: 1, max: 999 },
  scoreTarget: { min: 1, max: 10_000_000 },
} as const;

/** Games per analysis run from the registry (per tier for the deep tools). The CLI allows more. */
export const ANALYSIS_GAMES = { min: 10, max: 20_000, default: 1000, cliMax: 1_000_000 } as const;

/** What `tune_level` may change, in the order a designer reaches for them. */
// (the blocker levers' ids are game/types.ts's: what each one turns is chosen by element data, game/levers.ts)
export const LEVERS = ['moves', 'colors', ...BLOCKER_LEVERS, 'objective_counts', 'spawn_chance', 'spawn_total', 'countdown', 'emit_every', 'emit_count'] as const;
export type Lever = (typeof LEVERS)[number];
/** Levers that act on a level's spawn entries (RULES §11.1, and its spawners' §12.3): offered only where a level has some. */
export const SPAWN_LEVERS: readonly Lever[] = ['spawn_chance', 'spawn_total'];
/** Levers only a version 2 game's level can have (RULES §12): tune_level offers them for a game that has their elements, never for classic. */
export const V2_LEVERS: readonly Lever[] = ['countdown', 'emit_every', 'emit_count'];
/** Levers that turn a field of the level's game, not of the level (RULES §12.1's emitters): their result is a game change. */
export const GAME_LEVERS: readonly Lever[] = ['emit_every', 'emit_count'];
/** The levers of the classic game's tune_level (every lever but the version 2 ones). */
export const CLASSIC_LEVERS = LEVERS.filter((l) => !V2_LEVERS.includes(l)) as unknown as readonly [Lever, ...Lever[]];
/** Levers a tuning form shows only where they act on the level (its spawn entries, its painted countdowns). */
export const WHERE_ACTS_LEVERS: readonly Lever[] = [...SPAWN_LEVERS, ...V2_LEVERS];

export const TUNING = {
  target: { min: 0.01, max: 0.99 },
  tolerance: { min: 0.01, max: 0.25, default: 0.05 },
  maxGames: { min: 500, max: 200_000, default: 20_000 },
  defaultLevers: ['moves', 'colors'] as Lever[],
} as const;

/** How long Recently deleted keeps a deleted level or pack before it is gone for good (issue 32). */
export const RECENTLY_DELETED_DAYS = 30;
export const RECENTLY_DELETED_MS = RECENTLY_DELETED_DAYS * 24 * 60 * 60 * 1000;
