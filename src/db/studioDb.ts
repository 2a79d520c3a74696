// The studio's IndexedDB database, on Dexie 4 (docs/adr/0005-catalogue-on-dexie.md). Schema version 1
// held every table the studio first needed: levels, packs, messages (copilot chat per level), settings,
// analyses (simulation cache); version 2 added reports; version 3 jobs, player data and calibrations;
// version 4 the level summaries the level list reads (the catalogue), built from the stored levels
// when an older database is upgraded; version 5 the workspace's game definitions (RULES §11); version 6
// the open folder of level files (its handle) and what the studio last read or wrote of each of its
// files (src/stores/folder.svelte.ts); version 7 Recently deleted (deleted levels and packs, kept 30 days:
// src/db/deleted.ts). Dexie opens schema N as native IndexedDB version N×10.
import Dexie, { type Table } from 'dexie';
import type { LevelT } from '../core/level/index.ts';
import { summarize, type LevelSummary } from '../core/catalogue/summary.ts';
import type { GameDef } from '../core/game/types.ts';
// `rev` (not indexed, so no schema change) counts the writes of a row; a tab checks it on save to
// find a write made elsewhere. Rows written before it existed read as revision 0.
export interface LevelRow {
  id: string;
  level: LevelT;
  updatedAt: number;
  rev?: number;
}
export interface PackRow {
  id: string;
  name: string;
  order: number;
  levelIds: string[];
  /** The revision of the whole pack list (every row of one write carries the same number). */
  rev?: number;
}
export interface MessageRow {
  id: string;
  levelId: string;
  createdAt: number;
  [key: string]: unknown;
}
export interface SettingRow {
  key: string;
  value: unknown;
  rev?: number;
}
export interface AnalysisRow {
  key: string;
  createdAt: number;
  counts: unknown;
}

/** A game definition of the workspace (canonical, as parseGame returns it); `rev` counts its writes. */
export interface GameRow {
  id: string;
  def: GameDef;
  updatedAt: number;
  rev?: number;
}

/** The last report of a level (src/stores/analysis.svelte.ts `Report`), kept across reloads. */
export interface ReportRow {
  levelId: string;
  at: number;
  [key: string]: unknown;
}

/** A stored long job (a pack analysis or tune that resumes after a reload), player data of a level, a calibration. */
export interface JobRow {
  id: string;
  createdAt: number;
  [key: string]: unknown;
}
export interface PlayerDataRow {
  levelId: string;
  importedAt: number;
  [key: string]: unknown;
}
export interface CalibrationRow {
  id: string;
  createdAt: number;
  [key: string]: unknown;
}

/** The stores that hold plain records of the features above them (Storage.records). */
export type RecordTable = 'jobs' | 'playerData' | 'calibrations' | 'folders' | 'folderFiles';

/** A level's summary row (src/core/catalogue/summary.ts): written with its level, in the same transaction. */
export type SummaryRow = LevelSummary;

/**
 * A Recently deleted entry (src/db/deleted.ts): one deleted level, or one deleted pack with its levels.
 * `at` is when it was deleted; `after`/`before` its neighbours then (levels in its pack, or packs),
 * `keptAfter` the nearest one before it that stayed, so a restore puts it back beside the same
 * neighbours (at `index` when they are all gone): src/core/catalogue/restorePlaces.ts.
 */
export interface DeletedRow {
  id: string;
  kind: 'level' | 'pack';
  at: number;
  /** The level's or the pack's name. */
  name: string;
  /** Where it was: the pack (a level's; a pack's own id), its name, its place in it (a pack: in the pack list). */
  packId: string;
  packName: string;
  index: number;
  after: string | null;
  before: string | null;
  keptAfter: string | null;
  /** The levels it holds, in order (one for a level entry). */
  levelIds: string[];
}

/** A deleted level as it was stored (its revision kept, so other tabs meet its return as a newer write). */
export interface DeletedLevelRow {
  id: string;
  entryId: string;
  level: LevelT;
  rev: number;
}

/** Schema version 7: Recently deleted (5: games, 6: the open folder). */
export const STUDIO_SCHEMA_VERSION = 7;

/** The stores, key paths and indexes per schema version, in Dexie's notation. */
export const studioSchema = {
  1: {
    levels: 'id, updatedAt',
    packs: 'id, order',
    messages: 'id, levelId, [levelId+createdAt]',
    settings: 'key',
    analyses: 'key, createdAt',
  },
  // v2: each level's last analysis report, so it survives a reload (a new, empty store: nothing to migrate)
  2: { reports: 'levelId, at' },
  // v3 (new, empty stores): long jobs that resume after a reload, players' results per level from a
  // game's analytics, fitted calibrations
  3: { jobs: 'id, createdAt', playerData: 'levelId, importedAt', calibrations: 'id, createdAt' },
  // v4: one summary per level for the level list; the upgrade builds them from the stored levels
  4: { summaries: 'id' },
  // v5: the workspace's game definitions (a new, empty store: classic is built in, never stored)
  5: { games: 'id, updatedAt' },
  // v6 (new, empty stores): the folder of level files the studio has open (its directory handle, which
  // pack is which sub-folder) and one row per file of it (its path, the level it holds, the text last
  // read or written), so edits made while access is not granted are written once it is
  6: { folders: 'id', folderFiles: 'id' },
  // v7 (new, empty stores): Recently deleted — one row per deleted level or pack, and the deleted levels themselves
  7: { deleted: 'id, at', deletedLevels: 'id, entryId' },
} as const;

