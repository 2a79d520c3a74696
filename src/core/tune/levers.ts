// The levers tuning may turn, each as an ordered list of settings from easiest to hardest, and how a
// choice of settings becomes one adjust_difficulty intent. Pure: no simulation here.
import { COLORS, cellCounts, type LevelT } from '../level/index.ts';
import { LIMITS, type Lever } from '../facts.ts';
import { cellsWithCover } from '../tools/difficulty.ts';

const chainedCells = (level: LevelT) => cellsWithCover(level, 'chain');

/** One value per lever; the neutral setting (0, or the level's own value) changes nothing. */
export interface Settings {
  moves: number;
  colors: number;
  ice: number;
  jelly: number;
  crates: number;
  /** Quarters of the chains removed, as a negative number (−4 = all removed … 0 = none): higher is harder. */
  chains: number;
  objective_counts: number;
  /** Factors on every spawn entry's chance and total (1 = as the level has them). */
  spawn_chance: number;
  spawn_total: number;
}

export const OBJECTIVE_SCALES = [0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2] as const;
/** Factors a spawn lever takes, fewest spawns first. */
export const SPAWN_SCALES = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

/**
 * Whether more spawns make the level easier: every spawned element is one an objective wants
 * brought down or collected (items, pieces to collect). Else spawns are obstacles: more is harder.
 */
export function spawnsHelp(level: LevelT): boolean {
  const wanted = new Set(level.objectives.flatMap((o) => ((o.type === 'bring_down' || o.type === 'collect') && o.element !== undefined ? [o.element] : [])));
  return (level.spawn ?? []).every((s) => wanted.has(s.element));
}

export function neutralSettings(level: LevelT): Settings {
  return { moves: level.moves, colors: level.colors, ice: 0, jelly: 0, crates: 0, chains: 0, objective_counts: 1, spawn_chance: 1, spawn_total: 1 };
}

/**
 * The values a lever can take on this level, easiest first (empty when the level has nothing for it
 * to act on, e.g. ice on a board without ice). Moves are fitted from the win-rate curve instead.
 */
export function leverValues(level: LevelT, lever: Exclude<Lever, 'moves'>): number[] {
  const n = cellCounts(level);
  switch (lever) {
    case 'colors': {
      // fewer colours than a collect objective needs would make it unmeetable
      const needed = Math.max(LIMITS.colors.min, ...level.objectives.map((o) => (o.type === 'collect' && o.color !== undefined ? COLORS.indexOf(o.color) + 1 : 0)));
      const out: number[] = [];
      for (let c = needed; c <= LIMITS.colors.max; c++) out.push(c);
      return out;
    }
    case 'ice':
      return n.ice ? [-2, -1, 0, 1, 2] : [];
    case 'jelly':
      return n.jelly ? [-1, 0, 1] : [];
    case 'crates':
      return n.crates ? [-2, -1, 0, 1, 2] : [];
    case 'chains': {
      if (!chainedCells(level).length) return [];
      // a clear-chains objective keeps at least some chains to clear
      const keepSome = level.objectives.some((o) => o.type === 'clear_cover' && o.cover === 'chain');
      return keepSome ? [-3, -2, -1, 0] : [-4, -3, -2, -1, 0];
    }
    case 'objective_counts':
      return level.objectives.some((o) => o.type === 'collect' || o.type === 'score') ? [...OBJECTIVE_SCALES] : [];
    case 'spawn_chance':
    case 'spawn_total': {
      if (!level.spawn?.length) return [];
      // a chance is at most 1: with every chance at 1 already, no factor above 1 changes anything
      const canRise = lever === 'spawn_total' || level.spawn.some((s) => s.chance < 1);
      const scales = SPAWN_SCALES.filter((f) => f <= 1 || canRise);
      return spawnsHelp(level) ? [...scales].reverse() : [...scales];
    }
  }
}

/** The adjust_difficulty arguments that turn `level` into the level with these settings (only what changes). */
export function leverArgs(level: LevelT, s: Settings): Record<string, number> {
  const a: Record<string, number> = {};
  if (s.moves !== level.moves) a.moves = s.moves;
  if (s.colors !== level.colors) a.colors = s.colors;
  if (s.ice) a.ice_layers = s.ice;
  if (s.jelly) a.jelly_layers = s.jelly;
  if (s.crates) a.crate_hp = s.crates;
  if (s.chains) a.chains_removed = -s.chains / 4;
  if (s.objective_counts !== 1) a.objective_scale = s.objective_counts;
  if (s.spawn_chance !== 1) a.spawn_chance_scale = s.spawn_chance;
  if (s.spawn_total !== 1) a.spawn_total_scale = s.spawn_total;
  return a;
}

export interface Change {
  lever: Lever;
  from: number;
  to: number;
  text: string;
}

/** Old → new per lever, in words a designer reads. */
export function describeChanges(level: LevelT, s: Settings): Change[] {
  const out: Change[] = [];
  const signed = (v: number) => (v > 0 ? `+${v}` : String(v));
  if (s.moves !== level.moves) out.push({ lever: 'moves', from: level.moves, to: s.moves, text: `moves ${level.moves} → ${s.moves}` });
  if (s.colors !== level.colors) out.push({ lever: 'colors', from: level.colors, to: s.colors, text: `colours ${level.colors} → ${s.colors}` });
  if (s.ice) out.push({ lever: 'ice', from: 0, to: s.ice, text: `ice layers ${signed(s.ice)} on every ice cell` });
  if (s.jelly) out.push({ lever: 'jelly', from: 0, to: s.jelly, text: `jelly layers ${signed(s.jelly)} on every jelly cell` });
  if (s.crates) out.push({ lever: 'crates', from: 0, to: s.crates, text: `crate hit points ${signed(s.crates)}` });
  if (s.chains) {
    const total = chainedCells(level).length;
    out.push({ lever: 'chains', from: total, to: total - Math.round((-s.chains / 4) * total), text: `chains ${total} → ${total - Math.round((-s.chains / 4) * total)}` });
  }
  if (s.objective_counts !== 1)
    out.push({ lever: 'objective_counts', from: 1, to: s.objective_counts, text: `collect counts and score targets ×${s.objective_counts}` });
  if (s.spawn_chance !== 1) out.push({ lever: 'spawn_chance', from: 1, to: s.spawn_chance, text: `spawn chances ×${s.spawn_chance}` });
  if (s.spawn_total !== 1) out.push({ lever: 'spawn_total', from: 1, to: s.spawn_total, text: `spawn totals ×${s.spawn_total}` });
  return out;
}
