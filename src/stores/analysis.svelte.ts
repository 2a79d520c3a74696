// The designer's Analyze / Deep analysis: progress, cancel, the last report per level, staleness.
import { levelHash, type LevelT } from '../core/level/index.ts';
import type { SimCounts } from '../core/sim/analysis/counts.ts';
import { deepSummary, summarize, wilson, type DeepSummary, type Summary } from '../core/sim/analysis/summary.ts';
import type { AnalysisRunner } from '../analysis/runner.ts';
import { runTool } from '../core/tools/index.ts';
import { ANALYSIS_GAMES, DEFAULT_TIER } from '../core/facts.ts';
import { Job } from './job.ts';
import { figureOf, type Figure, type TargetBand } from './figure.ts';
import { throttled } from './throttle.ts';

/** Reports of other versions kept for each level (levelAt brings one back). */
const VERSIONS_KEPT = 6;
/** Progress and first-estimate updates while an analysis runs: at most one per this many ms. */
const UI_UPDATE_MS = 100;

export interface Report {
  levelId: string;
  hash: string;
  /** The level as analysed: the report shows its objectives, moves and size, not today's. */
  level: LevelT;
  kind: 'analyze' | 'deep';
  games: number;
  counts: SimCounts[];
  /** The average tier (the level's headline figures). */
  main: Summary;
  deep: DeepSummary;
  durationMs: number;
  at: number;
  /** Who ran it: the designer's Analyze button (absent) or the copilot during a turn. */
  origin?: 'copilot';
}

export function makeReport(level: LevelT, kind: Report['kind'], games: number, counts: SimCounts[], durationMs: number): Report {
  const deep = deepSummary(counts);
  const main = deep.tiers.average ?? summarize(counts[0]);
  return { levelId: level.id, hash: levelHash(level), level, kind, games, counts, main, deep, durationMs, at: Date.now() };
}

/** A stored report as read back from IndexedDB, checked before it is shown (an old or damaged row is dropped). */
export function reviveReport(row: unknown): Report | null {
  const r = row as Partial<Report> | null;
  if (!r || typeof r !== 'object' || typeof r.levelId !== 'string' || typeof r.hash !== 'string') return null;
  if (!r.level || typeof r.level !== 'object' || !Array.isArray(r.counts) || r.counts.length === 0) return null;
  if (r.kind !== 'analyze' && r.kind !== 'deep') return null;
  try {
    // figures are recomputed from the counts, so a report never disagrees with the maths of this build
    const rebuilt = makeReport(r.level as LevelT, r.kind, Number(r.games) || r.counts[0].games, r.counts as SimCounts[], Number(r.durationMs) || 0);
    return { ...rebuilt, levelId: r.levelId, hash: r.hash, at: Number(r.at) || rebuilt.at, ...(r.origin === 'copilot' ? { origin: 'copilot' as const } : {}) };
  } catch {
    return null;
  }
}

export class AnalysisStore {
  running = $state<null | { kind: Report['kind']; done: number; total: number }>(null);
  /** Analyze's first estimate while it runs (the average tier's win rate from the games so far). */
  estimate = $state<null | { games: number; winRate: number; low: number; high: number }>(null);
  reports = $state.raw<Record<string, Report>>({});
  /** Each level's target band, when the pack curve or the designer set one (the report's fixes aim at it). */
  targets = $state.raw<Record<string, TargetBand>>({});
  error = $state<string | null>(null);
  private readonly job = new Job();
  /**
   * Reports of other versions of each level, made in this session (a copilot draft's, or the report an edit
   * left behind), by level id: a level that becomes one of those versions (an applied proposal, an Undo)
   * gets that version's report back as its own. A draft's figure never replaces the level's before that.
   */
  private versions = new Map<string, Report[]>();

  constructor(
    private readonly runner: () => AnalysisRunner,
    /** Keeps each level's last report (IndexedDB), so it comes back after a reload. */
    private readonly persist: { save?: (report: Report) => void } = {},
  ) {}

