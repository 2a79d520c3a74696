// A node worker thread that plays chunks of games (the CLI's counterpart of workers/sim.worker.ts).
import { parentPort } from 'node:worker_threads';
import { simApi, type SimRequest } from '../analysis/simApi.ts';
import type { GameDef } from '../core/game/index.ts';
import { threadUsesGames } from './games.ts';

// `prime`: prime for the chunk's tier first, once (CliThreadOptions.prime, decided by the run);
// `games`: the run's game definitions (the built-in one aside), registered before the chunk plays
parentPort?.on('message', (msg: { id: number; req: SimRequest; start: number; count: number; prime?: boolean; games?: GameDef[] }) => {
  try {
    threadUsesGames(msg.games);
    if (msg.prime) simApi.prime(msg.req.tier);
    parentPort!.postMessage({ id: msg.id, result: simApi.playChunk(msg.req, msg.start, msg.count) });
  } catch (e) {
    parentPort!.postMessage({ id: msg.id, error: (e as Error).message });
  }
});
