// A game as the simulator runs it: board, objectives, move count, status (RULES §2.8–2.9).
import type { LevelT } from '../level/index.ts';
import { Board, compileTemplate, type BoardTemplate } from './board.ts';
import { listMoves } from './moves.ts';
import { Objectives } from './objectives.ts';
import { applyMove } from './resolve.ts';
import { gameSeed } from './rng.ts';
import { RESHUFFLE_TRIES, reshuffle, settleStart, startFill } from './setup.ts';
import { loadTemplate } from './board.ts';
import { listMoves2 } from './v2/lines.ts';
import { applyMove2, recount2, reshuffle2, settleStart2, startFill2, tickCountdowns } from './v2/move.ts';

export const PLAYING = 0;
export const WON = 1;
export const LOST = 2;
export const REASON_NONE = 0;
export const REASON_MOVES = 1;
export const REASON_UNSOLVABLE = 2;
/** RULES §12.5: a coloured piece's countdown reached 0. */
export const REASON_COUNTDOWN = 3;

export class SimGame {
  readonly template: BoardTemplate;
  readonly board: Board;
  readonly objectives: Objectives;
  /** The level's move limit. */
  readonly moveLimit: number;
  seed = 0;
  movesUsed = 0;
  status = PLAYING;
  reason = REASON_NONE;
  reshuffles = 0;

  constructor(level: LevelT, template: BoardTemplate = compileTemplate(level)) {
    this.template = template;
    this.board = Board.fromTemplate(template);
    this.objectives = new Objectives(level, template.game);
    this.moveLimit = level.moves;
  }
}

/** Default seed of a single game of a level: the same game as analysis game 0. */
export function defaultSeed(level: Pick<LevelT, 'seed'>): number {
  return gameSeed(level.seed, 0);
}

/**
 * Starts (or restarts) a game: fill, designed match, start deadlock. Leaves the move list of the
 * start board in board.moves.
 */
export function startGame(g: SimGame, seed: number): void {
  const b = g.board;
  g.seed = seed >>> 0;
  b.rng.seed(g.seed);
  if (b.x !== null) {
    // version 2 (RULES §12): its own start fill and designed-match rule (§12.6 Start)
    loadTemplate(b, g.template);
    startFill2(b, b.x, g.template);
    settleStart2(b, b.x);
    b.resetCounters();
    recount2(b, b.x);
  } else {
    startFill(b, g.template);
    settleStart(b);
  }
  // from the first move on, refills spawn and items taken at exits count (RULES §11.3 Start)
  b.spawnOn = true;
  b.exitsCount = true;
  g.objectives.begin(b);
  g.movesUsed = 0;
  g.status = PLAYING;
  g.reason = REASON_NONE;
  g.reshuffles = 0;
  resolveDeadlock(g);
}

/** Lists the moves; on a deadlock reshuffles (counted once) or ends the game as unsolvable. */
export function resolveDeadlock(g: SimGame): void {
  const b = g.board, x = b.x;
  if (x !== null) {
    if (listMoves2(b, x) > 0) return;
    g.reshuffles++;
    if (reshuffle2(b, x, RESHUFFLE_TRIES)) listMoves2(b, x);
    else {
      b.moveCount = 0;
      g.status = LOST;
      g.reason = REASON_UNSOLVABLE;
    }
    return;
  }
  if (listMoves(b) > 0) return;
  g.reshuffles++;
  if (reshuffle(b)) listMoves(b);
  else {
    b.moveCount = 0;
    g.status = LOST;
    g.reason = REASON_UNSOLVABLE;
  }
}

/**
 * Plays a valid move code and applies the end order of RULES: win first, then the move limit
 * (`limit`, the level's by default), then deadlock.
 */
export function advance(g: SimGame, code: number, limit = g.moveLimit): void {
  const b = g.board;
  playMoveOn(b, code);
  g.movesUsed++;
  if (g.objectives.allComplete(b)) {
    g.status = WON;
    b.moveCount = 0;
  } else if (b.x !== null && tickCountdowns(b, b.x)) {
    // RULES §12.5: the countdowns tick after the win check, before the move limit
    g.status = LOST;
    g.reason = REASON_COUNTDOWN;
    b.moveCount = 0;
  } else if (g.movesUsed >= limit) {
    g.status = LOST;
    g.reason = REASON_MOVES;
    b.moveCount = 0;
  } else resolveDeadlock(g);
}

/** Plays a valid move through to a stable board: version 2's order (RULES §12.5) or the classic one. */
export function playMoveOn(b: SimGame['board'], code: number): void {
  if (b.x !== null) applyMove2(b, b.x, code);
  else applyMove(b, code);
}
