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

/** Writes a file (its folders made as needed); returns what the file system says of it afterwards. */
export async function writeFile(root: DirLike, path: string, text: string): Promise<{ lastModified: number; size: number }> {
  const { dir, name } = splitPath(path);
  const file = await (await dirOf(root, dir, true)).getFileHandle(name, { create: true });
  const w = await file.createWritable();
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
