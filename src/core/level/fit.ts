// Whether a level fits a game (checkLevelAgainstGame, RULES §11.1) for the tools that must answer
// synchronously (set_game). The check is built from the game-aware level schemas (gameSchema.ts),
// which load with the first parse, not with the first page (docs/performance.md, "First load"):
// loadFitCheck() loads it (the studio does when its games load), and fitProblems answers from then on.
import type { GameDef } from '../game/types.ts';
import type { LevelProblem } from './level.ts';
import type { LevelT } from './schema.ts';

let check: ((level: LevelT, game: GameDef) => LevelProblem[]) | null = null;

/** Loads the check (once). */
export async function loadFitCheck(): Promise<void> {
  check ??= (await import('./parse.ts')).checkLevelAgainstGame;
}

/** The level's problems against `game` (empty: it fits), or null while the check is not loaded yet. */
export function fitProblems(level: LevelT, game: GameDef): LevelProblem[] | null {
  return check ? check(level, game) : null;
}
