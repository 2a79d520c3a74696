// A level's player figures from a calibration: the prediction, its interval and attempts per
// success, as every caller (CLI, copilot tools, the page) reports them.
import { attemptsPerSuccess, predict, type FittedModel } from './fit.ts';
import { featuresOf, type TierCounts } from './features.ts';
import { wilson } from '../sim/analysis/summary.ts';

export interface PlayerFigures {
  /** Predicted per-attempt pass rate, with the 95% prediction interval. */
  passRate: number;
  low: number;
  high: number;
  attemptsPerSuccess: number;
}

const round = (x: number, d = 4) => Math.round(x * 10 ** d) / 10 ** d;

/** Figures from features (null when the model is not useful or the features are missing). */
export function playerFigures(model: FittedModel | null, x: readonly number[] | null): PlayerFigures | null {
  if (!model || !x) return null;
  const p = predict(model, x);
  return { passRate: round(p.passRate), low: round(p.low), high: round(p.high), attemptsPerSuccess: round(attemptsPerSuccess(p.passRate), 2) };
}

export const playerFiguresOf = (model: FittedModel | null, tiers: TierCounts) => playerFigures(model, featuresOf(tiers));

/** Players' own figures from their data (the interval: binomial only, as it is measured, not predicted). */
export function measuredFigures(attempts: number, successes: number): PlayerFigures {
  const p = successes / attempts, ci = wilson(successes, attempts);
  return { passRate: round(p), low: round(ci.low), high: round(ci.high), attemptsPerSuccess: round(attemptsPerSuccess(p), 2) };
}
