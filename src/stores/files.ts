// TEMPORARY until src/core/files lands.
import { parseLevelText, type LevelT } from '../core/level/index.ts';
import type { PackRecord } from './persistence.ts';
export type ImportResult =
  | { ok: true; kind: 'level'; level: LevelT }
  | { ok: true; kind: 'pack'; name: string; levels: LevelT[] }
  | { ok: true; kind: 'workspace' }
  | { ok: false; problems: { path: string; message: string }[] };
export function importFileText(text: string): ImportResult {
  const r = parseLevelText(text);
  return r.ok ? { ok: true, kind: 'level', level: r.level } : r;
}
export function exportFileName(name: string) { return name.replace(/[^\w\- ]+/g, '_') + '.json'; }
export function packFileText(p: PackRecord, levels: LevelT[]) { return JSON.stringify({ format: 'match3-pack', version: 1, id: p.id, name: p.name, levels }, null, 2); }
