// Imports and exports: level, pack and workspace files. Each file is validated first and a bad one
// changes nothing; a big pack is checked and written a page at a time with progress and Cancel; exports
// are written as Blob parts, a page of levels at a time, never one giant string.
import { newId, serializeLevel, type LevelT } from '../core/level/index.ts';
import type { FileContent } from '../core/files/formats.ts';
import type { GameDef } from '../core/game/types.ts';
import { forgetGames, registerGames } from '../core/game/known.ts';
import { notice, type Said } from '../core/notice.ts';
import { problemLine, words } from './words.ts';
import { CancelledError, PAGE, type PackRecord } from '../db/storage.ts';
import type { TransferHost } from './host.ts';
import type { GamePlan } from './gameClash.ts';

// the file formats (detection, validation, backups) load with the first import or export
const loadFormats = () => import('../core/files/formats.ts');
/** The most level names the notice of several level files names (the rest are counted). */
const LEVELS_NAMED = 3;
/** The most problems of a file not imported listed under its notice (the rest are counted). */
const PROBLEMS_LISTED = 50;
// a refused file's problem in the designer's language (its words load with the first refusal)

/** A long import or export in progress: what, how far, and whether Cancel was asked. */
export interface TransferProgress {
  phase: 'checking' | 'importing' | 'exporting';
  file: string;
  done: number;
  total: number;
}

/** Lets the page paint (progress) and hear a click (Cancel) between pages of work. */
const breathe = () => new Promise<void>((r) => setTimeout(r, 0));

/** A question answered with a file ("choose the game file of …"): a file chooser (and drop) and Cancel. */
export interface FileQuestion {
  title: Said;
  text: Said;
  /** The file input's accessible name. */
  label: Said;
  cancel: Said;
  accept?: string;
}

export class Transfer {
  progress = $state.raw<TransferProgress | null>(null);
  /** The question waiting for a file (the page shows it: FileQuestion.svelte), or null. */
  fileQuestion = $state.raw<(FileQuestion & { resolve: (file: File | null) => void }) | null>(null);
  /** Asks for a file and waits for the answer (null: Cancel); tests may answer it themselves. */
  askFile = (q: FileQuestion): Promise<File | null> => {
    this.fileQuestion?.resolve(null);
    return new Promise((resolve) => (this.fileQuestion = { ...q, resolve }));
  };
  /** The chosen (or dropped) file; null is Cancel or Escape. */
  answerFile(file: File | null) {
    const q = this.fileQuestion;
    this.fileQuestion = null;
    q?.resolve(file);
  }
  private cancelAsked = false;

  constructor(private readonly ws: TransferHost) {}

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
    const name = words('cat.selectionFile', { n: ids.length }).slice(0, 80);
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
  /**
   * Imports level, pack, workspace and game files; each file is validated first and a bad one changes
   * nothing. The game files go first, so the levels chosen with them find their game.
   */
  async importFiles(files: File[]) {
    if (this.ws.loading || !this.ws.loaded) {
      // still opening the storage (e.g. waiting for an older tab): the loaded workspace would replace what came in
      this.ws.toast(notice('import.notReady'), 'error');
      return;
    }
    const { rest, renamed } = await this.importGameFiles(files);
    // the level files chosen together are said in one notice (each refused one in its own)
    const levels: string[] = [];
    for (const { file, text } of rest) {
      try {
        await this.importFile(file, renamed.size ? playRenamed(text ?? (await file.text()), renamed) : text, levels);
      } catch (e) {
        if (e instanceof CancelledError) this.ws.toast(notice('cat.importCancelled', { file: file.name }));
        else this.ws.toast(notice('import.failed', { file: file.name, problem: (e as Error).message }), 'error');
      } finally {
        this.end();
      }
    }
    if (levels.length === 1) this.ws.toast(notice('import.done', { what: notice('import.levelWhat', { name: levels[0] }) }));
    else if (levels.length > 1) this.ws.toast(notice('import.levelsDone', { n: levels.length, quotedNames: JSON.stringify(levels.slice(0, LEVELS_NAMED)), more: Math.max(0, levels.length - LEVELS_NAMED) }));
  }

