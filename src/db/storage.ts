// The workspace's storage: the Dexie database (studioDb.ts) behind status-reporting writes. A level is
// written with its summary (the level list's row) in one transaction, as soon as it is committed.
// The catalogue (every level's summary) loads at start; levels themselves are read when opened.
// When IndexedDB is unavailable (private mode, blocked), the studio runs from memory and says so.
import Dexie, { RangeSet } from 'dexie';
import type { LevelT } from '../core/level/index.ts';
import { ConflictError, UpgradedElsewhereError, WaitingForOtherTabError, openStudioDb, storageErrorMessage, type LevelRow, type MessageRow, type PackRow, type RecordTable, type ReportRow, type StudioDb } from './studioDb.ts';
import { summarize, type LevelSummary } from '../core/catalogue/summary.ts';
import { Saver } from './saver.ts';
import { mergeFields } from '../core/level/mergeFields.ts';
import { openTabChannel, type TabChannel, type TabNews } from './tabs.ts';

// backups (export and restore) load when first used (docs/performance.md, "First load")
const loadBackup = () => import('./backup.ts');
// Recently deleted loads with the first delete (or the first purge of an old entry)
const loadDeleted = () => import('./deleted.ts');
import { RECENTLY_DELETED_MS } from '../core/facts.ts';

export * from './storageTypes.ts';
import { Bases } from './bases.ts';
import { CancelledError, PAGE, type BulkOptions, type PackRecord, type RecentlyDeletedStorage, type Storage, type StorageStatus } from './storageTypes.ts';

