// The workspace: wires storage, the catalogue (packs and level summaries, src/stores/catalogue.svelte.ts),
// the open level's editor, the level list's view (levelList.svelte.ts), imports and exports
// (transfer.svelte.ts), the bulk actions (bulk.svelte.ts), other tabs, notices, and the analysis,
// tuning and chat stores. Levels live in storage; memory holds the open level (with its history),
// the summaries, and a few recently used levels.
import type { GameDef } from '../core/game/types.ts';
import { createLevel, levelHash, newId, type LevelT } from '../core/level/index.ts';
import { summarize } from '../core/catalogue/summary.ts';
import { EditorStore } from './editor.svelte.ts';
import { detectLanguage, loadWords, setLanguage, words } from './words.ts';
import { notice, type Said, type StepLabel } from '../core/notice.ts';
import type { Toast } from './notices.ts';
import type { Choice } from './choice.svelte.ts';
import { openStorage, type Storage, type PackRecord, type LevelConflict } from '../db/storage.ts';
// the merges load when a conflict first happens (src/stores/conflict.ts): most sessions never meet one
const loadMerge = () => import('../core/level/merge.ts');
import { storageErrorKind } from '../db/studioDb.ts';
import { afterNextFrame, writeAfterNextFrame } from '../db/afterFrame.ts';
import { AnalysisStore, makeReport, reviveReport, type Report } from './analysis.svelte.ts';
import type { TuningStore } from './tuning.svelte.ts';
import { figureAt } from './figure.ts';
import { CalibrationStore } from './calibration.svelte.ts';
import type { PackStore } from './pack.svelte.ts';
import { JOB_KEY } from './jobKey.ts';
import type { ChatStore } from './chat.svelte.ts';
import { AnalysisRunner } from '../analysis/runner.ts';
import { pagePool } from '../analysis/pagePool.ts';
import type { SimCounts } from '../core/sim/analysis/index.ts';
import { loadTools, runTool } from '../core/tools/index.ts';
import { ANALYSIS_GAMES, DEFAULT_TIER } from '../core/facts.ts';
import { CatalogueStore } from './catalogue.svelte.ts';
import type { GamesStore } from './games.svelte.ts';
import { gameById, registerGames } from '../core/game/known.ts';
import { LevelListStore, type LevelBadge } from './levelList.svelte.ts';
import type { Transfer } from './transfer.svelte.ts';
import type { BulkActions } from './bulk.svelte.ts';
import type { RecentlyDeletedStore } from './deleted.svelte.ts';
import type { StorageKeeper, BrowserStorage } from './keep.ts';
import type { CatalogueHost } from './host.ts';
import type { FolderStore, FolderRow } from './folder.svelte.ts';

export type { LevelBadge };

export type SaveState = 'idle' | 'saving' | 'saved' | 'error' | 'memory';

import type { OpenConflict } from './host.ts';
export type { OpenConflict };

/** How many levels besides the open one stay in memory (recently opened, edited by a pack job). */
const CACHED_LEVELS = 64;

