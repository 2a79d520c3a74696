// The page's pool: one Web Worker per core (at most 8), each reached through Comlink.
import { wrap, releaseProxy, type Remote } from 'comlink';
import type { SimCounts } from '../core/sim/analysis/counts.ts';
import { WorkerPool, type ChunkRunner } from './pool.ts';
import type { SimApi, SimRequest } from './simApi.ts';

function spawnWorker(): ChunkRunner<SimRequest, SimCounts> {
  const worker = new Worker(new URL('../../workers/sim.worker.ts', import.meta.url), { type: 'module', name: 'simulator' });
  const remote: Remote<SimApi> = wrap<SimApi>(worker);
  // a worker that dies (uncaught error, out of memory) never answers: fail its call instead
  let failCurrent: ((e: Error) => void) | null = null;
  worker.addEventListener('error', (e) => {
    e.preventDefault();
    failCurrent?.(new Error(`simulation worker crashed: ${e.message || 'unknown error'}`));
  });
  return {
    run(req, start, count) {
      return new Promise<SimCounts>((resolve, reject) => {
        failCurrent = reject;
        remote.playChunk(req, start, count).then(resolve, reject).finally(() => (failCurrent = null));
      });
    },
    terminate() {
      remote[releaseProxy]();
      worker.terminate();
    },
  };
}

export function poolSize(): number {
  const n = typeof navigator !== 'undefined' ? navigator.hardwareConcurrency || 2 : 2;
  return Math.max(1, Math.min(8, n));
}

let shared: WorkerPool<SimRequest, SimCounts> | null = null;
/** Workers start on first use and stay warm for the session. */
export function getPool(): WorkerPool<SimRequest, SimCounts> {
  shared ??= new WorkerPool(poolSize(), spawnWorker);
  return shared;
}
