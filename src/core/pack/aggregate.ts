// The pack chart's data for packs of any size: up to `max` levels it draws every level; beyond, each
// point stands for a run of consecutive levels (its games-weighted win rate, the spread of its
// levels' rates as the bar, its mean target), so 2,000 levels draw as ~150 points. Pure.
import type { PackRow } from './curve.ts';

export interface ChartPoint {
  /** Position on the level axis (0-based; the middle of the run for a group). */
  at: number;
  /** The run of levels it stands for (0-based, inclusive). */
  first: number;
  last: number;
  winRate: number | null;
  /** A single level's 95% interval, or a group's lowest and highest level rate. */
  low: number | null;
  high: number | null;
  target: number | null;
  flag: 'spike' | 'dip' | null;
  offTarget: boolean;
}

export const CHART_MAX_POINTS = 150;

export function chartPoints(rows: readonly PackRow[], max = CHART_MAX_POINTS): ChartPoint[] {
  if (rows.length <= max) return rows.map((r) => ({ at: r.index, first: r.index, last: r.index, winRate: r.winRate, low: r.low, high: r.high, target: r.target, flag: r.flag, offTarget: r.offTarget }));
  const size = Math.ceil(rows.length / max);
  const out: ChartPoint[] = [];
  for (let s = 0; s < rows.length; s += size) out.push(group(rows.slice(s, s + size)));
  return out;
}

function group(run: readonly PackRow[]): ChartPoint {
  const measured = run.filter((r) => r.winRate !== null);
  const games = measured.reduce((a, r) => a + r.games, 0);
  const rates = measured.map((r) => r.winRate!);
  const targets = run.flatMap((r) => (r.target === null ? [] : [r.target]));
  const first = run[0].index, last = run[run.length - 1].index;
  return {
    at: (first + last) / 2,
    first,
    last,
    winRate: measured.length ? (games ? measured.reduce((a, r) => a + r.winRate! * r.games, 0) / games : rates.reduce((a, b) => a + b, 0) / rates.length) : null,
    low: rates.length ? Math.min(...rates) : null,
    high: rates.length ? Math.max(...rates) : null,
    target: targets.length ? targets.reduce((a, b) => a + b, 0) / targets.length : null,
    flag: run.some((r) => r.flag === 'spike') ? 'spike' : run.some((r) => r.flag === 'dip') ? 'dip' : null,
    offTarget: run.some((r) => r.offTarget),
  };
}

/** Level numbers to label on the axis: every level up to 30, else about ten round steps (1, 50, 100, …). */
export function axisTicks(n: number): number[] {
  if (n <= 30) return Array.from({ length: n }, (_, i) => i);
  const raw = n / 10;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw)!;
  const ticks = [0];
  for (let k = step; k < n; k += step) ticks.push(k - 1);
  return ticks;
}
