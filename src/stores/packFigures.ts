// The pack view's figures: each level's measured difficulty read from its one stored report (the same the
// badge and the Analysis panel show), measurements of a running job stored there together a few times a
// second, and the table's rows built from them against the target curve (an unchanged row keeps its
// object, so the view leaves it alone). Used by the pack store (pack.svelte.ts).
import { levelHash, type LevelT } from '../core/level/index.ts';
import { DEFAULT_TIER } from '../core/facts.ts';
import type { SimCounts } from '../core/sim/analysis/counts.ts';
import { flagsOf, targetCurve, type CurveShape, type PackRow } from '../core/pack/curve.ts';
import type { AnalysisStore } from './analysis.svelte.ts';
import { figureAt, type Figure } from './figure.ts';
import { throttled } from './throttle.ts';

/** New measurements reach the reports (and the table) at most this often during a job. */
const SHOW_MS = 250;

/** The curve's settings (pack.svelte.ts holds them): its ends, the sawtooth's group length, custom targets by level id. */
export interface CurveSettings {
  easy: number;
  hard: number;
  period: number;
  custom: Record<string, number>;
}

export class PackFigures {
  /** Measurements not shown yet: stored as the levels' reports together at most every SHOW_MS. */
  private pending = new Map<string, { level: LevelT; hash: string; counts: SimCounts }>();
  private readonly showPending = throttled(() => this.flushMeasured(), SHOW_MS);
  /** Level hashes by level object (levels are immutable values): the table's 2,000 rows do not re-hash on every update. */
  private hashes = new WeakMap<LevelT, string>();
  /** The table's rows as last built, by level id: an unchanged row keeps its object, so the view leaves it alone. */
  private rowCache = new Map<string, PackRow>();

  constructor(private readonly analysis: AnalysisStore) {}

  private hashOf(level: LevelT): string {
    let h = this.hashes.get(level);
    if (h === undefined) this.hashes.set(level, (h = levelHash(level)));
    return h;
  }
  /** The level's figure (its report's; stale when made for another version). */
  figure(level: LevelT): Figure | null {
    return figureAt(this.analysis.reports[level.id], this.hashOf(level));
  }
  /** True when the level has a figure of it as it is now (shown, or measured and about to be). */
  fresh(level: LevelT): boolean {
    const f = this.figure(level);
    return (!!f && !f.stale) || this.pending.get(level.id)?.hash === this.hashOf(level);
  }
  /** A measurement becomes the level's report: the panel and the badge show the same figure. */
  record(level: LevelT, c: SimCounts) {
    this.analysis.show(level, [c]);
  }
  /** The same during a job: the reports (and the table) take the new figures together a few times a second. */
  recordLater(level: LevelT, c: SimCounts) {
    this.pending.set(level.id, { level, hash: this.hashOf(level), counts: c });
    this.showPending.push(undefined);
  }
  flushMeasured() {
    this.showPending.cancel();
    if (!this.pending.size) return;
    const list = [...this.pending.values()].map((p) => ({ level: p.level, counts: [p.counts] }));
    this.pending.clear();
    this.analysis.showMany(list);
  }
  /** The average bot's counts behind the level's current figure (the good-run floor of its moves bound). */
  freshCounts(level: LevelT): SimCounts | null {
    const f = this.figure(level);
    if (!f || f.stale) return null;
    return this.analysis.reports[level.id]?.counts.find((c) => c.tier === DEFAULT_TIER) ?? null;
  }

  /** The table's rows in pack order against the curve; an unchanged row keeps its object. */
  rows(levels: readonly LevelT[], shape: CurveShape, curve: CurveSettings, tolerance: number): PackRow[] {
    const targets = targetCurve(shape, levels.length, { easy: curve.easy, hard: curve.hard, period: curve.period, custom: levels.map((l) => curve.custom[l.id] ?? null) });
    const figures = levels.map((l) => this.figure(l));
    const rates = figures.map((f) => (f && !f.stale ? f.winRate : null));
    const flags = flagsOf(rates);
    const seen = new Map<string, PackRow>();
    const out = levels.map((l, i) => {
      const f = figures[i];
      const m = f && !f.stale ? f : null;
      const target = targets[i];
      const row: PackRow = {
        id: l.id, index: i, name: l.name, winRate: rates[i], low: m?.low ?? null, high: m?.high ?? null, games: m?.games ?? 0,
        target, flag: flags[i], offTarget: target !== null && rates[i] !== null && Math.abs(rates[i]! - target) > tolerance,
        staleWinRate: f?.stale ? f.winRate : null,
      };
      const old = this.rowCache.get(l.id);
      const kept = old && sameRow(old, row) ? old : row;
      seen.set(l.id, kept);
      return kept;
    });
    this.rowCache = seen;
    return out;
  }
}

function sameRow(a: PackRow, b: PackRow): boolean {
  return (
    a.index === b.index && a.name === b.name && a.winRate === b.winRate && a.low === b.low && a.high === b.high && a.games === b.games &&
    a.target === b.target && a.flag === b.flag && a.offTarget === b.offTarget && a.staleWinRate === b.staleWinRate
  );
}
