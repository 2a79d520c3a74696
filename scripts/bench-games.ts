// Simulator speed on game levels (RULES §11), single thread in node: games/s and moves/s per tier
// on the classic bench levels, and on levels of the two example games (spreading, items, exits,
// spawns) beside a classic level of the same size, moves and colours. Every game plays all its
// moves (the objectives are an unreachable score), so a game of each kind is the same length.
//   npm run bench:games            (about two minutes)
//   npm run bench:games -- --quick (a few seconds)
//   npm run bench:games -- --classic-only   (only the classic levels: runs on an engine without games too)
//   npx tsx scripts/bench-games.ts --fixed   (a fixed number of games on the classic levels, for a
//                                            whole-process A/B against another checkout; prints a digest
//                                            of the counts so both sides are seen to play the same games)
//   npx tsx scripts/bench-games.ts --fixed --games   (the same digest for every level of the example
//                                            games, objectives as in the files: a change to the engine
//                                            must leave it as it was)
//   npx tsx scripts/bench-games.ts --case sweet-saga --tier expert --count 300 [--twin]
//                                            (one example game's level 1, or with --twin its classic
//                                            twin, for a whole-process A/B; prints a digest of the counts)
import { readFileSync } from 'node:fs';
import type { LevelT } from '../src/core/level/index.ts';
import { playGames, type Tier } from '../src/core/sim/index.ts';
import { BENCH_LEVELS } from './bench.ts';

const quick = process.argv.includes('--quick');
const classicOnly = process.argv.includes('--classic-only');
const TIME = quick ? 300 : 2500; // ms per measurement
const TIERS: Tier[] = ['novice', 'average', 'expert'];

/** games/s and moves/s of one tier on one level, by CPU time (steadier on a shared machine). */
function measure(l: LevelT, tier: Tier): { gps: number; mps: number } {
  playGames(l, { tier, count: 20, curve: false });
  let games = 0, moves = 0, start = 0;
  const c0 = process.cpuUsage(), t0 = performance.now();
  const chunk = tier === 'expert' ? 20 : 100;
  while (performance.now() - t0 < TIME) {
    const c = playGames(l, { tier, start, count: chunk, curve: false });
    games += c.games;
    // every game is lost at the limit (unreachable score): it played all its moves
    moves += (c.games - c.wins) * l.moves;
    start += chunk;
  }
  const u = process.cpuUsage(c0), cpu = (u.user + u.system) / 1e6;
  return { gps: games / cpu, mps: moves / cpu };
}

const unreachable: LevelT['objectives'] = [{ type: 'score', target: 10_000_000 }];

function row(name: string, l: LevelT): number[] {
  const out: number[] = [];
  const cells = TIERS.map((t) => {
    const m = measure(l, t);
    out.push(m.gps);
    return `${m.gps.toFixed(0)} (${(m.mps / 1000).toFixed(1)}k mv)`.padStart(20);
  });
  console.log(name.padEnd(44) + cells.join(''));
  return out;
}

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? undefined : process.argv[i + 1];
};

/** An example game's level with an unreachable score, and its classic twin (same size, moves, colours). */
async function gameCase(game: string, file: string): Promise<{ level: LevelT; twin: LevelT }> {
  const { registerGames } = await import('../src/core/game/registry.ts');
  const read = (p: string) => JSON.parse(readFileSync(new URL(`../examples/games/${p}`, import.meta.url), 'utf8'));
  registerGames([read(`${game}.game.json`)]);
  const l = read(`${game}/${file}`) as LevelT;
  const twin: LevelT = {
    ...l, version: 1, game: undefined, spawn: undefined, objectives: unreachable,
    portals: undefined, belts: undefined, walls: undefined, spawners: undefined, hidden: undefined,
    cells: l.cells.map((r) => r.map((c) => (c.tile === 'void' ? { tile: 'void' } : {}))),
  };
  for (const k of ['game', 'spawn', 'portals', 'belts', 'walls', 'spawners', 'hidden'] as const) delete twin[k];
  return { level: { ...l, objectives: unreachable }, twin };
}

