// The pack view: each level's measured difficulty (the level's one stored report, the same the badge and
// the Analysis panel show; "Analyze pack" runs the missing ones through the pool and stores them there), a
// target curve, spikes and dips, and "Tune pack to curve": a bounded search per level that ends in a review
// the designer applies in full, in part or not at all, as ONE undo step for the whole pack.
// The simulation goes through the registry like every other caller.
// Both runs are background jobs (jobs.svelte.ts): levels fed to the pool together, the queue stored so a
// reload goes on where it stopped (a tuning job stores each level's review row with it: packReview.ts),
// new figures shown a few times a second.
import type { StepLabel } from '../core/notice.ts';
import { levelHash, type LevelT } from '../core/level/index.ts';
import { applyIntents, heldIntents, loadToolsOf, outcomeIntents, runTool } from '../core/tools/index.ts';
import { ANALYSIS_GAMES, DEFAULT_TIER, LEVERS, TUNING, type Lever } from '../core/facts.ts';
import type { SimCounts } from '../core/sim/analysis/counts.ts';
import type { TuneReason } from '../core/tune/reasons.ts';
import { CURVE_DEFAULTS, type CurveShape, type PackRow } from '../core/pack/curve.ts';
import { PACK_BOUNDS, packLevelBounds, type Bounds, type PackBounds } from '../core/tune/bounds.ts';
import type { Change } from '../core/tune/levers.ts';
import type { GameChange } from '../core/tune/search.ts';
import type { AnalysisRunner } from '../analysis/runner.ts';
import { batchedCache, type BatchedCache } from '../analysis/cache.ts';
import { feed } from '../analysis/feed.ts';
import type { EditorStore } from './editor.svelte.ts';
import type { AnalysisStore, Report } from './analysis.svelte.ts';
import { PackFigures } from './packFigures.ts';
import { PackJobs, type JobEnd, type JobItem, type JobRecords, type LevelWork, type PackJobKind, type PackJobRecord } from './jobs.svelte.ts';
import { NOT_TUNED, revivedRow, storedRow, type ReviewRow, type TuneJobData } from './packReview.ts';
import type { PlayersContext } from './tuning.svelte.ts';
import type { PlayerTargetData } from '../core/tools/tune.ts';

export type { ReviewRow } from './packReview.ts';

/** What the pack store needs from the studio besides the editor, the runner and the reports (workspace.svelte.ts gives it). */
export interface PackDeps {
  /** The stored job queue (storage.records); undefined before storage opens. */
  records: () => JobRecords | undefined;
  /** A level by id as it is now (a job resumed after a reload finds its levels by id; read from storage when not in memory). */
  levelOf: (id: string) => LevelT | undefined | Promise<LevelT | undefined>;
  /** A level's name from the catalogue's summaries (undefined: the level is gone). */
  nameOf: (id: string) => string | undefined;
  /** The players' calibration and their own counts, for a tune to the curve in players' terms (issue 19). */
  players?: () => PlayersContext;
}

/** Cache entries of a job are written together at most this often (src/analysis/cache.ts). */
const CACHE_WRITE_MS = 1000;

/** What the last Apply tuning did, for its one Undo. */
export interface Applied {
  group: string;
  ids: string[];
  skipped: string[];
  /** Each level's report from before the tuning, put back by Undo. */
  previous: Record<string, Report | null>;
}

export type SortKey = 'index' | 'name' | 'winRate' | 'target';

type JobCtx = { runner: AnalysisRunner; signal: AbortSignal; onProgress: LevelWork['onProgress'] } & PlayersContext;

export class PackStore {
  shape = $state<CurveShape>('none');
  /** The ramp's and the sawtooth's ends (win rates) and the sawtooth's group length. */
  easy = $state<number>(CURVE_DEFAULTS.easy);
  hard = $state<number>(CURVE_DEFAULTS.hard);
  period = $state<number>(CURVE_DEFAULTS.period);
  /** Per-level targets for the custom curve. */
  custom = $state<Record<string, number>>({});
  tolerance = $state<number>(TUNING.tolerance.default);
  /** Which levers a pack tune may turn, and how far (relative to each level: src/core/tune/bounds.ts). */
  levers = $state<Record<Lever, boolean>>(Object.fromEntries(LEVERS.map((l) => [l, TUNING.defaultLevers.includes(l)])) as Record<Lever, boolean>);
  bounds = $state<PackBounds>(structuredClone(PACK_BOUNDS));
  /** The last pack tune's proposals, waiting for Apply tuning (null: none). */
  review = $state.raw<ReviewRow[] | null>(null);
  applied = $state.raw<Applied | null>(null);
  /** How many levels the last Undo of a pack tuning restored (the view says so; it may be remounted meanwhile). */
  undone = $state<number>(0);
  sort = $state<{ key: SortKey; dir: 1 | -1 }>({ key: 'index', dir: 1 });
  error = $state<string | null>(null);
  /** The pack's background job (Analyze pack, Tune pack to curve), its progress and its stored queue. */
  readonly jobs: PackJobs;
  /** The levels' figures and the table's rows (packFigures.ts). */
  private readonly measure: PackFigures;
  private jobRunner: { runner: AnalysisRunner; cache: BatchedCache | undefined; base: AnalysisRunner } | null = null;
  /** The running tune job's rows of this session (with their levels); the stored rows cover the ones before a reload. */
  private tuned = new Map<string, ReviewRow>();
  /** The review being put together after a tuning job ended (its levels may be read from storage). */
  private reviewing: Promise<void> | null = null;

