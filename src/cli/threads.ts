// Chunk runners for the CLI. `--threads N` means N threads playing games: the main thread itself
// and N − 1 worker threads (with --threads 1 no worker is started at all). Each worker thread is a
// fresh V8 isolate that loads and compiles the simulator again (about half a second of CPU on the
// same cores: docs/performance.md), so the main thread, which has the simulator compiled anyway,
// plays its share instead of waiting.
import { Worker } from 'node:worker_threads';
import { mergeCounts, type SimCounts } from '../core/sim/analysis/index.ts';
import { WorkerPool, type ChunkRunner } from '../analysis/pool.ts';
import { simApi, type SimRequest } from '../analysis/simApi.ts';
import { gamesForThreads } from './games.ts';

export interface CliThreadOptions {
  /**
   * Whether to prime a thread for a tier before its first chunk of that tier (simApi.prime: a game of
   * each rules version on a board with every kind of cell, about 30 ms of the thread's time). Asked
   * at each chunk, so a run can decide once it has read its levels, after its threads were started.
   * It pays on a long run of several levels, where it spares V8 most of its re-compiles as the levels
   * bring kinds of cell its compiled code had not met; on one level it costs more than it saves
   * (docs/performance.md). Off by default.
   */
  prime?: () => boolean;
}

/** Games a level (all tiers together) from which a run of several levels primes its threads: the default analysis's 1,000. */
export const PRIME_FROM_GAMES = 1000;

/** Whether a run of `levels` levels, `games` games a level in each of `tiers` tiers, primes its threads (CliThreadOptions.prime). */
export const primes = (levels: number, games: number, tiers: number): boolean => levels > 1 && games * tiers >= PRIME_FROM_GAMES;

/** The pool for `--threads N`: N threads playing, each keeping to its own level while it has chunks. */
export function cliPool(threads: number, o: CliThreadOptions = {}): WorkerPool<SimRequest, SimCounts> {
  const pool = new WorkerPool<SimRequest, SimCounts>(threads, cliRunners(threads, o));
  pool.keepToRequest = true;
  return pool;
}

/** The pool's runners for `--threads N`: worker threads in places 0 … N − 2, the main thread last. */
export function cliRunners(threads: number, o: CliThreadOptions = {}): (slot: number) => ChunkRunner<SimRequest, SimCounts> {
  return (slot) => (slot === threads - 1 ? mainThreadRunner({ slice: threads > 1 ? MAIN_SLICE : Infinity, prime: o.prime }) : threadRunner(o));
}

/** Games the main thread plays between two looks at the event loop (see mainThreadRunner). */
export const MAIN_SLICE = 16;

/**
 * Plays chunks on the calling thread, `slice` games at a time with a turn of the event loop before
 * each slice, merged into the chunk's counts (any split merges to the same counts). Before the first
 * slice the pool hands every worker thread its chunks; between slices the workers' answers are dealt
 * with and their next chunks sent. Playing a whole chunk in one go left a worker idle whenever the
 * main thread's chunk (a 16×16 level's, say) outlasted the two the worker held: a CPU profile of
 * `--threads 2` showed the worker thread idle for 650 of its 2,100 ms. With no worker thread
 * (`--threads 1`) there is nobody to answer, and a chunk is played in one go.
 */
export function mainThreadRunner({ slice = Infinity, prime }: { slice?: number } & CliThreadOptions = {}): ChunkRunner<SimRequest, SimCounts> {
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  return {
    async run(req, start, count) {
      let counts: SimCounts | null = null;
      for (let s = start; s < start + count; s += slice) {
        await turn();
        if (s === start && prime?.()) simApi.prime(req.tier); // once per tier: later calls return at once
        const part = simApi.playChunk(req, s, Math.min(slice, start + count - s));
        counts = counts ? mergeCounts(counts, part) : part;
      }
      return counts ?? simApi.playChunk(req, start, 0);
    },
    terminate() {},
  };
}

declare const __MATCH3_BUNDLE__: boolean | undefined;

/**
 * The thread's entry: in the built CLI, sim-thread.mjs beside this chunk (dist-cli/ is flat); from
 * the sources, bin/sim-thread.mjs, which loads them through tsx. (A variable, not a literal, so the
 * bundler leaves this `new URL` alone.)
 */
const THREAD_ENTRY = typeof __MATCH3_BUNDLE__ === 'boolean' ? './sim-thread.mjs' : '../../bin/sim-thread.mjs';

export function threadRunner(o: CliThreadOptions = {}): ChunkRunner<SimRequest, SimCounts> {
  const worker = new Worker(new URL(THREAD_ENTRY, import.meta.url));
  worker.unref();
  let seq = 0;
  const waiting = new Map<number, { resolve: (c: SimCounts) => void; reject: (e: Error) => void }>();
  const failAll = (e: Error) => {
    for (const w of waiting.values()) w.reject(e);
    waiting.clear();
  };
  worker.on('message', (m: { id: number; result?: SimCounts; error?: string }) => {
    const w = waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id);
    if (m.error) w.reject(new Error(m.error));
    else w.resolve(m.result!);
  });
  worker.on('error', (e) => failAll(e));
  worker.on('exit', (code) => failAll(new Error(`simulation thread exited (${code})`)));
  return {
    // a second chunk waits in the thread, so it never idles while the main thread plays a chunk of its own
    depth: 2,
    run(req, start, count) {
      return new Promise((resolve, reject) => {
        const id = ++seq;
        waiting.set(id, { resolve, reject });
        worker.ref();
        // the run's game definitions go with every job (a few kilobytes): the thread registers them
        // when they differ from the last job's, so a level of any game plays there as here
        worker.postMessage({ id, req, start, count, prime: !!o.prime?.(), games: gamesForThreads() });
      }).finally(() => {
        if (waiting.size === 0) worker.unref();
      }) as Promise<SimCounts>;
    },
    terminate() {
      void worker.terminate();
    },
  };
}
