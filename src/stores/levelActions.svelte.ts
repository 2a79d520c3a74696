// What the designer does to the catalogue's levels and packs: open a level, add, copy, move and delete
// levels, make, rename and delete packs, put new contents in place (an import), and the pack view's
// levels. The workspace (src/stores/workspace.svelte.ts) holds one and hands it to the components
// (useLevelActions: src/ui/studio.ts).
import { createLevel, newId, type LevelT } from '../core/level/index.ts';
import { summarize } from '../core/catalogue/summary.ts';
import { gameById } from '../core/game/known.ts';
import type { PackRecord } from '../db/storage.ts';
import { notice } from '../core/notice.ts';
import { words } from './words.ts';
import type { BulkProgress, StudioHost } from './host.ts';

export class LevelActions {
  /** The levels of the pack the pack view shows (loaded when it opens; kept in step with edits). */
  packView = $state.raw<{ packId: string; levels: LevelT[] } | null>(null);

  /** A pack just made with New pack: the current pack (where New level goes) until a level is opened. */
  private newPackId = $state<string | null>(null);

  constructor(private readonly ws: StudioHost) {}

  /** The pack New level adds to: one just made, else the open level's, else the first. */
  get currentPack(): PackRecord | undefined {
    const made = this.newPackId ? this.ws.packs.find((p) => p.id === this.newPackId) : undefined;
    return made ?? (this.ws.editor.level ? this.ws.catalogue.packOf(this.ws.editor.level.id) : undefined) ?? this.ws.packs[0];
  }

  /** Opens a level (read from storage unless it is in memory); the last one asked wins. */
  private opening = 0;
  async openLevel(id: string) {
    const mine = ++this.opening;
    const open = this.ws.editor.level;
    const level = open?.id === id ? open : await this.ws.getLevel(id);
    if (!level || mine !== this.opening) return;
    this.newPackId = null; // the open level's pack is the current one again
    if (open && open.id !== id) this.ws.remember(open);
    void this.ws.storage?.flush();
    this.ws.editor.open(level);
    void this.ws.chat?.open(id);
    void this.ws.storage?.setSetting('currentLevelId', id);
  }

  setPacks(packs: PackRecord[]) {
    this.ws.packs = packs;
    this.ws.storage?.savePacks(packs);
    this.ws.folder?.changed();
  }

  /**
   * Adds levels to a pack after `afterId` (or at the end) and opens the first, unless the designer
   * opened another level while they were being written (their choice wins). A few are saved one by
   * one (with the revision check); many (an import) are written a page per transaction with progress.
   */
  async addLevels(levels: LevelT[], packId?: string, afterId?: string, open = true, progress?: BulkProgress) {
    if (!levels.length) return;
    const asked = this.opening;
    this.ws.workStored();
    // what is opened next is in memory before it is stored (a read now could miss the write under way)
    for (const l of levels.slice(0, 20)) this.ws.remember(l);
    if (levels.length > 20 && this.ws.storage) {
      const summaries = await this.ws.storage.putLevels(levels, progress);
      this.ws.catalogue.putMany(summaries);
    } else {
      for (const l of levels) this.ws.storage?.saveLevelNow(l);
      this.ws.catalogue.putMany(levels.map((l) => summarize(l)));
    }
    let packs = this.ws.packs;
    if (!packs.length) packs = [{ id: newId(), name: words('levels.newPackName', { n: 1 }), levelIds: [] }];
    const target = packs.find((p) => p.id === packId) ?? (this.ws.editor.level && this.ws.catalogue.packOf(this.ws.editor.level.id)) ?? packs[0];
    const ids = levels.map((l) => l.id);
    const at = afterId ? target.levelIds.indexOf(afterId) + 1 : target.levelIds.length;
    const cut = at || target.levelIds.length;
    const levelIds = [...target.levelIds.slice(0, cut), ...ids, ...target.levelIds.slice(cut)];
    this.setPacks(packs.map((p) => (p.id === target.id ? { ...p, levelIds } : p)));
    if (open && asked === this.opening) await this.openLevel(levels[0].id);
  }

  newLevel() {
    if (this.ws.loading) return; // the stored workspace, once loaded, would replace it
    const n = this.ws.catalogue.size + 1;
    // it goes into the current pack (one just made, else the open level's) and plays that pack's game
    // (its first level's); an empty new pack's level plays the open level's game, else classic
    const pack = this.currentPack;
    const first = pack?.levelIds.find((id) => this.ws.catalogue.has(id));
    const named = first ? this.ws.catalogue.summaries.get(first)?.game : pack?.levelIds.length ? undefined : this.ws.editor.level?.game;
    const game = named && gameById(named) ? named : 'classic';
    const level = createLevel({ name: this.ws.catalogue.uniqueName(words('levels.newName', { n })) });
    void this.addLevels([game === 'classic' ? level : { ...level, game }], pack?.id);
  }

  /** A copy of a level right after it, named "… copy". */
  copyOf(src: LevelT): LevelT {
    return { ...structuredClone($state.snapshot(src) as LevelT), id: newId(), name: this.ws.catalogue.uniqueName(words('levels.copyOf', { name: src.name }).slice(0, 80)) };
  }

