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
import type { ConflictHost } from './host.ts';
import { isAccessError, isNotFound, type Access, type DirLike } from './folder/handles.ts';
import { inThreadReader, type FileText, type FolderReader } from './folder/reader.ts';
import { workerReader } from './folder/workerReader.ts';
import { CHANGED_OUTSIDE, moveRest, removeDir, removeFile, writeFile, type MovedFile } from './folder/writeQueue.ts';


/** What the workspace gives the folder: the catalogue's host, and a new level when closing empties it. */
export interface FolderHost extends ConflictHost {
  showLevel(level: LevelT, note?: StepLabel): void;
  newLevel(): void;
  /** The folder's `*.game.json` games join the workspace's games (the Game select, the game editor). */
  folderGames?(games: GameDef[]): void;
}

/** The stored row of the open folder (IndexedDB `folders`, key `open`). */
export interface FolderRow {
  id: 'open';
  name: string;
  handle: DirLike;
  /** The folder's packs: pack id → sub-folder (`''`: the folder itself). */
  dirs: Record<string, string>;
  /** Where the files of levels that left the folder were (level id → path), so one restored gets its name back. */
  former?: Record<string, string>;
  /** Sub-folders being renamed with their pack (old → new): their other files move, then the old folder goes. */
  moving?: Record<string, string>;
}

/** Why a pack's sub-folder could not take its new name: a folder of that name is there already. */
export interface DirTaken {
  dir: string;
}

/** What the folder's status line says (the UI words it). */
export type FolderStatus =
  | { kind: 'idle' }
  | { kind: 'reading' }
  | { kind: 'opened'; levels: number; packs: number }
  | { kind: 'writing'; n: number }
  | { kind: 'written'; path: string }
  | { kind: 'waiting'; n: number }
  | { kind: 'gone' }
  /** Another tab of the studio has the folder open and writes its files (this one's edits reach them through it). */
  | { kind: 'otherTab' }
  | { kind: 'error'; message: string };

/** Something the designer is told once (a toast); the UI words it. */
export type FolderNotice =
  | { kind: 'merged'; name: string }
  | { kind: 'fromFile'; name: string; path: string }
  | { kind: 'removedOutside'; name: string }
  /** A pack not renamed: the open folder has a folder of that name already. */
  | { kind: 'dirTaken'; name: string; dir: string };

const WRITE_DELAY_MS = 150;
/** Paths of levels gone from the folder kept (the newest): enough for Recently deleted's restores. */
const FORMER_KEPT = 2000;
/** Files per read while opening a folder (read and parsed by the reader while the page before is stored). */
const OPEN_PAGE = 250;

/**
 * The paths a new file must not take: every file found, but an empty .json that holds no level (a
 * write cut short leaves one: the browser makes the file before it writes) — a write there loses nothing.
 */
const takenOf = (scan: { taken: Iterable<string>; files: readonly { path: string; size: number }[] }, records: ReadonlyMap<string, FileRecord>) => {
  const taken = new Set(scan.taken);
  for (const f of scan.files) if (f.size === 0 && (records.get(f.path)?.kind ?? 'other') === 'other') taken.delete(f.path);
  return taken;
};

const byPath = (texts: FileText[]) => new Map(texts.map((t) => [t.path, t]));
/** The note an adopted outside version leaves in the level's history. */
const fromFile = (path: string) => notice('folder.fromFile', { path });

export class FolderStore {
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