  /** Restores reports read back from storage (a report made in this session wins). */
  restore(reports: readonly Report[]) {
    const next = { ...this.reports };
    for (const r of reports) if (!next[r.levelId] || next[r.levelId].at < r.at) next[r.levelId] = r;
    this.reports = next;
  }
  /** A report of any level (Compare's versions): the registry's analyze_level, as the Analyze button runs it. */
  async reportOf(level: LevelT, games: number = ANALYSIS_GAMES.default): Promise<Report> {
    const t0 = performance.now();
    const r = await runTool(level, 'analyze_level', { games, tier: DEFAULT_TIER }, { runner: this.runner() });
    if (!r.ok) throw new Error(r.error);
    return makeReport(level, 'analyze', games, (r.data as { counts: SimCounts[] }).counts, performance.now() - t0);
  }


  reportFor(level: LevelT | null): Report | null {
    return level ? (this.reports[level.id] ?? null) : null;
  }
  /** The level's one figure (badge, panel, pack table, copilot): its report's average-bot win rate, marked stale when old. */
  figureFor(level: LevelT | null): Figure | null {
    return figureOf(this.reportFor(level), level);
  }
  targetFor(level: LevelT | null): TargetBand | null {
    return level ? (this.targets[level.id] ?? null) : null;
  }
  /** Sets the target bands of several levels at once (null removes one); unchanged bands keep the same object. */
  setTargets(bands: Record<string, TargetBand | null>) {
    let next: Record<string, TargetBand> | null = null;
    for (const [id, b] of Object.entries(bands)) {
      const old = this.targets[id];
      if (b ? old && old.lo === b.lo && old.hi === b.hi && old.source === b.source : !old) continue;
      next ??= { ...this.targets };
      if (b) next[id] = b;
      else delete next[id];
    }
    if (next) this.targets = next;
  }
  /** Puts a report back as the level's (a pack tuning's undo brings back the figures from before it). */
  /** Levels gone for good (purged from Recently deleted): their reports go too. */
  drop(levelIds: readonly string[]) {
    if (!levelIds.some((id) => this.reports[id])) return;
    const next = { ...this.reports };
    for (const id of levelIds) delete next[id];
    this.reports = next;
  }

  put(report: Report) {
    this.setReport(report);
  }

  /** The level's report becomes `report`; the one it replaces, of another version, is kept for that version. */
  private setReport(report: Report) {
    const old = this.reports[report.levelId];
    if (old && old.hash !== report.hash) this.keepVersion(old);
    this.reports = { ...this.reports, [report.levelId]: report };
    this.persist.save?.(report);
  }
  private keepVersion(report: Report) {
    const list = (this.versions.get(report.levelId) ?? []).filter((r) => r.hash !== report.hash);
    list.push(report);
    this.versions.set(report.levelId, list.slice(-VERSIONS_KEPT));
  }

  /**
   * The level is now `level` (an edit, an Undo, an applied proposal): when its report is of another version
   * and a report of this very version was made in this session, that one is its report again.
   */
  levelAt(level: LevelT) {
    const cur = this.reports[level.id], hash = levelHash(level);
    if (cur?.hash === hash) return;
    const found = this.versions.get(level.id)?.find((r) => r.hash === hash);
    if (!found) return;
    this.versions.set(level.id, this.versions.get(level.id)!.filter((r) => r !== found));
    this.setReport(found);
  }
  isStale(level: LevelT | null): boolean {
    const r = this.reportFor(level);
    return !!r && !!level && r.hash !== levelHash(level);
  }

  async analyze(level: LevelT, games: number = ANALYSIS_GAMES.default) {
    await this.run(level, 'analyze', games, (opts) => this.viaRegistry(level, 'analyze_level', { games, tier: DEFAULT_TIER }, opts));
  }
  async deep(level: LevelT, games: number = ANALYSIS_GAMES.default) {
    await this.run(level, 'deep', games, (opts) => this.viaRegistry(level, 'deep_analyze', { games }, opts));
  }

