// The simulator's public surface: the engine for play-test and "watch a bot", the bots, and the
// analysis maths the worker pool, the CLI and the analysis tools call.
export { gameSeed, botSeed, Rng } from './rng.ts';
export {
  createGame, legalMoves, isLegal, playMove, botMove, snapshot, cellXY,
  type PlayGame, type Move, type XY, type MoveOutcome, type GameSnapshot, type CellView, type ObjectiveProgress,
  type GameStatus, type LostReason,
} from './play.ts';
export type { StepEvent, TileName } from './events.ts';
export { createBot, TIERS, type Tier, type Bot } from './bots/index.ts';
export { firstMoveExists, warningsOf } from './checks.ts';
export * from './analysis/index.ts';
