// RULES §12.3 board layout (level file version 2): portals and fall paths, belts, walls, spawners,
// hidden pieces and `find`, on hand-built boards of the lab2 game. Written from the RULES text.
import { describe, expect, it } from 'vitest';
import { parseLevel } from '../../../src/core/level/index.ts';
import { createGame, playMove, snapshot } from '../../../src/core/sim/play.ts';
import { GAMES, maker, objective, validLevels } from './v2Kit.ts';
import { after, at, countTile, expectBoard, found, mv, pairCount, play, start, v2Level, type V2Opts } from './v2Notation.ts';

const { make: lab, made } = maker('lab2');
const colour = /^[RGBYPO]$/;

describe('§12.3 portals: fall paths', () => {
  it('a piece falling out of `from` enters `to`: the path runs on through the other column', () => {
    const g = after(lab('R G V B / G B Y R / B R G Y', { moves: 1, portals: [{ from: [0, 2], to: [2, 0] }] }), '2,0');
    expectBoard(g, '. G R B / . B G R / . R B Y');
  });

  it('the cell below `from` loses its feeder (a path start that is neither a column top nor a spawner stays empty under rules 1); the cell above `to` no longer feeds it', () => {
    const level = lab('cap cap cap cap / R G B Y / G B R G / H R G B', { moves: 1, portals: [{ from: [0, 2], to: [2, 1] }] });
    const g = start(level, { refill: true });
    play(g, '0,3');
    expectBoard(g, 'cap:1 cap:1 cap:1 cap:1 / . . G . / R G B Y / . B R G');
  });

  it('a tile above `to` rests there as on the bottom row', () => {
    const g = after(lab('R G B / G B R / H R G', { moves: 1, portals: [{ from: [0, 2], to: [2, 1] }] }), '0,2');
    expectBoard(g, '. . B / . G G / R B R');
  });

  it('new tiles enter at a path whose first cell is a column top: the portal carries them on into the other column', () => {
    const g = start(lab('R G V B / G B Y R / B R G Y', { moves: 1, portals: [{ from: [0, 2], to: [2, 0] }] }), { refill: true });
    play(g, '2,0');
    // column 2 took column 0's tiles; column 0 took new ones (nothing enters at (2,0))
    for (let y = 0; y < 3; y++) expect(at(g, 0, y), `(0,${y})`).toMatch(colour);
    expect([at(g, 2, 0), at(g, 2, 1), at(g, 2, 2)]).toEqual(['R', 'G', 'B']);
  });
});

describe('§12.6 rare cases: gravity on a valid level settles, with portals and slides too', () => {
  it('rules 2, a portal from the bottom of column 0 to the top of column 1, column 0 capped: the slide into (0,1) from (1,0) must not feed the path forever', () => {
    // (1,0) is upper-right of (0,1), and also the cell the portal path reaches after (0,3): a slide
    // there, then the fall along the path, empties (0,1) again (RULES §12.6 says a valid level settles)
    const level = lab('cap G B Y / R B R G / H Y G B / G P Y R', { moves: 3, rules: 2, portals: [{ from: [0, 3], to: [1, 0] }] });
    const g = start(level, { refill: true });
    expect(() => play(g, '0,2')).not.toThrow();
  });
});

describe('§12.3 refill order on fall paths', () => {
  it('each path is refilled lowest (last) empty cell first: the one spawned piece enters at the bottom of column 0, whose path runs on through the portal', () => {
    const level = lab('R G V B / G B Y R / B R G Y', { moves: 1, portals: [{ from: [0, 2], to: [2, 0] }], spawn: [{ element: 'ball', chance: 1, max: 1, total: 1 }] });
    const g = start(level, { refill: true });
    play(g, '2,0');
    expect(at(g, 0, 2)).toBe('ball:1');
    expect([at(g, 0, 0), at(g, 0, 1)].every((t) => /^[RGBYPO]$/.test(t))).toBe(true);
    expect([at(g, 2, 0), at(g, 2, 1), at(g, 2, 2)]).toEqual(['R', 'G', 'B']);
  });
});

