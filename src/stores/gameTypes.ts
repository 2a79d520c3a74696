// The games store's shapes (src/stores/games.svelte.ts), apart so that its lazily loaded operations
// (gameChanges.ts) import them without importing the store.
import type { GameDef } from '../core/game/types.ts';
import type { LevelProblem, LevelT } from '../core/level/index.ts';
import type { LevelSummary } from '../core/catalogue/summary.ts';
import type { Storage } from '../db/storageTypes.ts';

/** A level a game change would break, with the reasons (the level's problems against the changed game). */
export interface BrokenLevel {
  id: string;
  name: string;
  problems: LevelProblem[];
}

/** Why a game operation was refused. */
export type GameRefusal =
  /** The classic game is built in: it cannot be stored, changed or removed. */
  | { ok: false; reason: 'classic' }
  /** No game with this id is in the workspace. */
  | { ok: false; reason: 'unknown'; id: string }
  /** Creating: a game with this id is already in the workspace. */
  | { ok: false; reason: 'exists'; id: string }
  /** The definition itself is not valid (parseGame's problems). */
  | { ok: false; reason: 'invalid'; problems: LevelProblem[] }
  /** Levels of the game would no longer fit it: nothing was saved. */
  | { ok: false; reason: 'breaks'; levels: BrokenLevel[] }
  /** Undo or redo of a game change: levels it rewrote were edited since (nothing was changed). */
  | { ok: false; reason: 'changed'; levels: { id: string; name: string }[] }
  /** Removing: levels still play the game. */
  | { ok: false; reason: 'used'; levels: { id: string; name: string }[] };

export type GameResult = { ok: true; game: GameDef; changedLevels: number } | GameRefusal;

/** What the game store needs of the workspace. */
export interface GamesHost {
  storage(): Storage | null;
  /** Every level's summary (the catalogue): a summary carries its level's game. */
  summaries(): Iterable<LevelSummary>;
  getLevels(ids: readonly string[]): Promise<(LevelT | undefined)[]>;
  /**
   * Writes a game's levels again after its definition changed (registered already): their summaries
   * take the game's new play hash, so their reports read as measured on an older game; a level
   * whose content changed (an element replaced) becomes the version memory and the editor show.
   */
  writeGameLevels(levels: readonly LevelT[]): Promise<void>;
}

/** One step of the game history: a game's definition and its levels, before and after. */
export interface GameStep {
  label: string;
  before: GameDef;
  after: GameDef;
  levelsBefore: LevelT[];
  levelsAfter: LevelT[];
  /** Its place in the workspace's order of steps (core/history nextSeq): the toolbar's Undo and Redo read it. */
  seq?: number;
  undoneSeq?: number;
}

/** What the operations of gameChanges.ts need of the store. */
export interface GamesState {
  readonly host: GamesHost;
  list: GameDef[];
  history: { undo: string | null; redo: string | null };
  readonly done: GameStep[];
  readonly undone: GameStep[];
  byId(id: string): GameDef | undefined;
  levelsOf(id: string): { id: string; name: string }[];
  add(defs: readonly GameDef[]): Promise<void>;
  adopt(games: readonly GameDef[]): void;
}
