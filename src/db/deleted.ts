// Recently deleted (issue 32), over the studio's database: a deleted level or pack leaves the catalogue
// and moves here in the same transaction, and comes back the same way. Each entry keeps its levels as
// they were stored (with their revisions); the level's conversation, report and player data stay in
// their own tables, keyed by the level's id, so a restore gives the level back whole, and they are
// removed only when the entry is purged (Delete forever, Empty, or after RECENTLY_DELETED_DAYS).
// Loaded with the first delete (or the first purge), not with the first page.
import { liveQuery } from 'dexie';
import type { LevelT } from '../core/level/index.ts';
import { summarize, type LevelSummary } from '../core/catalogue/summary.ts';
import { entryOrders } from '../core/catalogue/restorePlaces.ts';
import type { DeletedLevelRow, DeletedRow, StudioDb } from './studioDb.ts';
import type { Bases } from './bases.ts';
import type { Saver } from './saver.ts';
import type { RecentlyDeletedStorage } from './storageTypes.ts';
import { RECENTLY_DELETED_MS } from '../core/facts.ts';

import { levelEntryId, packEntryId, type DeletedPlace, type Neighbours } from './storageTypes.ts';

const neighbours = (n: Neighbours): Neighbours => ({ after: n.after, before: n.before, keptAfter: n.keptAfter });

/** A level to delete: its id, the version this tab holds (else the stored one is taken), its revision here. */
export interface LevelToDelete {
  id: string;
  level?: LevelT;
  rev: number;
}


/** The tables one move or restore touches, in one transaction. */
const moveTables = (db: StudioDb) => [db.levels, db.summaries, db.deleted, db.deletedLevels];

/** The levels as they go: this tab's version where it holds one, else the stored row (a level neither has is skipped). */
async function takeLevels(db: StudioDb, items: readonly LevelToDelete[], entryId: (x: LevelToDelete) => string): Promise<DeletedLevelRow[]> {
  const stored = await db.levels.bulkGet(items.map((x) => x.id));
  const rows: DeletedLevelRow[] = [];
  items.forEach((x, i) => {
    const level = x.level ?? stored[i]?.level;
    if (level) rows.push({ id: x.id, entryId: entryId(x), level, rev: Math.max(x.rev, stored[i]?.rev ?? 0) });
  });
  await db.deletedLevels.bulkPut(rows);
  await db.levels.bulkDelete(items.map((x) => x.id));
  await db.summaries.bulkDelete(items.map((x) => x.id));
  return rows;
}

/** Moves levels to Recently deleted (one entry each) and out of the catalogue, in one transaction. */
export async function moveLevels(db: StudioDb, items: readonly (LevelToDelete & { place: DeletedPlace })[], at: number): Promise<DeletedRow[]> {
  const placeOf = new Map(items.map((x) => [x.id, x.place]));
  const packIds = new Set(items.map((x) => x.place.packId));
  return db.transaction('rw', moveTables(db), async () => {
    // the levels of their packs deleted before and still here: their places go into the new entries' orders
    const older = await db.deleted.orderBy('at').filter((e) => e.kind === 'level' && packIds.has(e.packId)).toArray();
    const orders = entryOrders(items.map((x) => ({ id: x.id, packId: x.place.packId, listed: x.place.listed })), older);
    const rows = await takeLevels(db, items, (x) => levelEntryId(x.id));
    const entries: DeletedRow[] = rows.map(({ id, level }) => {
      const place = placeOf.get(id)!;
      const order = orders.get(id);
      return { id: levelEntryId(id), kind: 'level', at, name: level.name, ...neighbours(place), packId: place.packId, packName: place.packName, index: place.index, levelIds: [id], ...(order ? { order } : {}) };
    });
    await db.deleted.bulkPut(entries);
    return entries;
  });
}

/**
 * Moves a pack with its levels to Recently deleted as one entry, in one transaction. A pack of the same
 * id already there (a pack a restore made again under its old id, deleted again) keeps its levels too.
 */
export async function movePack(db: StudioDb, pack: { id: string; name: string; index: number } & Neighbours, items: readonly LevelToDelete[], at: number): Promise<DeletedRow> {
  const id = packEntryId(pack.id);
  return db.transaction('rw', moveTables(db), async () => {
    const older = await db.deleted.get(id);
    const ids = (await takeLevels(db, items, () => id)).map((r) => r.id);
    const entry: DeletedRow = {
      id, kind: 'pack', at, name: pack.name, packId: pack.id, packName: pack.name, index: pack.index, ...neighbours(pack),
      levelIds: [...ids, ...(older?.levelIds.filter((x) => !ids.includes(x)) ?? [])],
    };
    await db.deleted.put(entry);
    return entry;
  });
}

/** Every entry, newest first (without their levels). */
export const listEntries = (db: StudioDb) => db.deleted.orderBy('at').reverse().toArray();

export interface Restored {
  entries: DeletedRow[];
  /** The levels stored again, entry by entry in each entry's order, with their new revisions and summaries. */
  levels: { level: LevelT; rev: number }[];
  summaries: LevelSummary[];
}

