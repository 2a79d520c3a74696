// The studio's IndexedDB database, over the small layer in idb.ts. Schema version 1 held every table
// the studio first needed: levels, packs, messages (copilot chat per level), settings, analyses
// (simulation cache); version 2 added reports. A new version adds stores or indexes to `studioSchema`
// and bumps STUDIO_SCHEMA_VERSION; the layer creates what an older database lacks (a data migration
// would need an upgrade step keyed by the old version: there has been none so far).
import { openIdb, type Idb, type IdbEvents, type Schema } from './idb.ts';
import type { LevelT } from '../core/level/index.ts';

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
export type RecordTable = 'jobs' | 'playerData' | 'calibrations';

export interface StudioRows extends Record<string, unknown> {
  levels: LevelRow;
  packs: PackRow;
  messages: MessageRow;
  settings: SettingRow;
  analyses: AnalysisRow;
  reports: ReportRow;
  jobs: JobRow;
  playerData: PlayerDataRow;
  calibrations: CalibrationRow;
}
export type StudioDb = Idb<StudioRows>;

/** Schema version 3: jobs, player data, calibrations. Dexie opens schema N as native IndexedDB version N×10; so do we. */
export const STUDIO_SCHEMA_VERSION = 3;

/** The stores, key paths and index names exactly as Dexie made them ('id, updatedAt', '[levelId+createdAt]', …). */
export const studioSchema: Schema = {
  levels: { key: 'id', indexes: ['updatedAt'] },
  packs: { key: 'id', indexes: ['order'] },
  messages: { key: 'id', indexes: ['levelId', ['levelId', 'createdAt']] },
  settings: { key: 'key' },
  analyses: { key: 'key', indexes: ['createdAt'] },
  // v2: each level's last analysis report, so it survives a reload (a new, empty store: nothing to migrate)
  reports: { key: 'levelId', indexes: ['at'] },
  // v3 (new, empty stores: nothing to migrate): long jobs that resume after a reload, players' results
  // per level from a game's analytics, fitted calibrations
  jobs: { key: 'id', indexes: ['createdAt'] },
  playerData: { key: 'levelId', indexes: ['importedAt'] },
  calibrations: { key: 'id', indexes: ['createdAt'] },
};

export function openStudioDb(name = 'match3-studio', on: IdbEvents = {}): Promise<StudioDb> {
  return openIdb<StudioRows>(name, STUDIO_SCHEMA_VERSION * 10, studioSchema, on);
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