  constructor(
    private readonly editor: EditorStore,
    private readonly runner: () => AnalysisRunner,
    /** The levels' one stored report each: the pack reads its figures there and stores what it measures there. */
    private readonly analysis: AnalysisStore,
    private readonly deps: PackDeps = { records: () => undefined, levelOf: () => undefined, nameOf: () => undefined },
  ) {
    this.measure = new PackFigures(analysis);
    this.jobs = new PackJobs(
      deps.records,
      {
        run: (kind, item, job, work) => this.runItem(kind, item, job, work),
        nameOf: (id) => deps.nameOf(id),
        persist: async () => this.jobRunner?.cache?.flush(),
        // a tuning job ends in its review, cancelled too (its levels not tuned are listed as such)
        end: (rec, how) => {
          this.lastEnd = { kind: rec.kind, how, seq: (this.lastEnd?.seq ?? 0) + 1 };
          if (rec.kind === 'tune' && rec.tune) this.reviewing = this.showReview(rec.tune);
        },
      },
      () => this.runner().workers + 1,
    );
  }

  /** How the last job of this session ended (the page says so and puts focus where it belongs); `seq` counts the ends. */
  lastEnd = $state.raw<{ kind: PackJobKind; how: 'done' | 'cancelled'; seq: number } | null>(null);

