// The fit: players' per-attempt pass rate from the simulator's features.
//
// Model: successes_i ~ Binomial(attempts_i, p_i), logit p_i = x_i·β + u_i, u_i ~ N(0, τ²).
// u is the level-to-level spread that no feature explains (players differ from bots on some levels
// for reasons the bots cannot see); τ² is its variance. Fitted as a regularised logistic regression
// by iteratively reweighted least squares: each level's working variance is its binomial part
// 1/(n·p·(1−p)) plus τ², so a level played 50,000 times does not drown a level played 2,000 times
// when both are mostly level-to-level spread. τ² is updated between steps so that the weighted
// residuals match their degrees of freedom (the Paule–Mandel moment equation). The ridge penalty λ
// (on standardised features, never the intercept) is chosen by cross-validation over levels.
import { cholesky, cholInverse, cholSolve, dot, quadForm } from './linalg.ts';
import { expit, logit, Z95 } from './stats.ts';

export interface Observation {
  x: readonly number[];
  attempts: number;
  successes: number;
}

/** A fitted model: what a prediction needs. */
export interface FittedModel {
  /** Standardisation of the raw features (from the data fitted). */
  mean: number[];
  sd: number[];
  /** Intercept first, then one coefficient per standardised feature. */
  beta: number[];
  /** Posterior covariance of beta (the penalised information's inverse). */
  cov: number[][];
  /** Level-to-level variance on the logit scale. */
  tau2: number;
  lambda: number;
}

export interface Prediction {
  /** Predicted per-attempt pass rate (the median of the predictive distribution). */
  passRate: number;
  /** 95% prediction interval for the level's true pass rate: model uncertainty plus level-to-level spread. */
  low: number;
  high: number;
  /** On the logit scale: the linear predictor and its total standard deviation. */
  eta: number;
  sd: number;
}

export interface FitOptions {
  /** Fix τ² instead of estimating it (0: a plain regularised logistic regression; used by the tests' reference). */
  tau2?: number;
  /** Starting point (warm start across λ). */
  start?: { beta: number[]; tau2: number };
}

function standardisation(obs: readonly Observation[]): { mean: number[]; sd: number[] } {
  const p = obs[0]?.x.length ?? 0, k = obs.length;
  const mean = Array.from({ length: p }, (_, j) => obs.reduce((s, o) => s + o.x[j], 0) / k);
  const sd = mean.map((m, j) => {
    const v = obs.reduce((s, o) => s + (o.x[j] - m) ** 2, 0) / Math.max(1, k - 1);
    return v > 1e-12 ? Math.sqrt(v) : 1;
  });
  return { mean, sd };
}

const designRow = (x: readonly number[], mean: readonly number[], sd: readonly number[]) => [1, ...x.map((v, j) => (v - mean[j]) / sd[j])];

/** Fits the model with ridge penalty `lambda` on the standardised features. */
export function fitModel(obs: readonly Observation[], lambda: number, opts: FitOptions = {}): FittedModel {
  const { mean, sd } = standardisation(obs);
  const X = obs.map((o) => designRow(o.x, mean, sd));
  const n = obs.map((o) => o.attempts), s = obs.map((o) => o.successes);
  const k = obs.length, p = X[0].length;
  const pooled = Math.min(1 - 1e-6, Math.max(1e-6, s.reduce((a, b) => a + b, 0) / n.reduce((a, b) => a + b, 0)));
  let beta = opts.start?.beta.slice() ?? [logit(pooled), ...new Array<number>(p - 1).fill(0)];
  let tau2 = opts.tau2 ?? opts.start?.tau2 ?? 0;
  let l: number[][] = [];
  const w = new Float64Array(k), z = new Float64Array(k), bin = new Float64Array(k), eta = new Float64Array(k);
  for (let iter = 0; iter < 500; iter++) {
    // one IRLS step at the current τ²
    for (let i = 0; i < k; i++) {
      eta[i] = dot(X[i], beta);
      const mu = Math.min(1 - 1e-9, Math.max(1e-9, expit(eta[i])));
      bin[i] = 1 / (n[i] * mu * (1 - mu));
      w[i] = 1 / (bin[i] + tau2);
      z[i] = eta[i] + (s[i] - n[i] * mu) * bin[i];
    }
    const info = weightedGram(X, w);
    const penalised = info.map((row, a) => row.map((v, b) => (a === b && a > 0 ? v + lambda + 1e-8 : v)));
    const rhs = new Array<number>(p).fill(0);
    for (let i = 0; i < k; i++) for (let a = 0; a < p; a++) rhs[a] += w[i] * X[i][a] * z[i];
    l = cholesky(penalised);
    const next = cholSolve(l, rhs);
    const step = Math.max(...next.map((v, j) => Math.abs(v - beta[j])));
    beta = next;
    let tauStep = 0;
    if (opts.tau2 === undefined) {
      const next2 = pauleMandel(X, beta, z, bin, tau2, k - effectiveDf(l, info));
      tauStep = Math.abs(next2 - tau2);
      tau2 = next2;
    }
    if (step < 1e-7 && tauStep < 1e-8) break;
  }
  return { mean, sd, beta, cov: cholInverse(l), tau2, lambda };
}

