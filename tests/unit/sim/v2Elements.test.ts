// RULES §12.1 element fields, one test per field and behaviour, on hand-built boards of the lab2
// game (tests/unit/sim/v2Defs.ts, notation in v2Notation.ts). Written from the RULES text. Refill is
// off unless a test needs the game's stream (emitters), where caps on the top row keep the boards exact.
import { describe, expect, it } from 'vitest';
import { createGame, snapshot } from '../../../src/core/sim/play.ts';
import { maker, objective, validLevels } from './v2Kit.ts';
import { after, at, countTile, expectBoard, pairCount, play, start } from './v2Notation.ts';

const { make: lab, made } = maker('lab2');

describe('§12.1 key: match and adjacent events only from groups of its colour', () => {
  it('a red-keyed tile next to a red group loses one hp', () => {
    const g = after(lab('G R R Y / R rbox:2 B P / B Y G O', { moves: 1 }), '0,1u');
    expect(at(g, 1, 1)).toBe('rbox:1');
  });

  it('a red-keyed tile next to a blue group is not hit', () => {
    const g = after(lab('G B B Y / B rbox:2 R P / R Y G O', { moves: 1 }), '0,1u');
    expect(at(g, 1, 1)).toBe('rbox:2');
    expect(snapshot(g).score).toBe(30);
  });

  it('blasts ignore keys: a rocket takes one hp off a red-keyed tile', () => {
    const g = after(lab('G B G B / H Y rbox:2 G / B G B Y', { moves: 1 }), '0,1');
    expect(at(g, 2, 1)).toBe('rbox:1');
  });

  it('a red-keyed cover over a red tile in a red group loses its layer; the tile stays', () => {
    const g = after(lab('G R+rnet R Y / R B G P / B Y B O', { moves: 1 }), '0,1u');
    expect(at(g, 1, 0)).toBe('R');
    expect(snapshot(g).score).toBe(20);
  });

  it('a red-keyed cover over a blue tile is never hit by its own (blue) match', () => {
    const g = after(lab('G B+rnet B Y / B R G P / R Y R O', { moves: 1 }), '0,1u');
    expect(at(g, 1, 0)).toBe('B+rnet:1');
    expect(snapshot(g).score).toBe(20);
  });
});

describe('§12.1 stopsBlasts: a rocket line stops at its cell, which is hit', () => {
  it('a rocket run stops at a stone in each direction; the stones lose one hp, the cells beyond stay', () => {
    const g = after(lab('G B G B G B / Y stone:2 H R stone:2 B / B G B G B G', { moves: 1 }), '2,1');
    expectBoard(g, 'G B . . G B / Y stone:1 G B stone:1 B / B G B G B G');
    expect(snapshot(g).score).toBe(20);
  });

  it('a stopping cover loses its layer and stops the run; its tile stays', () => {
    const g = after(lab('G B G B G / H R Y+plate G B / B G B G B', { moves: 1 }), '0,1');
    expectBoard(g, '. . G B G / G B Y G B / B G B G B');
    expect(snapshot(g).score).toBe(20);
  });

  it('(§2.4 in a version 2 game) a tapped bomb clears its whole 3×3', () => {
    const g = after(lab('G B G / Y X R / B G B', { moves: 1 }), '1,1');
    expectBoard(g, '. . . / . . . / . . .');
    expect(snapshot(g).score).toBe(90);
  });

  it('a bomb is not stopped: bomb + bomb clears the cell behind a stone in its 5×5', () => {
    const g = after(lab('G B G B G / B G B G B / G X X stone:2 Y / B G B G B / G B G B G', { moves: 1 }), '1,2r');
    expectBoard(g, '. . . . . / . . . . . / . . . stone:1 . / . . . . . / . . . . .');
  });
});

