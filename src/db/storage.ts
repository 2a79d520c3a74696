// The workspace's storage: Dexie tables behind debounced, status-reporting writes. When IndexedDB is
// unavailable (private mode, blocked), the studio runs from memory and says so.
import type { LevelT } from '../core/level/index.ts';
import { parseFileText, sampleLevels, stripSecrets, workspaceFileText } from '../core/files/index.ts';
import { StudioDb, storageErrorMessage, type MessageRow, type ReportRow } from './studioDb.ts';
import { Saver, type SaveStatus } from './saver.ts';

export interface PackRecord {
  id: string;
  name: string;
  levelIds: string[];
}

export type StorageStatus = SaveStatus | 'memory';

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
  getAnalysis<T>(key: string): Promise<T | undefined>;
  putAnalysis(key: string, counts: unknown): Promise<void>;
  /** Each level's last report (rows as stored; the analysis store checks them). */
  listReports(): Promise<ReportRow[]>;
  putReport(row: ReportRow): Promise<void>;
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
  const describe = opts.describe ?? storageErrorMessage;
  const db = new StudioDb(opts.name);
  try {
    await db.open();
  } catch (e) {
    opts.onStatus('memory', describe(e));
    return memoryStorage();
  }
  const saver = new Saver((s, m) => opts.onStatus(s, m), describe);
  const now = () => Date.now();
  /** Message writes in flight: an export waits for them so the backup has the latest conversation. */
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(p: Promise<T>): Promise<T> => {
    inFlight.add(p);
    return p.finally(() => inFlight.delete(p));
  };

  const storage: Storage = {
    persistent: true,
    async loadWorkspace() {
      const [packs, rows] = await Promise.all([db.packs.orderBy('order').toArray(), db.levels.toArray()]);
      if (packs.length === 0 && rows.length === 0) {
        const ws = samplesWorkspace();
        try {
          await db.transaction('rw', db.packs, db.levels, async () => {
            await db.packs.bulkPut(ws.packs.map((p, order) => ({ ...p, order })));
            await db.levels.bulkPut(ws.levels.map((level) => ({ id: level.id, level, updatedAt: now() })));
          });
        } catch (e) {
          opts.onStatus('error', describe(e));
        }
        return ws;
      }
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
      return (await db.settings.get(key))?.value as T | undefined;
    },
    async setSetting(key, value) {
      // settings are rare and small: written at once, so a reload right after keeps them
      saver.schedule(`setting:${key}`, () => db.settings.put({ key, value }));
      await saver.flush();
    },
    scheduleLevel(level) {
      const snapshot = level;
      saver.schedule(`level:${level.id}`, () => db.levels.put({ id: snapshot.id, level: snapshot, updatedAt: now() }));
    },
    saveLevelNow(level) {
      storage.scheduleLevel(level);
      void saver.flush();
    },
    savePacks(packs) {
      const rows = packs.map((p, order) => ({ id: p.id, name: p.name, levelIds: [...p.levelIds], order }));
      saver.schedule('packs', () =>
        db.transaction('rw', db.packs, async () => {
          await db.packs.clear();
          await db.packs.bulkPut(rows);
        }),
      );
      void saver.flush();
    },
    deleteLevel(id) {
      saver.schedule(`level:${id}`, () => db.levels.delete(id));
      void saver.flush();
    },
    flush: () => saver.flush(),
    retry: () => saver.retry(),
    async exportWorkspace() {
      await saver.flush();
      await Promise.allSettled([...inFlight]);
      const [packs, rows, messages, settings] = await Promise.all([
        db.packs.orderBy('order').toArray(),
        db.levels.toArray(),
        db.messages.toArray(),
        db.settings.toArray(),
      ]);
      return workspaceFileText({
        packs: packs.map((p) => ({ id: p.id, name: p.name, levelIds: p.levelIds })),
        levels: rows.map((r) => r.level),
        conversations: messages as never,
        settings: Object.fromEntries(settings.filter((s) => !s.key.startsWith('secret:')).map((s) => [s.key, stripSecrets(s.value)])),
      });
    },
    async importWorkspace(text, mode = 'replace') {
      const r = parseFileText(text);
      if (!r.ok) throw new Error(r.problems.map((p) => `${p.path}: ${p.message}`).join('; '));
      if (r.kind !== 'workspace') throw new Error('format: not a workspace backup');
      const ws = r.workspace;
      await saver.flush();
      await db.transaction('rw', [db.packs, db.levels, db.messages, db.settings], async () => {
        if (mode === 'replace') await Promise.all([db.packs.clear(), db.levels.clear(), db.messages.clear()]);
        const order0 = mode === 'merge' ? await db.packs.count() : 0;
        await db.packs.bulkPut(ws.packs.map((p, i) => ({ ...p, order: order0 + i })));
        await db.levels.bulkPut(ws.levels.map((level) => ({ id: level.id, level, updatedAt: now() })));
        await db.messages.bulkPut(ws.conversations as MessageRow[]);
        for (const [key, value] of Object.entries(ws.settings)) await db.settings.put({ key, value });
      });
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
    messages: {
      list: (levelId) => db.messages.where('[levelId+createdAt]').between([levelId, -Infinity], [levelId, Infinity]).toArray(),
      put: async (row) => {
        await track(db.messages.put(row));
      },
      remove: async (ids) => {
        await track(db.messages.bulkDelete(ids));
      },
      clear: async (levelId) => {
        await db.messages.where('levelId').equals(levelId).delete();
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
    flush: noop,
    retry: noop,
    exportWorkspace: async () => workspaceFileText({ packs: [], levels: [], conversations: [], settings: {} }),
    importWorkspace: async () => {
      throw new Error('storage is unavailable in this browser');
    },
    getAnalysis: async <T>(k: string) => analyses.get(k) as T | undefined,
    putAnalysis: async (k, v) => void analyses.set(k, v),
    listReports: async () => [...reports.values()],
    putReport: async (row) => void reports.set(row.levelId, row),
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
