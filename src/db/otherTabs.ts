// What other tabs write (levels, packs, settings), through Dexie's live query (docs/adr/0005, point 7).
// Loaded once the catalogue is on screen, not with the first page; src/db/storage.ts hands it the
// tab's bases (what it last read or wrote of each record) and hears nothing else from it.
import { liveQuery } from 'dexie';
import type { LevelSummary } from '../core/catalogue/summary.ts';
import type { PackRow, SettingRow, StudioDb } from './studioDb.ts';
import type { Bases } from './bases.ts';
import type { Saver } from './saver.ts';
import type { PackRecord, SyncHandlers } from './storageTypes.ts';

export interface OtherTabsContext {
  db: StudioDb;
  levelBase: Bases;
  settingBase: Map<string, { rev: number; value: unknown }>;
  saver: Saver;
  toPacks(rows: PackRow[]): PackRecord[];
  listRev(rows: PackRow[]): number;
  packsInOrder(): Promise<PackRow[]>;
  packsRev(): number;
  /** The newest write time of a level this tab has seen, and the levels seen written at exactly it. */
  seen(): [number, Set<string>];
  seeAt(at: number, ids: Iterable<string>): void;
  sync(): SyncHandlers;
}

interface Found {
  packs: PackRow[];
  summaries: LevelSummary[];
  count: number;
  settings: SettingRow[];
}

/**
 * Subscribes to one live query: the pack list and settings (small tables, read whole), the levels
 * written since the newest write time seen (the `updatedAt` index: keys only, then just their
 * summaries), and the level count (a deletion). A run costs the changed rows, not the catalogue; Dexie
 * re-runs it after every write to these tables, in this tab or another (its BroadcastChannel).
 */
export function watchOtherTabs(c: OtherTabsContext): { unsubscribe(): void } {
  const { db } = c;
  const query = liveQuery(() =>
    db.transaction('r', [db.packs, db.levels, db.summaries, db.settings], async (): Promise<Found> => {
      const [since, edge] = c.seen();
      const byTime = db.levels.where('updatedAt');
      const [packs, newer, atEdge, count, settings] = await Promise.all([c.packsInOrder(), byTime.above(since).primaryKeys(), byTime.equals(since).primaryKeys(), db.levels.count(), db.settings.toArray()]);
      // at the newest write time already seen, only what was not seen (an import writes a page in one millisecond)
      const ids = [...newer, ...atEdge.filter((id) => !edge.has(id))];
      const summaries = (await db.summaries.bulkGet(ids)).filter((x): x is LevelSummary => !!x);
      return { packs, summaries, count, settings };
    }),
  );
  // one result at a time, in order (a run may read a level before it tells the studio)
  let hearing = Promise.resolve();
  return query.subscribe({ next: (r) => void (hearing = hearing.then(() => heard(c, r)).catch(() => {})), error: () => {} });
}

/** What the live query found: anything newer than this tab's base is another tab's write. */
async function heard(c: OtherTabsContext, r: Found) {
  const { levelBase, saver } = c;
  const sync = c.sync();
  const rev = c.listRev(r.packs);
  if (rev > c.packsRev()) {
    // this tab's own waiting write goes first: its revision check merges with theirs
    if (saver.has('packs')) void saver.flush();
    else sync.remotePacks?.(c.toPacks(r.packs), rev);
  }
  const summaries: LevelSummary[] = [];
  for (const s of r.summaries) {
    c.seeAt(s.updatedAt ?? 0, [s.id]);
    if (s.rev <= levelBase.rev(s.id)) continue;
    if (saver.has(`level:${s.id}`)) void saver.flush();
    else if (levelBase.get(s.id)?.level) {
      // a level this tab holds (open, recently used): the level itself, as its new base
      const row = await c.db.levels.get(s.id);
      if (row && (row.rev ?? 0) > levelBase.rev(s.id) && !saver.has(`level:${s.id}`)) sync.remoteLevel?.(row.level, row.rev ?? 0);
    } else {
      levelBase.set(s.id, s.rev);
      summaries.push(s);
    }
  }
  if (summaries.length) sync.remoteSummaries?.(summaries);
  if (r.count < levelBase.size) await forgetDeleted(c, r.packs);
  for (const row of r.settings) {
    if ((row.rev ?? 0) <= (c.settingBase.get(row.key)?.rev ?? 0)) continue;
    const known = c.settingBase.has(row.key);
    c.settingBase.set(row.key, { rev: row.rev ?? 0, value: row.value });
    // a setting this tab never read is only taken as its base (it reads it when it needs it)
    if (known) sync.remoteSetting?.(row.key, row.value);
  }
}

/** Levels deleted elsewhere: first those no pack lists any more, else (rare) every stored key. */
async function forgetDeleted(c: OtherTabsContext, packs: PackRow[]) {
  const { levelBase } = c;
  const listed = new Set(packs.flatMap((p) => p.levelIds));
  let suspects = [...levelBase.ids()].filter((id) => !listed.has(id));
  let rows = await c.db.levels.bulkGet(suspects);
  if (!rows.some((x) => !x)) {
    const stored = new Set(await c.db.levels.toCollection().primaryKeys());
    suspects = [...levelBase.ids()].filter((id) => !stored.has(id));
    rows = suspects.map(() => undefined);
  }
  suspects.forEach((id, i) => {
    if (rows[i] || c.saver.has(`level:${id}`)) return;
    levelBase.delete(id);
    c.sync().remoteLevelDeleted?.(id);
  });
}
