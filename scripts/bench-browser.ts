// Wall time of Analyze (1,000 games, average tier) and Deep analysis (3 × 1,000) through the worker
// pool in Chromium, with a warm pool. Needs a build (`npm run build`); starts `vite preview` itself.
//   npm run bench:browser
// Times are taken inside the page: from the click event to the frame after the estimate or the whole
// report entered the DOM (a requestAnimationFrame, then a task). The whole report means with its
// bottleneck panel, which builds before 622eafd added a moment after the rest. Playwright's own round
// trips (its checks before a click, its polling) are printed apart as "harness". CPU time per thread
// (/proc) shows where the machine's cores went during the Analyze runs.
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstLoadOfDist, formatFirstLoad } from './firstLoad.ts';
import { analysisPath, measureAnalysisPath } from './bench.ts';
import { cpuBetween, cpuSnapshot, type CpuSnapshot } from './procCpu.ts';
import type { LevelT } from '../src/core/level/index.ts';
import type { Tier } from '../src/core/sim/bots/types.ts';
import { nodeAnalyzePack, nodeTunePack, packForRun, variedPack } from './packBench.ts';

// BENCH_PORT moves the preview server (two checkouts can run the benchmark at once).
const PORT = Number(process.env.BENCH_PORT ?? 4179);
const RUNS = Number(process.env.RUNS ?? 15);
// pack runs (Analyze pack on 13 varied levels, paired with node around each; then Tune pack to curve once)
const PACK_RUNS = Number(process.env.PACK_RUNS ?? 3);
// BENCH_DIST: another build to measure (an earlier commit's, for a before/after on the same machine state)
const DIST = process.env.BENCH_DIST ?? 'dist';

function level(seed: number, moves: number) {
  return {
    format: 'match3-level', version: 1, id: `bench-${seed}-${moves}`, name: `Bench ${seed}-${moves}`, width: 9, height: 9, moves, colors: 6, seed,
    cells: Array.from({ length: 9 }, () => Array.from({ length: 9 }, () => ({}))),
    objectives: [{ type: 'score', target: 10_000_000 }], // never met: every game plays all its moves
  };
}

/** Thread groups for the CPU table. */
function group(proc: string, thread: string): string {
  if (proc === 'chromium renderer') return thread.startsWith('DedicatedWorker') ? 'simulation workers' : thread === 'main' ? 'page main thread' : process.env.THREADS ? `renderer ${thread}` : 'renderer, other threads';
  if (proc === 'chromium browser') return 'browser process (input, IPC, CDP)';
  if (proc === 'chromium utility storage') return 'storage service (IndexedDB)';
  if (proc === 'chromium gpu-process') return 'GPU process (software compositing)';
  if (proc.startsWith('chromium')) return 'chromium, other processes';
  return proc;
}

/** Where the cores went during the Analyze runs (CPU ms summed over the runs, against their wall). */
function printCpu(runs: ReturnType<typeof cpuBetween>[], wallMs: number, workers: number) {
  const total = new Map<string, number>();
  let busy = 0, idle = 0;
  for (const r of runs) {
    for (const [g, ms] of r.groups) total.set(g, (total.get(g) ?? 0) + ms);
    busy += r.machineBusyMs;
    idle += r.machineIdleMs;
  }
  const ours = [...total.values()].reduce((a, b) => a + b, 0);
  const cores = (ms: number) => `${(ms / wallMs).toFixed(2)} cores`;
  console.log(`  CPU during the ${runs.length} Analyze runs (${wallMs} ms of wall in all, from before Playwright's click to the report; cores = CPU time / wall):`);
  for (const [g, ms] of [...total].sort((a, b) => b[1] - a[1])) console.log(`    ${g.padEnd(40)} ${Math.round(ms).toString().padStart(6)} ms  ${cores(ms)}`);
  console.log(`    ${'other processes on the machine'.padEnd(40)} ${Math.round(Math.max(0, busy - ours)).toString().padStart(6)} ms  ${cores(Math.max(0, busy - ours))}   (machine busy ${cores(busy)}, idle ${cores(idle)})`);
  const w = total.get('simulation workers') ?? 0;
  console.log(`    the ${workers} workers ran ${(w / wallMs / workers * 100).toFixed(0)}% of the wall each, on average`);
  return w;
}

