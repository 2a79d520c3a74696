// adjust_difficulty: the levers tuning moves, as one plain edit (so a tuning result is one intent that
// undo, redo and review replay exactly). This entry holds its name and parameters; the work on the
// level is adjust.ts, loaded on first use.
import { ADJUST_DIFFICULTY } from './heads.ts';
import * as z from 'zod/mini';
import { LIMITS } from '../facts.ts';
import { coerceNumber, defineTool, int, onFirstUse, ratio, described, preprocess } from './define.ts';
import { DEFAULT_GAME, elementsOn, hpOf } from './elements.ts';
import type { GameDef, Layer } from '../game/types.ts';

export const OBJECTIVE_SCALE = { min: 0.25, max: 4 } as const;
export const SPAWN_SCALE = { min: 0.25, max: 4 } as const;

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
    objective_scale: z.optional(scaleParam(OBJECTIVE_SCALE, 'Multiply collect counts and score targets by this factor (0.25..4, rounded, at least 1)')),
    spawn_chance_scale: z.optional(scaleParam(SPAWN_SCALE, "Multiply every spawn entry's chance by this factor (0.25..4; a chance stays within 0.01..1)")),
    spawn_total_scale: z.optional(scaleParam(SPAWN_SCALE, "Multiply every spawn entry's total by this factor (0.25..4, rounded, within 1..999)")),
  });
}

/** adjust_difficulty's arguments, whatever the game: the element levers by their parameter names. */
export type AdjustArgs = { moves?: number; colors?: number; objective_scale?: number; spawn_chance_scale?: number; spawn_total_scale?: number } & Record<string, number | undefined>;

/** The built-in game's adjust_difficulty parameters (the tuning search builds its arguments). */
export const adjustParams = adjustParamsFor(DEFAULT_GAME);

/** The levers' work on a level (adjust.ts): loaded by the first adjustment or tuning, not with the page (docs/performance.md, "First load"). */
const adjustCode = onFirstUse(() => import('./adjust.ts'));

export const adjustDifficulty = defineTool({
  name: ADJUST_DIFFICULTY.name,
  kind: 'edit',
  description: ADJUST_DIFFICULTY.description,
  params: adjustParams,
  paramsFor: adjustParamsFor,
  load: adjustCode.load,
  apply: (level, a) => adjustCode.get().adjustLevers(level, a),
});