export class Workspace implements CatalogueHost {
  readonly editor = new EditorStore();
  readonly runner = new AnalysisRunner(() => pagePool, {
    get: async (key) => this.storage?.getAnalysis<SimCounts>(key),
    // stored once the report is on screen (src/db/afterFrame.ts)
    put: async (key, counts) => void (await writeAfterNextFrame(() => this.storage?.putAnalysis(key, counts))),
  });
  readonly analysis = new AnalysisStore(() => this.runner, {
    save: (report) => {
      // losing a stored report only costs a re-analysis after the next reload: never an error for the designer
      // (a JSON copy: plain data whatever reactive wrapper a caller's level came in)
      // (after the report's frame: src/db/afterFrame.ts)
      afterNextFrame(() => this.storage?.putReport(JSON.parse(JSON.stringify(report))).catch(() => {}));
    },
  });
  private packStore: Promise<PackStore> | null = null;
  /** The pack store once loaded (its background job shows outside the pack view too). */
  pack = $state.raw<PackStore | null>(null);
  /** The pack view's store: its code loads, and it is made, when the pack view first opens (docs/performance.md, "First load"). */
  loadPack(): Promise<PackStore> {
    const deps = { records: () => this.storage?.records, levelOf: (id: string) => this.getLevel(id), nameOf: (id: string) => this.catalogue.summaries.get(id)?.name, players: () => this.calibration.tuneContext() };
    return (this.packStore ??= import('./pack.svelte.ts').then(({ PackStore }) => (this.pack = new PackStore(this.editor, () => this.runner, this.analysis, deps))));
  }
  private tuningStore: Promise<TuningStore> | null = null;
  /** Tune to target's store: its code loads, and it is made, when the dialog first opens (first-load budget). */
  loadTuning(): Promise<TuningStore> {
    return (this.tuningStore ??= import('./tuning.svelte.ts').then(
      ({ TuningStore }) =>
        new TuningStore(
          this.editor,
          () => this.runner,
          (level, counts) => this.analysis.show(level, counts),
          (level, band) => this.analysis.setTargets({ [level.id]: { ...band, source: 'designer' } }),
          () => this.calibration.tuneContext(),
        ),
    ));
  }
  /** Players' data and calibration (issue 19); the copilot's analyses add its predictions; CSV numbers are the catalogue's. */
  readonly calibration = new CalibrationStore(
    () => this.storage,
    () => this.runner,
    () => this.catalogue.places.map((p) => ({ id: p.id, number: p.number, name: this.catalogue.summaries.get(p.id)?.name ?? '' })),
    // what the fit measured becomes the level's figure (unless it has one of its current version): the
    // pack view's chart and table, the list's badge, show it at once (issue 34, item 1)
    (level, counts) => this.analysis.showUnlessCurrent(level, counts),
  );
  /**
   * The copilot's store (conversation, provider settings, slash commands): its code loads right after the
   * board is on screen, not with the first page (docs/performance.md, "First load"). Null until then.
   */
  chat = $state.raw<ChatStore | null>(null);
  private chatLoad: Promise<ChatStore> | null = null;
  /** Loads the copilot's store (once), with its settings and the open level's conversation. */
  loadChat(): Promise<ChatStore> {
    return (this.chatLoad ??= this.makeChat().catch((e) => {
      this.chatLoad = null; // offline before the service worker cached it: the next call tries again
      throw e;
    }));
  }
  private async makeChat(): Promise<ChatStore> {
    // with the registry's tools that load on first use: the copilot lists them all (its tool set, /help)
    const [{ ChatStore }, { createAnalysisService }, { publishCopilotAnalysis }] = await Promise.all([import('./chat.svelte.ts'), import('../analysis/service.ts'), import('./copilotAnalysis.ts'), loadTools()]);
    // the copilot's analyses: the registry's tools on the studio's pool, with the calibration's predictions
    const service = createAnalysisService(this.runner, { onProgress: (tool, done, total) => this.chat?.analysisProgress(tool, done, total), calibration: () => this.calibration.model, playersOf: (id: string) => this.calibration.playerData[id] });
    const chat = new ChatStore(this.editor, () => this.storage, () => service, undefined, (r) => publishCopilotAnalysis(this.analysis, r), undefined, () => this.loadGames());
    await this.started;
    await chat.load();
    // from here on openLevel() tells the chat itself; the level open now is told here
    this.chat = chat;
    if (this.editor.level) void chat.open(this.editor.level.id);
    return chat;
  }
  /** Resolves once start()/startWith() has read the stored workspace (the chat reads its settings after it). */
  private started: Promise<void>;
  private markStarted: () => void = () => {};
  readonly catalogue = new CatalogueStore();
  /**
   * The workspace's games (src/stores/games.svelte.ts): the stored games are registered when the
   * workspace loads; the store itself (its code) loads just after, or when first asked. Null until then.
   */
  games = $state.raw<GamesStore | null>(null);
  private gamesLoad: Promise<GamesStore> | null = null;
  loadGames(): Promise<GamesStore> {
    return (this.gamesLoad ??= import('./games.svelte.ts').then(async ({ GamesStore }) => {
      const store = new GamesStore({
        storage: () => this.storage,
        summaries: () => this.catalogue.summaries.values(),
        getLevels: (ids) => this.getLevels(ids),
        writeGameLevels: (levels) => this.writeGameLevels(levels),
      });
      await store.load();
      // the toolbar's Undo and Redo reach the game changes too, in order with the open level's steps
      this.editor.outer = store;
      return (this.games = store);
    }));
  }

