// Simulator speed, single thread in node: games/s per tier on three fixed levels.
//   npm run bench            (about a minute)
//   npm run bench -- --quick (a few seconds)
//   npm run bench:node -- --rules 2  (the same levels under rules version 2, diagonal slides)
import type { CellT, LevelT } from '../src/core/level/index.ts';
import { playGames, type Tier } from '../src/core/sim/index.ts';
import { summarize, type SimCounts } from '../src/core/sim/analysis/index.ts';
import { WorkerPool } from '../src/analysis/pool.ts';
import { AnalysisRunner } from '../src/analysis/runner.ts';
import type { SimRequest } from '../src/analysis/simApi.ts';
import { mainThreadRunner } from '../src/cli/threads.ts';
import { playPlainGames } from './plainBaseline.ts';
import { expertSpeedLine } from './expertBaseline.ts';

function level(name: string, size: number, moves: number, colors: number, objectives: LevelT['objectives'], cell: (x: number, y: number) => CellT): LevelT {
  return {
    format: 'match3-level', version: 1, id: `bench-${name}`, name, width: size, height: size, moves, colors, seed: 2024,
    cells: Array.from({ length: size }, (_, y) => Array.from({ length: size }, (_, x) => cell(x, y))),
    objectives,
  };
}

/** The three bench levels of docs/performance.md. */
export const BENCH_LEVELS: LevelT[] = [
  // (a) open 9×9, 6 colours, 25 moves; the score target is out of reach so all 25 moves are played
  level('a: 9×9 open, 6 colours, 25 moves', 9, 25, 6, [{ type: 'score', target: 10_000_000 }], () => ({})),
  // (b) 9×9 full double jelly
  level('b: 9×9 double jelly', 9, 25, 6, [{ type: 'clear_ground', ground: 'jelly' }], () => ({ ground: { type: 'jelly', layers: 2 } })),
  // (c) 16×16, 6 colours, crates, ice and chains
  level('c: 16×16 blockers', 16, 30, 6, [{ type: 'clear_crates' }, { type: 'clear_cover', cover: 'ice' }, { type: 'clear_cover', cover: 'chain' }], (x, y) => {
    if ((x + 2 * y) % 7 === 0 && y > 2) return { tile: 'crate', hp: 1 + ((x + y) % 3) };
    if ((x * 3 + y) % 9 === 0) return { cover: { type: 'ice', layers: 1 + (x % 2) } };
    if ((x + y * 5) % 11 === 0) return { cover: { type: 'chain' } };
    return {};
  }),
];

const quick = process.argv.includes('--quick');
const rulesArg = process.argv.indexOf('--rules');
const RULES = rulesArg > 0 && process.argv[rulesArg + 1] === '2' ? 2 : 1;
const withCurve = process.argv.includes('--curve');
const TIME = quick ? 300 : 3000; // ms per measurement

function measure(l: LevelT, tier: Tier): { gps: number; winRate: number } {
  // warm-up, then as many chunks of games as fit in TIME
  playGames(l, { tier, count: 20, curve: withCurve });
  let games = 0, wins = 0, start = 0;
  const t0 = performance.now();
  const chunk = tier === 'expert' ? 50 : 200;
  while (performance.now() - t0 < TIME) {
    const c = playGames(l, { tier, start, count: chunk, curve: withCurve });
    games += c.games;
    wins += c.wins;
    start += chunk;
  }
  return { gps: games / ((performance.now() - t0) / 1000), winRate: wins / games };
}

/** Games/s of the plain-rules baseline (scripts/plainBaseline.ts): 9×9, 6 colours, 25 moves, 1-ply greedy. */
function measurePlain(): number {
  playPlainGames(50, 25);
  let games = 0, sink = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < TIME) {
    sink += playPlainGames(200, 25, games);
    games += 200;
  }
  if (sink < 0) console.log(sink);
  return games / ((performance.now() - t0) / 1000);
}

/**
 * Games/s of the analysis path as `match3 analyze --threads 1` runs it: the runner (with the
 * move-limit curve: lost games play on to 2× the limit), the pool's chunks on this thread, the merge
 * of the counts and the summary; a new level seed each run so nothing is answered from a cache.
 */
export async function measureAnalysisPath(base: LevelT, tier: Tier, games: number): Promise<number> {
  const pool = new WorkerPool<SimRequest, SimCounts>(1, mainThreadRunner);
  const runner = new AnalysisRunner(() => pool);
  let seed = 1, played = 0;
  summarize(await runner.tier({ ...base, seed: seed++ }, tier, 100));
  const t0 = performance.now();
  while (performance.now() - t0 < TIME) {
    summarize(await runner.tier({ ...base, seed: seed++ }, tier, games));
    played += games;
  }
  pool.terminate();
  return played / ((performance.now() - t0) / 1000);
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

async function baselineSection(): Promise<void> {
  const plain = measurePlain();
  const path = await measureAnalysisPath(BENCH_LEVELS[0], 'average', 1000);
  console.log('');
  console.log(`plain-rules baseline (9×9, 6 colours, 25 moves, no specials, 1-ply greedy): ${fmt(plain)} games/s`);
  console.log(`analysis path, level (a), average tier, 1,000 games with the curve: ${fmt(path)} games/s = ${(path / plain).toFixed(2)}× the baseline; goal ≥ 1.30× ${path / plain >= 1.3 ? '✔' : '✘'}`);
}

function main(): void {
console.log(`node ${process.version}, single thread, ${withCurve ? 'with' : 'without'} the move-limit curve, rules version ${RULES}`);
console.log('level'.padEnd(36) + 'novice'.padStart(16) + 'average'.padStart(16) + 'expert'.padStart(16));
const expertGps: number[] = [];
for (const base of BENCH_LEVELS) {
  const l: LevelT = RULES === 2 ? { ...base, rules: 2 } : base;
  const cells = (['novice', 'average', 'expert'] as const).map((t) => {
    const r = measure(l, t);
    if (t === 'expert') expertGps.push(r.gps);
    return `${Math.round(r.gps).toLocaleString('en-US')}/s ${Math.round(r.winRate * 100)}%`.padStart(16);
  });
  console.log(l.name.padEnd(36) + cells.join(''));
}
console.log('(games per second, and the win rate of those games)');
if (RULES === 1 && !withCurve) console.log(expertSpeedLine(expertGps));
}

if (process.argv[1]?.endsWith('bench.ts')) {
  if (!process.argv.includes('--baseline-only')) main();
  void baselineSection();
}
