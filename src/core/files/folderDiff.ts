// The pure steps of keeping a folder of level files and the catalogue in step (issue 32): what kind of
// file a text is, what changed in the folder since the studio last looked (diffScan), the packs a folder
// makes (folderPacks), and what must be written so the files say what the catalogue says (planWrites).
// The I/O around them (walking directory handles, writing files) is src/stores/folder/.
import { parseGameText } from '../game/schema.ts';
import type { GameDef } from '../game/types.ts';
import { parseLevelText, type LevelT } from '../level/index.ts';
import type { LevelProblem } from '../level/level.ts';
import { isGameFileName, joinPath, naturalCompare, nextFileName, splitPath } from './levelFile.ts';

/** What the studio last read or wrote of one file of the folder (a row of IndexedDB's `folderFiles`). */
export interface FileRecord {
  /** The file's path inside the folder, `/`-separated (`world 1/level_3.json`). */
  id: string;
  /** `other`: a .json the studio does not read (kept so a scan does not read it again). */
  kind: 'level' | 'game' | 'broken' | 'other';
  /** The catalogue's level this file holds. */
  levelId?: string;
  /** The id written in the file, when the catalogue's differs (kept as the file has it). */
  fileId?: string;
  /** levelStamp of the level as the file has it. */
  stamp?: string;
  /** The file's text as last read or written (the base of a merge with an outside change). */
  text?: string;
  lastModified: number;
  size: number;
  /** Why the file could not be read, in English (a broken file: listed, never rewritten). */
  problem?: string;
  /** The same problems with their keys and values, for the UI to word in the designer's language (absent in records stored before). */
  problems?: FileProblems;
}

/**
 * Why a file could not be read: its first problems as the core gives them (the field's path, the English
 * message, and the key and values a UI words it by: src/i18n/problemWords.ts), and how many more there are.
 */
export interface FileProblems {
  shown: LevelProblem[];
  more: number;
}

/** A file found by a scan: its path and what the file system says of it (no text read). */
export interface ScannedFile {
  path: string;
  lastModified: number;
  size: number;
}

export type FileContent = { kind: 'level'; level: LevelT } | { kind: 'game'; game: GameDef } | { kind: 'broken'; problem: string; problems: FileProblems } | { kind: 'other' };

/**
 * What a file's text is. A `.json` that names neither format is someone else's and is left alone, unless
 * it held a level before (`wasLevel`: a merge left conflict markers in it): then it is a broken level.
 */
export function classifyFile(path: string, text: string, games: readonly GameDef[] = [], wasLevel = false): FileContent {
  if (isGameFileName(path)) {
    const g = parseGameText(text);
    return g.ok ? { kind: 'game', game: g.game } : broken(g.problems);
  }
  if (!wasLevel && !text.includes('"match3-level"')) return { kind: 'other' };
  const r = parseLevelText(text, { games });
  return r.ok ? { kind: 'level', level: r.level } : broken(r.problems);
}

/**
 * What each of many files is: game files first, so the levels that play a game defined beside them read
 * (`known`: the games known besides; `wasLevel`: paths that held a level when last read).
 */
export function classifyTexts(texts: ReadonlyMap<string, string>, known: readonly GameDef[] = [], wasLevel: ReadonlySet<string> = new Set()): Map<string, FileContent> {
  const out = new Map<string, FileContent>();
  const games: GameDef[] = [];
  /** The game files beside that do not read, by the id they mean to define. */
  const brokenGames = new Map<string, string>();
  for (const [path, text] of texts) {
    if (!isGameFileName(path)) continue;
    const c = classifyFile(path, text);
    if (c.kind === 'game') games.push(c.game);
    else if (c.kind === 'broken') {
      const id = idOf(text);
      if (id !== null) brokenGames.set(id, path);
    }
    out.set(path, c);
  }
  const all = [...games, ...known];
  for (const [path, text] of texts) {
    if (out.has(path)) continue;
    const c = classifyFile(path, text, all, wasLevel.has(path));
    out.set(path, c.kind === 'broken' ? blameBrokenGame(c, brokenGames) : c);
  }
  return out;
}

