// The analysis's progress and estimate updates: first at once, then at most one per interval, the
// latest value always shown last, an urgent one at once, nothing after a cancel.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttled } from '../../../src/stores/throttle.ts';

describe('throttled updates', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the first value at once, then the latest one per interval', () => {
    const shown: number[] = [];
    const t = throttled((v: number) => shown.push(v), 100);
    t.push(1);
    expect(shown).toEqual([1]);
    t.push(2);
    t.push(3);
    expect(shown).toEqual([1]);
    vi.advanceTimersByTime(100);
    expect(shown).toEqual([1, 3]);
    vi.advanceTimersByTime(500);
    expect(shown).toEqual([1, 3]); // nothing new: nothing shown
    t.push(4); // long after the last: at once
    expect(shown).toEqual([1, 3, 4]);
  });

  it('an urgent value is shown at once and replaces the one waiting', () => {
    const shown: string[] = [];
    const t = throttled((v: string) => shown.push(v), 100);
    t.push('progress 0');
    t.push('progress 13');
    t.push('estimate after 13', true);
    expect(shown).toEqual(['progress 0', 'estimate after 13']);
    vi.advanceTimersByTime(1000);
    expect(shown).toEqual(['progress 0', 'estimate after 13']);
  });

  it('a cancel drops the waiting value', () => {
    const shown: number[] = [];
    const t = throttled((v: number) => shown.push(v), 100);
    t.push(1);
    t.push(2);
    t.cancel();
    vi.advanceTimersByTime(1000);
    expect(shown).toEqual([1]);
  });
});
