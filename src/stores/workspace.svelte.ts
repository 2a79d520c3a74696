// The workspace: the studio's stores, built once (createStudio: src/ui/studio.ts) and wired together —
// storage, the catalogue (catalogue.svelte.ts), the open level's editor, the level list's view
// (levelList.svelte.ts), the analysis and calibration; the stores whose code loads on first use (pack
// view, tuning, copilot, games, imports and exports, bulk actions, folder, Recently deleted, storage
// keeping); and the start from storage. Its other jobs are stores of their own: notices and save state
// (notices.svelte.ts), levels in memory (levelMemory.ts), the catalogue's actions
// (levelActions.svelte.ts), other tabs (tabSync.ts). The helper stores reach it through host.ts.
import type { GameDef } from '../core/game/types.ts';
import { levelHash, type LevelT } from '../core/level/index.ts';
import { summarize } from '../core/catalogue/summary.ts';
import { EditorStore } from './editor.svelte.ts';
import { detectLanguage, loadWords, setLanguage, words } from './words.ts';
import { notice, type Said, type StepLabel } from '../core/notice.ts';
import { Notices } from './notices.svelte.ts';
import { LevelMemory } from './levelMemory.ts';
import { LevelActions } from './levelActions.svelte.ts';
import type { Choice } from './choice.svelte.ts';
import { openStorage, type Storage, type PackRecord, type LevelConflict } from '../db/storage.ts';
import { storageErrorKind } from '../db/studioDb.ts';
import { afterNextFrame, writeAfterNextFrame } from '../db/afterFrame.ts';
import { AnalysisStore, reviveReport, type Report } from './analysis.svelte.ts';
import type { TuningStore } from './tuning.svelte.ts';
import { figureAt } from './figure.ts';
import { CalibrationStore } from './calibration.svelte.ts';
import type { PackStore } from './pack.svelte.ts';
import { JOB_KEY } from './jobKey.ts';
import type { ChatStore } from './chat.svelte.ts';
import { AnalysisRunner } from '../analysis/runner.ts';
import { pagePool } from '../analysis/pagePool.ts';
import type { SimCounts } from '../core/sim/analysis/index.ts';
import { loadTools } from '../core/tools/index.ts';
import { CatalogueStore } from './catalogue.svelte.ts';
import type { GamesStore } from './games.svelte.ts';
import { registerGames } from '../core/game/known.ts';
import { LevelListStore, type LevelBadge } from './levelList.svelte.ts';
import type { Transfer } from './transfer.svelte.ts';
import type { BulkActions } from './bulk.svelte.ts';
import type { RecentlyDeletedStore } from './deleted.svelte.ts';
import type { StorageKeeper, BrowserStorage } from './keep.ts';
import type { StudioHost, OpenConflict } from './host.ts';
import type { FolderStore, FolderRow } from './folder.svelte.ts';

export type { LevelBadge, OpenConflict };
export type { SaveState } from './notices.svelte.ts';

export class Workspace implements StudioHost {
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
          () => this.calibration.tuneContext(), () => this.loadGames(),
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
  storage: Storage | null = null;
  /** Set while the designer must choose between this tab's version of a level and another tab's. */
  conflict = $state.raw<OpenConflict | null>(null);

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

  readonly notices = new Notices();
  readonly memory = new LevelMemory(() => this.editor.level, () => this.storage);
  readonly actions: LevelActions = new LevelActions(this);

  constructor() {
    this.started = new Promise((resolve) => (this.markStarted = resolve));
    this.editor.onChange = (level) => this.levelChanged(level);
  }

  /** Every committed change of a level: one summary replaced, one level (and summary) written. */
  private levelChanged(level: LevelT) {
    this.workStored();
    this.remember(level);
    this.catalogue.put(summarize(level, this.storage?.revOf(level.id) ?? 0));
    this.analysis.levelAt(level); // a version it had a report of (Undo, an applied proposal): that report again
    const view = this.actions.packView;
    if (view?.levels.some((l) => l.id === level.id)) this.actions.packView = { ...view, levels: view.levels.map((l) => (l.id === level.id ? level : l)) };
    this.storage?.scheduleLevel(level);
    this.folder?.changed();
  }

  /**
   * The catalogue holds the designer's work (an edit, an import): the browser is asked to keep it, once;
   * a refusal is told once ever, with the two ways out (unless a folder keeps the levels in files).
   */
  workStored() {
    if (this.keepAsked) return;
    this.keepAsked = true;
    void this.loadKeeper()
      .then(async (keeper) => {
        if ((await keeper.workStored()) !== 'refused' || this.hasFolder() || !(await keeper.firstRefusal())) return;
        await loadWords('storage'); // the words load with the notice
        this.notices.toast(notice('storage.refused'), 'info', { label: notice('storage.downloadBackup'), run: () => void this.exportWorkspace() }, 30000);
      })
      .catch(() => undefined);
  }

