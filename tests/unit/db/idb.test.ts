// The studio's own IndexedDB layer (src/db/idb.ts): transactions that commit or leave nothing behind,
// the errors the storage code classifies, and the open path's cases (blocked, upgraded elsewhere,
// a database newer than ours, no IndexedDB at all).
import 'fake-indexeddb/auto';
import { forceCloseDatabase } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { DatabaseClosedError, openIdb, type Schema } from '../../../src/db/idb.ts';
import { storageErrorKind } from '../../../src/db/studioDb.ts';

interface Rows extends Record<string, unknown> {
  items: { id: string; group: string; at: number; note?: string };
  tags: { key: string; value: number };
}
const schema: Schema = { items: { key: 'id', indexes: ['group', ['group', 'at']] }, tags: { key: 'key' } };

let n = 0;
const fresh = () => `idb-${++n}-${Date.now()}`;

/** Opens `name` natively (as another tab would) at `version`, optionally building stores in its upgrade. */
function nativeOpen(name: string, version: number, upgrade?: (db: IDBDatabase) => void): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const r = indexedDB.open(name, version);
    r.onupgradeneeded = () => upgrade?.(r.result);
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

describe('transactions', () => {
  it('a write commits every row; reads by key, by index and by a compound range', async () => {
    const db = await openIdb<Rows>(fresh(), 10, schema);
    await db.write(['items', 'tags'], async (t) => {
      await t.items.putAll([
        { id: 'a', group: 'x', at: 3 },
        { id: 'b', group: 'y', at: 1 },
        { id: 'c', group: 'x', at: 1 },
      ]);
      await t.tags.put({ key: 'k', value: 1 });
    });
    const items = db.table('items');
    expect(await items.get('a')).toEqual({ id: 'a', group: 'x', at: 3 });
    expect(await items.get('zz')).toBeUndefined();
    expect((await items.byIndex('group', 'x')).map((r) => r.id)).toEqual(['c', 'a'].sort());
    expect((await items.byIndex('[group+at]', IDBKeyRange.bound(['x', -Infinity], ['x', Infinity]))).map((r) => r.id)).toEqual(['c', 'a']);
    await items.deleteByIndex('group', 'x');
    expect((await items.all()).map((r) => r.id)).toEqual(['b']);
    await items.deleteAll(['b']);
    expect(await items.all()).toEqual([]);
    db.close();
  });

  it('a body that fails leaves nothing written and rejects with its own error', async () => {
    const db = await openIdb<Rows>(fresh(), 10, schema);
    const oops = new Error('stopped halfway');
    await expect(
      db.write(['items'], async (t) => {
        await t.items.put({ id: 'a', group: 'x', at: 1 });
        throw oops;
      }),
    ).rejects.toBe(oops);
    expect(await db.table('items').all()).toEqual([]);
    db.close();
  });

  it('a write the browser refuses (quota) keeps the error’s name for the studio to word, and writes nothing', async () => {
    const db = await openIdb<Rows>(fresh(), 10, schema);
    const proto = IDBObjectStore.prototype;
    const realPut = proto.put;
    proto.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if (this.name === 'tags') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return realPut.apply(this, args);
    };
    try {
      const e = await db
        .write(['items', 'tags'], async (t) => {
          await t.items.put({ id: 'a', group: 'x', at: 1 });
          await t.tags.put({ key: 'k', value: 1 });
        })
        .catch((x: unknown) => x);
      expect(storageErrorKind(e)).toBe('quota');
    } finally {
      proto.put = realPut;
    }
    expect(await db.table('items').all()).toEqual([]);
    db.close();
  });

  it('a transaction aborted under a write rejects with a worded AbortError; nothing is written', async () => {
    const db = await openIdb<Rows>(fresh(), 10, schema);
    const proto = IDBObjectStore.prototype;
    const realPut = proto.put;
    proto.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      const req = realPut.apply(this, args);
      this.transaction.abort();
      return req;
    };
    let e: unknown;
    try {
      e = await db.table('items').put({ id: 'a', group: 'x', at: 1 }).catch((x: unknown) => x);
    } finally {
      proto.put = realPut;
    }
    expect((e as Error).name).toBe('AbortError');
    expect((e as Error).message).toMatch(/abort/i);
    expect(storageErrorKind(e)).toBe('other');
    expect(await db.table('items').all()).toEqual([]);
    db.close();
  });
});

