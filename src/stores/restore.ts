// What comes back: deleted levels and packs (a notice's Undo) and a restored backup (here or in another
// tab). Loaded when first needed, not with the first page (docs/performance.md, "First load").
import { summarize } from '../core/catalogue/summary.ts';
import type { LevelT } from '../core/level/index.ts';
import type { PackRecord } from '../db/storage.ts';
import type { RestoreHost } from './host.ts';

/** Deleted levels come back into storage and the catalogue (many at once in bulk, a few one by one). */
async function storeRestored(ws: RestoreHost, levels: LevelT[]) {
  for (const l of levels) ws.deletedHere.delete(l.id);
  for (const l of levels.slice(0, 20)) ws.remember(l);
  if (levels.length > 20 && ws.storage) ws.catalogue.putMany(await ws.storage.putLevels(levels));
  else {
    for (const l of levels) ws.storage?.saveLevelNow(l);
    ws.catalogue.putMany(levels.map((l) => summarize(l)));
  }
}

/** Puts deleted levels back where they were (positions restored in order, lowest first), and opens the first. */
export async function restoreLevels(ws: RestoreHost, levels: LevelT[], places: { id: string; packId: string; index: number }[]) {
  await storeRestored(ws, levels);
  const packs = ws.packs.map((p) => ({ ...p, levelIds: [...p.levelIds] }));
  for (const pl of [...places].sort((a, b) => a.index - b.index)) {
    const pack = packs.find((p) => p.id === pl.packId) ?? packs[0];
    if (pack) pack.levelIds.splice(Math.min(pl.index, pack.levelIds.length), 0, pl.id);
  }
  ws.setPacks(packs);
  if (levels[0]) await ws.openLevel(levels[0].id);
}

/** A deleted pack comes back where it was, with its levels. */
export async function restorePack(ws: RestoreHost, pack: PackRecord, index: number, levels: LevelT[]) {
  await storeRestored(ws, levels);
  const packs = ws.packs.filter((p) => p.id !== pack.id);
  packs.splice(Math.min(index, packs.length), 0, pack);
  ws.setPacks(packs);
  if (levels[0]) await ws.openLevel(levels[0].id);
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
