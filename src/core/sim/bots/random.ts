// Novice: a uniformly random move of the RULES move list, from the bot's own stream.
import type { Board } from '../board.ts';
import { Rng } from '../rng.ts';
import type { Bot } from './types.ts';

export class RandomBot implements Bot {
  readonly tier = 'novice' as const;
  private readonly rng = new Rng(0);

  reset(seed: number): void {
    this.rng.seed(seed);
  }

  choose(b: Board): number {
    return b.moves[this.rng.below(b.moveCount)];
  }
}
