// The copilot's analysis tools feed the Analysis panel: their counts become a report like the Analyze
// button's, marked as the copilot's and bound to the level the tool ran on (stale once it changes).
import type { SimCounts } from '../core/sim/analysis/index.ts';
import type { AnalysisStore } from './analysis.svelte.ts';
import type { AnalysisPublish } from '../i18n/chatText.ts';

const isCounts = (x: unknown): x is SimCounts[] => Array.isArray(x) && x.length > 0 && x.every((c) => c && typeof c === 'object');

export function publishCopilotAnalysis(store: Pick<AnalysisStore, 'publish'>, r: AnalysisPublish) {
  const data = (r.data ?? {}) as { counts?: unknown };
  if (!isCounts(data.counts)) return;
  const kind = r.tool === 'analyze_level' ? 'analyze' : 'deep';
  store.publish(r.level, kind, r.games, data.counts, 'copilot', r.durationMs ?? 0);
}
