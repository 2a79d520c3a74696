// The pack view: each level's measured difficulty (cached analyses first, "Analyze pack" runs the
// missing ones through the pool), a target curve, spikes and dips, and "Tune pack to curve" (one
// undo step per level). The simulation goes through the registry like every other caller.
// Both runs are background jobs (jobs.svelte.ts): levels fed to the pool together, the queue stored
// so a reload goes on where it stopped, results shown a few times a second.
import type { TuneReason } from '../core/tune/reasons.ts';
import { levelHash, type LevelT } from '../core/level/index.ts';
import { applyIntents, outcomeIntents, runTool } from '../core/tools/index.ts';
import { ANALYSIS_GAMES, DEFAULT_TIER, TUNING } from '../core/facts.ts';
import { wilson } from '../core/sim/analysis/summary.ts';
import type { SimCounts } from '../core/sim/analysis/counts.ts';
import { CURVE_DEFAULTS, flagsOf, targetCurve, type CurveShape, type PackRow } from '../core/pack/curve.ts';
import type { AnalysisRunner } from '../analysis/runner.ts';
import { batchedCache, type BatchedCache } from '../analysis/cache.ts';
import { feed } from '../analysis/feed.ts';
import type { EditorStore } from './editor.svelte.ts';
import { PackJobs, type JobItem, type JobRecords, type LevelWork, type PackJobKind, type PackJobRecord } from './jobs.svelte.ts';
import { throttled } from './throttle.ts';

/** What the pack store needs from the studio besides the editor and the runner (workspace.svelte.ts gives it). */
export interface PackDeps {
  /** The stored job queue (storage.records); undefined before storage opens. */
  records: () => JobRecords | undefined;
  /** A level by id as it is now (a job resumed after a reload finds its levels by id; read from storage when not in memory). */
  levelOf: (id: string) => LevelT | undefined | Promise<LevelT | undefined>;
  /** A level's name from the catalogue's summaries (undefined: the level is gone). */
  nameOf: (id: string) => string | undefined;
  /** The undo step's label of a tuned level (the view's words; a job resumed after a reload has no view). */
  undoLabel: (target: number) => string;
}

/** New measurements reach the table at most this often during a job. */
const SHOW_MS = 250;
/** Cache entries of a job are written together at most this often (src/analysis/cache.ts). */
const CACHE_WRITE_MS = 1000;

interface Measured {
  hash: string;
  wins: number;
  games: number;
}

export type SortKey = 'index' | 'name' | 'winRate' | 'target';

export class PackStore {
  shape = $state<CurveShape>('none');
  /** The ramp's and the sawtooth's ends (win rates) and the sawtooth's group length. */
  easy = $state<number>(CURVE_DEFAULTS.easy);
  hard = $state<number>(CURVE_DEFAULTS.hard);
  period = $state<number>(CURVE_DEFAULTS.period);
  /** Per-level targets for the custom curve. */
  custom = $state<Record<string, number>>({});
  tolerance = $state<number>(TUNING.tolerance.default);
  measured = $state.raw<Record<string, Measured>>({});
  sort = $state<{ key: SortKey; dir: 1 | -1 }>({ key: 'index', dir: 1 });
  error = $state<string | null>(null);
  /** Why a tuned level is still off target (the tuner's own words), by level id. */
  reasons = $state.raw<Record<string, TuneReason | string>>({});
  /** The pack's background job (Analyze pack, Tune pack to curve), its progress and its stored queue. */
  readonly jobs: PackJobs;
  /** Measurements not shown yet: merged into `measured` at most every SHOW_MS (one copy, not one per level). */
  private pending = new Map<string, Measured>();
  private readonly showPending = throttled(() => this.flushMeasured(), SHOW_MS);
  /** Level hashes by level object (levels are immutable values): the table's 2,000 rows do not re-hash on every update. */
  private hashes = new WeakMap<LevelT, string>();
  /** The table's rows as last built, by level id: an unchanged row keeps its object, so the view leaves it alone. */
  private rowCache = new Map<string, PackRow>();
  private jobRunner: { runner: AnalysisRunner; cache: BatchedCache | undefined; base: AnalysisRunner } | null = null;
  private undoLabel: (target: number) => string;

