// Another tab saved the same level first (src/db/storage.ts found it on this tab's save): merged when the
// edits touch different parts, else the conflict dialog asks, and the version not chosen is kept as a
// copy beside it. Loaded when a conflict first happens: most sessions never meet one.
import { newId, type LevelT } from '../core/level/index.ts';
import { mergeLevels } from '../core/level/merge.ts';
import type { LevelConflict } from '../db/storage.ts';
import { notice } from '../core/notice.ts';
import { words } from './words.ts';
import type { ConflictHost } from './host.ts';

/** Merges field by field (true: merged and scheduled); false leaves the save failed and opens the question. */
export function mergeConflict(ws: ConflictHost, c: LevelConflict): boolean {
  const id = c.mine.id;
  const mine = ws.current(id) ?? c.mine; // newer than the refused save when editing went on
  const merged = c.base ? mergeLevels(c.base, mine, c.theirs) : { ok: false as const, conflicts: [] };
  if (!merged.ok) {
    ws.conflict = { id, name: mine.name, theirs: c.theirs, rev: c.rev, parts: merged.conflicts };
    return false;
  }
  ws.storage?.rebaseLevel(c.theirs, c.rev);
  ws.showLevel(merged.level);
  ws.storage?.scheduleLevel(merged.level);
  if (ws.conflict?.id === id) ws.conflict = null;
  ws.toast(notice('sync.merged', { name: merged.level.name }));
  return true;
}

/** The designer's answer: the chosen version stays, the other becomes a copy right after it. */
export async function resolveConflict(ws: ConflictHost, keep: 'mine' | 'theirs') {
  const c = ws.conflict;
  const storage = ws.storage;
  if (!c || !storage) return;
  ws.conflict = null;
  const mine = ws.current(c.id);
  if (!mine) return;
  storage.rebaseLevel(c.theirs, c.rev);
  const copyOf = (l: LevelT, key: string): LevelT => ({ ...l, id: newId(), name: ws.catalogue.uniqueName(words(key, { name: l.name }).slice(0, 80)) });
  if (keep === 'mine') {
    storage.scheduleLevel(mine);
    await ws.addLevels([copyOf(c.theirs, 'sync.theirCopy')], ws.catalogue.packOf(c.id)?.id, c.id, false);
  } else {
    storage.discardLevel(c.id);
    // another tab's version is stored already; a file's is stored now (the working copy is IndexedDB's)
    if (c.folder) storage.saveLevelNow(c.theirs);
    ws.showLevel(c.theirs);
    await ws.addLevels([copyOf(mine, 'sync.myCopy')], ws.catalogue.packOf(c.id)?.id, c.id, false);
  }
}
