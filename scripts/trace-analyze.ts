// Where the page's threads spend their time during Analyze, from Chromium's own trace (not a timing
// goal: a diagnosis). Runs Analyze N times on fresh 9×9 levels with a warm pool, tracing each run, and
// prints per run, averaged: the main thread's rendering phases and JavaScript, and the CPU time of the
// renderer's other threads and Chromium's other processes, from the click to 400 ms after it.
//   npm run build && npx tsx scripts/trace-analyze.ts          (TRACE_RUNS=5, BENCH_DIST=dist, CSS='…')
// CSS injects a style sheet first: a quick before/after for a layout or containment idea.
// Tracing slows the page: read the figures against each other (A against B), not as wall-clock times.
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PORT = Number(process.env.BENCH_PORT ?? 4188);
const RUNS = Number(process.env.TRACE_RUNS ?? 5);
const DIST = process.env.BENCH_DIST ?? 'dist';
const WINDOW_US = 400_000;
const PHASES = ['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit', 'FunctionCall', 'RunMicrotasks', 'MinorGC'];

function level(seed: number) {
  return {
    format: 'match3-level', version: 1, id: `trace-${seed}`, name: `Trace ${seed}`, width: 9, height: 9, moves: 25, colors: 6, seed,
    cells: Array.from({ length: 9 }, () => Array.from({ length: 9 }, () => ({}))),
    objectives: [{ type: 'score', target: 10_000_000 }],
  };
}

type TraceEvent = { ph: string; name: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: { name?: string; data?: { type?: string } } };

/** Microseconds per key in one trace: main-thread phases, and every other thread's task CPU time. */
function sums(file: string): Map<string, number> {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(raw) ? raw : (raw.traceEvents ?? []);
  const threads = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args?.name ?? '?');
  const click = events.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click');
  const out = new Map<string, number>();
  if (!click) return out;
  const seen = new Set<string>();
  for (const e of events) {
    if (e.ph !== 'X' || e.ts < click.ts || e.ts > click.ts + WINDOW_US) continue;
    const id = `${e.tid}|${e.ts}|${e.name}`;
    if (seen.has(id)) continue; // the trace nests a task inside one of the same name and start
    seen.add(id);
    const thread = threads.get(`${e.pid}:${e.tid}`) ?? '?';
    const add = (k: string, us: number) => out.set(k, (out.get(k) ?? 0) + us);
    if (thread === 'CrRendererMain' && PHASES.includes(e.name)) add(`main thread: ${e.name}`, e.dur ?? 0);
    if (/RunTask/.test(e.name)) add(/DedicatedWorker/.test(thread) ? 'simulation workers (tasks)' : `${thread} (tasks)`, e.tdur ?? e.dur ?? 0);
  }
  return out;
}

const server = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'preview', '--host', '127.0.0.1', '--port', String(PORT), '--strictPort', '--outDir', DIST], { stdio: 'ignore' });
try {
  for (let t = Date.now(); !(await fetch(`http://127.0.0.1:${PORT}/`).then((r) => r.ok, () => false)); await new Promise((r) => setTimeout(r, 250)))
    if (Date.now() - t > 60_000) throw new Error(`vite preview did not answer on port ${PORT}`);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`http://127.0.0.1:${PORT}/`);
  await page.getByRole('grid', { name: 'Level grid' }).waitFor();
  if (process.env.CSS) await page.addStyleTag({ content: process.env.CSS });
  const dir = mkdtempSync(join(tmpdir(), 'trace-'));
  const open = async (seed: number) => {
    const file = join(dir, `l-${seed}.json`);
    writeFileSync(file, JSON.stringify(level(seed)));
    await page.getByLabel('Choose level or pack files to import').setInputFiles(file);
    await page.waitForFunction((name) => [...document.querySelectorAll('input')].some((i) => i.value === name && i.closest('.props')), `Trace ${seed}`);
  };
  const analyze = async () => {
    await page.getByRole('button', { name: 'Analyze', exact: true }).click();
    await page.waitForFunction(() => document.querySelector('[aria-label="Analysis report"]') && !document.querySelector('progress'), undefined, { polling: 100 });
  };
  await open(1);
  await page.waitForTimeout(3000); // the pool warms itself when the page is idle
  await analyze(); // and the report's lazy parts load
  const total = new Map<string, number>();
  for (let i = 0; i < RUNS; i++) {
    await open(100 + i);
    await page.waitForTimeout(300);
    const file = join(dir, `trace-${i}.json`);
    await browser.startTracing(page, { path: file, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'] });
    await analyze();
    await page.waitForTimeout(WINDOW_US / 1000);
    await browser.stopTracing();
    for (const [k, us] of sums(file)) total.set(k, (total.get(k) ?? 0) + us);
  }
  await browser.close();
  console.log(`${DIST}${process.env.CSS ? ` + ${process.env.CSS}` : ''}: ms per Analyze (1,000 games), mean of ${RUNS} traced runs, click → 400 ms after`);
  for (const [k, us] of [...total].sort((a, b) => b[1] - a[1])) if (us / RUNS >= 300) console.log(`  ${k.padEnd(48)} ${(us / RUNS / 1000).toFixed(1).padStart(6)}`);
} finally {
  server.kill();
}
