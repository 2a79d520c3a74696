// tune_level's search: find lever settings whose win rate (one bot tier) lands in the target band.
//
// - Moves come from the win-rate-by-move-limit curve: one measured pass says what every move limit up
//   to twice the current one would give, on the same games (bots do not look at the moves left).
// - Other levers are walked from the current setting toward the target (hill-climbing that stops when
//   it crosses the target or stops improving), each candidate re-fitting its own move limit.
// - Every candidate plays the same search games (common random numbers: indexes from SEARCH_FIRST),
//   in batches, stopping as soon as its interval is clearly inside or outside the band.
// - The result is confirmed on fresh games (indexes 0..N-1, those an analysis of the level plays), and
//   `before` is measured on the same games, so before → after differ by the edit, not by luck.
import { reasonText, type TuneReason } from './reasons.ts';
import { pct } from '../format.ts';
import type { LevelT } from '../level/index.ts';
import { adjustLevers, adjustParamsFor } from '../tools/difficulty.ts';
import { gameOf } from '../game/known.ts';
import type { Progress, SimRunner } from '../tools/define.ts';
import { LIMITS, type Lever, type Tier } from '../facts.ts';
import { mergeCounts, type SimCounts } from '../sim/analysis/counts.ts';
import { wilson, winRateAt } from '../sim/analysis/summary.ts';
import { bottleneck } from '../sim/analysis/bottleneck.ts';
import { describeChanges, emitArgs, emitChanges, leverArgs, neutralSettings, type Change, type Settings } from './levers.ts';
import { withEmitChanges, type EmitChange } from '../game/levers.ts';
import { canonicalGame } from '../game/schema.ts';
import { borrowTrialGame } from '../game/trial.ts';
import type { GameDef } from '../game/types.ts';
import { allowedValues, boundsText, movesRange, resolveBounds, startSettings, type Bounds } from './bounds.ts';
import { levelHash } from '../level/index.ts';

/** Search games start here, far from the games an analysis plays (0..N-1). */
export const SEARCH_FIRST = 1_000_000;
const BATCH = 250;
const MAX_PER_CANDIDATE = 2000;
/** A candidate is only accepted as inside the band after this many games (the fitted move limit picks the
 *  curve value closest to the target, which flatters small samples); it can be rejected sooner. */
const MIN_TO_ACCEPT = 1000;

export interface TuneOptions {
  target: number;
  tier: Tier;
  tolerance: number;
  levers: readonly Lever[];
  maxGames: number;
  /** Games of the before and confirmation runs (default 1000, what the Analyze button plays). */
  confirmGames?: number;
  /** How far each lever may go (designer units, src/core/tune/bounds.ts); unnamed levers keep their valid range. */
  bounds?: Bounds;
  signal?: AbortSignal;
  onProgress?: Progress;
}

export interface Measured {
  winRate: number;
  ci95: { low: number; high: number };
  games: number;
  moves: number;
}

/**
 * A tuning's change to the level's game (RULES §12.1's emitter fields are the game's, and a level has
 * nothing that overrides them): it reaches every level that plays the game, so it is said as such and
 * applied as a game change (the studio's reviewed game step, the CLI's --game-out), never as a level edit.
 */
export interface GameChange {
  /** The game's id and name, and the changed definition (canonical). */
  id: string;
  name: string;
  game: GameDef;
  changes: EmitChange[];
  /** Its arguments, named per element (`mixer_every`, `fountain_count`: new values). */
  args: Record<string, number>;
}

export interface TuneResult {
  hit: boolean;
  target: number;
  tier: Tier;
  tolerance: number;
  levers: Lever[];
  /** The bounds the search kept to (each lever's valid range where none was given). */
  bounds: Bounds;
  before: Measured;
  after: Measured;
  /** The search's own estimate for the chosen level, and how many candidates it measured. */
  searchEstimate: number;
  candidates: number;
  changes: Change[];
  /** adjust_difficulty arguments (empty: nothing changed on the level itself). */
  args: Record<string, number>;
  /** The change to the level's game the tuned level was measured with (emitter levers); absent when none. */
  gameChange?: GameChange;
  level: LevelT;
  games: number;
  /** Why the band was not reached (closest found), or undefined on a hit: in English, and as a catalogue note. */
  reason?: string;
  reasonNote?: TuneReason;
  /** The confirmation counts of the final level (games 0..N-1, same as an analysis of it). */
  counts: SimCounts;
}