  readonly list = new LevelListStore(this.catalogue, (id) => this.badgeOf(id), () => this.analysis.reports);
  /** Imports and exports (their code loads with the first one: docs/performance.md, "First load"). */
  transfer = $state.raw<Transfer | null>(null);
  /** The Selection toolbar's actions (their code loads with the first multi-selection). */
  bulk = $state.raw<BulkActions | null>(null);
  private transferLoad: Promise<Transfer> | null = null;
  private bulkLoad: Promise<BulkActions> | null = null;
  loadTransfer(): Promise<Transfer> {
    // the words of its notices load with its code (not with the first page)
    return (this.transferLoad ??= Promise.all([import('./transfer.svelte.ts'), loadWords('selection')]).then(([{ Transfer }]) => (this.transfer = new Transfer(this))));
  }
  loadBulk(): Promise<BulkActions> {
    return (this.bulkLoad ??= Promise.all([import('./bulk.svelte.ts'), loadWords('selection')]).then(([{ BulkActions }]) => (this.bulk = new BulkActions(this))));
  }
  /** The open folder of level files (issue 32): its code loads with Open folder, or a folder remembered from the last visit. */
  folder = $state.raw<FolderStore | null>(null);
  private folderLoad: Promise<FolderStore> | null = null;
  loadFolder(): Promise<FolderStore> {
    return (this.folderLoad ??= Promise.all([import('./folder.svelte.ts'), loadWords('folder')]).then(([m]) => (this.folder = m.folderStore(this))));
  }
  /** A folder remembered from the last visit comes back (its files are read once access is granted). */
  private async restoreFolder(storage: Storage) {
    const row = await storage.records.get<FolderRow>('folders', 'open').catch(() => undefined);
    if (row) await (await this.loadFolder()).restore(row);
  }
  private deletedLoad: Promise<RecentlyDeletedStore> | null = null;
  /** The Recently deleted panel's store (its code loads when the panel first opens). */
  loadDeleted(): Promise<RecentlyDeletedStore> {
    return (this.deletedLoad ??= import('./deleted.svelte.ts').then(({ RecentlyDeletedStore }) => new RecentlyDeletedStore(this)));
  }
  loaded = $state(false);
  /** True while start() reads the stored workspace (maybe waiting for an older tab): it replaces what is in memory. */
  loading = false;
  fatal = $state<string | null>(null);
  toasts = $state.raw<Toast[]>([]);
  saveState = $state<SaveState>('idle');
  saveMessage = $state<string | null>(null);
  /** True while a field on screen holds a value not yet committed (typed, no Enter yet): the status says Unsaved. */
  typing = $state(false);
  storage: Storage | null = null;
  /** Set while the designer must choose between this tab's version of a level and another tab's. */
  conflict = $state.raw<OpenConflict | null>(null);
  /** The levels of the pack the pack view shows (loaded when it opens; kept in step with edits). */
  packView = $state.raw<{ packId: string; levels: LevelT[] } | null>(null);

  get packs(): PackRecord[] {
    return this.catalogue.packs;
  }
  set packs(packs: PackRecord[]) {
    this.catalogue.packs = packs;
  }

  /** The level list's badge: the last measured win rate of a level (average tier), stale when it changed since. */
  badgeOf(id: string): LevelBadge | null {
    // the level's one figure (src/stores/figure.ts): the same the Analysis panel and the pack table show,
    // stale against the level's stored summary (the list does not load every level)
    const f = figureAt(this.analysis.reports[id], this.catalogue.summaries.get(id)?.hash);
    return f && { winRate: f.winRate, difficulty: f.difficulty, stale: f.stale };
  }

