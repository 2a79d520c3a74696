// The Storage interface over an open Dexie database (openStorage in storage.ts opens it). A level is
// written with its summary (the level list's row) in one transaction, after a revision check against
// what this tab last read or wrote of it (its base); the pack list and settings likewise. Every
// method is an arrow-function field, so a method handed on as a callback keeps its storage.
import Dexie, { RangeSet } from 'dexie';
import type { LevelT } from '../core/level/index.ts';
import { summarize, type LevelSummary } from '../core/catalogue/summary.ts';
import { mergeFields } from '../core/level/mergeFields.ts';
import { ConflictError, type LevelRow, type PackRow, type StudioDb } from './studioDb.ts';
import { Saver } from './saver.ts';
import { Bases } from './bases.ts';
import { openTabChannel, type TabChannel } from './tabs.ts';
import { gamesTable, lazyDeleted, messagesTable, recordsTable } from './storageTables.ts';
import { CancelledError, PAGE, type BulkOptions, type PackRecord, type Storage, type StorageStatus } from './storageTypes.ts';

// backups (export and restore) load when first used (docs/performance.md, "First load")
const loadBackup = () => import('./backup.ts');

/** What openStorage hands the storage besides the database. */
export interface StorageSetup {
  name: string;
  onStatus: (s: StorageStatus, message?: string) => void;
  /** Words a failure for the designer. */
  describe: (e: unknown) => string;
  now: () => number;
}

const toPacks = (rows: PackRow[]): PackRecord[] => rows.map((p) => ({ id: p.id, name: p.name, levelIds: [...p.levelIds] }));
const listRev = (rows: PackRow[]) => rows.reduce((m, r) => Math.max(m, r.rev ?? 0), 0);

/** Packs listing only stored levels; a level that lost its pack (an interrupted write) goes to the first pack. */
function mendPacks(packs: PackRow[], known: Set<string>): PackRecord[] {
  const inPack = new Set(packs.flatMap((p) => p.levelIds));
  const out: PackRecord[] = packs.map((p) => ({ id: p.id, name: p.name, levelIds: p.levelIds.filter((id) => known.has(id)) }));
  const orphans = [...known].filter((id) => !inPack.has(id));
  if (orphans.length) {
    if (out.length === 0) out.push({ id: 'recovered', name: 'Recovered levels', levelIds: [] });
    out[0] = { ...out[0], levelIds: [...out[0].levelIds, ...orphans] };
  }
  return out;
}

export class DexieStorage implements Storage {
  readonly persistent = true;
  sync: Storage['sync'] = {};
  private readonly now: () => number;
  // levels are written in the task after their commit: a reload right after an edit keeps it
  private readonly saver: Saver;
  /** Writes in flight outside the saver: an export waits for them so the backup has the latest. */
  private readonly inFlight = new Set<Promise<unknown>>();
  // What this tab last read or wrote of each record, with its revision: the base of its next write.
  private readonly levelBase = new Bases();
  private packsBase: { rev: number; packs: PackRecord[] } = { rev: 0, packs: [] };
  private readonly settingBase = new Map<string, { rev: number; value: unknown }>();
  /** Levels scheduled and not yet being written (flushOnHide writes them at once). */
  private readonly waiting = new Map<string, LevelT>();
  /**
   * Levels whose write has begun and not yet ended: a page closed between its read and its put would
   * lose the edit, so flushOnHide writes these too (the same content twice is harmless).
   */
  private readonly writing = new Map<string, LevelT>();
  private readonly channel: TabChannel;
  /** Levels whose write time is at or after this have not been looked at yet (the newest write time this tab has seen). */
  private seenUpTo = 0;
  /** The levels seen written at exactly seenUpTo (not read again). */
  private seenAtEdge = new Set<string>();
  private watching: { unsubscribe(): void } | null = null;
  private closed = false;
  readonly deleted: Storage['deleted'];
  readonly records: Storage['records'];
  readonly games: Storage['games'];
  readonly messages: Storage['messages'];

