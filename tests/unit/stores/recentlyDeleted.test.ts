// Recently deleted through the workspace (issue 32), on fake-indexeddb: a delete moves levels and packs
// there, Restore (and the notice's Undo) puts each back in its pack beside the neighbour it had, a pack
// comes back whole where it stood, a gone pack is made again under its old name; Delete forever and
// Empty purge; the conversation of a deleted level comes back with it.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { studioOnDb } from '../setup/studioOnDb.ts';
import type { Workspace } from '../../../src/stores/workspace.svelte.ts';
import { placeRestored, type RestoredEntry } from '../../../src/core/catalogue/restorePlaces.ts';
import { StorageKeeper, type BrowserStorage } from '../../../src/stores/keep.ts';

/** A studio on IndexedDB with packs p (a…e) and q (x, y). */
async function studio() {
  const { ws, name } = await studioOnDb('recently-deleted', [{ id: 'p', name: 'Pack', levelIds: [...'abcde'] }, { id: 'q', name: 'Other', levelIds: ['x', 'y'] }]);
  const store = await ws.loadDeleted();
  return { ws, store, name };
}
const packs = (ws: Workspace) => ws.packs.map((p) => `${p.name}:${p.levelIds.join('')}`);

describe('Recently deleted', () => {
  it('a delete moves levels there, listed with their pack, place and time; the catalogue no longer has them', async () => {
    const { ws, store } = await studio();
    const before = Date.now();
    await ws.deleteLevels(['b', 'd']);
    await ws.deletesWritten();
    expect(packs(ws)).toEqual(['Pack:ace', 'Other:xy']);
    await store.load();
    const [b, d] = ['level:b', 'level:d'].map((id) => store.entry(id)!);
    expect(b).toMatchObject({ kind: 'level', name: 'B', packName: 'Pack', index: 1, after: 'a' });
    expect(d).toMatchObject({ kind: 'level', name: 'D', packName: 'Pack', index: 3, after: 'c' });
    expect(b.at).toBeGreaterThanOrEqual(before);
    expect(await ws.storage!.readLevels(['b'])).toEqual([undefined]);
  });

  it('Restore puts one level back at its place, then the other at its own', async () => {
    const { ws, store } = await studio();
    await ws.deleteLevels(['b', 'c', 'd']);
    await store.load();
    const r = await store.restore(['level:c']);
    expect(r.levels).toBe(1);
    expect(packs(ws)).toEqual(['Pack:ace', 'Other:xy']);
    expect(ws.editor.level?.id).toBe('c'); // the restored level opens
    await store.restore(['level:d', 'level:b']);
    expect(packs(ws)).toEqual(['Pack:abcde', 'Other:xy']);
    expect(store.entries).toEqual([]);
    expect(ws.catalogue.has('b')).toBe(true);
    // stored again: a new start lists them
    await ws.storage!.flush();
    const cat = await ws.storage!.loadCatalogue();
    expect(cat.packs.map((p) => p.levelIds.join(''))).toEqual(['abcde', 'xy']);
  });

  it('the notice’s Undo brings a bulk delete back where it was and leaves Recently deleted empty', async () => {
    const { ws, store } = await studio();
    await ws.deleteLevels(['a', 'c', 'x']);
    const undo = ws.notices.toasts.at(-1)!.action!;
    undo.run();
    await ws.deletesWritten();
    await new Promise((r) => setTimeout(r, 0));
    await store.load();
    await expect.poll(() => packs(ws)).toEqual(['Pack:abcde', 'Other:xy']);
    await store.load();
    expect(store.entries).toEqual([]);
  });

  it('a pack comes back whole where it stood, its levels in order', async () => {
    const { ws, store } = await studio();
    ws.actions.newPack();
    await ws.deletePack('q');
    expect(ws.packs.map((p) => p.id)).not.toContain('q');
    await store.load();
    expect(store.entries[0]).toMatchObject({ id: 'pack:q', kind: 'pack', name: 'Other', index: 1, after: 'p', levelIds: ['x', 'y'] });
    await store.restore(['pack:q']);
    expect(packs(ws).slice(0, 2)).toEqual(['Pack:abcde', 'Other:xy']);
    expect(ws.packs).toHaveLength(3);
  });

  it('a level whose pack is gone comes back in a new pack of the old name; the pack’s other levels join it', async () => {
    const { ws, store } = await studio();
    await ws.deleteLevels(['x']);
    await ws.deletePack('q'); // now only y
    await store.load();
    await store.restore(['level:x']);
    expect(packs(ws)).toEqual(['Pack:abcde', 'Other:x']);
    await store.restore(['pack:q']);
    expect(packs(ws)).toEqual(['Pack:abcde', 'Other:xy']);
  });

  it('a restored level brings its conversation back; Delete forever removes it with the entry', async () => {
    const { ws, store } = await studio();
    await ws.storage!.messages.put({ id: 'm1', levelId: 'b', createdAt: 1, role: 'user', content: 'make the bottom row ice' });
    await ws.deleteLevels(['b']);
    await store.load();
    await store.restore(['level:b']);
    expect((await ws.storage!.messages.list('b')).map((m) => m.id)).toEqual(['m1']);
    await ws.deleteLevels(['b']);
    await store.load();
    expect(await store.deleteForever(['level:b'])).toBe(1);
    expect(store.entries).toEqual([]);
    expect(await ws.storage!.messages.list('b')).toEqual([]);
  });

  it('Empty removes every entry for good', async () => {
    const { ws, store } = await studio();
    await ws.deleteLevels(['a', 'b']);
    await ws.deletePack('q');
    await store.load();
    expect(store.entries).toHaveLength(3);
    expect(await store.empty()).toBe(4);
    expect(store.entries).toEqual([]);
    expect(packs(ws)).toEqual(['Pack:cde']);
  });
});

