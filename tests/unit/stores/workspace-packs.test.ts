import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createLevel } from '../../../src/core/level/index.ts';
import { packFileText } from '../../../src/core/files/index.ts';
import { memoryStorage } from '../../../src/db/storage.ts';
import { Workspace } from '../../../src/stores/workspace.svelte.ts';
import type { Choice } from '../../../src/ui/common/choice.svelte.ts';

/** A workspace in memory with one pack of two levels, answering the import question with `answer`. */
function workspace(answer: string | null) {
  const ws = new Workspace();
  ws.storage = memoryStorage();
  const a = createLevel({ id: 'a', name: 'Alpha' }), b = createLevel({ id: 'b', name: 'Beta' });
  ws.levels = { a, b };
  ws.packs = [{ id: 'p', name: 'Pack', levelIds: ['a', 'b'] }];
  ws.editor.open(a);
  const asked: Choice[] = [];
  ws.choose = async (c) => (asked.push(c), answer);
  return { ws, asked, a, b };
}
const packFile = (levels: ReturnType<typeof createLevel>[]) =>
  new File([packFileText({ id: 'p', name: 'Pack' }, levels)], 'pack.json', { type: 'application/json' });

describe('importing a pack whose levels are already here', () => {
  it('asks, and Cancel changes nothing', async () => {
    const { ws, asked, a } = workspace('cancel');
    await ws.importFiles([packFile([{ ...a, moves: 40 }])]);
    expect(asked).toHaveLength(1);
    expect(asked[0].options.map((o) => o.id)).toEqual(['replace', 'keep', 'cancel']);
    expect(Object.keys(ws.levels)).toEqual(['a', 'b']);
    expect(ws.levels.a.moves).toBe(a.moves);
    expect(ws.packs).toHaveLength(1);
  });

  it('Keep both adds copies with new ids and "(2)" names in a new pack', async () => {
    const { ws, a, b } = workspace('keep');
    await ws.importFiles([packFile([a, b])]);
    expect(ws.packs).toHaveLength(2);
    const added = ws.packs[1].levelIds.map((id) => ws.levels[id]);
    expect(added.map((l) => l.name)).toEqual(['Alpha (2)', 'Beta (2)']);
    expect(added.every((l) => l.id !== 'a' && l.id !== 'b')).toBe(true);
    // again: (3)
    await ws.importFiles([packFile([a])]);
    expect(ws.levels[ws.packs[2].levelIds[0]].name).toBe('Alpha (3)');
  });

  it('Replace puts the file’s levels in place of the ones with the same ids; new ones join the pack', async () => {
    const { ws, a } = workspace('replace');
    const extra = createLevel({ id: 'c', name: 'Gamma' });
    await ws.importFiles([packFile([{ ...a, moves: 40 }, extra])]);
    expect(ws.levels.a.moves).toBe(40);
    expect(ws.editor.level?.moves).toBe(40); // the open level shows the file's version
    expect(ws.editor.canUndo).toBe(false);
    expect(ws.packs).toHaveLength(1);
    expect(ws.packs[0].levelIds).toEqual(['a', 'b', 'c']);
    // and its notice undoes it all
    ws.toasts.at(-1)!.action!.run();
    expect(ws.levels.a.moves).toBe(a.moves);
    expect(ws.editor.level?.moves).toBe(a.moves);
    expect(ws.levels.c).toBeUndefined();
    expect(ws.packs[0].levelIds).toEqual(['a', 'b']);
  });

  it('a pack with new ids is imported without a question', async () => {
    const { ws, asked } = workspace(null);
    await ws.importFiles([packFile([createLevel({ id: 'z', name: 'Zed' })])]);
    expect(asked).toHaveLength(0);
    expect(ws.levels.z.name).toBe('Zed');
  });
});

describe('deleting a pack', () => {
  it('deletes its levels too, and Undo brings both back in place', () => {
    const { ws } = workspace(null);
    ws.packs = [...ws.packs, { id: 'q', name: 'Other', levelIds: [] }];
    ws.levels = { ...ws.levels, c: createLevel({ id: 'c', name: 'Gamma' }) };
    ws.packs = [ws.packs[0], { ...ws.packs[1], levelIds: ['c'] }];
    ws.deletePack('p');
    expect(ws.packs.map((p) => p.id)).toEqual(['q']);
    expect(Object.keys(ws.levels)).toEqual(['c']);
    expect(ws.editor.level?.id).toBe('c');
    const undo = ws.toasts.at(-1)!.action!;
    undo.run();
    expect(ws.packs.map((p) => p.id)).toEqual(['p', 'q']);
    expect(ws.packs[0].levelIds).toEqual(['a', 'b']);
    expect(Object.keys(ws.levels).sort()).toEqual(['a', 'b', 'c']);
  });

  it('refuses to delete the pack that holds every level', () => {
    const { ws } = workspace(null);
    ws.packs = [...ws.packs, { id: 'q', name: 'Empty', levelIds: [] }];
    ws.deletePack('p');
    expect(ws.packs).toHaveLength(2);
    expect(Object.keys(ws.levels)).toEqual(['a', 'b']);
    expect(ws.toasts.at(-1)?.kind).toBe('error');
  });
});
