// Every database a user has must open with nothing lost: those the Dexie build wrote (schemas 1 and 2),
// those the studio's own IndexedDB layer wrote in between (schema 3, the same layout), and the current
// Dexie build's (schema 4, level summaries; schema 5, games; schema 6, the open folder's stores). A Dexie class with the old schemas writes them; the studio
// reads them back through src/db, and the on-disk layouts are compared store by store, index by index.
import 'fake-indexeddb/auto';
import Dexie, { type Table } from 'dexie';
import { describe, expect, it } from 'vitest';
import { createLevel, levelHash } from '../../../src/core/level/index.ts';
import { openStorage } from '../../../src/db/storage.ts';
import { openStudioDb } from '../../../src/db/studioDb.ts';

/** The studio's database class as it was with Dexie (src/db/studioDb.ts before the change), schema versions 1 and 2. */
class OldStudioDb extends Dexie {
  levels!: Table;
  packs!: Table;
  messages!: Table;
  settings!: Table;
  analyses!: Table;
  reports!: Table;
  constructor(name: string, upTo: 1 | 2 | 3 | 4 | 5 | 6 | 7 = 7) {
    super(name);
    this.version(1).stores({
      levels: 'id, updatedAt',
      packs: 'id, order',
      messages: 'id, levelId, [levelId+createdAt]',
      settings: 'key',
      analyses: 'key, createdAt',
    });
    if (upTo >= 2)
      this.version(2)
        .stores({ reports: 'levelId, at' })
        .upgrade(() => {});
    if (upTo >= 3) this.version(3).stores({ jobs: 'id, createdAt', playerData: 'levelId, importedAt', calibrations: 'id, createdAt' });
    if (upTo >= 4) this.version(4).stores({ summaries: 'id' });
    if (upTo >= 5) this.version(5).stores({ games: 'id, updatedAt' });
    if (upTo >= 6) this.version(6).stores({ folders: 'id', folderFiles: 'id' });
    if (upTo >= 7) this.version(7).stores({ deleted: 'id, at', deletedLevels: 'id, entryId' });
  }
}

interface Layout {
  version: number;
  stores: { name: string; keyPath: unknown; autoIncrement: boolean; indexes: { name: string; keyPath: unknown; unique: boolean; multiEntry: boolean }[] }[];
}

/** What is on disk: version, stores, key paths and indexes (opened natively at whatever version it has). */
function layoutOf(name: string): Promise<Layout> {
  return new Promise((resolve, reject) => {
    const r = indexedDB.open(name);
    r.onerror = () => reject(r.error);
    r.onsuccess = () => {
      const db = r.result;
      const names = [...db.objectStoreNames].sort();
      const tx = db.transaction(names, 'readonly');
      const stores = names.map((n) => {
        const s = tx.objectStore(n);
        const indexes = [...s.indexNames].sort().map((i) => {
          const x = s.index(i);
          return { name: x.name, keyPath: x.keyPath, unique: x.unique, multiEntry: x.multiEntry };
        });
        return { name: n, keyPath: s.keyPath, autoIncrement: s.autoIncrement, indexes };
      });
      db.close();
      resolve({ version: db.version, stores });
    };
  });
}

let n = 0;
const dbName = (what: string) => `dexie-${what}-${++n}-${Date.now()}`;

const levelA = createLevel({ id: 'a', name: 'Alpha', moves: 31 });
const levelB = createLevel({ id: 'b', name: 'Beta', width: 7, height: 6 });

/** A workspace as the Dexie build stored it: every table with rows in it. */
async function writtenByDexie(name: string) {
  const old = new OldStudioDb(name, 2);
  await old.transaction('rw', [old.levels, old.packs, old.messages, old.settings, old.analyses, old.reports], async () => {
    await old.levels.bulkPut([
      { id: 'a', level: levelA, updatedAt: 5, rev: 3 },
      { id: 'b', level: levelB, updatedAt: 6 }, // written before revisions existed
    ]);
    await old.packs.bulkPut([
      { id: 'p2', name: 'Second', order: 1, levelIds: ['b'], rev: 4 },
      { id: 'p1', name: 'First', order: 0, levelIds: ['a'], rev: 4 },
    ]);
    await old.messages.bulkPut([
      { id: 'm2', levelId: 'a', createdAt: 20, role: 'assistant', content: 'second' },
      { id: 'm1', levelId: 'a', createdAt: 10, role: 'user', content: 'first' },
      { id: 'm3', levelId: 'b', createdAt: 15, role: 'user', content: 'other level' },
    ]);
    await old.settings.bulkPut([
      { key: 'language', value: 'zh', rev: 2 },
      { key: 'copilot', value: { provider: 'openai', model: 'gpt-x' } },
    ]);
    await old.analyses.put({ key: 'hash|average|100|r1', counts: { games: 100, wins: 42 }, createdAt: 7 });
    await old.reports.put({ levelId: 'a', at: 8, kind: 'analyze', hash: 'h' });
  });
  old.close();
}

