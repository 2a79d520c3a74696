// The expert tier's speed against another checkout, on a shared machine: both engines in one
// process, short runs of the same games alternated A B, B A, …, CPU time per run, the median of the
// per-pair ratios (a load that changes between pairs moves both sides of a pair alike).
//   npx tsx scripts/expert-ab.ts ../old-checkout [games per run] [pairs]
// e.g. with a worktree of 03181a3 (git worktree add ../old 03181a3; ln -s "$PWD/node_modules" ../old/).
// Prints, per bench level, how many times fewer CPU seconds this checkout's expert needs per game.
import { resolve } from 'node:path';
import { BENCH_LEVELS } from './bench.ts';

type PlayGames = typeof import('../src/core/sim/index.ts').playGames;

const other = process.argv[2];
if (!other) throw new Error('usage: tsx scripts/expert-ab.ts <other checkout> [games] [pairs]');
const games = Number(process.argv[3] ?? 100), pairs = Number(process.argv[4] ?? 31);
const here: PlayGames = (await import('../src/core/sim/index.ts')).playGames;
const there: PlayGames = (await import(resolve(other, 'src/core/sim/index.ts'))).playGames;

function cpuSeconds(f: () => void): number {
  const c0 = process.cpuUsage();
  f();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1e6;
}

for (const level of BENCH_LEVELS) {
  const run = (play: PlayGames, start: number) => play(level, { tier: 'expert', start, count: games, curve: false });
  run(here, 0);
  run(there, 0);
  const ratios: number[] = [];
  for (let p = 0; p < pairs; p++) {
    const start = (p * games) % 2000;
    let a = 0, b = 0;
    if (p % 2 === 0) {
      a = cpuSeconds(() => run(here, start));
      b = cpuSeconds(() => run(there, start));
    } else {
      b = cpuSeconds(() => run(there, start));
      a = cpuSeconds(() => run(here, start));
    }
    ratios.push(b / a);
  }
  ratios.sort((x, y) => x - y);
  const at = (f: number) => ratios[Math.round(f * (pairs - 1))].toFixed(2);
  console.log(`${level.name}: expert ×${at(0.5)} (middle half ×${at(0.25)}–×${at(0.75)}, ${pairs} pairs of ${games} games)`);
}
