// The board's pointer tools as a state machine, scripted in node: the state path of each gesture, and
// that each gesture is exactly one undo step (undo and redo exact).
import { describe, expect, it } from 'vitest';
import { createLevel, type LevelT } from '../../../src/core/level/index.ts';
import { EditorStore } from '../../../src/stores/editor.svelte.ts';
import { BoardTools, type Cell } from '../../../src/stores/boardTools.svelte.ts';
import { say } from '../../../src/i18n/notice.ts';
/** The editor's line as the palette words it (the store says what happened: src/core/notice.ts). */
const noticeText = (e: { notice: Parameters<typeof say>[0] | null; game: Parameters<typeof say>[1] }) => (e.notice ? say(e.notice, e.game) : null);

function setup(tool: EditorStore['tool'] = 'brush') {
  const ed = new EditorStore();
  ed.open(createLevel({ id: 'B', seed: 2, width: 7, height: 5 }));
  ed.tool = tool;
  const tools = new BoardTools(() => ed);
  /** Presses at the first cell, moves through the others, releases; returns the modes seen. */
  const gesture = (cells: Cell[], button = 0) => {
    const path = [tools.mode.kind as string];
    tools.down(cells[0], button);
    path.push(tools.mode.kind);
    for (const c of cells.slice(1)) {
      tools.move(c);
      path.push(tools.mode.kind);
    }
    tools.up();
    path.push(tools.mode.kind);
    return [...new Set(path)];
  };
  return { ed, tools, gesture };
}
const steps = (ed: EditorStore) => ed.historyOf('B').entries.length;
const tile = (ed: EditorStore, x: number, y: number) => ed.level!.cells[y][x].tile ?? 'random';
function undoRedoExact(ed: EditorStore, before: LevelT) {
  const after = ed.level;
  ed.undo();
  expect(ed.level).toEqual(before);
  ed.redo();
  expect(ed.level).toEqual(after);
}