  constructor(private readonly db: StudioDb, private readonly setup: StorageSetup) {
    this.now = setup.now;
    this.saver = new Saver((s, m) => setup.onStatus(s, m), setup.describe, 0);
    // Other tabs: a restore and conversations come as news on the tabs channel; levels, packs and
    // settings written elsewhere reach this tab through a live query (watchOtherTabs, ADR 0005).
    this.channel = openTabChannel(setup.name, (news) => {
      if (news.type === 'messages') this.sync.remoteMessages?.(news.levelId);
      else if (news.type === 'workspace') this.sync.remoteWorkspace?.();
      else if (news.type === 'games') void this.games.list().then((games) => this.sync.remoteGames?.(games), () => undefined);
    });
    const { now, track, levelBase, waiting, saver } = this;
    this.deleted = lazyDeleted({ db, now, track, levelBase, waiting, saver });
    this.records = recordsTable(db, track);
    this.games = gamesTable(db, track, this.channel, now);
    this.messages = messagesTable(db, track, this.channel);
  }

  private readonly track = <T>(p: Promise<T>): Promise<T> => {
    this.inFlight.add(p);
    return p.finally(() => this.inFlight.delete(p));
  };

  private readonly packsInOrder = () => this.db.packs.orderBy('order').toArray();

  /** Moves the newest write time seen forward to `at` (the levels seen at it so far: `ids`). */
  private readonly seeAt = (at: number, ids: Iterable<string>) => {
    if (at > this.seenUpTo) (this.seenUpTo = at), (this.seenAtEdge = new Set());
    if (at === this.seenUpTo) for (const id of ids) this.seenAtEdge.add(id);
  };

  /**
   * Other tabs' writes, once the catalogue is loaded: Dexie's live query (src/db/otherTabs.ts, loaded
   * then, not with the first page). The context hands it this tab's bases.
   */
  private watchOtherTabs() {
    if (this.watching) return;
    this.watching = { unsubscribe() {} };
    void import('./otherTabs.ts').then(({ watchOtherTabs: watch }) => {
      if (this.closed) return;
      const { db, levelBase, settingBase, saver, packsInOrder, seeAt } = this;
      this.watching = watch({
        db, levelBase, settingBase, saver, toPacks, listRev, packsInOrder, seeAt,
        packsRev: () => this.packsBase.rev,
        seen: () => [this.seenUpTo, this.seenAtEdge],
        sync: () => this.sync,
      });
    });
  }

  // ---- loading ----

  /** A first visit: the sample pack, written with its summaries. */
  private async seedSamples() {
    const { db } = this;
    const ws = (await import('./samples.ts')).samplesWorkspace();
    try {
      await db.transaction('rw', db.packs, db.levels, db.summaries, async () => {
        await db.packs.bulkPut(ws.packs.map((p, order) => ({ ...p, order, rev: 1 })));
        await db.levels.bulkPut(ws.levels.map((level) => ({ id: level.id, level, updatedAt: this.now(), rev: 1 })));
        await db.summaries.bulkPut(ws.levels.map((level) => summarize(level, 1)));
      });
      this.packsBase = { rev: 1, packs: ws.packs };
      for (const level of ws.levels) this.levelBase.set(level.id, 1, level);
    } catch (e) {
      this.setup.onStatus('error', this.setup.describe(e));
    }
    return ws;
  }

  /** Summaries missing for stored levels (a level written by an older build in another tab): made from the levels, a page at a time. */
  private async mendSummaries(known: Set<string>): Promise<LevelSummary[]> {
    const { db } = this;
    const ids = (await db.levels.toCollection().primaryKeys()).filter((id) => !known.has(id));
    const made: LevelSummary[] = [];
    for (let i = 0; i < ids.length; i += PAGE) {
      const rows = (await db.levels.bulkGet(ids.slice(i, i + PAGE))).filter((r): r is LevelRow => !!r);
      const page = rows.map((r) => summarize(r.level, r.rev ?? 0, r.updatedAt));
      await db.summaries.bulkPut(page).catch(() => {}); // read-only storage: shown all the same
      made.push(...page);
    }
    return made;
  }

