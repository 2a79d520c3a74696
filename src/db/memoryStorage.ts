// The storage interface over plain maps, for a browser that refuses IndexedDB (private mode, blocked)
// and for tests: the studio still works, but only for this tab. Loaded only when needed.
import type { LevelT } from '../core/level/index.ts';
import { summarize } from '../core/catalogue/summary.ts';
import type { MessageRow, RecordTable, ReportRow } from './studioDb.ts';
import { CancelledError, PAGE, type PackRecord, type Storage } from './storageTypes.ts';
import { samplesWorkspace } from './samples.ts';
import type { GameDef } from '../core/game/types.ts';

// the file formats load with the first backup
const loadFormats = () => import('../core/files/formats.ts');

/**
 * The same interface over plain maps: the studio still works, but only for this tab. It holds the levels
 * and packs itself (the studio keeps only summaries and the open level in memory).
 */
export function memoryStorage(seed: { packs: PackRecord[]; levels: LevelT[] } = samplesWorkspace()): Storage {
  const settings = new Map<string, unknown>();
  const analyses = new Map<string, unknown>();
  const messages = new Map<string, MessageRow>();
  const reports = new Map<string, ReportRow>();
  const games = new Map<string, GameDef>();
  const levels = new Map(seed.levels.map((l) => [l.id, l]));
  let packs = seed.packs.map((p) => ({ ...p, levelIds: [...p.levelIds] }));
  const records: Record<RecordTable, Map<string, object>> = { jobs: new Map(), playerData: new Map(), calibrations: new Map() };
  const keyOf = (table: RecordTable, row: object) => String((row as Record<string, unknown>)[table === 'playerData' ? 'levelId' : 'id']);
  const noop = async () => {};
  const put = (level: LevelT) => void levels.set(level.id, level);
  const textOf = async () => (await loadFormats()).workspaceFileText({ packs, levels: [...levels.values()], ...(games.size ? { games: [...games.values()] } : {}), conversations: [...messages.values()] as never, settings: Object.fromEntries(settings) });
  const storage: Storage = {
    persistent: false,
    loadWorkspace: async () => ({ packs, levels: [...levels.values()] }),
    loadCatalogue: async () => ({ packs, summaries: [...levels.values()].map((l) => summarize(l)) }),
    readLevels: async (ids) => ids.map((id) => levels.get(id)),
    async putLevels(list, o = {}) {
      o.onProgress?.(0, list.length);
      const added: string[] = [];
      for (let i = 0; i < list.length; i += PAGE) {
        if (o.cancelled?.()) {
          added.forEach((id) => levels.delete(id));
          throw new CancelledError();
        }
        for (const l of list.slice(i, i + PAGE)) (levels.has(l.id) || added.push(l.id), put(l));
        o.onProgress?.(Math.min(i + PAGE, list.length), list.length);
        await new Promise((r) => setTimeout(r, 0));
      }
      return list.map((l) => summarize(l));
    },
    deleteLevels: async (ids) => ids.forEach((id) => levels.delete(id)),
    exportWorkspaceParts: async () => [await textOf()],
    getSetting: async <T>(k: string) => settings.get(k) as T | undefined,
    setSetting: async (k, v) => void settings.set(k, v),
    scheduleLevel: put,
    saveLevelNow: put,
    savePacks(p) {
      packs = p.map((x) => ({ ...x, levelIds: [...x.levelIds] }));
    },
    deleteLevel: (id) => void levels.delete(id),
    rebaseLevel() {},
    rebasePacks() {},
    discardLevel() {},
    revOf: () => 0,
    readLevel: async (id) => levels.get(id),
    sync: {},
    close() {},
    flush: noop,
    flushOnHide() {},
    retry: noop,
    exportWorkspace: textOf,
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
    games: {
      list: async () => [...games.values()],
      put: async (defs) => defs.forEach((d) => games.set(d.id, d)),
      remove: async (ids) => ids.forEach((id) => games.delete(id)),
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
  return storage;
}