  constructor(
    private readonly editor: EditorStore,
    private readonly runner: () => AnalysisRunner,
    private readonly deps: PackDeps = { records: () => undefined, levelOf: () => undefined, nameOf: () => undefined, undoLabel: (x) => `Tune to ${Math.round(x * 100)}%` },
  ) {
    this.undoLabel = deps.undoLabel;
    this.jobs = new PackJobs(deps.records, {
      run: (kind, item, job, work) => this.runItem(kind, item, job, work),
      nameOf: (id) => deps.nameOf(id),
      persist: async () => this.jobRunner?.cache?.flush(),
    }, () => this.runner().workers + 1);
  }

  /** True while a job plays (the view disables what would start another). */
  get running(): boolean {
    return this.jobs.running;
  }

  private hashOf(level: LevelT): string {
    let h = this.hashes.get(level);
    if (h === undefined) this.hashes.set(level, (h = levelHash(level)));
    return h;
  }
  private fresh(level: LevelT): Measured | null {
    const m = this.pending.get(level.id) ?? this.measured[level.id];
    return m && m.hash === this.hashOf(level) ? m : null;
  }
  private record(level: LevelT, c: SimCounts) {
    this.pending.set(level.id, { hash: this.hashOf(level), wins: c.wins, games: c.games });
    this.showPending.push(undefined);
  }
  private flushMeasured() {
    this.showPending.cancel();
    if (!this.pending.size) return;
    this.measured = { ...this.measured, ...Object.fromEntries(this.pending) };
    this.pending.clear();
  }

  /**
   * The runner a job plays on: the studio's pool, with its cache writes batched. Made again when the
   * studio's runner changes (a test's, or after a reload of the storage).
   */
  private forJob(): { runner: AnalysisRunner; cache: BatchedCache | undefined } {
    const base = this.runner();
    if (this.jobRunner?.base !== base) {
      const store = base.cacheStore;
      const cache = store ? batchedCache(store, CACHE_WRITE_MS) : undefined;
      this.jobRunner = { base, cache, runner: base.withCache(cache) };
    }
    return this.jobRunner;
  }

  /** The table's rows in pack order (sorting is the view's). */
  rows(levels: readonly LevelT[]): PackRow[] {
    const targets = targetCurve(this.shape, levels.length, { easy: this.easy, hard: this.hard, period: this.period, custom: levels.map((l) => this.custom[l.id] ?? null) });
    const rates = levels.map((l) => {
      const m = this.fresh(l);
      return m && m.games ? m.wins / m.games : null;
    });
    const flags = flagsOf(rates);
    const seen = new Map<string, PackRow>();
    const out = levels.map((l, i) => {
      const m = this.fresh(l);
      const ci = m ? wilson(m.wins, m.games) : null;
      const target = targets[i];
      const row: PackRow = {
        id: l.id, index: i, name: l.name, winRate: rates[i], low: ci?.low ?? null, high: ci?.high ?? null, games: m?.games ?? 0,
        target, flag: flags[i], offTarget: target !== null && rates[i] !== null && Math.abs(rates[i]! - target) > this.tolerance,
      };
      const old = this.rowCache.get(l.id);
      const kept = old && sameRow(old, row) ? old : row;
      seen.set(l.id, kept);
      return kept;
    });
    this.rowCache = seen;
    return out;
  }

  sorted(rows: PackRow[]): PackRow[] {
    const { key, dir } = this.sort;
    const v = (r: PackRow) => (key === 'name' ? r.name : key === 'index' ? r.index : (r[key] ?? -1));
    return [...rows].sort((a, b) => {
      const x = v(a), y = v(b);
      return (typeof x === 'string' ? x.localeCompare(String(y)) : x - (y as number)) * dir || a.index - b.index;
    });
  }

  sortBy(key: SortKey) {
    this.sort = { key, dir: this.sort.key === key ? ((-this.sort.dir) as 1 | -1) : 1 };
  }

  /** Cached analyses only: what the view shows on opening, without simulating (a few lookups at a time, shown together). */
  async loadCached(levels: readonly LevelT[]) {
    const runner = this.runner();
    await feed(
      levels.filter((l) => !this.fresh(l)),
      async (l) => {
        const c = await runner.cached(l, DEFAULT_TIER, ANALYSIS_GAMES.default);
        if (c) this.record(l, c);
      },
      { inFlight: 8 },
    ).catch(() => undefined);
    this.flushMeasured();
  }

