// FILE arguments that are folders: every `.json` file under them, recursively, in a fixed order
// (so a sharded run splits the same list on every machine).
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** The file system calls the walk needs (tests pass real temp folders; the seam is for odd cases). */
export interface FolderFs {
  isDirectory(path: string): Promise<boolean>;
  list(path: string): Promise<{ name: string; directory: boolean }[]>;
  realpath(path: string): Promise<string>;
  readFile(path: string): Promise<string>;
}

export const nodeFolderFs: FolderFs = {
  isDirectory: (p) => stat(p).then((s) => s.isDirectory(), () => false),
  async list(p) {
    const entries = await readdir(p, { withFileTypes: true });
    return Promise.all(
      entries.map(async (e) => ({
        name: e.name,
        // a symbolic link is followed: it counts as what it points to
        directory: e.isDirectory() || (e.isSymbolicLink() && (await stat(join(p, e.name)).then((s) => s.isDirectory(), () => false))),
      })),
    );
  },
  realpath: (p) => realpath(p),
  readFile: (p) => readFile(p, 'utf8'),
};

export interface Expanded {
  files: string[];
  /** A folder with no level file, or one that cannot be read: `problem` is its `DIR: (folder): …` line. */
  problems: { folder: string; problem: string }[];
  /** Files under a folder that are JSON of another format (e.g. shard outputs next to the levels). */
  skipped: string[];
}

/** What a folder walk keeps: levels, packs, workspaces, and game definitions (read as the run's games). */
const LEVEL_FORMATS = ['match3-level', 'match3-pack', 'match3-workspace', 'match3-game'];

/**
 * A file met in a folder is left out when it is a JSON object that names another `format`; any
 * other `.json` file (a level without its `format` field, a broken file) is kept, so its problems
 * are reported rather than silently ignored.
 */
function namesAnotherFormat(text: string): boolean {
  try {
    const data: unknown = JSON.parse(text.replace(/^\uFEFF/, ''));
    const format = data && typeof data === 'object' && !Array.isArray(data) ? (data as { format?: unknown }).format : undefined;
    return format !== undefined && !LEVEL_FORMATS.includes(format as string);
  } catch {
    return false;
  }
}

/** Code-point order, whatever the locale: the same list on every machine. */
const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

async function walk(dir: string, fs: FolderFs, seen: Set<string>, out: Expanded): Promise<number> {
  const real = await fs.realpath(dir);
  if (seen.has(real)) return 0; // a link back up the tree
  seen.add(real);
  let found = 0;
  for (const e of (await fs.list(dir)).sort(byName)) {
    if (e.name.startsWith('.') || e.name === 'node_modules') continue;
    const path = join(dir, e.name);
    if (e.directory) found += await walk(path, fs, seen, out);
    else if (e.name.toLowerCase().endsWith('.json')) {
      const text = await fs.readFile(path).catch(() => '');
      if (namesAnotherFormat(text)) out.skipped.push(path);
      else {
        out.files.push(path);
        found++;
      }
    }
  }
  return found;
}

/** Replaces each folder argument by the level files under it; other arguments stay as they are. */
export async function expandFolders(args: readonly string[], fs: FolderFs = nodeFolderFs): Promise<Expanded> {
  const out: Expanded = { files: [], problems: [], skipped: [] };
  for (const arg of args) {
    if (!(await fs.isDirectory(arg))) {
      out.files.push(arg);
      continue;
    }
    try {
      if ((await walk(arg, fs, new Set(), out)) === 0) out.problems.push({ folder: arg, problem: `${arg}: (folder): no level, pack or workspace file (*.json) under this folder` });
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      out.problems.push({ folder: arg, problem: `${arg}: (folder): cannot read the folder${code ? ` (${code})` : ''}` });
    }
  }
  return out;
}
