// The open folder's shapes: its stored row (IndexedDB `folders`), what its status line and its notices
// say (as data: the UI words them, FolderOpen.svelte), and a refused rename.
import type { DirLike } from './handles.ts';

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
