// A painted coloured piece's own countdown (RULES §12.1: `countdown` 1..its element's), checked in the level
// model's words with their key: the level's check (pieces.ts), the paint tools and the palette's field say
// the same. Its own module: the paint tools on the first page need it without the §12 checks (lazy).
import type { ElementDef } from '../game/types.ts';

/** What is wrong with countdown `n` on a piece of `e`, or null (none given, or within 1..the element's). */
export function countdownProblem(e: ElementDef, n: number | undefined): [string, 'noCountdown' | 'countdownRange', Record<string, string | number>] | null {
  if (n === undefined) return null;
  if (e.countdown === undefined) return [`"${e.id}" has no countdown`, 'noCountdown', { id: e.id }];
  return Number.isInteger(n) && n >= 1 && n <= e.countdown ? null : [`must be 1..${e.countdown} (the countdown of "${e.id}")`, 'countdownRange', { max: e.countdown, id: e.id }];
}
