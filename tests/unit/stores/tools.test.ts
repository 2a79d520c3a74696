// The editor store's multi-intent tools: eyedropper, empty erase, selection (copy, cut, paste, move, flip,
// rotate, delete), mirror painting — each as one undo step, with undo and redo exact.
import { describe, expect, it } from 'vitest';
import { createLevel, parseLevel, type LevelT } from '../../../src/core/level/index.ts';
import { EditorStore } from '../../../src/stores/editor.svelte.ts';
import { cellIntent, mirroredCellIntents, mirroredFloodCells, mirroredRegionIntents, topLayer } from '../../../src/stores/brush.ts';
import { TOOL_TABLE, toolForKey } from '../../../src/stores/toolTable.ts';
import { SHORTCUTS, handleEditorKey, shortcutRows } from '../../../src/ui/editor/shortcuts.ts';
import { catalogs } from '../../../src/i18n/catalog/index.ts';
import { fieldProblem } from '../../../src/ui/editor/fieldProblem.ts';
import { setLocale } from '../../../src/i18n/index.svelte.ts';
import { say } from '../../../src/i18n/notice.ts';
import * as block from '../../../src/stores/selection.ts';
import * as brushNotes from '../../../src/stores/brushNotes.ts';
/** The editor's line as the palette words it (the store says what happened: src/core/notice.ts). */
const noticeText = (e: { notice: Parameters<typeof say>[0] | null; game: Parameters<typeof say>[1] }) => (e.notice ? say(e.notice, e.game) : null);

function level(id = 'A'): LevelT {
  const l = createLevel({ id, seed: 9, width: 6, height: 5 });
  l.cells[0][0] = { tile: 'red', cover: { type: 'ice', layers: 2 }, ground: { type: 'jelly', layers: 1 } };
  l.cells[0][1] = { tile: 'crate', hp: 2 };
  l.cells[1][0] = { ground: { type: 'jelly', layers: 2 } };
  l.cells[1][1] = { tile: 'blue' };
  return l;
}
function editorWith(l = level()) {
  const ed = new EditorStore();
  ed.open(l);
  return ed;
}
/** Undo then redo must give back exactly the level before and after. */
function checkUndoRedo(ed: EditorStore, before: LevelT) {
  const after = ed.level;
  ed.undo();
  expect(ed.level).toEqual(before);
  ed.redo();
  expect(ed.level).toEqual(after);
}
const steps = (ed: EditorStore) => ed.historyOf(ed.level!.id).entries.length;

describe('eyedropper', () => {
  it('takes what is on top: cover, else a painted tile, else ground; hidden layers are skipped', () => {
    const l = level();
    expect(topLayer(l.cells[0][0])).toBe('cover');
    expect(topLayer(l.cells[0][1])).toBe('tile');
    expect(topLayer(l.cells[1][0])).toBe('ground');
    expect(topLayer(l.cells[2][2])).toBe('tile');
    expect(topLayer(l.cells[0][0], { cover: true })).toBe('tile');
    expect(topLayer(l.cells[0][0], { cover: true, tile: true })).toBe('ground');
  });
  it('switches to the layer of what it picked, and back to the brush', () => {
    const ed = editorWith();
    ed.layer = 'ground';
    ed.tool = 'eyedropper';
    brushNotes.pickAt(ed, 0, 0);
    expect([ed.layer, ed.tool, ed.value]).toEqual(['cover', 'brush', { layer: 'cover', cover: 'ice', layers: 2 }]);
    brushNotes.pickAt(ed, 1, 0);
    expect([ed.layer, ed.value]).toEqual(['tile', { layer: 'tile', tile: 'crate', hp: 2 }]);
  });
});

