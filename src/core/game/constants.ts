// Game definitions (RULES §11, §12): the plain facts of the game file (layers, events, limits, id
// patterns). They import nothing, so the file's zod schemas (gameFile.ts) can use them and types.ts can
// re-export both without an import cycle.

export const LAYERS = ['tile', 'cover', 'ground'] as const;
export type Layer = (typeof LAYERS)[number];

/** What takes one hit or layer off an element (RULES §11). */
export const DAMAGE_EVENTS = ['match', 'adjacent', 'blast', 'cleared'] as const;
/** Version 2 adds `effect` (RULES §12.1): hit by an effect of §12.2. */
export const DAMAGE_EVENTS_V2 = [...DAMAGE_EVENTS, 'effect'] as const;
export type DamageEvent = (typeof DAMAGE_EVENTS_V2)[number];

/** The events each layer may list (RULES §11.3 "Events by layer"). */
export const EVENTS_BY_LAYER: Record<Layer, readonly DamageEvent[]> = {
  tile: ['adjacent', 'blast'],
  cover: ['match', 'adjacent', 'blast'],
  ground: ['cleared', 'blast'],
};

/** An element's damage list when the file leaves it out. */
export const DEFAULT_DAMAGE: Record<Layer, readonly DamageEvent[]> = {
  tile: ['adjacent', 'blast'],
  cover: ['match', 'blast'],
  ground: ['cleared', 'blast'],
};

export type TileSpread = 'when-none-hit';
export type GroundSpread = 'through-matches';

export const EFFECT_KINDS = ['hit_neighbours', 'hit_linked', 'hit_all', 'tick', 'credit'] as const;

/** The built-in game's id; a file with it is refused (RULES §11.3). */
export const CLASSIC_ID = 'classic';

/** A game's id (RULES §11): lower-case letters, digits and hyphens, 1..40 characters. */
export const GAME_ID_PATTERN = /^[a-z0-9-]{1,40}$/;
/** An element's id (RULES §11): a lower-case letter, then letters, digits and underscores, 1..32 characters. */
export const ELEMENT_ID_PATTERN = /^[a-z][a-z0-9_]{0,31}$/;
/** Tile names that are never an element's id, beside the colours and the specials (RULES §11). */
export const RESERVED_TILE_NAMES = ['random', 'void'] as const;

/** The spreading kinds, by the one layer each is allowed on (RULES §11, §11.3). */
export const SPREAD_BY_LAYER: Record<Layer, TileSpread | GroundSpread | null> = {
  tile: 'when-none-hit',
  cover: null,
  ground: 'through-matches',
};

/** Limits of a game file (RULES §11). */
export const GAME_LIMITS = {
  id: { max: 40 },
  name: { min: 1, max: 80 },
  elements: { min: 1, max: 64 },
  elementId: { max: 32 },
  elementName: { min: 1, max: 40 },
  glyph: { min: 1, max: 2 },
  hp: { min: 1, max: 5 },
  /** A multi-cell element's hp (RULES §12.1 `size`). */
  multiCellHp: { max: 20 },
  /** Each side of a multi-cell element. */
  size: { min: 1, max: 4 },
  countdown: { min: 1, max: 99 },
  effects: { min: 1, max: 4 },
  emitEvery: { min: 1, max: 20 },
  emitCount: { min: 1, max: 5 },
  emitRadius: { min: 1, max: 8 },
  gateAt: { min: 1, max: 999 },
  counterName: { max: 32 },
  spawnEntries: { max: 4 },
  spawnMax: { min: 1, max: 20 },
  spawnTotal: { min: 1, max: 999 },
  count: { min: 1, max: 999 },
} as const;

/** The element fields version 2 adds (RULES §12.1), in canonical order: a version 1 file may not use them. */
export const V2_ELEMENT_FIELDS = ['key', 'stopsBlasts', 'colored', 'countdown', 'emit', 'onHit', 'onDestroy', 'gate', 'blocksMatch', 'fallsWithTile', 'size'] as const;

/** A level counter's name (RULES §12.2 `tick`). */
export const COUNTER_PATTERN = /^[a-z][a-z0-9_]{0,31}$/;
/** Emit defaults (RULES §12.1). */
export const EMIT_DEFAULTS = { count: 1, where: 'adjacent', radius: 2 } as const;
export const EMIT_WHEN = ['quiet', 'every'] as const;
export const EMIT_WHERE = ['adjacent', 'near', 'board'] as const;

/** tune_level's blocker levers (their public ids): what each one turns in a game is levers.ts's, by element data. */
export const BLOCKER_LEVERS = ['ice', 'chains', 'jelly', 'crates'] as const;
export type BlockerLever = (typeof BLOCKER_LEVERS)[number];

