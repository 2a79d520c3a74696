// RULES §11.2 ground damage where the engine disagrees with the text (reported, not committed):
// "A clear step gathers, for every cell, the events that reach it … Ground: a ground loses one
// layer (at most one per step) when the tile above it is removed and `cleared` is in its list, or
// when the cell has `blast` and `blast` is in its list — also under a cover, a tile element or an
// empty cell." §11 says this replaces §2.5's first sentences with the same result for the classic
// game, and §2.5 says "Ground under a removed tile, or under a blasted cell, loses one layer".
// So a blasted cell's ground loses a layer even when a match (or a match beside it) reached the cell
// first in the same step.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { registerGames } from '../../../src/core/game/registry.ts';
import type { PlayGame } from '../../../src/core/sim/play.ts';
import { differential, plainArb } from './gameCases.ts';
import { LAB } from './gameDefs.ts';
import { expected, gameLevel, play, show, start } from './gameNotation.ts';

registerGames([LAB]);

function expectBoard(g: PlayGame, text: string) {
  const got = show(g);
  expect(got).toBe(expected(text, got));
}

describe('§11.2 a blasted cell\'s ground, when a match reached the cell first in the same step', () => {
  it('a tile element beside the match and blasted: one hp, and its ground loses the blast\'s layer', () => {
    // R→(2,0) makes R R R in row 0; the rocket lands on (2,1) and clears row 1; (1,1) has both events
    const g = start(gameLevel('lab', 'R R H G / Y box:2^sand:1 R G / G B Y B'));
    play(g, '2,0d');
    expectBoard(g, '. . . . / . box:1 . G / G B Y B');
  });

  it('the same tile element blasted only (no match beside it) loses the layer: the result must not depend on which event came first', () => {
    const g = start(gameLevel('lab', 'G B H G / Y box:2^sand:1 R G / G B Y B'));
    play(g, '2,0d');
    expectBoard(g, '. B . . / G box:1 R G / G B Y B');
  });

  it('a covered tile in the match and blasted: one cover layer, and its ground loses the blast\'s layer', () => {
    // R→(2,1) makes R R R in row 1 with the frosted R; the bomb lands on (2,2)
    const g = start(gameLevel('lab', 'G B G B / R R+frost:2^sand:2 X B / B G R Y'));
    play(g, '2,1d');
    expectBoard(g, '. B . . / G R+frost:1^sand:1 . . / B . G B');
  });

  it('classic (a level without `game`), the same two cases: the crate\'s and the iced tile\'s jelly lose a layer', () => {
    const crate = start(gameLevel(undefined, 'R R H G / Y crate:2^jelly:1 R G / G B Y B'));
    play(crate, '2,0d');
    expectBoard(crate, '. . . . / . crate:1 . G / G B Y B');
    const ice = start(gameLevel(undefined, 'G B G B / R R+ice:2^jelly:2 X B / B G R Y'));
    play(ice, '2,1d');
    expectBoard(ice, '. B . . / G R+ice:1^jelly:1 . . / B . G B');
  });
});

describe('§11.2 a blast-only ground under a matched tile or under the special that fires', () => {
  it('a colour tile in the match and blasted: a ground that lists only `blast` loses a layer', () => {
    // R→(2,1) makes R R R in row 1; the bomb lands on (2,2), its 3×3 covers (1,1)
    const g = start(gameLevel('lab', 'G B G B / R R^tar:2 X B / B G R Y'));
    play(g, '2,1d');
    expectBoard(g, '. . . . / G .^tar:1 . . / B B G B');
  });

  it('the tapped special\'s own cell is in its blast: a ground that lists only `blast` loses a layer', () => {
    const g = start(gameLevel('lab', 'G B G / H^tar:2 R Y / B G B'));
    play(g, '0,1');
    expectBoard(g, '. . . / G^tar:1 B G / B G B');
  });

  it('bomb + bomb: both bombs\' cells are in the 5×5', () => {
    const g = start(gameLevel('lab', 'G B G Y / R X^tar:2 X^tar:2 G / B Y R B / G B G Y'));
    play(g, '1,1r');
    expectBoard(g, '. . . . / . .^tar:1 .^tar:1 . / . . . . / . . . .');
  });
});

describe('the engine against the literal reading with blasts, the text\'s reading (legacy = false)', () => {
  it('every move of random games with taps, special swaps and combos leaves the same board', () => {
    fc.assert(
      fc.property(plainArb(true), fc.array(fc.nat(), { minLength: 1, maxLength: 15 }), (c, picks) => {
        differential(c, picks, true, false);
      }),
      { numRuns: 300 },
    );
  });
});