describe('opening', () => {
  it('a newer version opened elsewhere: this connection lets go at once, says so, and refuses later use as closed', async () => {
    const name = fresh();
    let told = 0;
    const db = await openIdb<Rows>(name, 10, schema, { versionchange: () => told++ });
    const newer = await nativeOpen(name, 1000); // would wait forever if the old connection held on
    expect(newer.version).toBe(1000);
    newer.close();
    expect(told).toBe(1);
    const e = await db.table('items').all().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(DatabaseClosedError);
    expect(storageErrorKind(e)).toBe('blocked');
  });

  it('an older connection holding the database: the open says it is blocked and goes on once that closes', async () => {
    const name = fresh();
    const old = await nativeOpen(name, 1);
    old.onversionchange = () => {}; // an old tab that does not let go
    let opened = false;
    let saidBlocked!: () => void;
    const blocked = new Promise<void>((r) => (saidBlocked = r));
    const opening = openIdb<Rows>(name, 20, schema, { blocked: () => saidBlocked() }).then((db) => ((opened = true), db));
    await blocked;
    expect(opened).toBe(false);
    old.close();
    const db = await opening;
    await db.table('tags').put({ key: 'k', value: 2 });
    expect(await db.table('tags').get('k')).toEqual({ key: 'k', value: 2 });
    db.close();
  });

  it('a database a newer studio already upgraded opens at its own version with its rows (no VersionError)', async () => {
    const name = fresh();
    const newer = await nativeOpen(name, 1000, (d) => {
      d.createObjectStore('items', { keyPath: 'id' }).createIndex('group', 'group');
      d.createObjectStore('items2', { keyPath: 'id' });
    });
    await new Promise<void>((resolve) => {
      const tx = newer.transaction('items', 'readwrite');
      tx.objectStore('items').put({ id: 'kept', group: 'g', at: 0 });
      tx.oncomplete = () => resolve();
    });
    newer.close();
    // it lacks our compound index and the tags store: they are added one version up, nothing else touched
    const db = await openIdb<Rows>(name, 10, schema);
    expect(await db.table('items').get('kept')).toEqual({ id: 'kept', group: 'g', at: 0 });
    expect(await db.table('items').byIndex('[group+at]')).toEqual([{ id: 'kept', group: 'g', at: 0 }]);
    db.close();
    const after = await nativeOpen(name, 1001);
    expect(after.version).toBe(1001);
    expect([...after.objectStoreNames].sort()).toEqual(['items', 'items2', 'tags']);
    after.close();
  });

  it('a connection the browser drops (site data cleared) is opened again on the next use', async () => {
    const opened: IDBOpenDBRequest[] = [];
    const realOpen = IDBFactory.prototype.open;
    IDBFactory.prototype.open = function (this: IDBFactory, ...args: Parameters<IDBFactory['open']>) {
      const r = realOpen.apply(this, args);
      opened.push(r);
      return r;
    };
    let db;
    try {
      db = await openIdb<Rows>(fresh(), 10, schema);
      await db.table('tags').put({ key: 'k', value: 3 });
      // fake-indexeddb types its argument as the class, but it takes the connection itself
      forceCloseDatabase(opened.at(-1)!.result as unknown as Parameters<typeof forceCloseDatabase>[0]);
      expect(await db.table('tags').get('k')).toEqual({ key: 'k', value: 3 });
      expect(opened.length).toBe(2);
    } finally {
      IDBFactory.prototype.open = realOpen;
      db?.close();
    }
  });

  it('without IndexedDB the open fails with an error the studio classes as blocked storage', async () => {
    const real = Object.getOwnPropertyDescriptor(globalThis, 'indexedDB')!;
    Object.defineProperty(globalThis, 'indexedDB', { configurable: true, value: undefined });
    try {
      const e = await openIdb(fresh(), 10, schema).catch((x: unknown) => x);
      expect((e as Error).name).toBe('MissingAPIError');
      expect(storageErrorKind(e)).toBe('blocked');
    } finally {
      Object.defineProperty(globalThis, 'indexedDB', real);
    }
  });
});
