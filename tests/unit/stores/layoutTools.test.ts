// The layout tools' state machine (src/stores/layoutTools.svelte.ts) scripted in node through BoardTools:
// a belt's drag fills the cells the pointer skipped and takes back the last one when it goes back, the
// keyboard's belt and hidden piece, Delete on what the cursor is on, each edit one undo step, and a
// refusal that leaves the level as it was with §12's reason as a key.
import { beforeAll, describe, expect, it } from 'vitest';
import { createLevel, type LevelT } from '../../../src/core/level/index.ts';
import { EditorStore } from '../../../src/stores/editor.svelte.ts';
import { BoardTools, type Cell } from '../../../src/stores/boardTools.svelte.ts';
import { layoutLoad, loadLayoutEditing } from '../../../src/stores/layoutLoad.svelte.ts';

type XY = [number, number];
type L = LevelT & { belts?: { cells: XY[] }[]; hidden?: { at: XY; size: XY }[]; spawners?: { at: XY }[] };
beforeAll(() => loadLayoutEditing());

function setup(tool: EditorStore['tool']) {
  const ed = new EditorStore();
  ed.open(createLevel({ id: 'B', seed: 2, width: 7, height: 5 }));
  ed.tool = tool;
  const tools = new BoardTools(() => ed);
  const level = () => ed.level as L;
  const drag = (cells: Cell[]) => {
    tools.down(cells[0], 0);
    for (const c of cells.slice(1)) tools.move(c);
    tools.up();
  };
  const keys = (...ks: string[]) => ks.forEach((key) => tools.key({ key }));
  return { ed, tools, level, drag, keys };
}
const steps = (ed: EditorStore) => ed.historyOf('B').entries.length;