/** X' diag(w) X */
function weightedGram(X: readonly number[][], w: Float64Array): number[][] {
  const p = X[0].length;
  const g = Array.from({ length: p }, () => new Array<number>(p).fill(0));
  for (let i = 0; i < X.length; i++) {
    const row = X[i], wi = w[i];
    for (let a = 0; a < p; a++) {
      const v = wi * row[a];
      for (let b = 0; b <= a; b++) g[a][b] += v * row[b];
    }
  }
  for (let a = 0; a < p; a++) for (let b = a + 1; b < p; b++) g[a][b] = g[b][a];
  return g;
}

/** Degrees of freedom the penalised fit uses: trace((info + penalty)⁻¹ info). */
function effectiveDf(l: number[][], info: number[][]): number {
  const inv = cholInverse(l);
  let df = 0;
  for (let a = 0; a < info.length; a++) for (let b = 0; b < info.length; b++) df += inv[a][b] * info[b][a];
  return df;
}

/**
 * τ² solving Σ r²/(v+τ²) = residual df (the Paule–Mandel moment equation) for the current β, by a
 * few Newton steps on the decreasing left side (never below 0). r: working residuals, v: their
 * binomial variances.
 */
function pauleMandel(X: readonly number[][], beta: readonly number[], z: Float64Array, bin: Float64Array, tau2: number, residualDf: number): number {
  const target = Math.max(1, residualDf);
  const r2 = Array.from(z, (zi, i) => (zi - dot(X[i], beta)) ** 2);
  let t = tau2;
  for (let step = 0; step < 30; step++) {
    let q = 0, dq = 0;
    for (let i = 0; i < r2.length; i++) {
      const inv = 1 / (bin[i] + t);
      q += r2[i] * inv;
      dq -= r2[i] * inv * inv;
    }
    if (t === 0 && q <= target) return 0;
    const next = Math.max(0, t - (q - target) / dq);
    if (Math.abs(next - t) < 1e-12) return next;
    t = next;
  }
  return t;
}

/** The predicted pass rate of a level with features `x`, with its 95% prediction interval. */
export function predict(model: FittedModel, x: readonly number[]): Prediction {
  const row = designRow(x, model.mean, model.sd);
  const eta = dot(row, model.beta);
  const sd = Math.sqrt(Math.max(0, quadForm(model.cov, row)) + model.tau2);
  return { passRate: expit(eta), low: expit(eta - Z95 * sd), high: expit(eta + Z95 * sd), eta, sd };
}

/** Attempts a player needs per success on average at pass rate p (1/p; infinite at 0). */
export const attemptsPerSuccess = (p: number) => (p > 0 ? 1 / p : Infinity);

/**
 * The prediction for a level whose players were measured: its own deviation from the model (u, the
 * level-to-level part no bot figure explains) is known, so it is carried over — the level stays as much
 * harder or easier for players than the bots say as it was measured to be — and the interval covers the
 * model's uncertainty only (u is no longer unknown spread). `offset` = u on the logit scale (offsetOf).
 */
export function predictAnchored(model: FittedModel, x: readonly number[], offset: number): Prediction {
  const row = designRow(x, model.mean, model.sd);
  const eta = dot(row, model.beta) + offset;
  const sd = Math.sqrt(Math.max(0, quadForm(model.cov, row)));
  return { passRate: expit(eta), low: expit(eta - Z95 * sd), high: expit(eta + Z95 * sd), eta, sd };
}

/** A measured level's own deviation u: the logit of its players' rate (half a success each side) minus the model's η. */
export function offsetOf(model: FittedModel, x: readonly number[], attempts: number, successes: number): number {
  return logit((successes + 0.5) / (attempts + 1)) - dot(designRow(x, model.mean, model.sd), model.beta);
}
