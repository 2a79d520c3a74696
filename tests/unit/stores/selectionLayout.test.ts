// The Select tool's edits on a version 2 level (issue 41 item 2; docs/rules.md §9): copy, cut, paste,
// move, flip and turn carry the portals, belts, walls and hidden rectangles wholly inside the block, one
// undo step each, dropped entries counted in the step's notice; a multi-cell piece partly inside is
// refused with a reason; a v1 level that gets a pasted layout becomes version 2; a refused cake paint
// says §12.4's reason in both languages.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLevel, parseLevel, type LevelT } from '../../../src/core/level/index.ts';
import { forgetGames, registerGames } from '../../../src/core/game/registry.ts';
import type { GameDef } from '../../../src/core/game/types.ts';
import { EditorStore } from '../../../src/stores/editor.svelte.ts';
import * as block from '../../../src/stores/selection.ts';
import * as brushNotes from '../../../src/stores/brushNotes.ts';
import { setLocale } from '../../../src/i18n/index.svelte.ts';
import { say } from '../../../src/i18n/notice.ts';
import { loadWords } from '../../../src/stores/words.ts';

type L = LevelT & { walls?: unknown[]; portals?: unknown[]; belts?: unknown[]; hidden?: unknown[] };
const root = new URL('../../../examples/games/', import.meta.url);
const read = <T>(p: string) => JSON.parse(readFileSync(new URL(p, root), 'utf8')) as T;
beforeAll(async () => {
  registerGames([read<GameDef>('candy-kingdom.game.json')]);
  await block.loadBlockEdits();
  await loadWords('block');
});
afterAll(() => forgetGames(['candy-kingdom']));

const v2 = (): L =>
  ({
    ...createLevel({ id: 'V', seed: 1 }),
    version: 2,
    game: 'candy-kingdom',
    walls: [{ x: 1, y: 1, side: 'right' }],
    belts: [{ cells: [[1, 2], [2, 2]] }],
    portals: [{ from: [1, 1], to: [2, 3] }],
  }) as L;
function editorWith(l: LevelT) {
  const ed = new EditorStore();
  ed.open(l);
  return ed;
}
const steps = (ed: EditorStore) => ed.historyOf(ed.level!.id).entries.length;
const text = (ed: EditorStore) => (ed.notice ? say(ed.notice, ed.game) : null);
const valid = (l: LevelT | null) => (parseLevel(l).ok ? 'valid' : JSON.stringify(parseLevel(l)));