describe('§12.3 belts', () => {
  const row2 = { belts: [{ cells: [[0, 2], [1, 2], [2, 2], [3, 2]] as [number, number][] }] };

  it('after the move and its cascades every belt shifts once: each cell\'s tile slot to the next cell, the last one\'s to the first; ground stays', () => {
    const g = after(lab('G R R Y / R B G P / O^sand:1 Y B G', { moves: 1, ...row2 }), '0,1u');
    expectBoard(g, '. . . Y / G B G P / G^sand:1 O Y B');
    expect(snapshot(g).score).toBe(30);
  });

  it('the slot carries the tile, its hp, its cover and a coloured piece\'s colour and countdown; exits stay with their cells', () => {
    const g = after(lab('G R R Y / R B G P / box:2 R+frost:2! cb=G B', { moves: 1, ...row2 }), '0,1u');
    expectBoard(g, '. . . Y / G B G P / B box:2! R+frost:2 cb=G#2');
  });

  it('empty slots shift too', () => {
    const g = after(lab('cap cap cap cap / G R R Y / R B G P', { moves: 1, belts: [{ cells: [[0, 1], [1, 1], [2, 1], [3, 1]] }] }), '0,2u');
    expectBoard(g, 'cap:1 cap:1 cap:1 cap:1 / Y . . . / G B G P');
  });

  it('then gravity and cascades run again, the step count going on (the first clear after the shift is step 2 here); one shift per move', () => {
    const g = after(lab('Y P G R R / Y O R B G / B Y P G B', { moves: 1, belts: [{ cells: [[0, 2], [1, 2]] }] }), '2,1u');
    expectBoard(g, '. P . . . / . O G B G / . B P G B');
    expect(snapshot(g).score).toBe(30 + 60);
  });

  it('an item moved onto an exit is taken by the gravity that follows', () => {
    const level = lab('G R R Y / R B G P / cherry G! B Y', { moves: 1, ...row2, objectives: [{ type: 'bring_down', element: 'cherry', count: 1 }] });
    const g = start(level);
    const r = play(g, '0,1u');
    expect(countTile(g, 'cherry')).toBe(0);
    expect(r.status).toBe('won');
    expectBoard(g, '. . . Y / G . G P / Y B! G B');
  });
});

