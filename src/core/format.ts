// How the report writes rates and intervals. An interval is rounded outwards (low end down, high end
// up) with as many decimals as it takes to keep it honest: 0 wins in 1,000 games reads 0%–0.4%,
// never 0%–0%, and a bound that is not exactly 0 or 100% never prints as one.

/** A rate (0..1) as a percentage with `d` decimals; '–' when there is none. */
export function pct(x: number | null | undefined, d = 1): string {
  return x == null ? '–' : `${(x * 100).toFixed(d)}%`;
}

const EDGE = 1e-12;

function roundDown(v: number, d: number) {
  const f = 10 ** d;
  return Math.floor(v * f + 1e-9) / f;
}
function roundUp(v: number, d: number) {
  const f = 10 ** d;
  return Math.ceil(v * f - 1e-9) / f;
}

/**
 * The fewest decimals (from `min`, at most 3) at which the rounded bounds tell the truth: the rounding
 * step is at most a quarter of the interval's width (one decimal always suffices for that), a low end
 * above 0 does not print as 0, and a high end below 100% does not print as 100%.
 */
export function intervalDecimals(low: number, high: number, min = 0): number {
  const lo = low * 100, hi = high * 100, width = hi - lo;
  for (let d = min; d < 3; d++) {
    const fine = d >= 1 || 10 ** -d <= width / 4 + EDGE;
    const loOk = lo <= EDGE || roundDown(lo, d) > 0;
    const hiOk = hi >= 100 - EDGE || roundUp(hi, d) < 100;
    if (fine && loOk && hiOk) return d;
  }
  return 3;
}

/** The 95% interval as two strings, rounded outwards with honest precision. */
export function formatInterval(ci: { low: number; high: number }, min = 0): [string, string] {
  const d = intervalDecimals(ci.low, ci.high, min);
  const show = (v: number) => `${Number(v.toFixed(d))}%`;
  return [show(roundDown(ci.low * 100, d)), show(Math.min(100, roundUp(ci.high * 100, d)))];
}

/** "a%–b%": the 95% interval as text, rounded outwards with honest precision (reports, the CLI, the copilot). */
export function intervalText(ci: { low: number; high: number }, min = 0): string {
  const [lo, hi] = formatInterval(ci, min);
  return `${lo}–${hi}`;
}
