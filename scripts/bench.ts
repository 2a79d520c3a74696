// Simulator speed, single thread in node: games/s per tier on three fixed levels.
//   npm run bench            (about a minute)
//   npm run bench -- --quick (a few seconds)
//   npm run bench:node -- --rules 2  (the same levels under rules version 2, diagonal slides)
import type { LevelT } from '../src/core/level/index.ts';
import { BENCH_LEVELS } from './benchLevels.ts';
import { playGames, type Tier } from '../src/core/sim/index.ts';
import { emptyCounts, mergeCounts, summarize, type SimCounts } from '../src/core/sim/analysis/index.ts';
import { levelHash, rulesOf } from '../src/core/level/index.ts';
import { WorkerPool } from '../src/analysis/pool.ts';
import type { SimRequest } from '../src/analysis/simApi.ts';
import { mainThreadRunner } from '../src/cli/threads.ts';
import { playPlainGames } from './plainBaseline.ts';
import { expertSpeedLine } from './expertBaseline.ts';

export { BENCH_LEVELS };

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

/** Wall-clock and CPU time (this process: the runs below are single-threaded) since `t0`/`c0`, in seconds. */
function elapsed(t0: number, c0: NodeJS.CpuUsage): { wall: number; cpu: number } {
  const c = process.cpuUsage(c0);
  return { wall: (performance.now() - t0) / 1000, cpu: (c.user + c.system) / 1e6 };
}

/** A speed both ways: games per wall-clock second, and per CPU second (steadier on a shared machine). */
interface Speed {
  wall: number;
  cpu: number;
  /** Moves played per game (to compare runs that play different numbers of moves). */
  movesPerGame: number;
}

/** One timed run: games played, moves played, wall-clock and CPU seconds. */
interface Run {
  games: number;
  moves: number;
  wall: number;
  cpu: number;
}

/** One chunk of the plain-rules baseline (scripts/plainBaseline.ts): 9×9, 6 colours, 25 moves, 1-ply greedy. */
function plainRun(games: number, first: number): Run {
  const t0 = performance.now(), c0 = process.cpuUsage();
  const sink = playPlainGames(games, 25, first);
  const e = elapsed(t0, c0);
  if (sink < 0) console.log(sink);
  return { games, moves: games * 25, ...e };
}

/** Moves a run played: each game's moves up to its first win, or to the curve's end (or the limit without the curve). */
function movesPlayed(c: SimCounts): number {
  let moves = 0, won = 0;
  for (let m = 1; m < c.curveWins.length; m++) {
    moves += m * c.curveWins[m];
    won += c.curveWins[m];
  }
  return moves + (c.games - won) * c.curveMax;
}

/**
 * The analysis path as `match3 analyze --threads 1` runs it: the pool's chunks on this thread (the
 * main-thread runner of the CLI), the merge of the counts and the summary; a new level seed each
 * run so nothing is answered from a cache. `curve`: lost games play on to 2× the limit (what
 * `AnalysisRunner.tier` asks for) or stop at the limit.
 */
export function analysisPath(base: LevelT, tier: Tier, curve: boolean): { run: (games: number) => Promise<Run>; close: () => void } {
  const pool = new WorkerPool<SimRequest, SimCounts>(1, () => mainThreadRunner());
  let seed = 1;
  const run = async (games: number): Promise<Run> => {
    const level = { ...base, seed: seed++ };
    const meta = {
      rulesVersion: rulesOf(level), levelHash: levelHash(level), tier, width: level.width, height: level.height,
      moveLimit: level.moves, curveMax: curve ? 2 * level.moves : level.moves, objectives: level.objectives.length,
    };
    const t0 = performance.now(), c0 = process.cpuUsage();
    const c = await pool.run({ req: { level, tier, curve }, games, merge: mergeCounts, empty: () => emptyCounts(meta) });
    summarize(c);
    const e = elapsed(t0, c0);
    return { games: c.games, moves: movesPlayed(c), ...e };
  };
  return { run, close: () => pool.terminate() };
}

/**
 * The analysis path with the curve, in games per wall-clock second (what the browser bench compares
 * with); `stats` also gets the games, wall and CPU time (games per CPU-second is the engine's speed
 * whatever else the machine runs).
 */
