import { describe, expect, it } from 'vitest';
import { History } from '../../../src/core/history/index.ts';
import { createLevel, type LevelT } from '../../../src/core/level/index.ts';
import { applyIntents, runTool, type Intent } from '../../../src/core/tools/index.ts';

const base = (): LevelT => createLevel({ id: 'H', name: 'History', seed: 3 });

/** Runs calls as one transaction, the way the editor and the copilot do. */
async function transaction(level: LevelT, label: string, calls: [string, unknown][]) {
  let cur = level;
  const intents: Intent[] = [];
  for (const [name, args] of calls) {
    const r = await runTool(cur, name, args);
    if (!r.ok) throw new Error(r.error);
    cur = r.level;
    if (r.intent) intents.push(r.intent);
  }
  return { label, intents, before: level, after: cur };
}

describe('History', () => {
  it('undo and redo return the exact snapshots, step by step', async () => {
    const h = new History();
    const l0 = base();
    const t1 = await transaction(l0, 'resize', [['set_grid_size', { width: 6, height: 5 }]]);
    const t2 = await transaction(t1.after, 'AI: ice at the bottom', [
      ['paint_cover_region', { x1: 0, y1: 4, x2: 5, y2: 3, cover: 'ice', layers: 2 }],
      ['add_objective', { type: 'clear_cover', cover: 'ice' }],
    ]);
    const t3 = await transaction(t2.after, 'brush', [['paint_tile', { x: 0, y: 0, tile: 'crate', hp: 3 }]]);
    const snapshots = [structuredClone(l0), structuredClone(t1.after), structuredClone(t2.after), structuredClone(t3.after)];
    for (const t of [t1, t2, t3]) expect(h.commit(t)).toBe(true);

    expect(h.undoLabel).toBe('brush');
    expect(h.undo()!.before).toEqual(snapshots[2]);
    expect(h.undoLabel).toBe('AI: ice at the bottom');
    expect(h.redoLabel).toBe('brush');
    expect(h.undo()!.before).toEqual(snapshots[1]);
    expect(h.undo()!.before).toEqual(snapshots[0]);
    expect(h.canUndo).toBe(false);
    expect(h.undo()).toBeUndefined();
    expect(h.redo()!.after).toEqual(snapshots[1]);
    expect(h.redo()!.after).toEqual(snapshots[2]);
    expect(h.redo()!.after).toEqual(snapshots[3]);
    expect(h.canRedo).toBe(false);
    expect(h.redo()).toBeUndefined();
  });

  it('a transaction’s intents replayed on its before give its after (one undo step, several intents)', async () => {
    const t = await transaction(base(), 'AI turn', [
      ['generate_random_level', { seed: 4, jelly_ratio: 0.3, void_ratio: 0.2 }],
      ['set_move_limit', { moves: '30' }],
      ['place_bomb', { x: -1, y: -1 }],
    ]);
    expect(t.intents.length).toBe(3);
    const replay = applyIntents(t.before, t.intents);
    expect(replay.applied).toBe(3);
    expect(replay.level).toEqual(t.after);
  });

  it('a no-op transaction is dropped and does not clear redo', async () => {
    const h = new History();
    const l = base();
    const t = await transaction(l, 'moves', [['set_move_limit', { moves: 40 }]]);
    h.commit(t);
    h.undo();
    expect(h.commit({ label: 'same', intents: [], before: l, after: l })).toBe(false);
    expect(h.commit({ label: 'equal copy', intents: [], before: l, after: structuredClone(l) })).toBe(false);
    expect(h.canRedo).toBe(true);
  });

  it('a new transaction after undo clears the redo stack', async () => {
    const h = new History();
    const l = base();
    const a = await transaction(l, 'a', [['set_move_limit', { moves: 40 }]]);
    h.commit(a);
    h.undo();
    const b = await transaction(l, 'b', [['set_colors', { colors: 6 }]]);
    h.commit(b);
    expect(h.canRedo).toBe(false);
    expect(h.entries.map((e) => e.label)).toEqual(['b']);
  });

  it('keeps at most `limit` steps, dropping the oldest', () => {
    const h = new History(3);
    let l = base();
    for (let m = 1; m <= 5; m++) {
      const next = { ...l, moves: m };
      h.commit({ label: `m${m}`, intents: [{ tool: 'set_move_limit', args: { moves: m } }], before: l, after: next, at: m });
      l = next;
    }
    expect(h.entries.map((e) => e.label)).toEqual(['m3', 'm4', 'm5']);
    expect(h.entries[0].at).toBe(3);
    let cur = l;
    while (h.canUndo) cur = h.undo()!.before;
    expect(cur.moves).toBe(2);
  });

  it('clear forgets both stacks', () => {
    const h = new History();
    const l = base();
    h.commit({ label: 'x', intents: [], before: l, after: { ...l, moves: 3 } });
    h.undo();
    h.commit({ label: 'y', intents: [], before: l, after: { ...l, moves: 4 } });
    h.clear();
    expect([h.canUndo, h.canRedo, h.undoLabel, h.redoLabel]).toEqual([false, false, undefined, undefined]);
  });

  it('snapshots are not disturbed by later edits (levels are values)', async () => {
    const h = new History();
    const l = base();
    const frozen = structuredClone(l);
    const t = await transaction(l, 'paint', [['paint_tile_region', { x1: 0, y1: 0, x2: 8, y2: 8, tile: 'red' }]]);
    h.commit(t);
    await runTool(t.after, 'clear_all', {});
    expect(h.undo()!.before).toEqual(frozen);
  });
});
