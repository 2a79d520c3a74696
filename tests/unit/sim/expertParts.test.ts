// The expert's shortlist cut (kthLargest in src/core/sim/bots/expert.ts) is what an ascending sort
// puts at n − k, with ties, on both of its paths (few values below the cut, or few above it); its
// specials value read four cells at a time is the cell-by-cell sum; the greedy values of its
// shortlist (GreedyBot.valuesOfList) are evaluate's.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { parseLevelText, type LevelT } from '../../../src/core/level/index.ts';
import { sampleLevels } from '../../../src/core/files/samples.ts';
import { ExpertBot, EXPERT_CANDIDATES, kthLargest, specialsValue, tileWords } from '../../../src/core/sim/bots/expert.ts';
import { GreedyBot } from '../../../src/core/sim/bots/greedy.ts';
import { PLAYING, SimGame, advance, startGame } from '../../../src/core/sim/game.ts';
import { Board } from '../../../src/core/sim/board.ts';
import { BOMB, EMPTY, RAINBOW, ROCKET_H, ROCKET_V } from '../../../src/core/sim/codes.ts';

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

describe('expert specials value', () => {
  const KEEP: Record<number, number> = { [ROCKET_H]: 3, [ROCKET_V]: 3, [BOMB]: 4, [RAINBOW]: 7 };
  it('reads four cells at a time and finds every special, whatever the board size', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 16 }), fc.integer({ min: 3, max: 16 }), fc.array(fc.integer({ min: 0, max: EMPTY })), (w, h, codes) => {
        const b = new Board(w, h, 6);
        for (let i = 0; i < b.n; i++) b.tile[i] = codes.length > 0 ? codes[i % codes.length] : 0;
        let want = 0;
        for (let i = 0; i < b.n; i++) want += KEEP[b.tile[i]] ?? 0;
        expect(specialsValue(b, tileWords(b))).toBe(want);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads cell by cell when the tiles do not start on a word', () => {
    const b = new Board(5, 5, 6);
    b.tile[24] = BOMB;
    expect(specialsValue(b, new Uint32Array(0))).toBe(4);
  });
});

describe("the shortlist's greedy values", () => {
  it('are what evaluate gives each move, in every position of games on the sample levels and the blocker-heavy fixture', () => {
    const fixture = parseLevelText(readFileSync(new URL('../../fixtures/blocker-heavy.json', import.meta.url), 'utf8'));
    if (!fixture.ok) throw new Error('fixture does not parse');
    const greedy = new GreedyBot(), listed = new GreedyBot(), expert = new ExpertBot();
    let moves = 0;
    for (const base of [...sampleLevels(), fixture.level])
      for (const rules of [1, 2] as const) {
        const g = new SimGame({ ...base, rules } as LevelT);
        for (let seed = 1; seed <= 2; seed++) {
          startGame(g, seed * 104729);
          while (g.status === PLAYING) {
            const b = g.board;
            const values = new Float64Array(b.moveCount);
            listed.valuesOfList(b, g.objectives, values);
            greedy.prepare(b, g.objectives);
            for (let k = 0; k < b.moveCount; k++) expect(values[k], `${base.name} move ${k}`).toBe(greedy.evaluate(b, b.moves[k]));
            moves += b.moveCount;
            advance(g, expert.choose(b, g.objectives), 2 * g.moveLimit);
          }
        }
      }
    expect(moves).toBeGreaterThan(5000);
  });
});
