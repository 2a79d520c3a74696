// What this tab knows of each stored level (storage.ts keeps it; otherTabs.ts reads it): in a file
// of its own so the lazily loaded otherTabs.ts does not import storage.ts back (no import cycle).
import type { LevelT } from '../core/level/index.ts';

/** What this tab last read or wrote of a level: its revision (all levels) and, for a bounded number, the level itself (the base of a merge). */
export class Bases {
  private revs = new Map<string, number>();
  private levels = new Map<string, LevelT>();
  constructor(private readonly keep = 200) {}
  rev(id: string): number {
    return this.revs.get(id) ?? 0;
  }
  has(id: string) {
    return this.revs.has(id);
  }
  get(id: string): { rev: number; level: LevelT | undefined } | undefined {
    return this.revs.has(id) ? { rev: this.revs.get(id)!, level: this.levels.get(id) } : undefined;
  }
  set(id: string, rev: number, level?: LevelT) {
    this.revs.set(id, rev);
    if (!level) return;
    this.levels.delete(id);
    this.levels.set(id, level);
    if (this.levels.size > this.keep) this.levels.delete(this.levels.keys().next().value!);
  }
  delete(id: string) {
    this.revs.delete(id);
    this.levels.delete(id);
  }
  /** How many levels this tab knows as stored. */
  get size(): number {
    return this.revs.size;
  }
  ids(): IterableIterator<string> {
    return this.revs.keys();
  }
  clear() {
    this.revs.clear();
    this.levels.clear();
  }
}
