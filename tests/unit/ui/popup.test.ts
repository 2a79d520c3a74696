// placePopup (src/ui/common/popup.ts): flips and shifts a popup so all of it lies inside the window.
import { describe, expect, it } from 'vitest';
import { placePopup } from '../../../src/ui/common/popup.ts';

const view = { width: 1024, height: 700 };
const inside = (p: { left: number; top: number }, size: { width: number; height: number }, margin = 8) =>
  p.left >= margin && p.top >= margin && p.left + size.width <= view.width - margin && p.top + size.height <= view.height - margin;

describe('placePopup', () => {
  it('goes under its anchor when it fits there, lined up with the anchor', () => {
    const p = placePopup({ left: 100, top: 100, width: 60, height: 20 }, { width: 300, height: 200 }, view);
    expect(p).toMatchObject({ side: 'below', left: 100, top: 124 });
  });

  it('flips above its anchor near the window bottom', () => {
    const size = { width: 300, height: 200 };
    const p = placePopup({ left: 100, top: 660, width: 60, height: 20 }, size, view);
    expect(p.side).toBe('above');
    expect(p.top).toBe(660 - 4 - 200);
    expect(inside(p, size)).toBe(true);
  });

  it('shifts left at the right edge, and lines up with the right edge when asked', () => {
    const size = { width: 300, height: 100 };
    const p = placePopup({ left: 900, top: 100, width: 60, height: 20 }, size, view);
    expect(p.left).toBe(1024 - 8 - 300);
    expect(inside(p, size)).toBe(true);
    const end = placePopup({ left: 500, top: 100, width: 40, height: 20 }, { width: 200, height: 100 }, view, { align: 'end' });
    expect(end.left).toBe(540 - 200);
  });

  it('a popup taller than either side: as tall as the window allows, inside it, scrolling within', () => {
    const p = placePopup({ left: 100, top: 340, width: 60, height: 20 }, { width: 200, height: 900 }, view);
    expect(p.maxHeight).toBe(700 - 16);
    expect(p.top).toBe(8);
    expect(p.top + p.maxHeight).toBeLessThanOrEqual(700 - 8);
  });

  it('keeps to the side with more room when neither fits, with a maximum height of that room', () => {
    const p = placePopup({ left: 100, top: 500, width: 60, height: 20 }, { width: 200, height: 550 }, view);
    expect(p.side).toBe('above');
    expect(p.maxHeight).toBe(550);
    expect(p.top).toBeGreaterThanOrEqual(8);
  });

  it('a popup wider than the window gets the window width less the margins', () => {
    const p = placePopup({ left: 10, top: 10, width: 60, height: 20 }, { width: 2000, height: 100 }, view);
    expect(p.maxWidth).toBe(1024 - 16);
    expect(p.left).toBe(8);
  });
});