describe('erase', () => {
  it('an erase that changes nothing records no step and says where the content is', () => {
    const ed = editorWith();
    ed.transact('paint', [cellIntent({ layer: 'tile', tile: 'green' }, 5, 4)]);
    const before = ed.level;
    ed.layer = 'ground';
    ed.beginStroke('erase');
    ed.strokeApply(cellIntent({ layer: 'ground', ground: 'none' }, 1, 0));
    expect(ed.endStroke()).toBe(false);
    expect(ed.level).toBe(before);
    brushNotes.explainEmptyErase(ed, 1, 0);
    expect(noticeText(ed)).toMatch(/Nothing to erase on the Ground layer at B1.*Tile layer \(press 1/);
    // the next undo is the green tile, the last real change
    ed.undo();
    expect(ed.level!.cells[4][5]).toEqual({});
    expect(ed.notice).toBe(null); // the message was about the state undo just left
  });
});

describe('selection', () => {
  it('copy and paste put every layer at the target as one step; paste selects the block', () => {
    const ed = editorWith();
    ed.select({ x1: 0, y1: 0, x2: 1, y2: 1 });
    expect(block.copy(ed)).toBe(true);
    const before = ed.level!;
    const n = steps(ed);
    expect(block.paste(ed, [3, 2])).toBe(true);
    expect(steps(ed)).toBe(n + 1);
    expect(ed.level!.cells[2][3]).toEqual(before.cells[0][0]);
    expect(ed.level!.cells[3][4]).toEqual(before.cells[1][1]);
    expect(ed.selection).toEqual({ x1: 3, y1: 2, x2: 4, y2: 3 });
    expect(parseLevel(ed.level).ok).toBe(true);
    checkUndoRedo(ed, before);
  });

  it('paste lands under the pointer, else at the keyboard cursor', () => {
    const ed = editorWith();
    ed.select({ x1: 1, y1: 0, x2: 1, y2: 0 });
    block.copy(ed);
    ed.cursor = [2, 4];
    ed.hover = [5, 1];
    expect(block.pasteTarget(ed)).toEqual([5, 1]);
    ed.hover = null;
    block.paste(ed);
    expect(ed.level!.cells[4][2]).toEqual({ tile: 'crate', hp: 2 });
  });

  it('the clipboard survives opening another level: paste across levels', () => {
    const ed = editorWith();
    ed.select({ x1: 0, y1: 0, x2: 1, y2: 0 });
    block.cut(ed);
    expect(ed.level!.cells[0][0]).toEqual({});
    ed.open(createLevel({ id: 'B', seed: 1 }));
    expect(ed.selection).toBe(null);
    expect(block.paste(ed, [7, 8])).toBe(true);
    expect(ed.level!.cells[8][7]).toEqual(level().cells[0][0]);
    expect(ed.level!.cells[8][8]).toEqual({ tile: 'crate', hp: 2 });
  });

  it('move clears the source, writes the block at the target (clamped to the board), one step', () => {
    const ed = editorWith();
    const before = ed.level!;
    ed.select({ x1: 0, y1: 0, x2: 1, y2: 1 });
    expect(block.moveSelection(ed, 10, 1)).toBe(true); // clamped to dx = 4
    expect(ed.selection).toEqual({ x1: 4, y1: 1, x2: 5, y2: 2 });
    expect(ed.level!.cells[1][4]).toEqual(before.cells[0][0]);
    expect(ed.level!.cells[0][0]).toEqual({});
    expect(ed.historyOf('A').entries.length).toBe(1);
    checkUndoRedo(ed, before);
  });

  it('flip and rotate act in place; a turned block moves back onto the board if it must', () => {
    const ed = editorWith();
    const before = ed.level!;
    ed.select({ x1: 0, y1: 0, x2: 1, y2: 0 });
    block.transformSelection(ed, 'flip_x');
    expect(ed.level!.cells[0][0]).toEqual(before.cells[0][1]);
    expect(ed.level!.cells[0][1]).toEqual(before.cells[0][0]);
    checkUndoRedo(ed, before);
    // a 4×1 block at the bottom row turns into 1×4 and must move up to fit
    const ed2 = editorWith();
    ed2.select({ x1: 0, y1: 4, x2: 3, y2: 4 });
    block.transformSelection(ed2, 'rotate_cw');
    expect(ed2.selection).toEqual({ x1: 0, y1: 1, x2: 0, y2: 4 });
    expect(parseLevel(ed2.level).ok).toBe(true);
  });

  it('a resize keeps the selection on the board, so its actions stay valid', () => {
    const ed = editorWith();
    ed.select({ x1: 2, y1: 2, x2: 5, y2: 4 });
    ed.transact('resize', [{ tool: 'set_grid_size', args: { width: 4, height: 3 } }]);
    expect(ed.selection).toEqual({ x1: 2, y1: 2, x2: 3, y2: 2 });
    expect(block.deleteSelection(ed)).toBe(true);
  });

  it('delete clears every layer of the selection', () => {
    const ed = editorWith();
    ed.select({ x1: 0, y1: 0, x2: 1, y2: 1 });
    block.deleteSelection(ed);
    for (const [x, y] of [[0, 0], [1, 0], [0, 1], [1, 1]]) expect(ed.level!.cells[y][x]).toEqual({});
  });

  it('paste with an empty clipboard explains itself and changes nothing', () => {
    const ed = editorWith();
    const before = ed.level;
    expect(block.paste(ed, [0, 0])).toBe(false);
    expect(ed.level).toBe(before);
    expect(noticeText(ed)).toMatch(/Nothing to paste/);
  });
});

describe('mirror painting', () => {
  it('brush, rectangle and fill reach the mirrored cells; one step each', () => {
    const l = level();
    const red = { layer: 'tile' as const, tile: 'red' as const };
    expect(mirroredCellIntents(red, 0, 0, l, 'xy').map((i) => [i.args.x, i.args.y])).toEqual([[0, 0], [5, 0], [0, 4], [5, 4]]);
    expect(mirroredRegionIntents(red, 1, 1, 0, 0, l, 'x').map((i) => i.args)).toEqual([
      { x1: 0, y1: 0, x2: 1, y2: 1, tile: 'red' },
      { x1: 4, y1: 0, x2: 5, y2: 1, tile: 'red' },
    ]);
    const ed = editorWith();
    const before = ed.level!;
    ed.transact('rect', mirroredRegionIntents(red, 2, 2, 2, 2, l, 'xy'));
    expect([ed.level!.cells[2][2], ed.level!.cells[2][3]]).toEqual([{ tile: 'red' }, { tile: 'red' }]);
    checkUndoRedo(ed, before);
  });
  it('a mirrored fill floods from each image, every cell once', () => {
    const l = createLevel({ id: 'M', width: 6, height: 3 });
    l.cells = l.cells.map((row) => row.map((_, x) => (x === 2 || x === 3 ? { tile: 'void' as const } : {})));
    // left area (2 columns) and its mirror (2 columns) on the ground layer; the voids bound them
    const cells = mirroredFloodCells(l, 'ground', 0, 0, 'x');
    expect(cells).toHaveLength(12);
    expect(new Set(cells.map(String)).size).toBe(12);
  });
});

describe('the tool table and the shortcuts', () => {
  it('each tool has a unique key, a label and a hint in both languages', () => {
    expect(new Set(TOOL_TABLE.map((t) => t.key)).size).toBe(TOOL_TABLE.length);
    for (const t of TOOL_TABLE) {
      // the layout tools' keys pick them only where the level or its game is version 2
      expect(toolForKey(t.key.toLowerCase(), true)).toBe(t.id);
      expect(toolForKey(t.key.toLowerCase(), false)).toBe(t.layout ? undefined : t.id);
      for (const k of [t.label, t.hint]) for (const lang of ['en', 'zh'] as const) expect(catalogs[lang][k], `${lang} ${k}`).toBeTruthy();
    }
  });
  it('the ? list names every tool and every shortcut, in both languages', () => {
    const rows = shortcutRows();
    expect(rows).toHaveLength(TOOL_TABLE.length + SHORTCUTS.length);
    for (const r of rows) for (const lang of ['en', 'zh'] as const) expect(catalogs[lang][r.label], `${lang} ${r.label}`).toBeTruthy();
  });
});

describe('form wording', () => {
  it('a refused value is a sentence in the chosen language, naming the field and its range', async () => {
    const width = { kind: 'int' as const, label: 'props.width', min: 3, max: 16 };
    await setLocale('en');
    expect(fieldProblem(width, '40')).toBe('Width must be a whole number from 3 to 16.');
    expect(fieldProblem(width, '7.5')).toBe('Width must be a whole number from 3 to 16.');
    expect(fieldProblem(width, '')).toBe('Width must be a whole number from 3 to 16.');
    expect(fieldProblem(width, ' 12 ')).toBe(null);
    expect(fieldProblem({ kind: 'name', label: 'props.name' }, '   ')).toBe('A level needs a name of 1 to 80 characters.');
    await setLocale('zh');
    expect(fieldProblem(width, '2')).toBe('宽度必须是 3 到 16 之间的整数。');
    await setLocale('en');
  });
});

describe('the editor keyboard', () => {
  /** A key press as the window sees it (no DOM in node: the target is nothing editable). */
  function press(ed: EditorStore, key: string, mods: { ctrl?: boolean; shift?: boolean; alt?: boolean; code?: string } = {}, ui = { openShortcuts: () => {} }) {
    let prevented = false;
    const e = { key, code: mods.code ?? '', ctrlKey: !!mods.ctrl, metaKey: false, shiftKey: !!mods.shift, altKey: !!mods.alt, target: null, preventDefault: () => (prevented = true) };
    const used = handleEditorKey(e as unknown as KeyboardEvent, ed, ui);
    return { used, prevented };
  }

  it('tool keys come from the tool table; layer keys, Shift+digit visibility, M cycles the mirror', () => {
    const ed = editorWith();
    for (const t of TOOL_TABLE.filter((x) => !x.layout)) {
      press(ed, t.key.toLowerCase());
      expect(ed.tool).toBe(t.id);
    }
    // a version 1 level of the classic game: W and O pick nothing
    for (const t of TOOL_TABLE.filter((x) => x.layout)) {
      press(ed, t.key.toLowerCase());
      expect(ed.tool).toBe('select');
    }
    const v2 = editorWith({ ...level(), version: 2 } as LevelT);
    for (const t of TOOL_TABLE) {
      press(v2, t.key.toLowerCase());
      expect(v2.tool).toBe(t.id);
    }
    press(ed, '3');
    expect(ed.layer).toBe('ground');
    press(ed, '@', { shift: true, code: 'Digit2' });
    expect(ed.hidden).toEqual({ tile: false, cover: true, ground: false });
    expect([press(ed, 'm'), ed.mirror]).toEqual([{ used: true, prevented: true }, 'x']);
    press(ed, 'm');
    press(ed, 'm');
    press(ed, 'm');
    expect(ed.mirror).toBe('off');
  });

  it('X, Y, Z and Delete act only on a selection with the Select tool; Ctrl+Z undoes each as one step', () => {
    const ed = editorWith();
    const before = ed.level;
    expect(press(ed, 'x').used).toBe(false); // no selection: nothing happens
    press(ed, 's');
    press(ed, 'a', { ctrl: true });
    expect(ed.selection).toEqual({ x1: 0, y1: 0, x2: 5, y2: 4 });
    press(ed, 'x');
    expect(ed.level!.cells[0][5]).toEqual(before!.cells[0][0]);
    press(ed, 'z');
    press(ed, 'Delete');
    expect(ed.level!.cells.flat().every((c) => JSON.stringify(c) === '{}')).toBe(true);
    for (let i = 0; i < 3; i++) press(ed, 'z', { ctrl: true });
    expect(ed.level).toEqual(before);
    press(ed, 'y', { ctrl: true });
    expect(ed.level!.cells[0][5]).toEqual(before!.cells[0][0]);
  });

  it('Escape clears the selection but leaves the browser its Escape (dialogs close on it); ? opens the list', () => {
    const ed = editorWith();
    ed.select({ x1: 0, y1: 0, x2: 1, y2: 1 });
    expect(press(ed, 'Escape')).toEqual({ used: true, prevented: false });
    expect(ed.selection).toBe(null);
    let opened = 0;
    press(ed, '?', { shift: true }, { openShortcuts: () => opened++ });
    expect(opened).toBe(1);
  });
});
