// The workspace backup: written out (export) and read back (restore), each in one transaction. Loaded
// with the first backup or restore, with the file formats, not with the first page
// (docs/performance.md, "First load"). Saving what is waiting first and telling other tabs stay with
// the storage (src/db/storage.ts).
import type { LevelT } from '../core/level/index.ts';
import { summarize } from '../core/catalogue/summary.ts';
import { classicOnly, gamesUsedBy, levelChunk, parseFileText, workspaceFileParts } from '../core/files/formats.ts';
import type { GameDef } from '../core/game/types.ts';
import type { MessageRow, PackRow, StudioDb } from './studioDb.ts';
import { PAGE } from './storageTypes.ts';

const listRev = (rows: PackRow[]) => rows.reduce((m, r) => Math.max(m, r.rev ?? 0), 0);

/** The backup file's parts: one consistent moment of the workspace; levels become text a page at a time. */
export function backupParts(db: StudioDb): Promise<BlobPart[]> {
  return db.transaction('r', [db.packs, db.levels, db.messages, db.settings], async () => {
    const [packs, chats, stored] = await Promise.all([db.packs.orderBy('order').toArray(), db.messages.toArray(), db.settings.toArray()]);
    const chunks: string[] = [];
    // the definitions of the games the levels play go with them (none while only classic levels are stored)
    const games = new Map<string, GameDef>();
    const flush = () => {
      chunks.push(levelChunk(page));
      for (const g of gamesUsedBy(page)) if (!games.has(g.id)) games.set(g.id, g);
      page = [];
    };
    let page: LevelT[] = [];
    await db.levels.toCollection().each((r) => {
      page.push(r.level);
      if (page.length >= PAGE) flush();
    });
    flush();
    return workspaceFileParts(
      {
        packs: packs.map((p) => ({ id: p.id, name: p.name, levelIds: p.levelIds })),
        ...(games.size ? { games: [...games.values()] } : {}),
        conversations: chats as never,
        settings: Object.fromEntries(stored.filter((s) => !s.key.startsWith('secret:')).map((s) => [s.key, s.value])),
      },
      chunks,
    );
  });
}

/**
 * Restores a backup (`replace`: instead of the workspace; `merge`: beside it). A file that is not a
 * valid backup is refused before anything is written; `flush` writes what the tab has waiting first.
 */
export async function restoreBackup(db: StudioDb, text: string, mode: 'replace' | 'merge', flush: () => Promise<unknown>): Promise<void> {
  // the studio stores classic levels only (RULES §11: games in IndexedDB come later)
  const r = classicOnly(parseFileText(text));
  if (!r.ok) throw new Error(r.problems.map((p) => `${p.path}: ${p.message}`).join('; '));
  if (r.kind !== 'workspace') throw new Error('format: not a workspace backup');
  const ws = r.workspace;
  await flush();
  await db.transaction('rw', [db.packs, db.levels, db.messages, db.settings, db.summaries], async () => {
    // revisions keep counting up across the import, so other tabs see every record as changed
    const [oldPacks, oldSettings] = await Promise.all([db.packs.toArray(), db.settings.toArray()]);
    let topLevel = 0;
    await db.levels.toCollection().each((l) => (topLevel = Math.max(topLevel, l.rev ?? 0)));
    const top = Math.max(listRev(oldPacks), topLevel, ...oldSettings.map((s) => s.rev ?? 0), 0) + 1;
    if (mode === 'replace') await Promise.all([db.packs.clear(), db.levels.clear(), db.messages.clear(), db.summaries.clear()]);
    const kept = mode === 'merge' ? await db.packs.toArray() : [];
    if (kept.length) await db.packs.bulkPut(kept.map((p) => ({ ...p, rev: top })));
    await db.packs.bulkPut(ws.packs.map((p, i) => ({ ...p, order: kept.length + i, rev: top })));
    const at = Date.now();
    await db.levels.bulkPut(ws.levels.map((level) => ({ id: level.id, level, updatedAt: at, rev: top })));
    await db.summaries.bulkPut(ws.levels.map((level) => summarize(level, top, at)));
    await db.messages.bulkPut(ws.conversations as MessageRow[]);
    await db.settings.bulkPut(Object.entries(ws.settings).map(([key, value]) => ({ key, value, rev: top })));
  });
}
