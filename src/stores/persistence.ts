// The workspace's link to storage. TEMPORARY in-memory version until src/db lands.
import type { LevelT } from '../core/level/index.ts';
import { createLevel } from '../core/level/index.ts';
import type { SimCounts } from '../core/sim/analysis/counts.ts';

export interface PackRecord { id: string; name: string; levelIds: string[] }
export interface Storage {
  loadWorkspace(): Promise<{ packs: PackRecord[]; levels: LevelT[] }>;
  getSetting<T>(key: string): Promise<T | undefined>;
  setSetting(key: string, value: unknown): Promise<void>;
  scheduleLevel(level: LevelT): void;
  saveLevelNow(level: LevelT): void;
  flushLevel(): void;
  flush(): Promise<void>;
  retry(): Promise<void>;
  savePacks(packs: PackRecord[]): void;
  deleteLevel(id: string): void;
  exportWorkspace(): Promise<string>;
  importWorkspace(text: string): Promise<void>;
  getAnalysis(key: string): Promise<SimCounts | undefined>;
  putAnalysis(key: string, counts: SimCounts): Promise<void>;
}
export async function openStorage(_o: { onStatus: (s: 'idle' | 'saving' | 'saved' | 'error' | 'memory', m?: string) => void }): Promise<Storage> {
  const l = createLevel({ name: 'Sample' });
  return {
    loadWorkspace: async () => ({ packs: [{ id: 'p', name: 'Pack 1', levelIds: [l.id] }], levels: [l] }),
    getSetting: async () => undefined, setSetting: async () => {}, scheduleLevel() {}, saveLevelNow() {}, flushLevel() {},
    flush: async () => {}, retry: async () => {}, savePacks() {}, deleteLevel() {}, exportWorkspace: async () => '{}', importWorkspace: async () => {}, getAnalysis: async () => undefined, putAnalysis: async () => {},
  };
}