if (arg('--case')) {
  // one case for a whole-process A/B: `--case sweet-saga --tier expert --count 300 [--twin]` plays
  // that many games of level 1 (or of its classic twin) and prints a digest of the counts
  // and the games' CPU time
  const { hashString } = await import('../src/core/level/index.ts');
  const { level, twin } = await gameCase(arg('--case')!, arg('--file') ?? 'level_1.json');
  const tier = (arg('--tier') ?? 'expert') as Tier;
  const count = Number(arg('--count') ?? 300);
  const c0 = process.cpuUsage();
  const c = playGames(process.argv.includes('--twin') ? twin : level, { tier, count, curve: false });
  const u = process.cpuUsage(c0);
  // the digest, then the CPU ms of the games alone (without start-up)
  console.log(hashString(JSON.stringify(c)), ((u.user + u.system) / 1000).toFixed(0));
  process.exit(0);
}

if (process.argv.includes('--fixed') && process.argv.includes('--games')) {
  // the same for every level of the example games (examples/games), whose objectives are kept
  const { hashString } = await import('../src/core/level/index.ts');
  const { registerGames } = await import('../src/core/game/registry.ts');
  const { readdirSync } = await import('node:fs');
  const dir = new URL('../examples/games/', import.meta.url);
  const FIXED: Record<Tier, number> = { novice: 300, average: 300, expert: 40 };
  const digests: string[] = [];
  for (const game of ['sweet-saga', 'home-garden']) {
    registerGames([JSON.parse(readFileSync(new URL(`${game}.game.json`, dir), 'utf8'))]);
    const files = readdirSync(new URL(`${game}/`, dir)).filter((f) => f.endsWith('.json')).sort();
    for (const f of files) {
      const l = JSON.parse(readFileSync(new URL(`${game}/${f}`, dir), 'utf8')) as LevelT;
      for (const t of TIERS) digests.push(hashString(JSON.stringify(playGames(l, { tier: t, count: FIXED[t], curve: true }))));
    }
  }
  console.log(hashString(digests.join()));
  process.exit(0);
}

if (process.argv.includes('--fixed')) {
  const { hashString } = await import('../src/core/level/index.ts');
  const FIXED: Record<Tier, number> = { novice: 3000, average: 3000, expert: 400 };
  const digests: string[] = [];
  for (const l of BENCH_LEVELS) for (const t of TIERS) digests.push(hashString(JSON.stringify(playGames(l, { tier: t, count: FIXED[t], curve: true }))));
  console.log(hashString(digests.join()));
  process.exit(0);
}

console.log(`node ${process.version}, single thread, no curve; games/s by CPU time (thousand moves/s)`);
console.log('level'.padEnd(44) + TIERS.map((t) => t.padStart(20)).join(''));
for (const l of BENCH_LEVELS) row(`classic ${l.name}`, { ...l, objectives: unreachable, rules: 1 });
if (!classicOnly) {
  const cases: [string, string][] = [
    ['sweet-saga', 'level_1.json'], // chocolate that spreads, cherries spawned and brought down to exits
    ['home-garden', 'level_1.json'], // carpet that spreads through matches
    // version 2 (RULES §12): the §12 engine path
    ['candy-kingdom', 'level_1.json'], // candy bombs counting down
    ['candy-kingdom', 'level_5.json'],
    ['royal-castle', 'level_1.json'], // lava: hit_neighbours in waves
    ['royal-castle', 'level_4.json'],
  ];
  const ratios: string[] = [];
  for (const [game, file] of cases) {
    const { level: l, twin } = await gameCase(game, file);
    const g = row(`${game} ${file} (${l.width}×${l.height}, ${l.moves} moves)`, l);
    const c = row(`  classic, same size, moves and colours`, twin);
    ratios.push(`${game}: ${TIERS.map((t, i) => `${t} ${(g[i] / c[i]).toFixed(2)}×`).join(', ')}`);
  }
  console.log('game level against the classic level of the same size (games/s; goal ≥ 0.70× for §11 levels, ≥ 0.6× for version 2):');
  for (const r of ratios) console.log(`  ${r}`);
}
