// A level as a file in a folder the studio has open (issue 32): the text written, written the same way
// every time so a repository's `git diff` shows what changed and nothing else (stable key order, 2-space
// indent, one board row, spawn entry and objective per line, a final newline: serializeLevel), the file
// names of a pack's folder (natural order, the next free name) and what kind of file a text is.
import { hashString } from '../hash.ts';
import { serializeLevel, type LevelT } from '../level/index.ts';

/**
 * The text of a level's file. `fileId`: the id the file carries when the studio gave the level another
 * (two files with one id, or a level the catalogue already held), so the file keeps its own.
 */
export function levelFileText(level: LevelT, fileId?: string): string {
  return serializeLevel(fileId && fileId !== level.id ? { ...level, id: fileId } : level);
}

/** What the studio compares to know whether a level changed since its file was last read or written. */
export function levelStamp(s: { hash: string; name: string }): string {
  return `${s.hash}:${hashString(s.name)}`;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Natural order of names: `level_2` before `level_10`; ties broken by code point so the order is total. */
export function naturalCompare(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** A level file's name ends in .json and is not a game definition (`*.game.json`). */
export const isGameFileName = (name: string) => /\.game\.json$/i.test(name);
export const isJsonFileName = (name: string) => /\.json$/i.test(name);

/** The folder part of a path (`''` for the folder itself) and the file's name. */
export function splitPath(path: string): { dir: string; name: string } {
  const i = path.lastIndexOf('/');
  return i < 0 ? { dir: '', name: path } : { dir: path.slice(0, i), name: path.slice(i + 1) };
}
export const joinPath = (dir: string, name: string) => (dir ? `${dir}/${name}` : name);

/**
 * The name of a new level file in a folder holding `names`: the numbered pattern most of its files
 * follow (`level_7.json` → `level_8.json`, after the highest number), else `level_1.json`; never a name
 * that is taken.
 */
export function nextFileName(names: Iterable<string>): string {
  const taken = new Set([...names].map((n) => n.toLowerCase()));
  const counts = new Map<string, { n: number; max: number; pad: number }>();
  for (const name of taken) {
    const m = /^(.*?)(\d+)\.json$/.exec(name);
    if (!m || isGameFileName(name)) continue;
    const c = counts.get(m[1]) ?? { n: 0, max: 0, pad: 0 };
    counts.set(m[1], { n: c.n + 1, max: Math.max(c.max, Number(m[2])), pad: m[2].startsWith('0') ? Math.max(c.pad, m[2].length) : c.pad });
  }
  let prefix = 'level_';
  let at = { n: 0, max: 0, pad: 0 };
  for (const [p, c] of counts) if (c.n > at.n) [prefix, at] = [p, c];
  let n = at.max + 1;
  const name = (k: number) => `${prefix}${String(k).padStart(at.pad, '0')}.json`;
  while (taken.has(name(n).toLowerCase())) n++;
  return name(n);
}

/** A sub-folder name for a new pack: its name without characters file systems refuse. */
export function dirNameOf(packName: string, taken: Iterable<string>): string {
  const base = packName.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '-').replace(/^[.\s]+|[.\s]+$/g, '').slice(0, 60) || 'pack';
  const used = new Set([...taken].map((n) => n.toLowerCase()));
  let name = base;
  for (let i = 2; used.has(name.toLowerCase()); i++) name = `${base} ${i}`;
  return name;
}
