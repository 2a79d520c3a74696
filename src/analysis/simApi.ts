// What a simulation worker does, as a plain module (the worker entry only exposes it), so the same
// code runs in Web Workers, in node worker threads and in tests.
import type { LevelT } from '../core/level/index.ts';
import { playGames } from '../core/sim/analysis/play.ts';
import type { SimCounts } from '../core/sim/analysis/counts.ts';
import type { Tier } from '../core/sim/bots/types.ts';

export interface SimRequest {
  level: LevelT;
  tier: Tier;
  curve: boolean;
}

export const simApi = {
  /** Answers once the worker's code is loaded: the pool warms its workers with it. */
  ping(): true {
    return true;
  },
  playChunk(req: SimRequest, start: number, count: number): SimCounts {
    return playGames(req.level, { tier: req.tier, start, count, curve: req.curve });
  },
};
export type SimApi = typeof simApi;
