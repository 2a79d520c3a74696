// The pack view: each level's measured difficulty (the level's one stored report, the same the badge and
// the Analysis panel show; "Analyze pack" runs the missing ones through the pool and stores them there), a
// target curve, spikes and dips, and "Tune pack to curve": a bounded search per level that ends in a review
// the designer applies in full, in part or not at all, as ONE undo step for the whole pack.
// The simulation goes through the registry like every other caller.
import type { TuneReason } from '../core/tune/reasons.ts';
import { levelHash, type LevelT } from '../core/level/index.ts';
import { applyIntents, outcomeIntents, runTool, type Intent } from '../core/tools/index.ts';
import { ANALYSIS_GAMES, DEFAULT_TIER, LEVERS, TUNING, type Lever } from '../core/facts.ts';
import type { SimCounts } from '../core/sim/analysis/counts.ts';
import { CURVE_DEFAULTS, flagsOf, targetCurve, type CurveShape, type PackRow } from '../core/pack/curve.ts';
import { PACK_BOUNDS, packLevelBounds, type Bounds, type PackBounds } from '../core/tune/bounds.ts';
import type { Change } from '../core/tune/levers.ts';
import type { AnalysisRunner } from '../analysis/runner.ts';
import type { EditorStore } from './editor.svelte.ts';
import type { AnalysisStore, Report } from './analysis.svelte.ts';
import { Job } from './job.ts';

/** One level of a pack tune's review. */
export interface ReviewRow {
  id: string;
  name: string;
  /** change: in the band inside the bounds; unreachable: not inside the bounds (closest shown, not chosen);
   *  onTarget: already in the band; noTarget: the curve gives it none; error: the tune refused (the message). */
  status: 'change' | 'unreachable' | 'onTarget' | 'noTarget' | 'error';
  target: number | null;
  before: LevelT;
  after: LevelT;
  intents: Intent[];
  changes: Change[];
  winRateBefore: number | null;
  winRateAfter: number | null;
  /** The absolute bounds this level was tuned within. */
  bounds: Bounds;
  reason?: TuneReason | string;
  /** The confirmation counts of `after` (games 0..N-1: what an analysis of it shows). */
  counts?: SimCounts;
  selected: boolean;
}

/** What the last Apply tuning did, for its one Undo. */
export interface Applied {
  group: string;
  ids: string[];
  skipped: string[];
  /** Each level's report from before the tuning, put back by Undo. */
  previous: Record<string, Report | null>;
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
  /** Which levers a pack tune may turn, and how far (relative to each level: src/core/tune/bounds.ts). */
  levers = $state<Record<Lever, boolean>>(Object.fromEntries(LEVERS.map((l) => [l, TUNING.defaultLevers.includes(l)])) as Record<Lever, boolean>);
  bounds = $state<PackBounds>(structuredClone(PACK_BOUNDS));
  /** The last pack tune's proposals, waiting for Apply tuning (null: none). */
  review = $state.raw<ReviewRow[] | null>(null);
  applied = $state.raw<Applied | null>(null);
  /** How many levels the last Undo of a pack tuning restored (the view says so; it may be remounted meanwhile). */
  undone = $state<number>(0);
  running = $state<null | { kind: 'analyze' | 'tune'; done: number; total: number; name: string }>(null);
  sort = $state<{ key: SortKey; dir: 1 | -1 }>({ key: 'index', dir: 1 });
  error = $state<string | null>(null);
  private readonly job = new Job();

  constructor(
    private readonly editor: EditorStore,
    private readonly runner: () => AnalysisRunner,
    /** The levels' one stored report each: the pack reads its figures there and stores what it measures there. */
    private readonly analysis: AnalysisStore,
  ) {}

  /** The level's figure when it describes the level as it is now. */
  private fresh(level: LevelT) {
    const f = this.analysis.figureFor(level);
    return f && !f.stale ? f : null;
  }
  /** A pack run's measurement becomes the level's report: the panel and the badge show the same figure. */
  private record(level: LevelT, c: SimCounts) {
    this.analysis.show(level, [c]);
  }
  /** The average bot's counts behind the level's current figure (the good-run floor of its moves bound). */
  private freshCounts(level: LevelT): SimCounts | null {
    if (!this.fresh(level)) return null;
    return this.analysis.reportFor(level)?.counts.find((c) => c.tier === DEFAULT_TIER) ?? null;
  }

