// The storage interface over plain maps, for a browser that refuses IndexedDB (private mode, blocked)
// and for tests: the studio still works, but only for this tab. Loaded only when needed.
import type { LevelT } from '../core/level/index.ts';
import { summarize } from '../core/catalogue/summary.ts';
import type { MessageRow, RecordTable, ReportRow } from './studioDb.ts';
import { CancelledError, PAGE, type BulkOptions, type PackRecord, type Storage } from './storageTypes.ts';
import { samplesWorkspace } from './samples.ts';
import type { GameDef } from '../core/game/types.ts';
import { MemoryDeleted } from './memoryDeleted.ts';

// the file formats load with the first backup
const loadFormats = () => import('../core/files/formats.ts');

/**
 * The same interface over plain maps: the studio still works, but only for this tab. It holds the levels
 * and packs itself (the studio keeps only summaries and the open level in memory).
 */
export function memoryStorage(seed: { packs: PackRecord[]; levels: LevelT[] } = samplesWorkspace(), now: () => number = () => Date.now()): Storage {
  return new MemoryStorage(seed, now);
}

const keyOf = (table: RecordTable, row: object) => String((row as Record<string, unknown>)[table === 'playerData' ? 'levelId' : 'id']);
const noop = async () => {};

/** Every method is an arrow-function field, so a method handed on as a callback keeps its storage. */
class MemoryStorage implements Storage {
  readonly persistent = false;
  sync: Storage['sync'] = {};
  private readonly settings = new Map<string, unknown>();
  private readonly analyses = new Map<string, unknown>();
  private readonly messageRows = new Map<string, MessageRow>();
  private readonly reports = new Map<string, ReportRow>();
  private readonly gameDefs = new Map<string, GameDef>();
  private readonly levels: Map<string, LevelT>;
  private packs: PackRecord[];
  private readonly recordRows: Record<RecordTable, Map<string, object>> = { jobs: new Map(), playerData: new Map(), calibrations: new Map(), folders: new Map(), folderFiles: new Map() };
  readonly deleted: MemoryDeleted;

  constructor(seed: { packs: PackRecord[]; levels: LevelT[] }, now: () => number) {
    this.levels = new Map(seed.levels.map((l) => [l.id, l]));
    this.packs = seed.packs.map((p) => ({ ...p, levelIds: [...p.levelIds] }));
    this.deleted = new MemoryDeleted({ levels: this.levels, reports: this.reports, messages: this.messageRows, records: this.recordRows, now });
  }

  private put = (level: LevelT) => void this.levels.set(level.id, level);

  private textOf = async () =>
    (await loadFormats()).workspaceFileText({
      packs: this.packs, levels: [...this.levels.values()], ...(this.gameDefs.size ? { games: [...this.gameDefs.values()] } : {}),
      recentlyDeleted: this.deleted.trashed(), conversations: [...this.messageRows.values()] as never, settings: Object.fromEntries(this.settings),
    });

  loadWorkspace = async () => ({ packs: this.packs, levels: [...this.levels.values()] });
  loadCatalogue = async () => ({ packs: this.packs, summaries: [...this.levels.values()].map((l) => summarize(l)) });
  readLevels = async (ids: readonly string[]) => ids.map((id) => this.levels.get(id));
  readLevel = async (id: string) => this.levels.get(id);

  putLevels = async (list: readonly LevelT[], o: BulkOptions = {}) => {
    o.onProgress?.(0, list.length);
    const added: string[] = [];
    for (let i = 0; i < list.length; i += PAGE) {
      if (o.cancelled?.()) {
        added.forEach((id) => this.levels.delete(id));
        throw new CancelledError();
      }
      for (const l of list.slice(i, i + PAGE)) (this.levels.has(l.id) || added.push(l.id), this.put(l));
      o.onProgress?.(Math.min(i + PAGE, list.length), list.length);
      await new Promise((r) => setTimeout(r, 0));
    }
    return list.map((l) => summarize(l));
  };

  deleteLevels = async (ids: readonly string[]) => ids.forEach((id) => this.levels.delete(id));
  exportWorkspaceParts = async () => [await this.textOf()];
  getSetting = async <T>(k: string) => this.settings.get(k) as T | undefined;
  setSetting = async (k: string, v: unknown) => void this.settings.set(k, v);
  scheduleLevel = this.put;
  saveLevelNow = this.put;
  savePacks = (p: PackRecord[]) => {
    this.packs = p.map((x) => ({ ...x, levelIds: [...x.levelIds] }));
  };
  deleteLevel = (id: string) => void this.levels.delete(id);
  rebaseLevel() {}
  rebasePacks() {}
  discardLevel() {}
  revOf = () => 0;
  close() {}
  flush = noop;
  flushOnHide() {}
  retry = noop;
  exportWorkspace = () => this.textOf();
  importWorkspace = async () => {
    throw new Error('storage is unavailable in this browser');
  };
  getAnalysis = async <T>(k: string) => this.analyses.get(k) as T | undefined;
  putAnalysis = async (k: string, v: unknown) => void this.analyses.set(k, v);
  listReports = async () => [...this.reports.values()];
  putReport = async (row: ReportRow) => void this.reports.set(row.levelId, row);

  readonly records: Storage['records'] = {
    get: async <T>(table: RecordTable, key: string) => this.recordRows[table].get(key) as T | undefined,
    list: async <T>(table: RecordTable) => [...this.recordRows[table].values()] as T[],
    put: async (table, rows) => rows.forEach((r) => this.recordRows[table].set(keyOf(table, r), r)),
    remove: async (table, keys) => keys.forEach((k) => this.recordRows[table].delete(k)),
  };

  readonly games: Storage['games'] = {
    list: async () => [...this.gameDefs.values()],
    put: async (defs) => defs.forEach((d) => this.gameDefs.set(d.id, d)),
    remove: async (ids) => ids.forEach((id) => this.gameDefs.delete(id)),
  };

  readonly messages: Storage['messages'] = {
    list: async (levelId) => [...this.messageRows.values()].filter((m) => m.levelId === levelId).sort((a, b) => a.createdAt - b.createdAt),
    put: async (row) => void this.messageRows.set(row.id, row),
    remove: async (ids) => ids.forEach((id) => this.messageRows.delete(id)),
    clear: async (levelId) => {
      for (const [id, m] of this.messageRows) if (m.levelId === levelId) this.messageRows.delete(id);
    },
  };
}
