// Small helpers on what the folder holds: the paths a new file must not take, the files read by path.
import type { FileRecord } from '../../core/files/folderDiff.ts';
import type { FileText } from './reader.ts';

/**
 * The paths a new file must not take: every file found, but an empty .json that holds no level (a
 * write cut short leaves one: the browser makes the file before it writes) — a write there loses nothing.
 */
export const takenOf = (scan: { taken: Iterable<string>; files: readonly { path: string; size: number }[] }, records: ReadonlyMap<string, FileRecord>) => {
  const taken = new Set(scan.taken);
  for (const f of scan.files) if (f.size === 0 && (records.get(f.path)?.kind ?? 'other') === 'other') taken.delete(f.path);
  return taken;
};

export const byPath = (texts: FileText[]) => new Map(texts.map((t) => [t.path, t]));