describe('a database written by the Dexie build', () => {
  it('a schema-2 database opens and gains the v3, v4, v5, v6 and v7 stores', async () => {
    const name = dbName('layout');
    await writtenByDexie(name);
    expect((await layoutOf(name)).version).toBe(20); // Dexie's schema version 2 × 10

    const db = await openStudioDb(name);
    db.close();
    const ref = dbName('v7-ref');
    await new OldStudioDb(ref, 7).open().then((d) => d.close());
    const after = await layoutOf(name);
    expect(after.version).toBe(70);
    expect(after).toEqual(await layoutOf(ref));
  });

  it('a new database gets exactly the layout Dexie gave it', async () => {
    const byDexie = dbName('fresh-dexie');
    const old = new OldStudioDb(byDexie);
    await old.open();
    old.close();
    const ours = dbName('fresh-own');
    (await openStudioDb(ours)).close();
    expect(await layoutOf(ours)).toEqual(await layoutOf(byDexie));
  });

  it('every row is read back: levels with their revisions, packs in order, chats, settings, analyses, reports', async () => {
    const name = dbName('rows');
    await writtenByDexie(name);
    const storage = await openStorage({ name, onStatus: () => {} });
    const ws = await storage.loadWorkspace();
    expect(ws.packs).toEqual([
      { id: 'p1', name: 'First', levelIds: ['a'] },
      { id: 'p2', name: 'Second', levelIds: ['b'] },
    ]);
    expect(ws.levels.map((l) => l.id).sort()).toEqual(['a', 'b']);
    expect(ws.levels.find((l) => l.id === 'a')).toEqual(levelA);
    expect(ws.levels.find((l) => l.id === 'b')).toEqual(levelB);
    expect(storage.revOf('a')).toBe(3);
    expect(storage.revOf('b')).toBe(0);
    expect((await storage.messages.list('a')).map((m) => m.content)).toEqual(['first', 'second']);
    expect((await storage.messages.list('b')).map((m) => m.id)).toEqual(['m3']);
    expect(await storage.getSetting('language')).toBe('zh');
    expect(await storage.getSetting('copilot')).toEqual({ provider: 'openai', model: 'gpt-x' });
    expect(await storage.getAnalysis('hash|average|100|r1')).toEqual({ games: 100, wins: 42 });
    expect(await storage.listReports()).toEqual([{ levelId: 'a', at: 8, kind: 'analyze', hash: 'h' }]);

    // and writes go on from the stored revisions
    storage.scheduleLevel({ ...levelA, moves: 12 });
    await storage.flush();
    expect(storage.revOf('a')).toBe(4);
    storage.close();
  });

  it('a schema-1 database (native version 10, no reports store) is upgraded to 70 with its rows kept', async () => {
    const name = dbName('v1');
    const old = new OldStudioDb(name, 1);
    await old.levels.put({ id: 'a', level: levelA, updatedAt: 1 });
    await old.packs.put({ id: 'p', name: 'P', order: 0, levelIds: ['a'] });
    old.close();
    expect((await layoutOf(name)).version).toBe(10);

    const storage = await openStorage({ name, onStatus: () => {} });
    expect((await storage.loadWorkspace()).levels).toEqual([levelA]);
    await storage.putReport({ levelId: 'a', at: 1 });
    expect(await storage.listReports()).toEqual([{ levelId: 'a', at: 1 }]);
    storage.close();

    const fresh = dbName('v6-ref');
    await new OldStudioDb(fresh).open().then((d) => d.close());
    expect(await layoutOf(name)).toEqual(await layoutOf(fresh));
  });

  it('the Dexie build can still open what the studio writes now (a tab still on the old build)', async () => {
    const name = dbName('back');
    const storage = await openStorage({ name, onStatus: () => {} });
    const ws = await storage.loadWorkspace();
    await storage.messages.put({ id: 'x', levelId: ws.levels[0].id, createdAt: 1, role: 'user', content: 'hi' });
    storage.close();
    const old = new OldStudioDb(name);
    expect((await old.levels.toArray()).length).toBe(ws.levels.length);
    expect(await old.messages.where('[levelId+createdAt]').between([ws.levels[0].id, -Infinity], [ws.levels[0].id, Infinity]).toArray()).toHaveLength(1);
    old.close();
  });
});

