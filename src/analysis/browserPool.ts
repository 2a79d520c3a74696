// The page's pool: one Web Worker per core (at most 8), each reached through Comlink. Loaded on first
// use or when the page is idle (pagePool.ts), not with the page.
import { wrap, releaseProxy, type Remote } from 'comlink';
import type { SimCounts } from '../core/sim/analysis/counts.ts';
import { WorkerPool, type ChunkRunner } from './pool.ts';
import type { SimApi, SimRequest } from './simApi.ts';
import { poolSize } from './poolSize.ts';

/** A chunk takes well under a second; one that takes this long means the worker is gone. */
const CHUNK_TIMEOUT_MS = 30_000;

/** Numbers the requests sent to workers (simApi.playHeld). */
let nextRef = 1;

function spawnWorker(): ChunkRunner<SimRequest, SimCounts> {
  const worker = new Worker(new URL('../../workers/sim.worker.ts', import.meta.url), { type: 'module', name: 'simulator' });
  const remote: Remote<SimApi> = wrap<SimApi>(worker);
  // a worker that dies (uncaught error, out of memory) never answers: fail its calls instead
  const pending = new Set<(e: Error) => void>();
  /** The request this worker was last sent in full, and its ref: its later chunks send the ref alone. */
  let sent: { req: SimRequest; ref: number } | null = null;
  /** Set by an uncaught error: the worker's state is suspect, so it gets no more work. */
  let broken: Error | null = null;
  worker.addEventListener('error', (e) => {
    e.preventDefault();
    broken = new Error(`simulation worker crashed: ${e.message || 'unknown error'}`);
    for (const fail of pending) fail(broken);
  });
  return {
    run(req, start, count) {
      if (broken) return Promise.reject(broken); // the pool replaces it and re-runs the chunk
      return new Promise<SimCounts>((resolve, reject) => {
        pending.add(reject);
        // a worker that was closed or killed never answers and fires no error: time it out
        // (the pool queues two chunks per worker, so the clock covers the one ahead as well)
        const timer = setTimeout(() => reject(new Error('simulation worker stopped answering')), CHUNK_TIMEOUT_MS);
        const again = sent?.req === req;
        if (!again) sent = { req, ref: nextRef++ };
        remote
          .playHeld(sent!.ref, again ? null : req, start, count)
          .then(resolve, (e: unknown) => {
            sent = null; // whatever failed, the next chunk sends its request in full
            reject(e);
          })
          .finally(() => {
            clearTimeout(timer);
            pending.delete(reject);
          });
      });
    },
    async warm() {
      await remote.warm();
    },
    terminate() {
      remote[releaseProxy]();
      worker.terminate();
    },
  };
}

let shared: WorkerPool<SimRequest, SimCounts> | null = null;
/** Workers start on first use (or when the page is idle, see pagePool.ts's warmPoolWhenIdle) and stay warm for the session. */
export function getPool(): WorkerPool<SimRequest, SimCounts> {
  shared ??= new WorkerPool(poolSize(), spawnWorker, Infinity, 2);
  return shared;
}