  /**
   * The game files among `files` (`"format": "match3-game"`), each imported on its own: a new game is
   * stored; the same definition as a stored game changes nothing; a different one is the question a
   * pack carrying it asks (keep mine, take theirs, import theirs as a new game). Returns the other
   * files, with the text read of those that were small enough to look at, and the games imported as
   * new ones (their file's id → the id given): the levels chosen with them play them.
   */
  private async importGameFiles(files: File[]): Promise<{ rest: { file: File; text?: string }[]; renamed: Map<string, string> }> {
    const rest: { file: File; text?: string }[] = [], games: { file: File; data: unknown }[] = [];
    for (const file of files) {
      const text = file.size <= GAME_FILE_MAX ? await file.text() : undefined;
      const data = text === undefined ? undefined : gameFileData(text);
      if (data === undefined) rest.push({ file, text });
      else games.push({ file, data });
    }
    const renamed = new Map<string, string>();
    for (const { file, data } of games) {
      try {
        const given = await this.importGame(file.name, data, rest.length === 0);
        if (given) renamed.set(given.from, given.to);
      } catch (e) {
        this.ws.toast(notice('import.failed', { file: file.name, problem: (e as Error).message }), 'error');
      }
    }
    return { rest, renamed };
  }

  /**
   * One game file's definition (`data`, parsed JSON): stored, settled against the stored one, or refused
   * with its problems. `alone`: no level, pack or backup file came with it (then an unchanged game is said).
   * Imported under a new id (Import theirs as a new game): the file's id and the new one.
   */
  private async importGame(fileName: string, data: unknown, alone: boolean): Promise<{ from: string; to: string } | undefined> {
    const { parseGame } = await import('../core/game/schema.ts');
    const g = parseGame(data);
    if (!g.ok) return void (await this.sayProblems(fileName, g.problems));
    const theirs = g.game, games = await this.ws.loadGames(), mine = games.byId(theirs.id);
    if (!mine) {
      await games.add([theirs]);
      return void this.ws.toast(notice('games.imported', { name: theirs.name }));
    }
    const { settleGames, sameGame } = await import('./gameClash.ts');
    if (sameGame(mine, theirs)) {
      // said only when the file came alone: beside its levels it is simply the game they play
      if (alone) this.ws.toast(notice('games.alreadyHere', { file: fileName, name: mine.name }));
      return;
    }
    const plan = await settleGames(this.ws, fileName, [], [theirs]);
    if (!plan) return void this.ws.toast(notice('cat.importCancelled', { file: fileName }));
    await this.storeGames(plan);
    const stored = plan.take[0] ?? plan.add[0];
    if (!stored) return void this.ws.toast(notice('games.keptMine', { file: fileName, name: mine.name }));
    this.ws.toast(notice('games.imported', { name: stored.name }));
    if (stored.id !== theirs.id) return { from: theirs.id, to: stored.id };
  }

  /** One file's import; a level file's level, once stored, is named in `levels` (importFiles says them). */
  private async importFile(file: File, read: string | undefined, levels: string[]) {
    const text = read ?? (await file.text());
    let r = await this.parse(file.name, text);
    // the games its levels play that the studio does not have: asked for, a file each; lent to the
    // registry for the check, and stored (with the levels) only once the whole file is fine
    const lent: GameDef[] = [];
    let stored = false;
    try {
      for (let id = unknownGameOf(r); id !== null && !lent.some((g) => g.id === id); id = unknownGameOf(r)) {
        const game = await this.askGame(file.name, id);
        if (!game) return;
        registerGames([game]);
        lent.push(game);
        r = await this.parse(file.name, text);
      }
      if (!r.ok) {
        await this.sayProblems(file.name, r.problems);
        return;
      }
      const carried = r.kind === 'pack' ? r.games : r.kind === 'workspace' ? (r.workspace.games ?? []) : [];
      const games = [...lent, ...carried.filter((g) => !lent.some((l) => l.id === g.id))];
      if (r.kind === 'level') {
        await (await this.ws.loadGames()).add(games);
        stored = true;
        const level = this.freshIds([r.level])[0];
        await this.ws.addLevels([level]);
        levels.push(level.name);
      } else if (r.kind === 'pack') {
        // a carried game that differs from the stored one of its id is a question, before anything is stored
        const plan = await (await import('./gameClash.ts')).settleGames(this.ws, file.name, r.levels, games);
        if (!plan) return this.ws.toast(notice('cat.importCancelled', { file: file.name }));
        stored = await this.importPack(file.name, { ...r, levels: plan.levels }, plan);
      } else if (r.kind === 'workspace') {
        stored = await this.restore(file.name, text, r.workspace.levels.length);
      }
    } finally {
      if (!stored && lent.length) {
        const kept = await this.ws.loadGames();
        forgetGames(lent.map((g) => g.id).filter((id) => !kept.byId(id)));
      }
    }
  }

