// The copilot's analysis tools feed the Analysis panel: their counts become a report like the Analyze
// button's, marked as the copilot's and bound to the level the tool ran on (stale once it changes).
import type { SimCounts } from '../core/sim/analysis/index.ts';
import type { AnalysisStore } from './analysis.svelte.ts';
import type { LevelT } from '../core/level/index.ts';

/** What the copilot's analysis tools hand to the Analysis panel (the chat's AnalysisPublish). */
interface AnalysisPublish {
  tool: string;
  level: LevelT;
  data: unknown;
  games: number;
  durationMs?: number;
  draft?: boolean;
}

const isCounts = (x: unknown): x is SimCounts[] => Array.isArray(x) && x.length > 0 && x.every((c) => c && typeof c === 'object');

export function publishCopilotAnalysis(store: Pick<AnalysisStore, 'publish'>, r: AnalysisPublish) {
  const data = (r.data ?? {}) as { counts?: unknown };
  if (!isCounts(data.counts)) return;
  // one tier's counts (analyze_level, or a tuning's confirmation run) make an Analyze report
  const kind = r.tool === 'analyze_level' || r.tool === 'tune_level' || data.counts.length === 1 ? 'analyze' : 'deep';
  // a draft's figure is kept for the draft's version: the level's badge and report stay its own until it is that version
  store.publish(r.level, kind, r.games, data.counts, 'copilot', r.durationMs ?? 0, r.draft ?? false);
}
