// How far tuning may turn each lever: the bounds a designer sees and edits before a tune. One list of
// facts for the dialog, the pack tune, the copilot's tune_level and `match3 tune`. Pure.
//
// Bounds are written in the designer's units, per lever:
//   moves            the move limit                      (valid: 1..200)
//   colors           the number of colours              (valid: what the objectives need .. 6)
//   blocker levers   by their kind's unit (src/core/game/levers.ts): layers or hit points added (+) or
//                    removed (−) on every cell of the elements they turn, or the percent of the one-layer
//                    covers removed (0 = none .. 100 = all)
//   objective_counts percent of today's collect counts and score targets (50..200)
//   spawn_chance     percent of today's spawn chances (50..200; a chance stays at most 1)
//   spawn_total      percent of today's spawn totals (50..200)
//   countdown        moves added (+) to or taken off (−) every painted countdown (version 2 games, RULES §12)
//   emit_every       moves added (+) to or taken off (−) the `every` of each emitter on the board (a game field)
//   emit_count       pieces added (+) to or taken off (−) the `count` of each emitter on the board (a game field)
// A single-level tune defaults to the valid ranges; a pack tune defaults to PACK_BOUNDS, which is relative
// to each level (moves within ±30% and never below a good run, colours ±1, obstacles within a share).
import { LEVERS, LIMITS, type Lever } from '../facts.ts';
import type { LevelT } from '../level/index.ts';
import type { SimCounts } from '../sim/analysis/counts.ts';
import { winRateAt } from '../sim/analysis/summary.ts';
import { BLOCKER_LEVER_KINDS, BLOCKER_LEVER_ORDER, countdownElements, emitterElements, isBlockerLever, type BlockerLever } from '../game/levers.ts';
import { gameOf } from '../game/known.ts';
import { leverValues, neutralSettings, type Settings } from './levers.ts';

export interface Range {
  from: number;
  to: number;
}
/** Absolute bounds for one level, in the designer's units; a lever not named keeps its valid range. */
export type Bounds = Partial<Record<Lever, Range>>;

/** Whether the lever's designer unit is the percent of covers removed (its setting: quarters, negative). */
const removes = (lever: Lever) => isBlockerLever(lever) && BLOCKER_LEVER_KINDS[lever].unit === 'removed';

/** Designer units → the search's setting units (Settings in levers.ts). */
export function toSetting(lever: Lever, v: number): number {
  if (removes(lever)) return -Math.round((v / 100) * 4 * 1000) / 1000;
  if (lever === 'objective_counts' || lever === 'spawn_chance' || lever === 'spawn_total') return v / 100;
  return v;
}
export function fromSetting(lever: Lever, s: number): number {
  if (removes(lever)) return Math.round((-s / 4) * 100);
  if (lever === 'objective_counts' || lever === 'spawn_chance' || lever === 'spawn_total') return Math.round(s * 100);
  return s;
}

/** The lever's valid range on this level (designer units), or null when the level has nothing for it to act on. */
export function validRange(level: LevelT, lever: Lever): Range | null {
  if (lever === 'moves') return { from: LIMITS.moves.min, to: LIMITS.moves.max };
  const values = leverValues(level, lever).map((v) => fromSetting(lever, v));
  if (!values.length) return null;
  return { from: Math.min(...values), to: Math.max(...values) };
}

/** Every lever's valid range, for the dialog's defaults and the tool's description. */
export function validBounds(level: LevelT): Bounds {
  const out: Bounds = {};
  for (const l of LEVERS) {
    const r = validRange(level, l);
    if (r) out[l] = r;
  }
  return out;
}

/** Bounds intersected with the valid ranges; an empty intersection is an error naming both. */
export function resolveBounds(level: LevelT, bounds: Bounds | undefined): { ok: true; bounds: Bounds } | { ok: false; error: string } {
  const out: Bounds = {};
  for (const l of LEVERS) {
    const valid = validRange(level, l);
    if (!valid) continue;
    const b = bounds?.[l];
    if (!b) {
      out[l] = valid;
      continue;
    }
    if (b.from > b.to) return { ok: false, error: `${l}: from ${b.from} is above to ${b.to}` };
    const r = { from: Math.max(valid.from, b.from), to: Math.min(valid.to, b.to) };
    if (r.from > r.to) return { ok: false, error: `${l}: ${b.from}..${b.to} is outside the valid range ${valid.from}..${valid.to} on this level` };
    out[l] = r;
  }
  return { ok: true, bounds: out };
}

const inRange = (v: number, r: Range | undefined) => !r || (v >= r.from - 1e-9 && v <= r.to + 1e-9);

/** The settings a lever may take inside its bounds (setting units, easiest first). */
export function allowedValues(level: LevelT, lever: Exclude<Lever, 'moves'>, bounds: Bounds): number[] {
  return leverValues(level, lever).filter((s) => inRange(fromSetting(lever, s), bounds[lever]));
}

/** The move limits a tune may choose. */
export function movesRange(bounds: Bounds): { min: number; max: number } {
  const r = bounds.moves;
  return { min: Math.max(LIMITS.moves.min, r?.from ?? LIMITS.moves.min), max: Math.min(LIMITS.moves.max, r?.to ?? LIMITS.moves.max) };
}

