// adjust_difficulty: the levers tuning moves, as one plain edit (so a tuning result is one intent that
// undo, redo and review replay exactly). Layer changes apply to what the board already has.
import * as z from 'zod/mini';
import { canonicalCell, type CellT, type LevelT } from '../level/index.ts';
import { LIMITS } from '../facts.ts';
import { GAME_LIMITS } from '../game/types.ts';

/** A tuned spawn entry keeps a chance above 0 (two decimals) and a total the level format allows. */
const SPAWN_LIMITS = { chance: { min: 0.01, max: 1 }, total: GAME_LIMITS.spawnTotal } as const;
import { coerceNumber, toolBody, int, ratio, ToolError, described, preprocess } from './define.ts';
import { DEFAULT_GAME, elementsOn, hpOf } from './elements.ts';
import { gameOf } from '../game/known.ts';
import { countdownElements } from '../game/levers.ts';
import type { GameDef, Layer } from '../game/types.ts';

export const OBJECTIVE_SCALE = { min: 0.25, max: 4 } as const;
export const SPAWN_SCALE = { min: 0.25, max: 4 } as const;

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

/** Cells under cover `id`, in reading order (top row first): the order in which a `<id>s_removed` lever takes them away. */
export function cellsWithCover(level: LevelT, id: string): { x: number; y: number }[] {
  const out: { x: number; y: number }[] = [];
  level.cells.forEach((row, y) => row.forEach((c, x) => c.cover?.type === id && out.push({ x, y })));
  return out;
}

/**
 * The element levers of a game, from its elements: a cover or ground of several layers gets
 * `<id>_layers` (added to each, kept within its range), a tile element of several hit points `<id>_hp`,
 * a cover of one layer `<id>s_removed` (the share of its cells uncovered, top rows first).
 */
export type ElementLever = { param: string; id: string; kind: 'layers' | 'hp' | 'removed'; layer: Layer; max: number };
export function elementLevers(g: GameDef): ElementLever[] {
  const several = (layer: Layer) => elementsOn(g, layer).filter((e) => hpOf(e) > 1);
  return [
    ...several('cover').map((e) => ({ param: `${e.id}_layers`, id: e.id, kind: 'layers' as const, layer: 'cover' as Layer, max: hpOf(e) })),
    ...several('ground').map((e) => ({ param: `${e.id}_layers`, id: e.id, kind: 'layers' as const, layer: 'ground' as Layer, max: hpOf(e) })),
    ...several('tile').map((e) => ({ param: `${e.id}_hp`, id: e.id, kind: 'hp' as const, layer: 'tile' as Layer, max: hpOf(e) })),
    ...elementsOn(g, 'cover').filter((e) => hpOf(e) === 1).map((e) => ({ param: `${e.id}s_removed`, id: e.id, kind: 'removed' as const, layer: 'cover' as Layer, max: 1 })),
  ];
}

function leverParam(l: ElementLever) {
  const d = l.max - 1;
  if (l.kind === 'removed') return ratio(`Share of the cells under ${l.id} whose ${l.id} is removed, top rows first (0..1)`);
  if (l.kind === 'hp') return int(-d, d, `Hit points added to (or taken from) every ${l.id}, kept within 1..${l.max}`);
  return int(-d, d, `Layers added to (or, negative, taken from) every ${l.id} ${l.layer}, kept within 1..${l.max}`);
}

const scaleParam = (range: { min: number; max: number }, description: string) =>
  described(
    preprocess(coerceNumber, z.number({ error: 'must be a number' }).check(z.gte(range.min, { error: `must be ${range.min}..${range.max}` }), z.lte(range.max, { error: `must be ${range.min}..${range.max}` }))),
    description,
  );

/** adjust_difficulty's parameters for a level of game `g`. */
export function adjustParamsFor(g: GameDef) {
  return z.object({
    moves: z.optional(int(LIMITS.moves.min, LIMITS.moves.max, `Move limit, ${LIMITS.moves.min}..${LIMITS.moves.max} (default: keep)`)),
    colors: z.optional(int(LIMITS.colors.min, LIMITS.colors.max, `Colours that spawn, ${LIMITS.colors.min}..${LIMITS.colors.max} (default: keep)`)),
    ...(Object.fromEntries(elementLevers(g).map((l) => [l.param, z.optional(leverParam(l))])) as Record<string, z.ZodMiniOptional<ReturnType<typeof int>>>),
    // a version 2 game's coloured elements that count down (RULES §12.1): none in the classic game
    ...(Object.fromEntries(countdownElements(g).map((e) => [`${e.id}_countdown`, z.optional(int(1 - e.countdown!, e.countdown! - 1, `Moves added to (or taken from) every painted ${e.id}'s countdown, kept within 1..${e.countdown}`))])) as Record<string, z.ZodMiniOptional<ReturnType<typeof int>>>),
    objective_scale: z.optional(scaleParam(OBJECTIVE_SCALE, 'Multiply collect counts and score targets by this factor (0.25..4, rounded, at least 1)')),
    spawn_chance_scale: z.optional(scaleParam(SPAWN_SCALE, "Multiply every spawn entry's chance by this factor (0.25..4; a chance stays within 0.01..1)")),
    spawn_total_scale: z.optional(scaleParam(SPAWN_SCALE, "Multiply every spawn entry's total by this factor (0.25..4, rounded, within 1..999)")),
  });
}

/** adjust_difficulty's arguments, whatever the game: the element levers by their parameter names. */
type AdjustArgs = { moves?: number; colors?: number; objective_scale?: number; spawn_chance_scale?: number; spawn_total_scale?: number } & Record<string, number | undefined>;

