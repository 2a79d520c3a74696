// The levers tuning may turn, each as an ordered list of settings from easiest to hardest, and how a
// choice of settings becomes one adjust_difficulty intent. Pure: no simulation here.
import { COLORS, type LevelT } from '../level/index.ts';
import { LIMITS, type Lever } from '../facts.ts';
import { hpOf } from '../game/elements.ts';
import { BLOCKER_LEVER_KINDS, BLOCKER_LEVER_ORDER, EMIT_RANGES, countdownTargets, emitValue, emitterTargets, isBlockerLever, leverIds, leverTargets, type BlockerLever, type EmitChange, type EmitField } from '../game/levers.ts';
import type { ElementDef } from '../game/types.ts';

// (which elements of a level's board a blocker lever turns is the game model's: src/core/game/levers.ts)
export { leverTargets } from '../game/levers.ts';

/** The layers or hit points a lever of several may add or take off: the most its elements on the board allow. */
const reach = (on: readonly { element: ElementDef }[]) => Math.max(...on.map((t) => hpOf(t.element) - 1));
const span = (d: number) => Array.from({ length: 2 * d + 1 }, (_, i) => i - d);
/** `a`, `a and b`: the ids a change names. */
const ids = (on: readonly { element: ElementDef }[], plural = '') => leverIds(on.map((t) => t.element), plural);
const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));
/** adjust_difficulty's parameter for an element a lever of several turns. */
const paramOf = (lever: BlockerLever, e: ElementDef) => `${e.id}${BLOCKER_LEVER_KINDS[lever].unit === 'hp' ? '_hp' : '_layers'}`;

/**
 * One value per lever; the neutral setting (0, or the level's own value) changes nothing. A blocker lever
 * of several turns layers or hit points by its value; one that removes covers takes quarters of them
 * removed, as a negative number (−4 = all removed … 0 = none): higher is harder.
 */
export type Settings = {
  moves: number;
  colors: number;
  objective_counts: number;
  /** Factors on every spawn entry's chance and total, the level's and its spawners' (1 = as the level has them). */
  spawn_chance: number;
  spawn_total: number;
  /** Moves added to (−: taken off) every painted countdown, each within 1..its element's countdown (0 = as painted). */
  countdown: number;
  /**
   * Moves added to (−: taken off) the `every` of each emitter on the board that emits every N moves, and
   * pieces added to each emitter's `count`, each within RULES §12.1's range (0 = as the game has them).
   * Game fields: a setting other than 0 is a change to the level's game (emitChanges).
   */
  emit_every: number;
  emit_count: number;
} & Record<BlockerLever, number>;

export const OBJECTIVE_SCALES = [0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2] as const;
/** Factors a spawn lever takes, fewest spawns first. */
export const SPAWN_SCALES = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

/** A spawner of a version 2 level (RULES §12.3), as the spawn levers read it. */
type SpawnerLike = { at: readonly number[]; spawn: readonly SpawnEntry[] };
type SpawnEntry = NonNullable<LevelT['spawn']>[number];
/** The level's spawners (RULES §12.3; none on a version 1 level). */
export const spawnersOf = (level: LevelT): readonly SpawnerLike[] => (level as LevelT & { spawners?: SpawnerLike[] }).spawners ?? [];
/** Every spawn entry of the level: its own `spawn`, then each spawner's, in order. */
export function spawnEntries(level: LevelT): SpawnEntry[] {
  return [...(level.spawn ?? []), ...spawnersOf(level).flatMap((s) => s.spawn)];
}

/** How far the countdown lever goes each way at most (moves). */
export const COUNTDOWN_REACH = 10;

/**
 * Whether more spawns make the level easier: every spawned element is one an objective wants
 * brought down or collected (items, pieces to collect). Else spawns are obstacles: more is harder.
 */
export function spawnsHelp(level: LevelT): boolean {
  const wanted = new Set(level.objectives.flatMap((o) => ((o.type === 'bring_down' || o.type === 'collect') && o.element !== undefined ? [o.element] : [])));
  return spawnEntries(level).every((s) => wanted.has(s.element));
}

export function neutralSettings(level: LevelT): Settings {
  const blockers = Object.fromEntries(BLOCKER_LEVER_ORDER.map((l) => [l, 0])) as Record<BlockerLever, number>;
  return { moves: level.moves, colors: level.colors, ...blockers, objective_counts: 1, spawn_chance: 1, spawn_total: 1, countdown: 0, emit_every: 0, emit_count: 0 };
}

/**
 * The values a lever can take on this level, easiest first (empty when the level has nothing for it
 * to act on, e.g. a layers lever on a board without its elements). Moves are fitted from the win-rate curve instead.
 */
