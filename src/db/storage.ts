// The workspace's storage: IndexedDB stores (idb.ts) behind debounced, status-reporting writes. When
// IndexedDB is unavailable (private mode, blocked), the studio runs from memory and says so.
import type { LevelT } from '../core/level/index.ts';
import { sampleLevels } from '../core/files/samples.ts';
import { ConflictError, UpgradedElsewhereError, WaitingForOtherTabError, openStudioDb, storageErrorMessage, type LevelRow, type MessageRow, type PackRow, type RecordTable, type ReportRow, type StudioDb } from './studioDb.ts';
import { Saver, type SaveStatus } from './saver.ts';
import { mergeFields } from '../core/level/mergeFields.ts';
import { openTabChannel, type TabChannel, type TabNews } from './tabs.ts';

// the file formats load with the first backup or restore
const loadFormats = () => import('../core/files/formats.ts');

export interface PackRecord {
  id: string;
  name: string;
  levelIds: string[];
}

export type StorageStatus = SaveStatus | 'memory';

/** A save that found a newer version written by another tab. */
export interface LevelConflict {
  /** The version this tab last read or wrote (undefined: this tab never saw one). */
  base: LevelT | undefined;
  mine: LevelT;
  theirs: LevelT;
  rev: number;
}

/**
 * What the studio hears about writes made in other tabs (and about its own saves that met one).
 * A conflict handler returns true when it merged and scheduled the result; false leaves the save
 * failed (status 'error', kind 'conflict') until the designer chooses.
 */
export interface SyncHandlers {
  levelConflict?(c: LevelConflict): boolean | Promise<boolean>;
  packsConflict?(c: { base: PackRecord[]; mine: PackRecord[]; theirs: PackRecord[]; rev: number }): void | Promise<void>;
  remoteLevel?(level: LevelT, rev: number): void;
  remoteLevelDeleted?(id: string): void;
  remotePacks?(packs: PackRecord[], rev: number): void;
  remoteSetting?(key: string, value: unknown): void;
  remoteMessages?(levelId: string | null): void;
  remoteWorkspace?(): void;
}

export interface Storage {
  readonly persistent: boolean;
  loadWorkspace(): Promise<{ packs: PackRecord[]; levels: LevelT[] }>;
  getSetting<T>(key: string): Promise<T | undefined>;
  setSetting(key: string, value: unknown): Promise<void>;
  scheduleLevel(level: LevelT): void;
  saveLevelNow(level: LevelT): void;
  savePacks(packs: PackRecord[]): void;
  deleteLevel(id: string): void;
  flush(): Promise<void>;
  retry(): Promise<void>;
  exportWorkspace(): Promise<string>;
  /** Validates first; an invalid file throws with the problem and nothing stored changes. */
  importWorkspace(text: string, mode?: 'replace' | 'merge'): Promise<void>;
  /** Takes `level` at revision `rev` as the version this tab builds on (after a merge or a choice). */
  rebaseLevel(level: LevelT, rev: number): void;
  rebasePacks(packs: PackRecord[], rev: number): void;
  /** Drops this tab's waiting write of a level (the designer took the other version). */
  discardLevel(id: string): void;
  /** A level as stored now, taken as this tab's base (a level another tab added). */
  readLevel(id: string): Promise<LevelT | undefined>;
  /** The revision of a level as this tab last read or wrote it (0: never stored). */
  revOf(id: string): number;
  /** Lets the studio hear about other tabs' writes (set once, after the workspace is loaded). */
  sync: SyncHandlers;
  close(): void;
  getAnalysis<T>(key: string): Promise<T | undefined>;
  putAnalysis(key: string, counts: unknown): Promise<void>;
  /** Each level's last report (rows as stored; the analysis store checks them). */
  listReports(): Promise<ReportRow[]>;
  putReport(row: ReportRow): Promise<void>;
  /** Plain records of the stores that features own (jobs, player data, calibrations); rows carry their own key. */
  records: {
    get<T>(table: RecordTable, key: string): Promise<T | undefined>;
    list<T>(table: RecordTable): Promise<T[]>;
    put(table: RecordTable, rows: object[]): Promise<void>;
    remove(table: RecordTable, keys: string[]): Promise<void>;
  };
  messages: {
    list(levelId: string): Promise<MessageRow[]>;
    put(row: MessageRow): Promise<void>;
    remove(ids: string[]): Promise<void>;
    clear(levelId: string): Promise<void>;
  };
}