describe('§12.1 colored: a piece of a colour that matches, swaps, falls and is removed like a colour tile', () => {
  it('it completes a line of its colour and is removed by the match, scoring; it counts for collect of its element, not of its colour', () => {
    const level = lab('G cb=R R Y / R B G P / B Y B O', {
      moves: 1,
      objectives: [{ type: 'collect', element: 'cb', count: 1 }, { type: 'collect', color: 'red', count: 3 }],
    });
    const g = after(level, '0,1u');
    expectBoard(g, '. . . Y / G B G P / B Y B O');
    expect(snapshot(g).score).toBe(30);
    expect(objective(g, 0)).toMatchObject({ done: 1, complete: true });
    expect(objective(g, 1)).toMatchObject({ done: 2, complete: false });
  });

  it('it may be swapped: the swap is valid when its new place makes a line of its colour', () => {
    const g = start(lab('R R G Y / B Y cb=R P / G B Y O', { moves: 1 }));
    expect(pairCount(g, [2, 0], [2, 1])).toBe(1);
    expect(pairCount(g, [2, 1], [3, 1])).toBe(0);
    play(g, '2,1u');
    expectBoard(g, '. . . Y / B Y G P / G B Y O');
  });

  it('it falls like a tile and keeps its count (one less after the move)', () => {
    const g = after(lab('cb=B#2 Y P / G R R / R O B', { moves: 1 }), '0,1d');
    expectBoard(g, '. . . / cb=B#1 Y P / G O B');
  });

  it('`adjacent` does nothing to it', () => {
    const g = after(lab('G R R Y / R cb=B P O / B Y G P', { moves: 1 }), '0,1u');
    expect(at(g, 1, 1)).toBe('cb=B#2');
  });

  it('a blast removes it, scoring 10 × step, counted for collect of its element', () => {
    const g = after(lab('G B G / H cb=Y R / B G B', { moves: 1, objectives: [{ type: 'collect', element: 'cb', count: 2 }] }), '0,1');
    expect(countTile(g, 'cb')).toBe(0);
    expect(snapshot(g).score).toBe(30);
    expect(objective(g).done).toBe(1);
  });

  it('a painted piece takes the element\'s countdown unless it sets one; a coloured element without countdown has none', () => {
    const g = start(lab('cb=R cb=G#2 gem=B / G B Y / B Y G', { moves: 5 }));
    expect([at(g, 0, 0), at(g, 1, 0), at(g, 2, 0)]).toEqual(['cb=R#3', 'cb=G#2', 'gem=B']);
    expect(snapshot(g).cells[0][0]).toMatchObject({ tile: 'cb', color: 'red', countdown: 3 });
    expect(snapshot(g).cells[0][2].countdown).toBeUndefined();
  });

  it('the start fill completes no line with it: beside two red pieces a random cell is never red', () => {
    const level = lab('cb=R cb=R ? / G B G / B G B', { colors: 3, moves: 5 });
    for (let seed = 1; seed <= 24; seed++) {
      const g = createGame(level, { seed, record: false });
      expect(countTile(g, 'cb'), `seed ${seed}`).toBe(2);
      expect(['G', 'B'], `seed ${seed}`).toContain(at(g, 2, 0));
    }
  });
});

