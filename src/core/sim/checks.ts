// Level checks that need the engine, and the one list of warnings every caller shows: the editor's
// Warnings panel, `match3 validate`, the copilot's prompt and the get_level tool.
import { installV2Warnings, levelWarnings, type LevelT, type LevelWarning } from '../level/index.ts';
import { v2Warnings } from '../level/warningsV2.ts';
import { SimGame, defaultSeed } from './game.ts';
import { hasValidMove } from './moves.ts';
import { settleStart, startFill } from './setup.ts';
import { loadTemplate } from './board.ts';
import { listMoves2 } from './v2/lines.ts';
import { settleStart2, startFill2 } from './v2/move.ts';

/**
 * Whether the start board of the default game (analysis game 0, the play-test game) has a
 * valid move before any reshuffle. Painted-only boards give the same answer for every seed.
 */
export function firstMoveExists(level: LevelT, seed = defaultSeed(level)): boolean {
  const g = new SimGame(level), b = g.board;
  b.rng.seed(seed);
  if (b.x !== null) {
    loadTemplate(b, g.template);
    startFill2(b, b.x, g.template);
    settleStart2(b, b.x);
    return listMoves2(b, b.x) > 0;
  }
  startFill(b, g.template);
  settleStart(b);
  return hasValidMove(b);
}

// version 2's level warnings load with the engine, not on the first page (level.ts)
installV2Warnings(v2Warnings);

/** The level model's warnings plus the one only the simulator can tell: no valid first move. */
export function warningsOf(level: LevelT): LevelWarning[] {
  const out = levelWarnings(level);
  let movable = true;
  try {
    movable = firstMoveExists(level);
  } catch {
    // a board the engine cannot set up is reported by the level's own checks
  }
  if (!movable) out.push({ code: 'no_first_move', message: 'the start board has no valid move: the game opens with a reshuffle', detail: { key: 'noFirstMove' } });
  return out;
}
