// Step 3 of keeping the open folder in step: the write queue's pass. What the catalogue says that the
// files do not (the plan: src/core/files/folderDiff.ts) is written one file at a time — a file found
// changed outside right before its write is taken in first — and the renamed sub-folders' other files
// follow their levels, then the old folder goes. Run by the folder store (folder.svelte.ts) in its queue.
import type { FolderCore } from './types.ts';
import type { FileRecord, WriteOp } from '../../core/files/folderDiff.ts';
import { levelFileText, levelStamp } from '../../core/files/levelFile.ts';
import { levelHash } from '../../core/level/index.ts';
import { checkOutside } from './outside.ts';
import { CHANGED_OUTSIDE, moveRest, removeDir, removeFile, writeFile, type MovedFile } from './writeQueue.ts';

export async function writePass(f: FolderCore): Promise<void> {
  if (!f.handle) return;
  f.pending = f.plan().length;
  if (!f.pending) return finishMoves(f);
  if (f.access !== 'granted') return f.showPending();
  if (!f.writer) return;
  await f.host.storage?.flush(); // written to IndexedDB first: a file never holds what the copy lacks
  let last: string | null = null;
  // a file found changed outside right before its write: taken in first (merged), then the plan again
  for (let round = 0; round < 3; round++) {
    let outside = false;
    for (const op of f.plan()) {
      f.status = { kind: 'writing', n: f.pending };
      const done = await apply(f, op);
      if (done === CHANGED_OUTSIDE) {
        outside = true;
        break;
      }
      last = done ?? last;
      f.pending = Math.max(0, f.pending - 1);
    }
    if (!outside) break;
    await checkOutside(f);
  }
  f.pending = f.plan().length;
  if (last) f.status = { kind: 'written', path: last };
  else if (f.status.kind === 'writing') f.status = { kind: 'idle' };
  if (!f.pending) await finishMoves(f);
}

/**
 * The renamed sub-folders whose levels have all moved: their other files (someone else's, a broken
 * level, a game) move too — written in the new folder, then removed from the old — then the old folder
 * goes. A file of the same name already in the new folder stays where it is (and the old folder with it).
 */
export async function finishMoves(f: FolderCore): Promise<void> {
  const root = f.handle;
  if (!root || f.access !== 'granted' || !f.writer) return;
  for (const [from, to] of Object.entries(f.moving)) {
    const left = await moveRest(root, from, to);
    for (const file of left.moved) await carry(f, file);
    if (left.kept === 0) {
      await removeDir(root, from);
      const { [from]: _done, ...rest } = f.moving;
      f.moving = rest;
      await f.host.storage?.records.put('folders', [f.row()]);
    }
    if (left.moved.length) {
      f.refreshBroken(); // a broken file is listed where it is now
      await checkOutside(f); // anything changed meanwhile is read where it is now
    }
  }
}

/**
 * What the studio knew of a file moved with its folder goes with it: a broken level file stays its
 * level's (read again it would be a new file, and the level, missing its file, written a second one).
 * A record already there for the copy (read while a pass cut short had left the file in both folders)
 * gives way, unless it holds a level of its own.
 */
async function carry(f: FolderCore, file: MovedFile) {
  const rec = f.records.get(file.from);
  await f.drop(file.from);
  f.taken.add(file.to);
  const there = f.records.get(file.to);
  if (rec && !there?.levelId) await f.keep({ ...rec, id: file.to, lastModified: file.lastModified, size: file.size });
}

function recordOfLevel(f: FolderCore, id: string): FileRecord | undefined {
  for (const r of f.records.values()) if (r.levelId === id) return r;
  return undefined;
}

/** Carries out one write; returns the path written (null: nothing needed writing; CHANGED_OUTSIDE: read the folder first). */
async function apply(f: FolderCore, op: WriteOp): Promise<string | null | typeof CHANGED_OUTSIDE> {
  const root = f.handle!;
  if (op.op === 'remove') {
    await removeFile(root, op.path);
    await f.drop(op.path);
    await f.remember(op.levelId, op.path);
    return op.path;
  }
  const level = await f.host.getLevel(op.levelId);
  if (!level) return null;
  const stamp = levelStamp({ hash: levelHash(level), name: level.name });
  if (op.op === 'move') {
    const rec = f.records.get(op.from)!;
    const text = op.changed || rec.text === undefined ? levelFileText(level, rec.fileId) : rec.text;
    const meta = await writeFile(root, op.to, text, 'new');
    if (meta === CHANGED_OUTSIDE) return meta;
    f.taken.add(op.to);
    await removeFile(root, op.from);
    await f.drop(op.from);
    await f.keep({ ...rec, id: op.to, stamp, text, ...meta });
    return op.to;
  }
  const rec = recordOfLevel(f, op.levelId);
  const text = levelFileText(level, rec?.fileId);
  if (rec?.text === text) {
    await f.keep({ ...rec, stamp }); // back as the file has it (an undo): nothing to write
    return null;
  }
  const meta = await writeFile(root, op.path, text, op.isNew ? 'new' : rec);
  if (meta === CHANGED_OUTSIDE) return meta;
  f.taken.add(op.path);
  await f.keep({ id: op.path, kind: 'level', levelId: op.levelId, fileId: rec?.fileId, stamp, text, ...meta });
  if (op.isNew && op.levelId in f.former) await f.remember(op.levelId, null);
  return op.path;
}
