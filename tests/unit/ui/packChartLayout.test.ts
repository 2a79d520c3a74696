// The pack chart's words and marks never overlap (UI-CONTRACT "pack view": no two chart labels overlap):
// a dip's ▼ under a level at 100% sat on that level's number (candy-kingdom's levels with the sample
// pack, level 4 a dip at 100%, ramp target), a spike's ▲ over a level at 0% on the axis title.
import { describe, expect, it } from 'vitest';
import { axisLabels } from '../../../src/core/pack/axisLabels.ts';
import { boxesMeet, H, LABEL_Y, labelBox, markBox, markHalf, markPath, NAME_Y, P, sx, sy, TITLE_Y, W, type Box } from '../../../src/ui/analysis/packChartLayout.ts';

/** The level numbers as PackChart writes them (every k-th: LABEL_GAP 22, wider past 100 levels). */
function numberBoxes(n: number): Box[] {
  const dx = n <= 1 ? Infinity : (W - P.l - P.r) / (n - 1);
  const every = n <= 1 ? 1 : Math.max(1, Math.ceil((22 * (n >= 100 ? 1.4 : 1)) / dx));
  return axisLabels(n, every).map((i) => labelBox(String(i + 1), sx(i, n), LABEL_Y));
}

describe('pack chart layout', () => {
  it('the reported case: 10 levels, level 4 a dip at 100% (interval up to 100%): its ▼ is clear of every level number', () => {
    const n = 10, half = markHalf(n);
    const dip = markBox('dip', sx(3, n), 1, half);
    for (const b of numberBoxes(n)) expect(boxesMeet(dip, b), `▼ against ${JSON.stringify(b)}`).toBe(false);
    expect(markPath('dip', sx(3, n), 1, half)).toMatch(/^M/);
  });

  it('for 2..150 levels, any ▼ (interval top 0..100%) meets no level number and no ▲ meets the axis title; the axis\' name sits under the numbers, all inside the chart', () => {
    const title = labelBox('↑ Win rate (average bot), harder up', P.l, TITLE_Y, 'start', 6.5);
    const name = labelBox('Level in pack order', (P.l + W - P.r) / 2, NAME_Y);
    const bad: string[] = [];
    for (let n = 2; n <= 150; n++) {
      const half = markHalf(n), numbers = numberBoxes(n);
      for (const b of numbers) {
        expect(boxesMeet(b, name)).toBe(false);
        expect(b.y + b.h).toBeLessThanOrEqual(H);
      }
      expect(name.y + name.h).toBeLessThanOrEqual(H);
      for (let i = 1; i < n - 1; i++)
        for (const edge of [0, 0.5, 0.97, 1]) {
          const dip = markBox('dip', sx(i, n), edge, half);
          if (numbers.some((b) => boxesMeet(dip, b))) bad.push(`${n} levels, ▼ of ${i + 1} at ${edge}`);
          if (boxesMeet(markBox('spike', sx(i, n), edge, half), title)) bad.push(`${n} levels, ▲ of ${i + 1} at ${edge}`);
        }
    }
    expect(bad).toEqual([]);
  });

  it('marks of two levels apart (the nearest two flags can be: a flag needs both neighbours) never meet, however many levels', () => {
    for (let n = 3; n <= 150; n++) {
      const half = markHalf(n);
      for (const flag of ['spike', 'dip'] as const) expect(boxesMeet(markBox(flag, sx(1, n), 1, half), markBox(flag, sx(3, n), 1, half))).toBe(false);
    }
  });

  it('the plot keeps its height (150 units, 100% at the bottom): only the words moved', () => {
    expect(sy(1) - sy(0)).toBe(150);
    expect(sy(0)).toBe(P.t);
    expect(LABEL_Y).toBeGreaterThan(sy(1) + 12 + 8);
  });
});
