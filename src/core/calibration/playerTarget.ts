// A players' pass-rate target translated into a bot's win-rate target through the calibration: the one
// translation tune_level's `target_pass_rate`, Tune to target and Tune pack to curve use. Tuning levers
// (moves, colours, obstacles) make a level harder or easier for every bot at once, so the translation
// shifts the three tiers' win rates by the same amount on the logit scale, keeps the level's other
// features, and finds the shift at which the calibration predicts the target; the chosen tier's win rate
// after that shift is the bot target. The same shift, read back from the tuned level's confirmed win
// rate, gives the players' prediction after the tune (docs/calibration.md, "Tuning to a players' target").
import type { Tier } from '../facts.ts';
import type { SimCounts } from '../sim/analysis/counts.ts';
import { attemptsPerSuccess, offsetOf, predict, predictAnchored, type FittedModel, type Prediction } from './fit.ts';
import { featuresOf, smoothedLogit, type FeatureVector, type TierCounts } from './features.ts';
import type { PlayerFigures } from './player.ts';
import { expit } from './stats.ts';

export interface PlayerTarget {
  /** The bot tier's win rate that the calibration says gives the players' target. */
  botTarget: number;
  /**
   * The bot tolerance that keeps the players inside target ± the players' tolerance (the narrower side
   * of the translated band: a level in the bot band is in the players' band). Only when a tolerance is given.
   */
  botTolerance?: number;
  /** The level's predicted players' pass rate now, with its 95% interval. */
  before: { passRate: number; low: number; high: number };
}

/** Indices of the tiers' logit features in FEATURES. */
const LOGIT_INDEX: Record<Tier, number> = { novice: 0, average: 1, expert: 2 };

/** The features with the three tiers' logit win rates shifted by `d` (the rest kept). */
const shifted = (x: FeatureVector, d: number) => x.map((v, i) => (i <= 2 ? v + d : v));

/** Players' own counts of a level (its released version): the translation starts from them, not from the prediction. */
export interface MeasuredPlayers {
  attempts: number;
  successes: number;
}

/** The prediction for features x: the model's, or anchored on the level's measured players (fit.ts, predictAnchored). */
function predictor(model: FittedModel, x0: FeatureVector, measured?: MeasuredPlayers): (x: FeatureVector) => Prediction {
  if (!measured) return (x) => predict(model, x);
  const u = offsetOf(model, x0, measured.attempts, measured.successes);
  return (x) => predictAnchored(model, x, u);
}

/** The logit shift of the three tiers at which the calibration predicts `target` (bisection; the prediction is monotone in the shift). */
function shiftFor(pred: (x: FeatureVector) => Prediction, x: FeatureVector, target: number): number {
  const at = (d: number) => pred(shifted(x, d)).passRate;
  // the prediction rises with the shift when the model reads the bots the usual way; search both ways
  let lo = -10, hi = 10;
  const rising = at(hi) >= at(lo);
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (at(mid) < target === rising) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * The bot target for a players' target. With `measured` (the players' own counts of the level), the
 * translation starts from the players' own rate: the level keeps its measured deviation from the
 * model while the bots' figures move (before = the prediction anchored there, i.e. the measured rate).
 */
export function botTargetFor(model: FittedModel, tiers: TierCounts, target: number, tier: Tier, tolerance?: number, measured?: MeasuredPlayers): PlayerTarget | null {
  const x = featuresOf(tiers);
  if (!x) return null;
  const pred = predictor(model, x, measured);
  const bot = (p: number) => expit(x[LOGIT_INDEX[tier]] + shiftFor(pred, x, p));
  const botTarget = bot(target);
  const now = pred(x);
  const out: PlayerTarget = { botTarget, before: { passRate: now.passRate, low: now.low, high: now.high } };
  if (tolerance !== undefined) {
    const clamp = (p: number) => Math.min(0.999, Math.max(0.001, p));
    const a = bot(clamp(target - tolerance)), b = bot(clamp(target + tolerance));
    out.botTolerance = Math.min(Math.abs(botTarget - a), Math.abs(b - botTarget));
  }
  return out;
}

/**
 * The players' prediction for the level after a tune, from its tiers before and the chosen tier's
 * confirmed counts after: the same shift assumption as the translation (every tier moved alike on the
 * logit scale, the other features kept). Null without a useful model or without the three tiers before.
 */
export function playersAfterTune(model: FittedModel | null, before: TierCounts, tier: Tier, after: Pick<SimCounts, 'wins' | 'games'>, measured?: MeasuredPlayers): PlayerFigures | null {
  const x = featuresOf(before);
  if (!model || !x || after.games <= 0) return null;
  const d = smoothedLogit(after.wins, after.games) - x[LOGIT_INDEX[tier]];
  const p = predictor(model, x, measured)(shifted(x, d));
  const round = (v: number, k = 4) => Math.round(v * 10 ** k) / 10 ** k;
  return { passRate: round(p.passRate), low: round(p.low), high: round(p.high), attemptsPerSuccess: round(attemptsPerSuccess(p.passRate), 2) };
}
