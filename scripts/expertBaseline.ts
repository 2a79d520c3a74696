// The expert tier's speed before the look-ahead work of issue 9, for `npm run bench:node` to print
// "expert ×N" beside the ≥ 2× goal. Measured on commit 03181a3 with `npx tsx scripts/bench.ts` (the
// full run: 3 s per figure; `--quick` reads about 10–40% lower, so it prints no ratio) on a quiet
// machine (2 cores, node 20, load average under 1), games/s without the curve, levels (a), (b), (c)
// of bench.ts, the mean of two runs (1,209 and 1,394; 1,291 and 1,446; 665 and 671).
// A wall-clock ratio against a constant is only as good as the machine is quiet: on a loaded machine
// compare CPU time in pairs instead (scripts/expert-ab.ts; docs/performance.md, "Expert look-ahead
// (issue 9)").
export const EXPERT_BASELINE = { commit: '03181a3', gps: [1302, 1369, 668] } as const;

/** One line: the expert's games/s on each bench level as a multiple of the 03181a3 reference. */
export function expertSpeedLine(gps: readonly number[]): string {
  const ratios = gps.map((g, k) => g / EXPERT_BASELINE.gps[k]);
  const met = ratios.every((r) => r >= 2);
  return `expert ×${ratios.map((r) => r.toFixed(2)).join(' / ×')} of ${EXPERT_BASELINE.commit} on (a) / (b) / (c) (reference ${EXPERT_BASELINE.gps.map((g) => g.toLocaleString('en-US')).join(' / ')} games/s, quiet machine); goal ≥ 2× ${met ? '✔' : '✘'}\n  (on a busy machine compare CPU time in pairs instead: npx tsx scripts/expert-ab.ts <checkout of ${EXPERT_BASELINE.commit}>)`;
}