describe('the selection carries the layout', () => {
  it('copy and paste: the wall, belt and portal land with the cells, one step; undo takes all back', () => {
    const ed = editorWith(v2());
    const before = ed.level!;
    ed.select({ x1: 1, y1: 1, x2: 2, y2: 3 });
    expect(block.copy(ed)).toBe(true);
    expect(text(ed)).toBe('Copied 2×3 cells (every layer) with 3 layout entries inside them. Paste with Ctrl+V, also in another level.');
    expect(block.paste(ed, [5, 4])).toBe(true);
    expect(steps(ed)).toBe(1);
    const l = ed.level as L;
    expect(l.walls).toEqual([{ x: 1, y: 1, side: 'right' }, { x: 5, y: 4, side: 'right' }]);
    expect(l.belts).toEqual([{ cells: [[1, 2], [2, 2]] }, { cells: [[5, 5], [6, 5]] }]);
    expect(l.portals).toEqual([{ from: [1, 1], to: [2, 3] }, { from: [5, 4], to: [6, 6] }]);
    expect(valid(l)).toBe('valid');
    ed.undo();
    expect(ed.level).toEqual(before);
  });

  it('rotate: the wall turns to the matching edge, the belt and the portal with their cells, in one step', () => {
    const ed = editorWith(v2());
    ed.select({ x1: 1, y1: 1, x2: 2, y2: 3 });
    expect(block.transformSelection(ed, 'rotate_cw')).toBe(true);
    const l = ed.level as L;
    // a 2×3 block from B2 turns into 3×2 there: (x, y) → (2 - y, x) inside it
    expect(l.walls).toEqual([{ x: 3, y: 1, side: 'bottom' }]);
    expect(l.belts).toEqual([{ cells: [[2, 1], [2, 2]] }]);
    expect(l.portals).toEqual([{ from: [3, 1], to: [1, 2] }]);
    expect(ed.selection).toEqual({ x1: 1, y1: 1, x2: 3, y2: 2 });
    expect(steps(ed)).toBe(1);
    expect(valid(l)).toBe('valid');
  });

  it('move: an entry the edge cuts stays where it was, and the notice says so', () => {
    const ed = editorWith(v2());
    ed.select({ x1: 1, y1: 1, x2: 1, y2: 2 });
    expect(block.moveSelection(ed, 5, 0)).toBe(true);
    const l = ed.level as L;
    // the wall, the belt and the portal each have a cell outside B2–B3: all three stay
    expect([l.walls, l.belts, l.portals]).toEqual([v2().walls, v2().belts, v2().portals]);
    expect(text(ed)).toBe('3 layout entries cross the selection’s edge: left where they were.');
  });

  it('paste onto a version 1 level makes it version 2; what lands off the board is dropped and counted', () => {
    const ed = editorWith(v2());
    ed.select({ x1: 1, y1: 1, x2: 2, y2: 3 });
    block.copy(ed);
    ed.open({ ...createLevel({ id: 'one', seed: 3 }), game: 'candy-kingdom' });
    expect(ed.level!.version).toBe(1);
    expect(block.paste(ed, [7, 6])).toBe(true);
    const l = ed.level as L;
    expect(l.version).toBe(2);
    // at H7 the block's right column is I: its wall (H7 right) stays, the belt (H8, I8) too, the portal's exit I9 is on the board
    expect(l.walls).toEqual([{ x: 7, y: 6, side: 'right' }]);
    expect(valid(l)).toBe('valid');
    expect(block.paste(ed, [8, 7])).toBe(true);
    // at I8 only one column fits: the wall (its right edge is the board's), the belt and the portal are cut off
    expect(text(ed)).toBe('3 layout entries no longer fit and were removed (Undo brings them back).');
    expect(valid(ed.level)).toBe('valid');
  });
});

describe('multi-cell pieces', () => {
  const withCake = () => {
    const l = v2();
    l.cells[5][5] = { tile: 'cake', hp: 4 };
    return l;
  };

  it('a piece partly inside the selection: copy, move, turn and delete refused with a reason, the level unchanged', () => {
    const ed = editorWith(withCake());
    const before = ed.level;
    ed.select({ x1: 4, y1: 4, x2: 5, y2: 5 });
    expect(block.copy(ed)).toBe(false);
    expect(text(ed)).toBe('“cake” at F6 is only partly inside the selection: select all of its cells or none of them (a multi-cell piece moves whole). Nothing was changed.');
    expect(block.transformSelection(ed, 'rotate_cw')).toBe(false);
    expect(block.moveSelection(ed, 1, 0)).toBe(false);
    expect(block.deleteSelection(ed)).toBe(false);
    expect(ed.level).toBe(before);
  });

  it('a piece wholly inside turns and flips with the block, its anchor back at its top-left', () => {
    const ed = editorWith(withCake());
    ed.select({ x1: 5, y1: 5, x2: 7, y2: 6 });
    expect(block.transformSelection(ed, 'flip_x')).toBe(true);
    expect(ed.level!.cells[5][6]).toEqual({ tile: 'cake', hp: 4 });
    expect(ed.level!.cells[5][5]).toEqual({});
    expect(valid(ed.level)).toBe('valid');
  });

  it('a refused cake paint says §12.4\'s reason, in English and in 简体中文', async () => {
    const l = v2();
    l.cells[4][5] = { tile: 'red' };
    const ed = editorWith(l);
    ed.setValue({ layer: 'tile', tile: 'cake', hp: 2 });
    ed.beginStroke('paint');
    ed.strokeApply({ tool: 'paint_tile', args: { x: 4, y: 3, tile: 'cake', hp: 2 } });
    expect(ed.endStroke()).toBe(false);
    brushNotes.explainRefusedPaint(ed, 4, 3);
    expect(text(ed)).toBe('Not painted — F5: covered by "cake" at E4, must have no tile or cover.');
    await setLocale('zh');
    expect(text(ed)).toBe('未绘制——F5：被 E4 的 "cake" 占用，不能有 tile 或 cover。');
    await setLocale('en');
    expect(ed.level).toEqual(l);
  });
});
