// A pack's difficulty curve: target shapes, spikes and dips, and the CSV export. Pure.
import { csvField } from '../csv.ts';

export type CurveShape = 'none' | 'ramp' | 'sawtooth' | 'custom';

export interface PackRow {
  id: string;
  index: number;
  name: string;
  /** Average tier, from a cached or new analysis; null when not analysed yet. */
  winRate: number | null;
  low: number | null;
  high: number | null;
  games: number;
  target: number | null;
  flag: 'spike' | 'dip' | null;
  offTarget: boolean;
  /** The figure of an older version of the level (shown marked stale; not used for flags or targets). */
  staleWinRate?: number | null;
}

/** The curve's default ends and sawtooth group, and what the pack view lets the designer set. */
export const CURVE_DEFAULTS = { easy: 0.85, hard: 0.3, period: 5 } as const;
export const CURVE_LIMITS = { rate: { min: 0.01, max: 0.99 }, period: { min: 2, max: 20 } } as const;

/**
 * Target win rates by shape: a ramp from `easy` down to `hard` over the pack; a sawtooth that ramps
 * down over each group of `period` levels and starts the next group with relief.
 */
export function targetCurve(shape: CurveShape, n: number, opts: { easy?: number; hard?: number; period?: number; custom?: (number | null)[] } = {}): (number | null)[] {
  const easy = opts.easy ?? CURVE_DEFAULTS.easy, hard = opts.hard ?? CURVE_DEFAULTS.hard, period = Math.max(CURVE_LIMITS.period.min, opts.period ?? CURVE_DEFAULTS.period);
  const round = (x: number) => Math.round(x * 100) / 100;
  switch (shape) {
    case 'none':
      return Array(n).fill(null);
    case 'custom':
      return Array.from({ length: n }, (_, i) => opts.custom?.[i] ?? null);
    case 'ramp':
      return Array.from({ length: n }, (_, i) => round(n === 1 ? easy : easy + ((hard - easy) * i) / (n - 1)));
    case 'sawtooth':
      // each group of `period` levels ramps from easy to hard; the next group starts with relief
      return Array.from({ length: n }, (_, i) => round(easy + ((hard - easy) * (i % period)) / (period - 1)));
  }
}

/** Spikes (much harder than both neighbours) and dips (much easier), by at least `jump`. The first and
 *  last levels have one neighbour only, so a plain ramp would flag them: they are not flagged. */
export function flagsOf(rates: readonly (number | null)[], jump = 0.15): ('spike' | 'dip' | null)[] {
  return rates.map((r, i) => {
    if (r === null) return null;
    const around = [rates[i - 1], rates[i + 1]].filter((x): x is number => x !== null && x !== undefined);
    if (around.length < 2) return null;
    if (around.every((x) => x - r >= jump)) return 'spike';
    if (around.every((x) => r - x >= jump)) return 'dip';
    return null;
  });
}

export function packCsv(rows: readonly PackRow[]): string {
  const head = ['index', 'id', 'name', 'win_rate', 'ci95_low', 'ci95_high', 'games', 'target', 'flag', 'off_target'];
  const r4 = (x: number | null) => (x === null ? null : Math.round(x * 10000) / 10000);
  const body = rows.map((r) => [r.index + 1, r.id, r.name, r4(r.winRate), r4(r.low), r4(r.high), r.games, r.target, r.flag, r.offTarget ? 'yes' : 'no'].map(csvField).join(','));
  return [head.join(','), ...body].join('\n') + '\n';
}
