// The storage interface and what both its implementations share (storage.ts over IndexedDB,
// memoryStorage.ts over plain maps). storage.ts re-exports all of it.
import type { LevelT } from '../core/level/index.ts';
import type { LevelSummary } from '../core/catalogue/summary.ts';
import type { DeletedRow, MessageRow, RecordTable, ReportRow } from './studioDb.ts';
import type { SaveStatus } from './saver.ts';
import type { GameDef } from '../core/game/types.ts';

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
  /** A level this tab holds (open or recently used) written elsewhere: the level and its revision. */
  remoteLevel?(level: LevelT, rev: number): void;
  /** Other levels written elsewhere (added, renamed, edited): just their new summaries. */
  remoteSummaries?(summaries: LevelSummary[]): void;
  remoteLevelDeleted?(id: string): void;
  remotePacks?(packs: PackRecord[], rev: number): void;
  remoteSetting?(key: string, value: unknown): void;
  remoteMessages?(levelId: string | null): void;
  remoteWorkspace?(): void;
  /** The workspace's game definitions changed (written here or in another tab): all of them, as stored now. */
  remoteGames?(games: GameDef[]): void;
}

/** How a bulk write reports progress and hears a Cancel (checked between pages of rows). */
export interface BulkOptions {
  onProgress?(done: number, total: number): void;
  cancelled?(): boolean;
}

/** A bulk write stopped by Cancel: what it had written is removed again. */
export class CancelledError extends Error {
  override name = 'CancelledError';
  constructor() {
    super('cancelled');
  }
}

/** A deleted level's or pack's neighbours when it went (ids; null: none), and the nearest one before it that stayed. */
export interface Neighbours {
  after: string | null;
  before: string | null;
  keptAfter: string | null;
}

/** Where a deleted level was (src/db/deleted.ts): its pack, its index there, its neighbours. */
export interface DeletedPlace extends Neighbours {
  packId: string;
  packName: string;
  index: number;
  /** Its pack's levels as listed when it went (the storage keeps the part around it: restorePlaces.ts entryOrders). */
  listed?: readonly string[];
}

/** The Recently deleted entry of a deleted level, and of a deleted pack. */
export const levelEntryId = (levelId: string) => `level:${levelId}`;
export const packEntryId = (packId: string) => `pack:${packId}`;

/** Recently deleted (issue 32): deleted levels and packs, kept RECENTLY_DELETED_DAYS, then purged. */
export interface RecentlyDeletedStorage {
  /**
   * Moves levels out of the catalogue into one entry each, in one transaction: as this tab holds them
   * (`level`), else as stored. A waiting write of one of them is dropped.
   */
  moveLevels(items: readonly { id: string; level?: LevelT; place: DeletedPlace }[]): Promise<DeletedRow[]>;
  /** Moves a pack with its levels (in order) into one entry, in one transaction. */
  movePack(pack: { id: string; name: string; index: number } & Neighbours, levels: readonly { id: string; level?: LevelT }[]): Promise<DeletedRow>;
  /** Every entry, newest first. */
  list(): Promise<DeletedRow[]>;
  /**
   * Hears the entries (newest first) now and after every change to them, made in this tab or another
   * (Dexie's live query, over its BroadcastChannel); resolves to the function that stops listening.
   */
  watch(onEntries: (entries: DeletedRow[]) => void): Promise<() => void>;
  /** Stores the entries' levels again (in one transaction) and drops the entries; the levels in each entry's order. */
  restore(entryIds: readonly string[]): Promise<{ entries: DeletedRow[]; levels: LevelT[]; summaries: LevelSummary[] }>;
  /** Removes entries for good (and their levels' conversations, reports, player data); returns those level ids. */
  purge(entryIds: readonly string[]): Promise<string[]>;
  /** Removes every entry for good. */
  empty(): Promise<string[]>;
  /** Purges what was deleted more than RECENTLY_DELETED_DAYS ago (by the storage's clock). */
  purgeExpired(): Promise<string[]>;
}

/** Rows per transaction in bulk writes and paged reads. */
export const PAGE = 500;

export interface Storage {
  readonly persistent: boolean;
  /** Every level in memory: for tests and small tools; the studio reads the catalogue instead. */
  loadWorkspace(): Promise<{ packs: PackRecord[]; levels: LevelT[] }>;
  /** The pack list and every level's summary (seeds the sample pack on a first visit; mends what an interrupted write left). */
  loadCatalogue(): Promise<{ packs: PackRecord[]; summaries: LevelSummary[] }>;
  /** Levels as stored, in the order asked (undefined: no such level); each becomes this tab's base. */
  readLevels(ids: readonly string[]): Promise<(LevelT | undefined)[]>;
  /** Writes many levels (an import, a bulk action) page by page, each with its summary; returns the summaries. */
  putLevels(levels: readonly LevelT[], opts?: BulkOptions): Promise<LevelSummary[]>;
  /** Deletes many levels with their summaries at once. */
  deleteLevels(ids: readonly string[]): Promise<void>;
  /** A backup of the whole workspace as Blob parts, written page by page (never one giant string). */
  exportWorkspaceParts(): Promise<BlobPart[]>;
  getSetting<T>(key: string): Promise<T | undefined>;
  setSetting(key: string, value: unknown): Promise<void>;
  scheduleLevel(level: LevelT): void;
  saveLevelNow(level: LevelT): void;
  savePacks(packs: PackRecord[]): void;
  deleteLevel(id: string): void;
  flush(): Promise<void>;
  /**
   * The page is being hidden or closed: writes every waiting level at once, its requests issued in this
   * task (a write that first waits for a read may never run once the page unloads). No revision check:
   * the level gets a revision no other tab holds, so another tab's next save meets it as a conflict
   * and merges (nothing is lost on either side).
   */
  flushOnHide(): void;
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
  /** Recently deleted levels and packs. */
  deleted: RecentlyDeletedStorage;
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
  /** The workspace's game definitions (RULES §11): classic is built in and never stored. */
  games: {
    /** Every stored game, in the order they were first stored. */
    list(): Promise<GameDef[]>;
    /** Stores definitions (canonical, validated by the caller); one with a stored id replaces it. */
    put(defs: readonly GameDef[]): Promise<void>;
    remove(ids: readonly string[]): Promise<void>;
  };
  messages: {
    list(levelId: string): Promise<MessageRow[]>;
    put(row: MessageRow): Promise<void>;
    remove(ids: string[]): Promise<void>;
    clear(levelId: string): Promise<void>;
  };
}

export const SAMPLE_PACK_NAME = 'Sample pack';

