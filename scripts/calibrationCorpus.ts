// A corpus where the truth is known, for the calibration's benchmark and tests: synthetic bot
// results (the three tiers' analysis counts) for levels from very hard to easy, and "players" drawn
// from a hidden rule over those bot results plus a level-to-level deviation that no bot sees.
import { emptyCounts, type SimCounts } from '../src/core/sim/analysis/counts.ts';
import type { Tier } from '../src/core/facts.ts';
import { featuresOf, type TierCounts } from '../src/core/calibration/features.ts';
import { binomial, expit, normal, seededRandom } from '../src/core/calibration/stats.ts';

export interface CorpusLevel {
  id: string;
  tiers: TierCounts;
  x: number[];
  /** The hidden rule's value (logit) and the level's own deviation: the true pass rate is expit(rule + deviation). */
  rule: number;
  deviation: number;
  truePassRate: number;
  attempts: number;
  successes: number;
}

export interface CorpusOptions {
  levels: number;
  seed: number;
  /** Level-to-level spread (logit sd) that no bot sees. */
  spread?: number;
  gamesPerTier?: number;
  attempts?: [number, number];
  /** The hidden rule's curvature on the logit scale (0: exactly linear in the features). */
  bend?: number;
  /** Players unrelated to the levels: pass rates drawn at random. */
  unrelated?: boolean;
}

const MOVES = 25;

function tierCounts(rand: () => number, tier: Tier, p: number, games: number, pace: number, shortfall: number, reshuffleRate: number): SimCounts {
  const c = emptyCounts({ rulesVersion: 2, levelHash: 'synthetic', tier, width: 9, height: 9, moveLimit: MOVES, curveMax: MOVES, objectives: 1 });
  for (let g = 0; g < games; g++) {
    c.games++;
    if (rand() < 0.02 + reshuffleRate) c.reshuffles++;
    if (rand() < p) {
      // winning move: early for a "fast" level (pace small), near the limit otherwise
      const m = Math.min(MOVES, Math.max(1, Math.ceil(MOVES * (pace + (1 - pace) * Math.sqrt(rand())))));
      c.wins++;
      c.movesLeftOnWin += MOVES - m;
      c.curveWins[m]++;
      c.objCompleted[0]++;
    } else {
      c.objIncompleteOnLoss[0]++;
      c.objTotalOnLoss[0] += 100;
      c.objDoneOnLoss[0] += Math.round(100 * (1 - Math.min(1, Math.max(0, shortfall + 0.1 * normal(rand)))));
    }
  }
  return c;
}

/** The hidden rule: players' logit pass rate from the bots' features (in FEATURES order). */
export function hiddenRule(x: readonly number[], bend = 0.06): number {
  const [, avg, exp, , best, short] = x;
  // mostly linear on the logit scale, with a bend the model (linear in its features) cannot follow
  return 0.5 + 0.55 * avg + 0.3 * exp - 1.5 * (best - 0.6) - 1.2 * (short - 0.3) - bend * avg * avg;
}

export function makeCorpus(o: CorpusOptions): CorpusLevel[] {
  const rand = seededRandom(o.seed);
  const games = o.gamesPerTier ?? 1000, spread = o.spread ?? 0.35;
  const [aMin, aMax] = o.attempts ?? [1000, 20000];
  return Array.from({ length: o.levels }, (_, i) => {
    const d = -3.5 + 7 * rand(); // the average bot's logit win rate: very hard to easy
    const skill = 0.5 + 2 * rand();
    const pace = 0.2 + 0.6 * rand();
    const shortfall = 0.1 + 0.5 * expit(-d) * rand();
    const reshuffle = 0.2 * rand();
    const tiers: TierCounts = {
      novice: tierCounts(rand, 'novice', expit(d - skill), games, pace, shortfall, reshuffle),
      average: tierCounts(rand, 'average', expit(d), games, pace, shortfall, reshuffle),
      expert: tierCounts(rand, 'expert', expit(d + 0.6 * skill), games, pace * 0.8, shortfall, reshuffle),
    };
    const x = featuresOf(tiers)!;
    const rule = o.unrelated ? -2 + 4 * rand() : hiddenRule(x, o.bend);
    const deviation = o.unrelated ? 0 : spread * normal(rand);
    const truePassRate = expit(rule + deviation);
    const attempts = Math.round(aMin + (aMax - aMin) * rand());
    return { id: `L${String(i + 1).padStart(4, '0')}`, tiers, x, rule, deviation, truePassRate, attempts, successes: binomial(rand, attempts, truePassRate) };
  });
}
