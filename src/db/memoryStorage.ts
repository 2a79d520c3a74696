// The storage interface over plain maps, for a browser that refuses IndexedDB (private mode, blocked)
// and for tests: the studio still works, but only for this tab. Loaded only when needed.
import type { LevelT } from '../core/level/index.ts';
import { summarize } from '../core/catalogue/summary.ts';
import { entryOrders } from '../core/catalogue/restorePlaces.ts';
import type { DeletedRow, MessageRow, RecordTable, ReportRow } from './studioDb.ts';
import { RECENTLY_DELETED_MS } from '../core/facts.ts';
import { CancelledError, PAGE, type PackRecord, type Storage } from './storageTypes.ts';
import { samplesWorkspace } from './samples.ts';
import type { GameDef } from '../core/game/types.ts';

// the file formats load with the first backup
const loadFormats = () => import('../core/files/formats.ts');

/**
 * The same interface over plain maps: the studio still works, but only for this tab. It holds the levels
 * and packs itself (the studio keeps only summaries and the open level in memory).
 */
export function memoryStorage(seed: { packs: PackRecord[]; levels: LevelT[] } = samplesWorkspace(), now: () => number = () => Date.now()): Storage {
  const settings = new Map<string, unknown>();
  const analyses = new Map<string, unknown>();
  const messages = new Map<string, MessageRow>();
  const reports = new Map<string, ReportRow>();
  const games = new Map<string, GameDef>();
  const levels = new Map(seed.levels.map((l) => [l.id, l]));
  let packs = seed.packs.map((p) => ({ ...p, levelIds: [...p.levelIds] }));
  const records: Record<RecordTable, Map<string, object>> = { jobs: new Map(), playerData: new Map(), calibrations: new Map(), folders: new Map(), folderFiles: new Map() };
  const keyOf = (table: RecordTable, row: object) => String((row as Record<string, unknown>)[table === 'playerData' ? 'levelId' : 'id']);
  const noop = async () => {};
  const put = (level: LevelT) => void levels.set(level.id, level);
  const textOf = async () => (await loadFormats()).workspaceFileText({ packs, levels: [...levels.values()], ...(games.size ? { games: [...games.values()] } : {}), recentlyDeleted: trashed(), conversations: [...messages.values()] as never, settings: Object.fromEntries(settings) });
  // Recently deleted: the entries, and the deleted levels by id (with the entry that holds each)
  const entries = new Map<string, DeletedRow>();
  const trash = new Map<string, { entryId: string; level: LevelT }>();
  /** Who listens to Recently deleted (this tab only: nothing is shared in memory). */
  const watchers = new Set<(e: DeletedRow[]) => void>();
  const listDeleted = () => [...entries.values()].sort((a, b) => b.at - a.at);
  /** Recently deleted as a backup carries it (oldest first, each entry with its levels). */
  const trashed = () => listDeleted().reverse().map((e) => ({ ...e, levels: e.levelIds.filter((l) => trash.get(l)?.entryId === e.id).map((l) => trash.get(l)!.level) }));
  const told = <T>(x: T): T => (watchers.forEach((w) => w(listDeleted())), x);
  const purge = async (ids: readonly string[]) => {
    const gone: string[] = [];
    for (const id of ids) {
      for (const l of entries.get(id)?.levelIds ?? []) {
        if (trash.get(l)?.entryId !== id) continue;
        trash.delete(l);
        if (levels.has(l)) continue;
        gone.push(l);
        reports.delete(l);
        records.playerData.delete(l);
        for (const [k, m] of messages) if (m.levelId === l) messages.delete(k);
      }
      entries.delete(id);
    }
    return told(gone);
  };
  const deleted: Storage['deleted'] = {
    async moveLevels(items) {
      const at = now();
      const older = [...entries.values()].sort((a, b) => a.at - b.at);
      const orders = entryOrders(items.map((x) => ({ id: x.id, packId: x.place.packId, listed: x.place.listed })), older);
      return told(items.flatMap(({ id, level: held, place: { listed: _, ...place } }) => {
        const level = held ?? levels.get(id);
        if (!level) return [];
        const order = orders.get(id);
        const e: DeletedRow = { id: `level:${id}`, kind: 'level', at, name: level.name, ...place, levelIds: [id], ...(order ? { order } : {}) };
        entries.set(e.id, e);
        trash.set(id, { entryId: e.id, level });
        levels.delete(id);
        return [e];
      }));
    },
    async movePack(pack, items) {
      const id = `pack:${pack.id}`;
      const list = items.map((x) => x.level ?? levels.get(x.id)).filter((l): l is LevelT => !!l);
      const ids = list.map((l) => l.id);
      const older = entries.get(id)?.levelIds.filter((x) => !ids.includes(x)) ?? [];
      const e: DeletedRow = { id, kind: 'pack', at: now(), name: pack.name, packId: pack.id, packName: pack.name, index: pack.index, after: pack.after, before: pack.before, keptAfter: pack.keptAfter, levelIds: [...ids, ...older] };
      entries.set(id, e);
      for (const l of list) (trash.set(l.id, { entryId: id, level: l }), levels.delete(l.id));
      return told(e);
    },
    list: async () => listDeleted(),
    async watch(on) {
      watchers.add(on);
      on(listDeleted());
      return () => void watchers.delete(on);
    },
    async restore(ids) {
      const got = ids.map((id) => entries.get(id)).filter((e): e is DeletedRow => !!e);
      const back = got.flatMap((e) => e.levelIds.filter((l) => trash.get(l)?.entryId === e.id).map((l) => levels.get(l) ?? trash.get(l)!.level));
      for (const l of back) (levels.set(l.id, l), trash.delete(l.id));
      for (const e of got) entries.delete(e.id);
      return told({ entries: got, levels: back, summaries: back.map((l) => summarize(l)) });
    },
    purge,
    empty: () => purge([...entries.keys()]),
    purgeExpired: () => purge([...entries.values()].filter((e) => e.at < now() - RECENTLY_DELETED_MS).map((e) => e.id)),
  };
  const storage: Storage = {
    persistent: false,
    deleted,
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
