// The classic and §11 paths of this checkout's engine against another checkout's (issue 38's
// "classic levels ≥ 0.97×, §11 game levels ≥ 0.95× their games/s before the change"):
//   git worktree add /tmp/base <commit> && ln -s "$PWD/node_modules" /tmp/base/node_modules
//   npx tsx scripts/bench-engine-ab.ts /tmp/base [--rounds 12] [--reps 3] [--out results.jsonl]
// Each engine is bundled with esbuild (no tsx start-up or transform in the timed process) together
// with scripts/benchEngineCases.ts, which plays the games of `bench-games.ts --fixed` and `--fixed
// --games` after a warm-up and times each case by CPU time. One process per build, round and group
// (family and tier, a few seconds each, so the two builds of a pair run seconds apart), the builds
// alternated (A B, B A, …); a ratio is this checkout's games/s ÷ the other's in the same round
// (the other's CPU ms ÷ this one's), quoted as the median over rounds with the middle half.
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { GROUPS, groupOf, type CaseResult } from './benchEngineCases.ts';
import { hashString } from '../src/core/level/index.ts';

const arg = (name: string, d: string) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? d : process.argv[i + 1];
};
const here = resolve(import.meta.dirname, '..');
const other = process.argv[2] && !process.argv[2].startsWith('--') ? resolve(process.argv[2]) : '';
if (!other) {
  console.error('usage: npx tsx scripts/bench-engine-ab.ts <other checkout> [--rounds N] [--reps N] [--out FILE]');
  process.exit(2);
}
const rounds = Number(arg('--rounds', '12')), reps = Number(arg('--reps', '3')), out = arg('--out', '');
const tmp = mkdtempSync(join(tmpdir(), 'engine-ab-'));

/** One checkout's engine and the cases, in one file for node. */
function bundle(id: string, root: string): string {
  const entry = join(tmp, `${id}.ts`), file = join(tmp, `${id}.mjs`);
  writeFileSync(entry, [
    `import { runCases } from ${JSON.stringify(join(here, 'scripts/benchEngineCases.ts'))};`,
    `import { playGames } from ${JSON.stringify(join(root, 'src/core/sim/index.ts'))};`,
    `import { registerGames } from ${JSON.stringify(join(root, 'src/core/game/registry.ts'))};`,
    `import { hashString } from ${JSON.stringify(join(root, 'src/core/level/index.ts'))};`,
    `console.log(JSON.stringify(runCases({ playGames, registerGames, hashString }, ${JSON.stringify(root)}, ${reps}, process.argv[2] ?? '')));`,
  ].join('\n'));
  execFileSync(join(here, 'node_modules/.bin/esbuild'), [entry, '--bundle', '--platform=node', '--format=esm', '--target=node20', `--outfile=${file}`, '--log-level=warning'], { stdio: 'inherit' });
  return file;
}

const builds = [{ id: 'this', file: bundle('this', here) }, { id: 'other', file: bundle('other', other) }];
/** Per build and round: every case's CPU ms and digest (each group played by a process of its own). */
const runs: { round: number; id: string; load: number; res: CaseResult }[] = [];
for (let r = 0; r < rounds; r++) {
  const acc = new Map(builds.map((b) => [b.id, { round: r, id: b.id, load: loadavg()[0], res: { cpu: {}, digest: {}, order: [] } as CaseResult }]));
  GROUPS.forEach((g, gi) => {
    for (const b of (r + gi) % 2 === 0 ? builds : [...builds].reverse()) {
      const res = JSON.parse(execFileSync('node', [b.file, g], { encoding: 'utf8' })) as CaseResult, x = acc.get(b.id)!;
      Object.assign(x.res.cpu, res.cpu);
      Object.assign(x.res.digest, res.digest);
      x.res.order = res.order;
    }
  });
  for (const x of acc.values()) {
    runs.push(x);
    if (out) appendFileSync(out, JSON.stringify({ round: r, build: x.id, load: x.load, ...x.res }) + '\n');
  }
  process.stderr.write(`round ${r + 1}/${rounds}\n`);
}

const q = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b), i = (s.length - 1) * p, lo = Math.floor(i);
  return s[lo] + (s[Math.ceil(i)] - s[lo]) * (i - lo);
};
const pick = (id: string, r: number) => runs.find((x) => x.id === id && x.round === r)!.res;
/** The digests `bench-games.ts --fixed` and `--fixed --games` print, made from the cases' own. */
const fixedDigest = (res: CaseResult, classic: boolean) => hashString(res.order.filter((n) => n.startsWith('classic') === classic).map((n) => res.digest[n]).join());
const digests = new Set(runs.map((x) => `${fixedDigest(x.res, true)} ${fixedDigest(x.res, false)}`));
console.log(`${rounds} rounds, load ${Math.min(...runs.map((x) => x.load)).toFixed(1)}–${Math.max(...runs.map((x) => x.load)).toFixed(1)}; digests (classic, games): ${[...digests].join(' | ')}${digests.size > 1 ? '  DIFFERENT GAMES' : ''}`);
/** Sums each group's cases per round, then the ratio of the sums; prints the median and middle half. */
function table(title: string, key: (name: string) => string): void {
  console.log(`\n${title}: this ÷ other, games/s by CPU time (median, middle half), CPU ms medians this / other`);
  const names = Object.keys(runs[0].res.cpu), groups = [...new Set(names.map(key))];
  for (const g of groups) {
    const inG = names.filter((n) => key(n) === g);
    const a = [], b = [], ratio = [];
    for (let r = 0; r < rounds; r++) {
      const x = inG.reduce((s, n) => s + pick('this', r).cpu[n], 0), y = inG.reduce((s, n) => s + pick('other', r).cpu[n], 0);
      a.push(x);
      b.push(y);
      ratio.push(y / x);
    }
    console.log(`  ${g.padEnd(22)} ${q(ratio, 0.5).toFixed(3)} (${q(ratio, 0.25).toFixed(3)}–${q(ratio, 0.75).toFixed(3)})   ${q(a, 0.5).toFixed(0)} / ${q(b, 0.5).toFixed(0)}`);
  }
}
table('Per family and tier', groupOf);
table('Per level family and tier', (n) => (n.startsWith('classic') ? n : `${n.split(' ')[0]} ${n.split(' ').pop()}`));
