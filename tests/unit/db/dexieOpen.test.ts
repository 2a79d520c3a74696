// Opening the studio's database on Dexie: what ADR 0004's own layer did on the way is Dexie's own
// behaviour now, plus the studio's choice on versionchange (let go for good). The cases: a newer
// version opened elsewhere, an older connection blocking the upgrade, a database a newer studio
// already upgraded, a connection the browser drops, no IndexedDB at all.
import 'fake-indexeddb/auto';
import { forceCloseDatabase } from 'fake-indexeddb';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { openStorage } from '../../../src/db/storage.ts';
import { openStudioDb, storageErrorKind } from '../../../src/db/studioDb.ts';

let n = 0;
const fresh = () => `dexie-open-${++n}-${Date.now()}`;

function nativeOpen(name: string, version: number, upgrade?: (db: IDBDatabase, tx: IDBTransaction) => void): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const r = indexedDB.open(name, version);
    r.onupgradeneeded = () => upgrade?.(r.result, r.transaction!);
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

describe('opening the studio database', () => {
  it('a newer version opened elsewhere: this connection lets go at once, says so, and refuses later use', async () => {
    const name = fresh();
    let told = 0;
    const db = await openStudioDb(name, { versionchange: () => told++ });
    const newer = await nativeOpen(name, 1000); // would wait forever if the old connection held on
    expect(newer.version).toBe(1000);
    newer.close();
    expect(told).toBe(1);
    const e = await db.settings.toArray().catch((x: unknown) => x);
    expect((e as Error).name).toBe('DatabaseClosedError');
    expect(storageErrorKind(e)).toBe('blocked');
  });

  it('an older connection holding the database: the open says it is blocked and goes on once that closes', async () => {
    const name = fresh();
    const old = await nativeOpen(name, 10, (d) => d.createObjectStore('levels', { keyPath: 'id' }));
    old.onversionchange = () => {}; // an old tab that does not let go
    let opened = false;
    let saidBlocked!: () => void;
    const blocked = new Promise<void>((r) => (saidBlocked = r));
    const opening = openStudioDb(name, { blocked: () => saidBlocked() }).then((db) => ((opened = true), db));
    await blocked;
    expect(opened).toBe(false);
    old.close();
    const db = await opening;
    await db.settings.put({ key: 'k', value: 2 });
    expect(await db.settings.get('k')).toEqual({ key: 'k', value: 2 });
    expect(db.verno).toBe(7);
    db.close();
  });

  it('a database a newer studio already upgraded opens at its own version with its rows (no VersionError)', async () => {
    const name = fresh();
    (await openStudioDb(name)).close(); // our layout at 60…
    const newer = await nativeOpen(name, 1000, (d) => d.createObjectStore('fromTheFuture', { keyPath: 'id' })); // …then a newer studio's
    await new Promise<void>((resolve) => {
      const tx = newer.transaction('settings', 'readwrite');
      tx.objectStore('settings').put({ key: 'kept', value: 1, rev: 1 });
      tx.oncomplete = () => resolve();
    });
    newer.close();
    const storage = await openStorage({ name, onStatus: () => {} });
    expect(storage.persistent).toBe(true);
    expect(await storage.getSetting('kept')).toBe(1);
    storage.close();
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
      db = await openStudioDb(fresh());
      await db.settings.put({ key: 'k', value: 3 });
      forceCloseDatabase(opened.at(-1)!.result as unknown as Parameters<typeof forceCloseDatabase>[0]);
      expect(await db.settings.get('k')).toEqual({ key: 'k', value: 3 });
      expect(opened.length).toBeGreaterThanOrEqual(2);
    } finally {
      IDBFactory.prototype.open = realOpen;
      db?.close();
    }
  });

  it('without IndexedDB the studio runs from memory and says why', async () => {
    // Dexie takes the browser's IndexedDB when it loads: take it away there, as a browser without it would
    const deps = Dexie.dependencies as { indexedDB?: IDBFactory };
    const real = deps.indexedDB;
    deps.indexedDB = undefined;
    try {
      const statuses: string[] = [];
      const storage = await openStorage({ name: fresh(), onStatus: (s) => statuses.push(s) });
      expect(storage.persistent).toBe(false);
      expect(statuses).toContain('memory');
      expect((await storage.loadCatalogue()).summaries.length).toBeGreaterThan(0);
    } finally {
      deps.indexedDB = real;
    }
  });
});