/** The "id" a JSON text sets at its top, or null (it does not parse, or has none). */
function idOf(text: string): string | null {
  try {
    const v = (JSON.parse(text) as { id?: unknown } | null)?.id;
    return typeof v === 'string' ? v : null;
  } catch {
    return null;
  }
}

/**
 * A level that plays a game whose file beside it is broken is not "unknown game … import its file first":
 * it says that file is broken, so the designer fixes the file that is wrong.
 */
function blameBrokenGame(c: Extract<FileContent, { kind: 'broken' }>, brokenGames: ReadonlyMap<string, string>): FileContent {
  const first = c.problems.shown[0];
  const game = first?.detail?.key === 'unknownGame' ? String(first.detail.params?.game ?? '') : '';
  const file = brokenGames.get(game);
  if (!file) return c;
  const problem = { path: 'game', message: `game ${JSON.stringify(game)}: its file ${file} is broken (fix it first)`, detail: { key: 'gameFileBroken', params: { game, file } } };
  const problems: FileProblems = { shown: [problem, ...c.problems.shown.slice(1)], more: c.problems.more };
  return { kind: 'broken', problem: problemsText(problems), problems };
}

/** How many of a broken file's problems are kept and shown. */
const SHOWN_PROBLEMS = 3;

/** A broken file's content: its first problems, in English and with their keys and values. */
function broken(problems: readonly LevelProblem[]): Extract<FileContent, { kind: 'broken' }> {
  const kept: FileProblems = { shown: problems.slice(0, SHOWN_PROBLEMS).map((p) => (p.detail ? { path: p.path, message: p.message, detail: p.detail } : { path: p.path, message: p.message })), more: Math.max(0, problems.length - SHOWN_PROBLEMS) };
  return { kind: 'broken', problem: problemsText(kept), problems: kept };
}

/** A broken file's problems in English (the CLI's and the logs' words; the UI words `problems` itself). */
export function problemsText(p: FileProblems): string {
  const shown = p.shown.map((x) => (x.path && x.path !== '(root)' ? `${x.path}: ${x.message}` : x.message));
  return shown.join('; ') + (p.more ? ` (+${p.more})` : '');
}

export interface ScanDiff {
  added: ScannedFile[];
  changed: ScannedFile[];
  removed: FileRecord[];
}

/** Files new, changed (time or size differ) and gone since the records were made; the rest is unchanged. */
export function diffScan(records: ReadonlyMap<string, FileRecord>, scanned: readonly ScannedFile[]): ScanDiff {
  const added: ScannedFile[] = [];
  const changed: ScannedFile[] = [];
  const here = new Set<string>();
  for (const f of scanned) {
    here.add(f.path);
    const r = records.get(f.path);
    if (!r) added.push(f);
    else if (r.lastModified !== f.lastModified || r.size !== f.size) changed.push(f);
  }
  const removed = [...records.values()].filter((r) => !here.has(r.id));
  return { added, changed, removed };
}

/** A pack the folder makes: a sub-folder (`dir`), or the folder itself (`''`), with its level files in natural order. */
export interface FolderPack {
  dir: string;
  name: string;
  paths: string[];
}

/** The packs of a folder's level files: the folder's own files first (named after the folder), then each sub-folder, in natural order. */
export function folderPacks(folderName: string, levelPaths: readonly string[]): FolderPack[] {
  const byDir = new Map<string, string[]>();
  for (const p of levelPaths) {
    const { dir } = splitPath(p);
    byDir.set(dir, [...(byDir.get(dir) ?? []), p]);
  }
  const dirs = [...byDir.keys()].sort((a, b) => (a === '' ? -1 : b === '' ? 1 : naturalCompare(a, b)));
  return dirs.map((dir) => ({
    dir,
    name: (dir === '' ? folderName : dir).slice(0, 80),
    paths: byDir.get(dir)!.sort((a, b) => naturalCompare(splitPath(a).name, splitPath(b).name)),
  }));
}

