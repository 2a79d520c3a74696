// A step of the real move (a plain swap's step 1, a cascade step) whose groups are plain (cascade2q.ts plainCascade: colour tiles
// and plain coloured pieces, uncovered, their neighbours hit plainly) played straight onto the
// board instead of through clearStep's events and waves; the recorded play-test always takes
// clearStep (its events). Checked in tests: each such step also played by clearStep on a copy
// (with its own heat map), the two boards compared array by array and counter by counter.
import { Board } from '../board.ts';
import { plainCascade } from './cascade2q.ts';
import { findLines2 } from './lines.ts';
import { stateDiff } from './stateDiff.ts';
import { V2State } from './state.ts';
import { clearStep, type MoveFire } from './step.ts';

const NONE: readonly number[] = [];
const NO_FIRES: readonly MoveFire[] = [];

/** Tests set this to play every plain step also by clearStep on a copy, and throw on any difference. */
let check = false, checked = 0;
/** Turns the check on or off; returns how many steps it compared since the last call. */
export function checkPlainSteps(on: boolean): number {
  check = on;
  const k = checked;
  checked = 0;
  return k;
}

/** Off: every step through clearStep (the slow path another check compares with, bots.ts checkQuickMoves). */
let on = true;
export function usePlainSteps(use: boolean): void {
  on = use;
}

/** The check's copy, and its heat map. */
let copy: Board | null = null;

/**
 * Step `step` of the L lines findLines2 just found (sa, sb: step 1's swapped cells, else -1),
 * played straight onto b when plain and not recorded: true; else b untouched.
 */
export function playPlainStep(b: Board, x: V2State, step: number, L: number, sa = -1, sb = -1): boolean {
  if (b.rec !== null || L === 0 || !on) return false;
  if (!check) return plainCascade(b, x, step, L, sa, sb);
  const c = copyOf(b);
  if (!plainCascade(b, x, step, L, sa, sb)) return false;
  // the same step by clearStep on the copy (its line records are b's: the copy's scan finds the same)
  const cx = c.x!;
  const lines = findLines2(c, cx);
  if (lines !== L) throw new Error(`a plain step's copy found ${lines} lines, the board ${L}`);
  clearStep(c, cx, step, sa, sb, NONE, NO_FIRES, null, lines);
  checked++;
  const diff = stateDiff(b, c) || heatDiff(b, c);
  if (diff !== '') throw new Error(`a plain ${step === 1 ? 'swap' : 'cascade'} step ${step} differs from clearStep's: ${diff}`);
  return true;
}

/** A copy of b before the step (position, counters, marks, heat). */
function copyOf(b: Board): Board {
  let c = copy;
  if (c === null || c.n !== b.n || c.game !== b.game || c.x!.layout !== b.x!.layout) {
    c = copy = new Board(b.w, b.h, b.colors);
    c.setGame(b.game);
    c.x = new V2State(b.n, b.game, b.x!.layout);
  }
  c.refill = b.refill;
  b.copyTo(c);
  c.step = b.step;
  c.heat = b.heat === null ? null : b.heat.slice();
  return c;
}

function heatDiff(b: Board, c: Board): string {
  if (b.heat === null) return '';
  for (let i = 0; i < b.n; i++) if (b.heat[i] !== c.heat![i]) return `heat at cell ${i}`;
  return '';
}
