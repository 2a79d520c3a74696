export { TIERS, type Tier, type Bot } from './types.ts';
export { RandomBot } from './random.ts';
export { GreedyBot } from './greedy.ts';
export { ExpertBot } from './expert.ts';
import type { Bot, Tier } from './types.ts';
import { RandomBot } from './random.ts';
import { GreedyBot } from './greedy.ts';
import { ExpertBot } from './expert.ts';

/** The bot of a skill tier: novice = random, average = greedy, expert. */
export function createBot(tier: Tier): Bot {
  switch (tier) {
    case 'novice': return new RandomBot();
    case 'average': return new GreedyBot();
    case 'expert': return new ExpertBot();
  }
}
