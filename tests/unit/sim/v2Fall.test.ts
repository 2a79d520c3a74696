// Gravity after a move falls only the paths with work (src/core/sim/v2/fall.ts, V2State.pathDirty):
// a hole left under a held tile must still be filled on a later move when what held it goes, though
// nothing on that path was removed in that move. Hand-built boards of the lab2 game, refill off.
import { describe, expect, it } from 'vitest';
import { maker, validLevels } from './v2Kit.ts';
import { after, at, expectBoard } from './v2Notation.ts';

const { make: lab, made } = maker('lab2');

describe('gravity on the paths a move changed', () => {
  // move 1 (1,2)↓ clears row 2 (not next to (0,0)): P under the jcube-held Y falls and leaves a hole
  // under it; move 2 taps the rocket in row 0, whose blast takes only the jcube off (0,0)
  const level = () => lab('Y+jcube G B P H / P B G O Y / R O R B G / B R O Y P', { moves: 5, rules: 1 });

  it('a hole under a tile held by a cover stays while the cover stands', () => {
    const g = after(level(), '1,2d');
    expectBoard(g, 'Y+jcube . . P H / . G B O Y / P B G B G / B O O Y P');
  });

  it('when the cover goes, its tile falls into the hole left by an earlier move', () => {
    const g = after(level(), '1,2d', '4,0');
    expect(at(g, 0, 0)).toBe('.');
    expect(at(g, 0, 1)).toBe('Y');
    expectBoard(g, '. . . . . / Y G B O Y / P B G B G / B O O Y P');
  });
});

validLevels(1, made);
