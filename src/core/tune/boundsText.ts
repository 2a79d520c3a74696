// Bounds in words ("moves 16–29, colours 3–5") for tune_level's result, the CLI and the log. Imports only
// the game model (on the first load already): the tool registry (first load) uses it, the bounds' logic
// (bounds.ts) loads with the search.
import type { Lever } from '../facts.ts';
import type { LevelT } from '../level/index.ts';
import { CLASSIC_GAME } from '../game/classic.ts';
import { gameOf } from '../game/known.ts';
import { BLOCKER_LEVER_KINDS, countdownElements, countdownTargets, emitterElements, emitterTargets, isBlockerLever, leverElements, leverIds, leverTargets, type BlockerLever, type LeverUnit } from '../game/levers.ts';
import type { ElementDef } from '../game/types.ts';

type Range = { from: number; to: number };
const signed = (v: number) => (v > 0 ? `+${v}` : String(v));

const UNIT: Record<Exclude<Lever, BlockerLever | 'countdown' | 'emit_every' | 'emit_count'>, (r: Range) => string> = {
  moves: (r) => `moves ${r.from}–${r.to}`,
  colors: (r) => `colours ${r.from}–${r.to}`,
  objective_counts: (r) => `objective counts ${r.from}–${r.to}%`,
  spawn_chance: (r) => `spawn chances ${r.from}–${r.to}%`,
  spawn_total: (r) => `spawn totals ${r.from}–${r.to}%`,
};

/** A blocker lever's bounds by the unit its kind counts in, after the names of the elements it turns. */
const BLOCKER_UNIT: Record<LeverUnit, (names: (plural?: string) => string, r: Range) => string> = {
  layers: (n, r) => `${n()} layers ${signed(r.from)}…${signed(r.to)}`,
  hp: (n, r) => `${n()} hit points ${signed(r.from)}…${signed(r.to)}`,
  removed: (n, r) => `${n('s')} removed ${r.from}–${r.to}%`,
};

/**
 * The elements `lever` names on `level`: those it turns on the board, else those of the level's game it
 * may turn; without a level, the classic game's. Empty when the game has none (or is not known).
 */
function leverNamed(level: LevelT | undefined, lever: BlockerLever): ElementDef[] {
  if (!level) return leverElements(CLASSIC_GAME, lever);
  try {
    const on = leverTargets(level, lever);
    return on.length ? on.map((t) => t.element) : leverElements(gameOf(level), lever);
  } catch {
    return []; // a level whose game is not known here: the layer's generic words
  }
}

function blockerText(level: LevelT | undefined, lever: BlockerLever, r: Range): string {
  const { layer, unit } = BLOCKER_LEVER_KINDS[lever];
  const on = leverNamed(level, lever);
  const names = (plural = '') => (on.length ? leverIds(on, plural) : layer + plural);
  return BLOCKER_UNIT[unit](names, r);
}

/** The countdown lever's bounds after the elements it turns on the level ("candy_bomb countdown -2…+2 moves"). */
function countdownText(level: LevelT | undefined, r: Range): string {
  let on: ElementDef[] = [];
  try {
    on = level ? countdownTargets(level).map((t) => t.element) : [];
    if (level && !on.length) on = countdownElements(gameOf(level));
  } catch {
    // a level whose game is not known here: the generic words
  }
  return `${on.length ? `${leverIds(on)} countdown` : 'countdowns'} ${signed(r.from)}…${signed(r.to)} moves`;
}

/** An emitter lever's bounds after the emitters it turns on the level ("mixer emit every -2…+2 moves"). */
function emitText(level: LevelT | undefined, lever: 'emit_every' | 'emit_count', r: Range): string {
  const field = lever === 'emit_every' ? 'every' : 'count';
  let on: ElementDef[] = [];
  try {
    on = level ? emitterTargets(level, field) : [];
    if (level && !on.length) on = emitterElements(gameOf(level), field);
  } catch {
    // a level whose game is not known here: the generic words
  }
  const who = on.length ? `${leverIds(on)} ` : 'emitters ';
  return field === 'every' ? `${who}emit every ${signed(r.from)}…${signed(r.to)} moves` : `${who}emit count ${signed(r.from)}…${signed(r.to)}`;
}

const leverText = (level: LevelT | undefined, l: Lever, r: Range): string =>
  isBlockerLever(l) ? blockerText(level, l, r) : l === 'countdown' ? countdownText(level, r) : l === 'emit_every' || l === 'emit_count' ? emitText(level, l, r) : UNIT[l](r);

/**
 * The bounds of `levers` in English. With the level tuned, a blocker lever names the elements it turns in
 * that level's game ("meringue hit points -1…+1"); a classic level (or none) reads "crate hit points -1…+1".
 */
export function boundsText(b: Partial<Record<Lever, Range>>, levers: readonly Lever[], level?: LevelT): string {
  return levers.flatMap((l) => (b[l] ? [leverText(level, l, b[l]!)] : [])).join(', ');
}