/** Where the search starts: today's settings, each free lever moved to the nearest allowed value when outside its bounds. */
export function startSettings(level: LevelT, levers: readonly Lever[], bounds: Bounds): Settings {
  const s = neutralSettings(level);
  for (const l of levers) {
    if (l === 'moves') {
      const m = movesRange(bounds);
      s.moves = Math.min(m.max, Math.max(m.min, s.moves));
      continue;
    }
    const values = allowedValues(level, l, bounds);
    if (!values.length || values.includes(s[l])) continue;
    s[l] = values.reduce((best, v) => (Math.abs(v - s[l]) < Math.abs(best - s[l]) ? v : best), values[0]);
  }
  return s;
}

/** Whether settings stay inside the bounds (the pack tune's promise, checked by its tests). */
export function withinBounds(level: LevelT, s: Settings, bounds: Bounds): boolean {
  if (!inRange(s.moves, bounds.moves)) return s.moves === level.moves;
  for (const l of LEVERS) {
    if (l === 'moves') continue;
    const neutral = neutralSettings(level)[l];
    if (s[l] !== neutral && !inRange(fromSetting(l, s[l]), bounds[l])) return false;
  }
  return true;
}

// ── pack tuning: bounds relative to each level ────────────────────────────────────────────────────

/**
 * A pack tune's bounds, relative to each level (designer units): moves in percent of the level's own
 * limit, colours as colours added or removed, blocker levers in their kind's unit (layers/hit points added
 * or removed, or the percent of covers removed at most), objective counts as percent up or down.
 */
export type PackBounds = Record<Lever, Range>;

/** Each blocker lever's range from its kind (src/core/game/levers.ts): its pack default or the most it may be set to. */
const blockerRanges = (key: 'pack' | 'packLimits') => Object.fromEntries(BLOCKER_LEVER_ORDER.map((l) => [l, BLOCKER_LEVER_KINDS[l][key]])) as Record<BlockerLever, Range>;

export const PACK_BOUNDS: PackBounds = {
  moves: { from: -30, to: 30 },
  colors: { from: -1, to: 1 },
  ...blockerRanges('pack'),
  objective_counts: { from: -20, to: 20 },
  spawn_chance: { from: -25, to: 25 },
  spawn_total: { from: -25, to: 25 },
  countdown: { from: -2, to: 2 },
  emit_every: { from: -2, to: 2 },
  emit_count: { from: -1, to: 1 },
};

/** What each pack bound may be set to (the inputs' min and max). */
export const PACK_BOUND_LIMITS: Record<Lever, Range> = {
  moves: { from: -90, to: 300 },
  colors: { from: -3, to: 3 },
  ...blockerRanges('packLimits'),
  objective_counts: { from: -50, to: 100 },
  spawn_chance: { from: -50, to: 100 },
  spawn_total: { from: -50, to: 100 },
  countdown: { from: -10, to: 10 },
  emit_every: { from: -10, to: 10 },
  emit_count: { from: -4, to: 4 },
};

/** Share of the wins a "good run" is among: the move limit that the best GOOD_RUN_SHARE of wins need. */
export const GOOD_RUN_SHARE = 0.1;

/**
 * The fewest moves the objectives need on a good run: the move count by which the quickest
 * GOOD_RUN_SHARE of the measured wins were done (null when the level was never won). A pack tune never
 * sets the limit below it, however far the percent bound would allow.
 */
export function goodRunMoves(c: SimCounts | null | undefined): number | null {
  if (!c || !c.wins) return null;
  const need = c.wins * GOOD_RUN_SHARE;
  for (let m = 1; m <= c.moveLimit; m++) if (winRateAt(c, m) * c.games >= need - 1e-9) return m;
  return c.moveLimit;
}

/** One level's absolute bounds from the pack's relative ones (and its measured counts, for the good-run floor). */
export function packLevelBounds(level: LevelT, rel: PackBounds, counts?: SimCounts | null): Bounds {
  const good = goodRunMoves(counts);
  const lo = Math.max(Math.ceil((level.moves * (100 + rel.moves.from)) / 100), good ?? LIMITS.moves.min, LIMITS.moves.min);
  const hi = Math.max(lo, Math.floor((level.moves * (100 + rel.moves.to)) / 100));
  const b: Bounds = {
    moves: { from: Math.min(lo, LIMITS.moves.max), to: Math.min(LIMITS.moves.max, hi) },
    colors: { from: level.colors + rel.colors.from, to: level.colors + rel.colors.to },
    ...Object.fromEntries(BLOCKER_LEVER_ORDER.map((l) => [l, rel[l]])),
    objective_counts: { from: 100 + rel.objective_counts.from, to: 100 + rel.objective_counts.to },
    spawn_chance: { from: 100 + rel.spawn_chance.from, to: 100 + rel.spawn_chance.to },
    spawn_total: { from: 100 + rel.spawn_total.from, to: 100 + rel.spawn_total.to },
  };
  // the version 2 lever only where the level's game has pieces that count down (tune_level's schema for that game has it)
  const game = gameOf(level);
  if (countdownElements(game).length) b.countdown = rel.countdown;
  // the emitter levers (a game change) likewise only where the game has emitters
  if (emitterElements(game, 'every').length) b.emit_every = rel.emit_every;
  if (emitterElements(game, 'count').length) b.emit_count = rel.emit_count;
  return b;
}

export { boundsText } from './boundsText.ts';
