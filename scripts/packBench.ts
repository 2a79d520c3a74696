// The varied pack the long-job benchmarks play (bench:browser's pack runs, the CLI's --threads A/B):
// 13 generated levels from 3×3 to 16×16 with blockers and objectives of every kind, seeded, so every
// run and every machine plays the same games.
import { createLevel, type LevelT } from '../src/core/level/index.ts';
import { applyIntents } from '../src/core/tools/index.ts';

const SHAPES: [w: number, h: number, moves: number, extra: Record<string, number>][] = [
  [3, 3, 10, {}],
  [4, 5, 12, { ice_ratio: 0.2 }],
  [5, 5, 15, { jelly_ratio: 0.3 }],
  [6, 6, 18, { crate_ratio: 0.1 }],
  [7, 7, 20, { chain_ratio: 0.1, ice_ratio: 0.1 }],
  [8, 8, 22, { jelly_ratio: 0.4 }],
  [9, 9, 25, {}],
  [9, 9, 25, { ice_ratio: 0.25, crate_ratio: 0.05 }],
  [10, 10, 25, { void_ratio: 0.1, jelly_ratio: 0.2 }],
  [11, 11, 28, { crate_ratio: 0.1 }],
  [12, 12, 30, { ice_ratio: 0.15, chain_ratio: 0.05 }],
  [14, 14, 30, { void_ratio: 0.1 }],
  [16, 16, 35, { jelly_ratio: 0.2 }],
];

export function variedPack(prefix = 'pack'): LevelT[] {
  return SHAPES.map(([width, height, moves, extra], i) => {
    const base = { ...createLevel({ id: `${prefix}-${i + 1}`, name: `Pack ${i + 1} (${width}×${height})`, seed: 1000 + i }) };
    const r = applyIntents(base, [{ tool: 'generate_random_level', args: { width, height, moves, colors: 4 + (i % 3), seed: 5000 + i, ...extra } }]);
    if (r.error) throw new Error(`pack level ${i + 1}: ${r.error}`);
    return { ...r.level, id: base.id, name: base.name };
  });
}

// ── node's one thread on the same games (bench:browser's yardstick for the pack runs) ─────────────
import { WorkerPool, type ChunkRunner } from '../src/analysis/pool.ts';
import { AnalysisRunner, type AnalysisCache } from '../src/analysis/runner.ts';
import type { SimRequest } from '../src/analysis/simApi.ts';
import { mainThreadRunner } from '../src/cli/threads.ts';
import type { SimCounts } from '../src/core/sim/analysis/index.ts';
import { runTool } from '../src/core/tools/index.ts';
import { ANALYSIS_GAMES, DEFAULT_TIER, TUNING } from '../src/core/facts.ts';
import { targetCurve } from '../src/core/pack/curve.ts';
import { PACK_BOUNDS, packLevelBounds } from '../src/core/tune/bounds.ts';

/** The pack as run `run` of a benchmark plays it: the same boards with other seeds (never answered from a cache). */
export function packForRun(levels: readonly LevelT[], run: number): LevelT[] {
  return levels.map((l) => ({ ...l, id: `${l.id}-r${run}`, name: `R${run} ${l.name}`, seed: l.seed + 7919 * run }));
}

/** A node runner on the calling thread, counting the games it plays, with a cache like the page's. */
function countingRunner() {
  const played = { games: 0 };
  const base = mainThreadRunner();
  const runner: ChunkRunner<SimRequest, SimCounts> = {
    run: async (req, start, count) => {
      played.games += count;
      return base.run(req, start, count);
    },
    terminate() {},
  };
  const held = new Map<string, SimCounts>();
  const cache: AnalysisCache = { get: async (k) => held.get(k), put: async (k, v) => void held.set(k, v) };
  const pool = new WorkerPool<SimRequest, SimCounts>(1, () => runner);
  return { played, analysis: new AnalysisRunner(() => pool, cache), close: () => pool.terminate() };
}

/** Analyze pack on node's one thread: the page's games (1,000 a level, average tier, curve on), level after level. */
export async function nodeAnalyzePack(levels: readonly LevelT[]): Promise<{ games: number; ms: number; rates: number[] }> {
  const r = countingRunner();
  const t0 = performance.now();
  const rates: number[] = [];
  for (const l of levels) {
    const c = await r.analysis.tier(l, DEFAULT_TIER, ANALYSIS_GAMES.default);
    rates.push(c.wins / c.games);
  }
  const ms = performance.now() - t0;
  r.close();
  return { games: r.played.games, ms, rates };
}

/**
 * Tune pack to curve (the default ramp and tolerance) on node's one thread, after the pack's analysis
 * (untimed, as in the page, where Analyze pack ran first and its results are cached): the levels off
 * their target, each tuned with tune_level as the pack view does (its default levers, inside the pack's
 * default bounds: nothing applied, the page ends in its review). The games counted are the page's games.
 */
export async function nodeTunePack(levels: readonly LevelT[]): Promise<{ games: number; ms: number; tuned: number }> {
  const r = countingRunner();
  const rates: number[] = [];
  const counts: SimCounts[] = [];
  for (const l of levels) {
    const c = await r.analysis.tier(l, DEFAULT_TIER, ANALYSIS_GAMES.default);
    rates.push(c.wins / c.games);
    counts.push(c);
  }
  const targets = targetCurve('ramp', levels.length);
  const tol = TUNING.tolerance.default;
  const todo = levels.flatMap((l, i) => (Math.abs(rates[i] - targets[i]!) > tol ? [{ l, target: targets[i]!, bounds: packLevelBounds(l, PACK_BOUNDS, counts[i]) }] : []));
  r.played.games = 0;
  const t0 = performance.now();
  for (const { l, target, bounds } of todo) {
    const out = await runTool(l, 'tune_level', { target_win_rate: target, tolerance: tol, tier: DEFAULT_TIER, levers: [...TUNING.defaultLevers], bounds }, { runner: r.analysis });
    if (!out.ok) throw new Error(out.error);
  }
  const ms = performance.now() - t0;
  r.close();
  return { games: r.played.games, ms, tuned: todo.length };
}
