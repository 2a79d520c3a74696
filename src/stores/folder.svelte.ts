// A folder of level files open as part of the catalogue (issue 32, docs/editor.md "A folder of level
// files"). The catalogue in IndexedDB stays the studio's working copy: edits land there first (also while
// access to the folder is not granted) and are written to the files after, in three named steps run one
// at a time: scan (src/stores/folder/scan.ts: what the folder holds now), diff (src/core/files/
// folderDiff.ts: what changed outside since the last look, what must be written) and the write queue
// (src/stores/folder/writeQueue.ts). What the studio last read or wrote of each file is a row of
// IndexedDB's `folderFiles`, so a reload in the middle of writing picks up where it stopped. Loaded on
// first use (the Open folder button, or a folder remembered from the last visit).
import { notice, type StepLabel } from '../core/notice.ts';
import { classifyFile, diffScan, folderPacks, insertIndex, planWrites, type FileContent, type FileProblems, type FileRecord, type WriteOp } from '../core/files/folderDiff.ts';
import { dirNameOf, isGameFileName, joinPath, levelFileText, levelStamp, splitPath } from '../core/files/levelFile.ts';
import { registerGames, knownGames } from '../core/game/registry.ts';
import { CLASSIC_ID, type GameDef } from '../core/game/types.ts';
import { levelHash, newId, parseLevelText, type LevelT } from '../core/level/index.ts';
import { mergeLevels } from '../core/level/merge.ts';
import { summarize, type LevelSummary } from '../core/catalogue/summary.ts';
import type { PackRecord } from '../db/storage.ts';
import { isAccessError, isNotFound, type Access, type DirLike } from './folder/handles.ts';
import { inThreadReader, type FileText, type FolderReader } from './folder/reader.ts';
import { workerReader } from './folder/workerReader.ts';
import { checkOutside } from './folder/outside.ts';
import { readAll } from './folder/opening.ts';
import { readBack, WriterLock } from './folder/lock.ts';
import { finishMoves, writePass } from './folder/writes.ts';
import { byPath, takenOf } from './folder/files.ts';
import { CHANGED_OUTSIDE, moveRest, removeDir, removeFile, writeFile, type MovedFile } from './folder/writeQueue.ts';



export type { DirTaken, FolderHost, FolderNotice, FolderRow, FolderStatus } from './folder/types.ts';
import type { DirTaken, FolderCore, FolderHost, FolderNotice, FolderRow, FolderStatus } from './folder/types.ts';

const WRITE_DELAY_MS = 150;
/** Paths of levels gone from the folder kept (the newest): enough for Recently deleted's restores. */
const FORMER_KEPT = 2000;

export class FolderStore implements FolderCore {
  /** The open folder's name (null: none open). */
  name = $state<string | null>(null);
  access = $state<Access>('granted');
  status = $state.raw<FolderStatus>({ kind: 'idle' });
  /** Changes not yet written to the files. */
  pending = $state(0);
  /** Files the studio could not read, with why: listed, never rewritten. */
  broken = $state.raw<{ path: string; problem: string; problems?: FileProblems }[]>([]);
  /** Set by the UI: says a notice in the designer's language. */
  notify: (n: FolderNotice) => void = () => {};

