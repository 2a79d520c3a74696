// Which of a game's elements tune_level's blocker levers turn (RULES §11, docs/games.md "Tuning a level
// of your game"). Chosen by element data — layer, hit points, damage — never by name, so the classic
// game's four blockers are found exactly as any game's elements are:
//   ice     every cover of several layers that some event damages: layers added or taken off
//   jelly   every ground of several layers that some event damages: layers added or taken off
//   crates  every tile element of several hit points that some event damages (not an item): hp added or taken off
//   chains  every cover of one layer: a share of the cells under it uncovered, top rows first
// and, for a version 2 game (RULES §12), by the same kind of data:
//   countdown  every coloured tile element with a countdown: moves added to or taken off the countdowns
//              painted on the level's cells (a spawned piece enters with its element's countdown, a game
//              field tune_level does not change)
// The lever names are the tuning's own (the dialog, the CLI, tune_level's arguments) and stay the same in
// every game; what each one turns on a level is the list below.
import { elementsOn, hpOf } from './elements.ts';
import { gameOf } from './known.ts';
import { BLOCKER_LEVERS, DEFAULT_DAMAGE, type BlockerLever, type ElementDef, type GameDef, type Layer } from './types.ts';
import type { LevelT } from '../level/index.ts';

// (the ids themselves are in types.ts, so facts.ts's LEVERS reads them without this module)
export { BLOCKER_LEVERS, type BlockerLever } from './types.ts';

/** What a blocker lever's value counts: layers or hit points added (+) or taken off (−), or the percent of one-layer covers removed. */
export type LeverUnit = 'layers' | 'hp' | 'removed';
type Range = { from: number; to: number };

/**
 * Per blocker lever: the layer it reaches, whether it changes layers/hp (`several`) or removes one-layer
 * covers, the unit of its value, and a pack tune's default bounds (`pack`) and the most those may be
 * set to (`packLimits`), in that unit (src/core/tune/bounds.ts reads them).
 */
export const BLOCKER_LEVER_KINDS: Record<BlockerLever, { layer: Layer; several: boolean; unit: LeverUnit; pack: Range; packLimits: Range }> = {
  ice: { layer: 'cover', several: true, unit: 'layers', pack: { from: -1, to: 1 }, packLimits: { from: -2, to: 2 } },
  chains: { layer: 'cover', several: false, unit: 'removed', pack: { from: 0, to: 25 }, packLimits: { from: 0, to: 100 } },
  jelly: { layer: 'ground', several: true, unit: 'layers', pack: { from: -1, to: 1 }, packLimits: { from: -1, to: 1 } },
  crates: { layer: 'tile', several: true, unit: 'hp', pack: { from: -1, to: 1 }, packLimits: { from: -2, to: 2 } },
};

/** Whether a lever id is a blocker lever's. */
export const isBlockerLever = (l: string): l is BlockerLever => (BLOCKER_LEVERS as readonly string[]).includes(l);

/** The blocker levers that change layers or hit points, then those that remove covers (the order changes are listed in). */
export const SEVERAL_LEVERS: readonly BlockerLever[] = BLOCKER_LEVERS.filter((l) => BLOCKER_LEVER_KINDS[l].several);
export const BLOCKER_LEVER_ORDER: readonly BlockerLever[] = [...SEVERAL_LEVERS, ...BLOCKER_LEVERS.filter((l) => !BLOCKER_LEVER_KINDS[l].several)];

/** Whether some event takes a hit or a layer off the element (an item takes none, whatever its list says). */
export function damageable(e: ElementDef): boolean {
  return !e.exit && (e.damage ?? DEFAULT_DAMAGE[e.layer]).length > 0;
}

/** The elements of game `g` that `lever` turns, in the definition's order. */
export function leverElements(g: GameDef, lever: BlockerLever): ElementDef[] {
  const { layer, several } = BLOCKER_LEVER_KINDS[lever];
  return elementsOn(g, layer).filter((e) => (several ? hpOf(e) > 1 && damageable(e) : hpOf(e) === 1));
}

/**
 * The elements a blocker lever turns that this level's board holds, each with how many cells hold it
 * (leverElements says which elements of the level's game each lever reaches).
 */
