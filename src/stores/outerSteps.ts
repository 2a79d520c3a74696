// The toolbar's Undo and Redo reach two histories: the open level's (editor.svelte.ts) and one beside it,
// the workspace's game changes (games.svelte.ts). These are the shapes the two agree on: what the outer
// history would do next, its outcome, and what the toolbar shows for the next step of either.
import type { StepLabel } from '../core/notice.ts';

/** The next undo and redo of a history beside the levels' (the game changes), with their places in the order of steps (nextSeq). */
export interface OuterNext {
  undo: { label: StepLabel; seq: number } | null;
  redo: { label: StepLabel; seq: number } | null;
}

/**
 * A history the toolbar's Undo and Redo reach beside the open level's: the workspace's game changes
 * (src/stores/games.svelte.ts), each one step. `next` is read reactively; `step` answers with the
 * outcome (null: nothing to do; ok false: refused, with the reason as data).
 */
export interface OuterSteps {
  readonly next: OuterNext;
  step(way: 'undo' | 'redo'): Promise<OuterOutcome | null>;
}

/** An outer step's outcome: refused when levels it rewrote changed since (`changed`) or would not fit (`breaks`). */
export type OuterOutcome = { ok: true } | { ok: false; reason: string; levels?: readonly { name: string }[] };

/** What the toolbar's Undo or Redo would do next: a step of the open level's or of the outer history. */
export interface NextStep {
  label: StepLabel;
  outer: boolean;
}
