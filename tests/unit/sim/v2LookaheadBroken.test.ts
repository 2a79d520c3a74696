// The check of v2Lookahead.test.ts fails when the shortcut is wrong: plainSwapStep made to forget one
// thing (a ground's `cleared` layer, a collected tile, a gravity mark, a special made), a plain
// cascade step (cascade2q.ts) to score as step 1, BlastClear.apply to forget a hit point: the
// expert's games with the check on must throw. And the quick moves' gravity (fall2q.ts), its
// check on (checkQuickGravity), must throw when a piece that should fall is kept or a landing cell
// is not marked for the line scan (fall.ts's movable2 and moveSlot as fall2q.ts sees them), or when
// its slide search starts above a cell a removal or the engine's clear step emptied.
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { forgetGames } from '../../../src/core/game/registry.ts';
import { playGames } from '../../../src/core/sim/index.ts';
import { checkQuickMoves } from '../../../src/core/sim/v2/bots.ts';
import { BlastClear } from '../../../src/core/sim/v2/botBlast.ts';
import { checkQuickGravity } from '../../../src/core/sim/v2/fall2q.ts';
import { allExampleLevels } from './v2Examples.ts';

const broken = { how: '' };
vi.mock('../../../src/core/sim/v2/lookahead2.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/core/sim/v2/lookahead2.ts')>();
  return {
    ...real,
    plainSwapStep(...args: Parameters<typeof real.plainSwapStep>) {
      const [b, x] = args, ground = b.ground.slice();
      real.plainSwapStep(...args);
      if (broken.how === 'ground') b.ground.set(ground);
      else if (broken.how === 'collected') b.collected[0] = 0;
      else if (broken.how === 'holes') x.pathDirty.fill(0);
      else if (broken.how === 'specials' && args[8] >= 0) b.tile[args[2]] = 12; // the special made at a not placed (EMPTY)
    },
    removeAt(...args: Parameters<typeof real.removeAt>) {
      real.removeAt(...args);
      // a cascade step's removal scored as step 1's
      if (broken.how === 'cascade score' && args[3] >= 2) args[0].score -= 10 * (args[3] - 1);
    },
  };
});

// only fall2q.ts imports these two: gravity2's own calls inside fall.ts stay as they are
vi.mock('../../../src/core/sim/v2/fall.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/core/sim/v2/fall.ts')>();
  return {
    ...real,
    movable2(...args: Parameters<typeof real.movable2>) {
      // a piece in the top row kept where it is
      return broken.how === 'top kept' && args[2] < args[0].w ? false : real.movable2(...args);
    },
    moveSlot(...args: Parameters<typeof real.moveSlot>) {
      const [, x, , to] = args, listed = x.dirty[to] !== 0;
      real.moveSlot(...args);
      if (broken.how === 'mark' && !listed) {
        x.dirty[to] = 0;
        x.dirtyCount--;
      }
    },
  };
});

// the slide search's bound (fall2q.ts) not raised where a removal empties a cell, or not reset after the engine's clearStep
vi.mock('../../../src/core/sim/v2/fall2q.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/core/sim/v2/fall2q.ts')>();
  return {
    ...real,
    emptied: (...args: Parameters<typeof real.emptied>) => (broken.how === 'a removal' ? undefined : real.emptied(...args)),
    emptiedAnywhere: (...args: Parameters<typeof real.emptiedAnywhere>) => (broken.how === 'a clear step' ? undefined : real.emptiedAnywhere(...args)),
  };
});

afterEach(() => {
  checkQuickMoves(false);
  checkQuickGravity(false);
  broken.how = '';
  vi.restoreAllMocks();
});
afterAll(() => forgetGames());

describe("the check of the expert's quick plain swaps", () => {
  for (const how of ['ground', 'collected', 'holes', 'specials', 'cascade score'])
    it(`fails when the step forgets ${how}`, () => {
      const levels = allExampleLevels();
      checkQuickMoves(true);
      broken.how = how;
      expect(() => {
        for (const l of levels) playGames(l, { tier: 'expert', count: 2, curve: false });
      }).toThrow(/quick move/);
    });

  it("fails when a rocket's or bomb's step forgets a hit point", () => {
    const apply = BlastClear.prototype.apply;
    vi.spyOn(BlastClear.prototype, 'apply').mockImplementation(function (this: BlastClear, ...args: Parameters<typeof apply>) {
      const hp = args[0].hp.slice();
      apply.apply(this, args);
      args[0].hp.set(hp);
    });
    const levels = allExampleLevels();
    checkQuickMoves(true);
    expect(() => {
      for (const l of levels) playGames(l, { tier: 'expert', count: 2, curve: false });
    }).toThrow(/quick move/);
  });

  it('passes with the step as it is', () => {
    const levels = allExampleLevels();
    checkQuickMoves(true);
    for (const l of levels) playGames(l, { tier: 'expert', count: 1, curve: false });
    expect(checkQuickMoves(true)).toBeGreaterThan(500);
  });
});

describe("the check of the expert's gravity on its copy", () => {
  const what: Record<string, string> = {
    'top kept': 'a top-row piece kept',
    mark: 'a landing cell not marked',
    'a removal': 'its slide search not lowered for a removal',
    'a clear step': "its slide search not reset after the engine's clear step",
  };
  for (const how of Object.keys(what))
    it(`fails when it has ${what[how]}`, () => {
      const levels = allExampleLevels();
      checkQuickGravity(true);
      broken.how = how;
      expect(() => {
        for (const l of levels) playGames(l, { tier: 'expert', count: 2, curve: false });
      }).toThrow(/expert's gravity differs/);
    });

  it('passes with gravity as it is', () => {
    checkQuickGravity(true);
    for (const l of allExampleLevels()) playGames(l, { tier: 'expert', count: 1, curve: false });
    expect(checkQuickGravity(true)).toBeGreaterThan(1000);
  });
});