describe('§12.1 emit', () => {
  // emitters draw from the game's stream: these games refill, with caps on top so no tile comes in
  it('`quiet`: after a move in which no piece of the emitted element was hit, one plain colour tile next to the piece becomes it (full hp; no score, no hit on its ground)', () => {
    const g = start(lab('cap cap cap cap / G R R Y / R^sand:2 B G P / fountain box:3 Y O', { moves: 1 }), { refill: true });
    play(g, '0,2u');
    expectBoard(g, 'cap:1 cap:1 cap:1 cap:1 / . . . Y / choc:1^sand:2 B G P / fountain:1 box:3 Y O');
    expect(snapshot(g).score).toBe(30);
  });

  it('`quiet`: no emission after a move in which a piece of the emitted element was hit (another emitter, of an element not hit, emits)', () => {
    const g = start(lab('cap cap cap cap cap / G R R Y B / R choc B P G / fountain box:3 Y O breeder', { moves: 1 }), { refill: true });
    play(g, '0,2u');
    expect(at(g, 0, 2)).toBe('G');
    expect(countTile(g, 'choc')).toBe(0);
    expect(countTile(g, 'breeder')).toBe(2);
  });

  it('`every`: after moves N, 2N… of the game only, `count` placements (`board`: anywhere)', () => {
    const g = start(lab('cap cap cap cap cap cap / G R R P Y O / R B Y O G P / Y G P B O O / mixer:4 Y G O B G', { moves: 3 }), { refill: true });
    play(g, '0,2u');
    expect(countTile(g, 'choc')).toBe(0);
    play(g, '3,4u');
    expect(countTile(g, 'choc')).toBe(2);
    expect(at(g, 0, 4)).toBe('mixer:4');
  });

  it('targets are plain colour tiles: not covered, not a special, not a coloured element', () => {
    const g = start(lab('cap cap cap cap cap cap / P G+frost:1 Y G R R / H fountain cb=O R B O / Y R B O G B', { moves: 1 }), { refill: true });
    play(g, '3,2u');
    expect(at(g, 1, 3)).toBe('choc:1');
    expect([at(g, 1, 1), at(g, 0, 2), at(g, 2, 2)]).toEqual(['G+frost:1', 'H', 'cb=O#2']);
    expect(countTile(g, 'choc')).toBe(1);
  });

  it('`near`: targets within `radius` rows and columns of the piece (a square); no target left: the rest is lost', () => {
    // radius 1 around (0,3): (0,2), (1,2), (1,3) are the plain colour tiles; count 5, three placed
    const g = start(lab('cap cap cap cap cap / G R R Y B / R O G B Y / nearer Y B G O', { moves: 1 }), { refill: true });
    play(g, '0,2u');
    expectBoard(g, 'cap:1 cap:1 cap:1 cap:1 cap:1 / . . . Y B / choc:1 choc:1 G B Y / nearer:1 choc:1 B G O');
  });

  it('an emitter destroyed in the move does not emit', () => {
    // the fountain emits (no choc was hit); the spout, destroyed beside the match, does not
    const g = start(lab('cap cap cap cap cap cap / G R R Y B G / R spout B P G Y / B Y G O fountain box:3', { moves: 1 }), { refill: true });
    play(g, '0,2u');
    expect(countTile(g, 'spout')).toBe(0);
    expect(countTile(g, 'choc')).toBe(1);
    expect([at(g, 3, 3), at(g, 4, 2)]).toContain('choc:1');
  });

  it('emitting is not limited by spawn `max` or `total`', () => {
    const level = lab('cap cap cap cap / G R R Y / R B G P / fountain box:3 Y choc', { moves: 1, spawn: [{ element: 'choc', chance: 1, max: 1, total: 1 }] });
    const g = start(level, { refill: true });
    play(g, '0,2u');
    expect(at(g, 0, 2)).toBe('choc:1');
    expect(countTile(g, 'choc')).toBe(2);
  });

  it('for a spawn entry\'s `max` every piece on the board counts, emitted ones included', () => {
    // move 1 (under the caps) refills nothing and the fountain emits one choc; move 2 refills columns
    // 3..5, where the entry (max 1) finds that choc on the board and spawns none
    const level = lab('cap cap cap P O G / G R R Y B P / R B G O Y Y / fountain box:3 O Y G B', {
      moves: 3, spawn: [{ element: 'choc', chance: 1, max: 1, total: 9 }],
    });
    const g = start(level, { refill: true });
    play(g, '0,2u');
    expect(at(g, 0, 2)).toBe('choc:1');
    play(g, '3,3u');
    expect(countTile(g, 'choc')).toBe(1);
  });

  it('emitters never target belt cells', () => {
    const level = lab('cap cap cap cap / G R R Y / R B G cap / O Y B fountain', { moves: 1, belts: [{ cells: [[0, 3], [1, 3], [2, 3]] }] });
    const g = start(level, { refill: true });
    play(g, '0,2u');
    expectBoard(g, 'cap:1 cap:1 cap:1 cap:1 / . . . Y / G B G cap:1 / B O Y fountain:1');
  });

  it('a piece emitted now emits from the next move on (the emitting pieces are listed before any acts)', () => {
    const g = start(lab('cap cap cap cap / G R R Y / R B G P / breeder O B Y', { moves: 1 }), { refill: true });
    play(g, '0,2u');
    expect(countTile(g, 'breeder')).toBe(2);
  });
});