  /** The table's rows in pack order (sorting is the view's). */
  rows(levels: readonly LevelT[]): PackRow[] {
    const targets = targetCurve(this.shape, levels.length, { easy: this.easy, hard: this.hard, period: this.period, custom: levels.map((l) => this.custom[l.id] ?? null) });
    const figures = levels.map((l) => this.analysis.figureFor(l));
    const rates = figures.map((f) => (f && !f.stale ? f.winRate : null));
    const flags = flagsOf(rates);
    return levels.map((l, i) => {
      const f = figures[i];
      const m = f && !f.stale ? f : null;
      const target = targets[i];
      return {
        id: l.id, index: i, name: l.name, winRate: rates[i], low: m?.low ?? null, high: m?.high ?? null, games: m?.games ?? 0,
        target, flag: flags[i], offTarget: target !== null && rates[i] !== null && Math.abs(rates[i]! - target) > this.tolerance,
        staleWinRate: f?.stale ? f.winRate : null,
      };
    });
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

  /** Cached analyses only: what the view shows on opening, without simulating (stored as the level's report). */
  async loadCached(levels: readonly LevelT[]) {
    for (const l of levels) {
      if (this.fresh(l)) continue;
      const c = await this.runner().cached(l, DEFAULT_TIER, ANALYSIS_GAMES.default);
      if (c) this.record(l, c);
    }
  }

  /** Runs the analyses still missing, one level after another through the pool, with progress. */
  async analyzePack(levels: readonly LevelT[]) {
    const todo = levels.filter((l) => !this.fresh(l));
    await this.each('analyze', todo, async (l, ctx) => {
      const r = await runTool(l, 'analyze_level', { games: ANALYSIS_GAMES.default, tier: DEFAULT_TIER }, ctx);
      if (!r.ok) throw new Error(r.error);
      this.record(l, (r.data as { counts: SimCounts[] }).counts[0]);
    });
  }

  /**
   * Tunes every level with a target inside the pack's bounds, and lists what it would do: nothing is
   * changed until Apply tuning. Levels the bounds keep from their target are listed as such, unchosen.
   */
  async tunePack(levels: readonly LevelT[]) {
    const rows = this.rows(levels);
    const levers = LEVERS.filter((l) => this.levers[l]);
    if (!levers.length || this.running) return;
    this.applied = null;
    this.undone = 0;
    const out = new Map<string, ReviewRow>();
    const base = (l: LevelT, i: number): ReviewRow => ({
      id: l.id, name: l.name, status: 'noTarget', target: rows[i].target, before: l, after: l, intents: [], changes: [],
      winRateBefore: rows[i].winRate, winRateAfter: rows[i].winRate, bounds: {}, selected: false,
    });
    levels.forEach((l, i) => {
      if (rows[i].target === null) out.set(l.id, base(l, i));
      else if (rows[i].winRate !== null && !rows[i].offTarget) out.set(l.id, { ...base(l, i), status: 'onTarget' });
    });
    const todo = levels.filter((l) => !out.has(l.id));
    const finish = () => (this.review = levels.map((l, i) => out.get(l.id) ?? { ...base(l, i), status: 'error' as const, reason: 'not tuned (cancelled)' }));
    await this.each('tune', todo, async (l, ctx) => {
      const i = levels.indexOf(l);
      const target = rows[i].target!;
      const bounds = packLevelBounds(l, this.bounds, this.freshCounts(l));
      const r = await runTool(l, 'tune_level', { target_win_rate: target, tolerance: this.tolerance, tier: DEFAULT_TIER, levers, bounds }, ctx);
      if (!r.ok) {
        out.set(l.id, { ...base(l, i), status: 'error', bounds, reason: r.error });
        return;
      }
      const data = r.data as { hit: boolean; counts: SimCounts[]; reason?: string; reasonNote?: TuneReason; changes: Change[]; before: { winRate: number }; after: { winRate: number }; bounds: Bounds };
      const intents = outcomeIntents(r);
      const applied = intents.length ? applyIntents(l, intents) : { level: l };
      if ('error' in applied && applied.error) throw new Error(applied.error);
      out.set(l.id, {
        ...base(l, i),
        status: data.hit && intents.length ? 'change' : data.hit ? 'onTarget' : 'unreachable',
        after: applied.level, intents, changes: data.changes,
        winRateBefore: data.before.winRate, winRateAfter: data.after.winRate,
        bounds: data.bounds, reason: data.reasonNote ?? data.reason, counts: data.counts[0],
        selected: data.hit && intents.length > 0,
      });
    });
    finish();
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
  applyReview(current: (id: string) => LevelT | undefined, undoLabel: string) {
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
      if (r.counts) this.record(replay.level, r.counts);
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

  private async each(kind: 'analyze' | 'tune', todo: readonly LevelT[], work: (l: LevelT, ctx: { runner: AnalysisRunner; signal: AbortSignal }) => Promise<void>) {
    if (this.running || !todo.length) return;
    this.error = null;
    await this.job.run(
      async (signal) => {
        for (const [i, l] of todo.entries()) {
          if (signal.aborted) break;
          this.running = { kind, done: i, total: todo.length, name: l.name };
          await work(l, { runner: this.runner(), signal });
        }
      },
      (message) => (this.error = message),
      () => (this.running = null),
    );
  }

  cancel() {
    this.job.cancel();
  }
}
