// The v2 example levels against their classic twins (issue 38's "≥ 0.6× a classic level of the same
// size and moves"), this checkout's engine and optionally another's, in one node process: each engine
// bundled with esbuild, rounds of the same games (novice 200, average 60, expert 20), per round each
// engine plays the v2 level then its twin, the engines' order flipped each round, CPU time.
// Prints per level and tier the median over rounds (and middle half) of twin ÷ v2 time (the ratio) for
// each engine and, with another checkout, of its v2 time ÷ this one's (the speed-up).
//   npx tsx scripts/v2-ab.ts [other checkout] [--rounds 15] [--tiers expert] [--levels candy-kingdom:5,royal-castle:1]
// PROF=DIR writes a CPU profile of the timed process there (NOINLINE=1: no inlining, time per function;
// NOTWIN=1: the v2 levels alone).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const arg = (name: string, d: string) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? d : process.argv[i + 1];
};
const here = resolve(import.meta.dirname, '..');
const other = process.argv[2] && !process.argv[2].startsWith('--') ? resolve(process.argv[2]) : '';
const rounds = arg('--rounds', '15'), tiers = arg('--tiers', 'novice,average,expert');
const levels = arg('--levels', 'candy-kingdom:1,candy-kingdom:5,royal-castle:1,royal-castle:4');
const tmp = mkdtempSync(join(tmpdir(), 'v2-ab-'));
const esbuild = join(here, 'node_modules/.bin/esbuild');
const build = (entry: string, file: string) =>
  execFileSync(esbuild, [entry, '--bundle', '--platform=node', '--format=esm', '--target=node20', `--outfile=${file}`, '--log-level=warning'], { stdio: 'inherit' });
const engine = (id: string, root: string) => {
  const entry = join(tmp, `${id}.ts`);
  writeFileSync(entry, `export { playGames } from ${JSON.stringify(join(root, 'src/core/sim/analysis/play.ts'))};\nexport { registerGames } from ${JSON.stringify(join(root, 'src/core/game/registry.ts'))};\n`);
  build(entry, join(tmp, `${id}.mjs`));
  return join(tmp, `${id}.mjs`);
};
const files = [engine('this', here), ...(other ? [engine('other', other)] : [])];
build(join(here, 'scripts/v2AbRun.ts'), join(tmp, 'run.mjs'));
const load0 = loadavg()[0];
const res = JSON.parse(execFileSync('node', [...(process.env.PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROF}`, ...(process.env.NOINLINE ? ['--max-inlined-bytecode-size=0'] : [])] : []), join(tmp, 'run.mjs'), here, rounds, tiers, levels, ...files], { encoding: 'utf8', maxBuffer: 64 << 20 })) as Record<string, number[][]>;
const q = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b), i = (s.length - 1) * p, lo = Math.floor(i);
  return (s[lo] + (s[Math.ceil(i)] - s[lo]) * (i - lo)).toFixed(2);
};
const fmt = (xs: number[]) => `${q(xs, 0.5)} (${q(xs, 0.25)}–${q(xs, 0.75)})`;
console.log(`${rounds} rounds, load ${load0.toFixed(1)}–${loadavg()[0].toFixed(1)}; ratio = twin ÷ v2 CPU time, medians (middle half)`);
for (const [name, rows] of Object.entries(res)) {
  const line = [`${name.padEnd(24)} this ${fmt(rows.map((r) => r[1] / r[0]))}`];
  if (other) line.push(`other ${fmt(rows.map((r) => r[3] / r[2]))}`, `v2 speed-up ${fmt(rows.map((r) => r[2] / r[0]))}`, `v2 ms ${q(rows.map((r) => r[0]), 0.5)} / ${q(rows.map((r) => r[2]), 0.5)}`);
  console.log(line.join('  '));
}