  /** True while a job plays (the view disables what would start another). */
  get running(): boolean {
    return this.jobs.running;
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

  /** The table's rows in pack order (sorting is the view's); an unchanged row keeps its object. */
  rows(levels: readonly LevelT[]): PackRow[] {
    return this.measure.rows(levels, this.shape, { easy: this.easy, hard: this.hard, period: this.period, custom: this.custom }, this.tolerance);
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

  /** The curve's target band of each level, handed to the analysis store (the report's fixes aim at it). */
  shareTargets(levels: readonly LevelT[]) {
    const rows = this.rows(levels);
    this.analysis.setTargets(
      Object.fromEntries(
        rows
          // no curve target: a band the designer set in Tune to target stays
          .filter((r) => r.target !== null || this.analysis.targets[r.id]?.source === 'pack')
          .map((r) => [r.id, r.target === null ? null : { lo: Math.max(0, r.target - this.tolerance), hi: Math.min(1, r.target + this.tolerance), source: 'pack' as const }]),
      ),
    );
  }

  /** Cached analyses only: what the view shows on opening, without simulating (a few lookups at a time, stored as the levels' reports together). */
  async loadCached(levels: readonly LevelT[]) {
    const runner = this.runner();
    await feed(
      levels.filter((l) => !this.measure.fresh(l)),
      async (l) => {
        const c = await runner.cached(l, DEFAULT_TIER, ANALYSIS_GAMES.default);
        if (c) this.measure.recordLater(l, c);
      },
      { inFlight: 8 },
    ).catch(() => undefined);
    this.measure.flushMeasured();
  }

  /** Runs the analyses still missing as a background job: the levels fed to the pool together, with progress. */
  async analyzePack(levels: readonly LevelT[], packId = '') {
    const todo = levels.filter((l) => !this.measure.fresh(l));
    this.error = null;
    await this.jobs.start('analyze', packId, todo.map((l) => ({ id: l.id })));
    await this.afterJob();
  }

  /**
   * Analyze selection: the levels chosen in the list (by id, in list order, any packs) as the same
   * background job as Analyze pack — fed to the pool together, with progress and Cancel, resumed after
   * a reload. A level already measured as it is now is passed over when the job reaches it. Resolves
   * when the job ends (null: another job is running).
   */
  async analyzeLevels(ids: readonly string[]): Promise<JobEnd | null> {
    this.error = null;
    const end = await this.jobs.start('analyze', '', ids.map((id) => ({ id })));
    await this.afterJob();
    return end;
  }

  /**
   * Tunes every level with a target inside the pack's bounds as a background job, and lists what it would
   * do: nothing is changed until Apply tuning. Levels the bounds keep from their target are listed as such,
   * unchosen. The review shows when the job ends (after a reload too: each level's row is stored with the job).
   * `players`: the curve in players' terms (the rows' figures and targets are players' pass rates): each
   * level is tuned to its players' target through the calibration (tune_level's target_pass_rate).
   */
  async tunePack(levels: readonly LevelT[], packId = '', players?: { rows: readonly PackRow[] }) {
    const rows = players?.rows ?? this.rows(levels);
    const levers = LEVERS.filter((l) => this.levers[l]);
    if (!levers.length || this.running) return;
    this.applied = null;
    this.undone = 0;
    this.review = null;
    this.error = null;
    this.tuned.clear();
    const data: TuneJobData = { levers, bounds: $state.snapshot(this.bounds) as PackBounds, order: levels.map((l) => l.id), rows: {}, ...(players ? { terms: 'players' as const } : {}) };
    const items: JobItem[] = [];
    levels.forEach((l, i) => {
      const r = rows[i];
      const status = r.target === null ? 'noTarget' : r.winRate !== null && !r.offTarget ? 'onTarget' : null;
      // a level still to tune holds a "not tuned" row until its own replaces it (what a cancelled job shows)
      const row: ReviewRow = { ...baseRow(l, r.target, r.winRate), ...(status ? { status } : { status: 'error', reason: NOT_TUNED }) };
      this.tuned.set(l.id, row);
      data.rows[l.id] = storedRow(row);
      if (!status) items.push({ id: l.id, target: r.target! });
    });
    if (!items.length) {
      this.reviewing = this.showReview(data);
      await this.afterJob();
      return;
    }
    await this.jobs.start('tune', packId, items, { tolerance: this.tolerance, tune: data });
    await this.afterJob();
  }

  /** A job ended (done, cancelled or stopped): its last measurements and cache entries go out now, a tuning's review shows. */
  private async afterJob() {
    this.measure.flushMeasured();
    void this.jobRunner?.cache?.flush();
    const err = this.jobs.job?.error;
    if (err) this.error = err;
    const reviewing = this.reviewing;
    this.reviewing = null;
    await reviewing;
  }

  /** A job stored before a reload goes on (called by the studio when it starts). */
  async resumeStored() {
    await this.jobs.restore();
    await this.afterJob();
  }

  async resume() {
    this.error = null;
    await this.jobs.resume();
    await this.afterJob();
  }

  /** One level of a job. */
  private async runItem(kind: PackJobKind, item: JobItem, job: PackJobRecord, work: LevelWork) {
    const l = await this.deps.levelOf(item.id);
    if (!l) return; // deleted since the job started
    const ctx: JobCtx = { runner: this.forJob().runner, signal: work.signal, onProgress: work.onProgress, ...this.deps.players?.() };
    if (kind === 'analyze') await this.analyzeOne(l, ctx);
    else await this.tuneOne(l, item.target!, job, ctx);
  }

  private async analyzeOne(l: LevelT, ctx: JobCtx) {
    if (this.measure.fresh(l)) return;
    const r = await runTool(l, 'analyze_level', { games: ANALYSIS_GAMES.default, tier: DEFAULT_TIER }, ctx);
    if (!r.ok) throw new Error(r.error);
    this.measure.recordLater(l, (r.data as { counts: SimCounts[] }).counts[0]);
  }

  /** One level of Tune pack to curve: its review row, kept with the job (the search is the tuner's; the job only schedules it). */
  private async tuneOne(l: LevelT, target: number, job: PackJobRecord, ctx: JobCtx) {
    // (a job stored by a studio from before the review: the default levers and bounds)
    const data = (job.tune ??= { levers: [...TUNING.defaultLevers], bounds: structuredClone(PACK_BOUNDS), order: job.items.map((it) => it.id), rows: {} });
    const row = await this.tuneRow(l, target, job.tolerance ?? this.tolerance, data, ctx);
    this.tuned.set(l.id, row);
    data.rows[l.id] = storedRow(row);
  }

  private async tuneRow(l: LevelT, target: number, tolerance: number, data: TuneJobData, ctx: JobCtx): Promise<ReviewRow> {
    const f = this.measure.figure(l);
    const base = baseRow(l, target, f && !f.stale ? f.winRate : null);
    const bounds = packLevelBounds(l, data.bounds, this.measure.freshCounts(l));
    const goal = data.terms === 'players' ? { target_pass_rate: target } : { target_win_rate: target };
    const r = await runTool(l, 'tune_level', { ...goal, tolerance, tier: DEFAULT_TIER, levers: data.levers, bounds }, ctx);
    if (!r.ok) return { ...base, status: 'error', bounds, reason: r.error };
    const out = r.data as { hit: boolean; counts: SimCounts[]; reason?: string; reasonNote?: TuneReason; changes: Change[]; before: { winRate: number }; after: { winRate: number }; bounds: Bounds; playerTarget?: PlayerTargetData; gameChange?: GameChange };
    // a game change (emitter levers) reaches every level of the game: shown, never applied from the pack's review
    const game = out.gameChange ? { game: { id: out.gameChange.id, name: out.gameChange.name, changes: out.gameChange.changes } } : {};
    const intents = out.gameChange ? [] : [...outcomeIntents(r), ...heldIntents(r)]; // a miss's closest: shown in the review, not chosen
    const applied = intents.length ? applyIntents(l, intents) : { level: l };
    if ('error' in applied && applied.error) throw new Error(applied.error);
    return {
      ...base,
      status: out.hit && intents.length ? 'change' : out.hit ? 'onTarget' : 'unreachable',
      after: applied.level, intents, changes: out.changes,
      winRateBefore: out.before.winRate, winRateAfter: out.after.winRate,
      bounds: out.bounds, reason: out.reasonNote ?? out.reason, counts: out.gameChange ? undefined : out.counts[0],
      selected: out.hit && intents.length > 0, ...game,
      ...(out.playerTarget ? { players: out.playerTarget } : {}),
    };
  }

  /**
   * The review of a tuning job, in pack order: this session's rows as they are, the ones stored before a
   * reload against their levels as they are now. Levels deleted since are left out.
   */
  private async showReview(data: TuneJobData) {
    const rows: ReviewRow[] = [];
    // a stored row is replayed (revivedRow) with adjust_difficulty, whose code loads on first use
    await loadToolsOf(Object.values(data.rows).flatMap((r) => r?.intents ?? [])).catch(() => {});
    for (const id of data.order) {
      const mine = this.tuned.get(id);
      const stored = data.rows[id];
      if (mine && levelHash(mine.before) === stored?.hash) {
        rows.push(mine);
        continue;
      }
      const level = await this.deps.levelOf(id);
      if (level && stored) rows.push(revivedRow(stored, level));
    }
    this.tuned.clear();
    this.review = rows;
  }

  choose(id: string, selected: boolean) {
    if (!this.review) return;
    this.review = this.review.map((r) => (r.id === id ? { ...r, selected } : r));
  }
  discardReview() {
    this.review = null;
  }

  /**
   * Applies the chosen rows as one undo step for the whole pack (one group across the levels' histories).
   * A level edited since its tune is skipped: its proposal was for the old version.
   */
  applyReview(current: (id: string) => LevelT | undefined, undoLabel: StepLabel) {
    const chosen = (this.review ?? []).filter((r) => r.selected && r.intents.length);
    const group = `pack-tune-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const ids: string[] = [], skipped: string[] = [], previous: Record<string, Report | null> = {};
    for (const r of chosen) {
      const now = current(r.id);
      if (!now || levelHash(now) !== levelHash(r.before)) {
        skipped.push(r.id);
        continue;
      }
      // replayed on the level as it is now: a rename or a note made since stays
      const replay = applyIntents(now, r.intents);
      if (replay.error) {
        skipped.push(r.id);
        continue;
      }
      previous[r.id] = this.analysis.reports[r.id] ?? null;
      if (!this.editor.commitTo(undoLabel, r.intents, now, replay.level, group)) continue;
      ids.push(r.id);
      if (r.counts) this.measure.record(replay.level, r.counts);
    }
    this.review = null;
    this.undone = 0;
    this.applied = { group, ids, skipped, previous };
  }

  /** Undoes the last Apply tuning on every level it changed, and brings back their figures from before. */
  undoApplied(): number {
    const a = this.applied;
    if (!a) return 0;
    // (already undone from the toolbar: nothing left in the group, nothing to do)
    const restored = this.editor.undoGroup(a.group);
    for (const l of restored) {
      const prev = a.previous[l.id];
      if (prev && prev.hash === levelHash(l)) this.analysis.put(prev);
    }
    this.applied = null;
    this.undone = restored.length;
    return restored.length;
  }

  cancel() {
    void this.jobs.cancel();
  }
}

/** A level's review row before its tune (no change yet). */
function baseRow(l: LevelT, target: number | null, winRate: number | null): ReviewRow {
  return { id: l.id, name: l.name, status: 'noTarget', target, before: l, after: l, intents: [], changes: [], winRateBefore: winRate, winRateAfter: winRate, bounds: {}, selected: false };
}
