// The storage's plain tables, each a small part of the Storage interface over the Dexie database:
// game definitions and conversations (both told to other tabs on the tabs channel), the records of
// the stores that features own, and Recently deleted, whose code loads on first use.
import Dexie from 'dexie';
import { RECENTLY_DELETED_MS } from '../core/facts.ts';
import type { StudioDb } from './studioDb.ts';
import type { TabChannel } from './tabs.ts';
import type { DeletedContext } from './deleted.ts';
import type { RecentlyDeletedStorage, Storage } from './storageTypes.ts';

/** Counts a write among those an export waits for (DexieStorage.track). */
type Track = <T>(p: Promise<T>) => Promise<T>;

/** The workspace's game definitions; every change is news for other tabs. */
export function gamesTable(db: StudioDb, track: Track, channel: TabChannel, now: () => number): Storage['games'] {
  return {
    async list() {
      return (await db.games.orderBy('updatedAt').toArray()).map((r) => r.def);
    },
    async put(defs) {
      if (!defs.length) return;
      await track(
        db.transaction('rw', db.games, async () => {
          const old = await db.games.bulkGet(defs.map((d) => d.id));
          const at = now();
          await db.games.bulkPut(defs.map((def, i) => ({ id: def.id, def, updatedAt: old[i]?.updatedAt ?? at, rev: (old[i]?.rev ?? 0) + 1 })));
        }),
      );
      channel.post({ type: 'games' });
    },
    async remove(ids) {
      await track(db.games.bulkDelete([...ids]));
      channel.post({ type: 'games' });
    },
  };
}

/** Each level's conversation; every change is news for other tabs. */
export function messagesTable(db: StudioDb, track: Track, channel: TabChannel): Storage['messages'] {
  return {
    list: (levelId) => db.messages.where('[levelId+createdAt]').between([levelId, Dexie.minKey], [levelId, Dexie.maxKey]).toArray(),
    put: async (row) => {
      await track(db.messages.put(row));
      channel.post({ type: 'messages', levelId: row.levelId });
    },
    remove: async (ids) => {
      await track(db.messages.bulkDelete(ids));
      channel.post({ type: 'messages', levelId: null });
    },
    clear: async (levelId) => {
      await db.messages.where('levelId').equals(levelId).delete();
      channel.post({ type: 'messages', levelId });
    },
  };
}

/** Plain records (jobs, player data, calibrations): rows carry their own key. */
export function recordsTable(db: StudioDb, track: Track): Storage['records'] {
  return {
    get: async <T>(table: Parameters<Storage['records']['get']>[0], key: string) => (await db.table(table).get(key)) as T | undefined,
    list: async <T>(table: Parameters<Storage['records']['list']>[0]) => (await db.table(table).toArray()) as T[],
    put: async (table, rows) => void (await track(db.table(table).bulkPut(rows))),
    remove: async (table, keys) => void (await track(db.table(table).bulkDelete(keys))),
  };
}

// Recently deleted loads with the first delete (or the first purge of an old entry)
const loadDeleted = () => import('./deleted.ts');

/**
 * Recently deleted, its code (src/db/deleted.ts) loaded with the first delete, restore or list: each
 * call loads the code first (a Proxy: one line for every method of the interface).
 */
export function lazyDeleted(c: DeletedContext): RecentlyDeletedStorage {
  let made: Promise<RecentlyDeletedStorage> | null = null;
  const impl = () => (made ??= loadDeleted().then((m) => m.deletedStorage(c)));
  return new Proxy({} as RecentlyDeletedStorage, {
    get: (_, name: keyof RecentlyDeletedStorage) =>
      async (...args: unknown[]) => {
        // Purging looks at the index first: the code loads at start only when something is old enough
        if (name === 'purgeExpired' && !(await c.db.deleted.where('at').below(c.now() - RECENTLY_DELETED_MS).count())) return [];
        return ((await impl())[name] as (...a: unknown[]) => unknown)(...args);
      },
  });
}
