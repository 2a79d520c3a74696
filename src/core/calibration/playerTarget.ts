// A players' pass-rate target translated into a bot's win-rate target through the calibration, for
// tune_level's `target_pass_rate`. Tuning levers (moves, colours, obstacles) make a level harder or
// easier for every bot at once, so the translation shifts the three tiers' win rates by the same
// amount on the logit scale, keeps the level's other features, and finds the shift at which the
// calibration predicts the target; the chosen tier's win rate after that shift is the bot target.
import type { Tier } from '../facts.ts';
import { predict, type FittedModel } from './fit.ts';
import { featuresOf, type TierCounts } from './features.ts';
import { expit } from './stats.ts';

export interface PlayerTarget {
  /** The bot tier's win rate that the calibration says gives the players' target. */
  botTarget: number;
  /** The level's predicted players' pass rate now, with its 95% interval. */
  before: { passRate: number; low: number; high: number };
}

/** Indices of the tiers' logit features in FEATURES. */
const LOGIT_INDEX: Record<Tier, number> = { novice: 0, average: 1, expert: 2 };

export function botTargetFor(model: FittedModel, tiers: TierCounts, target: number, tier: Tier): PlayerTarget | null {
  const x = featuresOf(tiers);
  if (!x) return null;
  const shifted = (d: number) => x.map((v, i) => (i <= 2 ? v + d : v));
  const at = (d: number) => predict(model, shifted(d)).passRate;
  // the prediction rises with the shift when the model reads the bots the usual way; search both ways
  let lo = -10, hi = 10;
  const rising = at(hi) >= at(lo);
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (at(mid) < target === rising) lo = mid;
    else hi = mid;
  }
  const d = (lo + hi) / 2;
  const now = predict(model, x);
  return { botTarget: expit(x[LOGIT_INDEX[tier]] + d), before: { passRate: now.passRate, low: now.low, high: now.high } };
}
