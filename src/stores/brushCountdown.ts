// A coloured piece's own countdown on the tile brush (RULES §12.1: a painted piece may set `countdown`
// 1..its element's, default the element's). The palette's countdown field (CountdownField.svelte, loaded
// with the first brush of a coloured element that counts down) reads and sets it here; the value holds a
// countdown only where it is not the element's, so a painted file stays minimal (brush.ts paints it).
import { elementOf } from '../core/game/elements.ts';
import type { GameDef } from '../core/game/types.ts';
import type { ProblemDetail } from '../core/level/basics.ts';
import { countdownProblem } from '../core/level/countdown.ts';
import type { BrushValue } from './brush.ts';

/** The countdown a brush paints and its most (the element's), or null where the brush paints none. */
export function brushCountdown(v: BrushValue, game: GameDef): { n: number; max: number } | null {
  if (v.layer !== 'tile' || v.color === undefined) return null;
  const max = elementOf(game, v.tile)?.countdown;
  return max === undefined ? null : { n: v.countdown ?? max, max };
}

/**
 * The brush with countdown `n`, or the level model's refusal of it (the field says it in its words):
 * `n` outside 1..the element's countdown, or an element that has none.
 */
export function withCountdown(v: BrushValue, game: GameDef, n: number): { value: BrushValue } | { refused: { message: string; detail: ProblemDetail } } {
  const e = v.layer === 'tile' && v.color !== undefined ? elementOf(game, v.tile) : undefined;
  if (!e || v.layer !== 'tile') return { refused: { message: 'only with a coloured element', detail: { key: 'onlyColored', params: {} } } };
  const p = countdownProblem(e, n);
  if (p) return { refused: { message: p[0], detail: { key: p[1], params: p[2] } } };
  const { countdown: _, ...rest } = v;
  return { value: n === e.countdown ? rest : { ...rest, countdown: n } };
}
