// The workspace: packs of levels, which level is open, autosave, import/export, notices.
import { createLevel, levelHash, newId, parseLevel, serializeLevel, type LevelT } from '../core/level/index.ts';
import { EditorStore } from './editor.svelte.ts';
import { setLocale, t, detectLocale, type Locale } from '../i18n/index.svelte.ts';
import type { Toast } from '../ui/common/toast.ts';
import { askChoice, type Choice } from '../ui/common/choice.svelte.ts';
import { openStorage, type Storage, type PackRecord, type LevelConflict } from '../db/storage.ts';
import type { LevelPart } from '../core/level/merge.ts';
// the merges load when a conflict first happens: most sessions never meet one
const loadMerge = () => import('../core/level/merge.ts');
import { storageErrorKind } from '../db/studioDb.ts';
import { afterNextFrame, writeAfterNextFrame } from '../db/afterFrame.ts';
import { AnalysisStore, makeReport, reviveReport, type Report } from './analysis.svelte.ts';
import { TuningStore } from './tuning.svelte.ts';
import type { PackStore } from './pack.svelte.ts';
import { JOB_KEY } from './jobKey.ts';
import { pct } from '../core/format.ts';
import { ChatStore } from './chat.svelte.ts';
import { createAnalysisService } from '../analysis/service.ts';
import { publishCopilotAnalysis } from './copilotAnalysis.ts';
import { AnalysisRunner } from '../analysis/runner.ts';
import { getPool } from '../analysis/browserPool.ts';
import type { SimCounts } from '../core/sim/analysis/index.ts';
import { runTool } from '../core/tools/index.ts';
import { ANALYSIS_GAMES, DEFAULT_TIER } from '../core/facts.ts';
import type { Difficulty } from '../core/sim/analysis/summary.ts';
import type { FileContent } from '../core/files/formats.ts';
// the file formats (detection, validation, backups) load with the first import or export
const loadFormats = () => import('../core/files/formats.ts');

export interface LevelBadge {
  winRate: number;
  difficulty: Difficulty | null;
  stale: boolean;
}

export type SaveState = 'idle' | 'saving' | 'saved' | 'error' | 'memory';

/** The open question after another tab changed the same part of a level as this one. */
export interface OpenConflict {
  id: string;
  name: string;
  theirs: LevelT;
  rev: number;
  parts: LevelPart[];
}

