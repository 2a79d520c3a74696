// The designer's Analyze / Deep analysis: progress, cancel, the last report per level, staleness.
import { levelHash, type LevelT } from '../core/level/index.ts';
import type { SimCounts } from '../core/sim/analysis/counts.ts';
import { deepSummary, summarize, type DeepSummary, type Summary } from '../core/sim/analysis/summary.ts';
import type { AnalysisRunner } from '../analysis/runner.ts';
import { runTool } from '../core/tools/index.ts';
import { ANALYSIS_GAMES, DEFAULT_TIER } from '../core/facts.ts';

export interface Report {
  levelId: string;
  hash: string;
  kind: 'analyze' | 'deep';
  games: number;
  counts: SimCounts[];
  /** The average tier (the level's headline figures). */
  main: Summary;
  deep: DeepSummary;
  durationMs: number;
  at: number;
}

export function makeReport(level: LevelT, kind: Report['kind'], games: number, counts: SimCounts[], durationMs: number): Report {
  const deep = deepSummary(counts);
  const main = deep.tiers.average ?? summarize(counts[0]);
  return { levelId: level.id, hash: levelHash(level), kind, games, counts, main, deep, durationMs, at: Date.now() };
}

export class AnalysisStore {
  running = $state<null | { kind: Report['kind']; done: number; total: number }>(null);
  reports = $state.raw<Record<string, Report>>({});
  error = $state<string | null>(null);
  private ctl: AbortController | null = null;

  constructor(private readonly runner: () => AnalysisRunner) {}

  reportFor(level: LevelT | null): Report | null {
    return level ? (this.reports[level.id] ?? null) : null;
  }
  isStale(level: LevelT | null): boolean {
    const r = this.reportFor(level);
    return !!r && !!level && r.hash !== levelHash(level);
  }

  async analyze(level: LevelT, games = ANALYSIS_GAMES.default) {
    await this.run(level, 'analyze', games, (opts) => this.viaRegistry(level, 'analyze_level', { games, tier: DEFAULT_TIER }, opts));
  }
  async deep(level: LevelT, games = ANALYSIS_GAMES.default) {
    await this.run(level, 'deep', games, (opts) => this.viaRegistry(level, 'deep_analyze', { games }, opts));
  }

  /** The buttons run the same registry tools as the copilot and the CLI; the report reads their counts. */
  private async viaRegistry(level: LevelT, tool: string, args: Record<string, unknown>, opts: { signal: AbortSignal; onProgress: (d: number, t: number) => void }) {
    const r = await runTool(level, tool, args, { runner: this.runner(), signal: opts.signal, onProgress: opts.onProgress });
    if (!r.ok) throw new Error(r.error);
    return (r.data as { counts: SimCounts[] }).counts;
  }

  cancel() {
    this.ctl?.abort();
  }

  /** Shows counts computed elsewhere (a tuning's confirmation run) as the level's report. */
  show(level: LevelT, counts: SimCounts[]) {
    if (!counts.length) return;
    this.reports = { ...this.reports, [level.id]: makeReport(level, 'analyze', counts[0].games, counts, 0) };
  }

  private async run(
    level: LevelT,
    kind: Report['kind'],
    games: number,
    go: (opts: { signal: AbortSignal; onProgress: (d: number, t: number) => void }) => Promise<SimCounts[]>,
  ) {
    if (this.running) return;
    this.error = null;
    const ctl = (this.ctl = new AbortController());
    this.running = { kind, done: 0, total: kind === 'deep' ? games * 3 : games };
    const t0 = performance.now();
    try {
      const counts = await go({
        signal: ctl.signal,
        onProgress: (done, total) => {
          if (this.running) this.running = { kind, done, total };
        },
      });
      this.reports = { ...this.reports, [level.id]: makeReport(level, kind, games, counts, performance.now() - t0) };
    } catch (e) {
      if ((e as Error).name !== 'AbortError') this.error = (e as Error).message;
    } finally {
      this.running = null;
      this.ctl = null;
    }
  }
}
