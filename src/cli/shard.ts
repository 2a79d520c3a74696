// `match3 analyze … --shard i/n`: one machine's share of an analysis, written as a shard file that
// `match3 merge` adds up with the others into exactly what the unsharded run prints.
//
// The work is every (level, tier) of the run, each N games long. Game g of a level always plays the
// seed gameSeed(level seed, g) (docs/rules.md, "Game seed") and counts add up exactly
// (src/core/sim/analysis/counts.ts), so the games can be cut anywhere: shard i plays the i-th of n
// consecutive slices of the list of all games, slices of equal estimated cost.
import { LATEST_RULES, type LevelT } from '../core/level/index.ts';
import { mergeCounts, type SimCounts } from '../core/sim/analysis/index.ts';
import { BOTS_VERSION } from '../core/sim/codes.ts';
import type { Tier } from '../core/sim/bots/types.ts';
import { WorkerPool, type ChunkRunner } from '../analysis/pool.ts';
import type { SimRequest } from '../analysis/simApi.ts';
import type { LevelHeader } from './report.ts';

export const SHARD_FORMAT = 'match3-analysis-shard';
export const SHARD_FILE_VERSION = 1;
export const MAX_SHARDS = 1000;

/** Shard `index` of `count`, 1-based as CI systems number their jobs (GitLab's CI_NODE_INDEX). */
export interface ShardSpec {
  index: number;
  count: number;
}

export function parseShardSpec(text: string): ShardSpec | { error: string } {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = m ? Number(m[1]) : NaN, count = m ? Number(m[2]) : NaN;
  if (!m || count < 1 || count > MAX_SHARDS || index < 1 || index > count)
    return { error: `--shard: must be i/n with 1 <= i <= n <= ${MAX_SHARDS} (for example 2/5), not "${text}"` };
  return { index, count };
}

/** Everything that must be the same in every shard of one run: the options and the inputs. */
export interface AnalysisRun {
  games: number;
  tiers: Tier[];
  curve: boolean;
  /** `--seed`, or null for each level's own seed. */
  seed: number | null;
  rulesVersion: number;
  botsVersion: number;
  /** The FILE arguments after folders were walked, in order: each a level or a file's problems. */
  inputs: RunInput[];
  /**
   * The games other than the built-in one that the run's levels play, by id, with each definition's
   * hash (what `merge --game FILE` checks its files against). Absent when every level is classic.
   */
  gameHashes?: { id: string; hash: string }[];
}

export type RunInput = { file: string; problems: string[] } | LevelHeader;

export const isLevelInput = (i: RunInput): i is LevelHeader => 'level' in i;

/** Games [start, start + count) of one (input, tier). */
export interface GameRange {
  input: number;
  tier: Tier;
  start: number;
  count: number;
}

export interface ShardPart extends GameRange {
  seconds: number;
  counts: SimCounts;
}

export interface ShardFile {
  format: typeof SHARD_FORMAT;
  version: typeof SHARD_FILE_VERSION;
  shard: ShardSpec;
  run: AnalysisRun;
  parts: ShardPart[];
}

/**
 * Relative cost of one game per tier (from `npm run bench:node`: the greedy bot plays about 1.5×,
 * the expert about 7× slower than the random one), so that `--tier all` on a few levels still
 * gives every shard a similar amount of work. Only the balance depends on it, never the figures.
 */
export const GAME_COST: Record<Tier, number> = { novice: 2, average: 3, expert: 15 };

/**
 * Shard `spec`'s games. Every game of every (input, tier) has a cost offset `c` in the list of all
 * games; it goes to shard floor(c · n / total) + 1. Shard k's boundary in a unit and shard k + 1's
 * come from the same expression, so the shards cover every game exactly once.
 */
export function shardRanges(units: readonly Omit<GameRange, 'start'>[], spec: ShardSpec): GameRange[] {
  const total = units.reduce((s, u) => s + u.count * GAME_COST[u.tier], 0);
  const n = spec.count;
  const ranges: GameRange[] = [];
  let base = 0;
  for (const u of units) {
    const w = GAME_COST[u.tier];
    // first game j of the unit with (base + j·w)·n >= k·total
    const firstAt = (k: number) => Math.min(u.count, Math.max(0, Math.ceil((k * total - base * n) / (w * n))));
    const start = firstAt(spec.index - 1), end = firstAt(spec.index);
    if (end > start) ranges.push({ input: u.input, tier: u.tier, start, count: end - start });
    base += u.count * w;
  }
  return ranges;
}

/** The (input, tier) units of a run, in the order the unsharded run plays them. */
export function runUnits(run: AnalysisRun): Omit<GameRange, 'start'>[] {
  return run.inputs.flatMap((input, i) => (isLevelInput(input) ? run.tiers.map((tier) => ({ input: i, tier, count: run.games })) : []));
}

interface RangeRequest extends SimRequest {
  first: number;
}

/** A chunk runner that plays games counted from `first` (the pool itself counts from 0). */
function fromFirstGame(inner: ChunkRunner<SimRequest, SimCounts>): ChunkRunner<RangeRequest, SimCounts | null> {
  return {
    run: ({ level, tier, curve, first }, start, count) => inner.run({ level, tier, curve }, first + start, count),
    terminate: () => inner.terminate(),
    depth: inner.depth,
  };
}

/**
 * Plays shard `spec` of `run`. `levels[i]` is input i's level (as analysed: `--seed` applied), or
 * null for an input with problems. Curves are played when the run asks for them (`--curve`), as the
 * unsharded run does.
 */
export async function playShard(
  run: AnalysisRun,
  levels: readonly (LevelT | null)[],
  spec: ShardSpec,
  threads: number,
  spawn: (slot: number) => ChunkRunner<SimRequest, SimCounts>,
): Promise<ShardFile> {
  const pool = new WorkerPool<RangeRequest, SimCounts | null>(threads, (slot) => fromFirstGame(spawn(slot)));
  const parts: ShardPart[] = [];
  try {
    for (const range of shardRanges(runUnits(run), spec)) {
      const t0 = performance.now();
      const counts = await pool.run({
        req: { level: levels[range.input]!, tier: range.tier, curve: run.curve, first: range.start },
        games: range.count,
        empty: () => null,
        merge: (a, b) => (a && b ? mergeCounts(a, b) : (a ?? b)),
      });
      parts.push({ ...range, seconds: (performance.now() - t0) / 1000, counts: counts! });
    }
  } finally {
    pool.terminate();
  }
  return { format: SHARD_FORMAT, version: SHARD_FILE_VERSION, shard: spec, run, parts };
}

/**
 * The engine a shard ran on. Each level's own rules version is in its counts (and its hash); the
 * run records the newest rules version the engine plays, so shards of engines that know different
 * rule sets are not merged.
 */
export const runVersions = () => ({ rulesVersion: LATEST_RULES, botsVersion: BOTS_VERSION });
