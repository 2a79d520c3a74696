// Small statistics helpers of the calibration.

export const expit = (x: number) => (x >= 0 ? 1 / (1 + Math.exp(-x)) : Math.exp(x) / (1 + Math.exp(x)));
export const logit = (p: number) => Math.log(p / (1 - p));
/** Two-sided 95% normal quantile. */
export const Z95 = 1.959964;

export { seededRandom } from '../seededRandom.ts';

/** Standard normal draw (Box–Muller). */
export function normal(rand: () => number): number {
  const u = Math.max(rand(), 1e-12), v = rand();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Binomial draw: exact for small n, normal approximation (clamped) for large n. */
export function binomial(rand: () => number, n: number, p: number): number {
  if (n < 50) {
    let k = 0;
    for (let i = 0; i < n; i++) if (rand() < p) k++;
    return k;
  }
  const k = Math.round(n * p + Math.sqrt(n * p * (1 - p)) * normal(rand));
  return Math.min(n, Math.max(0, k));
}

export const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);
