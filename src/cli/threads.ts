// Chunk runners for the CLI: worker threads, or the main thread itself with --threads 1.
import { Worker } from 'node:worker_threads';
import type { SimCounts } from '../core/sim/analysis/index.ts';
import type { ChunkRunner } from '../analysis/pool.ts';
import { simApi, type SimRequest } from '../analysis/simApi.ts';

export function mainThreadRunner(): ChunkRunner<SimRequest, SimCounts> {
  return { run: async (req, start, count) => simApi.playChunk(req, start, count), terminate() {} };
}

export function threadRunner(): ChunkRunner<SimRequest, SimCounts> {
  const worker = new Worker(new URL('../../bin/sim-thread.mjs', import.meta.url));
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
