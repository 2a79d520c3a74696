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

/** A plain open level for warming up: 9×9, 6 colours, 25 moves, a score nobody reaches (every game plays on). */
function warmLevel(rules: 1 | 2): LevelT {
  return {
    format: 'match3-level', version: 1, id: 'warm-up', name: 'warm-up', width: 9, height: 9, moves: 25, colors: 6, seed: 7, rules,
    cells: Array.from({ length: 9 }, () => Array.from({ length: 9 }, () => ({}))),
    objectives: [{ type: 'score', target: 10_000_000 }],
  };
}

/** The request this worker holds (simApi.playHeld): sent with a request's first chunk, named by its ref after. */
let held: { ref: number; req: SimRequest } | null = null;

export const simApi = {
  /** Answers once the worker's code is loaded. */
  ping(): true {
    return true;
  },
  /**
   * Plays a few games of each tier under both rules versions and throws them away, so V8 has compiled
   * the simulator before the first real chunk: a cold worker plays its first games several times
   * slower (measured: the first estimate came ~100–145 ms after the click in a cold worker, ~10–30 ms
   * in a warm one). About 100 games: a few tenths of a second of one core, once, while the page is idle.
   */
  warm(): true {
    for (const rules of [1, 2] as const)
      for (const [tier, count] of [['average', 40], ['novice', 10], ['expert', 3]] as const) playGames(warmLevel(rules), { tier, count, curve: true });
    return true;
  },
  playChunk(req: SimRequest, start: number, count: number): SimCounts {
    return playGames(req.level, { tier: req.tier, start, count, curve: req.curve });
  },
  /**
   * playChunk for the page's pool, which sends a request (the level) to a worker once instead of with
   * every chunk: `req` comes with the first chunk of `ref`, and later chunks of the same request send
   * null, instead of the level being copied into all of a run's ~20 messages (it bought less than
   * hoped: docs/performance.md, "The page figure, fourth session"). Messages arrive in order, so a
   * chunk always finds its request held; one that does not (a bug) fails loudly rather than playing
   * another request's level.
   */
  playHeld(ref: number, req: SimRequest | null, start: number, count: number): SimCounts {
    if (req) held = { ref, req };
    else if (held?.ref !== ref) throw new Error(`simulation request ${ref} is not held by this worker`);
    return simApi.playChunk(held!.req, start, count);
  },
};
export type SimApi = typeof simApi;