  loadWorkspace = async () => {
    const { db } = this;
    const [packs, rows] = await db.transaction('r', db.packs, db.levels, () => Promise.all([this.packsInOrder(), db.levels.toArray()]));
    if (packs.length === 0 && rows.length === 0) return this.seedSamples().finally(() => this.watchOtherTabs());
    this.levelBase.clear();
    for (const r of rows) this.levelBase.set(r.id, r.rev ?? 0, r.level);
    this.packsBase = { rev: listRev(packs), packs: toPacks(packs) };
    for (const r of rows) this.seeAt(r.updatedAt ?? 0, [r.id]);
    this.watchOtherTabs();
    const levels = rows.map((r) => r.level);
    return { packs: mendPacks(packs, new Set(levels.map((l) => l.id))), levels };
  };

  loadCatalogue = async () => {
    const { db } = this;
    const [packs, summaries, count] = await db.transaction('r', db.packs, db.summaries, db.levels, () =>
      Promise.all([this.packsInOrder(), db.summaries.toArray(), db.levels.count()]),
    );
    if (packs.length === 0 && count === 0) {
      const ws = await this.seedSamples();
      this.watchOtherTabs();
      return { packs: ws.packs, summaries: ws.levels.map((l) => summarize(l, 1)) };
    }
    const known = new Set(summaries.map((s) => s.id));
    if (count !== summaries.length) {
      for (const s of await this.mendSummaries(known)) (summaries.push(s), known.add(s.id));
    }
    this.levelBase.clear();
    for (const s of summaries) this.levelBase.set(s.id, s.rev ?? 0);
    this.packsBase = { rev: listRev(packs), packs: toPacks(packs) };
    for (const x of summaries) this.seeAt(x.updatedAt ?? 0, [x.id]);
    this.watchOtherTabs();
    return { packs: mendPacks(packs, known), summaries };
  };

  readLevels = async (ids: readonly string[]) => {
    const rows = await this.db.levels.bulkGet([...ids]);
    for (const r of rows) if (r && !this.saver.has(`level:${r.id}`)) this.levelBase.set(r.id, r.rev ?? 0, r.level);
    return rows.map((r) => r?.level);
  };

  readLevel = async (id: string) => {
    const row = await this.db.levels.get(id);
    if (row && !this.levelBase.get(id)?.level) this.levelBase.set(id, row.rev ?? 0, row.level);
    return row?.level;
  };

  revOf = (id: string) => this.levelBase.rev(id);

  // ---- levels ----

  /** One level and its summary, in one transaction, after the revision check. */
  private async writeLevel(level: LevelT) {
    const { db } = this;
    const base = this.levelBase.get(level.id);
    const outcome = await db.transaction('rw', db.levels, db.summaries, async (): Promise<{ theirs: LevelRow } | { rev: number }> => {
      const row = await db.levels.get(level.id);
      if (row && (row.rev ?? 0) !== (base?.rev ?? 0)) {
        // this tab's own write made when the page was hidden (flushOnHide) is not another tab's
        if (JSON.stringify(row.level) === JSON.stringify(level)) return { rev: row.rev ?? 0 };
        return { theirs: row };
      }
      // a row missing though this tab had one was deleted elsewhere: written again, nothing lost
      const rev = Math.max(row?.rev ?? 0, base?.rev ?? 0) + 1;
      const at = this.now();
      await db.levels.put({ id: level.id, level, updatedAt: at, rev });
      await db.summaries.put(summarize(level, rev, at));
      return { rev };
    });
    if ('theirs' in outcome) {
      const conflict = { base: base?.level, mine: level, theirs: outcome.theirs.level, rev: outcome.theirs.rev ?? 0 };
      if (await this.sync.levelConflict?.(conflict)) return;
      throw new ConflictError(level.id);
    }
    this.levelBase.set(level.id, outcome.rev, level);
  }

  /** Writes `levels` a page per transaction; on Cancel removes what it wrote (levels that were new). */
  private async putLevelsPaged(levels: readonly LevelT[], o: BulkOptions = {}): Promise<LevelSummary[]> {
    const out: LevelSummary[] = [];
    const added: string[] = [];
    o.onProgress?.(0, levels.length);
    for (let i = 0; i < levels.length; i += PAGE) {
      if (o.cancelled?.()) {
        await this.deleteMany(added);
        throw new CancelledError();
      }
      const written = await this.putLevelPage(levels.slice(i, i + PAGE), added);
      for (const s of written) this.levelBase.set(s.id, s.rev);
      out.push(...written);
      o.onProgress?.(Math.min(i + PAGE, levels.length), levels.length);
    }
    return out;
  }

