// Game definitions (RULES §11): a game's own board elements as data. These are the file's shapes;
// schema.ts validates them, tables.ts compiles a game into the flat tables the simulator reads.

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

/** An effect of RULES §12.2 (closed list). */
export type EffectDef =
  | { do: 'hit_neighbours' }
  | { do: 'hit_linked' }
  | { do: 'hit_all'; element: string }
  | { do: 'tick'; counter: string }
  | { do: 'credit'; element: string };
export const EFFECT_KINDS = ['hit_neighbours', 'hit_linked', 'hit_all', 'tick', 'credit'] as const;

/** An emitter (RULES §12.1 Emit). */
export interface EmitDef {
  element: string;
  when: 'quiet' | 'every';
  every?: number;
  count?: number;
  where?: 'adjacent' | 'near' | 'board';
  radius?: number;
}

/** A gate (RULES §12.2): immune until the level counter reaches `at`, then removed. */
export interface GateDef {
  counter: string;
  at: number;
}

export interface ElementDef {
  id: string;
  name?: string;
  glyph?: string;
  color?: string;
  layer: Layer;
  hp?: number;
  damage?: DamageEvent[];
  falls?: boolean;
  swappable?: boolean;
  exit?: boolean;
  spread?: TileSpread | GroundSpread;
  // ── version 2 (RULES §12.1) ──
  key?: 'red' | 'green' | 'blue' | 'yellow' | 'purple' | 'orange';
  stopsBlasts?: boolean;
  colored?: boolean;
  countdown?: number;
  emit?: EmitDef;
  onHit?: EffectDef[];
  onDestroy?: EffectDef[];
  gate?: GateDef;
  blocksMatch?: boolean;
  fallsWithTile?: boolean;
  size?: [number, number];
}

export interface GameDef {
  format: 'match3-game';
  version: 1 | 2;
  id: string;
  name: string;
  elements: ElementDef[];
}

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
  spawnEntries: { max: 4 },
  spawnMax: { min: 1, max: 20 },
  spawnTotal: { min: 1, max: 999 },
  count: { min: 1, max: 999 },
} as const;

/** tune_level's blocker levers (their public ids): what each one turns in a game is levers.ts's, by element data. */
export const BLOCKER_LEVERS = ['ice', 'chains', 'jelly', 'crates'] as const;
export type BlockerLever = (typeof BLOCKER_LEVERS)[number];

// ── how the studio draws elements (art.ts; not part of the game file) ──

/**
 * `token`: a tile element as a rounded badge with its glyph; `planks`: a boarded box with its hits on a
 * badge; `pane`: a see-through pane over the tile, thicker per layer; `cross`: two crossed bars over the
 * tile; `wash`: a tinted floor under the tile, deeper per layer. `glyph` is drawn where the style has room.
 */
export type ArtStyle = 'token' | 'planks' | 'pane' | 'cross' | 'wash';

export interface ElementArt {
  style: ArtStyle;
  fill: string;
  stroke: string;
  /** Text on the drawing (hits, layers, glyph). */
  ink: string;
  badge?: string;
  glyph?: string;
}
