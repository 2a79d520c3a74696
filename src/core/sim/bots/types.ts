// What every bot implements: pick one move of the board's current move list. Bots read the
// board and the objectives, never the game's random stream.
import type { Board } from '../board.ts';
import type { Objectives } from '../objectives.ts';

import { TIERS, type Tier } from '../../facts.ts';
export { TIERS, type Tier };

export interface Bot {
  readonly tier: Tier;
  /** Restarts the bot's own stream (bots that use randomness) for a new game. */
  reset(seed: number): void;
  /** A move code from b.moves[0 .. b.moveCount). The list is never empty when this is called. */
  choose(b: Board, objectives: Objectives): number;
}
