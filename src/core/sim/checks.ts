// Level checks that need the engine (the editor's "no valid first move" warning).
import type { LevelT } from '../level/index.ts';
import { SimGame, defaultSeed } from './game.ts';
import { hasValidMove } from './moves.ts';
import { settleStart, startFill } from './setup.ts';

/**
 * Whether the start board of the default game (analysis game 0, the play-test game) has a
 * valid move before any reshuffle. Painted-only boards give the same answer for every seed.
 */
export function firstMoveExists(level: LevelT, seed = defaultSeed(level)): boolean {
  const g = new SimGame(level);
  g.board.rng.seed(seed);
  startFill(g.board, g.template);
  settleStart(g.board);
  return hasValidMove(g.board);
}
