import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createLevel } from '../../../src/core/level/index.ts';
import { openStorage, type StorageStatus } from '../../../src/db/storage.ts';
import { Saver } from '../../../src/db/saver.ts';

let n = 0;
const fresh = async () => {
  const statuses: [StorageStatus, string | undefined][] = [];
  const name = `test-${++n}-${Date.now()}`;
  const storage = await openStorage({ name, onStatus: (s, m) => statuses.push([s, m]) });
  return { storage, statuses, name };
};

describe('storage', () => {
  it('a first visit seeds the sample pack; later visits load what was saved', async () => {
    const { storage, name } = await fresh();
    const ws = await storage.loadWorkspace();
    expect(ws.packs).toHaveLength(1);
    expect(ws.levels.length).toBeGreaterThanOrEqual(3);
    const edited = { ...ws.levels[0], moves: 77 };
    storage.scheduleLevel(edited);
    const extra = createLevel({ id: 'extra', name: 'Extra' });
    storage.saveLevelNow(extra);
    storage.savePacks([{ ...ws.packs[0], levelIds: [...ws.packs[0].levelIds, 'extra'] }]);
    await storage.flush();
    const again = await openStorage({ name, onStatus: () => {} });
    const ws2 = await again.loadWorkspace();
    expect(ws2.levels.find((l) => l.id === edited.id)?.moves).toBe(77);
    expect(ws2.packs[0].levelIds.at(-1)).toBe('extra');
  });

  it('settings, analyses and messages round-trip; keys never reach a workspace export', async () => {
    const { storage } = await fresh();
    await storage.loadWorkspace();
    await storage.setSetting('providers', [{ id: 'p', baseURL: 'https://api.example.test/v1', apiKey: 'sk-SECRET-123', model: 'm' }]);
    await storage.flush();
    expect(await storage.getSetting('providers')).toBeTruthy();
    await storage.putAnalysis('k1', { games: 3 });
    expect(await storage.getAnalysis('k1')).toEqual({ games: 3 });
    await storage.messages.put({ id: 'm1', levelId: 'L', createdAt: 2, role: 'user', content: 'b' });
    await storage.messages.put({ id: 'm0', levelId: 'L', createdAt: 1, role: 'user', content: 'a' });
    expect((await storage.messages.list('L')).map((m) => m.id)).toEqual(['m0', 'm1']);
    const text = await storage.exportWorkspace();
    expect(text).not.toContain('sk-SECRET-123');
    expect(text).not.toMatch(/apiKey/i);
    const parsed = JSON.parse(text);
    expect(parsed.conversations).toHaveLength(2);
    await storage.messages.clear('L');
    expect(await storage.messages.list('L')).toEqual([]);
  });

  it('a workspace import is validated first: a bad file changes nothing stored', async () => {
    const { storage } = await fresh();
    const before = await storage.loadWorkspace();
    const good = JSON.parse(await storage.exportWorkspace());
    good.levels[0].cells[0][0] = { cover: { type: 'ice', layers: 9 } };
    await expect(storage.importWorkspace(JSON.stringify(good))).rejects.toThrow('levels[0].cells[0][0].cover.layers: must be 1..3');
    await expect(storage.importWorkspace('{ nope')).rejects.toThrow(/not valid JSON/);
    const after = await storage.loadWorkspace();
    expect(after).toEqual(before);
  });

  it('a workspace import replaces the workspace', async () => {
    const a = await fresh();
    const wsA = await a.storage.loadWorkspace();
    a.storage.scheduleLevel({ ...wsA.levels[1], name: 'Renamed in A' });
    const text = await a.storage.exportWorkspace();
    const b = await fresh();
    await b.storage.loadWorkspace();
    await b.storage.importWorkspace(text);
    const wsB = await b.storage.loadWorkspace();
    expect(wsB.levels.map((l) => l.name)).toContain('Renamed in A');
    expect(wsB.packs).toEqual(wsA.packs);
  });

  it('a failed write (quota) is reported, kept, and written on retry', async () => {
    const { storage, statuses, name } = await fresh();
    const ws = await storage.loadWorkspace();
    // make writes fail the way a full disk does, at the IndexedDB layer itself
    const proto = globalThis.IDBObjectStore.prototype;
    const realPut = proto.put;
    let fail = true;
    proto.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if (fail && this.name === 'levels') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return realPut.apply(this, args);
    };
    try {
      storage.scheduleLevel({ ...ws.levels[0], moves: 123 });
      await storage.flush();
      const last = statuses.at(-1)!;
      expect(last[0]).toBe('error');
      expect(last[1]).toMatch(/out of storage space/);
      fail = false;
      await storage.retry();
      expect(statuses.at(-1)![0]).toBe('saved');
    } finally {
      proto.put = realPut;
    }
    const again = await (await openStorage({ name, onStatus: () => {} })).loadWorkspace();
    expect(again.levels.find((l) => l.id === ws.levels[0].id)?.moves).toBe(123);
  });
});

describe('Saver', () => {
  it('coalesces writes per key and keeps the newest after a failure', async () => {
    const statuses: string[] = [];
    const saver = new Saver((s) => statuses.push(s), () => 'failed', 10);
    const written: number[] = [];
    let fail = true;
    saver.schedule('a', async () => written.push(1));
    saver.schedule('a', async () => {
      if (fail) throw new Error('disk');
      written.push(2);
    });
    await saver.flush();
    expect(written).toEqual([]);
    expect(statuses.at(-1)).toBe('error');
    expect(saver.hasPending).toBe(true);
    fail = false;
    await saver.retry();
    expect(written).toEqual([2]);
    expect(statuses.at(-1)).toBe('saved');
  });
});