  /** Runs the analyses still missing as a background job: the levels fed to the pool together, with progress. */
  async analyzePack(levels: readonly LevelT[], packId = '') {
    const todo = levels.filter((l) => !this.fresh(l));
    this.error = null;
    await this.jobs.start('analyze', packId, todo.map((l) => ({ id: l.id })));
    this.afterJob();
  }

  /** Tunes every level off its target as a background job: one undo step per level, in that level's own history. */
  async tunePack(levels: readonly LevelT[], undoLabel: (target: number) => string = this.undoLabel, packId = '') {
    this.undoLabel = undoLabel;
    const rows = this.rows(levels);
    const todo = levels.flatMap((l, i) => (rows[i].target !== null && (rows[i].winRate === null || rows[i].offTarget) ? [{ id: l.id, target: rows[i].target! }] : []));
    this.error = null;
    await this.jobs.start('tune', packId, todo, { tolerance: this.tolerance });
    this.afterJob();
  }

  /** A job ended (done, cancelled or stopped): its last measurements and cache entries go out now. */
  private afterJob() {
    this.flushMeasured();
    void this.jobRunner?.cache?.flush();
    const err = this.jobs.job?.error;
    if (err) this.error = err;
  }

  /** A job stored before a reload goes on (called by the studio when it starts). */
  async resumeStored() {
    await this.jobs.restore();
    this.afterJob();
  }

  async resume() {
    this.error = null;
    await this.jobs.resume();
    this.afterJob();
  }

  /** One level of a job. */
  private async runItem(kind: PackJobKind, item: JobItem, job: PackJobRecord, work: LevelWork) {
    const l = await this.deps.levelOf(item.id);
    if (!l) return; // deleted since the job started
    const ctx = { runner: this.forJob().runner, signal: work.signal, onProgress: work.onProgress };
    if (kind === 'analyze') await this.analyzeOne(l, ctx);
    else await this.tuneOne(l, item.target!, job.tolerance ?? this.tolerance, ctx);
  }

  private async analyzeOne(l: LevelT, ctx: { runner: AnalysisRunner; signal: AbortSignal; onProgress: LevelWork['onProgress'] }) {
    if (this.fresh(l)) return;
    const r = await runTool(l, 'analyze_level', { games: ANALYSIS_GAMES.default, tier: DEFAULT_TIER }, ctx);
    if (!r.ok) throw new Error(r.error);
    this.record(l, (r.data as { counts: SimCounts[] }).counts[0]);
  }

  /** One level of Tune pack to curve (the search and its result are the tuner's; the job only schedules it). */
  private async tuneOne(l: LevelT, target: number, tolerance: number, ctx: { runner: AnalysisRunner; signal: AbortSignal; onProgress: LevelWork['onProgress'] }) {
    const undoLabel = this.undoLabel;
    const r = await runTool(l, 'tune_level', { target_win_rate: target, tolerance, tier: DEFAULT_TIER }, ctx);
    if (!r.ok) throw new Error(r.error);
    const intents = outcomeIntents(r);
    let final = l;
    if (intents.length) {
      const applied = applyIntents(l, intents);
      if (applied.error) throw new Error(applied.error);
      this.editor.commitTo(undoLabel(target), intents, l, applied.level);
      final = applied.level;
    }
    const data = r.data as { counts: SimCounts[]; reason?: string; reasonNote?: TuneReason };
    this.record(final, data.counts[0]);
    const { [l.id]: _old, ...rest } = this.reasons;
    this.reasons = data.reason ? { ...rest, [l.id]: data.reasonNote ?? data.reason } : rest;
  }

  cancel() {
    void this.jobs.cancel();
  }
}

function sameRow(a: PackRow, b: PackRow): boolean {
  return a.index === b.index && a.name === b.name && a.winRate === b.winRate && a.low === b.low && a.high === b.high && a.games === b.games && a.target === b.target && a.flag === b.flag && a.offTarget === b.offTarget;
}
