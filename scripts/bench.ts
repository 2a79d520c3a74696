// Simulator speed, single thread in node: games/s per tier on three fixed levels.
//   npm run bench            (about a minute)
//   npm run bench -- --quick (a few seconds)
//   npm run bench:node -- --rules 2  (the same levels under rules version 2, diagonal slides)
import type { CellT, LevelT } from '../src/core/level/index.ts';
import { playGames, type Tier } from '../src/core/sim/index.ts';

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

function main(): void {
console.log(`node ${process.version}, single thread, ${withCurve ? 'with' : 'without'} the move-limit curve, rules version ${RULES}`);
console.log('level'.padEnd(36) + 'novice'.padStart(16) + 'average'.padStart(16) + 'expert'.padStart(16));
for (const base of BENCH_LEVELS) {
  const l: LevelT = RULES === 2 ? { ...base, rules: 2 } : base;
  const cells = (['novice', 'average', 'expert'] as const).map((t) => {
    const r = measure(l, t);
    return `${Math.round(r.gps).toLocaleString('en-US')}/s ${Math.round(r.winRate * 100)}%`.padStart(16);
  });
  console.log(l.name.padEnd(36) + cells.join(''));
}
console.log('(games per second, and the win rate of those games)');
}

if (process.argv[1]?.endsWith('bench.ts')) main();
