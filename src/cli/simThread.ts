// A node worker thread that plays chunks of games (the CLI's counterpart of workers/sim.worker.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { simApi, type SimRequest } from '../analysis/simApi.ts';

/** Prime for each tier before its first chunk (CliThreadOptions.prime, set by the thread's creator). */
const prime = !!(workerData as { prime?: boolean } | null)?.prime;

parentPort?.on('message', (msg: { id: number; req: SimRequest; start: number; count: number }) => {
  try {
    if (prime) simApi.prime(msg.req.tier);
    parentPort!.postMessage({ id: msg.id, result: simApi.playChunk(msg.req, msg.start, msg.count) });
  } catch (e) {
    parentPort!.postMessage({ id: msg.id, error: (e as Error).message });
  }
});
