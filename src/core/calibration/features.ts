// The simulator's figures that the calibration fits players' pass rates on. Everything comes from
// the analysis counts of the three bot tiers (src/core/sim/analysis/counts.ts): no extra count is
// collected, so analyses stay exactly what they were.
import type { SimCounts } from '../sim/analysis/counts.ts';
import { TIERS, type Tier } from '../facts.ts';

/** The features, in the order of a model's coefficients. Names are part of the model file. */
export const FEATURES = [
  'logit_novice',
  'logit_average',
  'logit_expert',
  'skill_sensitivity',
  'best_runs_moves',
  'shortfall_on_loss',
  'reshuffles_per_game',
] as const;
export type FeatureName = (typeof FEATURES)[number];

/** One level's features, in FEATURES order. */
export type FeatureVector = number[];

/** Share of the quickest games that "best runs" means (the published lessons use about 5%). */
export const BEST_RUNS_SHARE = 0.05;

/** Logit of a win rate, kept finite with half a game on each side (0 wins of 1000 is not -∞). */
export function smoothedLogit(wins: number, games: number): number {
  return Math.log((wins + 0.5) / (games - wins + 0.5));
}

/**
 * Moves used by the best runs, as a share of the move limit: the move by which the quickest
 * BEST_RUNS_SHARE of the games had won. Only moves within the limit count (so the figure is the
 * same whether or not the analysis played on for the curve). When fewer games won within the
 * limit, it is 1 plus half the missing part of the share, so a level where 1% win ranks harder
 * than one where 4% win.
 */
export function bestRunsMoves(c: SimCounts): number {
  if (c.games === 0 || c.moveLimit === 0) return 1.5;
  const need = BEST_RUNS_SHARE * c.games;
  let wins = 0;
  for (let m = 1; m <= c.moveLimit && m < c.curveWins.length; m++) {
    wins += c.curveWins[m];
    if (wins >= need) return m / c.moveLimit;
  }
  return 1 + (1 - wins / need) * 0.5;
}

/** How far lost games fall short: the share of the objectives' units still missing when a game is lost (0 without losses). */
export function shortfallOnLoss(c: SimCounts): number {
  let total = 0, done = 0;
  for (let k = 0; k < c.objTotalOnLoss.length; k++) {
    total += c.objTotalOnLoss[k];
    done += c.objDoneOnLoss[k];
  }
  return total ? (total - done) / total : 0;
}

export type TierCounts = Partial<Record<Tier, SimCounts>>;

/** Which tiers a level still needs analysed before it has features. */
export function missingTiers(tiers: TierCounts): Tier[] {
  return TIERS.filter((t) => !tiers[t] || tiers[t]!.games === 0);
}

/**
 * A level's features from its three tiers' counts (null unless every tier was played). The best
 * runs are the expert's; shortfall and deadlocks are the average bot's, as the report's figures are.
 */
export function featuresOf(tiers: TierCounts): FeatureVector | null {
  if (missingTiers(tiers).length) return null;
  const n = tiers.novice!, a = tiers.average!, e = tiers.expert!;
  return [
    smoothedLogit(n.wins, n.games),
    smoothedLogit(a.wins, a.games),
    smoothedLogit(e.wins, e.games),
    e.wins / e.games - n.wins / n.games,
    bestRunsMoves(e),
    shortfallOnLoss(a),
    a.reshuffles / a.games,
  ];
}