/** The built-in game's adjust_difficulty parameters (the tuning search builds its arguments). */
export const adjustParams = adjustParamsFor(DEFAULT_GAME);

function adjustCell(c: CellT, a: AdjustArgs, levers: readonly ElementLever[], uncover: ReadonlySet<string>): CellT {
  let cell = c;
  for (const l of levers) {
    const by = a[l.param];
    if (l.kind === 'removed') {
      if (uncover.has(l.id) && cell.cover?.type === l.id) cell = { ...cell, cover: null };
    } else if (by && l.kind === 'hp') {
      if (cell.tile === l.id) cell = { ...cell, hp: clamp((cell.hp ?? 1) + by, 1, l.max) };
    } else if (by) {
      const on = cell[l.layer as 'cover' | 'ground'];
      if (on?.type === l.id) cell = { ...cell, [l.layer]: { type: l.id, layers: clamp((on.layers ?? 1) + by, 1, l.max) } };
    }
  }
  return cell === c ? c : canonicalCell(cell);
}

/** A version 2 level's spawners and painted countdowns (RULES §12.1, §12.3), read structurally. */
type Spawners = { spawners?: { at: [number, number]; spawn: NonNullable<LevelT['spawn']> }[] };
type CountdownCell = CellT & { countdown?: number };

/** `<id>_countdown`: moves added to every painted piece's countdown, each within 1..its element's; the element's own is left implicit. */
function adjustCountdowns(level: LevelT, cells: CellT[][], a: AdjustArgs, parts: string[]): CellT[][] {
  const turned = countdownElements(gameOf(level)).filter((e) => a[`${e.id}_countdown`]);
  if (!turned.length) return cells;
  for (const e of turned) parts.push(`${e.id} countdowns ${a[`${e.id}_countdown`]! > 0 ? '+' : ''}${a[`${e.id}_countdown`]}`);
  return cells.map((row) =>
    row.map((c: CountdownCell) => {
      const e = turned.find((x) => x.id === c.tile);
      if (!e) return c;
      const to = clamp((c.countdown ?? e.countdown!) + a[`${e.id}_countdown`]!, 1, e.countdown!);
      const { countdown: _was, ...rest } = c;
      return (to === e.countdown ? rest : { ...rest, countdown: to }) as CellT;
    }),
  );
}

export const adjustDifficulty = toolBody({
  kind: 'edit',
  params: adjustParams,
  paramsFor: adjustParamsFor,
  apply: adjustLevers,
});

/** adjust_difficulty's work, for callers that build its arguments themselves (the tuning search). */
export function adjustLevers(level: LevelT, args: z.infer<typeof adjustParams>): { level: LevelT; summary: string } {
  const a = args as AdjustArgs;
  const parts: string[] = [];
  if (a.moves !== undefined && a.moves !== level.moves) parts.push(`moves ${level.moves} → ${a.moves}`);
  if (a.colors !== undefined && a.colors !== level.colors) parts.push(`colours ${level.colors} → ${a.colors}`);
  const levers = elementLevers(gameOf(level));
  // the first cells (reading order) under each single-layer cover a `removed` lever takes away
  const uncovered = new Map<string, Set<string>>();
  for (const l of levers) {
    const by = a[l.param];
    if (!by) continue;
    const signed = `${by > 0 ? '+' : ''}${by}`;
    if (l.kind === 'layers') parts.push(`${l.id} ${signed} layer${Math.abs(by) > 1 ? 's' : ''}`);
    else if (l.kind === 'hp') parts.push(`${l.id}s ${signed} hp`);
    else {
      const under = cellsWithCover(level, l.id);
      const taken = under.slice(0, Math.round(by * under.length));
      if (taken.length) {
        uncovered.set(l.id, new Set(taken.map((p) => `${p.x},${p.y}`)));
        parts.push(`${taken.length} of ${under.length} ${l.id}s removed`);
      }
    }
  }
  const cells = level.cells.map((row, y) =>
    row.map((c, x) => adjustCell(c, a, levers, new Set([...uncovered].filter(([, at]) => at.has(`${x},${y}`)).map(([id]) => id)))),
  );
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
  // a version 2 level's spawners (RULES §12.3) scale with the level's own entries
  let spawners = (level as Spawners).spawners;
  const fc = a.spawn_chance_scale ?? 1, ft = a.spawn_total_scale ?? 1;
  if (fc !== 1 || ft !== 1) {
    if (!level.spawn?.length && !spawners?.some((s) => s.spawn.length)) throw new ToolError('spawn_chance_scale, spawn_total_scale: the level has no spawn entries');
    const scale = (list: NonNullable<LevelT['spawn']>) => list.map((e) => ({
      ...e,
      chance: clamp(Math.round(e.chance * fc * 100) / 100, SPAWN_LIMITS.chance.min, SPAWN_LIMITS.chance.max),
      total: clamp(Math.round(e.total * ft), SPAWN_LIMITS.total.min, SPAWN_LIMITS.total.max),
    }));
    if (spawn) spawn = scale(spawn);
    if (spawners) spawners = spawners.map((s) => ({ ...s, spawn: scale(s.spawn) }));
    if (fc !== 1) parts.push(`spawn chances ×${fc}`);
    if (ft !== 1) parts.push(`spawn totals ×${ft}`);
  }
  const counted = adjustCountdowns(level, cells, a, parts);
  const next: LevelT = { ...level, moves: a.moves ?? level.moves, colors: a.colors ?? level.colors, cells: counted, objectives, ...(spawn ? { spawn } : {}), ...(spawners ? { spawners } : {}) };
  return { level: next, summary: parts.length ? `Difficulty levers: ${parts.join('; ')}.` : 'Difficulty levers: nothing to change.' };
}
