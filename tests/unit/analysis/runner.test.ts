// The runner looks the cache up while the pool already plays: a miss loses no time, a hit stops the
// run, a cancel during the lookup is a cancel even when the cache holds the answer.
import { describe, expect, it } from 'vitest';
import { createLevel, parseLevel } from '../../../src/core/level/index.ts';
import { AnalysisRunner, cacheKey, type AnalysisCache } from '../../../src/analysis/runner.ts';
import { WorkerPool } from '../../../src/analysis/pool.ts';
import { primeLevel, simApi, type SimRequest } from '../../../src/analysis/simApi.ts';
import type { SimCounts } from '../../../src/core/sim/analysis/index.ts';

const level = { ...createLevel({ id: 'R', seed: 9 }), moves: 10 };

/** In-thread workers that log each chunk they start. */
function loggingPool(workers: number, log: string[]) {
  return new WorkerPool<SimRequest, SimCounts>(workers, () => ({
    run: async (req, start, count) => {
      log.push(`chunk ${start}`);
      await new Promise((r) => setTimeout(r, 0));
      return simApi.playChunk(req, start, count);
    },
    terminate() {},
  }));
}

/** A cache whose reads answer only when `release` is called, logging when they do. */
function slowCache(log: string[], held = new Map<string, SimCounts>()) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const cache: AnalysisCache = {
    get: async (k) => {
      await gate;
      log.push('lookup answered');
      return held.get(k);
    },
    put: async (k, v) => void held.set(k, v),
  };
  return { cache, release: () => release(), held };
}

describe('AnalysisRunner: cache lookup beside the first chunks', () => {
  it('a miss: chunks start before the lookup answers, and the counts equal a run without a cache', async () => {
    const log: string[] = [];
    const { cache, release, held } = slowCache(log);
    const pool = loggingPool(2, log);
    const run = new AnalysisRunner(() => pool, cache).tier(level, 'novice', 120);
    await new Promise((r) => setTimeout(r, 0));
    release();
    const counts = await run;
    expect(log.indexOf('chunk 0')).toBeGreaterThanOrEqual(0);
    expect(log.indexOf('chunk 0')).toBeLessThan(log.indexOf('lookup answered'));
    expect(counts).toEqual(await new AnalysisRunner(() => loggingPool(1, [])).tier(level, 'novice', 120));
    expect(held.get(cacheKey(level, 'novice', 120))).toEqual(counts);
  });

  it('a hit: the cached counts, the run stopped (no chunk starts after the answer), progress complete', async () => {
    const log: string[] = [];
    const cachedCounts = await new AnalysisRunner(() => loggingPool(1, [])).tier(level, 'novice', 120);
    const { cache, release } = slowCache(log, new Map([[cacheKey(level, 'novice', 120), cachedCounts]]));
    const progress: number[] = [];
    const run = new AnalysisRunner(() => loggingPool(2, log), cache).tier(level, 'novice', 120, { onProgress: (d) => progress.push(d) });
    await new Promise((r) => setTimeout(r, 0));
    release();
    expect(await run).toBe(cachedCounts);
    await new Promise((r) => setTimeout(r, 10));
    expect(log.slice(log.indexOf('lookup answered'))).toEqual(['lookup answered']);
    expect(progress.at(-1)).toBe(120);
  });

  it('a cancel while the lookup runs is a cancel, even when the cache holds the answer', async () => {
    const log: string[] = [];
    const cachedCounts = await new AnalysisRunner(() => loggingPool(1, [])).tier(level, 'novice', 60);
    const { cache, release } = slowCache(log, new Map([[cacheKey(level, 'novice', 60), cachedCounts]]));
    const ctl = new AbortController();
    const run = new AnalysisRunner(() => loggingPool(2, log), cache).tier(level, 'novice', 60, { signal: ctl.signal });
    ctl.abort();
    release();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('a failing cache read is a miss: the games are simulated', async () => {
    const cache: AnalysisCache = { get: async () => Promise.reject(new Error('disk gone')), put: async () => undefined };
    const counts = await new AnalysisRunner(() => loggingPool(2, []), cache).tier(level, 'novice', 50);
    expect(counts.games).toBe(50);
  });
});

describe('simApi.warm', () => {
  it('plays its throwaway games without touching what a chunk returns afterwards', () => {
    const req: SimRequest = { level, tier: 'average', curve: true };
    const before = simApi.playChunk(req, 0, 15);
    expect(simApi.warm()).toBe(true);
    expect(simApi.playChunk(req, 0, 15)).toEqual(before);
  });
});

describe('simApi.prime', () => {
  it('primes on valid levels with every kind of cell, and an objective of each type between the two', () => {
    const types = new Set<string>();
    for (const rules of [1, 2] as const) {
      const prime = primeLevel(rules);
      expect(parseLevel(prime).ok).toBe(true);
      expect(prime.rules).toBe(rules);
      const cells = prime.cells.flat();
      const kinds = new Set(
        cells.map((c) => [c.tile ?? 'colour', c.tile === 'crate' ? c.hp ?? 1 : '', c.cover ? `${c.cover.type}${c.cover.type === 'ice' ? c.cover.layers : ''}` : '', c.ground ? `jelly${c.ground.layers}` : '']
          .filter(Boolean)
          .join(' '),
        ),
      );
      for (const k of ['rocket_h', 'rocket_v', 'bomb', 'rainbow', 'void', 'crate 1', 'crate 2', 'colour chain', 'colour ice1', 'colour ice2 jelly2', 'colour jelly1', 'colour jelly2'])
        expect(kinds, k).toContain(k);
      for (const o of prime.objectives) types.add(o.type === 'clear_cover' ? `${o.type} ${o.cover}` : o.type);
    }
    expect(types).toEqual(new Set(['clear_ground', 'clear_cover ice', 'clear_cover chain', 'collect', 'clear_crates', 'score']));
  });

  it('plays its throwaway games without touching what a chunk of any tier returns afterwards', () => {
    for (const tier of ['novice', 'average', 'expert'] as const) {
      const req: SimRequest = { level, tier, curve: true };
      const before = simApi.playChunk(req, 0, 6);
      simApi.prime(tier);
      expect(simApi.playChunk(req, 0, 6)).toEqual(before);
    }
  });
});

describe('simApi.playHeld (the page sends a request once per worker, then its ref)', () => {
  it('plays the held request: the same counts as chunks sent in full', () => {
    const req: SimRequest = { level, tier: 'average', curve: true };
    const other: SimRequest = { level: { ...level, seed: 10 }, tier: 'novice', curve: true };
    expect(simApi.playHeld(1, req, 0, 12)).toEqual(simApi.playChunk(req, 0, 12));
    expect(simApi.playHeld(1, null, 12, 12)).toEqual(simApi.playChunk(req, 12, 12));
    // a new request replaces the held one
    expect(simApi.playHeld(2, other, 0, 8)).toEqual(simApi.playChunk(other, 0, 8));
    expect(simApi.playHeld(2, null, 8, 8)).toEqual(simApi.playChunk(other, 8, 8));
  });

  it('a chunk whose request is not held fails instead of playing another level', () => {
    const req: SimRequest = { level, tier: 'average', curve: true };
    simApi.playHeld(3, req, 0, 2);
    expect(() => simApi.playHeld(1, null, 0, 2)).toThrow(/request 1 is not held/);
    expect(() => simApi.playHeld(4, null, 0, 2)).toThrow(/request 4 is not held/);
  });
});
