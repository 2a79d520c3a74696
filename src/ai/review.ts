// Review of the operations a turn proposed: replaying the chosen ones and telling the model the outcome.
// Kept apart from agent.ts so the chat panel can review without loading the agent.
import type { LevelT } from '../core/level/index.ts';
import { applyIntents, isGameTool, type Intent } from '../core/tools/index.ts';
import type { Operation } from './operation.ts';

export type ApplyOutcome =
  | { ok: true; level: LevelT; applied: number[]; intents: Intent[] }
  | { ok: false; level: LevelT; failed: { index: number; error: string } };

/**
 * Review: replays the chosen operations, in order, on the current level — all or nothing. If one no
 * longer applies (the designer edited meanwhile), nothing is applied and the failing one is named.
 * A change to the game is not a level edit: it is left out here (the chat store stores it through
 * the games store).
 */
export function applySelected(current: LevelT, operations: readonly Operation[], selected: readonly number[]): ApplyOutcome {
  const chosen = [...new Set(selected)].filter((i) => i >= 0 && i < operations.length && !isGameTool(operations[i].intent.tool)).sort((a, b) => a - b);
  let level = current;
  for (const i of chosen) {
    const r = applyIntents(level, [operations[i].intent]);
    if (r.error) return { ok: false, level: current, failed: { index: i, error: r.error } };
    level = r.level;
  }
  return { ok: true, level, applied: chosen, intents: chosen.map((i) => operations[i].intent) };
}

/** What the model is told after a review, so it does not propose the same again. */
export function reviewNotice(operations: readonly Operation[], applied: readonly number[], failed: readonly { index: number; error: string }[] = []): string {
  const declined = operations.map((_, i) => i).filter((i) => !applied.includes(i) && !failed.some((f) => f.index === i));
  const line = (i: number) => `${i + 1}. ${operations[i].summary}`;
  const parts: string[] = [];
  if (applied.length) parts.push(`The designer applied: ${applied.map(line).join(' ')}`);
  if (declined.length) parts.push(`The designer declined: ${declined.map(line).join(' ')} Do not propose these again unless asked.`);
  if (failed.length) parts.push(`Could not apply (the level had changed): ${failed.map((f) => `${line(f.index)} (${f.error})`).join(' ')}`);
  return parts.join('\n') || 'The designer applied nothing.';
}

