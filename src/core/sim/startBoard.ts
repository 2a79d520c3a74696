// The start board of one game of a level, as the simulator deals it (RULES §2.1, §2.8): game n (from 1)
// uses seed gameSeed(level seed, n − 1), the seed analysis game n − 1 and the play-test's first game use.
// Random cells get their colours, a designed match is resolved and a dead board reshuffled, as in play.
import type { LevelT } from '../level/index.ts';
import { createGame, snapshot, type GameSnapshot } from './play.ts';
import { gameSeed } from './rng.ts';

export interface StartBoard {
  /** The game's number, from 1. */
  game: number;
  seed: number;
  board: GameSnapshot;
}

export function startBoard(level: LevelT, game: number): StartBoard {
  if (!Number.isInteger(game) || game < 1) throw new RangeError(`game must be an integer from 1, not ${game}`);
  const seed = gameSeed(level.seed, game - 1);
  return { game, seed, board: snapshot(createGame(level, { seed, record: false })) };
}
