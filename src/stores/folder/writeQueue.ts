// Step 3 of keeping a folder in step: write what planWrites (src/core/files/folderDiff.ts) asked, one
// file at a time. A file is written whole through createWritable(), which the browser commits on close:
// a reload in the middle leaves the old file or the new one, never half of one.
import { splitPath } from '../../core/files/levelFile.ts';
import { isNotFound, type DirLike, type FileInfo, type FileLike } from './handles.ts';

async function dirOf(root: DirLike, dir: string, create: boolean): Promise<DirLike> {
  let at = root;
  for (const part of dir ? dir.split('/') : []) at = await at.getDirectoryHandle(part, { create });
  return at;
}

/** The file was changed outside since the studio last read it: not written (read it first). */
export const CHANGED_OUTSIDE = 'changed-outside' as const;

/**
 * Writes a file (its folders made as needed); returns what the file system says of it afterwards.
 * `expect`: the file as the studio last read or wrote it, or `new` (no file there yet): when it differs
 * now (a `git pull` landed meanwhile) nothing is written and CHANGED_OUTSIDE is returned. It is checked once the writable is
 * open, right before writing, so the window for a change to slip in is as short as it can be.
 */
export async function writeFile(root: DirLike, path: string, text: string, expect?: { lastModified: number; size: number } | 'new'): Promise<{ lastModified: number; size: number } | typeof CHANGED_OUTSIDE> {
  const { dir, name } = splitPath(path);
  const file = await (await dirOf(root, dir, true)).getFileHandle(name, { create: true });
  const w = await file.createWritable();
  if (expect) {
    const now = await file.getFile();
    if (expect === 'new' ? now.size !== 0 : now.lastModified !== expect.lastModified || now.size !== expect.size) {
      await w.abort?.();
      return CHANGED_OUTSIDE;
    }
  }
  await w.write(text);
  await w.close();
  const f = await file.getFile();
  return { lastModified: f.lastModified, size: f.size };
}

/** Removes a file; one already gone is fine. */
export async function removeFile(root: DirLike, path: string): Promise<void> {
  const { dir, name } = splitPath(path);
  try {
    await (await dirOf(root, dir, false)).removeEntry(name);
  } catch (e) {
    if (!isNotFound(e)) throw e;
  }
}

/** A file moved by moveRest: its old and new path, and the new file's time and size. */
export interface MovedFile {
  from: string;
  to: string;
  lastModified: number;
  size: number;
}

/** Whether two files hold the same bytes (text where the bytes are not to be had). */
async function sameBytes(a: FileInfo, b: FileInfo): Promise<boolean> {
  if (a.size !== b.size) return false;
  if (!a.arrayBuffer || !b.arrayBuffer) return (await a.text()) === (await b.text());
  const [x, y] = await Promise.all([a.arrayBuffer(), b.arrayBuffer()]).then(([p, q]) => [new Uint8Array(p), new Uint8Array(q)]);
  return x.every((v, i) => v === y[i]);
}

/**
 * Moves the files still in folder `from` to folder `to` (made as needed), each written there before it is
 * removed here. A file of the same name and the same bytes there is this one moved by a pass cut short
 * before the removal: only the removal is left to do. A file of that name holding something else stays
 * (both do). Folders inside `from` stay too (another pack's). The entries are listed before any is
 * removed. Returns the files moved (with what the file system says of each where it is now) and how
 * many entries are left in `from`.
 */
export async function moveRest(root: DirLike, from: string, to: string): Promise<{ moved: MovedFile[]; kept: number }> {
  let src: DirLike;
  try {
    src = await dirOf(root, from, false);
  } catch (e) {
    if (isNotFound(e)) return { moved: [], kept: 0 };
    throw e;
  }
  const dst = await dirOf(root, to, true);
  const moved: MovedFile[] = [];
  let kept = 0;
  const done = (name: string, meta: { lastModified: number; size: number }) =>
    moved.push({ from: from ? `${from}/${name}` : name, to: to ? `${to}/${name}` : name, lastModified: meta.lastModified, size: meta.size });
  const entries: (FileLike | DirLike)[] = [];
  for await (const entry of src.values()) entries.push(entry);
  for (const entry of entries) {
    if (entry.kind !== 'file') {
      kept++;
      continue;
    }
    const there = await dst.getFileHandle(entry.name, { create: true });
    const file = await entry.getFile();
    const found = await there.getFile();
    if (found.size !== 0) {
      if (!(await sameBytes(file, found))) {
        kept++;
        continue;
      }
      await src.removeEntry(entry.name); // moved already: the pass before was cut short before removing it
      done(entry.name, found);
      continue;
    }
    const w = await there.createWritable();
    // a browser's File is written as it is (any bytes); the node tests' stand-in has text only
    await w.write(typeof Blob !== 'undefined' && file instanceof Blob ? (file as never) : await file.text());
    await w.close();
    await src.removeEntry(entry.name);
    done(entry.name, await there.getFile());
  }
  return { moved, kept };
}

/** Removes an empty folder; one already gone is fine. The directory API removes an entry whatever its kind. */
export const removeDir: (root: DirLike, path: string) => Promise<void> = removeFile;
