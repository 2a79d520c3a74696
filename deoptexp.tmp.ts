import { variedPack } from './scripts/packBench.ts';
import { createLevel } from './src/core/level/index.ts';
import { applyIntents } from './src/core/tools/index.ts';
import { playGames } from './src/core/sim/analysis/play.ts';
const pack = variedPack('x');
const t0 = performance.now();
if (process.env.WARM === '3') { const { simApi } = await import('./simApiOld.tmp.ts'); simApi.warm(); }
if (process.env.WARM === '2') { const { simApi } = await import('./src/analysis/simApi.ts'); simApi.warm(); }
if (process.env.WARM === '1') {
  for (const rules of [2, 1] as const) {
    const base = { ...createLevel({ id: 'warm', name: 'warm', seed: 1 }), rules };
    const r = applyIntents(base, [{ tool: 'generate_random_level', args: { width: 9, height: 9, moves: 25, colors: 5, seed: 77, ice_ratio: 0.12, chain_ratio: 0.05, jelly_ratio: 0.2, crate_ratio: 0.05, void_ratio: 0.05 } }]);
    if (r.error) throw new Error(r.error);
    for (const [tier, n] of [['average', Number(process.env.N ?? 40)], ['novice', 10], ['expert', 3]] as const) playGames({ ...r.level, rules }, { tier, count: n, curve: true });
  }
}
const t1 = performance.now();
for (const l of pack) playGames(l, { tier: 'average', count: Number(process.env.G ?? 1000), curve: true });
const t2 = performance.now();
const u = process.cpuUsage();
console.error(`warm ${(t1 - t0).toFixed(0)} ms, pack ${(t2 - t1).toFixed(0)} ms, cpu ${((u.user + u.system) / 1e6).toFixed(2)} s`);
