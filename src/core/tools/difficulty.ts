// adjust_difficulty: the levers tuning moves, as one plain edit (so a tuning result is one intent that
// undo, redo and review replay exactly). Layer changes apply to what the board already has.
import * as z from 'zod/mini';
import { canonicalCell, type CellT, type LevelT } from '../level/index.ts';
import { LIMITS } from '../facts.ts';
import { GAME_LIMITS } from '../game/types.ts';

/** A tuned spawn entry keeps a chance above 0 (two decimals) and a total the level format allows. */
const SPAWN_LIMITS = { chance: { min: 0.01, max: 1 }, total: GAME_LIMITS.spawnTotal } as const;
import { coerceNumber, defineTool, int, ratio, ToolError, described, preprocess } from './define.ts';

export const OBJECTIVE_SCALE = { min: 0.25, max: 4 } as const;
export const SPAWN_SCALE = { min: 0.25, max: 4 } as const;

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

/** Chained cells in reading order (top row first): the order in which chains_removed takes them away. */
export function chainedCells(level: LevelT): { x: number; y: number }[] {
  const out: { x: number; y: number }[] = [];
  level.cells.forEach((row, y) => row.forEach((c, x) => c.cover?.type === 'chain' && out.push({ x, y })));
  return out;
}

export const adjustParams = z.object({
  moves: z.optional(int(LIMITS.moves.min, LIMITS.moves.max, `Move limit, ${LIMITS.moves.min}..${LIMITS.moves.max} (default: keep)`)),
  colors: z.optional(int(LIMITS.colors.min, LIMITS.colors.max, `Colours that spawn, ${LIMITS.colors.min}..${LIMITS.colors.max} (default: keep)`)),
  ice_layers: z.optional(int(-2, 2, 'Layers added to (or, negative, taken from) every ice cover, kept within 1..3')),
  jelly_layers: z.optional(int(-1, 1, 'Layers added to (or taken from) every jelly, kept within 1..2')),
  crate_hp: z.optional(int(-2, 2, 'Hit points added to (or taken from) every crate, kept within 1..3')),
  chains_removed: z.optional(ratio('Share of the chained cells whose chain is removed, top rows first (0..1)')),
  objective_scale: z.optional(
    described(
      preprocess(coerceNumber, z.number({ error: 'must be a number' }).check(z.gte(OBJECTIVE_SCALE.min, { error: 'must be 0.25..4' }), z.lte(OBJECTIVE_SCALE.max, { error: 'must be 0.25..4' }))),
      'Multiply collect counts and score targets by this factor (0.25..4, rounded, at least 1)',
    ),
  ),
  spawn_chance_scale: z.optional(
    described(
      preprocess(coerceNumber, z.number({ error: 'must be a number' }).check(z.gte(SPAWN_SCALE.min, { error: 'must be 0.25..4' }), z.lte(SPAWN_SCALE.max, { error: 'must be 0.25..4' }))),
      "Multiply every spawn entry's chance by this factor (0.25..4; a chance stays within 0.01..1)",
    ),
  ),
  spawn_total_scale: z.optional(
    described(
      preprocess(coerceNumber, z.number({ error: 'must be a number' }).check(z.gte(SPAWN_SCALE.min, { error: 'must be 0.25..4' }), z.lte(SPAWN_SCALE.max, { error: 'must be 0.25..4' }))),
      "Multiply every spawn entry's total by this factor (0.25..4, rounded, within 1..999)",
    ),
  ),
});

function adjustCell(c: CellT, a: z.infer<typeof adjustParams>, unchain: boolean): CellT {
  let cell = c;
  if (a.ice_layers && cell.cover?.type === 'ice')
    cell = { ...cell, cover: { type: 'ice', layers: clamp((cell.cover.layers ?? 1) + a.ice_layers, LIMITS.ice.min, LIMITS.ice.max) } };
  if (unchain) cell = { ...cell, cover: null };
  if (a.jelly_layers && cell.ground)
    cell = { ...cell, ground: { type: 'jelly', layers: clamp((cell.ground.layers ?? 1) + a.jelly_layers, LIMITS.jelly.min, LIMITS.jelly.max) } };
  if (a.crate_hp && cell.tile === 'crate') cell = { ...cell, hp: clamp((cell.hp ?? 1) + a.crate_hp, LIMITS.hp.min, LIMITS.hp.max) };
  return cell === c ? c : canonicalCell(cell);
}