/** Where a new file goes among a pack's files: before the first whose name sorts after it (natural order). */
export function insertIndex(paths: readonly (string | undefined)[], path: string): number {
  const name = splitPath(path).name;
  const at = paths.findIndex((p) => p !== undefined && naturalCompare(splitPath(p).name, name) > 0);
  return at < 0 ? paths.length : at;
}

export type WriteOp =
  | { op: 'write'; path: string; levelId: string; isNew: boolean }
  /** `changed`: the level changed too (else the file's text moves as it was). */
  | { op: 'move'; from: string; to: string; levelId: string; changed: boolean }
  | { op: 'remove'; path: string; levelId: string };

export interface PlanInput {
  packs: readonly { id: string; levelIds: readonly string[] }[];
  /** The folder's packs: pack id → sub-folder (`''`: the folder itself). Other packs are the browser's own. */
  dirs: Readonly<Record<string, string>>;
  /** levelStamp of a level as the catalogue has it now (undefined: not known yet). */
  stampOf(levelId: string): string | undefined;
  records: Iterable<FileRecord>;
  /** Every path in the folder (levels, and files that are not the studio's), so a new name is free. */
  taken: ReadonlySet<string>;
  /** Levels not to write now (one waiting for the designer's answer to a conflict). */
  hold?: ReadonlySet<string>;
  /** Where a level's file was when it left the folder (deleted, restored now): its name is taken again in the same sub-folder when free. */
  formerPath?(levelId: string): string | undefined;
}

/** A former path's file name, when it was in `dir`. */
function nameIn(dir: string, path: string | undefined): string | undefined {
  if (path === undefined) return undefined;
  const was = splitPath(path);
  return was.dir === dir ? was.name : undefined;
}

/**
 * What must be written so the files say what the catalogue says: a level changed here is written, a new
 * one gets a new file in its pack's folder (a restored one its old name there, when free), one moved to another pack moves its file, one deleted (or
 * moved to a pack of the browser's own) loses its file. A file that could not be read is never touched.
 */
export function planWrites(input: PlanInput): WriteOp[] {
  const byLevel = new Map<string, FileRecord>();
  const all: FileRecord[] = [];
  for (const r of input.records) {
    all.push(r);
    if (r.levelId) byLevel.set(r.levelId, r);
  }
  const names = new Map<string, Set<string>>();
  const claim = (path: string) => {
    const { dir, name } = splitPath(path);
    if (!names.has(dir)) names.set(dir, new Set());
    names.get(dir)!.add(name);
  };
  for (const p of input.taken) claim(p);
  const free = (dir: string, want?: string) => {
    const used = names.get(dir) ?? new Set<string>();
    const name = want && ![...used].some((n) => n.toLowerCase() === want.toLowerCase()) ? want : nextFileName(used);
    const path = joinPath(dir, name);
    claim(path);
    return path;
  };
  const ops: WriteOp[] = [];
  const listed = new Set<string>();
  for (const pack of input.packs) {
    const dir = input.dirs[pack.id];
    if (dir === undefined) continue;
    for (const id of pack.levelIds) {
      listed.add(id);
      const stamp = input.stampOf(id);
      const rec = byLevel.get(id);
      if (!stamp || rec?.problem || input.hold?.has(id)) continue;
      if (!rec) ops.push({ op: 'write', path: free(dir, nameIn(dir, input.formerPath?.(id))), levelId: id, isNew: true });
      else if (splitPath(rec.id).dir !== dir) ops.push({ op: 'move', from: rec.id, to: free(dir, splitPath(rec.id).name), levelId: id, changed: rec.stamp !== stamp });
      else if (rec.stamp !== stamp) ops.push({ op: 'write', path: rec.id, levelId: id, isNew: false });
    }
  }
  for (const r of all) if (r.levelId && !r.problem && !listed.has(r.levelId) && !input.hold?.has(r.levelId)) ops.push({ op: 'remove', path: r.id, levelId: r.levelId });
  return ops;
}