  private toastSeq = 0;
  /** Recently used levels other than the open one, least recent first (bounded: CACHED_LEVELS). */
  readonly cache = new Map<string, LevelT>();
  /** Levels this tab deleted in this session, and where they were (a tab still editing one may save it again). */
  readonly deletedHere = new Map<string, { packId: string; index: number }>();
  /** Asks the designer to confirm something that replaces data (the UI sets a dialog; unset: no). */
  confirm: (question: Said) => boolean = () => false;
  /** Asks a question with several answers (the UI sets the page's choice dialog); resolves to the chosen id, or null. */
  choose: (choice: Choice) => Promise<string | null> = async () => null;
  /** Saves a file for the designer (the UI sets the browser download). */
  download: (name: string, parts: BlobPart[]) => void = () => {};
  /** A folder's games (its `*.game.json` files) join the workspace's games. */
  folderGames(games: GameDef[]): void {
    void this.loadGames().then((g) => {
      // a poll reads the same files again: only a new or changed definition is stored
      const changed = games.filter((d) => JSON.stringify(g.byId(d.id)) !== JSON.stringify(d));
      return changed.length ? g.add(changed) : undefined;
    });
  }
  /** True while a folder of level files is open (the catalogue is kept in files too). */
  hasFolder(): boolean {
    return this.folder?.name != null;
  }
  private keeperLoad: Promise<StorageKeeper> | null = null;
  /** Asks the browser to keep the studio's data once the catalogue holds work (issue 32; its code loads then, or with Settings). */
  loadKeeper(): Promise<StorageKeeper> {
    return (this.keeperLoad ??= import('./keep.ts').then(
      ({ StorageKeeper }) =>
        new StorageKeeper(() => (globalThis.navigator as { storage?: BrowserStorage } | undefined)?.storage, {
          get: async (k) => this.storage?.getSetting(k),
          set: async (k, v) => this.storage?.setSetting(k, v),
        }),
    ));
  }
  private keepAsked = false;

  constructor() {
    this.started = new Promise((resolve) => (this.markStarted = resolve));
    this.editor.onChange = (level) => this.levelChanged(level);
  }

  /** Every committed change of a level: one summary replaced, one level (and summary) written. */
  private levelChanged(level: LevelT) {
    this.workStored();
    this.remember(level);
    this.catalogue.put(summarize(level, this.storage?.revOf(level.id) ?? 0));
    if (this.packView?.levels.some((l) => l.id === level.id))
      this.packView = { ...this.packView, levels: this.packView.levels.map((l) => (l.id === level.id ? level : l)) };
    this.storage?.scheduleLevel(level);
    this.folder?.changed();
  }

  /**
   * The catalogue holds the designer's work (an edit, an import): the browser is asked to keep it, once;
   * a refusal is told once ever, with the two ways out (unless a folder keeps the levels in files).
   */
  private workStored() {
    if (this.keepAsked) return;
    this.keepAsked = true;
    void this.loadKeeper()
      .then(async (keeper) => {
        if ((await keeper.workStored()) !== 'refused' || this.hasFolder() || !(await keeper.firstRefusal())) return;
        await loadWords('storage'); // the words load with the notice
        this.toast(notice('storage.refused'), 'info', { label: notice('storage.downloadBackup'), run: () => void this.exportWorkspace() }, 30000);
      })
      .catch(() => undefined);
  }

  remember(level: LevelT) {
    this.cache.delete(level.id);
    this.cache.set(level.id, level);
    if (this.cache.size > CACHED_LEVELS) this.cache.delete(this.cache.keys().next().value!);
  }

  /** A level as this tab has it now: the open one, a recently used one, else as stored. */
  async getLevel(id: string): Promise<LevelT | undefined> {
    return (await this.getLevels([id]))[0];
  }

  async getLevels(ids: readonly string[]): Promise<(LevelT | undefined)[]> {
    const known = (id: string) => (this.editor.level?.id === id ? this.editor.level : this.cache.get(id));
    const missing = ids.filter((id) => !known(id));
    const read = missing.length && this.storage ? await this.storage.readLevels(missing) : [];
    const got = new Map(missing.map((id, i) => [id, read[i]]));
    return ids.map((id) => known(id) ?? got.get(id));
  }

  /** A level known in memory now (open or recently used), without reading storage. */
  current(id: string): LevelT | undefined {
    return this.editor.level?.id === id ? this.editor.level : this.cache.get(id);
  }

  hashOf(level: LevelT): string {
    return levelHash(level);
  }

  async start() {
    this.loading = true;
    try {
      const storage = await openStorage({
        describe: (e) => {
          const kind = storageErrorKind(e);
          return kind === 'other' ? words('save.err.other', { reason: (e as Error)?.message ?? String(e) }) : words('save.err.' + kind);
        },
        onStatus: (state, message) => {
          this.saveState = state;
          this.saveMessage = message ?? null;
        },
      });
      await this.startWith(storage);
      // a pack job interrupted by a reload goes on (src/stores/jobs.svelte.ts)
      void storage.records.get('jobs', JOB_KEY).then((j) => j && this.loadPack().then((p) => p.resumeStored()), () => undefined);
    } catch (e) {
      this.fatal = (e as Error).message;
    } finally {
      this.loading = false;
    }
  }

