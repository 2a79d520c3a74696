// The games this process knows, by id (RULES §11): the built-in classic game, and the definitions
// registered by whoever read them (the CLI from --game files and packs' `games`). A level names its
// game by id; the simulator asks `tablesOf(level)` for the compiled tables it plays with.
import { gameOf } from './known.ts';
import { compileGame, type GameTables } from './tables.ts';

export { forgetGames, gameById, gameOf, knownGames, registerGames } from './known.ts';

/** The compiled tables of the level's game (compiled once per definition). */
export function tablesOf(level: { game?: string }): GameTables {
  return compileGame(gameOf(level));
}
