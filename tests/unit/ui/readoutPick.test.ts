// The board's readout names the cell of the last input: the keyboard cursor once keys moved it (with
// every tool, the Wall tool too: it kept naming the pointer's cell and aim while arrows moved the cursor),
// the pointer's cell (with the Wall tool, its aim) once the pointer moved.
import { describe, expect, it } from 'vitest';
import { readoutPick } from '../../../src/ui/editor/readoutPick.ts';

const E4 = [4, 3] as const, C2 = [2, 1] as const;

describe('readoutPick', () => {
  it('Wall tool, the pointer over E4 aiming, arrows moved the cursor to C2: the cursor, not the aim', () => {
    expect(readoutPick({ focused: true, cursor: C2, hover: E4, keysLast: true, aim: true })).toBe('cursor');
  });
  it('Wall tool, the pointer moved again after the keys: its aim', () => {
    expect(readoutPick({ focused: true, cursor: C2, hover: E4, keysLast: false, aim: true })).toBe('aim');
  });
  it('other tools alike: keys give the readout to the cursor, the pointer takes it back', () => {
    expect(readoutPick({ focused: true, cursor: C2, hover: E4, keysLast: true })).toBe('cursor');
    expect(readoutPick({ focused: true, cursor: C2, hover: E4, keysLast: false })).toBe('hover');
  });
  it('without the focus the pointer\'s cell; with the pointer off the board the cursor; nothing: none', () => {
    expect(readoutPick({ focused: false, cursor: null, hover: E4, keysLast: true, aim: true })).toBe('aim');
    expect(readoutPick({ focused: true, cursor: C2, hover: null, keysLast: false, aim: false })).toBe('cursor');
    expect(readoutPick({ focused: false, cursor: null, hover: null, keysLast: false })).toBe(null);
  });
});