interface Candidate {
  settings: Settings;
  level: LevelT;
  est: number;
  ci: { low: number; high: number };
  games: number;
  /** The measured counts (at the move limit the candidate was played with). */
  counts: SimCounts;
}

class Search {
  spent = 0;
  candidates = 0;
  private seen = new Map<string, Candidate>();
  readonly lo: number;
  readonly hi: number;
  /** The move limits the search may choose (its bounds). */
  readonly moves: { min: number; max: number };

  constructor(
    readonly original: LevelT,
    readonly o: TuneOptions,
    readonly runner: SimRunner,
    readonly confirmGames: number,
    readonly bounds: Bounds,
  ) {
    this.lo = o.target - o.tolerance;
    this.hi = o.target + o.tolerance;
    this.moves = movesRange(bounds);
  }

  get movesFree() {
    return this.o.levers.includes('moves');
  }
  /** Search games still allowed, keeping the confirmation run's share of the budget. */
  get left() {
    return this.o.maxGames - this.confirmGames - this.spent;
  }
  distance(c: Candidate) {
    return Math.abs(c.est - this.o.target);
  }
  clearlyInside(ci: { low: number; high: number }) {
    return ci.low >= this.lo && ci.high <= this.hi;
  }
  clearlyOutside(ci: { low: number; high: number }) {
    return ci.high < this.lo || ci.low > this.hi;
  }
  inBand(c: Candidate) {
    return c.est >= this.lo && c.est <= this.hi;
  }

  /** adjust_difficulty's parameters for the level's game: its element levers are named after its elements. */
  private params: ReturnType<typeof adjustParamsFor> | null = null;

  /** Trial copies of the game this search borrowed (emitter levers), given back when it ends. */
  private trials = new Map<string, { id: string; release: () => void }>();

  /**
   * The level with these settings. When an emitter lever moves a game field, the level plays a trial
   * copy of its game with that change (src/core/game/trial.ts): measured with the changed game's tables.
   */
  levelOf(s: Settings): LevelT {
    const args = leverArgs(this.original, s);
    let level = this.original;
    if (Object.keys(args).length) {
      this.params ??= adjustParamsFor(gameOf(this.original));
      level = adjustLevers(this.original, this.params.parse(args)).level;
    }
    const changes = emitChanges(this.original, s);
    if (!changes.length) return level;
    const changed = canonicalGame(withEmitChanges(gameOf(this.original), changes));
    const key = JSON.stringify(changes);
    let trial = this.trials.get(key);
    if (!trial) this.trials.set(key, (trial = borrowTrialGame(changed)));
    return { ...level, game: trial.id };
  }

  /** Gives back every trial game this search borrowed. */
  release() {
    for (const t of this.trials.values()) t.release();
    this.trials.clear();
  }

  async play(level: LevelT, games: number, first: number): Promise<SimCounts> {
    const base = this.spent;
    const c = await this.runner.tier(level, this.o.tier, games, {
      first,
      signal: this.o.signal,
      onProgress: (d) => this.o.onProgress?.(Math.min(this.o.maxGames, base + d), this.o.maxGames),
    });
    this.spent += c.games;
    return c;
  }

  /** The move limit whose curve win rate is closest to the target (the curve covers 1 .. 2 × the limit). */
  fitMoves(c: SimCounts): number {
    let best = c.moveLimit, bestD = Infinity;
    for (let m = this.moves.min; m <= Math.min(c.curveMax, this.moves.max); m++) {
      const d = Math.abs(winRateAt(c, m) - this.o.target);
      if (d < bestD - 1e-12) {
        best = m;
        bestD = d;
      }
    }
    return best;
  }