  /**
   * A file not imported, with every problem it has: one in the notice's line; more in a list under it
   * (the first PROBLEMS_LISTED, the count of the rest), the notice staying until dismissed.
   */
  private async sayProblems(fileName: string, problems: readonly Parameters<typeof problemLine>[0][]) {
    if (problems.length === 1) return this.ws.toast(notice('import.failed', { file: fileName, problem: await problemLine(problems[0]) }), 'error');
    const lines: Said[] = await Promise.all(problems.slice(0, PROBLEMS_LISTED).map((p) => problemLine(p)));
    if (problems.length > PROBLEMS_LISTED) lines.push(notice('import.problemsCut', { n: problems.length - PROBLEMS_LISTED }));
    this.ws.toast(notice('import.failedList', { file: fileName, n: problems.length }), 'error', undefined, undefined, lines);
  }

  /**
   * Asks for the game file of game `id` (a file chooser, or a drop on the question): its definition,
   * or null when cancelled or when the file is not that game (said in a notice; nothing is stored).
   */
  private async askGame(fileName: string, id: string): Promise<GameDef | null> {
    const file = await this.askFile({
      title: notice('games.needTitle'),
      text: notice('games.needText', { file: fileName, game: id }),
      label: notice('games.fileLabel'),
      cancel: notice('games.cancel'),
      accept: '.json,application/json',
    });
    if (!file) {
      this.ws.toast(notice('games.cancelled', { file: fileName, game: id }), 'error');
      return null;
    }
    const { parseGameText } = await import('../core/game/schema.ts');
    const g = parseGameText(await file.text());
    const problem = !g.ok
      ? await problemLine(g.problems[0])
      : g.game.id !== id
        ? `${file.name}: "id": "${g.game.id}"`
        : null;
    if (problem !== null || !g.ok) {
      this.ws.toast(notice('import.failed', { file: fileName, problem: notice('games.wrongFile', { game: id, problem: problem ?? '' }) }), 'error');
      return null;
    }
    return g.game;
  }

  /**
   * Parses a file; a big pack is checked a page at a time with progress (Cancel stops it). A level of
   * a game the studio does not know comes back refused naming the game (importFile asks for it).
   */
  private async parse(fileName: string, text: string): Promise<FileContent> {
    const { parseFileText, parseFileDataInSteps } = await loadFormats();
    if (text.length < 2_000_000) return parseFileText(text);
    this.begin('checking', fileName, 0);
    await breathe();
    const { parseJsonText } = await import('../core/level/index.ts');
    const j = parseJsonText(text);
    if (!j.ok) return j;
    return parseFileDataInSteps(j.data, async (done, total) => {
      if (this.cancelAsked) throw new CancelledError();
      this.step('checking', done, total);
      await breathe();
    });
  }

  /** A backup replaces the workspace: ask first, and say what would go. */
  private async restore(fileName: string, text: string, n: number): Promise<boolean> {
    const storage = this.ws.storage;
    if (!storage) return false;
    if (!this.ws.confirm(notice('import.confirmRestore', { file: fileName, n, current: this.ws.catalogue.size }))) return false;
    await storage.flush();
    await storage.importWorkspace(text);
    await this.ws.reloadWorkspace();
    const first = this.ws.catalogue.atNumber(1);
    if (first) await this.ws.openLevel(first);
    this.ws.toast(notice('import.done', { what: notice('import.workspaceWhat', { n: this.ws.catalogue.size }) }));
    return true;
  }

  /** A pack whose levels are already here (same ids) asks first: replace them, keep both, or cancel. */
  private async importPack(fileName: string, r: { id: string; name: string; levels: LevelT[] }, games: GamePlan): Promise<boolean> {
    const cat = this.ws.catalogue;
    const clashes = r.levels.filter((l) => cat.has(l.id));
    let mode: string | null = 'new';
    if (clashes.length) {
      mode = await this.ws.choose({
        title: notice('pack.clash.title'),
        text: notice('pack.clash.text', {
          file: fileName,
          n: clashes.length,
          total: r.levels.length,
          names: clashes.slice(0, 3).map((l) => `“${cat.nameOf(l.id)}”`).join(', ') + (clashes.length > 3 ? ', …' : ''),
        }),
        options: [
          { id: 'replace', label: notice('pack.clash.replace') },
          { id: 'keep', label: notice('pack.clash.keep'), primary: true },
          { id: 'cancel', label: notice('pack.clash.cancel') },
        ],
      });
    }
    if (mode !== 'new' && mode !== 'keep' && mode !== 'replace') return false; // cancelled: nothing changes
    // the games first: a level's summary (its hash) needs its game
    await this.storeGames(games);
    if (mode === 'replace') return (await this.replaceFromPack(r), true);
    const levels = this.freshIds(r.levels, true);
    // the pack keeps the file's id while no pack here has it (so its export is the file it came from)
    const pack: PackRecord = { id: this.ws.packs.some((p) => p.id === r.id) ? newId() : r.id, name: r.name.slice(0, 80), levelIds: [] };
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
    this.ws.toast(notice('import.done', { what: notice('import.packWhat', { name: r.name, n: levels.length }) }));
    return true;
  }

