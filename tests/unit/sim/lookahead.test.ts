// The expert's look-ahead (src/core/sim/lookahead.ts) and shortlist are exact speed-ups: the scratch
// board after a play-out is the one copyTo + applyMove gives without refill (its tiles excepted
// when the play-out was only counted), and the bot picks the
// same move as the expert before the speed-ups (tests/unit/sim/expertReference.ts), position by
// position, on random levels with blockers and specials under both rules versions.
import { readFileSync } from 'node:fs';
import { classicLeft } from './classic.ts';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createLevel, parseLevelText, type LevelT } from '../../../src/core/level/index.ts';
import { runTool } from '../../../src/core/tools/index.ts';
import { sampleLevels } from '../../../src/core/files/samples.ts';
import { Board } from '../../../src/core/sim/board.ts';
import { BOMB, RAINBOW, ROCKET_H, ROCKET_V } from '../../../src/core/sim/codes.ts';
import { PLAYING, SimGame, advance, startGame } from '../../../src/core/sim/game.ts';
import { LookAhead } from '../../../src/core/sim/lookahead.ts';
import { listMoves } from '../../../src/core/sim/moves.ts';
import { applyMove } from '../../../src/core/sim/resolve.ts';
import { ExpertBot } from '../../../src/core/sim/bots/expert.ts';
import { GreedyBot } from '../../../src/core/sim/bots/greedy.ts';
import { ReferenceExpertBot } from './expertReference.ts';

const SPECIALS = [ROCKET_H, ROCKET_V, BOMB, RAINBOW];

/** Everything a play-out leaves that the expert or the next play-out reads (not the cascade bookkeeping dirtyRow/dirtyCol). */
function state(b: Board) {
  return {
    tile: Array.from(b.tile), cover: Array.from(b.cover), ground: Array.from(b.ground), hp: Array.from(b.hp),
    score: b.score, collected: Array.from(b.collected), removed: b.removed, specialsMade: b.specialsMade,
    ...classicLeft(b),
    step: b.step,
  };
}

/** The special tile codes on the board, sorted. */
const specialsOn = (b: Board) => Array.from(b.tile).filter((t) => SPECIALS.includes(t)).sort();

const levelParams = fc.record({
  seed: fc.nat(),
  w: fc.integer({ min: 3, max: 11 }),
  h: fc.integer({ min: 3, max: 11 }),
  colors: fc.integer({ min: 3, max: 6 }),
  ice: fc.double({ min: 0, max: 0.35, noNaN: true }),
  chain: fc.double({ min: 0, max: 0.2, noNaN: true }),
  jelly: fc.double({ min: 0, max: 0.5, noNaN: true }),
  crates: fc.double({ min: 0, max: 0.2, noNaN: true }),
  voids: fc.double({ min: 0, max: 0.25, noNaN: true }),
  rules: fc.constantFrom(1, 2),
});

type LevelParams = typeof levelParams extends fc.Arbitrary<infer T> ? T : never;

async function randomLevel(p: LevelParams): Promise<LevelT> {
  const r = await runTool(createLevel({ id: 'l', seed: p.seed }), 'generate_random_level', {
    seed: p.seed, width: p.w, height: p.h, colors: p.colors, moves: 40,
    ice_ratio: p.ice, chain_ratio: p.chain, jelly_ratio: p.jelly, crate_ratio: p.crates, void_ratio: p.voids,
  });
  if (!r.ok) throw new Error(r.error);
  return { ...r.level, rules: p.rules } as LevelT;
}

/** Turns some uncovered colour tiles into specials (a stable board stays stable) and lists the moves again. */
function sprinkleSpecials(b: Board, picks: number[]): void {
  for (const k of picks) {
    const i = k % b.n;
    if (b.tile[i] < 6 && b.cover[i] === 0) b.tile[i] = SPECIALS[k % 4];
  }
  listMoves(b);
}

describe('expert look-ahead', () => {
  it('leaves the board copyTo + applyMove leaves without refill, for every move of random positions', async () => {
    let counted = 0;
    await fc.assert(
      fc.asyncProperty(levelParams, fc.array(fc.nat(), { maxLength: 12 }), fc.nat({ max: 12 }), async (p, picks, warmup) => {
        const g = new SimGame(await randomLevel(p));
        startGame(g, p.seed);
        const greedy = new GreedyBot();
        for (let m = 0; m < warmup && g.status === PLAYING; m++) advance(g, greedy.choose(g.board, g.objectives), 1000);
        if (g.status !== PLAYING) return;
        const b = g.board;
        sprinkleSpecials(b, picks);
        const before = state(b);
        const look = new LookAhead(b.w, b.h, b.colors);
        const plain = new Board(b.w, b.h, b.colors);
        plain.refill = false;
        // one begin, then every move from it: each play-out puts back what the one before changed
        look.begin(b);
        for (let k = 0; k < b.moveCount; k++) {
          const code = b.moves[k];
          const s = look.playNext(code);
          b.copyTo(plain);
          applyMove(plain, code);
          if (look.counted) {
            // counted, not played: everything but the tiles (left as swapped)
            counted++;
            expect({ ...state(s), tile: null }, `move ${code}`).toEqual({ ...state(plain), tile: null });
          } else expect(state(s), `move ${code}`).toEqual(state(plain));
          if (look.onlyMatches) {
            // no special left the board: the specials after are those before plus the ones made
            const made = Array.from(look.placed.subarray(0, look.placedCount));
            expect(specialsOn(s), `move ${code}`).toEqual(specialsOn(b).concat(made).sort());
          }
        }
        expect(state(b)).toEqual(before);
      }),
      { numRuns: 300 },
    );
    // the counted path (a single line of 3 with no cascade) is taken hundreds of times here
    expect(counted).toBeGreaterThan(100);
  });

  it('the expert picks the move the expert before the speed-ups picks, in whole games', async () => {
    await fc.assert(
      fc.asyncProperty(levelParams, fc.array(fc.nat(), { maxLength: 6 }), async (p, picks) => {
        const g = new SimGame(await randomLevel(p));
        startGame(g, p.seed);
        const fast = new ExpertBot(), ref = new ReferenceExpertBot();
        for (let m = 0; m < 40 && g.status === PLAYING; m++) {
          if (m === 3) sprinkleSpecials(g.board, picks);
          if (g.board.moveCount === 0) break;
          const want = ref.choose(g.board, g.objectives);
          expect(fast.choose(g.board, g.objectives), `move ${m}`).toBe(want);
          advance(g, want, 1000);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('agrees with the expert before the speed-ups on the sample levels and the blocker-heavy fixture', () => {
    const fixture = parseLevelText(readFileSync(new URL('../../fixtures/blocker-heavy.json', import.meta.url), 'utf8'));
    if (!fixture.ok) throw new Error('fixture does not parse');
    let positions = 0;
    for (const base of [...sampleLevels(), fixture.level])
      for (const rules of [1, 2] as const) {
        const g = new SimGame({ ...base, rules } as LevelT);
        const fast = new ExpertBot(), ref = new ReferenceExpertBot();
        for (let seed = 1; seed <= 4; seed++) {
          startGame(g, seed * 7919);
          while (g.status === PLAYING) {
            const want = ref.choose(g.board, g.objectives);
            expect(fast.choose(g.board, g.objectives), `${base.name} rules ${rules} seed ${seed}`).toBe(want);
            advance(g, want, 2 * g.moveLimit);
            positions++;
          }
        }
      }
    expect(positions).toBeGreaterThan(300);
  });
});
