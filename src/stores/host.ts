// What the catalogue's helper stores (imports/exports in transfer.svelte.ts, bulk actions in
// bulk.svelte.ts, restores, deletes, merges, the folder) need of the workspace that owns them:
// CatalogueHost is what several of them call, each helper's own needs extend it. The workspace fills it in; the helpers import
// this interface, not the workspace (so there is no import cycle and each is testable alone).
import type { LevelT } from '../core/level/index.ts';
import type { LevelPart } from '../core/level/merge.ts';
import type { ChatStore } from './chat.svelte.ts';
import type { AnalysisRunner } from '../analysis/runner.ts';
import type { LevelConflict, PackRecord, Storage } from '../db/storage.ts';
import type { AnalysisStore } from './analysis.svelte.ts';
import type { CatalogueStore } from './catalogue.svelte.ts';
import type { Choice } from './choice.svelte.ts';
import type { EditorStore } from './editor.svelte.ts';
import type { LevelListStore } from './levelList.svelte.ts';
import type { Toast } from './notices.svelte.ts';
import type { PackStore } from './pack.svelte.ts';
import type { GamesStore } from './games.svelte.ts';
import type { Said, StepLabel } from '../core/notice.ts';

export interface BulkProgress {
  onProgress?(done: number, total: number): void;
  cancelled?(): boolean;
}

export interface CatalogueHost {
  readonly editor: EditorStore;
  readonly catalogue: CatalogueStore;
  readonly list: LevelListStore;
  readonly analysis: AnalysisStore;
  readonly storage: Storage | null;
  /** The workspace's games (src/stores/games.svelte.ts), loaded on first use. */
  loadGames(): Promise<GamesStore>;
  readonly loading: boolean;
  packs: PackRecord[];
  setPacks(packs: PackRecord[]): void;
  getLevel(id: string): Promise<LevelT | undefined>;
  getLevels(ids: readonly string[]): Promise<(LevelT | undefined)[]>;
  addLevels(levels: LevelT[], packId?: string, afterId?: string, open?: boolean, progress?: BulkProgress): Promise<void>;
  removeLevels(ids: Iterable<string>): void;
  deleteLevels(ids: string[]): Promise<void>;
  openLevel(id: string): Promise<void>;
  reloadWorkspace(): Promise<void>;
  toast(said: Said, kind?: Toast['kind'], action?: Toast['action'], ms?: number, details?: Said[]): void;
  choose: (choice: Choice) => Promise<string | null>;
}

/** What imports and exports need besides (transfer.svelte.ts). */
export interface TransferHost extends CatalogueHost {
  readonly loaded: boolean;
  putLevelsInPlace(levels: LevelT[]): void;
  confirm: (question: Said) => boolean;
  download: (name: string, parts: BlobPart[]) => void;
}

/** What the bulk actions on the list's selection need besides (bulk.svelte.ts). */
export interface BulkHost extends CatalogueHost {
  readonly runner: AnalysisRunner;
  /** The pack store (its background jobs), loaded on first use. */
  loadPack(): Promise<PackStore>;
  copyOf(level: LevelT): LevelT;
  exportSelection(ids: readonly string[]): Promise<void>;
}

/** The open question after another tab changed the same part of a level as this one. */
export interface OpenConflict {
  id: string;
  name: string;
  theirs: LevelT;
  rev: number;
  parts: LevelPart[];
  /** Theirs is the level's file in the open folder, changed outside (not another tab's write). */
  folder?: boolean;
}

/** What the merges of another tab's write need (conflict.ts, loaded when a conflict first happens). */
export interface ConflictHost extends CatalogueHost {
  conflict: OpenConflict | null;
  current(id: string): LevelT | undefined;
  showLevel(level: LevelT, note?: StepLabel): void;
}

/** What the restores need (restore.ts, loaded on first use): deleted levels and packs, a restored backup. */
export interface RestoreHost extends CatalogueHost {
  readonly deletedHere: Map<string, { packId: string; index: number }>;
  readonly cache: Map<string, LevelT>;
  readonly chat: ChatStore | null;
  remember(level: LevelT): void;
}

/** What deleting levels and packs needs (deleting.ts, loaded with the first delete). */
export interface DeleteHost extends RestoreHost {
  current(id: string): LevelT | undefined;
  restoreDeleted(entryIds: readonly string[]): Promise<unknown>;
  /** Keeps a move to Recently deleted under way (a restore waits for it; a failure is said). */
  trackMove(p: Promise<unknown> | undefined): void;
}

/**
 * What the workspace's own parts need of it (the catalogue's actions: levelActions.svelte.ts; other
 * tabs: tabSync.ts): the helpers' host, with the folder, the copilot's store and the merges.
 */
export interface StudioHost extends DeleteHost, ConflictHost, TransferHost, BulkHost {
  /** The open folder of level files (folder.svelte.ts), told of each change; null until its code loads. */
  readonly folder: { changed(): void; adoptPack(packId: string, name: string): void; renameDir(packId: string, name: string): unknown } | null;
  /** The catalogue holds the designer's work: the browser is asked to keep it (once). */
  workStored(): void;
  listAt(ids: string[], packId: string, index: number): PackRecord | undefined;
  mergeLevelConflict(c: LevelConflict): Promise<boolean>;
}