  /**
   * Stores a file's games as settled (gameClash.ts): new ones as they are; a stored game the designer
   * chose to take from the file as an update (its levels re-checked and written again, one step of the
   * game history). An update refused now (a level changed meanwhile) stops the import before any level.
   */
  private async storeGames(plan: GamePlan) {
    const games = await this.ws.loadGames();
    await games.add(plan.add);
    for (const def of plan.take) {
      const r = await games.update(def, { label: words('games.clash.takeLabel', { name: def.name }) });
      if (!r.ok) throw new Error(words('games.clash.takeRefused', { name: def.name, names: r.reason === 'breaks' || r.reason === 'used' || r.reason === 'changed' ? r.levels.map((l) => l.name).join(', ') : r.reason }));
    }
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
    this.ws.toast(notice('pack.replaced', { name: r.name, n: known.length }), 'info', { label: notice('toast.undo'), run: undo }, 10000);
  }

  /** Imported levels whose id is already used get a new id (the name is kept, or marked "(2)" when `rename`). */
  private freshIds(levels: LevelT[], rename = false): LevelT[] {
    const cat = this.ws.catalogue;
    const used = new Set<string>();
    const names = rename ? cat.names() : new Set<string>();
    const copyName = (name: string) => {
      for (let n = 2; ; n++) {
        const candidate = words('pack.copyName', { name: name.slice(0, 72), n });
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

/** Files larger than this are never taken for game files (a game's definition is a few kB). */
const GAME_FILE_MAX = 1 << 20;

/** A game file's parsed JSON (`"format": "match3-game"`), or undefined for any other text. */
function gameFileData(text: string): unknown {
  if (!text.includes('match3-game')) return undefined;
  try {
    const data: unknown = JSON.parse(text);
    return typeof data === 'object' && data !== null && (data as { format?: unknown }).format === 'match3-game' ? data : undefined;
  } catch {
    return undefined; // not JSON: the level import says so
  }
}

/**
 * A level or pack file's text with its levels moved to the games imported beside it as new ones
 * (`renamed`: the game file's id → the id given), so they play the game they came with; a pack's
 * level keeps its id when the pack carries a game of that id (the pack's own question settles it).
 * Any other text, or text that is not JSON, is returned as it is.
 */
export function playRenamed(text: string, renamed: ReadonlyMap<string, string>): string {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return text;
  }
  if (typeof data !== 'object' || data === null) return text;
  const file = data as { format?: unknown; game?: unknown; levels?: unknown; games?: unknown };
  const move = (l: { game?: unknown }, carried: ReadonlySet<unknown>) => {
    const to = typeof l.game === 'string' && !carried.has(l.game) ? renamed.get(l.game) : undefined;
    return to === undefined ? l : { ...l, game: to };
  };
  if (file.format === 'match3-level') return file.game === move(file, new Set()).game ? text : JSON.stringify(move(file, new Set()));
  if (file.format !== 'match3-pack' || !Array.isArray(file.levels)) return text;
  const carried = new Set(Array.isArray(file.games) ? file.games.map((g: { id?: unknown }) => g?.id) : []);
  const levels = file.levels.map((l: unknown) => (typeof l === 'object' && l !== null ? move(l, carried) : l));
  return levels.some((l, i) => l !== (file.levels as unknown[])[i]) ? JSON.stringify({ ...file, levels }) : text;
}

/** The id of the first game a refused file's levels play that is not known (parseLevel's "unknown game"), or null. */
export function unknownGameOf(r: FileContent): string | null {
  if (r.ok) return null;
  // a game the file carries is broken: its problems are said (naming the field), not another file asked for
  if (r.problems.some((p) => p.path.startsWith('games['))) return null;
  for (const p of r.problems) {
    const m = /^unknown game "([^"]*)"/.exec(p.message);
    if (m && /(^|\.)game$/.test(p.path)) return m[1];
  }
  return null;
}
