// Tuning benchmark in node: every case level × targets 0.2, 0.5, 0.8 (average tier, default levers
// moves then colours, tolerance 0.05, budget 20,000 games), on worker threads as `match3 tune` runs.
// Each result is checked by an independent run of 2,000 games on fresh seeds (indexes from 5,000,000,
// never played by the search nor by the confirmation).
//   npm run bench:tune            (node, then Chromium)
//   npm run bench:tune:node
import { availableParallelism } from 'node:os';
import { runTool } from '../src/core/tools/index.ts';
import type { TuneResult } from '../src/core/tune/search.ts';
import { wilson, type SimCounts } from '../src/core/sim/analysis/index.ts';
import { WorkerPool } from '../src/analysis/pool.ts';
import { AnalysisRunner } from '../src/analysis/runner.ts';
import type { SimRequest } from '../src/analysis/simApi.ts';
import { threadRunner } from '../src/cli/threads.ts';
import { tuneCases } from './tuneCases.ts';

const TARGETS = [0.2, 0.5, 0.8];
const TOL = 0.05;
const CHECK_FIRST = 5_000_000, CHECK_GAMES = 2000;
const threads = Math.min(8, availableParallelism());
const pool = new WorkerPool<SimRequest, SimCounts>(threads, () => threadRunner());
const runner = new AnalysisRunner(() => pool);
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

interface Row { level: string; target: number; hit: boolean; check: number; checkHit: boolean; after: number; lo: number; hi: number; games: number; ms: number; changes: string; reason?: string }
const rows: Row[] = [];
console.log(`tuning ${tuneCases().length} levels × ${TARGETS.length} targets, ${threads} threads`);
for (const level of tuneCases()) {
  for (const target of TARGETS) {
    const t0 = performance.now();
    const r = await runTool(level, 'tune_level', { target_win_rate: target, tolerance: TOL }, { runner });
    const ms = performance.now() - t0;
    if (!r.ok) throw new Error(r.error);
    const res = r.data as Omit<TuneResult, 'level' | 'counts'>;
    const check = await runner.tier(r.level, 'average', CHECK_GAMES, { first: CHECK_FIRST });
    const rate = check.wins / check.games;
    const row: Row = {
      level: level.name, target, hit: res.hit, check: rate, checkHit: Math.abs(rate - target) <= TOL,
      after: res.after.winRate, lo: res.after.ci95.low, hi: res.after.ci95.high, games: res.games, ms,
      changes: res.changes.map((c) => c.text).join('; ') || 'none', reason: res.reason,
    };
    rows.push(row);
    console.log(
      `${level.name.padEnd(22)} ${pct(target).padStart(6)}  ${res.hit ? 'hit ' : 'MISS'}  after ${pct(row.after)} (${pct(row.lo)}–${pct(row.hi)})  ` +
        `check ${pct(rate)} ${row.checkHit ? '✔' : '✘'} (${pct(wilson(check.wins, check.games).low)}–${pct(wilson(check.wins, check.games).high)})  ` +
        `${String(res.games).padStart(5)} games  ${(ms / 1000).toFixed(2)} s  ${row.changes}${res.reason ? `  — ${res.reason}` : ''}`,
    );
  }
}
pool.terminate();
const sorted = rows.map((r) => r.ms).sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)];
const hits = rows.filter((r) => r.hit).length, checks = rows.filter((r) => r.checkHit).length;
console.log(`\n${rows.length} cases: ${hits} hit by the tuner's confirmation, ${checks} within ±${TOL} on the independent check; ` +
  `median ${(median / 1000).toFixed(2)} s, max ${(sorted.at(-1)! / 1000).toFixed(2)} s; median games ${rows.map((r) => r.games).sort((a, b) => a - b)[Math.floor(rows.length / 2)]}`);
const disagree = rows.filter((r) => r.hit !== r.checkHit);
if (disagree.length) console.log(`confirmation and independent check disagree on: ${disagree.map((r) => `${r.level} @ ${pct(r.target)}`).join(', ')}`);
