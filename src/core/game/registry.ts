// The games this process knows, by id (RULES §11): the built-in classic game, and the definitions
// registered by whoever read them (the CLI from --game files and packs' `games`). A level names its
// game by id; the simulator asks `tablesOf(level)` for the compiled tables it plays with.
import { CLASSIC_GAME } from './classic.ts';
import { compileGame, type GameTables } from './tables.ts';
import { CLASSIC_ID, type GameDef } from './types.ts';

const registered = new Map<string, GameDef>();

/**
 * Adds game definitions (already validated: parseGame). One with the id of a known game replaces it.
 * The classic game cannot be replaced.
 */
export function registerGames(defs: readonly GameDef[]): void {
  for (const d of defs) if (d.id === CLASSIC_ID) throw new Error(`game "${CLASSIC_ID}" is the built-in game and cannot be registered (a copy takes another id)`);
  for (const d of defs) {
    registered.delete(d.id); // a replacement goes to the end of the order, as a new one would
    registered.set(d.id, d);
  }
}

/** Forgets registered games (all of them when `ids` is left out); classic stays. */
export function forgetGames(ids?: readonly string[]): void {
  if (!ids) registered.clear();
  else for (const id of ids) registered.delete(id);
}

/** Every game known: classic first, then the registered ones in the order they were registered. */
export function knownGames(): GameDef[] {
  return [CLASSIC_GAME, ...registered.values()];
}

/** The game with this id, classic included; undefined when none is known. */
export function gameById(id: string): GameDef | undefined {
  return id === CLASSIC_ID ? CLASSIC_GAME : registered.get(id);
}

/** The game a level plays: absent or "classic" → the classic game; an unknown id throws. */
export function gameOf(level: { game?: string }): GameDef {
  const id = level.game ?? CLASSIC_ID;
  const def = gameById(id);
  if (!def) throw new Error(`unknown game ${JSON.stringify(id)}: register its match3-game file first (the CLI's --game FILE, or a pack's "games")`);
  return def;
}

/** The compiled tables of the level's game (compiled once per definition). */
export function tablesOf(level: { game?: string }): GameTables {
  return compileGame(gameOf(level));
}
