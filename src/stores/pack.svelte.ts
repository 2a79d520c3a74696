// The pack view: each level's measured difficulty (cached analyses first, "Analyze pack" runs the
// missing ones through the pool), a target curve, spikes and dips, and "Tune pack to curve" (one
// undo step per level). The simulation goes through the registry like every other caller.
import type { TuneReason } from '../core/tune/reasons.ts';
import { levelHash, type LevelT } from '../core/level/index.ts';
import { applyIntents, outcomeIntents, runTool } from '../core/tools/index.ts';
import { ANALYSIS_GAMES, DEFAULT_TIER, TUNING } from '../core/facts.ts';
import { wilson } from '../core/sim/analysis/summary.ts';
import type { SimCounts } from '../core/sim/analysis/counts.ts';
import { CURVE_DEFAULTS, flagsOf, targetCurve, type CurveShape, type PackRow } from '../core/pack/curve.ts';
import type { AnalysisRunner } from '../analysis/runner.ts';
import type { EditorStore } from './editor.svelte.ts';
import { Job } from './job.ts';

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
  running = $state<null | { kind: 'analyze' | 'tune'; done: number; total: number; name: string }>(null);
  sort = $state<{ key: SortKey; dir: 1 | -1 }>({ key: 'index', dir: 1 });
  error = $state<string | null>(null);
  /** Why a tuned level is still off target (the tuner's own words), by level id. */
  reasons = $state.raw<Record<string, TuneReason | string>>({});
  private readonly job = new Job();

  constructor(
    private readonly editor: EditorStore,
    private readonly runner: () => AnalysisRunner,
  ) {}

  private fresh(level: LevelT): Measured | null {
    const m = this.measured[level.id];
    return m && m.hash === levelHash(level) ? m : null;
  }
  private record(level: LevelT, c: SimCounts) {
    this.measured = { ...this.measured, [level.id]: { hash: levelHash(level), wins: c.wins, games: c.games } };
  }

  /** The table's rows in pack order (sorting is the view's). */
  rows(levels: readonly LevelT[]): PackRow[] {
    const targets = targetCurve(this.shape, levels.length, { easy: this.easy, hard: this.hard, period: this.period, custom: levels.map((l) => this.custom[l.id] ?? null) });
    const rates = levels.map((l) => {
      const m = this.fresh(l);
      return m && m.games ? m.wins / m.games : null;
    });
    const flags = flagsOf(rates);
    return levels.map((l, i) => {
      const m = this.fresh(l);
      const ci = m ? wilson(m.wins, m.games) : null;
      const target = targets[i];
      return {
        id: l.id, index: i, name: l.name, winRate: rates[i], low: ci?.low ?? null, high: ci?.high ?? null, games: m?.games ?? 0,
        target, flag: flags[i], offTarget: target !== null && rates[i] !== null && Math.abs(rates[i]! - target) > this.tolerance,
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

  /** Cached analyses only: what the view shows on opening, without simulating. */
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

  /** Tunes every level off its target: one undo step per level, in that level's own history. */
  async tunePack(levels: readonly LevelT[], undoLabel: (target: number) => string) {
    const rows = this.rows(levels);
    const todo = levels.filter((l, i) => rows[i].target !== null && (rows[i].winRate === null || rows[i].offTarget));
    await this.each('tune', todo, async (l, ctx) => {
      const target = rows[levels.indexOf(l)].target!;
      const r = await runTool(l, 'tune_level', { target_win_rate: target, tolerance: this.tolerance, tier: DEFAULT_TIER }, ctx);
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
    });
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
