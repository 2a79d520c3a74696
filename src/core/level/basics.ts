// The level format's plainest facts and helpers, importing nothing of the model: the colours, the
// specials, integer ranges, quoted values, and the registry of worded messages. The game file's
// schemas (game/gameFile.ts) build on them, and the game types are inferred from those schemas, so
// this file must not import anything that imports the game types (no import cycles).
import * as z from 'zod/mini';

export const COLORS = ['red', 'green', 'blue', 'yellow', 'purple', 'orange'] as const;
export const SPECIALS = ['rocket_h', 'rocket_v', 'bomb', 'rainbow'] as const;

/** An integer in [min, max], refused with "must be min..max". */
export function intIn(min: number, max: number) {
  const msg = `must be ${min}..${max}`;
  return z.int({ error: `must be an integer (${min}..${max})` }).check(z.gte(min, { error: msg }), z.lte(max, { error: msg }));
}

/** A value from the file, quoted in a message: cut short, so a huge value is not echoed back whole. */
export function quoteValue(value: unknown): string {
  const s = String(value);
  return JSON.stringify(s.length > 40 ? `${s.slice(0, 40)}…` : s);
}

/** `"a"`, `"a" or "b"`, `"a", "b" or "c"`. */
export function orList(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** A problem's key and values, beside its English message: the UI words it in the designer's language. */
export type ProblemDetail = { key: string; params?: Record<string, string | number> };

const detailOfMessage = new Map<string, ProblemDetail>();
/**
 * A fixed message that a UI words by `detail.key` (the game file's messages register theirs). Returns
 * the message, so a schema can write `{ error: worded('must be …', { key: 'x' }) }`.
 */
export function worded(message: string, detail: ProblemDetail): string {
  detailOfMessage.set(message, detail);
  return message;
}
/** The detail a fixed message was registered with, if any. */
export function detailOf(message: string): ProblemDetail | undefined {
  return detailOfMessage.get(message);
}
