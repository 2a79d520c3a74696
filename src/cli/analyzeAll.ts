// `match3 analyze FILE…`'s scheduling: every level and tier goes to the thread pool through one
// feed (src/analysis/feed.ts), a few levels at once, so N threads stay busy across levels instead of
// idling at each level's end; reports are still printed one level at a time, in file order.
// Each tier is the registry's analyze_level on the same runner as before: the same counts.
import type { LevelT } from '../core/level/index.ts';
import { analysisTool } from '../core/tools/index.ts';
import type { SimCounts } from '../core/sim/analysis/index.ts';
import type { Tier } from '../core/sim/bots/types.ts';
import type { SimRunner } from '../core/tools/define.ts';
import { feed, inOrder } from '../analysis/feed.ts';
import type { LevelHeader, TierRun } from './report.ts';

/** A file's problems (printed in its place), or one level to analyse. */
export type AnalyzeEntry = { problems: string[] } | { level: LevelT; header: LevelHeader };

export interface AnalyzedLevel {
  header: LevelHeader;
  tiers: TierRun[];
  /** From the level's first chunk queued to its last tier's answer (levels overlap: see docs/cli.md). */
  durationMs: number;
}

/** One level: its tiers queued together on the pool (like Deep analysis), each tier timed on its own. */
async function analyzeOne(level: LevelT, header: LevelHeader, tiers: readonly Tier[], games: number, runner: SimRunner, signal: AbortSignal): Promise<AnalyzedLevel> {
  const t0 = performance.now();
  const runs = await Promise.all(
    tiers.map(async (tier): Promise<TierRun> => {
      const t = performance.now();
      // the registry's analyze_level does the work (the CLI checked its own, wider, games range)
      const out = await analysisTool('analyze_level').run(level, { games, tier }, { runner, signal });
      return { counts: (out.data as { counts: SimCounts[] }).counts[0], seconds: (performance.now() - t) / 1000 };
    }),
  );
  return { header, tiers: runs, durationMs: performance.now() - t0 };
}

/**
 * Analyses every entry with `threads + 1` levels in flight (one more than the threads, so a level's
 * end always finds the next one's chunks queued) and calls `emit` in entry order as soon as an entry
 * and all before it are done.
 */
export async function analyzeAll(
  entries: readonly AnalyzeEntry[],
  o: { tiers: readonly Tier[]; games: number; threads: number; runner: SimRunner },
  emit: (entry: AnalyzeEntry, result: AnalyzedLevel | null) => void,
): Promise<void> {
  const ordered = inOrder<AnalyzedLevel | null>((i, r) => emit(entries[i], r));
  await feed(entries, (e, _i, signal) => ('problems' in e ? Promise.resolve(null) : analyzeOne(e.level, e.header, o.tiers, o.games, o.runner, signal)), {
    inFlight: o.threads + 1,
    onDone: ordered,
  });
}
