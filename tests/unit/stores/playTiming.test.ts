// Issue 34, item 3: a play-test move animates in about a second whatever the board — a long cascade of
// steps with many diagonal slides (a blocker level under rules version 2) included.
import { describe, expect, it } from 'vitest';
import { BEATS, MOVE_BUDGET_MS, movePace, naturalMs, oldMoveMs } from '../../../src/stores/playTiming.ts';

const steps = (n: number, slides: number) => Array.from({ length: n }, () => ({ slides: Array(slides).fill(0) }));

describe('the pace of a play-test move', () => {
  it('a short move keeps its natural beats', () => {
    const p = movePace(steps(1, 0), true);
    expect(p.scale).toBe(1);
    expect(p.totalMs).toBe(BEATS.swap + BEATS.clear + BEATS.fall + BEATS.settle);
  });
  it('any move fits the budget: 30 steps with 40 slides each took minutes before, now about a second', () => {
    for (const [n, k] of [[1, 0], [3, 2], [8, 12], [30, 40]] as const) {
      const p = movePace(steps(n, k), true);
      expect(p.totalMs).toBeLessThanOrEqual(MOVE_BUDGET_MS + 1e-9);
      expect(p.naturalMs).toBe(naturalMs(steps(n, k), true));
    }
    expect(oldMoveMs(steps(30, 40), true)).toBeGreaterThan(100_000);
  });
});
