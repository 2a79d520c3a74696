import { describe, expect, it } from 'vitest';
import { wilson } from '../../src/core/sim/analysis/summary.ts';
import { formatInterval, intervalDecimals, intervalText } from '../../src/core/format.ts';
import { scoreText } from '../../src/ai/scores.ts';

describe('interval formatting', () => {
  it('0 wins in 1,000 games: the upper end reads about 0.4%, not 0%', () => {
    const ci = wilson(0, 1000);
    expect(ci.high).toBeGreaterThan(0.003);
    expect(formatInterval(ci)).toEqual(['0%', '0.4%']);
  });

  it('1,000 wins in 1,000 games: the low end stays below 100%', () => {
    expect(formatInterval(wilson(1000, 1000))).toEqual(['99.6%', '100%']);
  });

  it('a low end above 0 never prints as 0; a high end below 100% never as 100%', () => {
    const [lo] = formatInterval(wilson(1, 1000));
    expect(lo).not.toBe('0%');
    expect(Number(lo.replace('%', ''))).toBeGreaterThan(0);
    const [, hi] = formatInterval(wilson(999, 1000));
    expect(hi).not.toBe('100%');
  });

  it('mid-range intervals keep whole percentages, rounded outwards', () => {
    const ci = wilson(500, 1000);
    expect(intervalDecimals(ci.low, ci.high)).toBe(0);
    const [lo, hi] = formatInterval(ci);
    expect(Number(lo.replace('%', ''))).toBeLessThanOrEqual(ci.low * 100);
    expect(Number(hi.replace('%', ''))).toBeGreaterThanOrEqual(ci.high * 100);
  });

  it('the printed interval always contains the exact one', () => {
    for (const [w, g] of [[0, 10], [3, 10], [7, 1000], [412, 1000], [993, 1000], [10, 10], [0, 3000]]) {
      const ci = wilson(w, g);
      const [lo, hi] = formatInterval(ci).map((s) => Number(s.replace('%', '')) / 100);
      expect(lo).toBeLessThanOrEqual(ci.low + 1e-12);
      expect(hi).toBeGreaterThanOrEqual(ci.high - 1e-12);
      expect(hi).toBeGreaterThan(lo);
    }
  });

  it('the text the copilot, the CLI and the score history get never prints an interval as 0.0%–0.0% or 100.0%–100.0%', () => {
    const none = wilson(0, 100_000), all = wilson(100_000, 100_000);
    expect(intervalText(none, 1)).toBe('0%–0.1%');
    expect(intervalText(all, 1)).toBe('99.9%–100%');
    expect(scoreText({ hash: 'h', tier: 'average', winRate: 0, low: none.low, high: none.high, games: 100_000, moves: 20, edit: 'x' })).not.toContain('0.0%–0.0%');
    expect(intervalText(wilson(412, 1000), 1)).toBe(`${formatInterval(wilson(412, 1000), 1)[0]}–${formatInterval(wilson(412, 1000), 1)[1]}`);
  });
});