  /** Loads the catalogue from `storage` and opens the last level (tests start here with a memory storage). */
  async startWith(storage: Storage) {
    this.storage = storage;
    this.listen(storage);
    // the games first: a level's summary (its hash) needs its game's definition
    const games = await storage.games.list().catch(() => []);
    if (games.length) registerGames(games);
    // the store and the level check load after the page (set_game needs the check)
    void this.loadGames().then(() => import('../core/level/fit.ts')).then((f) => f.loadFitCheck());
    const lang = (await storage.getSetting<string>('language')) ?? detectLanguage();
    await setLanguage(lang);
    const cat = await storage.loadCatalogue();
    this.catalogue.load(cat.packs, cat.summaries);
    const rows = await storage.listReports().catch(() => []);
    this.analysis.restore(rows.map(reviveReport).filter((r): r is Report => r !== null));
    const lastId = await storage.getSetting<string>('currentLevelId');
    const open = lastId && this.catalogue.has(lastId) ? lastId : this.catalogue.atNumber(1);
    if (open) {
      const level = await this.getLevel(open);
      if (level) {
        this.editor.open(level);
        this.list.select(open, 'only');
      }
    }
    this.loaded = true;
    this.markStarted();
    void this.restoreFolder(storage);
    // what was deleted more than RECENTLY_DELETED_DAYS ago goes for good (a look at an index; rarely more)
    void storage.deleted.purgeExpired().then(async (gone) => void (gone.length && (await this.loadDeleted()).forget(gone)), () => undefined);
  }

  // ── other tabs ────────────────────────────────────────────────────────────────────────────
  private listen(storage: Storage) {
    storage.sync = {
      levelConflict: (c) => this.mergeLevelConflict(c),
      packsConflict: async (c) => {
        const { mergePackLists } = await loadMerge();
        const merged = mergePackLists(c.base, this.packs, c.theirs);
        storage.rebasePacks(c.theirs, c.rev);
        for (const n of merged.nameConflicts) this.toast(notice('sync.packNameKept', { mine: n.mine, theirs: n.theirs }));
        this.setPacks(merged.packs);
        void this.loadMissingLevels();
      },
      remoteLevel: (level, rev) => {
        storage.rebaseLevel(level, rev);
        this.showLevel(level);
        this.relistIfEditedElsewhere(level);
      },
      remoteSummaries: (list) => {
        for (const x of list) this.cache.delete(x.id); // a stale copy is read again when needed
        this.catalogue.putMany(list);
        for (const x of list) this.relistIfEditedElsewhere(x);
      },
      remoteLevelDeleted: (id) => this.forgetDeletedLevel(id),
      remotePacks: (packs, rev) => {
        storage.rebasePacks(packs, rev);
        this.packs = packs;
        void this.loadMissingLevels();
      },
      remoteSetting: (key, value) => {
        if (key === 'language' && (value === 'en' || value === 'zh')) void setLanguage(value);
        else this.chat?.applyStoredSetting(key, value); // a chat not loaded yet reads the settings when it loads
      },
      remoteMessages: (levelId) => void this.chat?.reload(levelId),
      remoteWorkspace: () => void this.reloadWorkspace(),
      remoteGames: (games) => void this.loadGames().then((g) => g.adopt(games)),
    };
  }

  /**
   * A level this tab deleted that another tab was still editing comes back (that tab saved it again):
   * it goes back where it was, with a notice, instead of living on in storage where no list shows it.
   */
  private relistIfEditedElsewhere(level: { id: string; name: string }) {
    const was = this.deletedHere.get(level.id);
    if (!was || this.catalogue.packOf(level.id)) return;
    this.deletedHere.delete(level.id);
    const pack = this.listAt([level.id], was.packId, was.index);
    if (pack) this.toast(notice('sync.revived', { name: level.name, pack: pack.name }), 'info', undefined, 10000);
  }

