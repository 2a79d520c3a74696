// The levels memory holds beside storage: the open one (the editor's) and a few recently used ones
// (recently opened, edited by a pack job), bounded. A level asked for is read from storage otherwise.
import type { LevelT } from '../core/level/index.ts';
import type { Storage } from '../db/storage.ts';

/** How many levels besides the open one stay in memory. */
const CACHED_LEVELS = 64;

export class LevelMemory {
  /** Recently used levels other than the open one, least recent first (bounded: CACHED_LEVELS). */
  readonly cache = new Map<string, LevelT>();

  constructor(
    private readonly open: () => LevelT | null,
    private readonly storage: () => Storage | null,
  ) {}

  remember(level: LevelT) {
    this.cache.delete(level.id);
    this.cache.set(level.id, level);
    if (this.cache.size > CACHED_LEVELS) this.cache.delete(this.cache.keys().next().value!);
  }

  /** A level known in memory now (open or recently used), without reading storage. */
  current(id: string): LevelT | undefined {
    const open = this.open();
    return open?.id === id ? open : this.cache.get(id);
  }

  /** Levels as this tab has them now: the open one, a recently used one, else as stored. */
  async getLevels(ids: readonly string[]): Promise<(LevelT | undefined)[]> {
    const missing = ids.filter((id) => !this.current(id));
    const storage = this.storage();
    const read = missing.length && storage ? await storage.readLevels(missing) : [];
    const got = new Map(missing.map((id, i) => [id, read[i]]));
    return ids.map((id) => this.current(id) ?? got.get(id));
  }
}
