// Analyze's first estimate: the pool's partial counts reach the store while the run goes on, and the
// final report is exactly that of a run without estimates (same counts).
import { describe, expect, it } from 'vitest';
import { createLevel } from '../../../src/core/level/index.ts';
import { AnalysisStore } from '../../../src/stores/analysis.svelte.ts';
import { AnalysisRunner } from '../../../src/analysis/runner.ts';
import { WorkerPool } from '../../../src/analysis/pool.ts';
import { simApi, type SimRequest } from '../../../src/analysis/simApi.ts';
import type { SimCounts } from '../../../src/core/sim/analysis/index.ts';

function inThreadPool(workers: number) {
  return new WorkerPool<SimRequest, SimCounts>(workers, () => ({
    run: async (req, start, count) => {
      await new Promise((r) => setTimeout(r, 0));
      return simApi.playChunk(req, start, count);
    },
    terminate() {},
  }));
}

describe('first estimate while Analyze runs', () => {
  it('shows estimates from growing partial counts, clears them at the end, and the report equals a plain run', async () => {
    const level = { ...createLevel({ width: 7, height: 7, moves: 12, colors: 5 }), objectives: [{ type: 'score' as const, target: 2500 }] };
    const store = new AnalysisStore(() => new AnalysisRunner(() => inThreadPool(2)));
    const seen: number[] = [];
    const run = store.analyze(level, 300);
    // sample the store between chunks as the run goes
    while (store.running) {
      if (store.estimate && seen.at(-1) !== store.estimate.games) seen.push(store.estimate.games);
      await new Promise((r) => setTimeout(r, 0));
    }
    await run;
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0]).toBeLessThan(300);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    expect(store.estimate).toBeNull();

    const plain = await new AnalysisRunner(() => inThreadPool(1)).tier(level, 'average', 300);
    expect(store.reportFor(level)!.counts[0]).toEqual(plain);
  });
});
