import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createLevel, type LevelT } from '../../../src/core/level/index.ts';
import { packFileText } from '../../../src/core/files/index.ts';
import { memoryStorage } from '../../../src/db/memoryStorage.ts';
import { Workspace } from '../../../src/stores/workspace.svelte.ts';
import type { Choice } from '../../../src/stores/choice.svelte.ts';

/** A workspace in memory with one pack of two levels, answering the import question with `answer`. */
async function workspace(answer: string | null, more: { packs?: { id: string; name: string; levelIds: string[] }[]; levels?: LevelT[] } = {}) {
  const ws = new Workspace();
  const a = createLevel({ id: 'a', name: 'Alpha' }), b = createLevel({ id: 'b', name: 'Beta' });
  await ws.startWith(memoryStorage({ packs: [{ id: 'p', name: 'Pack', levelIds: ['a', 'b'] }, ...(more.packs ?? [])], levels: [a, b, ...(more.levels ?? [])] }));
  const asked: Choice[] = [];
  ws.choose = async (c) => (asked.push(c), answer);
  return { ws, asked, a, b };
}
const packFile = (levels: ReturnType<typeof createLevel>[]) =>
  new File([packFileText({ id: 'p', name: 'Pack' }, levels)], 'pack.json', { type: 'application/json' });
const level = async (ws: Workspace, id: string) => ws.getLevel(id);
const ids = (ws: Workspace) => ws.catalogue.ids();

describe('importing a pack whose levels are already here', () => {
  it('asks, and Cancel changes nothing', async () => {
    const { ws, asked, a } = await workspace('cancel');
    await ws.importFiles([packFile([{ ...a, moves: 40 }])]);
    expect(asked).toHaveLength(1);
    expect(asked[0].options.map((o) => o.id)).toEqual(['replace', 'keep', 'cancel']);
    expect(ids(ws)).toEqual(['a', 'b']);
    expect((await level(ws, 'a'))!.moves).toBe(a.moves);
    expect(ws.packs).toHaveLength(1);
  });

  it('Keep both adds copies with new ids and "(2)" names in a new pack', async () => {
    const { ws, a, b } = await workspace('keep');
    await ws.importFiles([packFile([a, b])]);
    expect(ws.packs).toHaveLength(2);
    const added = ws.packs[1].levelIds.map((id) => ws.catalogue.summaries.get(id)!);
    expect(added.map((l) => l.name)).toEqual(['Alpha (2)', 'Beta (2)']);
    expect(added.every((l) => l.id !== 'a' && l.id !== 'b')).toBe(true);
    // again: (3)
    await ws.importFiles([packFile([a])]);
    expect(ws.catalogue.nameOf(ws.packs[2].levelIds[0])).toBe('Alpha (3)');
  });

  it('Replace puts the file’s levels in place of the ones with the same ids; new ones join the pack', async () => {
    const { ws, a } = await workspace('replace');
    const extra = createLevel({ id: 'c', name: 'Gamma' });
    await ws.importFiles([packFile([{ ...a, moves: 40 }, extra])]);
    expect((await level(ws, 'a'))!.moves).toBe(40);
    expect(ws.editor.level?.moves).toBe(40); // the open level shows the file's version
    expect(ws.editor.canUndo).toBe(false);
    expect(ws.packs).toHaveLength(1);
    expect(ws.packs[0].levelIds).toEqual(['a', 'b', 'c']);
    // and its notice undoes it all
    ws.notices.toasts.at(-1)!.action!.run();
    expect((await level(ws, 'a'))!.moves).toBe(a.moves);
    expect(ws.editor.level?.moves).toBe(a.moves);
    expect(ws.catalogue.has('c')).toBe(false);
    expect(ws.packs[0].levelIds).toEqual(['a', 'b']);
  });

  it('a pack with new ids is imported without a question', async () => {
    const { ws, asked } = await workspace(null);
    await ws.importFiles([packFile([createLevel({ id: 'z', name: 'Zed' })])]);
    expect(asked).toHaveLength(0);
    expect(ws.catalogue.nameOf('z')).toBe('Zed');
  });
});

describe('deleting a pack', () => {
  it('deletes its levels too, and Undo brings both back in place', async () => {
    const { ws } = await workspace(null, { packs: [{ id: 'q', name: 'Other', levelIds: ['c'] }], levels: [createLevel({ id: 'c', name: 'Gamma' })] });
    await ws.deletePack('p');
    expect(ws.packs.map((p) => p.id)).toEqual(['q']);
    expect(ids(ws)).toEqual(['c']);
    await new Promise((r) => setTimeout(r, 0));
    expect(ws.editor.level?.id).toBe('c');
    const undo = ws.notices.toasts.at(-1)!.action!;
    undo.run();
    // the restore's code loads on first use (src/stores/restore.ts): wait until the pack is back
    for (let i = 0; i < 200 && ws.packs.length < 2; i++) await new Promise((r) => setTimeout(r, 5));
    expect(ws.packs.map((p) => p.id)).toEqual(['p', 'q']);
    expect(ws.packs[0].levelIds).toEqual(['a', 'b']);
    expect(ids(ws).sort()).toEqual(['a', 'b', 'c']);
  });

  it('refuses to delete the pack that holds every level', async () => {
    const { ws } = await workspace(null, { packs: [{ id: 'q', name: 'Empty', levelIds: [] }] });
    await ws.deletePack('p');
    expect(ws.packs).toHaveLength(2);
    expect(ids(ws)).toEqual(['a', 'b']);
    expect(ws.notices.toasts.at(-1)?.kind).toBe('error');
  });
});
