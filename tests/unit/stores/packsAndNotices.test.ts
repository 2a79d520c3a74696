// Issue 40: New level right after New pack goes into the new pack (it is the current one); a file not
// imported says every problem it has; the same notice said twice is one notice.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createLevel, serializeLevel } from '../../../src/core/level/index.ts';
import { memoryStorage } from '../../../src/db/memoryStorage.ts';
import { Workspace } from '../../../src/stores/workspace.svelte.ts';
import { Notices } from '../../../src/stores/notices.svelte.ts';

async function workspace() {
  const ws = new Workspace();
  await ws.startWith(memoryStorage({ packs: [{ id: 'p', name: 'Pack', levelIds: ['a'] }], levels: [createLevel({ id: 'a', name: 'Alpha' })] }));
  return ws;
}
const until = async (ok: () => boolean) => {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(ok()).toBe(true);
};

describe('New pack, then New level', () => {
  it('the new level goes into the new pack, which is the current one; opening a level makes its pack current again', async () => {
    const ws = await workspace();
    expect(ws.actions.currentPack?.id).toBe('p');
    const id = ws.actions.newPack();
    expect(ws.actions.currentPack?.id).toBe(id);
    ws.actions.newLevel();
    await until(() => ws.packs.find((p) => p.id === id)!.levelIds.length === 1);
    expect(ws.packs.find((p) => p.id === 'p')!.levelIds).toEqual(['a']);
    await until(() => ws.editor.level?.id === ws.packs.find((p) => p.id === id)!.levelIds[0]);
    // a second New level goes there too (the open level's pack)
    ws.actions.newLevel();
    await until(() => ws.packs.find((p) => p.id === id)!.levelIds.length === 2);
    await ws.actions.openLevel('a');
    expect(ws.actions.currentPack?.id).toBe('p');
  });
});

describe('a file not imported', () => {
  it('lists every problem under one notice, which stays until dismissed', async () => {
    const ws = await workspace();
    const bad = { ...JSON.parse(serializeLevel(createLevel({ id: 'x', name: 'X' }))), moves: -5, colors: 9 };
    await ws.importFiles([new File([JSON.stringify(bad)], 'absurd.json', { type: 'application/json' })]);
    const toast = ws.notices.toasts.at(-1)!;
    expect(toast.kind).toBe('error');
    expect(toast.said).toEqual({ key: 'import.failedList', params: { file: 'absurd.json', n: 2 } });
    expect(toast.details).toHaveLength(2);
    expect(toast.details!.join('\n')).toMatch(/moves: must be 1\.\.200/);
    expect(toast.details!.join('\n')).toMatch(/colors: /);
  });
  it('a single problem is said in the line, as before', async () => {
    const ws = await workspace();
    const bad = { ...JSON.parse(serializeLevel(createLevel({ id: 'x', name: 'X' }))), moves: -5 };
    await ws.importFiles([new File([JSON.stringify(bad)], 'one.json', { type: 'application/json' })]);
    const toast = ws.notices.toasts.at(-1)!;
    expect(toast.said).toMatchObject({ key: 'import.failed', params: { file: 'one.json' } });
    expect(toast.details).toBeUndefined();
  });
});

describe('notices', () => {
  it('the same words said again are one notice, the newest, counting the repeat; others stack', () => {
    const n = new Notices();
    n.toast({ key: 'a' }, 'error');
    n.toast({ key: 'b' }, 'error');
    n.toast({ key: 'a' }, 'error');
    expect(n.toasts.map((t) => [t.said, t.count])).toEqual([
      [{ key: 'b' }, undefined],
      [{ key: 'a' }, 2],
    ]);
    n.dismissAll();
    expect(n.toasts).toEqual([]);
  });
});