/** Takes entries out of Recently deleted and stores their levels again, in one transaction. */
export async function restoreEntries(db: StudioDb, entryIds: readonly string[], at: number): Promise<Restored> {
  return db.transaction('rw', moveTables(db), async () => {
    const entries = (await db.deleted.bulkGet([...entryIds])).filter((e): e is DeletedRow => !!e);
    const wanted = entries.flatMap((e) => e.levelIds);
    const rows = new Map((await db.deletedLevels.bulkGet(wanted)).filter((r): r is DeletedLevelRow => !!r).map((r) => [r.id, r]));
    const ours = new Set(entries.map((e) => e.id));
    const kept = wanted.map((id) => rows.get(id)).filter((r): r is DeletedLevelRow => !!r && ours.has(r.entryId));
    const live = await db.levels.bulkGet(kept.map((r) => r.id));
    // a level saved again meanwhile (another tab went on editing it) keeps the newer version
    const levels = kept.map((r, i) => (live[i] ? { level: live[i]!.level, rev: live[i]!.rev ?? 0 } : { level: r.level, rev: r.rev + 1 }));
    const summaries = levels.map((x) => summarize(x.level, x.rev, at));
    await db.levels.bulkPut(levels.map((x) => ({ id: x.level.id, level: x.level, updatedAt: at, rev: x.rev })));
    await db.summaries.bulkPut(summaries);
    await db.deletedLevels.bulkDelete(kept.map((r) => r.id));
    await db.deleted.bulkDelete(entries.map((e) => e.id));
    return { entries, levels, summaries };
  });
}

/**
 * Removes entries for good, with what their levels left in other tables (conversation, report, player
 * data) — unless a level of that id lives in the catalogue again.
 */
export async function purgeEntries(db: StudioDb, entryIds: readonly string[]): Promise<string[]> {
  return db.transaction('rw', [db.deleted, db.deletedLevels, db.levels, db.messages, db.reports, db.playerData], async () => {
    const rows = await db.deletedLevels.where('entryId').anyOf([...entryIds]).primaryKeys();
    const live = new Set((await db.levels.bulkGet(rows)).filter((r) => !!r).map((r) => r!.id));
    const gone = rows.filter((id) => !live.has(id));
    await db.deletedLevels.bulkDelete(rows);
    await db.deleted.bulkDelete([...entryIds]);
    if (gone.length) {
      await db.messages.where('levelId').anyOf(gone).delete();
      await db.reports.bulkDelete(gone);
      await db.playerData.bulkDelete(gone);
    }
    return gone;
  });
}

/** Purges the entries deleted before `cutoff`; returns the level ids gone for good. */
export async function purgeBefore(db: StudioDb, cutoff: number): Promise<string[]> {
  const old = await db.deleted.where('at').below(cutoff).primaryKeys();
  return old.length ? purgeEntries(db, old) : [];
}

/** Empties Recently deleted. */
export async function purgeAll(db: StudioDb): Promise<string[]> {
  return purgeEntries(db, await db.deleted.toCollection().primaryKeys());
}

/** What the storage (src/db/storage.ts) shares with Recently deleted: its database, clock, bases and waiting writes. */
export interface DeletedContext {
  db: StudioDb;
  now(): number;
  track<T>(p: Promise<T>): Promise<T>;
  levelBase: Bases;
  waiting: Map<string, LevelT>;
  saver: Saver;
}

/** Recently deleted over the studio's database, for openStorage (the interface: storageTypes.ts). */
export function deletedStorage({ db, now, track, levelBase, waiting, saver }: DeletedContext): RecentlyDeletedStorage {
  /** The newest version this tab has goes with a level: a waiting write of it is taken, then dropped. */
  const latest = <T extends { id: string; level?: LevelT }>(items: readonly T[]) =>
    items.map((x) => {
      const level = waiting.get(x.id) ?? x.level;
      waiting.delete(x.id);
      saver.discard(`level:${x.id}`);
      return { ...x, level, rev: levelBase.rev(x.id) };
    });
  const forget = (ids: readonly { id: string }[]) => ids.forEach((x) => levelBase.delete(x.id));
  // a write of one of them already under way (a level just imported) lands first: after the move it
  // would store the level again, outside the catalogue, and a reload would list it in the first pack
  const written = <T>(items: T) => saver.flush().then(() => items);
  return {
    async moveLevels(items) {
      const entries = await track(written(latest(items)).then((x) => moveLevels(db, x, now())));
      forget(items);
      return entries;
    },
    async movePack(pack, levels) {
      const entry = await track(written(latest(levels)).then((x) => movePack(db, pack, x, now())));
      forget(levels);
      return entry;
    },
    list: () => listEntries(db),
    async watch(onEntries) {
      const sub = liveQuery(() => listEntries(db)).subscribe({ next: onEntries, error: () => {} });
      return () => sub.unsubscribe();
    },
    async restore(entryIds) {
      const r = await track(restoreEntries(db, entryIds, now()));
      for (const x of r.levels) levelBase.set(x.level.id, x.rev, x.level);
      return { entries: r.entries, levels: r.levels.map((x) => x.level), summaries: r.summaries };
    },
    purge: (entryIds) => track(purgeEntries(db, entryIds)),
    empty: () => track(purgeAll(db)),
    purgeExpired: () => track(purgeBefore(db, now() - RECENTLY_DELETED_MS)),
  };
}
