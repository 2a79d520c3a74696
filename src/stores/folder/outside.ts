// Changes made to the open folder's files outside the studio, taken in (steps 1 and 2 for them: scan,
// then diff against what the studio last read or wrote): a new level file joins its folder's pack at its
// place in natural order, a changed one is adopted, merged field by field or handed to the conflict
// dialog, a removed one's level goes unless it was changed here since. Run by the folder store
// (folder.svelte.ts) in its queue, one step at a time.
import type { FolderCore } from './types.ts';
import { notice } from '../../core/notice.ts';
import { diffScan, insertIndex, type FileContent, type FileRecord } from '../../core/files/folderDiff.ts';
import { levelStamp, splitPath } from '../../core/files/levelFile.ts';
import { knownGames } from '../../core/game/registry.ts';
import { levelHash, newId, parseLevelText, type LevelT } from '../../core/level/index.ts';
import { mergeLevels } from '../../core/level/merge.ts';
import { summarize } from '../../core/catalogue/summary.ts';
import { byPath, takenOf } from './files.ts';
import { removeFile } from './writeQueue.ts';

/** The note an adopted outside version leaves in the level's history. */
const fromFile = (path: string) => notice('folder.fromFile', { path });

export async function checkOutside(f: FolderCore): Promise<void> {
  const root = f.handle!;
  const scan = await f.reader.scan(root);
  f.taken = takenOf(scan, f.records);
  const diff = diffScan(f.records, scan.files);
  if (!diff.added.length && !diff.changed.length && !diff.removed.length) return;
  f.status = { kind: 'reading' };
  const texts = byPath(await f.reader.read(root, [...diff.added, ...diff.changed].map((f) => f.path), f.readContext()));
  for (const [path, c] of f.contentsOf(texts)) await takeIn(f, path, c, texts.get(path)!);
  for (const rec of diff.removed) await letGo(f, rec);
  f.refreshBroken();
  f.status = { kind: 'idle' };
}


async function takeIn(f: FolderCore, path: string, c: FileContent, meta: { text: string; lastModified: number; size: number }) {
  const rec = f.records.get(path);
  const base = { id: path, lastModified: meta.lastModified, size: meta.size };
  if (rec?.levelId && c.kind === 'level') return mergeIn(f, rec, c.level, meta);
  if (rec?.levelId && c.kind === 'broken') return f.keep({ ...rec, ...base, problem: c.problem, problems: c.problems });
  if (c.kind !== 'level') return f.keep(f.recordOf(base, c, meta.text));
  const from = movedCopyOf(f, path, c.level, meta.text);
  if (from) return finishMove(f, from, { ...base, text: meta.text, stamp: levelStamp({ hash: levelHash({ ...c.level, id: from.levelId! }), name: c.level.name }) });
  // a new level file: into its folder's pack, at its place in natural order
  const id = f.host.catalogue.has(c.level.id) ? newId() : c.level.id;
  const level = { ...c.level, id };
  const dir = splitPath(path).dir;
  const packId = packOfDir(f, dir);
  const pack = f.host.packs.find((p) => p.id === packId)!;
  await f.keep({ ...base, kind: 'level', levelId: id, fileId: id !== c.level.id ? c.level.id : undefined, text: meta.text, stamp: levelStamp({ hash: levelHash(level), name: level.name }) });
  const pathOf = new Map([...f.records.values()].filter((r) => r.levelId).map((r) => [r.levelId!, r.id]));
  const at = insertIndex(pack.levelIds.map((x) => pathOf.get(x)), path);
  f.host.storage?.saveLevelNow(level);
  f.host.catalogue.put(summarize(level));
  f.host.setPacks(f.host.packs.map((p) => (p.id === packId ? { ...p, levelIds: [...p.levelIds.slice(0, at), id, ...p.levelIds.slice(at)] } : p)));
}

/**
 * The record of the level whose move a pass cut short wrote here (the write landed, the removal of the
 * old file did not): a file in the folder of the level's pack, holding that level (its id as its file
 * has it) as its old file had it or as the catalogue has it now, while the level's file is still in
 * another folder. Taken in as a new level it would be the level twice.
 */
