// One way to name a cell, as the board's rulers read it.
import { describe, expect, it } from 'vitest';
import { cellName, cellRef, cellSpan, columnName, parseCellSpan, rowName } from '../../../src/core/cellName.ts';
import { createLevel, levelWarnings } from '../../../src/core/level/index.ts';
import { applyIntent } from '../../../src/core/tools/index.ts';

describe('cell names', () => {
  it('columns are letters from the left, rows numbers from the top', () => {
    expect(columnName(0)).toBe('A');
    expect(columnName(15)).toBe('P');
    expect(rowName(0)).toBe('1');
    expect(cellName(1, 2)).toBe('B3');
    expect(cellName(15, 15)).toBe('P16');
  });

  it('spans read top-left to bottom-right in any corner order, and parse back', () => {
    expect(cellSpan(3, 4, 1, 2)).toBe('B3–D5');
    expect(cellSpan(2, 2, 2, 2)).toBe('C3');
    expect(parseCellSpan('B3–D5')).toEqual({ x1: 1, y1: 2, x2: 3, y2: 4 });
    expect(parseCellSpan('P16')).toEqual({ x1: 15, y1: 15, x2: 15, y2: 15 });
    expect(parseCellSpan('Q1')).toBe(null);
    expect(parseCellSpan('B0')).toBe(null);
  });

  it('text for the model names the cell and keeps the file coordinates', () => {
    expect(cellRef(1, 2)).toBe('B3 (x 1, y 2)');
    expect(cellRef(3, 4, 1, 2)).toBe('B3–D5 (x 1–3, y 2–4)');
  });

  it('warnings and tool summaries use the names (no "(0, 4)")', () => {
    let l = createLevel({ id: 'N', seed: 1, width: 6, height: 6 });
    const painted = applyIntent(l, { tool: 'paint_tile_region', args: { x1: 0, y1: 2, x2: 5, y2: 2, tile: 'crate' } });
    if (!painted.ok) throw new Error(painted.error);
    l = painted.level;
    const starved = levelWarnings(l).find((w) => w.code === 'starved_cells')!;
    expect(starved.message).toContain('A4–A6');
    expect(starved.message).toContain('A3–F3');
    expect(starved.message).not.toMatch(/\(\d+, \d+\)/);
    const r = applyIntent(l, { tool: 'place_bomb', args: { x: -1, y: -1 } });
    expect((r as { summary?: string }).summary).toContain('C3 (x 2, y 2)');
  });
});