  // ── levels in memory (src/stores/levelMemory.ts) ─────────────────────────────────────────────
  get cache() { return this.memory.cache; }
  remember(level: LevelT) { this.memory.remember(level); }
  current(id: string) { return this.memory.current(id); }
  getLevels(ids: readonly string[]) { return this.memory.getLevels(ids); }
  async getLevel(id: string): Promise<LevelT | undefined> { return (await this.memory.getLevels([id]))[0]; }

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
          this.notices.saveState = state;
          this.notices.saveMessage = message ?? null;
        },
      });
      await this.startWith(storage);
      // a pack job interrupted by a reload goes on (src/stores/jobs.svelte.ts)
      void storage.records.get('jobs', JOB_KEY).then((j) => j && this.loadPack().then((p) => p.resumeStored()), () => undefined);
    } catch (e) {
      this.notices.fatal = (e as Error).message;
    } finally {
      this.loading = false;
    }
  }

  /** Loads the catalogue from `storage` and opens the last level (tests start here with a memory storage). */
  async startWith(storage: Storage) {
    this.storage = storage;
    // other tabs' news (tabSync.ts) load beside the catalogue, not with the first page; heard before it opens
    const tabs = import('./tabSync.ts').then((m) => new m.TabSync(this).listen(storage));
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
    await tabs;
    this.loaded = true;
    this.markStarted();
    void this.restoreFolder(storage);
    // what was deleted more than RECENTLY_DELETED_DAYS ago goes for good (a look at an index; rarely more)
    void storage.deleted.purgeExpired().then(async (gone) => void (gone.length && (await this.loadDeleted()).forget(gone)), () => undefined);
  }

  // ── other tabs (src/stores/tabSync.ts) ──────────────────────────────────────────────────
  /** A save that met another tab's write: merged field by field, else the conflict dialog (src/stores/conflict.ts, loaded then). */
  async mergeLevelConflict(c: LevelConflict): Promise<boolean> {
    return (await import('./conflict.ts')).mergeConflict(this, c);
  }

  /** The designer's answer to a conflict; the version not chosen is kept as a copy beside it. */
  async resolveConflict(keep: 'mine' | 'theirs') {
    return (await import('./conflict.ts')).resolveConflict(this, keep);
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

  async setLanguage(l: 'en' | 'zh') {
    // the catalogue of a language not in use yet loads first (docs/performance.md, "First load")
    if (!(await setLanguage(l))) return this.notices.toast(notice('settings.languageFailed'), 'error');
    await this.storage?.setSetting('language', l);
  }

  /**
   * A game's levels written again after its definition changed (src/stores/games.svelte.ts): new
   * summaries (the game's play hash is in a level's hash, so reports read as measured on an older
   * game); a level whose content changed is what memory and the editor show from now on.
   */
  async writeGameLevels(levels: readonly LevelT[]) {
    return (await import('./gameLevels.ts')).writeGameLevels(this, levels);
  }


  // ── files (src/stores/transfer.svelte.ts) ────────────────────────────────────────────────────
  async exportLevel() { return (await this.loadTransfer()).exportLevel(); }
  async exportPack(id: string) { return (await this.loadTransfer()).exportPack(id); }
  async exportWorkspace() { return (await this.loadTransfer()).exportWorkspace(); }
  async exportSelection(ids: readonly string[]) { return (await this.loadTransfer()).exportSelection(ids); }
  async importFiles(files: File[]) { return (await this.loadTransfer()).importFiles(files); }

  // ── the catalogue's actions (src/stores/levelActions.svelte.ts), for the helper stores ─────────
  openLevel(id: string) { return this.actions.openLevel(id); }
  setPacks(packs: PackRecord[]) { this.actions.setPacks(packs); }
  addLevels(...a: Parameters<LevelActions['addLevels']>) { return this.actions.addLevels(...a); }
  newLevel() { this.actions.newLevel(); }
  copyOf(src: LevelT) { return this.actions.copyOf(src); }
  deleteLevels(ids: string[]) { return this.actions.deleteLevels(ids); }
  restoreDeleted(entryIds: readonly string[]) { return this.actions.restoreDeleted(entryIds); }
  trackMove(p: Promise<unknown> | undefined) { this.actions.trackMove(p); }
  deletesWritten() { return this.actions.deletesWritten(); }
  listAt(ids: string[], packId: string, index: number) { return this.actions.listAt(ids, packId, index); }
  renamePack(id: string, name: string) { return this.actions.renamePack(id, name); }
  deletePack(id: string) { return this.actions.deletePack(id); }
  putLevelsInPlace(levels: LevelT[]) { this.actions.putLevelsInPlace(levels); }
  removeLevels(ids: Iterable<string>) { this.actions.removeLevels(ids); }
  /** A level changed elsewhere (another tab, a file of the folder, a merge): kept, listed, and shown if open, with `note` as its undo step's label. */
  showLevel(level: LevelT, note: StepLabel = notice('sync.fromOtherTab')) {
    this.remember(level);
    this.catalogue.put(summarize(level, this.storage?.revOf(level.id) ?? 0));
    if (this.editor.level?.id === level.id) this.editor.adopt(level, note);
    this.folder?.changed();
  }
  toast(...a: Parameters<Notices['toast']>) { this.notices.toast(...a); }
}
