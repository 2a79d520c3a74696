// The analysis cache key carries the level's rules version: the same board under version 1 and 2
// are two results, and a version 1 level keeps the key it had before version 2 existed.
import { describe, expect, it } from 'vitest';
import { createLevel, levelHash } from '../../../src/core/level/index.ts';
import { AnalysisRunner, cacheKey } from '../../../src/analysis/runner.ts';
import { WorkerPool } from '../../../src/analysis/pool.ts';
import { simApi, type SimRequest } from '../../../src/analysis/simApi.ts';
import type { SimCounts } from '../../../src/core/sim/analysis/index.ts';

describe('cache keys and results per rules version', () => {
  const v2 = { ...createLevel({ id: 'K', seed: 4 }), moves: 10 };
  const { rules: _r, ...v1 } = v2;

  it('a version 1 level keeps the key format it always had; version 2 gets its own', () => {
    expect(cacheKey(v1, 'average', 100)).toBe(`${levelHash(v1)}|average|100|r1|b2`);
    expect(cacheKey(v2, 'average', 100)).toMatch(/\|r2\|b2$/);
    expect(cacheKey(v2, 'average', 100).split('|')[0]).not.toBe(levelHash(v1));
  });

  it('a level of a version 2 file or game marks the version of its counts (|c3), so results stored before the version 2 counts or the expert’s slide rule are measured again', () => {
    const file2 = { ...v1, version: 2 } as typeof v1;
    expect(cacheKey(file2, 'average', 100)).toBe(`${levelHash(file2)}|average|100|r1|b2|c3`);
    expect(cacheKey(file2, 'average', 100, 0, false)).toMatch(/\|nc\|c3$/);
  });

  it('the runner caches each version apart and each result says which rules produced it', async () => {
    const store = new Map<string, SimCounts>();
    const pool = () => new WorkerPool<SimRequest, SimCounts>(1, () => ({ run: async (req, s, c) => simApi.playChunk(req, s, c), terminate() {} }));
    const runner = new AnalysisRunner(pool, { get: async (k) => store.get(k), put: async (k, v) => void store.set(k, v) });
    const a = await runner.tier(v1, 'novice', 30);
    const b = await runner.tier(v2, 'novice', 30);
    expect([a.rulesVersion, b.rulesVersion]).toEqual([1, 2]);
    expect(store.size).toBe(2);
  });
});
