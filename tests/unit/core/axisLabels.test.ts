// Issue 34, item 8: the pack chart's level numbers never run together ("3940" under a 40-level pack).
import { describe, expect, it } from 'vitest';
import { axisLabels } from '../../../src/core/pack/axisLabels.ts';

describe('the pack chart\'s axis labels', () => {
  it('40 levels at every 2nd: 1, 3, …, 37, 40 — not 39 beside 40', () => {
    const shown = axisLabels(40, 2).map((i) => i + 1);
    expect(shown.slice(-2)).toEqual([37, 40]);
    expect(shown[0]).toBe(1);
  });
  it('any size and step: first and last shown, two labels always at least the step apart', () => {
    for (let n = 1; n <= 420; n++)
      for (const k of [1, 2, 3, 4, 5, 7, 13]) {
        const s = axisLabels(n, k);
        expect(s[0]).toBe(0);
        expect(s[s.length - 1]).toBe(n - 1);
        for (let i = 1; i < s.length; i++) expect(s[i] - s[i - 1]).toBeGreaterThanOrEqual(Math.min(k, n - 1));
      }
  });
});