  /**
   * Measures one setting in batches of the search games until its interval is clearly inside or
   * outside the band (sequential stop), refitting the move limit after each batch when moves are free.
   * When the best limit is the end of the curve and still too hard, plays again with the longer limit.
   */
  async measure(settings: Settings): Promise<Candidate> {
    let s = settings;
    for (let extend = 0; ; extend++) {
      const level = this.levelOf(s);
      const key = levelHash(level);
      const known = this.seen.get(key);
      if (known) return known;
      let counts: SimCounts | null = null;
      let cand: Candidate | null = null;
      while (!counts || counts.games < MAX_PER_CANDIDATE) {
        const n = Math.min(BATCH, this.left);
        if (n <= 0 && counts) break;
        const part = await this.play(level, Math.max(n, 0) || BATCH, SEARCH_FIRST + (counts?.games ?? 0));
        counts = counts ? mergeCounts(counts, part) : part;
        const moves = this.movesFree ? this.fitMoves(counts) : level.moves;
        const est = winRateAt(counts, moves);
        const ci = wilson(Math.round(est * counts.games), counts.games);
        cand = { settings: { ...s, moves }, level, est, ci, games: counts.games, counts };
        if ((counts.games >= MIN_TO_ACCEPT && this.clearlyInside(ci)) || this.clearlyOutside(ci)) break;
      }
      this.candidates++;
      const c = cand!;
      const atCurveEnd = c.settings.moves >= c.counts.curveMax && c.counts.curveMax < this.moves.max;
      if (this.movesFree && atCurveEnd && c.est < this.lo && extend < 3 && this.left > 0) {
        s = { ...s, moves: Math.min(this.moves.max, c.counts.curveMax) };
        continue;
      }
      const final = { ...c, level: this.levelOf(c.settings) };
      this.seen.set(key, final);
      return final;
    }
  }

  /**
   * Walks one lever from the current setting toward the target; returns the best candidate seen.
   * With free moves each candidate refits its own limit, so the other direction can help too (a curve
   * that jumps over the band at one setting may land in it at another): both are tried then.
   */
  async walk(lever: Exclude<Lever, 'moves'>, from: Candidate): Promise<Candidate> {
    const values = allowedValues(this.original, lever, this.bounds);
    let best = from;
    if (values.length < 2) return best;
    // higher lever values are harder: go up when the level is too easy
    const natural = from.est > this.o.target ? 1 : -1;
    let i = values.indexOf(from.settings[lever]);
    if (i < 0) i = values.indexOf(neutralSettings(this.original)[lever]);
    for (const dir of this.movesFree ? [natural, -natural] : [natural]) {
      if (this.inBand(best) && this.clearlyInside(best.ci)) break;
      let prev = from, worse = 0;
      for (let j = i + dir; j >= 0 && j < values.length && this.left > 0; j += dir) {
        const c = await this.measure({ ...prev.settings, [lever]: values[j] });
        if (this.distance(c) < this.distance(best)) {
          best = c;
          worse = 0;
        } else if (++worse >= 2) break;
        if (this.inBand(c) && this.clearlyInside(c.ci)) break;
        // crossed the target: the bracket is [prev, c]; the closer of the two is kept as best
        if (Math.sign(c.est - this.o.target) !== Math.sign(from.est - this.o.target)) break;
        prev = c;
      }
    }
    return best;
  }
}


function measured(c: SimCounts, moves: number): Measured {
  return { winRate: c.games ? c.wins / c.games : 0, ci95: wilson(c.wins, c.games), games: c.games, moves };
}

/** Why the closest level found is not in the band, in a sentence a designer can act on. */
function explain(search: Search, best: Candidate, after: Measured): TuneReason {
  const o = search.o;
  const list = o.levers.map((l) => ({ key: `tune.lever.${l}` }));
  const reason = (key: string, params: Record<string, string | number>): TuneReason => ({ key, params, list });
  const band = { lo: pct(search.lo), hi: pct(search.hi) };
  // one figure: the confirmed one (fresh games, as an analysis plays them); the search's own estimate is named as such
  const common = { est: pct(after.winRate), tier: `@tier.${o.tier}`, moves: best.settings.moves, target: pct(o.target), tol: pct(o.tolerance) };
  if (search.left <= 0 && !search.inBand(best)) return reason('tune.reason.budget', { ...common, budget: o.maxGames });
  if (search.inBand(best)) return reason('tune.reason.confirm', { ...common, ...band, search: pct(best.est), after: pct(after.winRate) });
  if (o.levers.includes('moves')) {
    // the curve jumps over the band next to the chosen limit: no move limit lands in it
    for (const m of [best.settings.moves - 1, best.settings.moves]) {
      if (m < LIMITS.moves.min || m + 1 > best.counts.curveMax) continue;
      const a = winRateAt(best.counts, m), b2 = winRateAt(best.counts, m + 1);
      if (a < search.lo && b2 > search.hi) return reason('tune.reason.jump', { ...common, ...band, a: pct(a), b: pct(b2), m, m1: m + 1 });
    }
  }
  if (o.levers.includes('moves')) {
    // the designer's bounds, not the level, stop the search: say so and name them
    const tooHardAtTop = best.est < search.lo && best.settings.moves >= search.moves.max && search.moves.max < LIMITS.moves.max;
    const tooEasyAtBottom = best.est > search.hi && best.settings.moves <= search.moves.min && search.moves.min > LIMITS.moves.min;
    if (tooHardAtTop || tooEasyAtBottom) return reason('tune.reason.bounds', { ...common, bounds: boundsText(search.bounds, o.levers, search.original) });
  }
  if (best.est < o.target) {
    const b = bottleneck(best.level, [best.counts]);
    // "even with N moves" only when Moves was a lever; else the level's own limit, said as kept
    const at = o.levers.includes('moves') ? '' : 'At';
    return b.objective
      ? reason(`tune.reason.hardObjective${at}`, { ...common, objective: b.objective.description, objectiveIndex: b.objective.index, share: pct(b.objective.incompleteRate) })
      : reason(`tune.reason.hard${at}`, common);
  }
  if (o.levers.includes('moves') && best.settings.moves <= LIMITS.moves.min) return reason('tune.reason.easy', common);
  return reason('tune.reason.closest', common);
}