export class Workspace {
  readonly editor = new EditorStore();
  readonly runner = new AnalysisRunner(getPool, {
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
    const deps = { records: () => this.storage?.records, levelOf: (id: string) => this.levels[id], undoLabel: (x: number) => t('tune.undoLabel', { target: pct(x) }) };
    return (this.packStore ??= import('./pack.svelte.ts').then(({ PackStore }) => (this.pack = new PackStore(this.editor, () => this.runner, deps))));
  }
  readonly tuning = new TuningStore(this.editor, () => this.runner, (level, counts) => this.analysis.show(level, counts));
  readonly analysisService = createAnalysisService(this.runner, { onProgress: (tool, done, total) => this.chat.analysisProgress(tool, done, total) });
  readonly chat: ChatStore = new ChatStore(this.editor, () => this.storage, () => this.analysisService, undefined, (r) => publishCopilotAnalysis(this.analysis, r));
  packs = $state.raw<PackRecord[]>([]);
  levels = $state.raw<Record<string, LevelT>>({});
  loaded = $state(false);
  /** True while start() reads the stored workspace (maybe waiting for an older tab): it replaces what is in memory. */
  private loading = false;
  fatal = $state<string | null>(null);
  toasts = $state.raw<Toast[]>([]);
  saveState = $state<SaveState>('idle');
  saveMessage = $state<string | null>(null);
  storage: Storage | null = null;
  /** Set while the designer must choose between this tab's version of a level and another tab's. */
  conflict = $state.raw<OpenConflict | null>(null);

  packList = $derived(
    this.packs.map((p) => ({
      id: p.id,
      name: p.name,
      levels: p.levelIds.filter((id) => this.levels[id]).map((id) => ({ id, name: this.levels[id].name, level: this.levels[id], badge: this.badgeOf(id) })),
    })),
  );

  /** The level list's badge: the last measured win rate of a level (average tier), stale when it changed since. */
  private badgeOf(id: string): LevelBadge | null {
    const r = this.analysis.reports[id];
    const lvl = this.levels[id];
    if (!r || !lvl) return null;
    return { winRate: r.main.winRate, difficulty: r.deep.difficulty, stale: r.hash !== levelHash(lvl) };
  }

  private toastSeq = 0;
  /** Levels this tab deleted in this session, and where they were (a tab still editing one may save it again). */
  private deletedHere = new Map<string, { packId: string; index: number }>();
  /** Asks the designer to confirm something that replaces data (a dialog in the page). */
  confirm: (question: string) => boolean = (q) => (typeof window !== 'undefined' ? window.confirm(q) : false);
  /** Asks a question with several answers (the page's choice dialog); resolves to the chosen id, or null. */
  choose: (choice: Choice) => Promise<string | null> = askChoice;

  constructor() {
    this.editor.onChange = (level) => {
      this.levels = { ...this.levels, [level.id]: level };
      this.storage?.scheduleLevel(level);
    };
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
          return kind === 'other' ? t('save.err.other', { reason: (e as Error)?.message ?? String(e) }) : t('save.err.' + kind);
        },
        onStatus: (state, message) => {
          this.saveState = state;
          this.saveMessage = message ?? null;
        },
      });
      this.storage = storage;
      this.listen(storage);
      await this.chat.load();
      const lang = (await storage.getSetting<Locale>('language')) ?? detectLocale();
      await setLocale(lang);
      const ws = await storage.loadWorkspace();
      this.packs = ws.packs;
      this.levels = Object.fromEntries(ws.levels.map((l) => [l.id, l]));
      const rows = await storage.listReports().catch(() => []);
      this.analysis.restore(rows.map(reviveReport).filter((r): r is Report => r !== null));
      const lastId = await storage.getSetting<string>('currentLevelId');
      const first = ws.packs.flatMap((p) => p.levelIds).find((id) => this.levels[id]);
      const open = lastId && this.levels[lastId] ? lastId : first;
      if (open) {
        this.editor.open(this.levels[open]);
        void this.chat.open(open);
      }
      this.loaded = true;
      // a pack job interrupted by a reload goes on (src/stores/jobs.svelte.ts)
      void storage.records.get('jobs', JOB_KEY).then((j) => j && this.loadPack().then((p) => p.resumeStored()), () => undefined);
    } catch (e) {
      this.fatal = (e as Error).message;
    } finally {
      this.loading = false;
    }
  }

  // ── other tabs ────────────────────────────────────────────────────────────────────────────
  private listen(storage: Storage) {
    storage.sync = {
      levelConflict: (c) => this.mergeLevelConflict(c),
      packsConflict: async (c) => {
        const { mergePackLists } = await loadMerge();
        const merged = mergePackLists(c.base, this.packs, c.theirs);
        storage.rebasePacks(c.theirs, c.rev);
        for (const n of merged.nameConflicts) this.toast(t('sync.packNameKept', { mine: n.mine, theirs: n.theirs }));
        this.setPacks(merged.packs);
        void this.loadMissingLevels();
      },
      remoteLevel: (level, rev) => {
        storage.rebaseLevel(level, rev);
        this.showLevel(level);
        this.relistIfEditedElsewhere(level);
      },
      remoteLevelDeleted: (id) => this.forgetDeletedLevel(id),
      remotePacks: (packs, rev) => {
        storage.rebasePacks(packs, rev);
        this.packs = packs;
        void this.loadMissingLevels();
      },
      remoteSetting: (key, value) => {
        if (key === 'language' && (value === 'en' || value === 'zh')) void setLocale(value);
        else this.chat.applyStoredSetting(key, value);
      },
      remoteMessages: (levelId) => void this.chat.reload(levelId),
      remoteWorkspace: () => void this.reloadWorkspace(),
    };
  }

  /**
   * A level this tab deleted that another tab was still editing comes back (that tab saved it again):
   * it goes back where it was, with a notice, instead of living on in storage where no list shows it.
   */
  private relistIfEditedElsewhere(level: LevelT) {
    const was = this.deletedHere.get(level.id);
    if (!was || this.packOf(level.id)) return;
    this.deletedHere.delete(level.id);
    const pack = this.listAt(level.id, was.packId, was.index);
    if (pack) this.toast(t('sync.revived', { name: level.name, pack: pack.name }), 'info', undefined, 10000);
  }

  /** A level as stored elsewhere (or merged with it) becomes this tab's version, without a new save. */
  private showLevel(level: LevelT) {
    this.levels = { ...this.levels, [level.id]: level };
    if (this.editor.level?.id === level.id) this.editor.adopt(level, t('sync.fromOtherTab'));
  }

  /** Another tab saved the same level first: merge when the edits touch different parts, else ask. */
  private async mergeLevelConflict(c: LevelConflict): Promise<boolean> {
    const { mergeLevels } = await loadMerge();
    const id = c.mine.id;
    const mine = this.levels[id] ?? c.mine; // newer than the refused save when editing went on
    const merged = c.base ? mergeLevels(c.base, mine, c.theirs) : { ok: false as const, conflicts: [] };
    if (!merged.ok) {
      this.conflict = { id, name: mine.name, theirs: c.theirs, rev: c.rev, parts: merged.conflicts };
      return false;
    }
    this.storage?.rebaseLevel(c.theirs, c.rev);
    this.showLevel(merged.level);
    this.storage?.scheduleLevel(merged.level);
    if (this.conflict?.id === id) this.conflict = null;
    this.toast(t('sync.merged', { name: merged.level.name }));
    return true;
  }

  /** The designer's answer to a conflict; the version not chosen is kept as a copy beside it. */
  resolveConflict(keep: 'mine' | 'theirs') {
    const c = this.conflict;
    const storage = this.storage;
    if (!c || !storage) return;
    this.conflict = null;
    const mine = this.levels[c.id];
    if (!mine) return;
    storage.rebaseLevel(c.theirs, c.rev);
    const copyOf = (l: LevelT, key: string): LevelT => ({ ...l, id: newId(), name: this.uniqueName(t(key, { name: l.name }).slice(0, 80)) });
    if (keep === 'mine') {
      storage.scheduleLevel(mine);
      this.addLevels([copyOf(c.theirs, 'sync.theirCopy')], this.packOf(c.id)?.id, c.id, false);
    } else {
      storage.discardLevel(c.id);
      this.showLevel(c.theirs);
      this.addLevels([copyOf(mine, 'sync.myCopy')], this.packOf(c.id)?.id, c.id, false);
    }
  }

  /** Levels another tab added to the pack list arrive after it: read them from storage. */
  private async loadMissingLevels() {
    const missing = this.packs.flatMap((p) => p.levelIds).filter((id) => !this.levels[id]);
    for (const id of missing) {
      const level = await this.storage?.readLevel(id);
      if (level && !this.levels[id]) this.levels = { ...this.levels, [id]: level };
    }
  }

  private forgetDeletedLevel(id: string) {
    const level = this.levels[id];
    if (!level) return;
    const { [id]: _gone, ...rest } = this.levels;
    this.levels = rest;
    if (this.editor.level?.id !== id) return;
    const next = this.packs.flatMap((p) => p.levelIds).find((x) => this.levels[x]);
    if (next) this.openLevel(next);
    this.toast(t('sync.deletedElsewhere', { name: level.name }));
  }

  /** Another tab restored a backup: show the restored workspace. */
  private async reloadWorkspace() {
    const storage = this.storage;
    if (!storage) return;
    await storage.flush();
    const ws = await storage.loadWorkspace();
    this.packs = ws.packs;
    this.levels = Object.fromEntries(ws.levels.map((l) => [l.id, l]));
    for (const id of Object.keys(this.levels)) this.editor.forget(id);
    this.chat.levelId = null;
    const open = this.editor.level && this.levels[this.editor.level.id] ? this.editor.level.id : ws.packs.flatMap((p) => p.levelIds)[0];
    if (open) {
      this.editor.open(this.levels[open]);
      void this.chat.open(open);
    }
  }

  flush() {
    void this.storage?.flush();
  }
  retrySave() {
    void this.storage?.retry();
  }

  toast(text: string, kind: Toast['kind'] = 'info', action?: Toast['action'], ms = kind === 'error' ? 12000 : 6000) {
    const id = ++this.toastSeq;
    this.toasts = [...this.toasts, { id, kind, text, action }];
    setTimeout(() => this.dismissToast(id), ms);
  }
  dismissToast(id: number) {
    this.toasts = this.toasts.filter((x) => x.id !== id);
  }

  async setLanguage(l: Locale) {
    // the catalogue of a language not in use yet loads first (docs/performance.md, "First load")
    if (!(await setLocale(l))) return this.toast(t('settings.languageFailed'), 'error');
    await this.storage?.setSetting('language', l);
  }

  openLevel(id: string) {
    const lvl = this.levels[id];
    if (!lvl) return;
    void this.storage?.flush();
    this.editor.open(lvl);
    void this.chat.open(id);
    void this.storage?.setSetting('currentLevelId', id);
  }

  private packOf(levelId: string): PackRecord | undefined {
    return this.packs.find((p) => p.levelIds.includes(levelId));
  }

  private setPacks(packs: PackRecord[]) {
    this.packs = packs;
    this.storage?.savePacks(packs);
  }

  /** Adds levels to a pack after `afterId` (or at the end) and opens the first. */
  private addLevels(levels: LevelT[], packId?: string, afterId?: string, open = true) {
    if (!levels.length) return;
    let packs = this.packs;
    if (!packs.length) packs = [{ id: newId(), name: t('levels.newPackName', { n: 1 }), levelIds: [] }];
    const target = packs.find((p) => p.id === packId) ?? (this.editor.level && this.packOf(this.editor.level.id)) ?? packs[0];
    const ids = levels.map((l) => l.id);
    const at = afterId ? target.levelIds.indexOf(afterId) + 1 : target.levelIds.length;
    const levelIds = [...target.levelIds.slice(0, at || target.levelIds.length), ...ids, ...target.levelIds.slice(at || target.levelIds.length)];
    this.levels = { ...this.levels, ...Object.fromEntries(levels.map((l) => [l.id, l])) };
    for (const l of levels) this.storage?.saveLevelNow(l);
    this.setPacks(packs.map((p) => (p.id === target.id ? { ...p, levelIds } : p)));
    if (open) this.openLevel(levels[0].id);
  }

  private uniqueName(base: string): string {
    const names = new Set(Object.values(this.levels).map((l) => l.name));
    if (!names.has(base)) return base;
    for (let i = 2; ; i++) if (!names.has(`${base} ${i}`)) return `${base} ${i}`;
  }

  newLevel() {
    if (this.loading) return; // the stored workspace, once loaded, would replace it
    const n = Object.keys(this.levels).length + 1;
    this.addLevels([createLevel({ name: this.uniqueName(t('levels.newName', { n })) })]);
  }

  duplicateLevel(id: string) {
    const src = this.levels[id];
    if (!src) return;
    const copy: LevelT = { ...structuredClone($state.snapshot(src) as LevelT), id: newId(), name: this.uniqueName(t('levels.copyOf', { name: src.name }).slice(0, 80)) };
    this.addLevels([copy], this.packOf(id)?.id, id);
  }

  deleteLevel(id: string) {
    const lvl = this.levels[id];
    const pack = this.packOf(id);
    if (!lvl || !pack) return;
    if (Object.keys(this.levels).length <= 1) {
      this.toast(t('levels.lastLevel'), 'error');
      return;
    }
    const index = pack.levelIds.indexOf(id);
    const all = this.packs.flatMap((p) => p.levelIds);
    const { [id]: _removed, ...rest } = this.levels;
    this.levels = rest;
    this.setPacks(this.packs.map((p) => (p.id === pack.id ? { ...p, levelIds: p.levelIds.filter((x) => x !== id) } : p)));
    this.storage?.deleteLevel(id);
    this.deletedHere.set(id, { packId: pack.id, index });
    if (this.editor.level?.id === id) {
      const next = all[all.indexOf(id) + 1] ?? all[all.indexOf(id) - 1];
      if (next && this.levels[next]) this.openLevel(next);
    }
    this.toast(t('levels.deleted', { name: lvl.name }), 'info', {
      label: t('toast.undo'),
      run: () => this.restoreLevel(lvl, pack.id, index),
    }, 10000);
  }

  /** Lists a level in a pack (the first pack when that one is gone) at `index`; returns the pack. */
  private listAt(id: string, packId: string, index: number): PackRecord | undefined {
    const pack = this.packs.find((p) => p.id === packId) ?? this.packs[0];
    if (!pack) return undefined;
    const levelIds = [...pack.levelIds];
    levelIds.splice(Math.min(index, levelIds.length), 0, id);
    this.setPacks(this.packs.map((p) => (p.id === pack.id ? { ...p, levelIds } : p)));
    return pack;
  }

  restoreLevel(level: LevelT, packId: string, index: number) {
    this.deletedHere.delete(level.id);
    this.levels = { ...this.levels, [level.id]: level };
    this.storage?.saveLevelNow(level);
    this.listAt(level.id, packId, index);
    this.openLevel(level.id);
  }

  moveLevel(id: string, packId: string, index: number) {
    const from = this.packOf(id);
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
    const pack: PackRecord = { id: newId(), name: t('levels.newPackName', { n: this.packs.length + 1 }), levelIds: [] };
    this.setPacks([...this.packs, pack]);
  }
  renamePack(id: string, name: string) {
    this.setPacks(this.packs.map((p) => (p.id === id ? { ...p, name: name.slice(0, 80) } : p)));
  }
  /** Deletes a pack with its levels; the notice's Undo brings both back where they were. */
  deletePack(id: string) {
    const index = this.packs.findIndex((p) => p.id === id);
    const pack = this.packs[index];
    if (!pack || this.packs.length <= 1) return;
    const levels = pack.levelIds.map((x) => this.levels[x]).filter(Boolean);
    if (levels.length && levels.length >= Object.keys(this.levels).length) {
      this.toast(t('pack.lastPack'), 'error');
      return;
    }
    const gone = new Set(pack.levelIds);
    this.levels = Object.fromEntries(Object.entries(this.levels).filter(([x]) => !gone.has(x)));
    this.setPacks(this.packs.filter((p) => p.id !== id));
    for (const l of levels) this.storage?.deleteLevel(l.id);
    // a level of a deleted pack that comes back goes to the first pack
    pack.levelIds.forEach((x, i) => this.deletedHere.set(x, { packId: pack.id, index: i }));
    if (this.editor.level && gone.has(this.editor.level.id)) {
      const next = this.packs.flatMap((p) => p.levelIds).find((x) => this.levels[x]);
      if (next) this.openLevel(next);
    }
    if (!levels.length) return;
    this.toast(t('pack.deleted', { name: pack.name, n: levels.length }), 'info', { label: t('toast.undo'), run: () => this.restorePack(pack, index, levels) }, 10000);
  }

  restorePack(pack: PackRecord, index: number, levels: LevelT[]) {
    this.levels = { ...this.levels, ...Object.fromEntries(levels.map((l) => [l.id, l])) };
    for (const l of levels) this.storage?.saveLevelNow(l);
    const packs = this.packs.filter((p) => p.id !== pack.id);
    packs.splice(Math.min(index, packs.length), 0, pack);
    this.setPacks(packs);
    if (levels[0]) this.openLevel(levels[0].id);
  }

  /** The average bot's report of any level value (Compare's versions): from the analysis cache when it was run before. */
  /** A report of any level (Compare's versions): the registry's analyze_level, as the Analyze button runs it. */
  async reportOf(level: LevelT, games: number = ANALYSIS_GAMES.default): Promise<Report> {
    const t0 = performance.now();
    const r = await runTool(level, 'analyze_level', { games, tier: DEFAULT_TIER }, { runner: this.runner });
    if (!r.ok) throw new Error(r.error);
    return makeReport(level, 'analyze', games, (r.data as { counts: SimCounts[] }).counts, performance.now() - t0);
  }

  async exportLevel() {
    const lvl = this.editor.level; // the level as it is at the click
    if (!lvl) return;
    const { exportFileName } = await loadFormats();
    download(exportFileName(lvl.name), serializeLevel(lvl));
  }
  async exportPack(id: string) {
    const pack = this.packs.find((p) => p.id === id);
    if (!pack) return;
    const levels = pack.levelIds.map((x) => this.levels[x]).filter(Boolean);
    const { exportFileName, packFileText } = await loadFormats();
    download(exportFileName(pack.name), packFileText(pack, levels));
  }
  async exportWorkspace() {
    // in memory-only mode the workspace in this tab is the whole truth
    const inMemory = { packs: this.packs, levels: Object.values(this.levels), conversations: [], settings: {} };
    const { exportFileName, workspaceFileText } = await loadFormats();
    const text = this.storage?.persistent ? await this.storage.exportWorkspace() : workspaceFileText(inMemory);
    download(exportFileName('workspace-backup'), text);
  }

  /** Imports level, pack or workspace files; each file is validated first and a bad one changes nothing. */
  async importFiles(files: File[]) {
    if (this.loading) {
      // still opening the storage (e.g. waiting for an older tab): the loaded workspace would replace what came in
      this.toast(t('import.notReady'), 'error');
      return;
    }
    const { parseFileText } = await loadFormats();
    for (const file of files) {
      let text: string;
      try {
        text = await file.text();
      } catch (e) {
        this.toast(t('import.failed', { file: file.name, problem: (e as Error).message }), 'error');
        continue;
      }
      const r: FileContent = parseFileText(text);
      if (!r.ok) {
        const first = r.problems[0];
        const problem = first.path && first.path !== '(root)' ? `${first.path}: ${first.message}` : first.message;
        this.toast(
          r.problems.length > 1 ? t('import.failedMore', { file: file.name, problem, n: r.problems.length - 1 }) : t('import.failed', { file: file.name, problem }),
          'error',
        );
        continue;
      }
      if (r.kind === 'level') {
        const level = this.freshIds([r.level])[0];
        this.addLevels([level]);
        this.toast(t('import.done', { what: t('import.levelWhat', { name: level.name }) }));
      } else if (r.kind === 'pack') {
        await this.importPack(file.name, r);
      } else if (r.kind === 'workspace' && this.storage) {
        // a backup replaces the workspace: ask first, and say what would go
        const ok = this.confirm(
          t('import.confirmRestore', { file: file.name, n: r.workspace.levels.length, current: Object.keys(this.levels).length }),
        );
        if (!ok) continue;
        try {
          await this.storage.flush();
          await this.storage.importWorkspace(text);
          this.chat.levelId = null; // the conversations were replaced too: reload on open
          const ws = await this.storage.loadWorkspace();
          this.packs = ws.packs;
          this.levels = Object.fromEntries(ws.levels.map((l) => [l.id, l]));
          const first = ws.packs.flatMap((p) => p.levelIds)[0];
          if (first) this.openLevel(first);
          for (const id of Object.keys(this.levels)) this.editor.forget(id);
          this.toast(t('import.done', { what: t('import.workspaceWhat', { n: ws.levels.length }) }));
        } catch (e) {
          this.toast(t('import.failed', { file: file.name, problem: (e as Error).message }), 'error');
        }
      }
    }
  }

  /** A pack whose levels are already here (same ids) asks first: replace them, keep both, or cancel. */
  private async importPack(fileName: string, r: { id: string; name: string; levels: LevelT[] }) {
    const clashes = r.levels.filter((l) => this.levels[l.id]);
    let mode: string | null = 'new';
    if (clashes.length) {
      mode = await this.choose({
        title: t('pack.clash.title'),
        text: t('pack.clash.text', {
          file: fileName,
          n: clashes.length,
          total: r.levels.length,
          names: clashes.slice(0, 3).map((l) => `“${this.levels[l.id].name}”`).join(', ') + (clashes.length > 3 ? ', …' : ''),
        }),
        options: [
          { id: 'replace', label: t('pack.clash.replace') },
          { id: 'keep', label: t('pack.clash.keep'), primary: true },
          { id: 'cancel', label: t('pack.clash.cancel') },
        ],
      });
    }
    if (mode === 'replace') return this.replaceFromPack(r);
    if (mode !== 'new' && mode !== 'keep') return; // cancelled: nothing changes
    const levels = this.freshIds(r.levels, true);
    const pack: PackRecord = { id: newId(), name: r.name.slice(0, 80), levelIds: [] };
    this.packs = [...this.packs, pack];
    this.addLevels(levels, pack.id);
    this.toast(t('import.done', { what: t('import.packWhat', { name: r.name, n: levels.length }) }));
  }

  /** Levels with known ids take the file's content where they are; the others join the file's pack. */
  private replaceFromPack(r: { id: string; name: string; levels: LevelT[] }) {
    const known = r.levels.filter((l) => this.levels[l.id]);
    const fresh = this.freshIds(r.levels.filter((l) => !this.levels[l.id]));
    const previous = known.map((l) => this.levels[l.id]);
    const packsBefore = this.packs;
    this.putLevelsInPlace(known);
    if (fresh.length) {
      let pack = this.packs.find((p) => p.id === r.id);
      if (!pack) {
        pack = { id: newId(), name: r.name.slice(0, 80), levelIds: [] };
        this.packs = [...this.packs, pack];
      }
      this.addLevels(fresh, pack.id, undefined, false);
    }
    const undo = () => {
      this.putLevelsInPlace(previous);
      const gone = new Set(fresh.map((l) => l.id));
      this.levels = Object.fromEntries(Object.entries(this.levels).filter(([x]) => !gone.has(x)));
      for (const id of gone) this.storage?.deleteLevel(id);
      this.setPacks(packsBefore);
    };
    this.toast(t('pack.replaced', { name: r.name, n: known.length }), 'info', { label: t('toast.undo'), run: undo }, 10000);
  }

  /** New contents for existing levels, where they are; their history described the old contents, so it goes. */
  private putLevelsInPlace(levels: LevelT[]) {
    this.levels = { ...this.levels, ...Object.fromEntries(levels.map((l) => [l.id, l])) };
    for (const l of levels) {
      this.storage?.saveLevelNow(l);
      this.editor.forget(l.id);
      if (this.editor.level?.id === l.id) this.editor.open(l);
    }
  }

  /** Imported levels whose id is already used get a new id (the name is kept, or marked "(2)" when `rename`). */
  private freshIds(levels: LevelT[], rename = false): LevelT[] {
    const used = new Set(Object.keys(this.levels));
    const names = new Set(Object.values(this.levels).map((l) => l.name));
    const copyName = (name: string) => {
      for (let n = 2; ; n++) {
        const candidate = t('pack.copyName', { name: name.slice(0, 72), n });
        if (!names.has(candidate)) return (names.add(candidate), candidate);
      }
    };
    return levels.map((l) => {
      const p = parseLevel(l);
      const lvl = p.ok ? p.level : l;
      if (used.has(lvl.id)) return { ...lvl, id: newId(), name: rename ? copyName(lvl.name) : lvl.name };
      used.add(lvl.id);
      return lvl;
    });
  }
}

export function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
