// Step 1 of keeping a folder in step: walk it. Only names and what the file system says of each .json
// file (time, size) are read here; texts are read only for files new or changed since the last look
// (readPaths), so an unchanged folder of thousands of files costs one getFile() per file.
import { isJsonFileName, joinPath, splitPath } from '../../core/files/levelFile.ts';
import type { ScannedFile } from '../../core/files/folderDiff.ts';
import type { DirLike } from './handles.ts';

export interface Scan {
  files: ScannedFile[];
  /** Every file's path, .json or not: a new file's name is chosen among the free ones. */
  taken: Set<string>;
}

/** Folders never looked into: version control's and tools' own (hidden ones, node_modules). */
const skipped = (name: string) => name.startsWith('.') || name === 'node_modules';

export async function scanFolder(root: DirLike): Promise<Scan> {
  const scan: Scan = { files: [], taken: new Set() };
  await walk(root, '', scan);
  return scan;
}

async function walk(dir: DirLike, at: string, scan: Scan): Promise<void> {
  const subdirs: Promise<void>[] = [];
  const infos: Promise<void>[] = [];
  for await (const entry of dir.values()) {
    const path = joinPath(at, entry.name);
    if (entry.kind === 'directory') {
      if (!skipped(entry.name)) subdirs.push(walk(entry, path, scan));
      continue;
    }
    scan.taken.add(path);
    if (!isJsonFileName(entry.name)) continue;
    infos.push(entry.getFile().then((f) => void scan.files.push({ path, lastModified: f.lastModified, size: f.size })));
  }
  await Promise.all([...infos, ...subdirs]);
}

/** The texts of files named by path under `root` (each folder looked up once); a file gone meanwhile is left out. */
export async function readPaths(root: DirLike, paths: readonly string[]): Promise<Map<string, { text: string; lastModified: number; size: number }>> {
  const dirs = new Map<string, Promise<DirLike | null>>();
  const dirOf = (dir: string): Promise<DirLike | null> => {
    if (!dir) return Promise.resolve(root);
    let d = dirs.get(dir);
    if (!d) {
      const { dir: up, name } = splitPath(dir);
      d = dirOf(up).then((p) => p?.getDirectoryHandle(name) ?? null).catch(() => null);
      dirs.set(dir, d);
    }
    return d;
  };
  const out = new Map<string, { text: string; lastModified: number; size: number }>();
  await Promise.all(
    paths.map(async (path) => {
      const { dir, name } = splitPath(path);
      try {
        const f = await (await (await dirOf(dir))?.getFileHandle(name))?.getFile();
        if (f) out.set(path, { text: await f.text(), lastModified: f.lastModified, size: f.size });
      } catch (e) {
        if ((e as { name?: string }).name !== 'NotFoundError') throw e;
      }
    }),
  );
  return out;
}
