import { describe, expect, it } from 'vitest';
import { createLevel, parseLevel } from '../../../src/core/level/index.ts';
import { EditorStore } from '../../../src/stores/editor.svelte.ts';
import { cellIntent, floodCells, lineCells, regionIntent, valueAt } from '../../../src/stores/brush.ts';

const fresh = () => createLevel({ id: 'L1', seed: 5 });

describe('brush intents', () => {
  it('turn each layer value into the registry tool for one cell or a region', () => {
    expect(cellIntent({ layer: 'tile', tile: 'crate', hp: 2 }, 1, 2)).toEqual({ tool: 'paint_tile', args: { x: 1, y: 2, tile: 'crate', hp: 2 } });
    expect(cellIntent({ layer: 'cover', cover: 'chain' }, 0, 0)).toEqual({ tool: 'paint_cover', args: { x: 0, y: 0, cover: 'chain' } });
    expect(regionIntent({ layer: 'ground', ground: 'jelly', layers: 2 }, 3, 3, 0, 0)).toEqual({
      tool: 'paint_ground_region',
      args: { x1: 3, y1: 3, x2: 0, y2: 0, ground: 'jelly', layers: 2 },
    });
  });

  it('lineCells leaves no gaps on a fast diagonal drag', () => {
    const cells = lineCells(0, 0, 4, 2);
    expect(cells[0]).toEqual([0, 0]);
    expect(cells.at(-1)).toEqual([4, 2]);
    for (let i = 1; i < cells.length; i++) {
      expect(Math.abs(cells[i][0] - cells[i - 1][0])).toBeLessThanOrEqual(1);
      expect(Math.abs(cells[i][1] - cells[i - 1][1])).toBeLessThanOrEqual(1);
    }
  });

  it('flood fill stops at a different value and, on cover/ground, at voids', () => {
    const l = fresh();
    l.cells[1] = l.cells[1].map(() => ({ tile: 'void' }));
    expect(floodCells(l, 'ground', 0, 0)).toHaveLength(9); // row 0 only: row 1 is void
    expect(floodCells(l, 'tile', 0, 0)).toHaveLength(9); // random tiles of row 0 (voids differ)
    expect(floodCells(l, 'tile', 0, 1)).toHaveLength(9); // the void row itself
    expect(valueAt(l.cells[1][0], 'tile')).toEqual({ layer: 'tile', tile: 'void' });
  });
});

describe('EditorStore', () => {
  it('a stroke is one undo step; undo and redo are exact', () => {
    const ed = new EditorStore();
    const start = fresh();
    ed.open(start);
    ed.beginStroke('brush');
    for (let x = 0; x < 5; x++) ed.strokeApply(cellIntent({ layer: 'tile', tile: 'red' }, x, 0));
    ed.strokeApply(cellIntent({ layer: 'cover', cover: 'ice', layers: 1 }, 0, 0)); // ice on a red tile is fine
    ed.endStroke();
    const painted = ed.level!;
    expect(painted.cells[0].slice(0, 5).every((c) => c.tile === 'red')).toBe(true);
    expect(ed.canUndo).toBe(true);
    ed.undo();
    expect(ed.level).toEqual(start);
    expect(ed.canRedo).toBe(true);
    ed.redo();
    expect(ed.level).toEqual(painted);
  });

  it('a refused transaction leaves the level and history untouched', () => {
    const ed = new EditorStore();
    const start = fresh();
    ed.open(start);
    const r = ed.transact('resize', [{ tool: 'set_grid_size', args: { width: 99, height: 9 } }]);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/width: must be 3\.\.16/);
    expect(ed.level).toBe(start);
    expect(ed.canUndo).toBe(false);
  });

  it('every change reaches onChange (autosave); a stroke only when it ends', () => {
    const ed = new EditorStore();
    const seen: number[] = [];
    ed.onChange = (l) => seen.push(l.moves);
    ed.open(fresh());
    ed.transact('moves', [{ tool: 'set_move_limit', args: { moves: '30' } }]);
    ed.beginStroke('b');
    ed.strokeApply(cellIntent({ layer: 'tile', tile: 'blue' }, 0, 0));
    expect(seen).toEqual([30]);
    ed.endStroke();
    expect(seen).toEqual([30, 30]);
    ed.undo();
    ed.undo();
    expect(seen).toEqual([30, 30, 30, 25]);
    expect(parseLevel(ed.level).ok).toBe(true);
  });

  it('cancelling a stroke restores the level before it', () => {
    const ed = new EditorStore();
    const start = fresh();
    ed.open(start);
    ed.beginStroke('b');
    ed.strokeApply(cellIntent({ layer: 'tile', tile: 'void' }, 2, 2));
    ed.cancelStroke();
    expect(ed.level).toBe(start);
    expect(ed.canUndo).toBe(false);
  });

  it('each level keeps its own history', () => {
    const ed = new EditorStore();
    const a = fresh();
    const b = createLevel({ id: 'L2', seed: 1 });
    ed.open(a);
    ed.transact('moves', [{ tool: 'set_move_limit', args: { moves: 5 } }]);
    ed.open(b);
    expect(ed.canUndo).toBe(false);
    ed.open(ed.historyOf('L1').entries[0].after);
    expect(ed.canUndo).toBe(true);
  });
});

describe('warnings', () => {
  it('include "no valid first move" when the start board cannot move', async () => {
    const { EditorStore } = await import('../../../src/stores/editor.svelte.ts');
    const l = createLevel({ id: 'W', seed: 3 });
    // a 3×3 Latin square of painted tiles: no swap makes a line
    const pattern = [['red', 'green', 'blue'], ['green', 'blue', 'red'], ['blue', 'red', 'green']] as const;
    const stuck = { ...l, width: 3, height: 3, cells: pattern.map((row) => row.map((tile) => ({ tile }))) };
    // the engine's check loads after the page (a lazy chunk); the store's warnings include it once loaded
    const ed = new EditorStore();
    await ed.engineChecksLoaded;
    ed.open(stuck);
    expect(ed.warnings.map((w) => w.code)).toContain('no_first_move');
    ed.open(l);
    expect(ed.warnings.map((w) => w.code)).not.toContain('no_first_move');
  });
});
