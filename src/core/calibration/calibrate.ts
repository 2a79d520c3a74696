// A calibration: the fit, its regularisation chosen by cross-validation over levels, and an honest
// report (cross-validated error beside a constant baseline's, the levels predicted worst).
import { fitModel, predict, type FittedModel, type Observation } from './fit.ts';
import { mean, seededRandom } from './stats.ts';

/** Fewer matched levels than this and nothing is fitted. */
export const MIN_LEVELS = 8;
/** Ridge penalties tried (standardised features). */
export const LAMBDAS = [0.03, 0.1, 0.3, 1, 3, 10, 30, 100, 300, 1000, 3000, 1e4, 1e5] as const;
/** The fit is "useful" only when its cross-validated error is at most this share of the baseline's. */
export const USEFUL_RATIO = 0.8;
export const MAX_FOLDS = 10;

export interface LevelObservation extends Observation {
  id: string;
}

/** One level of the report: players' rate, and the out-of-fold prediction (the model fitted without it). */
export interface LevelFit {
  id: string;
  attempts: number;
  successes: number;
  passRate: number;
  predicted: number;
  low: number;
  high: number;
}

export type Calibration =
  | { status: 'too-few'; levels: number; minLevels: number }
  | {
      status: 'fitted';
      /** Whether the features explain the data well enough for predictions to be shown. */
      useful: boolean;
      /** Cross-validated mean absolute error (fractions of 1) of the model and of the constant baseline. */
      cvMae: number;
      baselineMae: number;
      folds: number;
      model: FittedModel;
      levels: LevelFit[];
      /** The levels whose players differ most from the (out-of-fold) prediction, worst first (up to 5). */
      worst: LevelFit[];
    };

/** Level i's fold: a seeded shuffle dealt round-robin, so every fold has about the same size. */
export function foldsOf(k: number, folds: number, seed = 19): number[] {
  const rand = seededRandom(seed);
  const order = Array.from({ length: k }, (_, i) => i);
  for (let i = k - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const fold = new Array<number>(k);
  order.forEach((level, pos) => (fold[level] = pos % folds));
  return fold;
}

const rateOf = (o: Observation) => o.successes / o.attempts;

interface CvRun {
  lambda: number;
  mae: number;
  predictions: LevelFit[];
}

/** Out-of-fold predictions of every level for one λ. */
function crossValidated(obs: readonly LevelObservation[], fold: readonly number[], folds: number, lambda: number): CvRun {
  const predictions = new Array<LevelFit>(obs.length);
  let start: FittedModel | undefined;
  for (let f = 0; f < folds; f++) {
    const train = obs.filter((_, i) => fold[i] !== f);
    // each fold starts from the previous fold's answer: the same λ on nearly the same data
    const model = fitModel(train, lambda, start ? { start } : {});
    start = model;
    obs.forEach((o, i) => {
      if (fold[i] !== f) return;
      const p = predict(model, o.x);
      predictions[i] = { id: o.id, attempts: o.attempts, successes: o.successes, passRate: rateOf(o), predicted: p.passRate, low: p.low, high: p.high };
    });
  }
  return { lambda, mae: mean(predictions.map((p) => Math.abs(p.predicted - p.passRate))), predictions };
}

/** The constant baseline's cross-validated error: each fold predicted by the other folds' mean pass rate. */
function baselineError(obs: readonly LevelObservation[], fold: readonly number[], folds: number): number {
  const errors: number[] = [];
  for (let f = 0; f < folds; f++) {
    const m = mean(obs.filter((_, i) => fold[i] !== f).map(rateOf));
    obs.forEach((o, i) => fold[i] === f && errors.push(Math.abs(m - rateOf(o))));
  }
  return mean(errors);
}

/** Fits a calibration on levels with player data and simulator features. */
export function calibrate(obs: readonly LevelObservation[], opts: { lambdas?: readonly number[]; seed?: number } = {}): Calibration {
  if (obs.length < MIN_LEVELS) return { status: 'too-few', levels: obs.length, minLevels: MIN_LEVELS };
  const folds = Math.min(MAX_FOLDS, obs.length);
  const fold = foldsOf(obs.length, folds, opts.seed);
  let best: CvRun | null = null;
  for (const lambda of opts.lambdas ?? LAMBDAS) {
    const run = crossValidated(obs, fold, folds, lambda);
    if (!best || run.mae < best.mae) best = run;
  }
  const baselineMae = baselineError(obs, fold, folds);
  const model = fitModel(obs, best!.lambda);
  const levels = best!.predictions;
  const worst = [...levels].sort((a, b) => Math.abs(b.passRate - b.predicted) - Math.abs(a.passRate - a.predicted)).slice(0, 5);
  return {
    status: 'fitted',
    useful: best!.mae <= USEFUL_RATIO * baselineMae,
    cvMae: best!.mae,
    baselineMae,
    folds,
    model,
    levels,
    worst,
  };
}

/** "harder" when players pass less often than predicted. */
export const directionOf = (l: Pick<LevelFit, 'passRate' | 'predicted'>): 'harder' | 'easier' => (l.passRate < l.predicted ? 'harder' : 'easier');