describe('§12.3 walls', () => {
  const right00 = { walls: [{ x: 0, y: 0, side: 'right' as const }] };

  it('no swap crosses a wall', () => {
    const text = 'R G R R / B Y G B / G B Y G';
    expect(pairCount(start(lab(text, { moves: 1 })), [0, 0], [1, 0])).toBe(1);
    const g = start(lab(text, { moves: 1, ...right00 }));
    expect(pairCount(g, [0, 0], [1, 0])).toBe(0);
    expect(playMove(g, mv('0,0r')).ok).toBe(false);
  });

  it('no match line crosses a wall: three in a row split by one are no designed match', () => {
    const g = start(lab('R R R / G B G / B G B', { moves: 1, walls: [{ x: 1, y: 0, side: 'right' }] }));
    expectBoard(g, 'R R R / G B G / B G B');
    const open = createGame(lab('R R R / G B G / B G B', { moves: 1 }), { seed: 7, record: false });
    expect([at(open, 0, 0), at(open, 1, 0), at(open, 2, 0)].join('')).not.toBe('RRR');
  });

  it('swap validity: a line that would run across a wall makes no valid swap', () => {
    const text = 'R R G Y / B Y R P / G B Y O';
    expect(pairCount(start(lab(text, { moves: 1 })), [2, 0], [2, 1])).toBe(1);
    expect(pairCount(start(lab(text, { moves: 1, walls: [{ x: 1, y: 0, side: 'right' }] })), [2, 0], [2, 1])).toBe(0);
  });

  it('the start fill\'s no-line rule stops at walls: beside two reds across a wall a random cell may be red', () => {
    const level = lab('R R ? / G B G / B G B', { colors: 3, moves: 1, walls: [{ x: 1, y: 0, side: 'right' }] });
    const seen = new Set<string>();
    for (let seed = 1; seed <= 30; seed++) seen.add(at(createGame(level, { seed, record: false }), 2, 0));
    expect(seen.has('R')).toBe(true);
  });

  it('no `adjacent` event crosses a wall', () => {
    const text = 'G R R Y / R box:3 B P / B Y G O';
    expect(at(after(lab(text, { moves: 1 }), '0,1u'), 1, 1)).toBe('box:2');
    expect(at(after(lab(text, { moves: 1, walls: [{ x: 1, y: 0, side: 'bottom' }] }), '0,1u'), 1, 1)).toBe('box:3');
  });

  it('no hit_neighbours crosses a wall', () => {
    const text = 'G R R Y / R lava mud:2 P / B Y G O';
    expect(at(after(lab(text, { moves: 1 }), '0,1u'), 2, 1)).toBe('mud:1');
    expect(at(after(lab(text, { moves: 1, walls: [{ x: 1, y: 1, side: 'right' }] }), '0,1u'), 2, 1)).toBe('mud:2');
  });

  it('no spreading crosses a wall', () => {
    const text = 'cap cap cap cap / G R R Y / R B P O / goo Y G B';
    const open = start(lab(text, { moves: 1 }), { refill: true });
    play(open, '0,2u');
    expect(countTile(open, 'goo')).toBe(2);
    const walls = [{ x: 0, y: 2, side: 'bottom' as const }, { x: 0, y: 3, side: 'right' as const }];
    const g = start(lab(text, { moves: 1, walls }), { refill: true });
    play(g, '0,2u');
    expect(countTile(g, 'goo')).toBe(1);
  });

  it('no emitter `adjacent` target across a wall', () => {
    // the fountain's neighbours: (0,2) across the wall, (1,3) beside it
    const g = start(lab('cap cap cap cap / G R R Y / R B G P / fountain O Y B', { moves: 1, walls: [{ x: 0, y: 2, side: 'bottom' }] }), { refill: true });
    play(g, '0,2u');
    expect(at(g, 0, 2)).toBe('G');
    expect(at(g, 1, 3)).toBe('choc:1');
  });

  it('a rocket crosses walls (and the tiles that fall after it make no line across one)', () => {
    const walls = [{ x: 1, y: 0, side: 'right' as const }, { x: 1, y: 1, side: 'right' as const }];
    const g = after(lab('R R R G / H B Y B / G Y B G', { moves: 1, walls }), '0,1');
    expectBoard(g, '. . . . / R R R G / G Y B G');
    expect(snapshot(g).score).toBe(40);
  });

  it('a bomb\'s square ignores walls', () => {
    const walls = [{ x: 0, y: 1, side: 'right' as const }, { x: 1, y: 1, side: 'right' as const }, { x: 1, y: 0, side: 'bottom' as const }, { x: 1, y: 1, side: 'bottom' as const }];
    const g = after(lab('G B G / Y X R / B G B', { moves: 1, walls }), '1,1');
    expectBoard(g, '. . . / . . . / . . .');
    expect(snapshot(g).score).toBe(90);
  });

  it('falls pass walls', () => {
    const g = after(lab('B Y P / G R R / R O B', { moves: 1, walls: [{ x: 0, y: 0, side: 'bottom' }] }), '0,1d');
    expectBoard(g, '. . . / B Y P / G O B');
  });
});