describe('board tools state machine', () => {
  it('brush: idle → painting → idle; a drag leaves no gaps and is one step', () => {
    const { ed, gesture } = setup('brush');
    ed.setValue({ layer: 'tile', tile: 'red' });
    const before = ed.level!;
    expect(gesture([[0, 0], [3, 2]])).toEqual(['idle', 'painting']);
    for (const [x, y] of [[0, 0], [1, 1], [2, 1], [3, 2]] as const) expect(tile(ed, x, y)).toBe('red');
    expect(steps(ed)).toBe(1);
    undoRedoExact(ed, before);
  });

  it('right-click erases on the active layer with any tool, mirrored', () => {
    const { ed, gesture } = setup('fill');
    ed.transact('paint', [{ tool: 'paint_tile_region', args: { x1: 0, y1: 0, x2: 6, y2: 0, tile: 'blue' } }]);
    ed.mirror = 'x';
    const before = ed.level!;
    expect(gesture([[0, 0], [1, 0]], 2)).toEqual(['idle', 'painting']);
    expect([0, 1, 5, 6].map((x) => tile(ed, x, 0))).toEqual(['random', 'random', 'random', 'random']);
    expect(tile(ed, 2, 0)).toBe('blue');
    expect(steps(ed)).toBe(2);
    undoRedoExact(ed, before);
  });

  it('rectangle: idle → dragging → idle, with mirror images, one step', () => {
    const { ed, tools, gesture } = setup('rect');
    ed.mirror = 'y';
    ed.setValue({ layer: 'cover', cover: 'chain' });
    tools.down([1, 0], 0);
    tools.move([2, 1]);
    expect(tools.marquees()).toEqual([
      { x1: 1, y1: 0, x2: 2, y2: 1 },
      { x1: 1, y1: 3, x2: 2, y2: 4 },
    ]);
    tools.up();
    expect(ed.level!.cells[4][2].cover).toEqual({ type: 'chain' });
    expect(steps(ed)).toBe(1);
    expect(gesture([[5, 2]])).toEqual(['idle', 'dragging']); // a click is a 1×1 rectangle
  });

  it('select: marking then moving; the move is one step and every layer travels', () => {
    const { ed, tools, gesture } = setup('select');
    ed.transact('paint', [
      { tool: 'paint_tile', args: { x: 0, y: 0, tile: 'green' } },
      { tool: 'paint_cover', args: { x: 0, y: 0, cover: 'ice', layers: 3 } },
      { tool: 'paint_ground', args: { x: 1, y: 0, ground: 'jelly', layers: 2 } },
    ]);
    const before = ed.level!;
    expect(gesture([[0, 0], [1, 0]])).toEqual(['idle', 'marking']);
    expect(ed.selection).toEqual({ x1: 0, y1: 0, x2: 1, y2: 0 });
    tools.down([1, 0], 0);
    expect(tools.mode.kind).toBe('moving');
    tools.move([9, 3]); // past the edge: clamped so the block stays on the board
    expect(tools.selectionShown()).toEqual({ x1: 5, y1: 3, x2: 6, y2: 3 });
    tools.up();
    expect(ed.level!.cells[3][5]).toEqual(before.cells[0][0]);
    expect(ed.level!.cells[3][6]).toEqual(before.cells[0][1]);
    expect(ed.level!.cells[0][0]).toEqual({});
    expect(steps(ed)).toBe(2);
    undoRedoExact(ed, before);
  });

  it('a cancelled stroke puts the level back and records nothing', () => {
    const { ed, tools } = setup('brush');
    const before = ed.level;
    tools.down([0, 0], 0);
    tools.move([4, 0]);
    tools.cancel();
    expect(tools.mode.kind).toBe('idle');
    expect(ed.level).toBe(before);
    expect(steps(ed)).toBe(0);
  });

  it('an erase that changes nothing: no step, and the notice names the layer with content', () => {
    const { ed, gesture } = setup('erase');
    ed.transact('crate', [{ tool: 'paint_tile', args: { x: 2, y: 2, tile: 'crate' } }]);
    ed.layer = 'ground';
    gesture([[2, 2]]);
    expect(steps(ed)).toBe(1);
    expect(noticeText(ed)).toContain('Tile layer');
  });

  it('keyboard: arrows move the cursor, Space applies, Shift+arrows select, Alt+arrows move the cells', () => {
    const { ed, tools } = setup('brush');
    ed.setValue({ layer: 'tile', tile: 'yellow' });
    tools.key({ key: 'ArrowRight' });
    tools.key({ key: 'ArrowDown' });
    expect(tools.key({ key: ' ' })).toBe(true);
    expect(tile(ed, 1, 1)).toBe('yellow');
    ed.tool = 'select';
    tools.key({ key: 'Enter' });
    tools.key({ key: 'ArrowRight', shiftKey: true });
    expect(ed.selection).toEqual({ x1: 1, y1: 1, x2: 2, y2: 1 });
    tools.key({ key: 'ArrowDown', altKey: true });
    expect(tile(ed, 1, 2)).toBe('yellow');
    expect(tile(ed, 1, 1)).toBe('random');
    expect(ed.selection).toEqual({ x1: 1, y1: 2, x2: 2, y2: 2 });
    expect(tools.key({ key: 'q' })).toBe(false);
  });

  it('keyboard rectangle: Space anchors, Shift+arrows extend, Enter paints the whole rectangle as one step', () => {
    const { ed, tools } = setup('rect');
    ed.setValue({ layer: 'tile', tile: 'blue' });
    tools.key({ key: 'ArrowRight' });
    expect(tools.key({ key: ' ' })).toBe(true);
    expect(tools.mode.kind).toBe('anchored');
    expect(tile(ed, 1, 0)).toBe('random'); // nothing painted until Enter
    expect(noticeText(ed)).toMatch(/Rectangle from B1/);
    tools.key({ key: 'ArrowRight', shiftKey: true });
    tools.key({ key: 'ArrowRight', shiftKey: true });
    tools.key({ key: 'ArrowDown', shiftKey: true });
    expect(tools.marquees()).toEqual([{ x1: 1, y1: 0, x2: 3, y2: 1 }]);
    expect(tools.anchoredSpan()).toEqual({ tool: 'rect', rect: { x1: 1, y1: 0, x2: 3, y2: 1 } });
    expect(tools.key({ key: 'Enter' })).toBe(true);
    for (let y = 0; y <= 1; y++) for (let x = 1; x <= 3; x++) expect(tile(ed, x, y)).toBe('blue');
    expect(tile(ed, 0, 0)).toBe('random');
    expect(tile(ed, 4, 0)).toBe('random');
    expect(steps(ed)).toBe(1);
    expect(noticeText(ed)).toBe('Painted B1–D2.');
    expect(tools.mode.kind).toBe('idle');
    expect(ed.cursor).toEqual([3, 1]);
  });

  it('keyboard rectangle: Shift+arrow alone anchors at the cursor; Escape cancels with nothing painted', () => {
    const { ed, tools } = setup('rect');
    ed.setValue({ layer: 'tile', tile: 'green' });
    tools.key({ key: 'ArrowDown', shiftKey: true });
    tools.key({ key: 'ArrowRight', shiftKey: true });
    expect(tools.marquees()).toEqual([{ x1: 0, y1: 0, x2: 1, y2: 1 }]);
    expect(tools.key({ key: 'Escape' })).toBe(true);
    expect(tools.marquees()).toEqual([]);
    expect(steps(ed)).toBe(0);
    expect(noticeText(ed)).toBe('Rectangle cancelled.');
    expect(tools.key({ key: 'Escape' })).toBe(false); // nothing open: Escape is the page's again
  });

  it('keyboard selection: Enter anchors, Shift+arrows grow it, Enter keeps it, Escape restores the one before', () => {
    const { ed, tools } = setup('select');
    ed.select({ x1: 5, y1: 3, x2: 6, y2: 4 });
    ed.cursor = [1, 1];
    tools.key({ key: 'Enter' });
    tools.key({ key: 'ArrowRight', shiftKey: true });
    tools.key({ key: 'ArrowDown' });
    expect(ed.selection).toEqual({ x1: 1, y1: 1, x2: 2, y2: 2 });
    tools.key({ key: 'Escape' });
    expect(ed.selection).toEqual({ x1: 5, y1: 3, x2: 6, y2: 4 });
    tools.key({ key: ' ' });
    tools.key({ key: 'ArrowLeft', shiftKey: true });
    tools.key({ key: 'Enter' });
    expect(ed.selection).toEqual({ x1: 1, y1: 2, x2: 2, y2: 2 }); // from the cursor, which stayed at C3
    expect(noticeText(ed)).toBe('Selected B3–C3.');
    expect(tools.mode.kind).toBe('idle');
  });

  it('paint the rules refuse (ice on a crate, jelly on a void) says why, and records nothing', () => {
    const { ed, gesture } = setup('brush');
    ed.transact('setup', [
      { tool: 'paint_tile', args: { x: 0, y: 0, tile: 'crate' } },
      { tool: 'paint_tile', args: { x: 1, y: 0, tile: 'void' } },
    ]);
    ed.setValue({ layer: 'cover', cover: 'ice', layers: 1 });
    gesture([[0, 0]]);
    expect(noticeText(ed)).toMatch(/Ice and chains go on colour or random tiles only: A1 holds/);
    ed.tool = 'rect';
    ed.setValue({ layer: 'ground', ground: 'jelly', layers: 1 });
    gesture([[1, 0]]);
    expect(noticeText(ed)).toMatch(/^B1 is a void.*no Ground/);
    expect(steps(ed)).toBe(1);
    // painting a value the cell already has is quiet
    ed.tool = 'brush';
    ed.setValue({ layer: 'tile', tile: 'crate', hp: 1 });
    gesture([[0, 0]]);
    expect(ed.notice).toBe(null);
  });

  it('painting on a hidden layer shows it again and says so', () => {
    const { ed, gesture } = setup('brush');
    ed.hidden = { tile: true, cover: false, ground: false };
    gesture([[0, 0]]);
    expect(ed.hidden.tile).toBe(false);
    expect(noticeText(ed)).toMatch(/Tile layer was hidden/);
  });
});