const reasonFields = (r: TuneReason) => ({ reason: reasonText(r), reasonNote: r });

export async function tuneLevel(level: LevelT, runner: SimRunner, o: TuneOptions): Promise<TuneResult> {
  const confirmGames = Math.min(o.confirmGames ?? 1000, Math.floor(o.maxGames / 4));
  const resolved = resolveBounds(level, o.bounds);
  if (!resolved.ok) throw new Error(`bounds: ${resolved.error}`);
  const search = new Search(level, o, runner, 2 * confirmGames, resolved.bounds);
  try {
    return await runSearch(level, o, search, confirmGames, resolved.bounds);
  } finally {
    search.release();
  }
}

/** The game change of the chosen settings (emitter levers), with the game as it would become. */
function gameChangeOf(level: LevelT, s: Settings): GameChange | undefined {
  const changes = emitChanges(level, s);
  if (!changes.length) return undefined;
  const g = gameOf(level);
  return { id: g.id, name: g.name, game: canonicalGame(withEmitChanges(g, changes)), changes, args: emitArgs(changes) };
}

async function runSearch(level: LevelT, o: TuneOptions, search: Search, confirmGames: number, bounds: Bounds): Promise<TuneResult> {
  const resolved = { bounds };
  // 1. before: the level as it is, on the games an analysis plays
  const beforeCounts = await search.play(level, confirmGames, 0);
  const before = measured(beforeCounts, level.moves);

  // 2. the current settings (with their best move limit when moves are free)
  let best = await search.measure(startSettings(level, o.levers, resolved.bounds));

  // 3. the other levers, in the order given, while not clearly in the band
  for (const lever of o.levers) {
    if (lever === 'moves') continue;
    if (search.inBand(best) && search.clearlyInside(best.ci)) break;
    if (search.left <= 0) break;
    best = await search.walk(lever, best);
  }

  // 4. keep the level as it was when nothing found is closer than where it started
  const startDistance = Math.abs(before.winRate - o.target);
  const improves = search.distance(best) < startDistance || search.inBand(best);
  const chosen = improves ? best.settings : neutralSettings(level);
  const finalLevel = improves ? best.level : level;

  // 5. confirmation on fresh games (the search never played indexes 0..N-1)
  const confirm = finalLevel === level ? beforeCounts : await search.play(finalLevel, confirmGames, 0);
  const after = measured(confirm, finalLevel.moves);
  const hit = after.winRate >= search.lo && after.winRate <= search.hi;
  const args = improves ? leverArgs(level, chosen) : {};
  const gameChange = improves ? gameChangeOf(level, chosen) : undefined;
  // the search's candidates played a trial copy of the game; the result names the level's own game
  const resultLevel = gameChange ? { ...finalLevel, game: level.game } : finalLevel;
  // the trial's explanation first, while its copy of the game is still known
  const why = hit ? {} : reasonFields(explain(search, best, after));
  return {
    hit,
    target: o.target,
    tier: o.tier,
    tolerance: o.tolerance,
    levers: [...o.levers],
    bounds: resolved.bounds,
    before,
    after,
    searchEstimate: best.est,
    candidates: search.candidates,
    changes: improves ? describeChanges(level, chosen) : [],
    args,
    ...(gameChange ? { gameChange } : {}),
    level: resultLevel,
    games: search.spent,
    ...why,
    counts: confirm,
  };
}
