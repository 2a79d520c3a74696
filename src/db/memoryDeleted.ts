// Recently deleted over plain maps, for the in-memory storage (memoryStorage.ts): the entries, and
// the deleted levels by id with the entry that holds each. Nothing is shared with other tabs.
import type { LevelT } from '../core/level/index.ts';
import { summarize } from '../core/catalogue/summary.ts';
import { entryOrders } from '../core/catalogue/restorePlaces.ts';
import { RECENTLY_DELETED_MS } from '../core/facts.ts';
import type { DeletedRow, MessageRow, RecordTable, ReportRow } from './studioDb.ts';
import type { RecentlyDeletedStorage } from './storageTypes.ts';

/** The memory storage's own tables that a purge clears of a level gone for good. */
export interface MemoryTables {
  levels: Map<string, LevelT>;
  reports: Map<string, ReportRow>;
  messages: Map<string, MessageRow>;
  records: Record<RecordTable, Map<string, object>>;
  now: () => number;
}

export class MemoryDeleted implements RecentlyDeletedStorage {
  private readonly entries = new Map<string, DeletedRow>();
  private readonly trash = new Map<string, { entryId: string; level: LevelT }>();
  /** Who listens to Recently deleted (this tab only: nothing is shared in memory). */
  private readonly watchers = new Set<(e: DeletedRow[]) => void>();

  constructor(private readonly t: MemoryTables) {}

  private listDeleted = () => [...this.entries.values()].sort((a, b) => b.at - a.at);
  private told = <T>(x: T): T => (this.watchers.forEach((w) => w(this.listDeleted())), x);

  /** Recently deleted as a backup carries it (oldest first, each entry with its levels). */
  trashed = () =>
    this.listDeleted().reverse().map((e) => ({ ...e, levels: e.levelIds.filter((l) => this.trash.get(l)?.entryId === e.id).map((l) => this.trash.get(l)!.level) }));

  moveLevels: RecentlyDeletedStorage['moveLevels'] = async (items) => {
    const { levels, now } = this.t;
    const at = now();
    const older = [...this.entries.values()].sort((a, b) => a.at - b.at);
    const orders = entryOrders(items.map((x) => ({ id: x.id, packId: x.place.packId, listed: x.place.listed })), older);
    return this.told(items.flatMap(({ id, level: held, place: { listed: _, ...place } }) => {
      const level = held ?? levels.get(id);
      if (!level) return [];
      const order = orders.get(id);
      const e: DeletedRow = { id: `level:${id}`, kind: 'level', at, name: level.name, ...place, levelIds: [id], ...(order ? { order } : {}) };
      this.entries.set(e.id, e);
      this.trash.set(id, { entryId: e.id, level });
      levels.delete(id);
      return [e];
    }));
  };

  movePack: RecentlyDeletedStorage['movePack'] = async (pack, items) => {
    const { levels, now } = this.t;
    const id = `pack:${pack.id}`;
    const list = items.map((x) => x.level ?? levels.get(x.id)).filter((l): l is LevelT => !!l);
    const ids = list.map((l) => l.id);
    const older = this.entries.get(id)?.levelIds.filter((x) => !ids.includes(x)) ?? [];
    const e: DeletedRow = { id, kind: 'pack', at: now(), name: pack.name, packId: pack.id, packName: pack.name, index: pack.index, after: pack.after, before: pack.before, keptAfter: pack.keptAfter, levelIds: [...ids, ...older] };
    this.entries.set(id, e);
    for (const l of list) (this.trash.set(l.id, { entryId: id, level: l }), levels.delete(l.id));
    return this.told(e);
  };

  list = async () => this.listDeleted();

  watch: RecentlyDeletedStorage['watch'] = async (on) => {
    this.watchers.add(on);
    on(this.listDeleted());
    return () => void this.watchers.delete(on);
  };

  restore: RecentlyDeletedStorage['restore'] = async (ids) => {
    const { levels } = this.t;
    const got = ids.map((id) => this.entries.get(id)).filter((e): e is DeletedRow => !!e);
    const back = got.flatMap((e) => e.levelIds.filter((l) => this.trash.get(l)?.entryId === e.id).map((l) => levels.get(l) ?? this.trash.get(l)!.level));
    for (const l of back) (levels.set(l.id, l), this.trash.delete(l.id));
    for (const e of got) this.entries.delete(e.id);
    return this.told({ entries: got, levels: back, summaries: back.map((l) => summarize(l)) });
  };

  purge = async (ids: readonly string[]) => {
    const { levels, reports, records, messages } = this.t;
    const gone: string[] = [];
    for (const id of ids) {
      for (const l of this.entries.get(id)?.levelIds ?? []) {
        if (this.trash.get(l)?.entryId !== id) continue;
        this.trash.delete(l);
        if (levels.has(l)) continue;
        gone.push(l);
        reports.delete(l);
        records.playerData.delete(l);
        for (const [k, m] of messages) if (m.levelId === l) messages.delete(k);
      }
      this.entries.delete(id);
    }
    return this.told(gone);
  };

  empty = () => this.purge([...this.entries.keys()]);
  purgeExpired = () => this.purge([...this.entries.values()].filter((e) => e.at < this.t.now() - RECENTLY_DELETED_MS).map((e) => e.id));
}
