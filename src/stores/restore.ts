// What comes back: deleted levels and packs (a notice's Undo) and a restored backup (here or in another
// tab). Loaded when first needed, not with the first page (docs/performance.md, "First load").
import type { RestoreHost } from './host.ts';
import { placeRestored } from '../core/catalogue/restorePlaces.ts';
import type { DeletedRow } from '../db/studioDb.ts';

/** What a restore from Recently deleted brought back. */
export interface RestoreOutcome {
  entries: DeletedRow[];
  levels: number;
}

/**
 * Brings entries of Recently deleted back (a notice's Undo, or Restore): their levels stored again in
 * one transaction, each level in its pack beside the neighbour it had, a pack where it stood with its
 * levels in order; opens the first level brought back.
 */
export async function restoreDeleted(ws: RestoreHost, entryIds: readonly string[]): Promise<RestoreOutcome> {
  const storage = ws.storage;
  if (!storage || !entryIds.length) return { entries: [], levels: 0 };
  const { entries, levels, summaries } = await storage.deleted.restore(entryIds);
  for (const l of levels) ws.deletedHere.delete(l.id);
  for (const l of levels.slice(0, 20)) ws.remember(l);
  ws.catalogue.putMany(summaries);
  const back = new Set(levels.map((l) => l.id));
  ws.setPacks(placeRestored(ws.packs, entries, (id) => back.has(id)));
  ws.list.prune();
  const first = entries.flatMap((e) => e.levelIds).find((id) => back.has(id));
  if (first) await ws.openLevel(first);
  return { entries, levels: levels.length };
}

/** Another tab restored a backup (or this one did): the restored catalogue, every level's history gone. */
export async function reloadWorkspace(ws: RestoreHost) {
  const storage = ws.storage;
  if (!storage) return;
  await storage.flush();
  await (await ws.loadGames()).load(); // a restored backup brings its games
  const cat = await storage.loadCatalogue();
  ws.catalogue.load(cat.packs, cat.summaries);
  ws.cache.clear();
  for (const s of cat.summaries) ws.editor.forget(s.id);
  ws.list.prune();
  if (ws.chat) ws.chat.levelId = null;
  const open = ws.editor.level && ws.catalogue.has(ws.editor.level.id) ? ws.editor.level.id : ws.catalogue.atNumber(1);
  if (!open) return;
  const level = await storage.readLevel(open);
  if (level) {
    ws.editor.open(level);
    void ws.chat?.open(open);
  }
}
