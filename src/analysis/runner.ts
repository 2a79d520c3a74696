// Runs analyses through a pool, with a cache keyed by (level content hash, tier, games, the level's rules version):
// asking again for the same level returns at once.
import { levelHash, rulesOf, type LevelT } from '../core/level/index.ts';
import { emptyCounts, mergeCounts, type SimCounts } from '../core/sim/analysis/counts.ts';
import { BOTS_VERSION } from '../core/sim/codes.ts';
import type { Tier } from '../core/sim/bots/types.ts';
import type { WorkerPool } from './pool.ts';
import type { SimRequest } from './simApi.ts';

export const TIERS: Tier[] = ['novice', 'average', 'expert'];

export interface AnalysisCache {
  get(key: string): Promise<SimCounts | undefined>;
  put(key: string, counts: SimCounts): Promise<void>;
}

export interface RunOptions {
  onProgress?: (done: number, total: number) => void;
  /** The counts so far, after each chunk but the last (a first estimate; the final counts are the full run's). */
  onPartial?: (partial: SimCounts) => void;
  signal?: AbortSignal;
}

export function cacheKey(level: LevelT, tier: Tier, games: number): string {
  return `${levelHash(level)}|${tier}|${games}|r${rulesOf(level)}|b${BOTS_VERSION}`;
}

export class AnalysisRunner {
  constructor(
    private readonly pool: () => WorkerPool<SimRequest, SimCounts>,
    private readonly cache?: AnalysisCache,
  ) {}

  /** One tier: from the cache, or simulated (with the move-limit curve) and then cached. */
  async tier(level: LevelT, tier: Tier, games: number, opts: RunOptions = {}): Promise<SimCounts> {
    const key = cacheKey(level, tier, games);
    const cached = await this.cache?.get(key).catch(() => undefined);
    if (cached) {
      opts.onProgress?.(games, games);
      return cached;
    }
    const meta = {
      rulesVersion: rulesOf(level),
      levelHash: levelHash(level),
      tier,
      width: level.width,
      height: level.height,
      moveLimit: level.moves,
      curveMax: 2 * level.moves,
      objectives: level.objectives.length,
    };
    const counts = await this.pool().run({
      req: { level, tier, curve: true },
      games,
      merge: mergeCounts,
      empty: () => emptyCounts(meta),
      onProgress: opts.onProgress,
      onPartial: opts.onPartial,
      signal: opts.signal,
    });
    await this.cache?.put(key, counts).catch(() => {
      /* a full disk loses the cache entry, not the result */
    });
    return counts;
  }

  /**
   * All three tiers at once, the slowest (expert) queued first so no worker idles at a tier's end;
   * one progress bar over the whole. Each tier merges exactly and is cached on its own.
   */
  async deep(level: LevelT, games: number, opts: RunOptions = {}): Promise<SimCounts[]> {
    const done: Record<Tier, number> = { novice: 0, average: 0, expert: 0 };
    const report = (tier: Tier) => (d: number) => {
      done[tier] = d;
      opts.onProgress?.(done.novice + done.average + done.expert, TIERS.length * games);
    };
    const order: Tier[] = ['expert', 'average', 'novice'];
    const results = await Promise.all(order.map((tier) => this.tier(level, tier, games, { signal: opts.signal, onProgress: report(tier) })));
    return TIERS.map((tier) => results[order.indexOf(tier)]);
  }
}