export class StudioDb extends Dexie {
  levels!: Table<LevelRow, string>;
  packs!: Table<PackRow, string>;
  messages!: Table<MessageRow, string>;
  settings!: Table<SettingRow, string>;
  analyses!: Table<AnalysisRow, string>;
  reports!: Table<ReportRow, string>;
  jobs!: Table<JobRow, string>;
  playerData!: Table<PlayerDataRow, string>;
  calibrations!: Table<CalibrationRow, string>;
  summaries!: Table<SummaryRow, string>;
  games!: Table<GameRow, string>;
  folders!: Table<{ id: string }, string>;
  folderFiles!: Table<{ id: string }, string>;
  deleted!: Table<DeletedRow, string>;
  deletedLevels!: Table<DeletedLevelRow, string>;

  constructor(name: string) {
    super(name);
    this.version(1).stores(studioSchema[1]);
    this.version(2).stores(studioSchema[2]);
    this.version(3).stores(studioSchema[3]);
    this.version(4)
      .stores(studioSchema[4])
      .upgrade(async (tx) => {
        // a page of levels at a time: a catalogue of thousands is never all in memory at once
        const levels = tx.table<LevelRow, string>('levels');
        const summaries = tx.table<SummaryRow, string>('summaries');
        let page = await levels.limit(500).toArray();
        while (page.length) {
          await summaries.bulkPut(page.map((r) => summarize(r.level, r.rev ?? 0, r.updatedAt)));
          const last = page.at(-1)!.id;
          page = await levels.where(':id').above(last).limit(500).toArray();
        }
      });
    this.version(5).stores(studioSchema[5]);
    this.version(6).stores(studioSchema[6]);
    this.version(7).stores(studioSchema[7]);
  }
}

export interface DbEvents {
  /** An older connection elsewhere holds the database: the open waits until it closes. */
  blocked?(): void;
  /** Another tab opens the database at a newer version (or deletes it): this connection is closed first. */
  versionchange?(): void;
}

/**
 * Opens (creating or upgrading as needed) the studio's database. Dexie opens a database a newer studio
 * already upgraded at its own version, retries Chrome's occasional UnknownError on open, and opens a
 * connection the browser dropped again on next use. On `versionchange` this connection lets go at once
 * and for good: later reads and writes fail with DatabaseClosedError (the studio says why).
 */
export async function openStudioDb(name = 'match3-studio', on: DbEvents = {}): Promise<StudioDb> {
  const db = new StudioDb(name);
  db.on('blocked', () => on.blocked?.());
  // runs before Dexie's own handler (which would close but open again on next use); false stops that one
  db.on('versionchange', () => {
    db.close({ disableAutoOpen: true });
    on.versionchange?.();
    return false;
  });
  await db.open();
  return db;
}

export type StorageErrorKind = 'quota' | 'blocked' | 'version' | 'conflict' | 'upgraded' | 'waiting' | 'other';

/** A newer studio opened in another tab upgraded the database; this (older) tab can no longer write. */
export class UpgradedElsewhereError extends Error {
  override name = 'UpgradedElsewhereError';
  constructor() {
    super('the database was upgraded by a newer studio in another tab');
  }
}
/** This tab's upgrade of the database waits for an older tab that still holds it open. */
export class WaitingForOtherTabError extends Error {
  override name = 'WaitingForOtherTabError';
  constructor() {
    super('an older tab of the studio holds the database open');
  }
}

/** A save refused because another tab wrote a different version first and the designer must choose. */
export class ConflictError extends Error {
  override name = 'ConflictError';
  constructor(readonly levelId: string) {
    super(`level ${levelId} was changed in another tab`);
  }
}

/** What kind of failure an IndexedDB error is (the UI words it in the designer's language). */
export function storageErrorKind(e: unknown): StorageErrorKind {
  const err = e as { name?: string; message?: string; inner?: { name?: string } };
  const name = err?.inner?.name ?? err?.name ?? '';
  if (name === 'QuotaExceededError' || /quota/i.test(err?.message ?? '')) return 'quota';
  if (['InvalidStateError', 'UnknownError', 'MissingAPIError', 'OpenFailedError', 'DatabaseClosedError', 'SecurityError'].includes(name)) return 'blocked';
  if (name === 'VersionError' || name === 'UpgradeError') return 'version';
  if (name === 'ConflictError') return 'conflict';
  if (name === 'UpgradedElsewhereError') return 'upgraded';
  if (name === 'WaitingForOtherTabError') return 'waiting';
  return 'other';
}

/** A user-facing reason for a failed IndexedDB operation (English; the studio translates by kind). */
export function storageErrorMessage(e: unknown): string {
  switch (storageErrorKind(e)) {
    case 'quota':
      return 'Not saved: this device is out of storage space. Free some space or export your levels; your work is kept in this tab.';
    case 'blocked':
      return 'Not saved: this browser refused local storage (private mode or blocked). Export your levels to keep them; your work is kept in this tab.';
    case 'version':
      return 'Not saved: the studio is open in another tab with a different version. Close the other tab and reload.';
    case 'conflict':
      return 'Not saved: this level was changed in another tab.';
    case 'upgraded':
      return 'Not saved: a newer version of the studio was opened in another tab.';
    case 'waiting':
      return 'Waiting for an older tab of the studio to close.';
    default:
      return `Not saved: ${(e as Error)?.message ?? String(e)}. Your work is kept in this tab; the studio retries on your next change.`;
  }
}