  /** The buttons run the same registry tools as the copilot and the CLI; the report reads their counts. */
  private async viaRegistry(level: LevelT, tool: string, args: Record<string, unknown>, opts: { signal: AbortSignal; onProgress: (d: number, t: number) => void; onPartial?: (c: SimCounts) => void }) {
    const r = await runTool(level, tool, args, { runner: this.runner(), signal: opts.signal, onProgress: opts.onProgress, onPartial: opts.onPartial });
    if (!r.ok) throw new Error(r.error);
    return (r.data as { counts: SimCounts[] }).counts;
  }

  cancel() {
    this.job.cancel();
  }

  /** Shows counts computed elsewhere (a tuning's confirmation run, games 0..N-1 of the tuned level) as the level's report. */
  show(level: LevelT, counts: SimCounts[]) {
    if (!counts.length) return;
    this.setReport(makeReport(level, 'analyze', counts[0].games, counts, 0));
  }

  /**
   * A measurement made by another job (the calibration's fit) becomes the level's figure unless the level
   * has a report of its current version already (a Deep analysis is not replaced by one tier's reading).
   */
  showUnlessCurrent(level: LevelT, counts: SimCounts) {
    if (this.reports[level.id]?.hash === levelHash(level)) return;
    this.show(level, [counts]);
  }

  /** The same for several levels at once (a pack job's measurements, shown together: one update of the reports). */
  showMany(list: readonly { level: LevelT; counts: SimCounts[] }[]) {
    const made = list.filter((x) => x.counts.length).map((x) => makeReport(x.level, 'analyze', x.counts[0].games, x.counts, 0));
    if (!made.length) return;
    for (const r of made) if (this.reports[r.levelId] && this.reports[r.levelId].hash !== r.hash) this.keepVersion(this.reports[r.levelId]);
    this.reports = { ...this.reports, ...Object.fromEntries(made.map((r) => [r.levelId, r])) };
    for (const r of made) this.persist.save?.(r);
  }

  /**
   * A result computed elsewhere (the copilot's analysis tools) shown like the Analyze button's, labelled
   * with its origin. `level` is the level it ran on, so the report is stale once the level differs.
   */
  publish(level: LevelT, kind: Report['kind'], games: number, counts: SimCounts[], origin: 'copilot', durationMs = 0, draft = false) {
    if (!counts.length) return;
    const report: Report = { ...makeReport(level, kind, games, counts, durationMs), origin };
    // a draft's figure belongs to the draft: kept for its version (levelAt), the level's own report stays
    if (draft) this.keepVersion(report);
    else this.setReport(report);
  }

  private showProgress(kind: Report['kind'], { done, total, partial }: { done: number; total: number; partial: SimCounts | null }) {
    if (!this.running) return;
    this.running = { kind, done, total };
    if (!partial?.games) return;
    const ci = wilson(partial.wins, partial.games);
    this.estimate = { games: partial.games, winRate: partial.wins / partial.games, low: ci.low, high: ci.high };
  }

  private async run(
    level: LevelT,
    kind: Report['kind'],
    games: number,
    go: (opts: { signal: AbortSignal; onProgress: (d: number, t: number) => void; onPartial: (c: SimCounts) => void }) => Promise<SimCounts[]>,
  ) {
    if (this.running) return;
    this.error = null;
    this.running = { kind, done: 0, total: kind === 'deep' ? games * 3 : games };
    const t0 = performance.now();
    // progress and estimate: at most one update every UI_UPDATE_MS (each costs the page a frame on the main
    // thread, which the workers need), except the first estimate, shown the moment it exists
    let latest: { done: number; total: number; partial: SimCounts | null } = { done: 0, total: this.running.total, partial: null };
    const ui = throttled((shown: typeof latest) => this.showProgress(kind, shown), UI_UPDATE_MS);
    await this.job.run(
      async (signal) => {
        const counts = await go({
          signal,
          onProgress: (done, total) => ui.push((latest = { ...latest, done, total })),
          onPartial: (partial) => ui.push((latest = { ...latest, partial }), !this.estimate && partial.games > 0),
        });
        this.setReport(makeReport(level, kind, games, counts, performance.now() - t0));
      },
      (message) => (this.error = message),
      () => {
        ui.cancel();
        this.running = null;
        this.estimate = null;
      },
    );
  }
}