  handle: DirLike | null = null;
  dirs: Record<string, string> = {};
  former: Record<string, string> = {};
  moving: Record<string, string> = {};
  records = new Map<string, FileRecord>();
  taken = new Set<string>();
  private queue: Promise<void> = Promise.resolve(); // the steps asked so far, one after another
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    readonly host: FolderHost,
    readonly reader: FolderReader = inThreadReader(),
  ) {}

  /** Whether a pack is one of the folder's (its levels are files). */
  isFolderPack(packId: string): boolean {
    return this.name !== null && packId in this.dirs;
  }

  // ── opening, remembering, closing ───────────────────────────────────────────────────────────
  /** Opens a folder the designer picked: its level files join the catalogue as packs (the folder's first). */
  open(handle: DirLike): Promise<void> {
    return this.run(async () => {
      this.status = { kind: 'reading' };
      const scan = await this.reader.scan(handle);
      const storage = this.host.storage;
      const { records, idOf, summaries } = await readAll(this, handle, scan);
      const made = folderPacks(handle.name, [...idOf.keys()]);
      if (!made.length) made.push({ dir: '', name: handle.name.slice(0, 80) || 'Folder', paths: [] });
      const dirs: Record<string, string> = {};
      const packs: PackRecord[] = made.map((p) => {
        const id = newId();
        dirs[id] = p.dir;
        return { id, name: p.name, levelIds: p.paths.map((x) => idOf.get(x)!) };
      });
      const stamps = new Map(summaries.map((s) => [s.id, levelStamp(s)]));
      for (const r of records.values()) if (r.levelId) r.stamp = stamps.get(r.levelId);
      this.host.catalogue.putMany(summaries);
      this.handle = handle;
      this.dirs = dirs;
      this.former = {};
      this.moving = {};
      this.records = records;
      this.taken = takenOf(scan, records);
      this.name = handle.name;
      this.access = 'granted';
      this.host.setPacks([...packs, ...this.host.packs]);
      await storage?.records.put('folders', [this.row()]);
      await storage?.records.put('folderFiles', [...records.values()]);
      this.takeLock(); // after the rows are stored: the lock's holder reads them back
      this.refreshBroken();
      this.status = { kind: 'opened', levels: summaries.length, packs: packs.length };
      const first = packs.find((p) => p.levelIds.length)?.levelIds[0];
      if (first) await this.host.openLevel(first);
    });
  }

  /** The folder remembered from the last visit: its copy in IndexedDB is the catalogue's; files are read once access is granted. */
  async restore(row: FolderRow): Promise<void> {
    this.handle = row.handle;
    this.dirs = { ...row.dirs };
    this.former = { ...row.former };
    this.moving = { ...row.moving };
    this.name = row.name;
    const rows = (await this.host.storage?.records.list<FileRecord>('folderFiles')) ?? [];
    this.records = new Map(rows.map((r) => [r.id, r]));
    this.taken = new Set(this.records.keys());
    const games = rows.filter((r) => r.kind === 'game' && r.text).map((r) => classifyFile(r.id, r.text!)).flatMap((c) => (c.kind === 'game' ? [c.game] : []));
    this.register(games);
    this.refreshBroken();
    this.access = await this.queryAccess();
    this.takeLock();
    if (this.access === 'granted') await this.sync();
    else this.showPending();
  }

  /** Asks the browser for access again (needs the designer's click), then catches up. */
  async grant(): Promise<void> {
    const h = this.handle;
    if (!h) return;
    this.access = h.requestPermission ? await h.requestPermission({ mode: 'readwrite' }) : 'granted';
    if (this.access === 'granted') await this.sync();
  }

  /** How many changes closing now would leave unwritten (the UI asks first when there are some). */
  unwritten(): number {
    return this.handle ? this.plan().length : 0;
  }

  /** Closes the folder: its packs leave the catalogue (the files stay as they are). */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    await this.queue;
    const host = this.host;
    const folderPacks = new Set(Object.keys(this.dirs));
    const ids = host.packs.filter((p) => folderPacks.has(p.id)).flatMap((p) => p.levelIds);
    const paths = [...this.records.keys()];
    this.handle = null;
    this.name = null;
    this.lock.release();
    this.dirs = {};
    this.former = {};
    this.moving = {};
    this.records = new Map();
    this.broken = [];
    this.pending = 0;
    this.status = { kind: 'idle' };
    const openWasIn = host.editor.level && ids.includes(host.editor.level.id);
    host.setPacks(host.packs.filter((p) => !folderPacks.has(p.id)));
    host.removeLevels(ids);
    await host.storage?.records.remove('folders', ['open']);
    await host.storage?.records.remove('folderFiles', paths);
    if (host.catalogue.size === 0) host.newLevel();
    else if (openWasIn) {
      const next = host.catalogue.atNumber(1);
      if (next) await host.openLevel(next);
    }
  }

  /** A new pack made while the folder is open is one of its packs: a sub-folder named after it (made with its first file). */
  adoptPack(packId: string, name: string) {
    if (!this.name) return;
    const top = new Set([...Object.values(this.dirs), ...[...this.taken].map((p) => p.split('/')[0])]);
    this.dirs = { ...this.dirs, [packId]: dirNameOf(name, top) };
    void this.host.storage?.records.put('folders', [this.row()]);
  }

  /**
   * A folder pack renamed: its sub-folder takes the new name. The File System Access API cannot rename a
   * folder everywhere, so the new folder is made and each file moves (written there, then removed here:
   * the write queue's moves), then the old folder's other files, then the old folder goes — an interruption
   * (a reload, lost access) leaves every file in one folder or the other, and the next pass goes on.
   * A name another folder has already is refused (the pack keeps its name; a notice says why). The folder itself (the pack
   * named after it) is not renamed.
   */
  renameDir(packId: string, name: string): DirTaken | null {
    const old = this.dirs[packId];
    if (!this.name || old === undefined || old === '') return null;
    const want = joinPath(splitPath(old).dir, dirNameOf(name, []));
    if (want === old) return null;
    const same = (d: string) => d.toLowerCase() === want.toLowerCase();
    // a folder renamed again before its move finished: its files are partly in the folders it is
    // leaving (`leaving`: the ones still moving to it), partly in it
    const leaving = Object.entries(this.moving).flatMap(([from, to]) => (to === old ? [from] : []));
    // another pack's folder, or any folder holding a file (a scan sees files only), under that name —
    // but a folder this pack's files are still leaving is its own (renamed back)
    const taken = Object.entries(this.dirs).some(([id, d]) => id !== packId && same(d)) || [...this.taken].some((p) => same(p.slice(0, want.length)) && p[want.length] === '/');
    if (taken && !same(old) && !leaving.some(same)) {
      this.notify({ kind: 'dirTaken', name, dir: want });
      return { dir: want };
    }
    // what is still in the folders it is leaving goes on to the new name, and so does what is in the
    // folder it has now (nothing there yet: moveRest finds no folder and makes none)
    const moving: Record<string, string> = {};
    for (const [from, to] of Object.entries(this.moving)) if (to !== old) moving[from] = to;
    for (const from of [...leaving, old]) if (from !== want) moving[from] = want;
    this.moving = moving;
    this.dirs = { ...this.dirs, [packId]: want };
    void this.host.storage?.records.put('folders', [this.row()]);
    return null;
  }

  // ── keeping in step ─────────────────────────────────────────────────────────────────────────
  /** The catalogue changed (an edit stored, a level added, moved or deleted): write what follows, shortly. */
  changed() {
    if (!this.handle) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run(() => writePass(this));
    }, WRITE_DELAY_MS);
  }

  /** Looks for changes made outside (focus, and every few seconds while the page is visible), then writes what waits. */
  async sync(): Promise<void> {
    if (!this.handle || !this.writer) return;
    // access granted meanwhile (in another tab, or the browser's own settings): go on without a click
    if (this.access !== 'granted' && (this.access = await this.queryAccess()) !== 'granted') return;
    if (this.syncWaiting) return this.syncWaiting; // one look queued at a time: a slow folder never piles them up
    const look = this.run(async () => {
      this.syncWaiting = null;
      await checkOutside(this);
      await writePass(this);
    });
    return (this.syncWaiting = look);
  }
  private syncWaiting: Promise<void> | null = null;

  /** Whether this tab writes the folder's files (one tab at a time: folder/lock.ts). */
  private readonly lock = new WriterLock();
  get writer(): boolean {
    return this.lock.held;
  }
  private takeLock() {
    this.lock.take(() => {
      if (!this.handle) return false; // closed before the lock came
      if (this.status.kind === 'otherTab') this.status = { kind: 'idle' };
      // what the files hold is what the last writing tab recorded, perhaps not this tab: read back first,
      // or that tab's writes look like changes made outside (a conflict with this tab's own edits)
      void this.run(() => readBack(this)).then(() => this.sync()); // in turn with the writes
      return true;
    });
    if (!this.writer) this.status = { kind: 'otherTab' };
  }

  /** Resolves when every step asked so far has run (tests, and closing). */
  settled(): Promise<void> {
    return this.queue;
  }

  /** Steps run one at a time; a failure says why and leaves what waits for the next try. */
  private run(step: () => Promise<void>): Promise<void> {
    const next = this.queue.then(step).catch((e) => this.failed(e));
    this.queue = next;
    return next;
  }

  private failed(e: unknown) {
    if (isAccessError(e)) {
      this.access = 'prompt';
      this.showPending();
    } else if (isNotFound(e)) this.status = { kind: 'gone' };
    else this.status = { kind: 'error', message: (e as Error)?.message ?? String(e) };
  }

  private async queryAccess(): Promise<Access> {
    const h = this.handle;
    if (!h?.queryPermission) return 'granted';
    try {
      return await h.queryPermission({ mode: 'readwrite' });
    } catch {
      return 'prompt';
    }
  }

  showPending() {
    this.pending = this.handle ? this.plan().length : 0;
    if (this.access !== 'granted') this.status = { kind: 'waiting', n: this.pending };
  }

  // ── step 2: diff (what the catalogue says that the files do not) ───────────────────────────────
  stampOf(id: string): string | undefined {
    const s = this.host.catalogue.summaries.get(id);
    return s && levelStamp(s);
  }

  plan(): WriteOp[] {
    return planWrites({
      packs: this.host.packs,
      dirs: this.dirs,
      stampOf: (id) => this.stampOf(id),
      records: this.records.values(),
      taken: this.taken,
      formerPath: (id) => this.former[id],
      hold: this.host.conflict ? new Set([this.host.conflict.id]) : undefined,
    });
  }

  /** Keeps (or forgets: null) where a level's file was when the level left the folder (deleted, or moved to a pack of the browser's own). */
  async remember(levelId: string, path: string | null) {
    const { [levelId]: _was, ...rest } = this.former;
    const kept = Object.entries(rest);
    this.former = Object.fromEntries(path === null ? kept : [...kept.slice(-(FORMER_KEPT - 1)), [levelId, path]]);
    await this.host.storage?.records.put('folders', [this.row()]);
  }

  async keep(rec: FileRecord) {
    this.records.set(rec.id, rec);
    await this.host.storage?.records.put('folderFiles', [rec]);
  }
  async drop(path: string) {
    this.records.delete(path);
    this.taken.delete(path);
    await this.host.storage?.records.remove('folderFiles', [path]);
  }

  /** What classifying needs: the games known here (not the built-in one), the files that held a level. */
  readContext() {
    return { games: knownGames().filter((g) => g.id !== CLASSIC_ID), wasLevel: [...this.records.values()].filter((r) => r.levelId).map((r) => r.id) };
  }

  /** The files' contents, games first; the folder's games are registered here too (the level model looks them up). */
  contentsOf(texts: Map<string, FileText>): [string, FileContent][] {
    const list = [...texts].map(([path, t]): [string, FileContent] => [path, t.content]);
    this.register(list.flatMap(([, c]) => (c.kind === 'game' ? [c.game] : [])));
    return list.sort(([, a], [, b]) => Number(b.kind === 'game') - Number(a.kind === 'game'));
  }

  private register(games: GameDef[]) {
    try {
      if (games.length) {
        registerGames(games);
        this.host.folderGames?.(games);
      }
    } catch {
      /* a game named like the built-in one: parseGame refuses it first */
    }
  }

  recordOf(base: { id: string; lastModified: number; size: number }, c: FileContent, text: string): FileRecord {
    if (c.kind === 'game') return { ...base, kind: 'game', text };
    if (c.kind === 'broken') return { ...base, kind: 'broken', problem: c.problem, problems: c.problems };
    return { ...base, kind: 'other' };
  }

  refreshBroken() {
    this.broken = [...this.records.values()].filter((r) => r.problem).map((r) => ({ path: r.id, problem: r.problem!, problems: r.problems }));
  }

  row(): FolderRow {
    return { id: 'open', name: this.name ?? '', handle: this.handle!, dirs: { ...this.dirs }, former: { ...this.former }, moving: { ...this.moving } };
  }
}

/** The studio's folder store: reading in a worker where the page can make one. */
export const folderStore = (host: FolderHost) => new FolderStore(host, workerReader());
