// Imports and exports: level, pack and workspace files. Each file is validated first and a bad one
// changes nothing; a big pack is checked and written a page at a time with progress and Cancel; exports
// are written as Blob parts, a page of levels at a time, never one giant string.
import { newId, serializeLevel, type LevelT } from '../core/level/index.ts';
import type { FileContent } from '../core/files/formats.ts';
import type { GameDef } from '../core/game/types.ts';
import { addCatalogPart, t } from '../i18n/index.svelte.ts';
import selectionStrings from '../i18n/catalog/lazy/selection.ts';
import { CancelledError, PAGE, type PackRecord } from '../db/storage.ts';
import type { CatalogueHost } from './host.ts';
addCatalogPart(selectionStrings); // its strings load with it, not with the first page

// the file formats (detection, validation, backups) load with the first import or export
const loadFormats = () => import('../core/files/formats.ts');

/** A long import or export in progress: what, how far, and whether Cancel was asked. */
export interface TransferProgress {
  phase: 'checking' | 'importing' | 'exporting';
  file: string;
  done: number;
  total: number;
}

/** Lets the page paint (progress) and hear a click (Cancel) between pages of work. */
const breathe = () => new Promise<void>((r) => setTimeout(r, 0));

export class Transfer {
  progress = $state.raw<TransferProgress | null>(null);
  private cancelAsked = false;

  constructor(private readonly ws: CatalogueHost) {}

  /** Cancels the running import (what it wrote is removed again) or export. */
  cancel() {
    if (this.progress) this.cancelAsked = true;
  }

  private begin(phase: TransferProgress['phase'], file: string, total: number) {
    this.cancelAsked = false;
    this.progress = { phase, file, done: 0, total };
  }
  private step(phase: TransferProgress['phase'], done: number, total: number) {
    if (this.progress) this.progress = { ...this.progress, phase, done, total };
  }
  private end() {
    this.progress = null;
    this.cancelAsked = false;
  }

  // ── exports ────────────────────────────────────────────────────────────────────────────────────
  async exportLevel() {
    const lvl = this.ws.editor.level; // the level as it is at the click
    if (!lvl) return;
    const { exportFileName } = await loadFormats();
    this.ws.download(exportFileName(lvl.name), [serializeLevel(lvl)]);
  }

  /** A pack file of `ids` (a pack, or the list's selection), read and written a page at a time. */
  private async packParts(meta: { id: string; name: string }, ids: readonly string[]): Promise<BlobPart[] | null> {
    const { gamesUsedBy, levelChunk, packFileParts } = await loadFormats();
    const chunks: string[] = [];
    // the definitions of the games the levels play go with them (none while only classic levels are stored)
    const games = new Map<string, GameDef>();
    const big = ids.length > PAGE;
    if (big) this.begin('exporting', meta.name, ids.length);
    try {
      for (let i = 0; i < ids.length; i += PAGE) {
        if (this.cancelAsked) return null;
        const levels = (await this.ws.getLevels(ids.slice(i, i + PAGE))).filter((l): l is LevelT => !!l);
        chunks.push(levelChunk(levels));
        for (const g of gamesUsedBy(levels)) if (!games.has(g.id)) games.set(g.id, g);
        if (big) (this.step('exporting', Math.min(i + PAGE, ids.length), ids.length), await breathe());
      }
    } finally {
      if (big) this.end();
    }
    return packFileParts(meta, chunks, [...games.values()]);
  }

  async exportPack(id: string) {
    const pack = this.ws.packs.find((p) => p.id === id);
    if (!pack) return;
    const parts = await this.packParts(pack, pack.levelIds);
    const { exportFileName } = await loadFormats();
    if (parts) this.ws.download(exportFileName(pack.name), parts);
  }

  /** The list's selection as one pack file. */
  async exportSelection(ids: readonly string[]) {
    if (!ids.length) return;
    const name = t('cat.selectionFile', { n: ids.length }).slice(0, 80);
    const parts = await this.packParts({ id: newId(), name }, ids);
    const { exportFileName } = await loadFormats();
    if (parts) this.ws.download(exportFileName(name), parts);
  }

  async exportWorkspace() {
    const storage = this.ws.storage;
    if (!storage) return;
    const { exportFileName } = await loadFormats();
    this.ws.download(exportFileName('workspace-backup'), await storage.exportWorkspaceParts());
  }

  // ── imports ────────────────────────────────────────────────────────────────────────────────────
  /** Imports level, pack or workspace files; each file is validated first and a bad one changes nothing. */
  async importFiles(files: File[]) {
    if (this.ws.loading || !this.ws.loaded) {
      // still opening the storage (e.g. waiting for an older tab): the loaded workspace would replace what came in
      this.ws.toast(t('import.notReady'), 'error');
      return;
    }
    for (const file of files) {
      try {
        await this.importFile(file);
      } catch (e) {
        if (e instanceof CancelledError) this.ws.toast(t('cat.importCancelled', { file: file.name }));
        else this.ws.toast(t('import.failed', { file: file.name, problem: (e as Error).message }), 'error');
      } finally {
        this.end();
      }
    }
  }