export async function measureAnalysisPath(base: LevelT, tier: Tier, games: number, stats?: { games: number; wallMs: number; cpuMs: number }): Promise<number> {
  const path = analysisPath(base, tier, true);
  await path.run(100);
  let played = 0, wall = 0, cpu = 0;
  while (wall * 1000 < TIME) {
    const r = await path.run(games);
    played += r.games;
    wall += r.wall;
    cpu += r.cpu;
  }
  path.close();
  if (stats) Object.assign(stats, { games: played, wallMs: wall * 1000, cpuMs: cpu * 1000 });
  return played / wall;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const GOAL = 1.3;

/**
 * The baseline and the analysis path (without and with the curve) measured in turn, round after
 * round (A B C A B C …), so that a load change on a shared machine hits all three alike; each
 * figure is the median over the rounds, and each ratio the median of the rounds' ratios.
 */
async function baselineSection(): Promise<void> {
  const noCurve = analysisPath(BENCH_LEVELS[0], 'average', false);
  const curve = analysisPath(BENCH_LEVELS[0], 'average', true);
  // warm-up: each path compiled and optimised before anything is timed
  for (let k = 0; k < 3; k++) {
    plainRun(300, 100_000 + k * 300);
    await noCurve.run(200);
    await curve.run(100);
  }
  const rounds: { plain: Run; noCurve: Run; curve: Run }[] = [];
  const t0 = performance.now();
  for (let r = 0; rounds.length < 3 || performance.now() - t0 < 3 * TIME; r++)
    rounds.push({ plain: plainRun(quick ? 300 : 1000, r * 1000), noCurve: await noCurve.run(1000), curve: await curve.run(1000) });
  noCurve.close();
  curve.close();
  const rate = (pick: (x: (typeof rounds)[number]) => Run, by: 'wall' | 'cpu') => median(rounds.map((x) => pick(x).games / pick(x)[by]));
  const ratios = (pick: (x: (typeof rounds)[number]) => Run, by: 'wall' | 'cpu', perMove = false) =>
    rounds.map((x) => {
      const a = pick(x), p = x.plain;
      return ((perMove ? a.moves : a.games) / a[by]) / ((perMove ? p.moves : p.games) / p[by]);
    });
  const ratio = (pick: (x: (typeof rounds)[number]) => Run, by: 'wall' | 'cpu', perMove = false) => median(ratios(pick, by, perMove));
  /** The middle half of the rounds' CPU-time ratios: how much the machine moved them. */
  const spread = (pick: (x: (typeof rounds)[number]) => Run) => {
    const s = ratios(pick, 'cpu').sort((a, b) => a - b);
    return `${s[Math.floor((s.length - 1) / 4)].toFixed(2)}–${s[Math.ceil((3 * (s.length - 1)) / 4)].toFixed(2)}`;
  };
  const line = (label: string, pick: (x: (typeof rounds)[number]) => Run) => {
    const r = ratio(pick, 'cpu'), moves = median(rounds.map((x) => pick(x).moves / pick(x).games));
    console.log(`${label}: ${fmt(rate(pick, 'wall'))} games/s (${fmt(rate(pick, 'cpu'))} per CPU second, ${moves.toFixed(1)} moves a game)`);
    console.log(`  = ${r.toFixed(2)}× the baseline by CPU time (middle half of the rounds ${spread(pick)}; ${ratio(pick, 'wall').toFixed(2)}× by wall clock); goal ≥ ${GOAL.toFixed(2)}× ${r >= GOAL ? '✔' : '✘'}; per move played ${ratio(pick, 'cpu', true).toFixed(2)}×`);
  };
  console.log('');
  console.log(`${rounds.length} rounds, each: the baseline, then the analysis path without and with the curve (medians)`);
  console.log(`plain-rules baseline (9×9, 6 colours, 25 moves, no specials, 1-ply greedy): ${fmt(rate((x) => x.plain, 'wall'))} games/s (${fmt(rate((x) => x.plain, 'cpu'))} per CPU second)`);
  line('analysis path, level (a), average tier, 1,000 games a run, one thread, no curve (match3 analyze)', (x) => x.noCurve);
  line('the same with the move-limit curve (lost games played on to 50 moves: Analyze in the studio, match3 analyze --curve)', (x) => x.curve);
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
if (RULES === 1 && !withCurve && !quick) console.log(expertSpeedLine(expertGps));
else if (RULES === 1 && !withCurve) console.log('expert ×N against 03181a3: run without --quick (the reference is a full run)');
}

if (process.argv[1]?.endsWith('bench.ts')) {
  if (!process.argv.includes('--baseline-only')) main();
  void baselineSection();
}