  /** A level as stored elsewhere (or merged with it) becomes this tab's version, without a new save. */
  showLevel(level: LevelT, note: StepLabel = notice('sync.fromOtherTab')) {
    this.remember(level);
    this.catalogue.put(summarize(level, this.storage?.revOf(level.id) ?? 0));
    if (this.editor.level?.id === level.id) this.editor.adopt(level, note);
    this.folder?.changed();
  }

  /** A save that met another tab's write: merged field by field, else the conflict dialog (src/stores/conflict.ts, loaded then). */
  private async mergeLevelConflict(c: LevelConflict): Promise<boolean> {
    return (await import('./conflict.ts')).mergeConflict(this, c);
  }

  /** The designer's answer to a conflict; the version not chosen is kept as a copy beside it. */
  async resolveConflict(keep: 'mine' | 'theirs') {
    return (await import('./conflict.ts')).resolveConflict(this, keep);
  }

  /** Levels another tab added to the pack list arrive after it: read their summaries from storage. */
  private async loadMissingLevels() {
    const missing = this.packs.flatMap((p) => p.levelIds).filter((id) => !this.catalogue.has(id));
    if (!missing.length || !this.storage) return;
    const levels = await this.storage.readLevels(missing);
    this.catalogue.putMany(levels.filter((l): l is LevelT => !!l && !this.catalogue.has(l.id)).map((l) => summarize(l, this.storage?.revOf(l.id) ?? 0)));
  }

  private forgetDeletedLevel(id: string) {
    const name = this.catalogue.nameOf(id);
    if (name === undefined) return;
    this.catalogue.remove([id]);
    this.cache.delete(id);
    this.list.prune();
    if (this.editor.level?.id !== id) return;
    const next = this.catalogue.atNumber(1);
    if (next) void this.openLevel(next);
    this.toast(notice('sync.deletedElsewhere', { name }));
  }

  /** Another tab restored a backup (or this one did): show the restored workspace (src/stores/restore.ts). */
  async reloadWorkspace() {
    return (await import('./restore.ts')).reloadWorkspace(this);
  }

  /** Writes what is waiting now. */
  flush() {
    void this.storage?.flush();
  }
  /** The page is being hidden or closed: every waiting level is written in this task. */
  flushOnHide() {
    this.storage?.flushOnHide();
  }
  retrySave() {
    void this.storage?.retry();
  }

  toast(said: Said, kind: Toast['kind'] = 'info', action?: Toast['action'], ms = kind === 'error' ? 12000 : 6000) {
    const id = ++this.toastSeq;
    this.toasts = [...this.toasts, { id, kind, said, action }];
    setTimeout(() => this.dismissToast(id), ms);
  }
  dismissToast(id: number) {
    this.toasts = this.toasts.filter((x) => x.id !== id);
  }

  async setLanguage(l: 'en' | 'zh') {
    // the catalogue of a language not in use yet loads first (docs/performance.md, "First load")
    if (!(await setLanguage(l))) return this.toast(notice('settings.languageFailed'), 'error');
    await this.storage?.setSetting('language', l);
  }

  /** Opens a level (read from storage unless it is in memory); the last one asked wins. */
  private opening = 0;
  async openLevel(id: string) {
    const mine = ++this.opening;
    const open = this.editor.level;
    const level = open?.id === id ? open : await this.getLevel(id);
    if (!level || mine !== this.opening) return;
    if (open && open.id !== id) this.remember(open);
    void this.storage?.flush();
    this.editor.open(level);
    void this.chat?.open(id);
    void this.storage?.setSetting('currentLevelId', id);
  }

  setPacks(packs: PackRecord[]) {
    this.packs = packs;
    this.storage?.savePacks(packs);
    this.folder?.changed();
  }