function movedCopyOf(f: FolderCore, path: string, level: LevelT, text: string): FileRecord | undefined {
  const dir = splitPath(path).dir;
  for (const rec of f.records.values()) {
    const id = rec.levelId;
    if (!id || (rec.fileId ?? id) !== level.id || splitPath(rec.id).dir === dir) continue;
    const packId = f.host.packs.find((p) => p.levelIds.includes(id))?.id;
    if (packId === undefined || f.dirs[packId] !== dir) continue;
    if (rec.text === text || f.stampOf(id) === levelStamp({ hash: levelHash({ ...level, id }), name: level.name })) return rec;
  }
  return undefined;
}

/** Finishes a move cut short: the old file goes, the copy is the level's file. */
async function finishMove(f: FolderCore, from: FileRecord, at: Pick<FileRecord, 'id' | 'lastModified' | 'size' | 'text' | 'stamp'>) {
  await removeFile(f.handle!, from.id);
  await f.drop(from.id);
  f.taken.add(at.id);
  await f.keep({ ...from, ...at, problem: undefined, problems: undefined });
}

/** The pack of a sub-folder, made (after the folder's last pack) when the folder is new. */
function packOfDir(f: FolderCore, dir: string): string {
  const known = Object.entries(f.dirs).find(([id, d]) => d === dir && f.host.packs.some((p) => p.id === id));
  if (known) return known[0];
  const id = newId();
  const name = (dir === '' ? f.name ?? 'Folder' : dir).slice(0, 80);
  f.dirs = { ...f.dirs, [id]: dir };
  const packs = f.host.packs;
  const lastFolder = packs.reduce((at, p, i) => (p.id in f.dirs ? i : at), -1);
  f.host.setPacks([...packs.slice(0, lastFolder + 1), { id, name, levelIds: [] }, ...packs.slice(lastFolder + 1)]);
  void f.host.storage?.records.put('folders', [f.row()]);
  return id;
}

/** A level file changed outside: taken as is when not changed here too, else merged field by field, else the conflict dialog. */
async function mergeIn(f: FolderCore, rec: FileRecord, level: LevelT, meta: { text: string; lastModified: number; size: number }) {
  const id = rec.levelId!;
  const theirs: LevelT = { ...level, id };
  const fileId = level.id !== id ? level.id : undefined;
  const theirStamp = levelStamp({ hash: levelHash(theirs), name: theirs.name });
  const next: FileRecord = { ...rec, lastModified: meta.lastModified, size: meta.size, text: meta.text, stamp: theirStamp, fileId, problem: undefined, problems: undefined };
  if (meta.text === rec.text && !rec.problem) return f.keep({ ...rec, lastModified: meta.lastModified, size: meta.size });
  const mineStamp = f.stampOf(id);
  await f.keep(next);
  if (mineStamp === undefined || mineStamp === theirStamp) return;
  if (mineStamp === rec.stamp) return adopt(f, theirs, rec.id);
  const mine = await f.host.getLevel(id);
  if (!mine) return;
  const base = rec.text ? parseLevelText(rec.text, { games: knownGames() }) : null;
  const merged = base?.ok ? mergeLevels({ ...base.level, id }, mine, theirs) : { ok: false as const, conflicts: [] };
  if (merged.ok) {
    f.host.showLevel(merged.level, fromFile(rec.id));
    f.host.storage?.scheduleLevel(merged.level);
    f.notify({ kind: 'merged', name: merged.level.name });
    return;
  }
  f.host.conflict = { id, name: mine.name, theirs, rev: f.host.storage?.revOf(id) ?? 0, parts: merged.conflicts, folder: true };
}

/** Takes a version from the file as the catalogue's (stored in IndexedDB, shown if open). */
function adopt(f: FolderCore, level: LevelT, path: string) {
  f.host.storage?.saveLevelNow(level);
  f.host.showLevel(level, fromFile(path));
  if (f.host.editor.level?.id === level.id) f.notify({ kind: 'fromFile', name: level.name, path });
}

/** A file gone outside: its level goes too, unless it was changed here since (then it is written again). */
async function letGo(f: FolderCore, rec: FileRecord) {
  await f.drop(rec.id);
  const id = rec.levelId;
  if (!id || !f.host.catalogue.has(id)) return;
  const mine = f.stampOf(id);
  if (mine !== rec.stamp && !rec.problem) return;
  const name = f.host.catalogue.nameOf(id) ?? '';
  const wasOpen = f.host.editor.level?.id === id;
  f.host.removeLevels([id]);
  if (wasOpen) {
    const next = f.host.catalogue.atNumber(1);
    if (next) await f.host.openLevel(next);
    f.notify({ kind: 'removedOutside', name });
  }
}
