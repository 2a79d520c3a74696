// The open folder's shapes: its stored row (IndexedDB `folders`), what its status line and its notices
// say (as data: the UI words them, FolderOpen.svelte), and a refused rename.
import type { FileContent, FileProblems, FileRecord, WriteOp } from '../../core/files/folderDiff.ts';
import type { GameDef } from '../../core/game/types.ts';
import type { LevelT } from '../../core/level/index.ts';
import type { StepLabel } from '../../core/notice.ts';
import type { ConflictHost } from '../host.ts';
import type { Access, DirLike } from './handles.ts';
import type { FileText, FolderReader } from './reader.ts';

/** What the workspace gives the folder: the catalogue's host, and a new level when closing empties it. */
export interface FolderHost extends ConflictHost {
  showLevel(level: LevelT, note?: StepLabel): void;
  newLevel(): void;
  /** The folder's `*.game.json` games join the workspace's games (the Game select, the game editor). */
  folderGames?(games: GameDef[]): void;
}

/**
 * What the folder store's steps (opening.ts, outside.ts, writes.ts, lock.ts) use of it: its state and its
 * records' bookkeeping. The store (folder.svelte.ts) is one; the steps import this, not the store.
 */
export interface FolderCore {
  readonly host: FolderHost;
  readonly reader: FolderReader;
  readonly writer: boolean;
  name: string | null;
  access: Access;
  status: FolderStatus;
  pending: number;
  broken: { path: string; problem: string; problems?: FileProblems }[];
  handle: DirLike | null;
  dirs: Record<string, string>;
  former: Record<string, string>;
  moving: Record<string, string>;
  records: Map<string, FileRecord>;
  taken: Set<string>;
  notify: (n: FolderNotice) => void;
  showPending(): void;
  stampOf(id: string): string | undefined;
  plan(): WriteOp[];
  remember(levelId: string, path: string | null): Promise<void>;
  keep(rec: FileRecord): Promise<void>;
  drop(path: string): Promise<void>;
  readContext(): { games: GameDef[]; wasLevel: string[] };
  contentsOf(texts: Map<string, FileText>): [string, FileContent][];
  recordOf(base: { id: string; lastModified: number; size: number }, c: FileContent, text: string): FileRecord;
  refreshBroken(): void;
  row(): FolderRow;
}

/** The stored row of the open folder (IndexedDB `folders`, key `open`). */
export interface FolderRow {
  id: 'open';
  name: string;
  handle: DirLike;
  /** The folder's packs: pack id → sub-folder (`''`: the folder itself). */
  dirs: Record<string, string>;
  /** Where the files of levels that left the folder were (level id → path), so one restored gets its name back. */
  former?: Record<string, string>;
  /** Sub-folders being renamed with their pack (old → new): their other files move, then the old folder goes. */
  moving?: Record<string, string>;
}

/** Why a pack's sub-folder could not take its new name: a folder of that name is there already. */
export interface DirTaken {
  dir: string;
}

/** What the folder's status line says (the UI words it). */
export type FolderStatus =
  | { kind: 'idle' }
  | { kind: 'reading' }
  | { kind: 'opened'; levels: number; packs: number }
  | { kind: 'writing'; n: number }
  | { kind: 'written'; path: string }
  | { kind: 'waiting'; n: number }
  | { kind: 'gone' }
  /** Another tab of the studio has the folder open and writes its files (this one's edits reach them through it). */
  | { kind: 'otherTab' }
  | { kind: 'error'; message: string };

/** Something the designer is told once (a toast); the UI words it. */
export type FolderNotice =
  | { kind: 'merged'; name: string }
  | { kind: 'fromFile'; name: string; path: string }
  | { kind: 'removedOutside'; name: string }
  /** A pack not renamed: the open folder has a folder of that name already. */
  | { kind: 'dirTaken'; name: string; dir: string };
