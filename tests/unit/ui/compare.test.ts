import { describe, expect, it } from 'vitest';
import { createLevel } from '../../../src/core/level/index.ts';
import { applyIntent } from '../../../src/core/tools/index.ts';
import { History } from '../../../src/core/history/index.ts';
import { changedCells, versionsOf } from '../../../src/ui/analysis/compare.ts';

const edit = (l: ReturnType<typeof createLevel>, tool: string, args: Record<string, unknown>) => {
  const r = applyIntent(l, { tool, args });
  if (!r.ok) throw new Error(r.error);
  return r.level;
};

describe('compare', () => {
  it('finds exactly the cells an edit changed', () => {
    const a = createLevel({ id: 'a', width: 6, height: 6 });
    const b = edit(edit(a, 'paint_tile', { x: 1, y: 2, tile: 'red' }), 'paint_cover', { x: 4, y: 0, cover: 'ice', layers: 2 });
    expect([...changedCells(a, b)].sort()).toEqual(['1,2', '4,0']);
    expect(changedCells(a, a).size).toBe(0);
    // moves are not cells
    expect(changedCells(a, edit(a, 'set_move_limit', { moves: 40 })).size).toBe(0);
  });

  it('a cell that exists on one board only counts as changed', () => {
    const a = createLevel({ id: 'a', width: 5, height: 5 });
    const b = edit(a, 'set_grid_size', { width: 6, height: 5 });
    expect([...changedCells(a, b)].sort()).toEqual(['5,0', '5,1', '5,2', '5,3', '5,4']);
  });

  it('lists the level now, then the level before each change (newest first), then the other levels', () => {
    const a = createLevel({ id: 'a' });
    const h = new History();
    const b = edit(a, 'set_move_limit', { moves: 30 });
    h.commit({ label: 'moves 30', intents: [], before: a, after: b, at: 1 });
    const c = edit(b, 'paint_tile', { x: 0, y: 0, tile: 'bomb' });
    h.commit({ label: 'bomb', intents: [], before: b, after: c, at: 2 });
    const other = createLevel({ id: 'o', name: 'Other' });
    const v = versionsOf(c, h.entries, [c, other]);
    expect(v.map((x) => x.key)).toEqual(['current', 'h1', 'h0', 'l:o']);
    expect(v[1].level).toBe(b);
    expect(v[1].label).toBe('bomb');
    expect(v[2].level).toBe(a);
  });

  it('adds the level as last analysed when it differs from the level now', () => {
    const a = createLevel({ id: 'a' });
    const b = edit(a, 'set_move_limit', { moves: 31 });
    expect(versionsOf(b, [], [], { level: a, at: 5 }).map((v) => v.key)).toEqual(['current', 'analysed']);
    expect(versionsOf(a, [], [], { level: a, at: 5 }).map((v) => v.key)).toEqual(['current']);
  });
});
