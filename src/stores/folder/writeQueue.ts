// Step 3 of keeping a folder in step: write what planWrites (src/core/files/folderDiff.ts) asked, one
// file at a time. A file is written whole through createWritable(), which the browser commits on close:
// a reload in the middle leaves the old file or the new one, never half of one.
import { splitPath } from '../../core/files/levelFile.ts';
import { isNotFound, type DirLike } from './handles.ts';

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