const server = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'preview', '--host', '127.0.0.1', '--port', String(PORT), '--strictPort', '--outDir', DIST], { stdio: 'ignore' });
try {
  // the preview server answers within a few seconds (longer on a busy machine): wait for it, up to 60 s
  for (let t = Date.now(); ; await new Promise((r) => setTimeout(r, 250))) {
    if (await fetch(`http://127.0.0.1:${PORT}/`).then((r) => r.ok, () => false)) break;
    if (Date.now() - t > 60_000) throw new Error(`vite preview did not answer on port ${PORT}`);
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`http://127.0.0.1:${PORT}/`);
  await page.getByRole('grid', { name: 'Level grid' }).waitFor();
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  const dir = mkdtempSync(join(tmpdir(), 'bench-'));
  const importLevel = async (seed: number, moves: number) => {
    const file = join(dir, `l-${seed}-${moves}.json`);
    writeFileSync(file, JSON.stringify(level(seed, moves)));
    await page.getByLabel('Choose level or pack files to import').setInputFiles(file);
    await page.waitForFunction((name) => [...document.querySelectorAll('input')].some((i) => i.value === name && i.closest('.props')), `Bench ${seed}-${moves}`);
  };
  // in-page recorder: click event → estimate / report in the DOM → the frame after (rAF, then a task)
  await page.evaluate(`(() => {
    const w = window;
    function arm() {
      const r = { click: 0, estimate: 0, estimateGames: 0, report: 0 };
      w.__m3b = r;
      r.done = new Promise(function (resolve) {
        const seen = { e: 0, r: 0 };
        const after = function (key) { const t = performance.now(); requestAnimationFrame(function () { setTimeout(function () { r[key] = performance.now(); if (key === 'report') { obs.disconnect(); resolve({ click: r.click, estimate: r.estimate, estimateGames: r.estimateGames, report: r.report, domReport: t }); } }); }); };
        const obs = new MutationObserver(function () {
          const est = document.querySelector('[data-testid=estimate]');
          if (est && !seen.e) { seen.e = 1; r.estimateGames = Number((/after (\\d+)/.exec(est.textContent) || [])[1] || 0); after('estimate'); }
          // the whole report: its bottleneck panel (the last of its parts) in, the progress bar gone
          if (document.querySelector('[aria-label="Analysis report"] [aria-label="What stops players"]') && !document.querySelector('progress') && !seen.r) { seen.r = 1; after('report'); }
        });
        obs.observe(document.body, { childList: true, subtree: true, characterData: true });
      });
    }
    w.__m3arm = arm;
    document.addEventListener('click', function () { if (w.__m3b && !w.__m3b.click) w.__m3b.click = performance.now(); }, { capture: true });
  })()`);
  type Marks = { click: number; estimate: number; estimateGames: number; report: number };

  /**
   * Analyze pack and Tune pack to curve on 13 varied levels (scripts/packBench.ts), timed in the page
   * from the click to the frame after the job's end (progress bar gone; for Analyze pack, every row
   * with its win rate); each Analyze pack run paired with node's one thread playing the same games
   * right before and right after it. Tune pack runs once, on the last run's pack, after its analysis;
   * its games are counted in node (the same search on the same games) and give the page's games/s.
   */
  async function benchPackRuns() {
    await page.evaluate(`(() => {
      const w = window;
      w.__m3packArm = function (kind) {
        const r = { click: 0, end: 0 };
        w.__m3pk = r;
        let seen = false;
        r.done = new Promise(function (resolve) {
          const check = function () {
            const d = document.querySelector('[aria-label="Pack difficulty"]');
            if (!d) return;
            if (d.querySelector('progress')) { seen = true; return; }
            if (kind === 'tune' && !seen) return;
            const rows = [...d.querySelectorAll('tbody tr[data-level-id]')];
            if (!rows.length || rows.some(function (e) { return e.getAttribute('data-win-rate') === ''; })) return;
            obs.disconnect();
            requestAnimationFrame(function () { setTimeout(function () { r.end = performance.now(); resolve({ click: r.click, end: r.end }); }); });
          };
          const obs = new MutationObserver(check);
          obs.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-win-rate', 'value'] });
        });
      };
      document.addEventListener('click', function () { if (w.__m3pk && !w.__m3pk.click) w.__m3pk.click = performance.now(); }, { capture: true });
    })()`);
    const view = page.getByRole('region', { name: 'Pack difficulty' });
    const openPack = async (run: number, levels: LevelT[]) => {
      const file = join(dir, `pack-${run}.json`);
      writeFileSync(file, JSON.stringify({ format: 'match3-pack', version: 1, id: `bench-pack-${run}`, name: `Bench pack ${run}`, levels }));
      await page.getByLabel('Choose level or pack files to import').setInputFiles(file);
      // the list is virtualised: a pack imported after others may be below what is on screen, so find it by name
      const search = page.getByRole('searchbox', { name: 'Search levels' }).or(page.getByRole('textbox', { name: 'Search levels' }));
      await search.fill(levels[0].name);
      const first = page.getByRole('list', { name: 'Levels' }).getByText(levels[0].name, { exact: true });
      await first.waitFor();
      await first.click();
      await search.fill('');
      await page.getByRole('button', { name: 'Pack difficulty' }).click();
      await view.locator('tbody tr[data-level-id]').first().waitFor();
      await page.waitForTimeout(400);
    };
    const timeJob = async (button: string, kind: 'analyze' | 'tune') => {
      await page.evaluate(`window.__m3packArm(${JSON.stringify(kind)})`);
      await view.getByRole('button', { name: button }).click();
      const m = (await page.evaluate('window.__m3pk.done')) as { click: number; end: number };
      return Math.round(m.end - m.click);
    };
    const base = variedPack('bench');
    await nodeAnalyzePack(packForRun(base, 99)); // node compiled and optimised first
    const analyzeMs: number[] = [], nodeMs: number[] = [];
    let games = 0;
    let levels: LevelT[] = [];
    for (let r = 1; r <= PACK_RUNS; r++) {
      levels = packForRun(base, r);
      await openPack(r, levels);
      const before = await nodeAnalyzePack(levels);
      analyzeMs.push(await timeJob('Analyze pack', 'analyze'));
      const after = await nodeAnalyzePack(levels);
      nodeMs.push((before.ms + after.ms) / 2);
      games = before.games;
      if (r < PACK_RUNS) await view.getByRole('button', { name: 'Close pack difficulty' }).click();
    }
    // Tune pack to curve: the default ramp, on the last pack (analysed above, as a designer would)
    await view.getByLabel('Target curve', { exact: true }).selectOption('ramp');
    const tuneMs = await timeJob('Tune pack to curve', 'tune');
    await view.getByRole('button', { name: 'Close pack difficulty' }).click();
    const nodeTune = await nodeTunePack(levels);
    return { analyzeMs, nodeMs, games, levels: levels.length, tuneMs, nodeTune };
  }
  const firstAnswer: number[] = [];
  const estimateGames: number[] = [];
  const harness: number[] = [];
  let cpuFrom: CpuSnapshot | null = null;
  /** Wall between the CPU snapshots (Playwright's click included): the denominator of the CPU table. */
  let cpuWallMs = 0;
  const cpuRuns: ReturnType<typeof cpuBetween>[] = [];
  /** Click → report painted, measured in the page; records the first estimate and the CPU by thread. */
  const time = async (button: string) => {
    await page.evaluate('window.__m3arm()');
    const btn = page.getByRole('button', { name: button, exact: true });
    await btn.waitFor();
    cpuFrom = cpuSnapshot();
    const cpuT0 = performance.now();
    const t0 = Date.now();
    await btn.click();
    const m = (await page.evaluate('window.__m3b.done')) as Marks;
    const cpu = cpuBetween(cpuFrom, cpuSnapshot(), group);
    const cpuWall = performance.now() - cpuT0;
    if (button === 'Analyze') {
      harness.push(Date.now() - t0);
      cpuRuns.push(cpu);
      cpuWallMs += cpuWall;
      // a run that ends before any estimate shows the report first: that is its first answer
      firstAnswer.push(Math.round((m.estimate && m.estimate < m.report ? m.estimate : m.report) - m.click));
      estimateGames.push(m.estimateGames);
    }
    await page.getByRole('region', { name: 'Analysis report' }).waitFor({ timeout: 120_000 });
    return Math.round(m.report - m.click);
  };
  // the session's first Analyze, 3 s after the page loaded (the pool warms itself when the page is idle),
  // on a throwaway level; it warms the pool for the runs below whatever the build
  await importLevel(1, 25);
  await page.waitForTimeout(3000);
  const coldTotal = await time('Analyze');
  const coldFirst = firstAnswer[0];
  firstAnswer.length = 0;
  estimateGames.length = 0;
  harness.length = 0;
  cpuRuns.length = 0;
  cpuWallMs = 0;
  const analyze: number[] = [], deep: number[] = [];
  // node's one thread on the same path, 1,000 games right before and right after each Analyze run: the
  // goal is a ratio, and on this shared 2-core machine the speed of both sides drifts by a quarter from
  // one minute to the next (and a core that was idle runs the next few hundred ms slower: see
  // docs/performance.md), so each page run is compared with the mean of the two node runs around it,
  // taken in the same machine state (the browser idle meanwhile)
  const nodePath = analysisPath(level(300, 25) as LevelT, 'average', true);
  await nodePath.run(1000); // compiled and optimised before the first pair
  const nodePaired: number[] = [];
  // Deep analysis against node's one thread playing the three tiers' 1,000 games each, around each run
  const deepPaths = (['novice', 'average', 'expert'] as Tier[]).map((tier) => analysisPath(level(301, 25) as LevelT, tier, true));
  for (const d of deepPaths) await d.run(100);
  const nodeDeep = async () => {
    let ms = 0;
    for (const d of deepPaths) ms += (await d.run(1000)).wall * 1000;
    return ms;
  };
  const deepPaired: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await importLevel(100 + i, 25); // a new level each time: never answered from the cache
    // the page settles (the import's save, checks and frames) before node is timed: node's run must not
    // share the cores with the page's leftovers, nor the page's run with node's
    await page.waitForTimeout(400);
    const before = await nodePath.run(1000);
    analyze.push(await time('Analyze'));
    const after = await nodePath.run(1000);
    nodePaired.push((before.games / before.wall + after.games / after.wall) / 2);
    if (process.env.ANALYZE_ONLY) continue; // a quicker before/after of Analyze alone
    await importLevel(200 + i, 25);
    await page.waitForTimeout(400);
    const dBefore = await nodeDeep();
    deep.push(await time('Deep analysis'));
    const dAfter = await nodeDeep();
    deepPaired.push((dBefore + dAfter) / 2);
  }
  for (const d of deepPaths) d.close();
  const pack = await benchPackRuns();
  // painting: drag the brush across every cell of a 16×16 board; time from each pointer move to the next frame
  await page.getByRole('button', { name: 'New level' }).click();
  for (const [l, v] of [['Width', '16'], ['Height', '16']]) {
    await page.getByLabel(l).fill(v);
    await page.getByLabel(l).press('Enter');
  }
  await page.getByRole('radio', { name: 'Red (circle)' }).click();
  const centre = async (x: number, y: number) => {
    const b = (await page.locator(`[aria-label="Level grid"] [data-x="${x}"][data-y="${y}"]`).boundingBox())!;
    return [b.x + b.width / 2, b.y + b.height / 2] as const;
  };
  const pts: (readonly [number, number])[] = [];
  for (let y = 0; y < 16; y++) for (let i = 0; i < 16; i++) pts.push(await centre(y % 2 ? 15 - i : i, y));
  await page.evaluate(() => {
    const w = window as unknown as { __t: number[] };
    w.__t = [];
    document.querySelector('[aria-label="Level grid"]')!.addEventListener(
      'pointermove',
      () => {
        const t0 = performance.now();
        requestAnimationFrame(() => w.__t.push(performance.now() - t0));
      },
      { capture: true },
    );
  });
  await page.mouse.move(...pts[0]);
  await page.mouse.down();
  for (const p of pts.slice(1)) await page.mouse.move(...p);
  await page.mouse.up();
  const frame = await page.evaluate(() => (window as unknown as { __t: number[] }).__t.sort((a, b) => a - b));
  const painted = await page.locator('[aria-label="Level grid"] [data-tile="red"]').count();

  const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
  const workers = Math.min(8, cores);
  // node, one thread, the same kind of level through the same analysis path (runner, curve, merge)
  const nodeStats = { games: 0, wallMs: 0, cpuMs: 0 };
  const nodeGps = await measureAnalysisPath(level(300, 25) as LevelT, 'average', 1000, nodeStats);
  nodePath.close();
  const pageGps = 1000 / (med(analyze) / 1000);
  const pairRatios = analyze.map((ms, i) => 1000 / (ms / 1000) / nodePaired[i]);
  const pairRatio = med(pairRatios);
  console.log(formatFirstLoad(firstLoadOfDist(DIST)).split('\n')[0]);
  console.log(`Chromium, ${cores} cores (pool of ${Math.min(8, cores)} workers), warm pool, 9×9 6 colours 25 moves, median of ${RUNS}, click → frame after the report, in the page:`);
  const sorted = [...analyze].sort((a, b) => a - b);
  console.log(`  Analyze (1,000 games, average):        ${med(analyze)} ms   (runs: ${analyze.join(', ')}; fastest ${sorted[0]}, lower quartile ${sorted[Math.floor(sorted.length / 4)]}; harness, Playwright's click to its answer: ${med(harness)} ms)`);
  if (deep.length) {
    const deepRatios = deep.map((ms, i) => deepPaired[i] / ms);
    console.log(`  Deep analysis (3 × 1,000 games):       ${med(deep)} ms   (runs: ${deep.join(', ')})`);
    console.log(
      `    = ${med(deepRatios).toFixed(2)} × node's one thread playing the three tiers around each run (node median ${Math.round(med(deepPaired))} ms; pair ratios ${[...deepRatios].sort((a, b) => a - b).map((r) => r.toFixed(2)).join(', ')}); goal ≥ 1.5 × ${med(deepRatios) >= 1.5 ? '✔' : '✘'}`,
    );
  }
  if (pack) {
    const ratios = pack.analyzeMs.map((ms, i) => pack.nodeMs[i] / ms);
    console.log(
      `  Analyze pack (${pack.levels} varied levels, 3×3 to 16×16, ${pack.games.toLocaleString('en-US')} games): ${med(pack.analyzeMs)} ms   (runs: ${pack.analyzeMs.join(', ')}; node's one thread around each: ${pack.nodeMs.map(Math.round).join(', ')} ms)`,
    );
    console.log(`    = ${med(ratios).toFixed(2)} × node's one thread, median of the ${ratios.length} pairs (${[...ratios].sort((a, b) => a - b).map((r) => r.toFixed(2)).join(', ')}); goal ≥ 1.6 × ${med(ratios) >= 1.6 ? '✔' : '✘'}`);
    const t = pack.nodeTune;
    console.log(
      `  Tune pack to curve (default ramp, ${t.tuned} levels off target, ${t.games.toLocaleString('en-US')} games): ${pack.tuneMs} ms in the page = ${Math.round(t.games / (pack.tuneMs / 1000))} games/s; node's one thread ${Math.round(t.ms)} ms = ${Math.round(t.games / (t.ms / 1000))} games/s (${(t.ms / pack.tuneMs).toFixed(2)} ×, one run each, not paired)`,
    );
  }
  console.log(`  Analyze, click → first estimate shown: ${med(firstAnswer)} ms; goal ≈ 50 ms ${med(firstAnswer) <= 50 ? '✔' : '✘'}   (runs: ${firstAnswer.join(', ')}; after ${med(estimateGames)} games)`);
  const sortedRatios = [...pairRatios].sort((a, b) => a - b);
  console.log(
    `  Analyze games/s: ${Math.round(pageGps)} with ${workers} workers = ${pairRatio.toFixed(2)} × node's one thread, median of the ${RUNS} pairs (node around each run: median ${Math.round(med(nodePaired))}/s, ${Math.round(Math.min(...nodePaired))}–${Math.round(Math.max(...nodePaired))}); goal ≥ ${(0.75 * workers).toFixed(2)} × ${pairRatio >= 0.75 * workers ? '✔' : '✘'}`,
  );
  console.log(
    `    pair ratios ${sortedRatios.map((r) => r.toFixed(2)).join(', ')}; against node's 3-second run after the page runs (${Math.round(nodeGps)}/s): ${(pageGps / nodeGps).toFixed(2)} ×`,
  );
  console.log(`  the session's first Analyze (3 s after load): first estimate ${coldFirst} ms, report ${coldTotal} ms`);
  const workerCpuMs = printCpu(cpuRuns, Math.round(cpuWallMs), workers);
  // per core: how fast a worker plays against node's thread, whatever the machine's load
  const pagePerCpu = (1000 * cpuRuns.length) / (workerCpuMs / 1000), nodePerCpu = nodeStats.games / (nodeStats.cpuMs / 1000);
  console.log(
    `  per CPU-second: a page worker ${Math.round(pagePerCpu)} games, node's thread ${Math.round(nodePerCpu)} games (${(pagePerCpu / nodePerCpu).toFixed(2)}×); node had ${(nodeStats.cpuMs / nodeStats.wallMs).toFixed(2)} of a core while measured`,
  );
  console.log(
    `  Brush drag over a 16×16 board:         ${painted}/256 cells painted; pointer move → next frame median ${frame[frame.length >> 1].toFixed(1)} ms, p95 ${frame[Math.floor(frame.length * 0.95)].toFixed(1)} ms`,
  );
  await browser.close();
} finally {
  server.kill();
}