  /**
   * Adds levels to a pack after `afterId` (or at the end) and opens the first. A few are saved one by
   * one (with the revision check); many (an import) are written a page per transaction with progress.
   */
  async addLevels(levels: LevelT[], packId?: string, afterId?: string, open = true, progress?: { onProgress?(done: number, total: number): void; cancelled?(): boolean }) {
    if (!levels.length) return;
    this.workStored();
    // what is opened next is in memory before it is stored (a read now could miss the write under way)
    for (const l of levels.slice(0, 20)) this.remember(l);
    if (levels.length > 20 && this.storage) {
      const summaries = await this.storage.putLevels(levels, progress);
      this.catalogue.putMany(summaries);
    } else {
      for (const l of levels) this.storage?.saveLevelNow(l);
      this.catalogue.putMany(levels.map((l) => summarize(l)));
    }
    let packs = this.packs;
    if (!packs.length) packs = [{ id: newId(), name: words('levels.newPackName', { n: 1 }), levelIds: [] }];
    const target = packs.find((p) => p.id === packId) ?? (this.editor.level && this.catalogue.packOf(this.editor.level.id)) ?? packs[0];
    const ids = levels.map((l) => l.id);
    const at = afterId ? target.levelIds.indexOf(afterId) + 1 : target.levelIds.length;
    const cut = at || target.levelIds.length;
    const levelIds = [...target.levelIds.slice(0, cut), ...ids, ...target.levelIds.slice(cut)];
    this.setPacks(packs.map((p) => (p.id === target.id ? { ...p, levelIds } : p)));
    if (open) await this.openLevel(levels[0].id);
  }

  newLevel() {
    if (this.loading) return; // the stored workspace, once loaded, would replace it
    const n = this.catalogue.size + 1;
    // a new level plays its pack's game (the pack's first level's), else classic
    const pack = (this.editor.level && this.catalogue.packOf(this.editor.level.id)) ?? this.packs[0];
    const first = pack?.levelIds.find((id) => this.catalogue.has(id));
    const named = first ? this.catalogue.summaries.get(first)?.game : undefined;
    const game = named && gameById(named) ? named : 'classic';
    const level = createLevel({ name: this.catalogue.uniqueName(words('levels.newName', { n })) });
    void this.addLevels([game === 'classic' ? level : { ...level, game }]);
  }

  /**
   * A game's levels written again after its definition changed (src/stores/games.svelte.ts): new
   * summaries (the game's play hash is in a level's hash, so reports read as measured on an older
   * game); a level whose content changed is what memory and the editor show from now on.
   */
  async writeGameLevels(levels: readonly LevelT[]) {
    return (await import('./gameLevels.ts')).writeGameLevels(this, levels);
  }


  /** A copy of a level right after it, named "… copy". */
  copyOf(src: LevelT): LevelT {
    return { ...structuredClone($state.snapshot(src) as LevelT), id: newId(), name: this.catalogue.uniqueName(words('levels.copyOf', { name: src.name }).slice(0, 80)) };
  }

  async duplicateLevel(id: string) {
    const src = await this.getLevel(id);
    if (!src) return;
    await this.addLevels([this.copyOf(src)], this.catalogue.packOf(id)?.id, id);
  }

  async deleteLevel(id: string) {
    await this.deleteLevels([id]);
  }

  /** Moves to Recently deleted still being written (a restore waits for them). */
  private moving = new Set<Promise<unknown>>();
  trackMove(p: Promise<unknown> | undefined): void {
    if (!p) return;
    const tracked = p.catch((e) => this.toast(notice('deleted.failed', { reason: (e as Error)?.message ?? String(e) }), 'error')).finally(() => this.moving.delete(tracked));
    this.moving.add(tracked);
  }

  /** Resolves once every move to Recently deleted started so far is written (or failed). */
  async deletesWritten() {
    await Promise.allSettled([...this.moving]);
  }

  /**
   * Deletes levels (one, or a selection) as one step: they move to Recently deleted, and the notice's
   * Undo brings every one back where it was (src/stores/deleting.ts, loaded with the first delete).
   */
  async deleteLevels(ids: string[]) {
    return (await import('./deleting.ts')).deleteLevels(this, ids);
  }

  /**
   * Brings entries of Recently deleted back where they were (the notice's Undo, the panel's Restore), once
   * the moves under way are written: src/stores/restore.ts, loaded then.
   */
  async restoreDeleted(entryIds: readonly string[]) {
    await this.deletesWritten();
    return (await import('./restore.ts')).restoreDeleted(this, entryIds);
  }


  /** Lists levels in a pack (the first pack when that one is gone) at `index`; returns the pack. */
  private listAt(ids: string[], packId: string, index: number): PackRecord | undefined {
    const pack = this.packs.find((p) => p.id === packId) ?? this.packs[0];
    if (!pack) return undefined;
    const levelIds = [...pack.levelIds];
    levelIds.splice(Math.min(index, levelIds.length), 0, ...ids);
    this.setPacks(this.packs.map((p) => (p.id === pack.id ? { ...p, levelIds } : p)));
    return pack;
  }