describe('§12.1 onHit and onDestroy', () => {
  it('onHit runs for a hit that does not destroy; both run for the destroying hit', () => {
    const g = after(lab('G R R Y / R ticker:2 B P / B Y G O', { moves: 1 }), '0,1u');
    expect(at(g, 1, 1)).toBe('ticker:1');
    expect(snapshot(g).counters).toMatchObject({ hits: 1, gone: 0 });
    const h = after(lab('G R R Y / R ticker:1 B P / B Y G O', { moves: 1 }), '0,1u');
    expect(countTile(h, 'ticker')).toBe(0);
    expect(snapshot(h).counters).toMatchObject({ hits: 1, gone: 1 });
  });
});

describe('§12.1 gate', () => {
  it('a closed gate takes no hit: a chest beside a match keeps its piece', () => {
    const g = after(lab('G R R Y / R chest B P / B Y G O', { moves: 1 }), '0,1u');
    expect(at(g, 1, 1)).toBe('chest:1');
  });

  it('a closed gated cover shields the tile under it from its own match', () => {
    const g = after(lab('G R+gcov R Y / R B G P / B Y B O', { moves: 1 }), '0,1u');
    expect(at(g, 1, 0)).toBe('R+gcov:1');
    expect(snapshot(g).score).toBe(20);
  });
});

describe('§12.1 blocksMatch: the tile under the cover takes part in no match', () => {
  it('three reds in a line, one under the cover, are no designed match', () => {
    const g = start(lab('R R R+jcube / G B G / B G B', { moves: 1 }));
    expectBoard(g, 'R R R+jcube:1 / G B G / B G B');
  });

  it('a swap that would make a line only through the covered tile is not valid (with a plain cover it is)', () => {
    const text = (cover: string) => `R G R+${cover} Y / B R Y B / G Y B G`;
    expect(pairCount(start(lab(text('jcube'), { moves: 1 })), [1, 0], [1, 1])).toBe(0);
    expect(pairCount(start(lab(text('frost'), { moves: 1 })), [1, 0], [1, 1])).toBe(1);
  });

  it('the cover takes its own damage: a match beside it takes its layer (`adjacent`)', () => {
    const g = after(lab('G R R Y / R B+jcube B P / B Y G O', { moves: 1 }), '0,1u');
    expect(at(g, 1, 1)).toBe('B');
  });

  it('the start fill: a random tile under it takes any colour (it completes no line)', () => {
    const level = lab('R R ?+jcube / G B G / B G B', { colors: 3, moves: 1 });
    const seen = new Set<string>();
    for (let seed = 1; seed <= 30; seed++) seen.add(at(createGame(level, { seed, record: false }), 2, 0)[0]);
    expect(seen.has('R')).toBe(true);
  });
});

describe('§12.1 fallsWithTile: the covered tile falls carrying its cover', () => {
  it('a bubbled tile falls into the cell a match below it left', () => {
    const g = after(lab('B+bubble Y P / G R R / R O B', { moves: 1 }), '0,1d');
    expectBoard(g, '. . . / B+bubble:1 Y P / G O B');
  });

  it('it still cannot be swapped', () => {
    const g = start(lab('G B+bubble G G / R Y R Y / B R B R', { moves: 1 }));
    expect(pairCount(g, [0, 0], [1, 0])).toBe(0);
  });

  it('a plain cover\'s tile does not fall (it holds up what is above under rules 1)', () => {
    const g = after(lab('B+frost Y P / G R R / R O B', { moves: 1 }), '0,1d');
    expect(at(g, 0, 0)).toBe('B+frost:1');
    expect(at(g, 0, 1)).toBe('.');
  });
});

validLevels(25, made);
