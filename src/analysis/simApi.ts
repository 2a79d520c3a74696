// What a simulation worker does, as a plain module (the worker entry only exposes it), so the same
// code runs in Web Workers, in node worker threads and in tests.
import '../core/zod.ts';
import type { LevelT } from '../core/level/index.ts';
import { playGames } from '../core/sim/analysis/play.ts';
import type { SimCounts } from '../core/sim/analysis/counts.ts';
import type { Tier } from '../core/sim/bots/types.ts';
import { gameById, registerGames } from '../core/game/known.ts';
import { CLASSIC_GAME } from '../core/game/classic.ts';
import { elementsOn, hpOf } from '../core/game/elements.ts';
import type { GameDef, Layer } from '../core/game/types.ts';

export interface SimRequest {
  level: LevelT;
  tier: Tier;
  curve: boolean;
  /** The level's game definition when it is not classic (a worker's registry knows only what it is sent). */
  game?: GameDef;
}

/** Registers the request's game in this thread's registry (the same definition again costs nothing). */
function know(req: SimRequest) {
  if (req.game && gameById(req.game.id) !== req.game) registerGames([req.game]);
}

/** A plain open level for warming up: 9×9, 6 colours, 25 moves, a score nobody reaches (every game plays on). */
function warmLevel(rules: 1 | 2): LevelT {
  return {
    format: 'match3-level', version: 1, id: 'warm-up', name: 'warm-up', width: 9, height: 9, moves: 25, colors: 6, seed: 7, rules,
    cells: Array.from({ length: 9 }, () => Array.from({ length: 9 }, () => ({}))),
    objectives: [{ type: 'score', target: 10_000_000 }],
  };
}

/** The classic game's elements the priming level is made of, chosen by layer and hit points. */
function primeElements() {
  const on = (layer: Layer) => elementsOn(CLASSIC_GAME, layer);
  return {
    block: on('tile')[0].id,
    layered: on('cover').find((e) => hpOf(e) > 1)!.id,
    plain: on('cover').find((e) => hpOf(e) === 1)!.id,
    ground: on('ground')[0].id,
  };
}

/**
 * A level with every kind of cell the simulator meets, for priming (simApi.prime), made of the classic
 * game's elements: a cover of several layers with one and two (ice), a cover of one (chains), a ground
 * with one and two layers (jelly, some under the cover), a tile element of one and two hits (crates),
 * voids and the four specials. 9×9, 5 colours, 25 moves; the objectives of the two rules versions'
 * levels cover the six types between them.
 */
export function primeLevel(rules: 1 | 2): LevelT {
  const { block, layered, plain, ground } = primeElements();
  const cell = (x: number, y: number): LevelT['cells'][number][number] => {
    const i = y * 9 + x;
    if (y === 0) return x % 3 === 0 ? { tile: (['rocket_h', 'rocket_v', 'bomb'] as const)[x / 3] } : x === 4 ? { tile: 'rainbow' } : {};
    if (i % 19 === 4) return { tile: 'void' };
    if (i % 17 === 2) return { tile: block, hp: 2 };
    if (i % 23 === 5) return { tile: block };
    if (i % 13 === 7) return { cover: { type: plain } };
    if (i % 9 === 6) return { cover: { type: layered, layers: 2 }, ground: { type: ground, layers: 2 } };
    if (i % 11 === 3) return { cover: { type: layered, layers: 1 } };
    if (i % 7 === 1) return { ground: { type: ground, layers: 1 } };
    if (i % 8 === 0) return { ground: { type: ground, layers: 2 } };
    return {};
  };
  return {
    format: 'match3-level', version: 1, id: 'prime', name: 'prime', width: 9, height: 9, moves: 25, colors: 5, seed: 7, rules,
    cells: Array.from({ length: 9 }, (_, y) => Array.from({ length: 9 }, (_, x) => cell(x, y))),
    // a level holds at most four objectives: the two rules versions' levels share the six types
    objectives:
      rules === 1
        ? [{ type: 'clear_ground', ground }, { type: 'clear_cover', cover: layered }, { type: 'clear_cover', cover: plain }, { type: 'clear_crates' }]
        : [{ type: 'collect', color: 'red', count: 30 }, { type: 'score', target: 10_000_000 }, { type: 'clear_ground', ground }, { type: 'clear_cover', cover: plain }],
  };
}

/** Tiers this thread has primed (simApi.prime): once each. */
const primed = new Set<Tier>();

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
  /**
   * Plays one game of `tier` under each rules version on a board with every kind of cell
   * (primeLevel), once per tier and thread, and throws the games away. V8 then has type feedback for
   * all of the simulator's paths before it optimizes them: without it, a thread re-compiled function
   * after function as the levels of a run brought covers, grounds or tile elements its compiled code had
   * not met ("insufficient type feedback": about 90 deoptimizations in `match3 analyze` of the
   * 13-level bench pack, about 10 after this; docs/performance.md). About 30 ms a tier (60 for expert)
   * of one core. The CLI primes its threads on long runs (cli/threads.ts); the page's workers warm up
   * while the page is idle instead (warm).
   */
  prime(tier: Tier): void {
    if (primed.has(tier)) return;
    primed.add(tier);
    for (const rules of [1, 2] as const) playGames(primeLevel(rules), { tier, count: 1, curve: true });
  },
  playChunk(req: SimRequest, start: number, count: number): SimCounts {
    know(req);
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