  /** One page of a bulk write, in one transaction; the ids of levels that were new go to `added`. */
  private putLevelPage(page: readonly LevelT[], added: string[]): Promise<LevelSummary[]> {
    const { db } = this;
    const ids = page.map((l) => l.id);
    return db.transaction('rw', db.levels, db.summaries, async () => {
      const old = await db.levels.bulkGet(ids);
      const at = this.now();
      const rows = page.map((level, j) => ({ id: level.id, level, updatedAt: at, rev: Math.max(old[j]?.rev ?? 0, this.levelBase.rev(level.id)) + 1 }));
      const sums = rows.map((r) => summarize(r.level, r.rev, at));
      await db.levels.bulkPut(rows);
      await db.summaries.bulkPut(sums);
      page.forEach((l, j) => !old[j] && added.push(l.id));
      return sums;
    });
  }

  private async deleteMany(ids: readonly string[]) {
    const { db } = this;
    for (let i = 0; i < ids.length; i += PAGE) {
      const page = ids.slice(i, i + PAGE);
      await db.transaction('rw', db.levels, db.summaries, async () => {
        await db.levels.bulkDelete(page);
        await db.summaries.bulkDelete(page);
      });
      for (const id of page) this.levelBase.delete(id);
    }
  }

  putLevels = (levels: readonly LevelT[], o?: BulkOptions) => this.track(this.putLevelsPaged(levels, o));
  deleteLevels = (ids: readonly string[]) => this.track(this.deleteMany(ids));

  scheduleLevel = (level: LevelT) => {
    const snapshot = level;
    this.waiting.set(level.id, snapshot);
    this.saver.schedule(`level:${level.id}`, async () => {
      this.waiting.delete(level.id);
      this.writing.set(level.id, snapshot);
      try {
        await this.writeLevel(snapshot);
      } finally {
        if (this.writing.get(level.id) === snapshot) this.writing.delete(level.id);
      }
    });
  };

  flushOnHide = () => {
    // the newest of each level: waiting over one being written
    const levels = [...new Map([...this.writing, ...this.waiting]).values()];
    this.waiting.clear();
    for (const l of levels) this.saver.discard(`level:${l.id}`);
    if (levels.length) this.writeAtOnce(levels);
    void this.saver.flush();
  };

  /** flushOnHide's write: the native transaction, its requests and its commit all in this task (the page may be gone by the next). */
  private writeAtOnce(levels: LevelT[]) {
    const at = this.now();
    const rows = levels.map((level) => ({ id: level.id, level, updatedAt: at, rev: Math.max(this.levelBase.rev(level.id) + 1, at) }));
    const sums = rows.map((r) => summarize(r.level, r.rev, at));
    try {
      const tx = this.db.backendDB().transaction(['levels', 'summaries'], 'readwrite');
      for (const r of rows) tx.objectStore('levels').put(r);
      for (const x of sums) tx.objectStore('summaries').put(x);
      tx.oncomplete = () => {
        for (const r of rows) this.levelBase.set(r.id, r.rev, r.level);
        // written past Dexie: tell its live queries (here and, through its channel, in other tabs)
        const all = () => new RangeSet(-Infinity, [[[]]]);
        const name = this.setup.name;
        Dexie.on.storagemutated.fire({ [`idb://${name}/levels/`]: all(), [`idb://${name}/levels/updatedAt`]: all(), [`idb://${name}/summaries/`]: all() });
      };
      tx.onabort = () => this.setup.onStatus('error', this.setup.describe(tx.error));
      tx.commit?.();
    } catch (e) {
      // closed or upgraded elsewhere: the normal path says why
      for (const l of levels) this.scheduleLevel(l);
      this.setup.onStatus('error', this.setup.describe(e));
    }
  }

  saveLevelNow = (level: LevelT) => {
    this.scheduleLevel(level);
    void this.saver.flush();
  };

  deleteLevel = (id: string) => {
    this.saver.schedule(`level:${id}`, () => this.deleteMany([id]));
    void this.saver.flush();
  };