export async function openStorage(opts: {
  onStatus: (s: StorageStatus, message?: string) => void;
  name?: string;
  /** Words a failure for the designer (default: English). */
  describe?: (e: unknown) => string;
  /** The clock (tests move it to see Recently deleted purge after 30 days). */
  now?: () => number;
}): Promise<Storage> {
  const name = opts.name ?? 'match3-studio';
  /** Set when a newer studio in another tab upgraded the database: this tab can no longer write. */
  let upgradedElsewhere = false;
  const describe = (e: unknown) => (opts.describe ?? storageErrorMessage)(upgradedElsewhere ? new UpgradedElsewhereError() : e);
  // an older tab holding the database open stops the upgrade: say why the studio waits
  let waited = false;
  let db: StudioDb;
  try {
    db = await openStudioDb(name, {
      blocked() {
        waited = true;
        opts.onStatus('error', describe(new WaitingForOtherTabError()));
      },
      // the connection is closed already (the newer tab goes on); what this tab holds stays in memory
      versionchange() {
        upgradedElsewhere = true;
        opts.onStatus('error', describe(new UpgradedElsewhereError()));
      },
    });
  } catch (e) {
    opts.onStatus('memory', describe(e));
    // only when the browser refuses storage: its code loads then (docs/performance.md, "First load")
    return (await import('./memoryStorage.ts')).memoryStorage();
  }
  if (waited) opts.onStatus('idle');
  // levels are written in the task after their commit: a reload right after an edit keeps it
  const saver = new Saver((s, m) => opts.onStatus(s, m), describe, 0);
  const now = opts.now ?? (() => Date.now());
  /** Writes in flight outside the saver: an export waits for them so the backup has the latest. */
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(p: Promise<T>): Promise<T> => {
    inFlight.add(p);
    return p.finally(() => inFlight.delete(p));
  };
  // What this tab last read or wrote of each record, with its revision: the base of its next write.
  const levelBase = new Bases();
  /** Levels scheduled and not yet being written (flushOnHide writes them at once). */
  const waiting = new Map<string, LevelT>();
  /**
   * Levels whose write has begun and not yet ended: a page closed between its read and its put would
   * lose the edit, so flushOnHide writes these too (the same content twice is harmless).
   */
  const writing = new Map<string, LevelT>();
  let packsBase: { rev: number; packs: PackRecord[] } = { rev: 0, packs: [] };
  const settingBase = new Map<string, { rev: number; value: unknown }>();
  const toPacks = (rows: PackRow[]): PackRecord[] => rows.map((p) => ({ id: p.id, name: p.name, levelIds: [...p.levelIds] }));
  const listRev = (rows: PackRow[]) => rows.reduce((m, r) => Math.max(m, r.rev ?? 0), 0);
  const packsInOrder = () => db.packs.orderBy('order').toArray();

  // Other tabs: a restore and conversations come as news on the tabs channel; levels, packs and
  // settings written elsewhere reach this tab through a live query (watchOtherTabs, ADR 0005).
  const channel: TabChannel = openTabChannel(name, (news) => {
    if (news.type === 'messages') storage.sync.remoteMessages?.(news.levelId);
    else if (news.type === 'workspace') storage.sync.remoteWorkspace?.();
    else if (news.type === 'games') void storage.games.list().then((games) => storage.sync.remoteGames?.(games), () => undefined);
  });

  /** Levels whose write time is at or after this have not been looked at yet (the newest write time this tab has seen). */
  let seenUpTo = 0;
  /** The levels seen written at exactly seenUpTo (not read again). */
  let seenAtEdge = new Set<string>();
  /** Moves the newest write time seen forward to `at` (the levels seen at it so far: `ids`). */
  const seeAt = (at: number, ids: Iterable<string>) => {
    if (at > seenUpTo) (seenUpTo = at), (seenAtEdge = new Set());
    if (at === seenUpTo) for (const id of ids) seenAtEdge.add(id);
  };
  let watching: { unsubscribe(): void } | null = null;
  let closed = false;
  /**
   * Other tabs' writes, once the catalogue is loaded: Dexie's live query (src/db/otherTabs.ts, loaded
   * then, not with the first page). The context hands it this tab's bases.
   */
  function watchOtherTabs() {
    if (watching) return;
    watching = { unsubscribe() {} };
    void import('./otherTabs.ts').then(({ watchOtherTabs: watch }) => {
      if (closed) return;
      watching = watch({
        db, levelBase, settingBase, saver, toPacks, listRev, packsInOrder, seeAt,
        packsRev: () => packsBase.rev,
        seen: () => [seenUpTo, seenAtEdge],
        sync: () => storage.sync,
      });
    });
  }

  /** One level and its summary, in one transaction, after the revision check. */
  async function writeLevel(level: LevelT) {
    const base = levelBase.get(level.id);
    const outcome = await db.transaction('rw', db.levels, db.summaries, async (): Promise<{ theirs: LevelRow } | { rev: number }> => {
      const row = await db.levels.get(level.id);
      if (row && (row.rev ?? 0) !== (base?.rev ?? 0)) {
        // this tab's own write made when the page was hidden (flushOnHide) is not another tab's
        if (JSON.stringify(row.level) === JSON.stringify(level)) return { rev: row.rev ?? 0 };
        return { theirs: row };
      }
      // a row missing though this tab had one was deleted elsewhere: written again, nothing lost
      const rev = Math.max(row?.rev ?? 0, base?.rev ?? 0) + 1;
      const at = now();
      await db.levels.put({ id: level.id, level, updatedAt: at, rev });
      await db.summaries.put(summarize(level, rev, at));
      return { rev };
    });
    if ('theirs' in outcome) {
      const conflict = { base: base?.level, mine: level, theirs: outcome.theirs.level, rev: outcome.theirs.rev ?? 0 };
      if (await storage.sync.levelConflict?.(conflict)) return;
      throw new ConflictError(level.id);
    }
    levelBase.set(level.id, outcome.rev, level);
  }

  async function writePacks(packs: PackRecord[]) {
    const base = packsBase;
    const outcome = await db.transaction('rw', db.packs, async (): Promise<{ theirs: PackRecord[]; rev: number } | { rev: number }> => {
      const rows = await db.packs.toArray();
      const rev = listRev(rows);
      if (rev !== base.rev) return { theirs: toPacks(rows.sort((a, b) => a.order - b.order)), rev };
      await db.packs.clear();
      await db.packs.bulkPut(packs.map((p, order) => ({ id: p.id, name: p.name, levelIds: [...p.levelIds], order, rev: rev + 1 })));
      return { rev: rev + 1 };
    });
    if ('theirs' in outcome) {
      // a pack list always merges (see mergePackLists); the studio merges with what it shows now
      const theirs = outcome.theirs;
      if (storage.sync.packsConflict) return void (await storage.sync.packsConflict({ base: base.packs, mine: packs, theirs, rev: outcome.rev }));
      packsBase = { rev: outcome.rev, packs: theirs };
      return writePacks(packs);
    }
    packsBase = { rev: outcome.rev, packs };
  }

  async function writeSetting(key: string, value: unknown) {
    const base = settingBase.get(key);
    const written = await db.transaction('rw', db.settings, async () => {
      const row = await db.settings.get(key);
      const rev = row?.rev ?? 0;
      // written elsewhere since this tab read it: field by field, this tab's newest choice on top
      const merged = row && rev !== (base?.rev ?? 0) ? mergeFields(base?.value, value, row.value) : value;
      await db.settings.put({ key, value: merged, rev: rev + 1 });
      return { rev: rev + 1, merged };
    });
    settingBase.set(key, { rev: written.rev, value: written.merged });
    if (written.merged !== value) storage.sync.remoteSetting?.(key, written.merged);
  }

  /** A first visit: the sample pack, written with its summaries. */
  async function seedSamples() {
    const ws = (await import('./samples.ts')).samplesWorkspace();
    try {
      await db.transaction('rw', db.packs, db.levels, db.summaries, async () => {
        await db.packs.bulkPut(ws.packs.map((p, order) => ({ ...p, order, rev: 1 })));
        await db.levels.bulkPut(ws.levels.map((level) => ({ id: level.id, level, updatedAt: now(), rev: 1 })));
        await db.summaries.bulkPut(ws.levels.map((level) => summarize(level, 1)));
      });
      packsBase = { rev: 1, packs: ws.packs };
      for (const level of ws.levels) levelBase.set(level.id, 1, level);
    } catch (e) {
      opts.onStatus('error', describe(e));
    }
    return ws;
  }

  /** Summaries missing for stored levels (a level written by an older build in another tab): made from the levels, a page at a time. */
  async function mendSummaries(known: Set<string>): Promise<LevelSummary[]> {
    const ids = (await db.levels.toCollection().primaryKeys()).filter((id) => !known.has(id));
    const made: LevelSummary[] = [];
    for (let i = 0; i < ids.length; i += PAGE) {
      const rows = (await db.levels.bulkGet(ids.slice(i, i + PAGE))).filter((r): r is LevelRow => !!r);
      const page = rows.map((r) => summarize(r.level, r.rev ?? 0, r.updatedAt));
      await db.summaries.bulkPut(page).catch(() => {}); // read-only storage: shown all the same
      made.push(...page);
    }
    return made;
  }

  /** Packs listing only stored levels; a level that lost its pack (an interrupted write) goes to the first pack. */
  function mendPacks(packs: PackRow[], known: Set<string>): PackRecord[] {
    const inPack = new Set(packs.flatMap((p) => p.levelIds));
    const out: PackRecord[] = packs.map((p) => ({ id: p.id, name: p.name, levelIds: p.levelIds.filter((id) => known.has(id)) }));
    const orphans = [...known].filter((id) => !inPack.has(id));
    if (orphans.length) {
      if (out.length === 0) out.push({ id: 'recovered', name: 'Recovered levels', levelIds: [] });
      out[0] = { ...out[0], levelIds: [...out[0].levelIds, ...orphans] };
    }
    return out;
  }

  /** Writes `levels` a page per transaction; on Cancel removes what it wrote (levels that were new). */
  async function putLevelsPaged(levels: readonly LevelT[], o: BulkOptions = {}): Promise<LevelSummary[]> {
    const out: LevelSummary[] = [];
    const added: string[] = [];
    o.onProgress?.(0, levels.length);
    for (let i = 0; i < levels.length; i += PAGE) {
      if (o.cancelled?.()) {
        await deleteMany(added);
        throw new CancelledError();
      }
      const page = levels.slice(i, i + PAGE);
      const ids = page.map((l) => l.id);
      const written = await db.transaction('rw', db.levels, db.summaries, async () => {
        const old = await db.levels.bulkGet(ids);
        const at = now();
        const rows = page.map((level, j) => ({ id: level.id, level, updatedAt: at, rev: Math.max(old[j]?.rev ?? 0, levelBase.rev(level.id)) + 1 }));
        const sums = rows.map((r) => summarize(r.level, r.rev, at));
        await db.levels.bulkPut(rows);
        await db.summaries.bulkPut(sums);
        page.forEach((l, j) => !old[j] && added.push(l.id));
        return sums;
      });
      for (const s of written) levelBase.set(s.id, s.rev);
      out.push(...written);
      o.onProgress?.(Math.min(i + PAGE, levels.length), levels.length);
    }
    return out;
  }

  async function deleteMany(ids: readonly string[]) {
    for (let i = 0; i < ids.length; i += PAGE) {
      const page = ids.slice(i, i + PAGE);
      await db.transaction('rw', db.levels, db.summaries, async () => {
        await db.levels.bulkDelete(page);
        await db.summaries.bulkDelete(page);
      });
      for (const id of page) levelBase.delete(id);
    }
  }

  let deletedMade: Promise<RecentlyDeletedStorage> | null = null;
  /** Recently deleted's code (src/db/deleted.ts) loads with the first delete, restore or list. */
  const deletedImpl = () => (deletedMade ??= loadDeleted().then((m) => m.deletedStorage({ db, now, track, levelBase, waiting, saver })));
  // each call loads the code first (a Proxy: one line for every method of the interface)
  const deleted = new Proxy({} as RecentlyDeletedStorage, {
    get: (_, name: keyof RecentlyDeletedStorage) =>
      async (...args: unknown[]) => {
        // Purging looks at the index first: the code loads at start only when something is old enough
        if (name === 'purgeExpired' && !(await db.deleted.where('at').below(now() - RECENTLY_DELETED_MS).count())) return [];
        return ((await deletedImpl())[name] as (...a: unknown[]) => unknown)(...args);
      },
  });

  const storage: Storage = {
    persistent: true,
    sync: {},
    deleted,
    async loadWorkspace() {
      const [packs, rows] = await db.transaction('r', db.packs, db.levels, () => Promise.all([packsInOrder(), db.levels.toArray()]));
      if (packs.length === 0 && rows.length === 0) return seedSamples().finally(watchOtherTabs);
      levelBase.clear();
      for (const r of rows) levelBase.set(r.id, r.rev ?? 0, r.level);
      packsBase = { rev: listRev(packs), packs: toPacks(packs) };
      for (const r of rows) seeAt(r.updatedAt ?? 0, [r.id]);
      watchOtherTabs();
      const levels = rows.map((r) => r.level);
      return { packs: mendPacks(packs, new Set(levels.map((l) => l.id))), levels };
    },
    async loadCatalogue() {
      const [packs, summaries, count] = await db.transaction('r', db.packs, db.summaries, db.levels, () =>
        Promise.all([packsInOrder(), db.summaries.toArray(), db.levels.count()]),
      );
      if (packs.length === 0 && count === 0) {
        const ws = await seedSamples();
        watchOtherTabs();
        return { packs: ws.packs, summaries: ws.levels.map((l) => summarize(l, 1)) };
      }
      const known = new Set(summaries.map((s) => s.id));
      if (count !== summaries.length) {
        for (const s of await mendSummaries(known)) (summaries.push(s), known.add(s.id));
      }
      levelBase.clear();
      for (const s of summaries) levelBase.set(s.id, s.rev ?? 0);
      packsBase = { rev: listRev(packs), packs: toPacks(packs) };
      for (const x of summaries) seeAt(x.updatedAt ?? 0, [x.id]);
      watchOtherTabs();
      return { packs: mendPacks(packs, known), summaries };
    },
    async readLevels(ids) {
      const rows = await db.levels.bulkGet([...ids]);
      for (const r of rows) if (r && !saver.has(`level:${r.id}`)) levelBase.set(r.id, r.rev ?? 0, r.level);
      return rows.map((r) => r?.level);
    },
    putLevels: (levels, o) => track(putLevelsPaged(levels, o)),
    deleteLevels: (ids) => track(deleteMany(ids)),
    async getSetting<T>(key: string) {
      const row = await db.settings.get(key);
      settingBase.set(key, { rev: row?.rev ?? 0, value: row?.value });
      return row?.value as T | undefined;
    },
    async setSetting(key, value) {
      // settings are rare and small: written at once, so a reload right after keeps them
      saver.schedule(`setting:${key}`, () => writeSetting(key, value));
      await saver.flush();
    },
    scheduleLevel(level) {
      const snapshot = level;
      waiting.set(level.id, snapshot);
      saver.schedule(`level:${level.id}`, async () => {
        waiting.delete(level.id);
        writing.set(level.id, snapshot);
        try {
          await writeLevel(snapshot);
        } finally {
          if (writing.get(level.id) === snapshot) writing.delete(level.id);
        }
      });
    },
    flushOnHide() {
      // the newest of each level: waiting over one being written
      const levels = [...new Map([...writing, ...waiting]).values()];
      waiting.clear();
      for (const l of levels) saver.discard(`level:${l.id}`);
      if (levels.length) {
        const at = now();
        const rows = levels.map((level) => ({ id: level.id, level, updatedAt: at, rev: Math.max(levelBase.rev(level.id) + 1, at) }));
        const sums = rows.map((r) => summarize(r.level, r.rev, at));
        try {
          // the native transaction, its requests and its commit all in this task: the page may be gone by the next
          const tx = db.backendDB().transaction(['levels', 'summaries'], 'readwrite');
          for (const r of rows) tx.objectStore('levels').put(r);
          for (const x of sums) tx.objectStore('summaries').put(x);
          tx.oncomplete = () => {
            for (const r of rows) levelBase.set(r.id, r.rev, r.level);
            // written past Dexie: tell its live queries (here and, through its channel, in other tabs)
            const all = () => new RangeSet(-Infinity, [[[]]]);
            Dexie.on.storagemutated.fire({ [`idb://${name}/levels/`]: all(), [`idb://${name}/levels/updatedAt`]: all(), [`idb://${name}/summaries/`]: all() });
          };
          tx.onabort = () => opts.onStatus('error', describe(tx.error));
          tx.commit?.();
        } catch (e) {
          // closed or upgraded elsewhere: the normal path says why
          for (const l of levels) storage.scheduleLevel(l);
          opts.onStatus('error', describe(e));
        }
      }
      void saver.flush();
    },
    saveLevelNow(level) {
      storage.scheduleLevel(level);
      void saver.flush();
    },
    savePacks(packs) {
      const snapshot = packs.map((p) => ({ id: p.id, name: p.name, levelIds: [...p.levelIds] }));
      saver.schedule('packs', () => writePacks(snapshot));
      void saver.flush();
    },
    deleteLevel(id) {
      saver.schedule(`level:${id}`, () => deleteMany([id]));
      void saver.flush();
    },
    rebaseLevel(level, rev) {
      levelBase.set(level.id, rev, level);
    },
    rebasePacks(packs, rev) {
      packsBase = { rev, packs };
    },
    discardLevel(id) {
      waiting.delete(id);
      saver.discard(`level:${id}`);
    },
    revOf: (id) => levelBase.rev(id),
    async readLevel(id) {
      const row = await db.levels.get(id);
      if (row && !levelBase.get(id)?.level) levelBase.set(id, row.rev ?? 0, row.level);
      return row?.level;
    },
    close() {
      closed = true;
      watching?.unsubscribe();
      channel.close();
      db.close();
    },
    flush: () => saver.flush(),
    retry: () => saver.retry(),
    async exportWorkspace() {
      return new Blob(await storage.exportWorkspaceParts()).text();
    },
    async exportWorkspaceParts() {
      await saver.flush();
      await Promise.allSettled([...inFlight]);
      return (await loadBackup()).backupParts(db);
    },
    async importWorkspace(text, mode = 'replace') {
      const { restoreBackup } = await loadBackup();
      await restoreBackup(db, text, mode, () => saver.flush());
      channel.post({ type: 'workspace' });
    },
    async getAnalysis<T>(key: string) {
      return (await db.analyses.get(key))?.counts as T | undefined;
    },
    async putAnalysis(key, counts) {
      await db.analyses.put({ key, counts, createdAt: now() });
    },
    listReports: () => db.reports.toArray(),
    async putReport(row) {
      await track(db.reports.put(row));
    },
    records: {
      get: async <T>(table: RecordTable, key: string) => (await db.table(table).get(key)) as T | undefined,
      list: async <T>(table: RecordTable) => (await db.table(table).toArray()) as T[],
      put: async (table, rows) => void (await track(db.table(table).bulkPut(rows))),
      remove: async (table, keys) => void (await track(db.table(table).bulkDelete(keys))),
    },
    games: {
      async list() {
        return (await db.games.orderBy('updatedAt').toArray()).map((r) => r.def);
      },
      async put(defs) {
        if (!defs.length) return;
        await track(
          db.transaction('rw', db.games, async () => {
            const old = await db.games.bulkGet(defs.map((d) => d.id));
            const at = now();
            await db.games.bulkPut(defs.map((def, i) => ({ id: def.id, def, updatedAt: old[i]?.updatedAt ?? at, rev: (old[i]?.rev ?? 0) + 1 })));
          }),
        );
        channel.post({ type: 'games' });
      },
      async remove(ids) {
        await track(db.games.bulkDelete([...ids]));
        channel.post({ type: 'games' });
      },
    },
    messages: {
      list: (levelId) => db.messages.where('[levelId+createdAt]').between([levelId, Dexie.minKey], [levelId, Dexie.maxKey]).toArray(),
      put: async (row) => {
        await track(db.messages.put(row));
        channel.post({ type: 'messages', levelId: row.levelId });
      },
      remove: async (ids) => {
        await track(db.messages.bulkDelete(ids));
        channel.post({ type: 'messages', levelId: null });
      },
      clear: async (levelId) => {
        await db.messages.where('levelId').equals(levelId).delete();
        channel.post({ type: 'messages', levelId });
      },
    },
  };
  return storage;
}

