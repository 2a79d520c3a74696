import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createLevel } from '../../../src/core/level/index.ts';
import { runTool } from '../../../src/core/tools/index.ts';
import { createGame } from '../../../src/core/sim/play.ts';
import { gravity } from '../../../src/core/sim/gravity.ts';
import { hasAnyMatch, hasAnyMatchChanged } from '../../../src/core/sim/match.ts';
import { EMPTY } from '../../../src/core/sim/codes.ts';

describe('cascade scan of what gravity changed', () => {
  it('finds every line the full scan finds, after any clear of uncovered tiles on a stable board', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ seed: fc.nat(), w: fc.integer({ min: 3, max: 12 }), h: fc.integer({ min: 3, max: 12 }), colors: fc.integer({ min: 3, max: 6 }), ice: fc.double({ min: 0, max: 0.4, noNaN: true }), voids: fc.double({ min: 0, max: 0.3, noNaN: true }) }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 20 }),
        fc.boolean(),
        async (p, picks, refill) => {
          const r = await runTool(createLevel({ id: 's', seed: p.seed }), 'generate_random_level', {
            seed: p.seed, width: p.w, height: p.h, colors: p.colors, ice_ratio: p.ice, void_ratio: p.voids, crate_ratio: 0.05,
          });
          if (!r.ok) throw new Error(r.error);
          const b = createGame(r.level, { record: false }).sim.board;
          expect(hasAnyMatch(b)).toBe(false); // a started game is stable
          b.refill = refill;
          for (const k of picks) {
            const i = k % b.n;
            if (b.tile[i] < 6 && b.cover[i] === 0) b.tile[i] = EMPTY;
          }
          gravity(b);
          expect(hasAnyMatchChanged(b)).toBe(hasAnyMatch(b));
        },
      ),
      { numRuns: 400 },
    );
  });
});
