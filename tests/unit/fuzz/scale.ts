// How long the fuzzers run: a short pass in `npm test`, the full counts with `npm run fuzz`.
export const LONG = process.env.FUZZ === 'long';
export const scaled = (short: number, long: number) => (LONG ? long : short);

/** Messages that mean code broke on the input rather than refused it. */
export const INTERNAL_ERROR = /Cannot read propert|is not a function|is not iterable|Maximum call stack|Invalid array length|of undefined|of null|\[object |\bundefined\b|NaN|Unexpected token|at [\w.<>]+ \(/;

export function report(name: string, figures: Record<string, number>) {
  // one line per fuzzer, so the closing note can quote what ran
  console.log(`[fuzz] ${name}: ${Object.entries(figures).map(([k, v]) => `${k}=${v}`).join(' ')}`);
}