describe('the catalogue (schema 4)', () => {
  it('a schema-3 database of levels gets a summary per level on upgrade, and the catalogue lists them without reading the levels', async () => {
    const name = dbName('summaries');
    const old = new OldStudioDb(name, 3);
    const many = Array.from({ length: 1200 }, (_, i) => createLevel({ id: `l${String(i).padStart(4, '0')}`, name: `Level ${i + 1}`, moves: 10 + (i % 50) }));
    await old.levels.bulkPut(many.map((level, i) => ({ id: level.id, level, updatedAt: i, rev: 2 })));
    await old.packs.put({ id: 'p', name: 'Big', order: 0, levelIds: many.map((l) => l.id) });
    old.close();
    const storage = await openStorage({ name, onStatus: () => {} });
    const { packs, summaries } = await storage.loadCatalogue();
    expect(packs[0].levelIds).toHaveLength(1200);
    expect(summaries).toHaveLength(1200);
    const s = summaries.find((x) => x.id === 'l0042')!;
    expect(s).toMatchObject({ name: 'Level 43', rev: 2, hash: levelHash(many[42]), width: many[42].width });
    expect(s.thumb).toHaveLength(many[42].width * many[42].height);
    expect(storage.revOf('l0042')).toBe(2);
    expect((await storage.readLevels(['l0042', 'nope']))).toEqual([many[42], undefined]);
    storage.close();
  });

  it('a save writes the level and its summary together; a level stored without one (an older tab) is mended on load', async () => {
    const name = dbName('save');
    const storage = await openStorage({ name, onStatus: () => {} });
    const { summaries } = await storage.loadCatalogue();
    const first = (await storage.readLevels([summaries[0].id]))[0]!;
    storage.scheduleLevel({ ...first, name: 'Renamed', moves: 44 });
    await storage.flush();
    storage.close();
    const raw = new OldStudioDb(name);
    expect(await raw.table('summaries').get(first.id)).toMatchObject({ name: 'Renamed', hash: levelHash({ ...first, name: 'Renamed', moves: 44 }), rev: 2 });
    await raw.levels.put({ id: 'lost', level: createLevel({ id: 'lost', name: 'Lost' }), updatedAt: 1, rev: 1 });
    raw.close();
    const again = await openStorage({ name, onStatus: () => {} });
    const cat = await again.loadCatalogue();
    expect(cat.summaries.find((x) => x.id === 'lost')?.name).toBe('Lost');
    expect(cat.packs[0].levelIds).toContain('lost'); // an orphan goes to the first pack
    again.close();
  });
});

describe('records (jobs, player data, calibrations)', () => {
  it('are kept per table by their key and survive a reopen', async () => {
    const name = dbName('records');
    const storage = await openStorage({ name, onStatus: () => {} });
    await storage.records.put('jobs', [{ id: 'j1', createdAt: 1, kind: 'analyze-pack', done: ['a'] }]);
    await storage.records.put('playerData', [{ levelId: 'a', importedAt: 2, attempts: 100, successes: 40 }]);
    await storage.records.put('calibrations', [{ id: 'current', createdAt: 3, model: { k: 1 } }]);
    storage.close();
    const again = await openStorage({ name, onStatus: () => {} });
    expect(await again.records.get('jobs', 'j1')).toEqual({ id: 'j1', createdAt: 1, kind: 'analyze-pack', done: ['a'] });
    expect(await again.records.list('playerData')).toEqual([{ levelId: 'a', importedAt: 2, attempts: 100, successes: 40 }]);
    await again.records.remove('calibrations', ['current']);
    expect(await again.records.list('calibrations')).toEqual([]);
    again.close();
  });
});