describe('§12.3 spawners', () => {
  const balls = { spawn: [{ element: 'ball', chance: 1, max: 9, total: 9 }] };

  it('new tiles entering a spawner\'s path go through its list instead of the level\'s (an empty list: colours only)', () => {
    const text = 'V G B / G B R / B R G';
    const plain = start(lab(text, { moves: 1, ...balls }), { refill: true });
    play(plain, '0,0');
    expect([at(plain, 0, 0), at(plain, 0, 1), at(plain, 0, 2)]).toEqual(['ball:1', 'ball:1', 'ball:1']);
    const g = start(lab(text, { moves: 1, ...balls, spawners: [{ at: [0, 0], spawn: [] }] }), { refill: true });
    play(g, '0,0');
    for (let y = 0; y < 3; y++) expect(at(g, 0, y)).toMatch(colour);
  });

  // tapping the rocket in row 2 brings one new tile into each column, in path order: column 0, 1, 2
  const twoSpawners = (max: number, total: number) =>
    lab('G B R / B R G / H G B', {
      moves: 1,
      spawners: [0, 2].map((x) => ({ at: [x, 0] as [number, number], spawn: [{ element: 'ball', chance: 1, max, total }] })),
    });

  it('`max` counts the element on the board, shared by every spawner, in path order', () => {
    const g = start(twoSpawners(1, 9), { refill: true });
    play(g, '0,2');
    expect(at(g, 0, 0)).toBe('ball:1');
    expect(at(g, 1, 0)).toMatch(colour);
    expect(at(g, 2, 0)).toMatch(colour);
    expect(countTile(g, 'ball')).toBe(1);
  });

  it('`total` is shared by every spawner and the level\'s spawn: an entry stops once the element has entered `total` times anywhere', () => {
    // column 0's spawner spawns nothing; column 1 takes the level's entry (total 1); column 2's entry (total 1) finds it used up
    const level = lab('G B R / B R G / H G B', {
      moves: 1,
      spawn: [{ element: 'ball', chance: 1, max: 9, total: 1 }],
      spawners: [{ at: [0, 0], spawn: [] }, { at: [2, 0], spawn: [{ element: 'ball', chance: 1, max: 9, total: 1 }] }],
    });
    const g = start(level, { refill: true });
    play(g, '0,2');
    expect(at(g, 0, 0)).toMatch(colour);
    expect(at(g, 1, 0)).toBe('ball:1');
    expect(at(g, 2, 0)).toMatch(colour);
    expect(countTile(g, 'ball')).toBe(1);
  });

  it('a spawner on a path start that is not a column top makes it a refill entry', () => {
    const level = lab('cap cap cap cap / R G B Y / G B R G / H R G B', {
      moves: 1, portals: [{ from: [0, 2], to: [2, 1] }], spawners: [{ at: [0, 3], spawn: [] }],
    });
    const g = start(level, { refill: true });
    play(g, '0,3');
    expectBoard(g, 'cap:1 cap:1 cap:1 cap:1 / . . G . / R G B Y / * B R G');
    expect(at(g, 0, 3)).toMatch(colour);
  });
});

describe('§12.3 hidden pieces and find', () => {
  const hidden = (size: [number, number] = [2, 1]) => ({ hidden: [{ at: [1, 1] as [number, number], size }] });

  it('a rectangle is found when, at the end of a move, none of its cells has any ground', () => {
    const g = start(lab('Y B G P / G R^sand:1 R^sand:1 Y / R B Y O', { moves: 1, ...hidden(), objectives: [{ type: 'find', count: 1 }] }));
    expect(found(g)).toBe(0);
    const r = play(g, '0,2u');
    expect(found(g)).toBe(1);
    expect(objective(g)).toMatchObject({ done: 1, complete: true });
    expect(r.status).toBe('won');
  });

  it('a ground layer left on one of its cells: not found', () => {
    const g = start(lab('Y B G P / G R^sand:2 R^sand:1 Y / R B Y O', { moves: 1, ...hidden(), objectives: [{ type: 'find', count: 1 }] }));
    play(g, '0,2u');
    expect(found(g)).toBe(0);
    expect(objective(g).complete).toBe(false);
  });

  it('found for good: a ground spread back onto the rectangle later does not undo it', () => {
    // move 1 clears the sand under (1,1); move 2's group carries the rug from (3,1) onto (1,1)
    const level = lab('P B B O / G R^sand:1 R Y^rug:1 / R G P B / Y O G P', { moves: 2, hidden: [{ at: [1, 1], size: [1, 1] }] });
    const g = start(level);
    play(g, '0,2u');
    expect(found(g)).toBe(1);
    play(g, '3,2u');
    expect(at(g, 1, 1)).toMatch(/\^rug:1$/);
    expect(found(g)).toBe(1);
  });

  it('a rectangle with no ground at the start is found at the end of move 1, not before', () => {
    const g = start(
      lab('Y B G P / G R^sand:2 R^sand:1 Y / R B Y O', {
        moves: 1, hidden: [{ at: [1, 1], size: [2, 1] }, { at: [3, 2], size: [1, 1] }], objectives: [{ type: 'find', count: 1 }],
      }),
    );
    expect(found(g)).toBe(0);
    expect(objective(g).complete).toBe(false);
    const r = play(g, '0,2u');
    expect(found(g)).toBe(1);
    expect(r.status).toBe('won');
  });
});