export function leverValues(level: LevelT, lever: Exclude<Lever, 'moves'>): number[] {
  if (isBlockerLever(lever)) return blockerValues(level, lever);
  switch (lever) {
    case 'colors': {
      // fewer colours than a collect objective needs would make it unmeetable
      const needed = Math.max(LIMITS.colors.min, ...level.objectives.map((o) => (o.type === 'collect' && o.color !== undefined ? COLORS.indexOf(o.color) + 1 : 0)));
      const out: number[] = [];
      for (let c = needed; c <= LIMITS.colors.max; c++) out.push(c);
      return out;
    }
    case 'objective_counts':
      return level.objectives.some((o) => o.type === 'collect' || o.type === 'score') ? [...OBJECTIVE_SCALES] : [];
    case 'spawn_chance':
    case 'spawn_total': {
      const entries = spawnEntries(level);
      if (!entries.length) return [];
      // a chance is at most 1: with every chance at 1 already, no factor above 1 changes anything
      const canRise = lever === 'spawn_total' || entries.some((s) => s.chance < 1);
      const scales = SPAWN_SCALES.filter((f) => f <= 1 || canRise);
      return spawnsHelp(level) ? [...scales].reverse() : [...scales];
    }
    case 'countdown':
      return countdownValues(level);
    case 'emit_every':
    case 'emit_count':
      return emitValues(level, EMIT_LEVER_FIELD[lever]);
  }
}

/** The emitter field each emitter lever turns. */
export const EMIT_LEVER_FIELD = { emit_every: 'every', emit_count: 'count' } as const satisfies Record<string, EmitField>;
/** How far an emitter lever goes each way at most. */
export const EMIT_REACH = 10;

/**
 * An emitter lever's values, easiest first: `every` from the most moves that raise some emitter's (up to
 * 20) down to the most that lower one (to 1), since a longer wait is easier; `count` from the most pieces
 * taken off some emitter's (down to 1) to the most added (up to 5). Empty without such an emitter on the board.
 */
function emitValues(level: LevelT, field: EmitField): number[] {
  const on = emitterTargets(level, field);
  if (!on.length) return [];
  const { min, max } = EMIT_RANGES[field];
  const up = Math.min(EMIT_REACH, Math.max(...on.map((e) => max - emitValue(e, field))));
  const down = Math.min(EMIT_REACH, Math.max(...on.map((e) => emitValue(e, field) - min)));
  const out: number[] = [];
  for (let v = -down; v <= up; v++) out.push(v);
  if (out.length < 2) return [];
  return field === 'every' ? out.reverse() : out;
}

/**
 * The game changes of these settings: each emitter on the board whose `every` or `count` the emitter
 * levers move, old → new, kept within RULES §12.1's range (empty when they move nothing).
 */
export function emitChanges(level: LevelT, s: Settings): EmitChange[] {
  const out: EmitChange[] = [];
  for (const [lever, field] of Object.entries(EMIT_LEVER_FIELD) as [keyof typeof EMIT_LEVER_FIELD, EmitField][]) {
    if (!s[lever]) continue;
    for (const e of emitterTargets(level, field)) {
      const from = emitValue(e, field);
      const to = clamp(from + s[lever], EMIT_RANGES[field].min, EMIT_RANGES[field].max);
      if (to !== from) out.push({ element: e.id, name: e.name ?? e.id, field, from, to });
    }
  }
  return out;
}

/** A game change's arguments, named per element as adjust_difficulty names the countdown's: `<id>_every`, `<id>_count` (new values). */
export function emitArgs(changes: readonly EmitChange[]): Record<string, number> {
  return Object.fromEntries(changes.map((c) => [`${c.element}_${c.field}`, c.to]));
}

/**
 * The countdown lever's values, easiest first (most moves added first): from the most that raises some
 * painted piece (up to its element's countdown) to the most that lowers some (down to 1), at most
 * COUNTDOWN_REACH each way. Empty when the board has no painted piece that counts down.
 */
function countdownValues(level: LevelT): number[] {
  const on = countdownTargets(level);
  if (!on.length) return [];
  const up = Math.min(COUNTDOWN_REACH, Math.max(...on.flatMap((t) => t.countdowns.map((c) => t.element.countdown! - c))));
  const down = Math.min(COUNTDOWN_REACH, Math.max(...on.flatMap((t) => t.countdowns.map((c) => c - 1))));
  const out: number[] = [];
  for (let v = up; v >= -down; v--) out.push(v);
  return out.length > 1 ? out : [];
}

