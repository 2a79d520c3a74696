// The version 2 move's kept line masks and plain cascade steps (src/core/sim/v2/masks.ts,
// plainStep.ts), checked against their slow paths. With the checks on: after every update the kept
// masks and colours equal those built from every cell, every line scan equals the whole-board scan
// and every move list the pair-by-pair one (checkLineScans); every cascade step of a real move
// played straight onto the board (plainStep.ts) is also played by clearStep on a copy and the two
// boards are the same, heat map included. Over every example v2 level and tier and random v2 games
// and levels (v2Cases.ts). And each check fails when its shortcut is broken.
import fc from 'fast-check';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { forgetGames, registerGames } from '../../../src/core/game/registry.ts';
import { parseLevel } from '../../../src/core/level/index.ts';
import { playGames, type Tier } from '../../../src/core/sim/index.ts';
import { createGame, legalMoves, playMove } from '../../../src/core/sim/play.ts';
import { checkLineScans, colorAt } from '../../../src/core/sim/v2/lines.ts';
import { syncMasks } from '../../../src/core/sim/v2/masks.ts';
import { checkPlainSteps } from '../../../src/core/sim/v2/plainStep.ts';
import { EMPTY, RAINBOW, ROCKET_H } from '../../../src/core/sim/codes.ts';
import { v2CaseArb } from './v2Cases.ts';
import { allExampleLevels, exampleLevels } from './v2Examples.ts';

const TIERS: Tier[] = ['novice', 'average', 'expert'];
const broken = { step: '' };
vi.mock('../../../src/core/sim/v2/cascade2q.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/core/sim/v2/cascade2q.ts')>();
  return {
    ...real,
    plainCascade(...args: Parameters<typeof real.plainCascade>) {
      const done = real.plainCascade(...args);
      // a plain cascade step scored as the step before; a plain swap scored one more
      if (done && broken.step === 'cascade' && args[2] >= 2) args[0].score -= 10;
      if (done && broken.step === 'swap' && args[2] === 1) args[0].score += 1;
      return done;
    },
  };
});

afterEach(() => {
  checkLineScans(false);
  checkPlainSteps(false);
  broken.step = '';
});
afterAll(() => forgetGames());

describe('the v2 line masks and plain cascade steps', () => {
  it('agree with their slow paths on every example v2 level and tier', () => {
    checkLineScans(true);
    checkPlainSteps(true);
    for (const l of allExampleLevels())
      for (const tier of TIERS) {
        const c = playGames(l, { tier, count: tier === 'expert' ? 2 : 6, curve: false });
        expect(c.games, `${l.id} ${tier}`).toBeGreaterThan(0);
      }
    expect(checkPlainSteps(true)).toBeGreaterThan(1000);
  });

  it('agree with their slow paths in random v2 games and levels', () => {
    checkLineScans(true);
    checkPlainSteps(true);
    fc.assert(
      fc.property(v2CaseArb, (c) => {
        registerGames([c.game]);
        const pl = parseLevel(c.level, { games: [c.game] });
        if (!pl.ok) throw new Error(JSON.stringify(pl.problems));
        for (const tier of TIERS) playGames({ ...pl.level, seed: c.seed }, { tier, count: 2, curve: false });
      }),
      { numRuns: 40 },
    );
    expect(checkPlainSteps(true)).toBeGreaterThan(50);
  });

  it('the masks check fails when a cell is emptied without a mark', () => {
    const [l] = exampleLevels('candy-kingdom', ['level_1.json']);
    const g = createGame(l, { seed: 3, record: false });
    expect(playMove(g, legalMoves(g)[0]).ok).toBe(true);
    const b = g.sim.board, x = b.x!;
    let at = 0;
    while (b.tile[at] >= 6) at++;
    b.tile[at] = EMPTY; // not marked
    checkLineScans(true);
    expect(() => syncMasks(b, x, false)).toThrow(/the line masks hold cell|the kept swappable or special cells/);
  });

  it('the masks check fails when a special appears without a mark', () => {
    const [l] = exampleLevels('royal-castle', ['level_4.json']);
    const g = createGame(l, { seed: 5, record: false });
    expect(playMove(g, legalMoves(g)[0]).ok).toBe(true);
    const b = g.sim.board, x = b.x!;
    let at = 0;
    while (b.tile[at] !== EMPTY && (b.tile[at] < ROCKET_H || b.tile[at] > RAINBOW) && b.tile[at] >= 6) at++;
    // a special where none was, or a colour tile where a special was: the move list's masks are wrong
    b.tile[at] = b.tile[at] >= ROCKET_H && b.tile[at] <= RAINBOW ? 0 : ROCKET_H;
    x.maskColour[at] = colorAt(b, x, at); // the colour masks right: only the special's mask is stale
    const P = b.h + 4;
    for (let c = 0; c < 6; c++) x.lineRows[c * P + 2 + b.row[at]] &= ~(1 << b.col[at]);
    if (x.maskColour[at] >= 0) x.lineRows[x.maskColour[at] * P + 2 + b.row[at]] |= 1 << b.col[at];
    checkLineScans(true);
    expect(() => syncMasks(b, x, false)).toThrow(/the kept swappable or special cells of row/);
  });

  for (const step of ['cascade', 'swap'])
    it(`the plain steps check fails when a plain ${step} step scores wrong`, () => {
      checkPlainSteps(true);
      broken.step = step;
      expect(() => {
        for (const l of allExampleLevels()) playGames(l, { tier: 'novice', count: 4, curve: false });
      }).toThrow(new RegExp(`plain ${step} step \\d+ differs from clearStep's: score`));
    });
});