export const SAMPLE_PACK_NAME = 'Sample pack';

function samplesWorkspace() {
  const levels = sampleLevels();
  return { packs: [{ id: 'sample-pack', name: SAMPLE_PACK_NAME, levelIds: levels.map((l) => l.id) }], levels };
}

export async function openStorage(opts: {
  onStatus: (s: StorageStatus, message?: string) => void;
  name?: string;
  /** Words a failure for the designer (default: English). */
  describe?: (e: unknown) => string;
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
    return memoryStorage();
  }
  if (waited) opts.onStatus('idle');
  // single reads and writes outside a transaction: each its own (a write resolves once committed)
  const levels = db.table('levels');
  const packsTable = db.table('packs');
  const settings = db.table('settings');
  const messages = db.table('messages');
  const analyses = db.table('analyses');
  const reports = db.table('reports');
  const saver = new Saver((s, m) => opts.onStatus(s, m), describe);
  const now = () => Date.now();
  /** Message writes in flight: an export waits for them so the backup has the latest conversation. */
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(p: Promise<T>): Promise<T> => {
    inFlight.add(p);
    return p.finally(() => inFlight.delete(p));
  };
  // What this tab last read or wrote of each record, with its revision: the base of its next write.
  const levelBase = new Map<string, { rev: number; level: LevelT }>();
  let packsBase: { rev: number; packs: PackRecord[] } = { rev: 0, packs: [] };
  const settingBase = new Map<string, { rev: number; value: unknown }>();
  const toPacks = (rows: PackRow[]): PackRecord[] => rows.map((p) => ({ id: p.id, name: p.name, levelIds: [...p.levelIds] }));
  const listRev = (rows: PackRow[]) => rows.reduce((m, r) => Math.max(m, r.rev ?? 0), 0);

  const channel: TabChannel = openTabChannel(name, (news) => void hear(news));

  /** A write elsewhere: adopt it when this tab has nothing waiting, else save now (the check merges). */
  async function hear(news: TabNews) {
    const sync = storage.sync;
    try {
      switch (news.type) {
        case 'level': {
          // this tab's own waiting write goes first: its revision check merges with theirs
          await saver.flush();
          const row = await levels.get(news.id);
          if (saver.has(`level:${news.id}`)) return void saver.flush();
          if (!row || (row.rev ?? 0) <= (levelBase.get(news.id)?.rev ?? 0)) return;
          sync.remoteLevel?.(row.level, row.rev ?? 0);
          return;
        }
        case 'level-deleted':
          if (await levels.get(news.id)) return;
          levelBase.delete(news.id);
          sync.remoteLevelDeleted?.(news.id);
          return;
        case 'packs': {
          await saver.flush();
          const rows = await packsTable.byIndex('order');
          if (saver.has('packs')) return void saver.flush();
          const rev = listRev(rows);
          if (rev <= packsBase.rev) return;
          sync.remotePacks?.(toPacks(rows), rev);
          return;
        }
        case 'setting': {
          const row = await settings.get(news.key);
          if ((row?.rev ?? 0) <= (settingBase.get(news.key)?.rev ?? 0)) return;
          settingBase.set(news.key, { rev: row?.rev ?? 0, value: row?.value });
          sync.remoteSetting?.(news.key, row?.value);
          return;
        }
        case 'messages':
          sync.remoteMessages?.(news.levelId);
          return;
        case 'workspace':
          sync.remoteWorkspace?.();
          return;
      }
    } catch {
      // the database is closing or busy: the revision check on the next save still holds
    }
  }

  async function writeLevel(level: LevelT) {
    const base = levelBase.get(level.id);
    const outcome = await db.write(['levels'], async (t): Promise<{ theirs: LevelRow } | { rev: number }> => {
      const row = await t.levels.get(level.id);
      if (row && (row.rev ?? 0) !== (base?.rev ?? 0)) return { theirs: row };
      // a row missing though this tab had one was deleted elsewhere: written again, nothing lost
      const rev = Math.max(row?.rev ?? 0, base?.rev ?? 0) + 1;
      await t.levels.put({ id: level.id, level, updatedAt: now(), rev });
      return { rev };
    });
    if ('theirs' in outcome) {
      const conflict = { base: base?.level, mine: level, theirs: outcome.theirs.level, rev: outcome.theirs.rev ?? 0 };
      if (await storage.sync.levelConflict?.(conflict)) return;
      throw new ConflictError(level.id);
    }
    levelBase.set(level.id, { rev: outcome.rev, level });
    channel.post({ type: 'level', id: level.id, rev: outcome.rev });
  }

  async function writePacks(packs: PackRecord[]) {
    const base = packsBase;
    const outcome = await db.write(['packs'], async (t): Promise<{ theirs: PackRecord[]; rev: number } | { rev: number }> => {
      const rows = await t.packs.all();
      const rev = listRev(rows);
      if (rev !== base.rev) return { theirs: toPacks(rows.sort((a, b) => a.order - b.order)), rev };
      await t.packs.clear();
      await t.packs.putAll(packs.map((p, order) => ({ id: p.id, name: p.name, levelIds: [...p.levelIds], order, rev: rev + 1 })));
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
    channel.post({ type: 'packs', rev: outcome.rev });
  }

  async function writeSetting(key: string, value: unknown) {
    const base = settingBase.get(key);
    const written = await db.write(['settings'], async (t) => {
      const row = await t.settings.get(key);
      const rev = row?.rev ?? 0;
      // written elsewhere since this tab read it: field by field, this tab's newest choice on top
      const merged = row && rev !== (base?.rev ?? 0) ? mergeFields(base?.value, value, row.value) : value;
      await t.settings.put({ key, value: merged, rev: rev + 1 });
      return { rev: rev + 1, merged };
    });
    settingBase.set(key, { rev: written.rev, value: written.merged });
    if (written.merged !== value) storage.sync.remoteSetting?.(key, written.merged);
    channel.post({ type: 'setting', key });
  }

  const storage: Storage = {
    persistent: true,
    sync: {},
    async loadWorkspace() {
      const [packs, rows] = await db.read(['packs', 'levels'], (t) => Promise.all([t.packs.byIndex('order'), t.levels.all()]));
      if (packs.length === 0 && rows.length === 0) {
        const ws = samplesWorkspace();
        try {
          await db.write(['packs', 'levels'], async (t) => {
            await t.packs.putAll(ws.packs.map((p, order) => ({ ...p, order, rev: 1 })));
            await t.levels.putAll(ws.levels.map((level) => ({ id: level.id, level, updatedAt: now(), rev: 1 })));
          });
          packsBase = { rev: 1, packs: ws.packs };
          for (const level of ws.levels) levelBase.set(level.id, { rev: 1, level });
        } catch (e) {
          opts.onStatus('error', describe(e));
        }
        return ws;
      }
      levelBase.clear();
      for (const r of rows) levelBase.set(r.id, { rev: r.rev ?? 0, level: r.level });
      packsBase = { rev: listRev(packs), packs: toPacks(packs) };
      const levels = rows.map((r) => r.level);
      const known = new Set(levels.map((l) => l.id));
      const inPack = new Set(packs.flatMap((p) => p.levelIds));
      const out: PackRecord[] = packs.map((p) => ({ id: p.id, name: p.name, levelIds: p.levelIds.filter((id) => known.has(id)) }));
      // a level that lost its pack (an interrupted write) is not hidden: it goes to the first pack
      const orphans = levels.filter((l) => !inPack.has(l.id)).map((l) => l.id);
      if (orphans.length) {
        if (out.length === 0) out.push({ id: 'recovered', name: 'Recovered levels', levelIds: [] });
        out[0] = { ...out[0], levelIds: [...out[0].levelIds, ...orphans] };
      }
      return { packs: out, levels };
    },
    async getSetting<T>(key: string) {
      const row = await settings.get(key);
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
      saver.schedule(`level:${level.id}`, () => writeLevel(snapshot));
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
      saver.schedule(`level:${id}`, async () => {
        await levels.delete(id);
        levelBase.delete(id);
        channel.post({ type: 'level-deleted', id });
      });
      void saver.flush();
    },
    rebaseLevel(level, rev) {
      levelBase.set(level.id, { rev, level });
    },
    rebasePacks(packs, rev) {
      packsBase = { rev, packs };
    },
    discardLevel(id) {
      saver.discard(`level:${id}`);
    },
    revOf: (id) => levelBase.get(id)?.rev ?? 0,
    async readLevel(id) {
      const row = await levels.get(id);
      if (row && !levelBase.has(id)) levelBase.set(id, { rev: row.rev ?? 0, level: row.level });
      return row?.level;
    },
    close() {
      channel.close();
      db.close();
    },
    flush: () => saver.flush(),
    retry: () => saver.retry(),
    async exportWorkspace() {
      await saver.flush();
      await Promise.allSettled([...inFlight]);
      const { stripSecrets, workspaceFileText } = await loadFormats();
      // one transaction: the backup is one consistent moment of the workspace
      const [packs, rows, chats, stored] = await db.read(['packs', 'levels', 'messages', 'settings'], (t) =>
        Promise.all([t.packs.byIndex('order'), t.levels.all(), t.messages.all(), t.settings.all()]),
      );
      return workspaceFileText({
        packs: packs.map((p) => ({ id: p.id, name: p.name, levelIds: p.levelIds })),
        levels: rows.map((r) => r.level),
        conversations: chats as never,
        settings: Object.fromEntries(stored.filter((s) => !s.key.startsWith('secret:')).map((s) => [s.key, stripSecrets(s.value)])),
      });
    },
    async importWorkspace(text, mode = 'replace') {
      const { parseFileText } = await loadFormats();
      const r = parseFileText(text);
      if (!r.ok) throw new Error(r.problems.map((p) => `${p.path}: ${p.message}`).join('; '));
      if (r.kind !== 'workspace') throw new Error('format: not a workspace backup');
      const ws = r.workspace;
      await saver.flush();
      await db.write(['packs', 'levels', 'messages', 'settings'], async (t) => {
        // revisions keep counting up across the import, so other tabs see every record as changed
        const [oldPacks, oldLevels, oldSettings] = await Promise.all([t.packs.all(), t.levels.all(), t.settings.all()]);
        const top = Math.max(listRev(oldPacks), ...oldLevels.map((l) => l.rev ?? 0), ...oldSettings.map((s) => s.rev ?? 0), 0) + 1;
        if (mode === 'replace') await Promise.all([t.packs.clear(), t.levels.clear(), t.messages.clear()]);
        const kept = mode === 'merge' ? await t.packs.all() : [];
        if (kept.length) await t.packs.putAll(kept.map((p) => ({ ...p, rev: top })));
        await t.packs.putAll(ws.packs.map((p, i) => ({ ...p, order: kept.length + i, rev: top })));
        await t.levels.putAll(ws.levels.map((level) => ({ id: level.id, level, updatedAt: now(), rev: top })));
        await t.messages.putAll(ws.conversations as MessageRow[]);
        await t.settings.putAll(Object.entries(ws.settings).map(([key, value]) => ({ key, value, rev: top })));
      });
      channel.post({ type: 'workspace' });
    },
    async getAnalysis<T>(key: string) {
      return (await analyses.get(key))?.counts as T | undefined;
    },
    async putAnalysis(key, counts) {
      await analyses.put({ key, counts, createdAt: now() });
    },
    listReports: () => reports.all(),
    async putReport(row) {
      await track(reports.put(row));
    },
    records: {
      get: async <T>(table: RecordTable, key: string) => (await db.table(table).get(key)) as T | undefined,
      list: async <T>(table: RecordTable) => (await db.table(table).all()) as T[],
      put: async (table, rows) => void (await track(db.table(table).putAll(rows as never[]))),
      remove: async (table, keys) => void (await track(db.table(table).deleteAll(keys))),
    },
    messages: {
      list: (levelId) => messages.byIndex('[levelId+createdAt]', IDBKeyRange.bound([levelId, -Infinity], [levelId, Infinity])),
      put: async (row) => {
        await track(messages.put(row));
        channel.post({ type: 'messages', levelId: row.levelId });
      },
      remove: async (ids) => {
        await track(messages.deleteAll(ids));
        channel.post({ type: 'messages', levelId: null });
      },
      clear: async (levelId) => {
        await messages.deleteByIndex('levelId', levelId);
        channel.post({ type: 'messages', levelId });
      },
    },
  };
  return storage;
}

/** The same interface over plain maps: the studio still works, but only for this tab. */
export function memoryStorage(): Storage {
  const settings = new Map<string, unknown>();
  const analyses = new Map<string, unknown>();
  const messages = new Map<string, MessageRow>();
  const reports = new Map<string, ReportRow>();
  const records: Record<RecordTable, Map<string, object>> = { jobs: new Map(), playerData: new Map(), calibrations: new Map() };
  const keyOf = (table: RecordTable, row: object) => String((row as Record<string, unknown>)[table === 'playerData' ? 'levelId' : 'id']);
  const noop = async () => {};
  return {
    persistent: false,
    loadWorkspace: async () => samplesWorkspace(),
    getSetting: async <T>(k: string) => settings.get(k) as T | undefined,
    setSetting: async (k, v) => void settings.set(k, v),
    scheduleLevel() {},
    saveLevelNow() {},
    savePacks() {},
    deleteLevel() {},
    rebaseLevel() {},
    rebasePacks() {},
    discardLevel() {},
    revOf: () => 0,
    readLevel: async () => undefined,
    sync: {},
    close() {},
    flush: noop,
    retry: noop,
    exportWorkspace: async () => (await loadFormats()).workspaceFileText({ packs: [], levels: [], conversations: [], settings: {} }),
    importWorkspace: async () => {
      throw new Error('storage is unavailable in this browser');
    },
    getAnalysis: async <T>(k: string) => analyses.get(k) as T | undefined,
    putAnalysis: async (k, v) => void analyses.set(k, v),
    listReports: async () => [...reports.values()],
    putReport: async (row) => void reports.set(row.levelId, row),
    records: {
      get: async <T>(table: RecordTable, key: string) => records[table].get(key) as T | undefined,
      list: async <T>(table: RecordTable) => [...records[table].values()] as T[],
      put: async (table, rows) => rows.forEach((r) => records[table].set(keyOf(table, r), r)),
      remove: async (table, keys) => keys.forEach((k) => records[table].delete(k)),
    },
    messages: {
      list: async (levelId) => [...messages.values()].filter((m) => m.levelId === levelId).sort((a, b) => a.createdAt - b.createdAt),
      put: async (row) => void messages.set(row.id, row),
      remove: async (ids) => ids.forEach((id) => messages.delete(id)),
      clear: async (levelId) => {
        for (const [id, m] of messages) if (m.levelId === levelId) messages.delete(id);
      },
    },
  };
}