/** A blocker lever's values: layers/hp within what its elements on the board allow, or quarters of its covers removed. */
function blockerValues(level: LevelT, lever: BlockerLever): number[] {
  const on = leverTargets(level, lever);
  if (!on.length) return [];
  if (BLOCKER_LEVER_KINDS[lever].several) return span(reach(on));
  // an objective to clear one of these covers keeps at least some of them to clear
  const covers = new Set(on.map((t) => t.element.id));
  const keepSome = level.objectives.some((o) => (o.type === 'clear_cover' && covers.has(o.cover)) || (o.type === 'clear' && covers.has(o.element)));
  return keepSome ? [-3, -2, -1, 0] : [-4, -3, -2, -1, 0];
}

/** The adjust_difficulty arguments that turn `level` into the level with these settings (only what changes). */
export function leverArgs(level: LevelT, s: Settings): Record<string, number> {
  const a: Record<string, number> = {};
  if (s.moves !== level.moves) a.moves = s.moves;
  if (s.colors !== level.colors) a.colors = s.colors;
  for (const lever of BLOCKER_LEVER_ORDER) {
    if (!s[lever]) continue;
    for (const t of leverTargets(level, lever))
      // each element within its own range: a lever of ±2 turns a two-layer element by ±1
      if (BLOCKER_LEVER_KINDS[lever].several) a[paramOf(lever, t.element)] = clamp(s[lever], 1 - hpOf(t.element), hpOf(t.element) - 1);
      else a[`${t.element.id}s_removed`] = -s[lever] / 4;
  }
  if (s.objective_counts !== 1) a.objective_scale = s.objective_counts;
  if (s.spawn_chance !== 1) a.spawn_chance_scale = s.spawn_chance;
  if (s.spawn_total !== 1) a.spawn_total_scale = s.spawn_total;
  if (s.countdown) for (const t of countdownTargets(level)) a[`${t.element.id}_countdown`] = s.countdown;
  return a;
}

export interface Change {
  lever: Lever;
  from: number;
  to: number;
  text: string;
  /** The element an emitter lever's change is of (the game's: from → to are its `every` or `count`). */
  element?: string;
}

/** Old → new per lever, in words a designer reads. */
export function describeChanges(level: LevelT, s: Settings): Change[] {
  const out: Change[] = [];
  const signed = (v: number) => (v > 0 ? `+${v}` : String(v));
  if (s.moves !== level.moves) out.push({ lever: 'moves', from: level.moves, to: s.moves, text: `moves ${level.moves} → ${s.moves}` });
  if (s.colors !== level.colors) out.push({ lever: 'colors', from: level.colors, to: s.colors, text: `colours ${level.colors} → ${s.colors}` });
  for (const lever of BLOCKER_LEVER_ORDER) if (s[lever]) out.push(blockerChange(level, lever, s[lever]));
  if (s.objective_counts !== 1)
    out.push({ lever: 'objective_counts', from: 1, to: s.objective_counts, text: `collect counts and score targets ×${s.objective_counts}` });
  if (s.spawn_chance !== 1) out.push({ lever: 'spawn_chance', from: 1, to: s.spawn_chance, text: `spawn chances ×${s.spawn_chance}` });
  if (s.spawn_total !== 1) out.push({ lever: 'spawn_total', from: 1, to: s.spawn_total, text: `spawn totals ×${s.spawn_total}` });
  if (s.countdown) {
    const on = countdownTargets(level).map((t) => t.element);
    out.push({ lever: 'countdown', from: 0, to: s.countdown, text: `${leverIds(on)} countdown ${signed(s.countdown)} moves on every painted ${leverIds(on)}` });
  }
  // a game change: one per emitter and field, old → new, said as the game's
  for (const c of emitChanges(level, s))
    out.push({ lever: c.field === 'every' ? 'emit_every' : 'emit_count', from: c.from, to: c.to, element: c.element, text: `${c.element} emit ${c.field} ${c.from} → ${c.to}${c.field === 'every' ? ' moves' : ''} (a change to the game)` });
  return out;
}

/** A blocker lever's change in words, by its unit: "ice layers +1 on every ice cell", "crate hit points -1", "chains 12 → 6". */
function blockerChange(level: LevelT, lever: BlockerLever, v: number): Change {
  const on = leverTargets(level, lever);
  const signed = (x: number) => (x > 0 ? `+${x}` : String(x));
  switch (BLOCKER_LEVER_KINDS[lever].unit) {
    case 'layers':
      return { lever, from: 0, to: v, text: `${ids(on)} layers ${signed(v)} on every ${ids(on)} cell` };
    case 'hp':
      return { lever, from: 0, to: v, text: `${ids(on)} hit points ${signed(v)}` };
    case 'removed': {
      // as adjust_difficulty takes them: the share of each cover's cells, rounded per cover
      const total = on.reduce((n, t) => n + t.cells, 0);
      const left = total - on.reduce((n, t) => n + Math.round((-v / 4) * t.cells), 0);
      return { lever, from: total, to: left, text: `${ids(on, 's')} ${total} → ${left}` };
    }
  }
}