  private handle: DirLike | null = null;
  private dirs: Record<string, string> = {};
  private former: Record<string, string> = {};
  private moving: Record<string, string> = {};
  private records = new Map<string, FileRecord>();
  private taken = new Set<string>();
  private queue: Promise<void> = Promise.resolve(); // the steps asked so far, one after another
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly host: FolderHost,
    private readonly reader: FolderReader = inThreadReader(),
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
      const records = new Map<string, FileRecord>();
      const idOf = new Map<string, string>();
      const used = new Set<string>();
      const summaries: LevelSummary[] = [];
      // the games first (the levels that play them read), then the rest in pages read and parsed by the
      // reader while the pages before are stored: the reading and the storing overlap
      const paths = scan.files.map((f) => f.path);
      const games = await this.reader.read(handle, paths.filter(isGameFileName), this.readContext());
      this.contentsOf(byPath(games)); // registered: the pages below are read knowing them
      const ctx = this.readContext();
      const rest = paths.filter((p) => !isGameFileName(p));
      const pages = Array.from({ length: Math.ceil(rest.length / OPEN_PAGE) }, (_, i) => this.reader.read(handle, rest.slice(i * OPEN_PAGE, (i + 1) * OPEN_PAGE), ctx));
      for (const page of [Promise.resolve(games), ...pages]) {
        const texts = byPath(await page);
        const levels: LevelT[] = [];
        for (const [path, c] of this.contentsOf(texts)) {
          const meta = texts.get(path)!;
          const base = { id: path, lastModified: meta.lastModified, size: meta.size };
          if (c.kind === 'level') {
            const id = this.host.catalogue.has(c.level.id) || used.has(c.level.id) ? newId() : c.level.id;
            used.add(id);
            idOf.set(path, id);
            levels.push({ ...c.level, id });
            records.set(path, { ...base, kind: 'level', levelId: id, fileId: id !== c.level.id ? c.level.id : undefined, text: meta.text });
          } else records.set(path, this.recordOf(base, c, meta.text));
        }
        if (levels.length) summaries.push(...(storage ? await storage.putLevels(levels) : levels.map((l) => summarize(l))));
      }
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
    this.releaseLock();
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
      void this.run(() => this.writePass());
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
      await this.checkOutside();
      await this.writePass();
    });
    return (this.syncWaiting = look);
  }
  private syncWaiting: Promise<void> | null = null;

  /**
   * Whether this tab writes the folder's files: one tab at a time (a Web Lock), so two tabs never write one
   * file; the others' edits reach it through IndexedDB and it writes them. Where there are no locks: this tab.
   */
  private writer = false;
  private letGoLock: (() => void) | null = null;
  private takeLock() {
    const locks = (globalThis as { navigator?: { locks?: { request(name: string, cb: () => Promise<void>): Promise<void> } } }).navigator?.locks;
    if (!locks) return void (this.writer = true);
    if (this.letGoLock) return;
    void locks.request('match3-studio-folder', () => {
      this.writer = true;
      if (!this.handle) return Promise.resolve(); // closed before the lock came
      if (this.status.kind === 'otherTab') this.status = { kind: 'idle' };
      // what the files hold is what the last writing tab recorded, perhaps not this tab: read back first,
      // or that tab's writes look like changes made outside (a conflict with this tab's own edits)
      void this.run(() => this.readBack()).then(() => this.sync()); // in turn with the writes
      return new Promise<void>((resolve) => (this.letGoLock = resolve));
    });
    if (!this.writer) this.status = { kind: 'otherTab' };
  }
  /**
   * Taking over from the tab that wrote the files: what it last wrote of them and of the folder (a pack
   * renamed there, a file moved) is read back first, so this tab goes on from there and never undoes it.
   */
  private async readBack() {
    const storage = this.host.storage;
    const row = await storage?.records.get<FolderRow>('folders', 'open').catch(() => undefined);
    if (!row || !this.handle) return;
    this.dirs = { ...row.dirs };
    this.former = { ...row.former };
    this.moving = { ...row.moving };
    const rows = (await storage?.records.list<FileRecord>('folderFiles')) ?? [];
    this.records = new Map(rows.map((r) => [r.id, r]));
    for (const path of this.records.keys()) this.taken.add(path);
  }

  private releaseLock() {
    this.letGoLock?.();
    this.letGoLock = null;
    this.writer = false;
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

  private showPending() {
    this.pending = this.handle ? this.plan().length : 0;
    if (this.access !== 'granted') this.status = { kind: 'waiting', n: this.pending };
  }

  // ── step 2: diff (what the catalogue says that the files do not) ───────────────────────────────
  private stampOf(id: string): string | undefined {
    const s = this.host.catalogue.summaries.get(id);
    return s && levelStamp(s);
  }

  private plan(): WriteOp[] {
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

  // ── step 3: the write queue ─────────────────────────────────────────────────────────────────
  private async writePass(): Promise<void> {
    if (!this.handle) return;
    this.pending = this.plan().length;
    if (!this.pending) return this.finishMoves();
    if (this.access !== 'granted') return this.showPending();
    if (!this.writer) return;
    await this.host.storage?.flush(); // written to IndexedDB first: a file never holds what the copy lacks
    let last: string | null = null;
    // a file found changed outside right before its write: taken in first (merged), then the plan again
    for (let round = 0; round < 3; round++) {
      let outside = false;
      for (const op of this.plan()) {
        this.status = { kind: 'writing', n: this.pending };
        const done = await this.apply(op);
        if (done === CHANGED_OUTSIDE) {
          outside = true;
          break;
        }
        last = done ?? last;
        this.pending = Math.max(0, this.pending - 1);
      }
      if (!outside) break;
      await this.checkOutside();
    }
    this.pending = this.plan().length;
    if (last) this.status = { kind: 'written', path: last };
    else if (this.status.kind === 'writing') this.status = { kind: 'idle' };
    if (!this.pending) await this.finishMoves();
  }

  /**
   * The renamed sub-folders whose levels have all moved: their other files (someone else's, a broken
   * level, a game) move too — written in the new folder, then removed from the old — then the old folder
   * goes. A file of the same name already in the new folder stays where it is (and the old folder with it).
   */
  private async finishMoves(): Promise<void> {
    const root = this.handle;
    if (!root || this.access !== 'granted' || !this.writer) return;
    for (const [from, to] of Object.entries(this.moving)) {
      const left = await moveRest(root, from, to);
      for (const file of left.moved) await this.carry(file);
      if (left.kept === 0) {
        await removeDir(root, from);
        const { [from]: _done, ...rest } = this.moving;
        this.moving = rest;
        await this.host.storage?.records.put('folders', [this.row()]);
      }
      if (left.moved.length) {
        this.refreshBroken(); // a broken file is listed where it is now
        await this.checkOutside(); // anything changed meanwhile is read where it is now
      }
    }
  }

  /**
   * What the studio knew of a file moved with its folder goes with it: a broken level file stays its
   * level's (read again it would be a new file, and the level, missing its file, written a second one).
   * A record already there for the copy (read while a pass cut short had left the file in both folders)
   * gives way, unless it holds a level of its own.
   */
  private async carry(file: MovedFile) {
    const rec = this.records.get(file.from);
    await this.drop(file.from);
    this.taken.add(file.to);
    const there = this.records.get(file.to);
    if (rec && !there?.levelId) await this.keep({ ...rec, id: file.to, lastModified: file.lastModified, size: file.size });
  }

  private recordOfLevel(id: string): FileRecord | undefined {
    for (const r of this.records.values()) if (r.levelId === id) return r;
    return undefined;
  }

  /** Carries out one write; returns the path written (null: nothing needed writing; CHANGED_OUTSIDE: read the folder first). */
  private async apply(op: WriteOp): Promise<string | null | typeof CHANGED_OUTSIDE> {
    const root = this.handle!;
    if (op.op === 'remove') {
      await removeFile(root, op.path);
      await this.drop(op.path);
      await this.remember(op.levelId, op.path);
      return op.path;
    }
    const level = await this.host.getLevel(op.levelId);
    if (!level) return null;
    const stamp = levelStamp({ hash: levelHash(level), name: level.name });
    if (op.op === 'move') {
      const rec = this.records.get(op.from)!;
      const text = op.changed || rec.text === undefined ? levelFileText(level, rec.fileId) : rec.text;
      const meta = await writeFile(root, op.to, text, 'new');
      if (meta === CHANGED_OUTSIDE) return meta;
      this.taken.add(op.to);
      await removeFile(root, op.from);
      await this.drop(op.from);
      await this.keep({ ...rec, id: op.to, stamp, text, ...meta });
      return op.to;
    }
    const rec = this.recordOfLevel(op.levelId);
    const text = levelFileText(level, rec?.fileId);
    if (rec?.text === text) {
      await this.keep({ ...rec, stamp }); // back as the file has it (an undo): nothing to write
      return null;
    }
    const meta = await writeFile(root, op.path, text, op.isNew ? 'new' : rec);
    if (meta === CHANGED_OUTSIDE) return meta;
    this.taken.add(op.path);
    await this.keep({ id: op.path, kind: 'level', levelId: op.levelId, fileId: rec?.fileId, stamp, text, ...meta });
    if (op.isNew && op.levelId in this.former) await this.remember(op.levelId, null);
    return op.path;
  }

  /** Keeps (or forgets: null) where a level's file was when the level left the folder (deleted, or moved to a pack of the browser's own). */
  private async remember(levelId: string, path: string | null) {
    const { [levelId]: _was, ...rest } = this.former;
    const kept = Object.entries(rest);
    this.former = Object.fromEntries(path === null ? kept : [...kept.slice(-(FORMER_KEPT - 1)), [levelId, path]]);
    await this.host.storage?.records.put('folders', [this.row()]);
  }

  private async keep(rec: FileRecord) {
    this.records.set(rec.id, rec);
    await this.host.storage?.records.put('folderFiles', [rec]);
  }
  private async drop(path: string) {
    this.records.delete(path);
    this.taken.delete(path);
    await this.host.storage?.records.remove('folderFiles', [path]);
  }

  // ── step 1 and 2 for outside changes: scan, then take in what changed ─────────────────────────
  private async checkOutside(): Promise<void> {
    const root = this.handle!;
    const scan = await this.reader.scan(root);
    this.taken = takenOf(scan, this.records);
    const diff = diffScan(this.records, scan.files);
    if (!diff.added.length && !diff.changed.length && !diff.removed.length) return;
    this.status = { kind: 'reading' };
    const texts = byPath(await this.reader.read(root, [...diff.added, ...diff.changed].map((f) => f.path), this.readContext()));
    for (const [path, c] of this.contentsOf(texts)) await this.takeIn(path, c, texts.get(path)!);
    for (const rec of diff.removed) await this.letGo(rec);
    this.refreshBroken();
    this.status = { kind: 'idle' };
  }

  /** What classifying needs: the games known here (not the built-in one), the files that held a level. */
  private readContext() {
    return { games: knownGames().filter((g) => g.id !== CLASSIC_ID), wasLevel: [...this.records.values()].filter((r) => r.levelId).map((r) => r.id) };
  }

  /** The files' contents, games first; the folder's games are registered here too (the level model looks them up). */
  private contentsOf(texts: Map<string, FileText>): [string, FileContent][] {
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

  private recordOf(base: { id: string; lastModified: number; size: number }, c: FileContent, text: string): FileRecord {
    if (c.kind === 'game') return { ...base, kind: 'game', text };
    if (c.kind === 'broken') return { ...base, kind: 'broken', problem: c.problem, problems: c.problems };
    return { ...base, kind: 'other' };
  }

  private async takeIn(path: string, c: FileContent, meta: { text: string; lastModified: number; size: number }) {
    const rec = this.records.get(path);
    const base = { id: path, lastModified: meta.lastModified, size: meta.size };
    if (rec?.levelId && c.kind === 'level') return this.mergeIn(rec, c.level, meta);
    if (rec?.levelId && c.kind === 'broken') return this.keep({ ...rec, ...base, problem: c.problem, problems: c.problems });
    if (c.kind !== 'level') return this.keep(this.recordOf(base, c, meta.text));
    const from = this.movedCopyOf(path, c.level, meta.text);
    if (from) return this.finishMove(from, { ...base, text: meta.text, stamp: levelStamp({ hash: levelHash({ ...c.level, id: from.levelId! }), name: c.level.name }) });
    // a new level file: into its folder's pack, at its place in natural order
    const id = this.host.catalogue.has(c.level.id) ? newId() : c.level.id;
    const level = { ...c.level, id };
    const dir = splitPath(path).dir;
    const packId = this.packOfDir(dir);
    const pack = this.host.packs.find((p) => p.id === packId)!;
    await this.keep({ ...base, kind: 'level', levelId: id, fileId: id !== c.level.id ? c.level.id : undefined, text: meta.text, stamp: levelStamp({ hash: levelHash(level), name: level.name }) });
    const pathOf = new Map([...this.records.values()].filter((r) => r.levelId).map((r) => [r.levelId!, r.id]));
    const at = insertIndex(pack.levelIds.map((x) => pathOf.get(x)), path);
    this.host.storage?.saveLevelNow(level);
    this.host.catalogue.put(summarize(level));
    this.host.setPacks(this.host.packs.map((p) => (p.id === packId ? { ...p, levelIds: [...p.levelIds.slice(0, at), id, ...p.levelIds.slice(at)] } : p)));
  }

  /**
   * The record of the level whose move a pass cut short wrote here (the write landed, the removal of the
   * old file did not): a file in the folder of the level's pack, holding that level (its id as its file
   * has it) as its old file had it or as the catalogue has it now, while the level's file is still in
   * another folder. Taken in as a new level it would be the level twice.
   */
  private movedCopyOf(path: string, level: LevelT, text: string): FileRecord | undefined {
    const dir = splitPath(path).dir;
    for (const rec of this.records.values()) {
      const id = rec.levelId;
      if (!id || (rec.fileId ?? id) !== level.id || splitPath(rec.id).dir === dir) continue;
      const packId = this.host.packs.find((p) => p.levelIds.includes(id))?.id;
      if (packId === undefined || this.dirs[packId] !== dir) continue;
      if (rec.text === text || this.stampOf(id) === levelStamp({ hash: levelHash({ ...level, id }), name: level.name })) return rec;
    }
    return undefined;
  }

  /** Finishes a move cut short: the old file goes, the copy is the level's file. */
  private async finishMove(from: FileRecord, at: Pick<FileRecord, 'id' | 'lastModified' | 'size' | 'text' | 'stamp'>) {
    await removeFile(this.handle!, from.id);
    await this.drop(from.id);
    this.taken.add(at.id);
    await this.keep({ ...from, ...at, problem: undefined, problems: undefined });
  }

  /** The pack of a sub-folder, made (after the folder's last pack) when the folder is new. */
  private packOfDir(dir: string): string {
    const known = Object.entries(this.dirs).find(([id, d]) => d === dir && this.host.packs.some((p) => p.id === id));
    if (known) return known[0];
    const id = newId();
    const name = (dir === '' ? this.name ?? 'Folder' : dir).slice(0, 80);
    this.dirs = { ...this.dirs, [id]: dir };
    const packs = this.host.packs;
    const lastFolder = packs.reduce((at, p, i) => (p.id in this.dirs ? i : at), -1);
    this.host.setPacks([...packs.slice(0, lastFolder + 1), { id, name, levelIds: [] }, ...packs.slice(lastFolder + 1)]);
    void this.host.storage?.records.put('folders', [this.row()]);
    return id;
  }

  /** A level file changed outside: taken as is when not changed here too, else merged field by field, else the conflict dialog. */
  private async mergeIn(rec: FileRecord, level: LevelT, meta: { text: string; lastModified: number; size: number }) {
    const id = rec.levelId!;
    const theirs: LevelT = { ...level, id };
    const fileId = level.id !== id ? level.id : undefined;
    const theirStamp = levelStamp({ hash: levelHash(theirs), name: theirs.name });
    const next: FileRecord = { ...rec, lastModified: meta.lastModified, size: meta.size, text: meta.text, stamp: theirStamp, fileId, problem: undefined, problems: undefined };
    if (meta.text === rec.text && !rec.problem) return this.keep({ ...rec, lastModified: meta.lastModified, size: meta.size });
    const mineStamp = this.stampOf(id);
    await this.keep(next);
    if (mineStamp === undefined || mineStamp === theirStamp) return;
    if (mineStamp === rec.stamp) return this.adopt(theirs, rec.id);
    const mine = await this.host.getLevel(id);
    if (!mine) return;
    const base = rec.text ? parseLevelText(rec.text, { games: knownGames() }) : null;
    const merged = base?.ok ? mergeLevels({ ...base.level, id }, mine, theirs) : { ok: false as const, conflicts: [] };
    if (merged.ok) {
      this.host.showLevel(merged.level, fromFile(rec.id));
      this.host.storage?.scheduleLevel(merged.level);
      this.notify({ kind: 'merged', name: merged.level.name });
      return;
    }
    this.host.conflict = { id, name: mine.name, theirs, rev: this.host.storage?.revOf(id) ?? 0, parts: merged.conflicts, folder: true };
  }

  /** Takes a version from the file as the catalogue's (stored in IndexedDB, shown if open). */
  private adopt(level: LevelT, path: string) {
    this.host.storage?.saveLevelNow(level);
    this.host.showLevel(level, fromFile(path));
    if (this.host.editor.level?.id === level.id) this.notify({ kind: 'fromFile', name: level.name, path });
  }

  /** A file gone outside: its level goes too, unless it was changed here since (then it is written again). */
  private async letGo(rec: FileRecord) {
    await this.drop(rec.id);
    const id = rec.levelId;
    if (!id || !this.host.catalogue.has(id)) return;
    const mine = this.stampOf(id);
    if (mine !== rec.stamp && !rec.problem) return;
    const name = this.host.catalogue.nameOf(id) ?? '';
    const wasOpen = this.host.editor.level?.id === id;
    this.host.removeLevels([id]);
    if (wasOpen) {
      const next = this.host.catalogue.atNumber(1);
      if (next) await this.host.openLevel(next);
      this.notify({ kind: 'removedOutside', name });
    }
  }

  private refreshBroken() {
    this.broken = [...this.records.values()].filter((r) => r.problem).map((r) => ({ path: r.id, problem: r.problem!, problems: r.problems }));
  }

  private row(): FolderRow {
    return { id: 'open', name: this.name ?? '', handle: this.handle!, dirs: { ...this.dirs }, former: { ...this.former }, moving: { ...this.moving } };
  }
}

/** The studio's folder store: reading in a worker where the page can make one. */
export const folderStore = (host: FolderHost) => new FolderStore(host, workerReader());
