// Undo steps carry what they did ({ key, params }); the toolbar words them when it shows them, so a
// language switch relabels a step made before it (issue 39: `transact(t('sel.cut'), …)` kept the old
// language).
import { afterEach, describe, expect, it } from 'vitest';
import { createLevel } from '../../../src/core/level/index.ts';
import { EditorStore } from '../../../src/stores/editor.svelte.ts';
import { BoardTools } from '../../../src/stores/boardTools.svelte.ts';
import { setLocale } from '../../../src/i18n/index.svelte.ts';
import { say } from '../../../src/i18n/notice.ts';
import * as block from '../../../src/stores/selection.ts';

afterEach(async () => {
  await setLocale('en');
});

describe('undo labels', () => {
  it('a cut made in English reads in Chinese once the language is switched, and back', async () => {
    await setLocale('en');
    const ed = new EditorStore();
    ed.open(createLevel({ id: 'U', seed: 3 }));
    expect(ed.transact('paint', [{ tool: 'paint_tile', args: { x: 0, y: 0, tile: 'red' } }]).ok).toBe(true);
    ed.select({ x1: 0, y1: 0, x2: 1, y2: 1 });
    expect(block.cut(ed)).toBe(true);
    const label = () => say(ed.nextUndo!.label, ed.game);
    expect(label()).toBe('Cut');
    await setLocale('zh');
    expect(label()).toBe('剪切');
    // the editor's line about the cut is reworded too
    expect(say(ed.notice!, ed.game)).not.toBe('');
    await setLocale('en');
    expect(label()).toBe('Cut');
  });

  it('a brush stroke names the tool and the value in the language shown', async () => {
    await setLocale('en');
    const ed = new EditorStore();
    ed.open(createLevel({ id: 'B', seed: 2, width: 7, height: 5 }));
    ed.setValue({ layer: 'tile', tile: 'red' });
    const tools = new BoardTools(() => ed);
    tools.down([1, 1], 0);
    tools.up();
    expect(say(ed.nextUndo!.label, ed.game)).toBe('Brush: Red (circle)');
    await setLocale('zh');
    expect(say(ed.nextUndo!.label, ed.game)).toBe('画笔：红色（圆形）');
    // and the redo of an undone step too
    ed.undo();
    expect(say(ed.nextRedo!.label, ed.game)).toBe('画笔：红色（圆形）');
  });
});
