// The average bot's choose() values a line on a board without covers (and with jelly and crates
// absent or not wanted) by adding one cell value per cell instead of reading each cell (greedy.ts,
// plainCells). It must pick exactly the move that the cell-by-cell evaluation picks: the largest
// evaluate(), ties to the later move of the list.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createLevel, type ObjectiveT } from '../../../src/core/level/index.ts';
import { runTool } from '../../../src/core/tools/index.ts';
import { GreedyBot } from '../../../src/core/sim/bots/greedy.ts';
import { PLAYING, SimGame, advance, startGame } from '../../../src/core/sim/game.ts';

const objectiveArb: fc.Arbitrary<ObjectiveT> = fc.oneof(
  fc.record({ type: fc.constant('collect' as const), color: fc.constantFrom('red' as const, 'green' as const, 'blue' as const), count: fc.integer({ min: 5, max: 90 }) }),
  fc.record({ type: fc.constant('score' as const), target: fc.integer({ min: 500, max: 20000 }) }),
  fc.constant<ObjectiveT>({ type: 'clear_ground', ground: 'jelly' }),
  fc.constant<ObjectiveT>({ type: 'clear_crates' }),
);

/** The move the cell-by-cell evaluation picks. */
function reference(bot: GreedyBot, g: SimGame): number {
  const b = g.board;
  bot.prepare(b, g.objectives);
  let best = -1, code = b.moves[0];
  for (let k = 0; k < b.moveCount; k++) {
    const v = bot.evaluate(b, b.moves[k]);
    if (v >= best) {
      best = v;
      code = b.moves[k];
    }
  }
  return code;
}

describe('greedy choose on boards without covers', () => {
  it('picks the move of the cell-by-cell evaluation, on random levels and positions', async () => {
    let plainPositions = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          seed: fc.nat(),
          w: fc.integer({ min: 4, max: 11 }),
          h: fc.integer({ min: 4, max: 11 }),
          colors: fc.integer({ min: 3, max: 6 }),
          jelly: fc.constantFrom(0, 0, 0.3),
          crates: fc.constantFrom(0, 0, 0.1),
          ice: fc.constantFrom(0, 0, 0, 0.15),
          objectives: fc.array(objectiveArb, { minLength: 1, maxLength: 3 }),
        }),
        async (p) => {
          const r = await runTool(createLevel({ id: 'g', seed: p.seed }), 'generate_random_level', {
            seed: p.seed, width: p.w, height: p.h, colors: p.colors, moves: 30,
            jelly_ratio: p.jelly, crate_ratio: p.crates, ice_ratio: p.ice, objectives: p.objectives,
          });
          if (!r.ok) throw new Error(r.error);
          const g = new SimGame(r.level);
          startGame(g, p.seed);
          const bot = new GreedyBot();
          for (let m = 0; m < 30 && g.status === PLAYING; m++) {
            const b = g.board;
            if (b.coverLeft === 0) plainPositions++;
            const want = reference(bot, g);
            const got = bot.choose(b, g.objectives);
            expect(got).toBe(want);
            advance(g, got);
          }
        },
      ),
      { numRuns: 150 },
    );
    // the fast path was taken (most generated boards have no covers)
    expect(plainPositions).toBeGreaterThan(1000);
  });
});
