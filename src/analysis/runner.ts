// Runs analyses through a pool, with a cache keyed by (level content hash, tier, games, the level's rules version):
// asking again for the same level returns at once.
import { isClassicLevel, levelHash, rulesOf, type LevelT } from '../core/level/index.ts';
import { gameOf } from '../core/game/known.ts';
import { emptyCounts, mergeCounts, type SimCounts } from '../core/sim/analysis/counts.ts';
import { BOTS_VERSION } from '../core/sim/codes.ts';
import type { Tier } from '../core/sim/bots/types.ts';
import { AbortedError } from './aborted.ts';
import type { PoolJob } from './pool.ts';
import type { SimRequest } from './simApi.ts';
import type { SimRunner } from '../core/tools/index.ts';

import { TIERS } from '../core/facts.ts';

export interface AnalysisCache {
  get(key: string): Promise<SimCounts | undefined>;
  put(key: string, counts: SimCounts): Promise<void>;
}

export interface RunOptions {
  onProgress?: (done: number, total: number) => void;
  /** The counts so far, after each chunk but the last (a first estimate; the final counts are the full run's). */
  onPartial?: (partial: SimCounts) => void;
  signal?: AbortSignal;
  /** First game index (default 0); tuning searches on games far from the ones an analysis shows. */
  first?: number;
}

// A level whose game or file is version 2 (RULES §12) gets the version of its counts in the key, so results
// stored before a change are measured again: `|c2` added emitted, gateClosedOnLoss, counterOnLoss and
// heatCountdown; `|c3` (2026-12-07), the expert's copy slides into no cell the refill would fill
// (docs/rules.md, "Bots on version 2 levels"). Classic and §11 keys are as they were.
export function cacheKey(level: LevelT, tier: Tier, games: number, first = 0, curve = true): string {
  return `${levelHash(level)}|${tier}|${games}|r${rulesOf(level)}|b${BOTS_VERSION}${first ? `|f${first}` : ''}${curve ? '' : '|nc'}${(level as { version: number }).version === 2 || gameOf(level).version === 2 ? '|c3' : ''}`;
}

export interface RunnerOptions {
  /**
   * Play lost games on to twice the move limit for the win-rate curve (default true: the studio shows
   * it). `match3 analyze` without `--curve` turns it off: every other figure is the same either way
   * (a game's result, deadlocks, objectives and heat maps are counted at the move limit), the curve is
   * just not played.
   */
  curve?: boolean;
}

/** What the runner needs of a pool (a WorkerPool, or the page's, whose code loads on first use: pagePool.ts). */
export interface SimPool {
  readonly size: number;
  run(job: PoolJob<SimRequest, SimCounts>): Promise<SimCounts>;
}

export class AnalysisRunner implements SimRunner {
  constructor(
    private readonly pool: () => SimPool,
    private readonly cache?: AnalysisCache,
    private readonly options: RunnerOptions = {},
  ) {}

  /** Workers in the pool (a long job keeps this many levels plus one in flight). */
  get workers(): number {
    return this.pool().size;
  }

  /** The same pool and options over another cache (a long job's batched writes: src/analysis/cache.ts). */
  withCache(cache: AnalysisCache | undefined): AnalysisRunner {
    return new AnalysisRunner(this.pool, cache, this.options);
  }

  /** This runner's cache (a long job wraps it). */
  get cacheStore(): AnalysisCache | undefined {
    return this.cache;
  }

  private get curve(): boolean {
    return this.options.curve ?? true;
  }

  /** A cached result only (undefined when this level was never analysed so): the pack view's first look. */
  async cached(level: LevelT, tier: Tier, games: number): Promise<SimCounts | undefined> {
    return this.cache?.get(cacheKey(level, tier, games, 0, this.curve)).catch(() => undefined);
  }

  /**
   * One tier: from the cache, or simulated (with the move-limit curve) and then cached. The cache
   * lookup (an IndexedDB read, ~10 ms in the page) runs while the pool already plays the first
   * chunks: a miss loses no time, a hit stops the run (the workers finish at most the chunk each
   * one holds) and answers with the cached counts.
   */
  async tier(level: LevelT, tier: Tier, games: number, opts: RunOptions = {}): Promise<SimCounts> {
    const key = cacheKey(level, tier, games, opts.first, this.curve);
    if (!this.cache) return this.simulate(level, tier, games, opts);
    // the run stops on the caller's cancel or on a cache hit
    const stop = new AbortController();
    const follow = () => stop.abort();
    if (opts.signal?.aborted) stop.abort();
    opts.signal?.addEventListener('abort', follow, { once: true });
    const run = this.simulate(level, tier, games, { ...opts, signal: stop.signal });
    run.catch(() => undefined); // a run stopped by a cache hit is not an error anyone waits for
    const cached = await this.cache.get(key).catch(() => undefined);
    if (cached) {
      opts.signal?.removeEventListener('abort', follow);
      stop.abort();
      if (opts.signal?.aborted) throw new AbortedError();
      opts.onProgress?.(games, games);
      return cached;
    }
    const counts = await run.finally(() => opts.signal?.removeEventListener('abort', follow));
    // not awaited: the result is shown at once; a full disk loses the cache entry, not the result
    this.cache.put(key, counts).catch(() => undefined);
    return counts;
  }

  /** Plays the games on the pool (with the move-limit curve unless turned off): the counts a cache entry holds. */
  private simulate(level: LevelT, tier: Tier, games: number, opts: RunOptions): Promise<SimCounts> {
    const meta = {
      rulesVersion: rulesOf(level),
      levelHash: levelHash(level),
      tier,
      width: level.width,
      height: level.height,
      moveLimit: level.moves,
      curveMax: this.curve ? 2 * level.moves : level.moves,
      objectives: level.objectives.length,
    };
    return this.pool().run({
      req: { level, tier, curve: this.curve, ...(isClassicLevel(level) ? {} : { game: gameOf(level) }) },
      games,
      first: opts.first,
      merge: mergeCounts,
      empty: () => emptyCounts(meta),
      onProgress: opts.onProgress,
      onPartial: opts.onPartial,
      signal: opts.signal,
    });
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
