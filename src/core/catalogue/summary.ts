// A level's summary: what the level list needs of it (name, content hash, a thumbnail, how many
// warnings), small enough that a catalogue of 15,000 levels keeps every summary in memory while the
// levels themselves stay in storage. Computed once per level version, when the level is saved.
import { levelHash, levelWarnings, type CellT, type LevelT } from '../level/index.ts';

export interface LevelSummary {
  id: string;
  name: string;
  /** levelHash of the level: a report measured on another hash is stale. */
  hash: string;
  width: number;
  height: number;
  /** The board, one character per cell, rows top to bottom (see THUMB_CODES). */
  thumb: string;
  /** How many warnings the level model gives (the engine's no-first-move check is not run here). */
  warnings: number;
  /** The stored level's revision (storage.ts). */
  rev: number;
  updatedAt: number;
  /** The level's game, when not classic (RULES §11): the list and the game store find a game's levels by it. */
  game?: string;
}

/** One character per cell in a summary's thumbnail. Upper case: the cell has a cover or ground. */
export const THUMB_CODES: Record<string, string> = {
  random: '.', red: 'r', green: 'g', blue: 'b', yellow: 'y', purple: 'p', orange: 'o',
  rocket_h: 's', rocket_v: 's', bomb: 's', rainbow: 'w', void: ' ',
};

function cellCode(c: CellT): string {
  // every tile element (the classic game's and any game's) is drawn as a blocker ('c')
  const code = THUMB_CODES[c.tile ?? 'random'] ?? 'c';
  return c.cover || c.ground ? code.toUpperCase() : code;
}

export function thumbOf(level: LevelT): string {
  let out = '';
  for (const row of level.cells) for (const c of row) out += cellCode(c);
  return out;
}

export function summarize(level: LevelT, rev = 0, updatedAt = Date.now()): LevelSummary {
  return {
    id: level.id,
    name: level.name,
    hash: levelHash(level),
    width: level.width,
    height: level.height,
    thumb: thumbOf(level),
    warnings: levelWarnings(level).length,
    rev,
    updatedAt,
    ...(level.game !== undefined && level.game !== 'classic' ? { game: level.game } : {}),
  };
}
