// How analysis time and memory grow with board size, games and threads (docs/performance.md, "Scale").
//   npx tsx scripts/bench-sim-scale.ts            sizes 6…16 × 1,000 games; games 1k…100k; threads 1, 2, cores
//   npx tsx scripts/bench-sim-scale.ts --quick    smaller counts
// Each figure is one run of the analysis path as `match3 analyze` runs it (runner, pool, curve) on an
// open level of the given size, 6 colours, 25 moves, score target out of reach (every game plays all
// its moves and the curve plays lost games on to 50). Memory: the process's peak RSS growth and the
// heap used after the run, so "flat in games" can be read off.
import { availableParallelism } from 'node:os';
import type { LevelT } from '../src/core/level/index.ts';
import type { SimCounts } from '../src/core/sim/analysis/index.ts';
import { WorkerPool } from '../src/analysis/pool.ts';
import { AnalysisRunner } from '../src/analysis/runner.ts';
import type { SimRequest } from '../src/analysis/simApi.ts';
import { mainThreadRunner, threadRunner } from '../src/cli/threads.ts';

const quick = process.argv.includes('--quick');

function open(size: number, seed: number): LevelT {
  return {
    format: 'match3-level', version: 1, id: `scale-${size}-${seed}`, name: `scale ${size}`, width: size, height: size, moves: 25, colors: 6, seed,
    cells: Array.from({ length: size }, () => Array.from({ length: size }, () => ({}))),
    objectives: [{ type: 'score', target: 10_000_000 }],
  };
}

let seed = 1;
async function run(size: number, games: number, threads: number): Promise<{ s: number; gps: number; heapMB: number }> {
  const pool = new WorkerPool<SimRequest, SimCounts>(threads, threads === 1 ? () => mainThreadRunner() : () => threadRunner());
  const runner = new AnalysisRunner(() => pool);
  await runner.tier(open(size, seed++), 'average', 20 * threads); // start and warm the threads
  const t0 = performance.now();
  await runner.tier(open(size, seed++), 'average', games);
  const s = (performance.now() - t0) / 1000;
  pool.terminate();
  return { s, gps: games / s, heapMB: process.memoryUsage().heapUsed / 1e6 };
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const rssMB = () => process.memoryUsage().rss / 1e6;
console.log(`node ${process.version}, ${availableParallelism()} cores; average tier, with the curve`);
console.log('\nboard size (1,000 games, 1 thread):');
for (const size of quick ? [6, 9, 16] : [6, 8, 9, 10, 12, 14, 16]) {
  const r = await run(size, quick ? 300 : 1000, 1);
  console.log(`  ${size}×${size}`.padEnd(10) + `${r.s.toFixed(2)} s`.padStart(9) + `${fmt(r.gps)} games/s`.padStart(16) + `  heap ${r.heapMB.toFixed(0)} MB, rss ${rssMB().toFixed(0)} MB`);
}
console.log('\ngames (9×9, 1 thread):');
for (const games of quick ? [1000, 5000] : [1000, 10_000, 100_000]) {
  const r = await run(9, games, 1);
  console.log(`  ${fmt(games)}`.padEnd(10) + `${r.s.toFixed(2)} s`.padStart(9) + `${fmt(r.gps)} games/s`.padStart(16) + `  heap ${r.heapMB.toFixed(0)} MB, rss ${rssMB().toFixed(0)} MB`);
}
console.log('\nthreads (9×9, 10,000 games):');
for (const threads of [...new Set([1, 2, availableParallelism()])]) {
  const r = await run(9, quick ? 2000 : 10_000, threads);
  console.log(`  ${threads}`.padEnd(10) + `${r.s.toFixed(2)} s`.padStart(9) + `${fmt(r.gps)} games/s`.padStart(16));
}