  moveLevel(id: string, packId: string, index: number) {
    const from = this.catalogue.packOf(id);
    if (!from) return;
    const packs = this.packs.map((p) => ({ ...p, levelIds: [...p.levelIds] }));
    const src = packs.find((p) => p.id === from.id)!;
    const dst = packs.find((p) => p.id === packId);
    if (!dst) return;
    const oldIndex = src.levelIds.indexOf(id);
    src.levelIds.splice(oldIndex, 1);
    const at = src === dst && oldIndex < index ? index - 1 : index;
    dst.levelIds.splice(Math.max(0, Math.min(at, dst.levelIds.length)), 0, id);
    this.setPacks(packs);
  }

  newPack() {
    const pack: PackRecord = { id: newId(), name: words('levels.newPackName', { n: this.packs.length + 1 }), levelIds: [] };
    this.folder?.adoptPack(pack.id, pack.name); // while a folder is open, a new pack is a sub-folder of it
    this.setPacks([...this.packs, pack]);
  }
  /**
   * Renames a pack (while a folder is open, a folder pack's sub-folder too). False when refused: another
   * folder has that name already (the folder's notice says so; the pack keeps its name).
   */
  renamePack(id: string, name: string): boolean {
    const clean = name.slice(0, 80);
    if (this.folder?.renameDir(id, clean)) return false; // refused: the folder's notice says why
    this.setPacks(this.packs.map((p) => (p.id === id ? { ...p, name: clean } : p)));
    return true;
  }
  /** Deletes a pack with its levels: it moves to Recently deleted (src/stores/deleting.ts, loaded then). */
  async deletePack(id: string) {
    return (await import('./deleting.ts')).deletePack(this, id);
  }

  /** Loads the pack's levels for the pack view (kept in step with edits while it is open). */
  async openPackView(packId: string): Promise<LevelT[]> {
    const pack = this.packs.find((p) => p.id === packId);
    const levels = pack ? (await this.getLevels(pack.levelIds)).filter((l): l is LevelT => !!l) : [];
    this.packView = { packId, levels };
    return levels;
  }
  closePackView() {
    this.packView = null;
  }

  /** A report of any level (Compare's versions): the registry's analyze_level, as the Analyze button runs it. */
  async reportOf(level: LevelT, games: number = ANALYSIS_GAMES.default): Promise<Report> {
    const t0 = performance.now();
    const r = await runTool(level, 'analyze_level', { games, tier: DEFAULT_TIER }, { runner: this.runner });
    if (!r.ok) throw new Error(r.error);
    return makeReport(level, 'analyze', games, (r.data as { counts: SimCounts[] }).counts, performance.now() - t0);
  }

  // ── files (src/stores/transfer.svelte.ts) ────────────────────────────────────────────────────
  async exportLevel() {
    return (await this.loadTransfer()).exportLevel();
  }
  async exportPack(id: string) {
    return (await this.loadTransfer()).exportPack(id);
  }
  async exportWorkspace() {
    return (await this.loadTransfer()).exportWorkspace();
  }
  async exportSelection(ids: readonly string[]) {
    return (await this.loadTransfer()).exportSelection(ids);
  }
  async importFiles(files: File[]) {
    return (await this.loadTransfer()).importFiles(files);
  }

  /** New contents for existing levels, where they are; their history described the old contents, so it goes. */
  putLevelsInPlace(levels: LevelT[]) {
    for (const l of levels) {
      this.storage?.saveLevelNow(l);
      this.remember(l);
      this.catalogue.put(summarize(l, this.storage?.revOf(l.id) ?? 0));
      this.editor.forget(l.id);
      if (this.editor.level?.id === l.id) this.editor.open(l);
    }
    this.folder?.changed();
  }

  /** Removes levels just added (an import's Undo). */
  removeLevels(ids: Iterable<string>) {
    const gone = new Set(ids);
    this.catalogue.remove(gone);
    for (const id of gone) this.cache.delete(id);
    if (gone.size) void this.storage?.deleteLevels([...gone]);
    this.setPacks(this.packs.map((p) => ({ ...p, levelIds: p.levelIds.filter((x) => !gone.has(x)) })));
    this.list.prune();
  }
}