export const adjustDifficulty = defineTool({
  name: 'adjust_difficulty',
  kind: 'edit',
  description: 'Turn several difficulty levers in one step.',
  params: adjustParams,
  apply: adjustLevers,
});

/** adjust_difficulty's work, for callers that build its arguments themselves (the tuning search). */
export function adjustLevers(level: LevelT, a: z.infer<typeof adjustParams>): { level: LevelT; summary: string } {
  const parts: string[] = [];
  const chained = chainedCells(level);
  const unchain = new Set(chained.slice(0, Math.round((a.chains_removed ?? 0) * chained.length)).map((p) => `${p.x},${p.y}`));
  const cells = level.cells.map((row, y) => row.map((c, x) => adjustCell(c, a, unchain.has(`${x},${y}`))));
  if (a.moves !== undefined && a.moves !== level.moves) parts.push(`moves ${level.moves} → ${a.moves}`);
  if (a.colors !== undefined && a.colors !== level.colors) parts.push(`colours ${level.colors} → ${a.colors}`);
  if (a.ice_layers) parts.push(`ice ${a.ice_layers > 0 ? '+' : ''}${a.ice_layers} layer${Math.abs(a.ice_layers) > 1 ? 's' : ''}`);
  if (a.jelly_layers) parts.push(`jelly ${a.jelly_layers > 0 ? '+' : ''}${a.jelly_layers} layer`);
  if (a.crate_hp) parts.push(`crates ${a.crate_hp > 0 ? '+' : ''}${a.crate_hp} hp`);
  if (unchain.size) parts.push(`${unchain.size} of ${chained.length} chains removed`);
  let objectives = level.objectives;
  if (a.objective_scale !== undefined && a.objective_scale !== 1) {
    const f = a.objective_scale;
    objectives = level.objectives.map((o) => {
      if (o.type === 'collect') return { ...o, count: clamp(Math.round(o.count * f), LIMITS.collectCount.min, LIMITS.collectCount.max) };
      if (o.type === 'score') return { ...o, target: clamp(Math.round((o.target * f) / 10) * 10, LIMITS.scoreTarget.min, LIMITS.scoreTarget.max) };
      return o;
    });
    if (objectives.every((o, i) => o === level.objectives[i])) throw new ToolError('objective_scale: the level has no collect or score objective to scale');
    parts.push(`objective counts ×${f}`);
  }
  let spawn = level.spawn;
  const fc = a.spawn_chance_scale ?? 1, ft = a.spawn_total_scale ?? 1;
  if (fc !== 1 || ft !== 1) {
    if (!level.spawn?.length) throw new ToolError('spawn_chance_scale, spawn_total_scale: the level has no spawn entries');
    spawn = level.spawn.map((e) => ({
      ...e,
      chance: clamp(Math.round(e.chance * fc * 100) / 100, SPAWN_LIMITS.chance.min, SPAWN_LIMITS.chance.max),
      total: clamp(Math.round(e.total * ft), SPAWN_LIMITS.total.min, SPAWN_LIMITS.total.max),
    }));
    if (fc !== 1) parts.push(`spawn chances ×${fc}`);
    if (ft !== 1) parts.push(`spawn totals ×${ft}`);
  }
  const next: LevelT = { ...level, moves: a.moves ?? level.moves, colors: a.colors ?? level.colors, cells, objectives, ...(spawn ? { spawn } : {}) };
  return { level: next, summary: parts.length ? `Difficulty levers: ${parts.join('; ')}.` : 'Difficulty levers: nothing to change.' };
}
