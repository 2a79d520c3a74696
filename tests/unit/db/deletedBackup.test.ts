// Recently deleted in backups and across tabs (issue 32), on fake-indexeddb: a workspace backup carries
// the entries with their levels as deleted; restoring it brings them back (a replace keeps what this
// Recently deleted holds too); a backup made before they were carried still reads; a broken deleted level
// is refused with its place; two storages on one database (two tabs) hear each other's deletes and restores.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { createLevel } from '../../../src/core/level/index.ts';
import { openStorage, type Storage } from '../../../src/db/storage.ts';
import { parseFileText } from '../../../src/core/files/formats.ts';
import type { DeletedRow } from '../../../src/db/studioDb.ts';

let n = 0;
/** A stored catalogue of one pack `p` (a…e). */
async function stored(name = `deleted-backup-${++n}-${Date.now()}`) {
  const storage = await openStorage({ name, onStatus: () => {} });
  const samples = await storage.loadCatalogue();
  await storage.deleteLevels(samples.summaries.map((s) => s.id));
  const levels = [...'abcde'].map((id) => createLevel({ id, name: id.toUpperCase() }));
  await storage.putLevels(levels);
  storage.savePacks([{ id: 'p', name: 'Pack', levelIds: levels.map((l) => l.id) }]);
  await storage.flush();
  return { storage, name, levels };
}
const listed = [...'abcde'];
const place = (index: number, after: string | null, before: string | null) => ({ packId: 'p', packName: 'Pack', index, after, before, keptAfter: after, listed });
/** Deletes b and d (one entry each) and the conversation of b stays with it. */
async function deleteTwo(storage: Storage) {
  await storage.messages.put({ id: 'm1', levelId: 'b', createdAt: 1, role: 'user', content: 'make it harder' } as never);
  await storage.deleted.moveLevels([
    { id: 'b', place: place(1, 'a', 'c') },
    { id: 'd', place: place(3, 'c', 'e') },
  ]);
  storage.savePacks([{ id: 'p', name: 'Pack', levelIds: ['a', 'c', 'e'] }]); // as the workspace does
  await storage.flush();
}

describe('Recently deleted in a workspace backup', () => {
  it('the backup carries the entries with their levels; restoring it (replace) brings them back, and Restore works after', async () => {
    const { storage } = await stored();
    await deleteTwo(storage);
    const text = await storage.exportWorkspace();
    const parsed = parseFileText(text);
    expect(parsed.ok && parsed.kind === 'workspace').toBe(true);
    const ws = parsed.ok && parsed.kind === 'workspace' ? parsed.workspace : null;
    expect(ws!.recentlyDeleted!.map((e) => [e.id, e.levels.map((l) => l.name)])).toEqual([
      ['level:b', ['B']],
      ['level:d', ['D']],
    ]);
    expect(ws!.recentlyDeleted![0]).toMatchObject({ kind: 'level', packId: 'p', index: 1, after: 'a', order: listed });
    expect(ws!.levels.map((l) => l.id).sort()).toEqual(['a', 'c', 'e']);
    storage.close();

    const other = (await stored()).storage;
    await other.importWorkspace(text, 'replace');
    const entries = await other.deleted.list();
    expect(entries.map((e) => e.id).sort()).toEqual(['level:b', 'level:d']);
    const r = await other.deleted.restore(['level:d', 'level:b']);
    expect(r.levels.map((l) => l.name)).toEqual(['D', 'B']);
    expect(await other.messages.list('b')).toHaveLength(1); // its conversation came with the backup
    expect(await other.deleted.list()).toEqual([]);
    other.close();
  });

  it('a replace keeps what Recently deleted holds; a merge adds the backup’s entries beside it', async () => {
    const { storage } = await stored();
    await deleteTwo(storage);
    const text = await storage.exportWorkspace();
    storage.close();
    const { storage: other } = await stored();
    await other.deleted.moveLevels([{ id: 'e', place: place(4, 'd', null) }]);
    other.savePacks([{ id: 'p', name: 'Pack', levelIds: ['a', 'b', 'c', 'd'] }]);
    await other.importWorkspace(text, 'merge');
    expect((await other.deleted.list()).map((e) => e.id).sort()).toEqual(['level:b', 'level:d', 'level:e']);
    await other.importWorkspace(text, 'replace');
    expect((await other.deleted.list()).map((e) => e.id).sort()).toEqual(['level:b', 'level:d', 'level:e']);
    other.close();
  });

  it('a backup made before Recently deleted was carried still imports, and changes nothing there', async () => {
    const { storage } = await stored();
    const old = JSON.parse(await storage.exportWorkspace());
    expect(old.recentlyDeleted).toBeUndefined(); // nothing deleted: the file is as before
    await storage.deleted.moveLevels([{ id: 'b', place: place(1, 'a', 'c') }]);
    storage.savePacks([{ id: 'p', name: 'Pack', levelIds: ['a', 'c', 'd', 'e'] }]);
    await storage.importWorkspace(JSON.stringify(old), 'replace');
    expect((await storage.loadCatalogue()).summaries.map((s) => s.id).sort()).toEqual(listed);
    expect((await storage.deleted.list()).map((e) => e.id)).toEqual(['level:b']);
    storage.close();
  });

  it('a broken deleted level is refused with its place in the file, and nothing is written', async () => {
    const { storage } = await stored();
    await deleteTwo(storage);
    const file = JSON.parse(await storage.exportWorkspace());
    file.recentlyDeleted[1].levels[0].moves = -3;
    file.recentlyDeleted[0].kind = 'shelf';
    const r = parseFileText(JSON.stringify(file));
    expect(r.ok).toBe(false);
    const paths = r.ok ? [] : r.problems.map((p) => p.path);
    expect(paths).toContain('recentlyDeleted[0].kind');
    expect(paths.some((p) => p.startsWith('recentlyDeleted[1].levels[0]'))).toBe(true);
    const { storage: other } = await stored();
    await expect(other.importWorkspace(JSON.stringify(file), 'replace')).rejects.toThrow(/recentlyDeleted\[1\]\.levels\[0\]/);
    expect(await other.deleted.list()).toEqual([]);
    expect((await other.loadCatalogue()).summaries).toHaveLength(5);
    storage.close();
    other.close();
  });
});

describe('Recently deleted across tabs', () => {
  it('a delete in one tab reaches the other’s list, and a restore there leaves the first one’s, without reading again', async () => {
    const { storage: a, name } = await stored();
    const b = await openStorage({ name, onStatus: () => {} });
    await b.loadCatalogue();
    let inA: DeletedRow[] = [];
    let inB: DeletedRow[] = [];
    const stopA = await a.deleted.watch((e) => (inA = e));
    const stopB = await b.deleted.watch((e) => (inB = e));
    await a.deleted.moveLevels([{ id: 'c', place: place(2, 'b', 'd') }]);
    await vi.waitFor(() => expect(inB.map((e) => e.id)).toEqual(['level:c']));
    expect(inA.map((e) => e.id)).toEqual(['level:c']);
    await b.deleted.restore(['level:c']);
    await vi.waitFor(() => expect(inA).toEqual([]));
    stopA();
    stopB();
    await b.deleted.moveLevels([{ id: 'd', place: place(3, 'c', 'e') }]);
    await a.flush();
    expect(inA).toEqual([]); // stopped: heard nothing more
    a.close();
    b.close();
  });
});
