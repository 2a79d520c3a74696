// Chunk runners for the CLI: worker threads, or the main thread itself with --threads 1.
import { Worker } from 'node:worker_threads';
import type { SimCounts } from '../core/sim/analysis/index.ts';
import type { ChunkRunner } from '../analysis/pool.ts';
import { simApi, type SimRequest } from '../analysis/simApi.ts';

export function mainThreadRunner(): ChunkRunner<SimRequest, SimCounts> {
  return { run: async (req, start, count) => simApi.playChunk(req, start, count), terminate() {} };
}

declare const __MATCH3_BUNDLE__: boolean | undefined;

/**
 * The thread's entry: in the built CLI, sim-thread.mjs beside this chunk (dist-cli/ is flat); from
 * the sources, bin/sim-thread.mjs, which loads them through tsx. (A variable, not a literal, so the
 * bundler leaves this `new URL` alone.)
 */
const THREAD_ENTRY = typeof __MATCH3_BUNDLE__ === 'boolean' ? './sim-thread.mjs' : '../../bin/sim-thread.mjs';

export function threadRunner(): ChunkRunner<SimRequest, SimCounts> {
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
    run(req, start, count) {
      return new Promise((resolve, reject) => {
        const id = ++seq;
        waiting.set(id, { resolve, reject });
        worker.ref();
        worker.postMessage({ id, req, start, count });
      }).finally(() => {
        if (waiting.size === 0) worker.unref();
      }) as Promise<SimCounts>;
    },
    terminate() {
      void worker.terminate();
    },
  };
}