describe('layout tools', () => {
  it('load with their words and code once asked for', () => {
    expect(layoutLoad.module).not.toBeNull();
  });

  it('belt by drag: skipped cells filled (a row, then a column), going back takes the last cell off; one step, undone exactly', () => {
    const { ed, level, drag } = setup('belt');
    const before = ed.level!;
    drag([[0, 0], [2, 0], [2, 2], [2, 1]]);
    expect(level().belts).toEqual([{ cells: [[0, 0], [1, 0], [2, 0], [2, 1]] }]);
    expect(ed.notice).toEqual({ key: 'belt.added', params: { from: 'A1', to: 'C2', n: 4 } });
    expect(steps(ed)).toBe(1);
    ed.undo();
    expect(ed.level).toEqual(before);
  });

  it('belt by keys: Space starts and adds, a cell not next to the last is said, Enter on the last lays it, Esc drops one', () => {
    const { ed, tools, level, keys } = setup('belt');
    ed.cursor = [1, 1];
    keys(' ', 'ArrowRight', ' ', 'ArrowDown', 'ArrowDown', ' ');
    expect(ed.notice).toEqual({ key: 'belt.notNext', params: { cell: 'C4', last: 'C2' } });
    keys('ArrowUp', 'Enter');
    expect(tools.layoutMode).toEqual({ kind: 'belt', cells: [[1, 1], [2, 1], [2, 2]], keyboard: true });
    keys('Enter');
    expect(level().belts).toEqual([{ cells: [[1, 1], [2, 1], [2, 2]] }]);
    ed.cursor = [5, 0];
    keys(' ', 'ArrowRight', ' ', 'Escape');
    expect(level().belts).toHaveLength(1);
    expect(ed.notice).toEqual({ key: 'belt.cancelled' });
    // Delete on a belt's cell under the cursor removes that belt
    ed.cursor = [2, 2];
    keys('Delete');
    expect(level().belts).toBeUndefined();
    expect(steps(ed)).toBe(2);
  });

  it('a refusal changes nothing and gives the reason as a key; one cell is not a belt', () => {
    const { ed, level, drag } = setup('belt');
    drag([[0, 0], [1, 0]]);
    const before = ed.level;
    drag([[1, 1], [1, 0]]);
    expect(ed.level).toBe(before);
    expect(ed.notice).toEqual({ key: 'layout.refused', params: { reason: { key: 'problem.beltTwice', params: { cell: 'B1', n: 1 } } } });
    drag([[4, 4]]);
    expect(ed.notice).toEqual({ key: 'belt.short' });
    expect(level().belts).toHaveLength(1);
  });

  it('hidden piece by keys and by a drag; a click inside one picks it and Delete removes it', () => {
    const { ed, tools, level, drag, keys } = setup('hidden');
    ed.cursor = [0, 0];
    keys(' ', 'ArrowRight', 'ArrowDown', 'Enter');
    expect(level().hidden).toEqual([{ at: [0, 0], size: [2, 2] }]);
    drag([[5, 3], [4, 2]]);
    expect(level().hidden).toEqual([{ at: [0, 0], size: [2, 2] }, { at: [4, 2], size: [2, 2] }]);
    tools.down([1, 1], 0);
    tools.up();
    expect(tools.layoutMode).toEqual({ kind: 'hiddenPicked', n: 1 });
    keys('Delete');
    expect(level().hidden).toEqual([{ at: [4, 2], size: [2, 2] }]);
    expect(steps(ed)).toBe(3);
  });

  it("spawner: a column's top takes one and is picked; a cell starting no path is refused; another tool lets go", () => {
    const { ed, tools, level } = setup('spawn');
    tools.down([3, 0], 0);
    expect(level().spawners).toEqual([{ at: [3, 0], spawn: [] }]);
    expect(tools.layout!.current()).toEqual({ kind: 'spawnerPicked', at: [3, 0] });
    tools.down([3, 2], 0);
    expect(ed.notice).toEqual({ key: 'layout.refused', params: { reason: { key: 'problem.spawnerNotStart', params: {} } } });
    ed.tool = 'belt';
    expect(tools.layout!.current()).toEqual({ kind: 'idle' });
  });

  it('wall near the board\'s outer edge: the aim shows the inner edge a click changes and says the outer one has none; the click says why', () => {
    const { ed, tools, level } = setup('wall');
    type W = { walls?: { x: number; y: number; side: string }[] };
    // G1 is the last column's top cell (7 wide): near its right side the outer edge is nearest, and the
    // nearest edge between two cells is its bottom one (0.4 away; its left edge is 0.9 away)
    tools.move([6, 0], [0.9, 0.6]);
    expect(tools.layout!.current()).toEqual({ kind: 'wallAim', edge: { x: 6, y: 0, side: 'bottom' }, outer: true, on: false });
    tools.down([6, 0], 0, [0.9, 0.6]);
    expect((level() as W).walls).toEqual([{ x: 6, y: 0, side: 'bottom' }]);
    expect(ed.notice).toEqual({ key: 'wall.outer.on.bottom', params: { cell: 'G1' } });
    // the aim follows the wall now there: a click would take it off
    expect(tools.layout!.current()).toMatchObject({ kind: 'wallAim', on: true });
    // an inner edge nearest: no word about the outer one
    tools.move([2, 2], [0.5, 0.92]);
    expect(tools.layout!.current()).toEqual({ kind: 'wallAim', edge: { x: 2, y: 2, side: 'bottom' }, outer: false, on: false });
    tools.down([2, 2], 0, [0.5, 0.92]);
    expect(ed.notice).toEqual({ key: 'wall.on.bottom', params: { cell: 'C3' } });
    // the bottom row's lower half: the outer edge is nearest, the aim goes to the next nearest inner edge
    tools.move([3, 4], [0.3, 0.97]);
    expect(tools.layout!.current()).toEqual({ kind: 'wallAim', edge: { x: 2, y: 4, side: 'right' }, outer: true, on: false });
    // off the board, the aim goes; Escape has nothing to let go of
    tools.move(null);
    expect(tools.layout!.current()).toEqual({ kind: 'idle' });
    expect(steps(ed)).toBe(2);
  });
});