  async duplicateLevel(id: string) {
    const src = await this.ws.getLevel(id);
    if (!src) return;
    await this.addLevels([this.copyOf(src)], this.ws.catalogue.packOf(id)?.id, id);
  }

  async deleteLevel(id: string) {
    await this.deleteLevels([id]);
  }

  /** Moves to Recently deleted still being written (a restore waits for them). */
  private moving = new Set<Promise<unknown>>();
  trackMove(p: Promise<unknown> | undefined): void {
    if (!p) return;
    const tracked = p.catch((e) => this.ws.toast(notice('deleted.failed', { reason: (e as Error)?.message ?? String(e) }), 'error')).finally(() => this.moving.delete(tracked));
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
    return (await import('./deleting.ts')).deleteLevels(this.ws, ids);
  }

  /**
   * Brings entries of Recently deleted back where they were (the notice's Undo, the panel's Restore), once
   * the moves under way are written: src/stores/restore.ts, loaded then.
   */
  async restoreDeleted(entryIds: readonly string[]) {
    await this.deletesWritten();
    return (await import('./restore.ts')).restoreDeleted(this.ws, entryIds);
  }


  /** Lists levels in a pack (the first pack when that one is gone) at `index`; returns the pack. */
  listAt(ids: string[], packId: string, index: number): PackRecord | undefined {
    const pack = this.ws.packs.find((p) => p.id === packId) ?? this.ws.packs[0];
    if (!pack) return undefined;
    const levelIds = [...pack.levelIds];
    levelIds.splice(Math.min(index, levelIds.length), 0, ...ids);
    this.setPacks(this.ws.packs.map((p) => (p.id === pack.id ? { ...p, levelIds } : p)));
    return pack;
  }

  moveLevel(id: string, packId: string, index: number) {
    const from = this.ws.catalogue.packOf(id);
    if (!from) return;
    const packs = this.ws.packs.map((p) => ({ ...p, levelIds: [...p.levelIds] }));
    const src = packs.find((p) => p.id === from.id)!;
    const dst = packs.find((p) => p.id === packId);
    if (!dst) return;
    const oldIndex = src.levelIds.indexOf(id);
    src.levelIds.splice(oldIndex, 1);
    const at = src === dst && oldIndex < index ? index - 1 : index;
    dst.levelIds.splice(Math.max(0, Math.min(at, dst.levelIds.length)), 0, id);
    this.setPacks(packs);
  }

  /** Adds an empty pack and makes it the current one (New level goes into it); returns its id (the list then offers its name to edit). */
  newPack(): string {
    const pack: PackRecord = { id: newId(), name: words('levels.newPackName', { n: this.ws.packs.length + 1 }), levelIds: [] };
    this.ws.folder?.adoptPack(pack.id, pack.name); // while a folder is open, a new pack is a sub-folder of it
    this.setPacks([...this.ws.packs, pack]);
    this.newPackId = pack.id;
    return pack.id;
  }
  /**
   * Renames a pack (while a folder is open, a folder pack's sub-folder too). False when refused: another
   * folder has that name already (the folder's notice says so; the pack keeps its name).
   */
  renamePack(id: string, name: string): boolean {
    const clean = name.slice(0, 80);
    if (this.ws.folder?.renameDir(id, clean)) return false; // refused: the folder's notice says why
    this.setPacks(this.ws.packs.map((p) => (p.id === id ? { ...p, name: clean } : p)));
    return true;
  }
  /** Deletes a pack with its levels: it moves to Recently deleted (src/stores/deleting.ts, loaded then). */
  async deletePack(id: string) {
    return (await import('./deleting.ts')).deletePack(this.ws, id);
  }

  /** Loads the pack's levels for the pack view (kept in step with edits while it is open). */
  async openPackView(packId: string): Promise<LevelT[]> {
    const pack = this.ws.packs.find((p) => p.id === packId);
    const levels = pack ? (await this.ws.getLevels(pack.levelIds)).filter((l): l is LevelT => !!l) : [];
    this.packView = { packId, levels };
    return levels;
  }
  closePackView() {
    this.packView = null;
  }

  /** New contents for existing levels, where they are; their history described the old contents, so it goes. */
  putLevelsInPlace(levels: LevelT[]) {
    for (const l of levels) {
      this.ws.storage?.saveLevelNow(l);
      this.ws.remember(l);
      this.ws.catalogue.put(summarize(l, this.ws.storage?.revOf(l.id) ?? 0));
      this.ws.editor.forget(l.id);
      if (this.ws.editor.level?.id === l.id) this.ws.editor.open(l);
    }
    this.ws.folder?.changed();
  }

  /** Removes levels just added (an import's Undo). */
  removeLevels(ids: Iterable<string>) {
    const gone = new Set(ids);
    this.ws.catalogue.remove(gone);
    for (const id of gone) this.ws.cache.delete(id);
    if (gone.size) void this.ws.storage?.deleteLevels([...gone]);
    this.setPacks(this.ws.packs.map((p) => ({ ...p, levelIds: p.levelIds.filter((x) => !gone.has(x)) })));
    this.ws.list.prune();
  }
}