  rebaseLevel = (level: LevelT, rev: number) => {
    this.levelBase.set(level.id, rev, level);
  };

  discardLevel = (id: string) => {
    this.waiting.delete(id);
    this.saver.discard(`level:${id}`);
  };

  // ---- packs and settings ----

  private async writePacks(packs: PackRecord[]): Promise<void> {
    const { db } = this;
    const base = this.packsBase;
    const outcome = await db.transaction('rw', db.packs, async (): Promise<{ theirs: PackRecord[]; rev: number } | { rev: number }> => {
      const rows = await db.packs.toArray();
      const rev = listRev(rows);
      if (rev !== base.rev) return { theirs: toPacks(rows.sort((a, b) => a.order - b.order)), rev };
      await db.packs.clear();
      await db.packs.bulkPut(packs.map((p, order) => ({ id: p.id, name: p.name, levelIds: [...p.levelIds], order, rev: rev + 1 })));
      return { rev: rev + 1 };
    });
    if ('theirs' in outcome) {
      // a pack list always merges (see mergePackLists); the studio merges with what it shows now
      const theirs = outcome.theirs;
      if (this.sync.packsConflict) return void (await this.sync.packsConflict({ base: base.packs, mine: packs, theirs, rev: outcome.rev }));
      this.packsBase = { rev: outcome.rev, packs: theirs };
      return this.writePacks(packs);
    }
    this.packsBase = { rev: outcome.rev, packs };
  }

  savePacks = (packs: PackRecord[]) => {
    const snapshot = packs.map((p) => ({ id: p.id, name: p.name, levelIds: [...p.levelIds] }));
    this.saver.schedule('packs', () => this.writePacks(snapshot));
    void this.saver.flush();
  };

  rebasePacks = (packs: PackRecord[], rev: number) => {
    this.packsBase = { rev, packs };
  };

  private async writeSetting(key: string, value: unknown) {
    const { db } = this;
    const base = this.settingBase.get(key);
    const written = await db.transaction('rw', db.settings, async () => {
      const row = await db.settings.get(key);
      const rev = row?.rev ?? 0;
      // written elsewhere since this tab read it: field by field, this tab's newest choice on top
      const merged = row && rev !== (base?.rev ?? 0) ? mergeFields(base?.value, value, row.value) : value;
      await db.settings.put({ key, value: merged, rev: rev + 1 });
      return { rev: rev + 1, merged };
    });
    this.settingBase.set(key, { rev: written.rev, value: written.merged });
    if (written.merged !== value) this.sync.remoteSetting?.(key, written.merged);
  }

  getSetting = async <T>(key: string) => {
    const row = await this.db.settings.get(key);
    this.settingBase.set(key, { rev: row?.rev ?? 0, value: row?.value });
    return row?.value as T | undefined;
  };

  setSetting = async (key: string, value: unknown) => {
    // settings are rare and small: written at once, so a reload right after keeps them
    this.saver.schedule(`setting:${key}`, () => this.writeSetting(key, value));
    await this.saver.flush();
  };

  // ---- the saver, backups, analyses and reports ----

  flush = () => this.saver.flush();
  retry = () => this.saver.retry();

  close = () => {
    this.closed = true;
    this.watching?.unsubscribe();
    this.channel.close();
    this.db.close();
  };

  exportWorkspace = async () => new Blob(await this.exportWorkspaceParts()).text();

  exportWorkspaceParts = async () => {
    await this.saver.flush();
    await Promise.allSettled([...this.inFlight]);
    return (await loadBackup()).backupParts(this.db);
  };

  importWorkspace = async (text: string, mode: 'replace' | 'merge' = 'replace') => {
    const { restoreBackup } = await loadBackup();
    await restoreBackup(this.db, text, mode, () => this.saver.flush());
    this.channel.post({ type: 'workspace' });
  };

  getAnalysis = async <T>(key: string) => (await this.db.analyses.get(key))?.counts as T | undefined;

  putAnalysis = async (key: string, counts: unknown) => {
    await this.db.analyses.put({ key, counts, createdAt: this.now() });
  };

  listReports = () => this.db.reports.toArray();

  putReport: Storage['putReport'] = async (row) => {
    await this.track(this.db.reports.put(row));
  };
}