export function leverTargets(level: LevelT, lever: BlockerLever): { element: ElementDef; cells: number }[] {
  const { layer } = BLOCKER_LEVER_KINDS[lever];
  const list = leverElements(gameOf(level), lever);
  if (!list.length) return [];
  const count = new Map(list.map((e) => [e.id, 0]));
  for (const row of level.cells)
    for (const c of row) {
      const id = layer === 'tile' ? c.tile : c[layer]?.type;
      const n = id === undefined ? undefined : count.get(id);
      if (n !== undefined) count.set(id!, n + 1);
    }
  return list.filter((e) => count.get(e.id)! > 0).map((e) => ({ element: e, cells: count.get(e.id)! }));
}

/** `a`, `a and b`, `a, b and c`: the element ids a tuning's English names (with `plural` after each, "chains"). */
export function leverIds(on: readonly { id: string }[], plural = ''): string {
  const list = on.map((e) => e.id + plural);
  return list.length <= 1 ? list.join('') : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
}

/** The coloured elements of game `g` that count down (RULES §12.1), in the definition's order: what the countdown lever turns. */
export function countdownElements(g: GameDef): ElementDef[] {
  return g.elements.filter((e) => e.layer === 'tile' && e.colored === true && e.countdown !== undefined);
}

/** A cell as the countdown lever reads it: a painted coloured piece may set its own countdown (RULES §12.1). */
type CountdownCell = { tile?: string; countdown?: number };

/**
 * The countdown elements painted on this level's board, each with the countdowns its pieces start
 * with (a cell's own, else the element's), in reading order.
 */
export function countdownTargets(level: LevelT): { element: ElementDef; countdowns: number[] }[] {
  const list = countdownElements(gameOf(level));
  if (!list.length) return [];
  const by = new Map(list.map((e) => [e.id, [] as number[]]));
  for (const row of level.cells)
    for (const c of row as CountdownCell[]) {
      const e = c.tile === undefined ? undefined : list.find((x) => x.id === c.tile);
      if (e) by.get(e.id)!.push(c.countdown ?? e.countdown!);
    }
  return list.filter((e) => by.get(e.id)!.length > 0).map((e) => ({ element: e, countdowns: by.get(e.id)! }));
}

/** Which emitter field a lever turns (RULES §12.1's `emit.every`, `emit.count`), and its valid range. */
export type EmitField = 'every' | 'count';
export const EMIT_RANGES: Record<EmitField, { min: number; max: number }> = { every: { min: 1, max: 20 }, count: { min: 1, max: 5 } };

/**
 * The emitters of game `g` whose `field` a tuning may turn, in the definition's order: every emitter for
 * `count`, those that emit every N moves (`when: "every"`) for `every` (a quiet emitter has no `every`).
 */
export function emitterElements(g: GameDef, field: EmitField): ElementDef[] {
  return g.elements.filter((e) => e.emit !== undefined && (field === 'count' || e.emit.when === 'every'));
}

/** An emitter's value of `field` as the engine plays it (count 1 when left out). */
export const emitValue = (e: ElementDef, field: EmitField): number => (field === 'every' ? e.emit!.every ?? 1 : e.emit!.count ?? 1);

/** The emitters of `field` that this level's board holds (a piece painted on some cell), in the definition's order. */
export function emitterTargets(level: LevelT, field: EmitField): ElementDef[] {
  const list = emitterElements(gameOf(level), field);
  if (!list.length) return [];
  const on = new Set(level.cells.flatMap((row) => row.map((c) => c.tile)));
  return list.filter((e) => on.has(e.id as never));
}

/** One emitter field a tuning changes: a game change (RULES §12.1's fields belong to the game, not the level). */
export interface EmitChange {
  element: string;
  /** The element's name as the designer wrote it (its id when it has none). */
  name: string;
  field: EmitField;
  from: number;
  to: number;
}

/** Game `g` with the emitter changes made (each element's `emit` with the new `every` or `count`). */
export function withEmitChanges(g: GameDef, changes: readonly EmitChange[]): GameDef {
  if (!changes.length) return g;
  return {
    ...g,
    elements: g.elements.map((e) => {
      const mine = changes.filter((c) => c.element === e.id);
      if (!mine.length || !e.emit) return e;
      const emit = { ...e.emit };
      for (const c of mine) emit[c.field] = c.to;
      return { ...e, emit };
    }),
  };
}