describe('§12 a version 2 level of the classic game', () => {
  it('plays with its layout (a wall stops a swap; a belt shifts)', () => {
    const walled = v2Level(undefined, 'R G R R / B Y G B / G B Y G', { moves: 1, walls: [{ x: 0, y: 0, side: 'right' }] });
    made.push(walled);
    expect(pairCount(start(walled), [0, 0], [1, 0])).toBe(0);
    const belted = v2Level(undefined, 'G R R Y / R B G P / O Y B G', { moves: 1, belts: [{ cells: [[0, 2], [1, 2], [2, 2], [3, 2]] }] });
    made.push(belted);
    expectBoard(after(belted, '0,1u'), '. . . Y / G B G P / G O Y B');
  });
});

describe('§12.3 refused layouts', () => {
  const refused = (opts: V2Opts, field: RegExp, text = 'R G B / G B R / B R G') => {
    const r = parseLevel(v2Level('lab2', text, opts), { games: GAMES });
    expect(r.ok).toBe(false);
    const said = r.ok ? '' : r.problems.map((p) => `${p.path}: ${p.message}`).join('\n');
    expect(said).toMatch(field);
  };

  it('portals: from = to, a cell twice as `from`, a closed loop of paths', () => {
    refused({ portals: [{ from: [1, 2], to: [1, 2] }] }, /portals\[0\]/);
    refused({ portals: [{ from: [0, 2], to: [1, 0] }, { from: [0, 2], to: [2, 0] }] }, /portals\[1\]/);
    refused({ portals: [{ from: [0, 2], to: [1, 0] }, { from: [1, 2], to: [0, 0] }] }, /closed loop/);
  });

  it('belts: cells not orthogonal neighbours, a cell on two belts, a void or a multi-cell piece on a belt', () => {
    refused({ belts: [{ cells: [[0, 0], [2, 0]] }] }, /belts\[0\]/);
    refused({ belts: [{ cells: [[0, 0], [1, 0]] }, { cells: [[1, 0], [1, 1]] }] }, /belts\[1\]/);
    refused({ belts: [{ cells: [[0, 0], [1, 0]] }] }, /belts\[0\]/, 'R _ B / G B R / B R G');
    refused({ belts: [{ cells: [[0, 1], [1, 1]] }] }, /belts\[0\]/, 'R G B / cake:2 & R / & & G');
  });

  it('walls: the same edge twice, an edge off the board', () => {
    refused({ walls: [{ x: 0, y: 0, side: 'right' }, { x: 0, y: 0, side: 'right' }] }, /walls\[1\]/);
    refused({ walls: [{ x: 2, y: 0, side: 'right' }] }, /walls\[0\]/);
  });

  it('spawners: `at` must be the first cell of a fall path', () => {
    refused({ spawners: [{ at: [0, 1], spawn: [] }] }, /spawners\[0\]\.at: must be the first cell of a fall path/);
  });

  it('hidden: rectangles inside the board that do not overlap', () => {
    refused({ hidden: [{ at: [2, 2], size: [2, 1] }] }, /hidden\[0\]/);
    refused({ hidden: [{ at: [0, 0], size: [2, 2] }, { at: [1, 1], size: [1, 1] }] }, /hidden\[1\]/);
  });

  it('a §12 field in a version 1 level file is refused naming it', () => {
    refused({ version: 1, walls: [{ x: 0, y: 0, side: 'right' }] }, /walls[^\n]*version/);
  });

  it('a version 1 level of a version 2 game may not paint a coloured element', () => {
    refused({ version: 1 }, /cells\[0\]\[0\]/, 'cb=R G B / G B R / B R G');
  });
});

validLevels(20, made);
