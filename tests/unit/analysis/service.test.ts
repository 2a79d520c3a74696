import { describe, expect, it } from 'vitest';
import { createLevel } from '../../../src/core/level/index.ts';
import { runTool } from '../../../src/core/tools/index.ts';
import { AnalysisRunner } from '../../../src/analysis/runner.ts';
import { WorkerPool } from '../../../src/analysis/pool.ts';
import { simApi, type SimRequest } from '../../../src/analysis/simApi.ts';
import { localRunner } from '../../../src/core/sim/analysis/index.ts';
import type { SimCounts } from '../../../src/core/sim/analysis/index.ts';

/** In-thread "workers" running the real simulator module. */
const pool = (n: number) =>
  new WorkerPool<SimRequest, SimCounts>(n, () => ({ run: async (req, s, c) => simApi.playChunk(req, s, c), terminate() {} }));

describe('analysis tools through the registry', () => {
  const level = { ...createLevel({ id: 'A', seed: 42 }), moves: 12 };

  it('analyze_level returns Markdown with the figures, the same whatever the worker count', async () => {
    const one = new AnalysisRunner(() => pool(1));
    const three = new AnalysisRunner(() => pool(3));
    const a = await runTool(level, 'analyze_level', { games: '60' }, { runner: one });
    const b = await runTool(level, 'analyze_level', { games: 60 }, { runner: three });
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    expect(a.summary).toMatch(/win rate/i);
    expect(a.summary).toMatch(/%/);
    const ca = (a.data as { counts: SimCounts[] }).counts[0];
    const cb = (b.data as { counts: SimCounts[] }).counts[0];
    expect(ca).toEqual(cb);
    expect(ca.games).toBe(60);
  });

  it('the cache answers a repeated request with its counts; the run started beside the lookup stops at once', async () => {
    const store = new Map<string, SimCounts>();
    let runs = 0;
    const counting = () =>
      new WorkerPool<SimRequest, SimCounts>(1, () => ({ run: async (req, s, c) => (runs++, simApi.playChunk(req, s, c)), terminate() {} }));
    const runner = new AnalysisRunner(counting, { get: async (k) => store.get(k), put: async (k, v) => void store.set(k, v) });
    const first = await runner.tier(level, 'novice', 40);
    const full = runs;
    expect(full).toBeGreaterThan(1);
    const again = await runner.tier(level, 'novice', 40);
    expect(again).toBe(store.values().next().value); // the cached object itself, not a re-run
    expect(again).toEqual(first);
    expect(runs - full).toBeLessThanOrEqual(1); // at most the one chunk the one worker held when the cache answered
    await runner.tier({ ...level, moves: 13 }, 'novice', 40); // another level content: simulated in full
    expect(runs - full).toBeGreaterThan(2);
  });

  it('deep_analyze and get_bottleneck cover the three tiers', async () => {
    const svc = new AnalysisRunner(() => pool(2));
    const d = await runTool(level, 'deep_analyze', { games: 30 }, { runner: svc });
    expect(d.ok).toBe(true);
    if (d.ok) for (const tier of ['novice', 'average', 'expert']) expect(d.summary.toLowerCase()).toContain(tier);
    const b = await runTool(level, 'get_bottleneck', { games: 30 }, { runner: svc });
    expect(b.ok).toBe(true);
  });

  it('the in-thread runner plays the same games as the pool, and `first` shifts to other games', async () => {
    const local = localRunner();
    const viaPool = await new AnalysisRunner(() => pool(2)).tier(level, 'average', 90);
    const here = await local.tier(level, 'average', 90);
    expect(here).toEqual(viaPool);
    const shifted = await new AnalysisRunner(() => pool(2)).tier(level, 'average', 90, { first: 1000 });
    expect(await local.tier(level, 'average', 90, { first: 1000 })).toEqual(shifted);
    expect(shifted.curveWins).not.toEqual(here.curveWins);
  });

  it('the tools report progress through ctx.onProgress and stop on an aborted signal', async () => {
    const seen: number[] = [];
    const r = await runTool(level, 'analyze_level', { games: 500 }, { runner: localRunner(), onProgress: (d) => seen.push(d) });
    expect(r.ok).toBe(true);
    expect(seen.at(-1)).toBe(500);
    const ctl = new AbortController();
    ctl.abort();
    await expect(runTool(level, 'analyze_level', { games: 500 }, { runner: localRunner(), signal: ctl.signal })).rejects.toThrow(/cancelled/);
  });

  it('without a simulator the tools answer an error, never a figure', async () => {
    const r = await runTool(level, 'analyze_level', {});
    expect(r).toEqual({ ok: false, tool: 'analyze_level', error: 'analyze_level: analysis is not available yet' });
  });
});
