// Game definitions (RULES §11): a game's own board elements as data. These are the file's shapes;
// schema.ts validates them, tables.ts compiles a game into the flat tables the simulator reads.

export const LAYERS = ['tile', 'cover', 'ground'] as const;
export type Layer = (typeof LAYERS)[number];

/** What takes one hit or layer off an element (RULES §11). */
export const DAMAGE_EVENTS = ['match', 'adjacent', 'blast', 'cleared'] as const;
export type DamageEvent = (typeof DAMAGE_EVENTS)[number];

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
}

export interface GameDef {
  format: 'match3-game';
  version: 1;
  id: string;
  name: string;
  elements: ElementDef[];
}

/** The built-in game's id; a file with it is refused (RULES §11.3). */
export const CLASSIC_ID = 'classic';

/** Limits of a game file (RULES §11). */
export const GAME_LIMITS = {
  id: { max: 40 },
  name: { min: 1, max: 80 },
  elements: { min: 1, max: 64 },
  elementId: { max: 32 },
  elementName: { min: 1, max: 40 },
  hp: { min: 1, max: 5 },
  spawnEntries: { max: 4 },
  spawnMax: { min: 1, max: 20 },
  spawnTotal: { min: 1, max: 999 },
  count: { min: 1, max: 999 },
} as const;