  private async importFile(file: File) {
    const text = await file.text();
    const r = await this.parse(file.name, text);
    if (!r.ok) {
      const first = r.problems[0];
      const problem = first.path && first.path !== '(root)' ? `${first.path}: ${first.message}` : first.message;
      this.ws.toast(
        r.problems.length > 1 ? t('import.failedMore', { file: file.name, problem, n: r.problems.length - 1 }) : t('import.failed', { file: file.name, problem }),
        'error',
      );
      return;
    }
    if (r.kind === 'level') {
      const level = this.freshIds([r.level])[0];
      await this.ws.addLevels([level]);
      this.ws.toast(t('import.done', { what: t('import.levelWhat', { name: level.name }) }));
    } else if (r.kind === 'pack') {
      await this.importPack(file.name, r);
    } else if (r.kind === 'workspace') {
      await this.restore(file.name, text, r.workspace.levels.length);
    }
  }

  /**
   * Parses a file; a big pack is checked a page at a time with progress (Cancel stops it). A level of
   * another game than classic is refused, naming the game: the studio stores classic levels only.
   */
  private async parse(fileName: string, text: string): Promise<FileContent> {
    const { parseFileText, parseFileDataInSteps, classicOnly } = await loadFormats();
    if (text.length < 2_000_000) return classicOnly(parseFileText(text));
    this.begin('checking', fileName, 0);
    await breathe();
    const { parseJsonText } = await import('../core/level/index.ts');
    const j = parseJsonText(text);
    if (!j.ok) return j;
    return classicOnly(
      await parseFileDataInSteps(j.data, async (done, total) => {
        if (this.cancelAsked) throw new CancelledError();
        this.step('checking', done, total);
        await breathe();
      }),
    );
  }

  /** A backup replaces the workspace: ask first, and say what would go. */
  private async restore(fileName: string, text: string, n: number) {
    const storage = this.ws.storage;
    if (!storage) return;
    if (!this.ws.confirm(t('import.confirmRestore', { file: fileName, n, current: this.ws.catalogue.size }))) return;
    await storage.flush();
    await storage.importWorkspace(text);
    await this.ws.reloadWorkspace();
    const first = this.ws.catalogue.atNumber(1);
    if (first) await this.ws.openLevel(first);
    this.ws.toast(t('import.done', { what: t('import.workspaceWhat', { n: this.ws.catalogue.size }) }));
  }

  /** A pack whose levels are already here (same ids) asks first: replace them, keep both, or cancel. */
  private async importPack(fileName: string, r: { id: string; name: string; levels: LevelT[] }) {
    const cat = this.ws.catalogue;
    const clashes = r.levels.filter((l) => cat.has(l.id));
    let mode: string | null = 'new';
    if (clashes.length) {
      mode = await this.ws.choose({
        title: t('pack.clash.title'),
        text: t('pack.clash.text', {
          file: fileName,
          n: clashes.length,
          total: r.levels.length,
          names: clashes.slice(0, 3).map((l) => `“${cat.nameOf(l.id)}”`).join(', ') + (clashes.length > 3 ? ', …' : ''),
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
    const packsBefore = this.ws.packs;
    this.ws.packs = [...this.ws.packs, pack];
    this.begin('importing', fileName, levels.length);
    try {
      await this.ws.addLevels(levels, pack.id, undefined, true, {
        onProgress: (done, total) => this.step('importing', done, total),
        cancelled: () => this.cancelAsked,
      });
    } catch (e) {
      this.ws.packs = packsBefore; // the new pack was never saved; its written levels were removed again
      throw e;
    }
    this.ws.toast(t('import.done', { what: t('import.packWhat', { name: r.name, n: levels.length }) }));
  }

  /** Levels with known ids take the file's content where they are; the others join the file's pack. */
  private async replaceFromPack(r: { id: string; name: string; levels: LevelT[] }) {
    const cat = this.ws.catalogue;
    const known = r.levels.filter((l) => cat.has(l.id));
    const fresh = this.freshIds(r.levels.filter((l) => !cat.has(l.id)));
    const previous = (await this.ws.getLevels(known.map((l) => l.id))).filter((l): l is LevelT => !!l);
    const packsBefore = this.ws.packs;
    this.ws.putLevelsInPlace(known);
    if (fresh.length) {
      let pack = this.ws.packs.find((p) => p.id === r.id);
      if (!pack) {
        pack = { id: newId(), name: r.name.slice(0, 80), levelIds: [] };
        this.ws.packs = [...this.ws.packs, pack];
      }
      await this.ws.addLevels(fresh, pack.id, undefined, false);
    }
    const undo = () => {
      this.ws.putLevelsInPlace(previous);
      this.ws.removeLevels(fresh.map((l) => l.id));
      this.ws.setPacks(packsBefore);
    };
    this.ws.toast(t('pack.replaced', { name: r.name, n: known.length }), 'info', { label: t('toast.undo'), run: undo }, 10000);
  }

  /** Imported levels whose id is already used get a new id (the name is kept, or marked "(2)" when `rename`). */
  private freshIds(levels: LevelT[], rename = false): LevelT[] {
    const cat = this.ws.catalogue;
    const used = new Set<string>();
    const names = rename ? cat.names() : new Set<string>();
    const copyName = (name: string) => {
      for (let n = 2; ; n++) {
        const candidate = t('pack.copyName', { name: name.slice(0, 72), n });
        if (!names.has(candidate)) return (names.add(candidate), candidate);
      }
    };
    return levels.map((lvl) => {
      if (cat.has(lvl.id) || used.has(lvl.id)) return { ...lvl, id: newId(), name: rename ? copyName(lvl.name) : lvl.name };
      used.add(lvl.id);
      return lvl;
    });
  }
}
