// Opening a folder, its first step: every file read and classified, and the levels stored, in pages
// (folder.svelte.ts makes the packs from what this returns and stores the folder's rows).
import type { FolderCore } from './types.ts';
import type { FileRecord } from '../../core/files/folderDiff.ts';
import { newId, type LevelT } from '../../core/level/index.ts';
import { summarize, type LevelSummary } from '../../core/catalogue/summary.ts';
import { isGameFileName } from '../../core/files/levelFile.ts';
import type { DirLike } from './handles.ts';
import { byPath } from './files.ts';

/** Files per read while opening a folder (read and parsed by the reader while the page before is stored). */
const OPEN_PAGE = 250;

/**
 * Opening, step 1: every file read and classified, the levels stored (a level whose id the catalogue has
 * already gets a new one). The games first (the levels that play them read), then the rest in pages read
 * and parsed by the reader while the pages before are stored: the reading and the storing overlap.
 */
export async function readAll(f: FolderCore, handle: DirLike, scan: { files: readonly { path: string }[] }) {
  const storage = f.host.storage;
  const records = new Map<string, FileRecord>();
  const idOf = new Map<string, string>();
  const used = new Set<string>();
  const summaries: LevelSummary[] = [];
  const paths = scan.files.map((f) => f.path);
  const games = await f.reader.read(handle, paths.filter(isGameFileName), f.readContext());
  f.contentsOf(byPath(games)); // registered: the pages below are read knowing them
  const ctx = f.readContext();
  const rest = paths.filter((p) => !isGameFileName(p));
  const pages = Array.from({ length: Math.ceil(rest.length / OPEN_PAGE) }, (_, i) => f.reader.read(handle, rest.slice(i * OPEN_PAGE, (i + 1) * OPEN_PAGE), ctx));
  for (const page of [Promise.resolve(games), ...pages]) {
    const texts = byPath(await page);
    const levels: LevelT[] = [];
    for (const [path, c] of f.contentsOf(texts)) {
      const meta = texts.get(path)!;
      const base = { id: path, lastModified: meta.lastModified, size: meta.size };
      if (c.kind === 'level') {
        const id = f.host.catalogue.has(c.level.id) || used.has(c.level.id) ? newId() : c.level.id;
        used.add(id);
        idOf.set(path, id);
        levels.push({ ...c.level, id });
        records.set(path, { ...base, kind: 'level', levelId: id, fileId: id !== c.level.id ? c.level.id : undefined, text: meta.text });
      } else records.set(path, f.recordOf(base, c, meta.text));
    }
    if (levels.length) summaries.push(...(storage ? await storage.putLevels(levels) : levels.map((l) => summarize(l))));
  }
  return { records, idOf, summaries };
}
