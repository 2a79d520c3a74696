// The expert's shortlist cut (kthLargest in src/core/sim/bots/expert.ts) is what an ascending sort
// puts at n − k, with ties, on both of its paths (few values below the cut, or few above it).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EXPERT_CANDIDATES, kthLargest } from '../../../src/core/sim/bots/expert.ts';

describe('expert shortlist cut', () => {
  it('is the k-th largest value, as a sort gives it', () => {
    fc.assert(
      fc.property(
        // few distinct values, so ties are common (greedy values are sums of small weights)
        fc.array(fc.integer({ min: 0, max: 12 }).map((v) => v / 4), { minLength: 1, maxLength: 80 }),
        fc.integer({ min: 1, max: EXPERT_CANDIDATES }),
        (xs, kWanted) => {
          const n = xs.length, k = Math.min(kWanted, n);
          const values = Float64Array.from(xs);
          const sorted = Float64Array.from(xs).sort();
          expect(kthLargest(values, n, k, new Float64Array(EXPERT_CANDIDATES))).toBe(sorted[n - k]);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('reads only the first n values', () => {
    const values = Float64Array.from([5, 1, 4, 2, 3, 100, 100, 100]);
    expect(kthLargest(values, 5, 2, new Float64Array(EXPERT_CANDIDATES))).toBe(4);
    expect(kthLargest(values, 5, 5, new Float64Array(EXPERT_CANDIDATES))).toBe(1);
    expect(kthLargest(values, 5, 1, new Float64Array(EXPERT_CANDIDATES))).toBe(5);
  });
});
