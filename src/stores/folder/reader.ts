// Reading a folder: step 1 (scan: names, times and sizes) and the texts of the files a diff asks for,
// classified (parsed and checked) where they are read. In the page it runs in a worker (workerReader.ts),
// so a scan of thousands of unchanged files every few seconds costs the page one message, not thousands
// of getFile() calls, and opening a folder parses its levels off the page's thread; in node (tests) and
// where a worker cannot take the handle, in this thread.
import { classifyTexts, type FileContent, type ScannedFile } from '../../core/files/folderDiff.ts';
import type { GameDef } from '../../core/game/types.ts';
import type { DirLike } from './handles.ts';
import { readPaths, scanFolder } from './scan.ts';

/** A file read: its text, what the file system says of it, and what it is (classified where it was read). */
export interface FileText {
  path: string;
  text: string;
  lastModified: number;
  size: number;
  content: FileContent;
}

/** What classifying needs to know: the games known besides the folder's, the paths that held a level. */
export interface ReadContext {
  games: GameDef[];
  wasLevel: string[];
}

export interface FolderReader {
  scan(root: DirLike): Promise<{ files: ScannedFile[]; taken: string[] }>;
  /** Texts of files under `root`, by path, each classified (a file gone meanwhile is left out). */
  read(root: DirLike, paths: readonly string[], ctx: ReadContext): Promise<FileText[]>;
}

/** The reader in this thread. */
export function inThreadReader(): FolderReader {
  return {
    async scan(root) {
      const scan = await scanFolder(root);
      return { files: scan.files, taken: [...scan.taken] };
    },
    async read(root, paths, ctx) {
      const read = await readPaths(root, paths);
      const contents = classifyTexts(new Map([...read].map(([p, t]) => [p, t.text])), ctx.games, new Set(ctx.wasLevel));
      return [...read].map(([path, t]) => ({ path, ...t, content: contents.get(path)! }));
    },
  };
}