describe('where restored levels go (placeRestored)', () => {
  /** The entries of deleting `gone` from `ids` (one pack p), as the workspace makes them. */
  function deleteFrom(ids: string[], gone: string[]): RestoredEntry[] {
    let kept: string | null = null;
    const out: RestoredEntry[] = [];
    ids.forEach((id, i) => {
      if (gone.includes(id)) out.push({ kind: 'level', packId: 'p', packName: 'P', index: i, after: ids[i - 1] ?? null, before: ids[i + 1] ?? null, keptAfter: kept, levelIds: [id] });
      else kept = id;
    });
    return out;
  }
  /** Restores the entries in the groups given (each group one restore), starting from what is left. */
  function restoreInTurn(ids: string[], gone: string[], groups: string[][]): string {
    const entries = deleteFrom(ids, gone);
    let packs = [{ id: 'p', name: 'P', levelIds: ids.filter((x) => !gone.includes(x)) }];
    for (const g of groups) packs = placeRestored(packs, entries.filter((e) => g.includes(e.levelIds[0])));
    return packs[0].levelIds.join('');
  }
  const all = [...'abcdef'];

  it('every level comes back at its place, whatever order they are restored in (runs of up to three)', () => {
    const gone = [...'bcd'];
    const orders = [['b', 'c', 'd'], ['b', 'd', 'c'], ['c', 'b', 'd'], ['c', 'd', 'b'], ['d', 'b', 'c'], ['d', 'c', 'b']];
    for (const order of orders) expect(restoreInTurn(all, gone, order.map((x) => [x])), order.join('')).toBe('abcdef');
    expect(restoreInTurn(all, gone, [['d', 'b', 'c']])).toBe('abcdef');
    expect(restoreInTurn(all, gone, [['d'], ['c', 'b']])).toBe('abcdef');
  });

  it('the first level of a pack goes first; scattered levels each beside their neighbours', () => {
    expect(restoreInTurn(all, ['a', 'c', 'f'], [['f'], ['a'], ['c']])).toBe('abcdef');
    expect(restoreInTurn(all, ['a', 'b'], [['b'], ['a']])).toBe('abcdef');
  });

  it('with both neighbours gone for good, a level goes after the nearest level before it that stayed, else to its old index', () => {
    const entries = deleteFrom(all, ['b', 'c', 'd']);
    const c = entries.find((e) => e.levelIds[0] === 'c')!;
    expect(placeRestored([{ id: 'p', name: 'P', levelIds: ['a', 'e', 'f'] }], [c])[0].levelIds.join('')).toBe('acef');
    expect(placeRestored([{ id: 'p', name: 'P', levelIds: ['x', 'y', 'z'] }], [c])[0].levelIds.join('')).toBe('xycz');
  });

  it('a level already listed (another tab brought it back) stays where it is', () => {
    const [b] = deleteFrom(all, ['b']);
    expect(placeRestored([{ id: 'p', name: 'P', levelIds: ['a', 'c', 'b'] }], [b])[0].levelIds.join('')).toBe('acb');
  });

  it('a pack goes back between the packs it stood between', () => {
    const packs = [{ id: 'p', name: 'P', levelIds: ['a'] }, { id: 'r', name: 'R', levelIds: [] }];
    const out = placeRestored(packs, [{ kind: 'pack', packId: 'q', packName: 'Q', index: 1, after: 'p', before: 'r', keptAfter: 'p', levelIds: ['x', 'y'] }]);
    expect(out.map((p) => `${p.id}:${p.levelIds.join('')}`)).toEqual(['p:a', 'q:xy', 'r:']);
  });
});

describe('asking the browser to keep the data (StorageKeeper)', () => {
  const keeper = (api: BrowserStorage | undefined) => {
    const settings = new Map<string, unknown>();
    return new StorageKeeper(() => api, { get: async (k) => settings.get(k), set: async (k, v) => void settings.set(k, v) });
  };

  it('asks once a session, and a refusal is told once', async () => {
    let asked = 0;
    const k = keeper({ persisted: async () => false, persist: async () => (asked++, false) });
    expect(await k.workStored()).toBe('refused');
    expect(await k.workStored()).toBe('refused');
    expect(asked).toBe(1);
    expect(await k.firstRefusal()).toBe(true);
    expect(await k.firstRefusal()).toBe(false);
  });

  it('does not ask again what the browser already keeps; says what it reports', async () => {
    let asked = 0;
    const k = keeper({ persisted: async () => true, persist: async () => (asked++, true), estimate: async () => ({ usage: 2048, quota: 1e9 }) });
    expect(await k.workStored()).toBe('kept');
    expect(asked).toBe(0);
    expect(await k.state()).toEqual({ persistent: true, usage: 2048, quota: 1e9 });
  });

  it('a browser without the API: unsupported, and the state says it does not know', async () => {
    const k = keeper(undefined);
    expect(await k.workStored()).toBe('unsupported');
    expect(await k.state()).toEqual({ persistent: null, usage: null, quota: null });
  });
});
