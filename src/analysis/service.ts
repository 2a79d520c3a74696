// The registry's analysis tools (analyze_level, deep_analyze, get_bottleneck) on top of a runner:
// Markdown the model can read, and structured data for the UI. Used by the copilot and the CLI.
import type { LevelT } from '../core/level/index.ts';
import type { AnalysisService } from '../core/tools/index.ts';
// direct module imports, not the analysis barrel: the barrel's playGames would pull the whole engine into the page's first load
import { deepSummary, summarize } from '../core/sim/analysis/summary.ts';
import { bottleneck } from '../core/sim/analysis/bottleneck.ts';
import { formatAnalyzeLevel, formatBottleneck, formatDeepAnalyze } from '../core/sim/analysis/markdown.ts';
import type { SimCounts } from '../core/sim/analysis/index.ts';
import type { Tier } from '../core/sim/bots/types.ts';

export interface CountsRunner {
  tier(level: LevelT, tier: Tier, games: number, opts?: { signal?: AbortSignal; onProgress?: (d: number, t: number) => void }): Promise<SimCounts>;
  deep(level: LevelT, games: number, opts?: { signal?: AbortSignal; onProgress?: (d: number, t: number) => void }): Promise<SimCounts[]>;
}

export function createAnalysisService(runner: CountsRunner, hooks: { onProgress?: (tool: string, done: number, total: number) => void } = {}): AnalysisService {
  return {
    async run(tool, level, args, signal) {
      const games = (args.games as number | undefined) ?? 1000;
      const onProgress = (d: number, t: number) => hooks.onProgress?.(tool, d, t);
      const t0 = Date.now();
      switch (tool) {
        case 'analyze_level': {
          const tier = ((args.tier as Tier | undefined) ?? 'average') as Tier;
          const counts = await runner.tier(level, tier, games, { signal, onProgress });
          const s = summarize(counts);
          const gps = Math.round(games / Math.max(0.001, (Date.now() - t0) / 1000));
          return { summary: formatAnalyzeLevel(level, s, { gamesPerSecond: gps }), data: { kind: 'analyze', counts: [counts], summary: s } };
        }
        case 'deep_analyze': {
          const counts = await runner.deep(level, games, { signal, onProgress });
          const d = deepSummary(counts);
          // the complete picture in one call: what stops players comes from the same games
          const b = bottleneck(level, counts);
          return { summary: `${formatDeepAnalyze(level, d)}\n\n${formatBottleneck(level, b)}`, data: { kind: 'deep', counts, summary: d, bottleneck: b } };
        }
        case 'get_bottleneck': {
          const counts = await runner.deep(level, games, { signal, onProgress });
          const b = bottleneck(level, counts);
          return { summary: formatBottleneck(level, b), data: { kind: 'bottleneck', counts, bottleneck: b } };
        }
        default:
          throw new Error(`${tool} is not an analysis tool`);
      }
    },
  };
}
