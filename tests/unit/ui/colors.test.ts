import { describe, expect, it } from 'vitest';
import { heatColor } from '../../../src/ui/analysis/colors.ts';

const luminance = (rgb: string) => {
  const [r, g, b] = rgb.match(/\d+/g)!.map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

describe('heat map colours', () => {
  it('get strictly lighter as the value grows, so the order reads without the hue (over jelly pink or ice blue)', () => {
    let last = -1;
    for (let i = 0; i <= 20; i++) {
      const l = luminance(heatColor(i / 20));
      expect(l).toBeGreaterThan(last);
      last = l;
    }
  });
  it('span a wide range of lightness: the coldest and hottest cells differ by a contrast ratio above 7', () => {
    const lo = luminance(heatColor(0)), hi = luminance(heatColor(1));
    expect((hi + 0.05) / (lo + 0.05)).toBeGreaterThan(7);
  });
});
