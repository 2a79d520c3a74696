// The workspace backup: written out (export) and read back (restore), each in one transaction. Loaded
// with the first backup or restore, with the file formats, not with the first page
// (docs/performance.md, "First load"). Saving what is waiting first and telling other tabs stay with
// the storage (src/db/storage.ts).
import type { LevelT } from '../core/level/index.ts';
import { summarize } from '../core/catalogue/summary.ts';
import { gamesUsedBy, levelChunk, parseFileText, workspaceFileParts, type DeletedEntryFile } from '../core/files/formats.ts';
import type { GameDef } from '../core/game/types.ts';
import { registerGames } from '../core/game/known.ts';
import type { MessageRow, PackRow, StudioDb } from './studioDb.ts';
import { PAGE } from './storageTypes.ts';

const listRev = (rows: PackRow[]) => rows.reduce((m, r) => Math.max(m, r.rev ?? 0), 0);

/** The backup file's parts: one consistent moment of the workspace; levels become text a page at a time. */
export function backupParts(db: StudioDb): Promise<BlobPart[]> {
  return db.transaction('r', [db.packs, db.levels, db.messages, db.settings, db.games, db.deleted, db.deletedLevels], async () => {
    const [packs, chats, stored, gameRows] = await Promise.all([db.packs.orderBy('order').toArray(), db.messages.toArray(), db.settings.toArray(), db.games.orderBy('updatedAt').toArray()]);
    const recentlyDeleted = await deletedEntries(db);
    const chunks: string[] = [];
    // the workspace's games (used by its levels or not), then any other game a level plays (from the registry)
    const games = new Map<string, GameDef>(gameRows.map((r) => [r.id, r.def]));
    const flush = () => {
      chunks.push(levelChunk(page));
      for (const g of gamesUsedBy(page.filter((l) => l.game === undefined || !games.has(l.game)))) games.set(g.id, g);
      page = [];
    };
    let page: LevelT[] = [];
    await db.levels.toCollection().each((r) => {
      page.push(r.level);
      if (page.length >= PAGE) flush();
    });
    flush();
    // the games Recently deleted's levels play go with them (a restore of the backup, then of a level, finds its game)
    const trashed = recentlyDeleted.flatMap((e) => e.levels);
    for (const g of gamesUsedBy(trashed.filter((l) => l.game === undefined || !games.has(l.game)))) games.set(g.id, g);
    return workspaceFileParts(
      {
        packs: packs.map((p) => ({ id: p.id, name: p.name, levelIds: p.levelIds })),
        ...(games.size ? { games: [...games.values()] } : {}),
        ...(recentlyDeleted.length ? { recentlyDeleted } : {}),
        conversations: chats as never,
        settings: Object.fromEntries(stored.filter((s) => !s.key.startsWith('secret:')).map((s) => [s.key, s.value])),
      },
      chunks,
    );
  });
}

/** Recently deleted as a backup carries it: each entry (oldest first) with its levels as they were deleted. */
async function deletedEntries(db: StudioDb): Promise<DeletedEntryFile[]> {
  const [entries, rows] = await Promise.all([db.deleted.orderBy('at').toArray(), db.deletedLevels.toArray()]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return entries.map((e) => ({ ...e, levels: e.levelIds.map((id) => byId.get(id)).filter((r) => r?.entryId === e.id).map((r) => r!.level) }));
}

/** The stored games a replace removes: those neither the file carries nor a level in Recently deleted plays. */
async function gamesNotKept(db: StudioDb, carried: ReadonlyMap<string, GameDef>): Promise<string[]> {
  const played = new Set<string>();
  await db.deletedLevels.each((r) => void (r.level.game !== undefined && played.add(r.level.game)));
  return (await db.games.toCollection().primaryKeys()).filter((id) => !carried.has(id) && !played.has(id));
}

/**
 * Restores a backup (`replace`: instead of the workspace; `merge`: beside it). A file that is not a
 * valid backup is refused before anything is written; `flush` writes what the tab has waiting first.
 */
export async function restoreBackup(db: StudioDb, text: string, mode: 'replace' | 'merge', flush: () => Promise<unknown>): Promise<void> {
  // the file's levels are checked against its own `games` and the games this page knows (the stored ones)
  const r = parseFileText(text);
  if (!r.ok) throw new Error(r.problems.map((p) => `${p.path}: ${p.message}`).join('; '));
  if (r.kind !== 'workspace') throw new Error('format: not a workspace backup');
  const ws = r.workspace;
  // the games stored with it: the file's, and any other its levels play that this page knows
  const carried = new Map((ws.games ?? []).map((g) => [g.id, g]));
  const levelsCarried = [...ws.levels, ...(ws.recentlyDeleted ?? []).flatMap((e) => e.levels)];
  for (const g of gamesUsedBy(levelsCarried.filter((l) => l.game === undefined || !carried.has(l.game)))) carried.set(g.id, g);
  // known from here on: a level's summary (its hash) needs its game; the studio's game store reads them back after
  if (carried.size) registerGames([...carried.values()]);
  await flush();
  await db.transaction('rw', [db.packs, db.levels, db.messages, db.settings, db.summaries, db.games, db.deleted, db.deletedLevels], async () => {
    // revisions keep counting up across the import, so other tabs see every record as changed
    const [oldPacks, oldSettings] = await Promise.all([db.packs.toArray(), db.settings.toArray()]);
    let topLevel = 0;
    await db.levels.toCollection().each((l) => (topLevel = Math.max(topLevel, l.rev ?? 0)));
    const top = Math.max(listRev(oldPacks), topLevel, ...oldSettings.map((s) => s.rev ?? 0), 0) + 1;
    // a replace keeps this Recently deleted, and so the games its levels play (else their restore finds no game)
    if (mode === 'replace') await db.games.bulkDelete(await gamesNotKept(db, carried));
    if (mode === 'replace') await Promise.all([db.packs.clear(), db.levels.clear(), db.messages.clear(), db.summaries.clear()]);
    const kept = mode === 'merge' ? await db.packs.toArray() : [];
    if (kept.length) await db.packs.bulkPut(kept.map((p) => ({ ...p, rev: top })));
    await db.packs.bulkPut(ws.packs.map((p, i) => ({ ...p, order: kept.length + i, rev: top })));
    const at = Date.now();
    await db.levels.bulkPut(ws.levels.map((level) => ({ id: level.id, level, updatedAt: at, rev: top })));
    await db.summaries.bulkPut(ws.levels.map((level) => summarize(level, top, at)));
    await db.messages.bulkPut(ws.conversations as MessageRow[]);
    await db.games.bulkPut([...carried.values()].map((def, i) => ({ id: def.id, def, updatedAt: at + i, rev: top })));
    await db.settings.bulkPut(Object.entries(ws.settings).map(([key, value]) => ({ key, value, rev: top })));
    // the backup's Recently deleted comes back as it was, beside what this one holds now (a replace
    // too: nothing deleted is gone by a restore); a backup made before it was carried adds nothing
    const trash = ws.recentlyDeleted ?? [];
    await db.deleted.bulkPut(trash.map(({ levels: _levels, ...e }) => e));
    await db.deletedLevels.bulkPut(trash.flatMap((e) => e.levels.map((level) => ({ id: level.id, entryId: e.id, level, rev: top }))));
  });
}
