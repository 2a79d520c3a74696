// RULES §11.2 and §11.3, one test per rule, on hand-built boards of test games (notation in
// gameNotation.ts). Written from the RULES text. Refill is off unless a test needs it, so the board
// after gravity is exact ('.' = empty); where refills are random a test asserts only what the rules fix.
import { describe, expect, it } from 'vitest';
import { registerGames } from '../../../src/core/game/registry.ts';
import { parseGame } from '../../../src/core/game/schema.ts';
import { parseLevel } from '../../../src/core/level/index.ts';
import type { LevelT } from '../../../src/core/level/index.ts';
import { createGame, legalMoves, playMove, snapshot, type PlayGame } from '../../../src/core/sim/play.ts';
import { CLASSIC_COPY, DUAL, DUAL2, LAB } from './gameDefs.ts';
import { at, countTile, expected, gameLevel, mv, pairCount, play, rows, show, start, type GameLevelOpts } from './gameNotation.ts';

registerGames([LAB, DUAL, DUAL2, CLASSIC_COPY]);

const E = Object.fromEntries(LAB.elements.map((e, i) => [e.id, i])) as Record<string, number>;
const board = (g: PlayGame) => g.sim.board as any;
/** Every level this file builds, checked against its game at the end. */
const made: LevelT[] = [];
const lab = (text: string, opts: GameLevelOpts = {}) => {
  const l = gameLevel('lab', text, opts);
  made.push(l);
  return l;
};
function expectBoard(g: PlayGame, text: string) {
  const got = show(g);
  expect(got).toBe(expected(text, got));
}
/** Plays one move on a fresh game of the level (refill off) and returns the game. */
function after(level: LevelT, ...moves: string[]): PlayGame {
  const g = start(level);
  for (const m of moves) play(g, m);
  return g;
}
const objectiveDone = (g: PlayGame, k = 0) => snapshot(g).objectives[k];

describe('§11.2 hits: one per cell per step, on the top layer', () => {
  it('a match on a covered tile takes a cover layer, the tile stays and its ground keeps its layer; a cover without `adjacent` ignores a neighbouring match', () => {
    const g = after(lab('G R+frost:2^sand:1 R / R G B+frost:1 / B Y G'), '0,1u');
    expectBoard(g, '. R+frost:1^sand:1 . / G G B+frost:1 / B Y G');
    expect(snapshot(g).score).toBe(20);
    expect(board(g).elLeft[E.frost]).toBe(2);
    expect(board(g).elLeft[E.sand]).toBe(1);
  });

  it('a cover immune to the cell\'s events is not hit and shields its tile (and the tile\'s ground)', () => {
    const g = after(lab('G R+net:2^sand:2 R / R G B / B Y G'), '0,1u');
    expectBoard(g, '. R+net:2^sand:2 . / G G B / B Y G');
    expect(snapshot(g).score).toBe(20);
  });

  it('a cover listing only `adjacent` is hit in a group (its group neighbours) and beside one; the tiles stay', () => {
    const g = after(lab('G R+moss R Y+moss / R G B Y / B Y G R'), '0,1u');
    expectBoard(g, '. R . Y / G G B Y / B Y G R');
    expect(board(g).elLeft[E.moss]).toBe(0);
    expect(board(g).elCells[E.moss]).toBe(0);
  });

  it('a tile element next to two groups of one step loses one hp; colour tiles next to a match stay', () => {
    // the swap makes a column of R (x=1) and a row of Y (y=3); the box at (0,2) touches both
    const g = after(lab('G R B / B R G / box:3 Y B / Y R Y'), '1,2d');
    expectBoard(g, 'G . . / B . B / box:2 . G / . . B');
    expect(snapshot(g).score).toBe(60);
    expect(board(g).elLeft[E.box]).toBe(2);
  });

  it('next to a match and blasted in one step: one hp; at 0 removed, scored, counted for collect; ground under it loses one layer', () => {
    // R→(2,0) makes R R R in row 0; the rocket lands on (2,1) and clears row 1
    const level = lab('R R H box:2^sand:1 / box:1^sand:2 box:2 R G / G B Y B', {
      objectives: [{ type: 'collect', element: 'box', count: 1 }],
    });
    const g = start(level);
    const r = play(g, '2,0d');
    // (0,1): destroyed (adjacent + blast = one hit) and its sand loses one layer (cleared + blast = one);
    // (1,1): 2 → 1; (3,0): adjacent only, its sand stays (the ground under a blasted tile element that
    // stays: docs/rules.md §6, "a cell is affected once a step")
    expectBoard(g, '. . . box:1^sand:1 / .^sand:1 box:1 . . / G B Y B');
    expect(r.score).toBe(60); // R R R, the box, the rocket, G
    expect(board(g).elRemoved[E.box]).toBe(1);
    expect(board(g).elLeft[E.box]).toBe(2);
    expect(board(g).elCells[E.box]).toBe(2);
    expect(board(g).elLeft[E.sand]).toBe(2);
    expect(r.status).toBe('won');
    expect(objectiveDone(g).complete).toBe(true);
  });

  it('a tile element immune to `adjacent` ignores a match beside it and loses hp to a blast; a special beside a match does not fire', () => {
    const level = lab('G R R / R jar:2 H / B Y G', { moves: 2 });
    const g = start(level);
    play(g, '0,1u');
    expectBoard(g, '. . . / G jar:2 H / B Y G');
    play(g, '2,1');
    expectBoard(g, '. . . / . jar:1 . / B Y G');
    expect(snapshot(g).score).toBe(50);
  });

  it('a match and a blast on one covered cell in one step take one cover layer', () => {
    // R→(2,1) makes R R R in row 1 with the frosted R; the bomb lands on (2,2)
    // (the ground under that cell: docs/rules.md §6, "a cell is affected once a step")
    const g = after(lab('G B G B / R R+frost:2 X B / B G R Y'), '2,1d');
    expectBoard(g, '. B . . / G R+frost:1 . . / B . G B');
    expect(snapshot(g).score).toBe(60);
  });
});

describe('§11.2 hits by blasts', () => {
  it('a special hit by a blast fires in the same step; a tile element reached by both blasts loses one hp', () => {
    // the rocket's row reaches the bomb, whose 3×3 reaches the jar again
    const g = after(lab('G B G B G / H Y X jar:2 R / B G B G B'), '0,1');
    expectBoard(g, '. . . . . / G . . jar:1 G / B . . . B');
    expect(snapshot(g).score).toBe(100);
  });

  it('bomb + bomb over every kind of layer: one hit each on the top layer, shielding, items untouched, grounds by blast', () => {
    const g = after(
      lab('G B G B G / B stone^sand:1 cherry^tar:2 box:3 B / G R+frost:2^sand:1 X X G / B jar:2 Y+net:2 G+moss B / G B G B G'),
      '3,2l',
    );
    expectBoard(g, '. . . . . / . stone .^tar:1 box:2 . / . R+frost:1 cherry . . / . jar:1 Y+net:1 G+moss . / . . . . .');
    expect(snapshot(g).score).toBe(180);
    expect(board(g).elExited[E.cherry]).toBe(0);
    expect(board(g).elRemoved[E.cherry]).toBe(0);
  });
});

describe('§11.2 ground damage', () => {
  it('`cleared` takes a layer when the tile above is removed; a ground without it keeps its layers; the layer stays with the cell', () => {
    const g = after(lab('G R^sand:2 R^tar:2 / R G^sand:1 B / B Y G'), '0,1u');
    expectBoard(g, '. .^sand:1 .^tar:2 / G G^sand:1 B / B Y G');
  });

  it('`blast` takes a layer under a removed tile, a cover, a tile element and an immune element; an immune ground keeps its layer', () => {
    const g = after(lab('G B G B G / H^sand:2 R+frost:2^sand:2 box:3^tar:2 stone^sand:1 Y+moss^felt:1 / B Y B Y B'), '0,1');
    expectBoard(g, '. B G B G / G^sand:1 R+frost:1^sand:1 box:2^tar:1 stone Y+moss^felt:1 / B Y B Y B');
    expect(snapshot(g).score).toBe(10);
    expect(board(g).elLeft[E.sand]).toBe(2);
  });

  it('`blast` takes a layer under an empty cell', () => {
    const g = start(lab('stone G B Y / R^sand:2 Y G H / V B Y G', { moves: 2 }));
    play(g, '0,2');
    expectBoard(g, 'stone G B Y / .^sand:1 Y G H / . B Y G');
    play(g, '3,1');
    expectBoard(g, 'stone . . . / . G B Y / . B Y G');
    expect(board(g).elLeft[E.sand]).toBe(0);
    expect(board(g).elCells[E.sand]).toBe(0);
  });
});

describe('§11.2 elements never match or fire', () => {
  it('three elements in a line are no match; swapping two swappable elements is no move', () => {
    const level = lab('gem gem gem / box R G / box G B / box H R');
    const g = start(level);
    expectBoard(g, 'gem gem gem / box:1 R G / box G B / box H R');
    expect(pairCount(g, [0, 0], [1, 0])).toBe(0);
    expect(playMove(g, mv('0,0r')).ok).toBe(false);
  });

  it('a removed tile element does not fire: only its own cell empties', () => {
    // the ball beside the match goes (damage: adjacent); nothing around it is hit
    const g = after(lab('G R R / R ball B / B Y G'), '0,1u');
    expectBoard(g, '. . . / G . B / B Y G');
    expect(board(g).elRemoved[E.ball]).toBe(1);
    expect(snapshot(g).score).toBe(40);
  });
});

describe('§11.2 gravity with elements', () => {
  it('rules 1: a falling element falls like a tile; a non-falling one holds up what is above and the cell under it stays empty', () => {
    const g = after(lab('ball Y G / B stone B / H R Y / G B G'), '0,2');
    expectBoard(g, '. Y . / ball stone G / B . B / G B G');
    expect(snapshot(g).score).toBe(30);
  });

  it('rules 2: a falling element slides diagonally into a cell under a blocker', () => {
    const g = start(lab('G B R / ball stone Y / Y V B', { rules: 2 }), { refill: true });
    play(g, '1,2');
    expect(at(g, 1, 2)).toBe('ball:1');
    expect(at(g, 1, 1)).toBe('stone:1');
    expect(at(g, 0, 2)).toBe('Y');
    expect(at(g, 2, 2)).toBe('B');
    expect(countTile(g, 'ball')).toBe(1);
  });

  it('rules 2: a non-falling element is no source of a slide (upper-right is taken instead); rules 1: the cell stays empty', () => {
    const text = 'G B R / stone stone Y / Y V B';
    const g2 = start(lab(text, { rules: 2 }), { refill: true });
    play(g2, '1,2');
    expect(at(g2, 1, 2)).toBe('Y');
    expect(at(g2, 0, 1)).toBe('stone:1');
    expect(at(g2, 2, 1)).toBe('R');
    expect(at(g2, 2, 2)).toBe('B');
    const g1 = start(lab(text), { refill: true });
    play(g1, '1,2');
    expect(at(g1, 1, 2)).toBe('.');
    expect(at(g1, 0, 1)).toBe('stone:1');
  });
});

describe('§11.2 refill with spawn entries', () => {
  const COLUMN = 'R G B / G B R / B R G / V G B'; // tapping (0,3) empties column 0: four refills, lowest first
  const spawn = (...e: [string, number, number, number][]) => e.map(([element, chance, max, total]) => ({ element, chance, max, total }));
  const refillGame = (text: string, s: ReturnType<typeof spawn>, opts: GameLevelOpts = {}) => {
    const g = start(lab(text, { spawn: s, ...opts }), { refill: true });
    play(g, '0,3');
    return g;
  };

  it('entries are tried in order, lowest new tile first; an entry that has reached its total passes to the next', () => {
    const g = refillGame(COLUMN, spawn(['pearl', 1, 5, 1], ['shell', 1, 5, 1]));
    expect(at(g, 0, 3)).toBe('pearl:1');
    expect(at(g, 0, 2)).toBe('shell:1');
    expect(countTile(g, 'pearl')).toBe(1);
    expect(countTile(g, 'shell')).toBe(1);
  });

  it('`max` counts the element on the board at that moment, pieces placed earlier in the same refill included', () => {
    const g = refillGame(COLUMN, spawn(['pearl', 1, 2, 99]));
    expect(at(g, 0, 3)).toBe('pearl:1');
    expect(at(g, 0, 2)).toBe('pearl:1');
    expect(countTile(g, 'pearl')).toBe(2);
  });

  it('`max` counts painted pieces', () => {
    const g = refillGame('R G pearl / G B R / B R G / V G B', spawn(['pearl', 1, 2, 99]));
    expect(at(g, 0, 3)).toBe('pearl:1');
    expect(countTile(g, 'pearl')).toBe(2);
  });

  it('`total` is per element, shared by two entries naming it', () => {
    const g = refillGame(COLUMN, spawn(['pearl', 1, 20, 1], ['pearl', 1, 20, 3]));
    expect(countTile(g, 'pearl')).toBe(3);
    expect([at(g, 0, 3), at(g, 0, 2), at(g, 0, 1)]).toEqual(['pearl:1', 'pearl:1', 'pearl:1']);
  });

  it('painted pieces do not count toward `total`', () => {
    const g = refillGame('R pearl pearl / G B R / B R G / V G B', spawn(['pearl', 1, 20, 2]));
    expect(countTile(g, 'pearl')).toBe(4);
  });

  it('an entry that is not eligible draws nothing from the stream; an eligible one draws u even when it puts nothing', () => {
    const text = 'R G pearl / G B R / B R G / V G B';
    const plain = refillGame(text, []);
    // max reached by the painted pearl: the entry is skipped without a draw, the refills are the same colours
    const ineligible = refillGame(text, spawn(['pearl', 0.5, 1, 99]));
    expect(show(ineligible)).toBe(show(plain));
    // eligible with a tiny chance: u is drawn (and fails) before each colour, so the colours differ
    const eligible = refillGame(text, spawn(['pearl', 1e-9, 5, 99]));
    expect(countTile(eligible, 'pearl')).toBe(1);
    expect(show(eligible)).not.toBe(show(plain));
  });

  it('nothing spawns at the start: neither the start fill nor the refills that resolve a designed match', () => {
    const level = lab('R R R / ? ? ? / ? ? ? / ? ? ?', { spawn: spawn(['pearl', 1, 20, 99], ['stone', 1, 20, 99]) });
    for (const seed of [1, 2, 3]) {
      const g = createGame(level, { seed, record: false });
      expect(countTile(g, 'pearl') + countTile(g, 'stone')).toBe(0);
      expect(board(g).elCells[E.pearl]).toBe(0);
    }
  });

  it('a non-falling spawned element stays in the cell where it entered and holds up nothing below it; a falling one falls', () => {
    const text = 'H G B / G B R / B R G / V G B';
    // the jar (hp 2, blasts only, does not fall) enters with its full hp
    const stay = start(lab(text, { moves: 2, spawn: spawn(['jar', 1, 1, 1]) }), { refill: true });
    play(stay, '0,0');
    expect(at(stay, 0, 0)).toBe('jar:2');
    play(stay, '0,3');
    expect([at(stay, 0, 0), at(stay, 0, 1), at(stay, 0, 2), at(stay, 0, 3)]).toEqual(['jar:1', '.', '.', '.']);
    const fall = start(lab(text, { moves: 2, spawn: spawn(['pearl', 1, 1, 1]) }), { refill: true });
    play(fall, '0,0');
    expect(at(fall, 0, 0)).toBe('pearl:1');
    play(fall, '0,3');
    expect(at(fall, 0, 3)).toBe('pearl:1');
    expect(countTile(fall, 'pearl')).toBe(1);
  });
});

describe('§11.2 exits', () => {
  it('an item on an exit after gravity is removed and counted for bring_down, without score or a hit on the ground; gravity runs again', () => {
    const level = lab('G B G / cherry G B / Y^sand:1! Y R / R R B', {
      objectives: [{ type: 'bring_down', element: 'cherry', count: 1 }],
    });
    const g = start(level);
    const r = play(g, '2,2d');
    expectBoard(g, '. . . / . B G / G^sand:1! G B / Y Y B');
    expect(r.score).toBe(30);
    expect(board(g).elExited[E.cherry]).toBe(1);
    expect(board(g).elLeft[E.sand]).toBe(1);
    expect(objectiveDone(g)).toMatchObject({ done: 1, target: 1, complete: true });
    expect(r.status).toBe('won');
  });

  it('gravity runs again until no item stands on an exit: two items above one exit both go', () => {
    const g = start(lab('cherry G B / cherry R G / R! B R', { objectives: [{ type: 'bring_down', element: 'cherry', count: 2 }] }));
    const r = play(g, '1,1d');
    expectBoard(g, '. . . / . G B / .! B G');
    expect(board(g).elExited[E.cherry]).toBe(2);
    expect(r.score).toBe(30);
    expect(r.status).toBe('won');
  });

  it('items brought down before the first move do not count; an item painted on an exit stays until a gravity, then counts after a move', () => {
    const obj = { objectives: [{ type: 'bring_down', element: 'cherry', count: 2 }] };
    // a designed match drops the cherry onto the exit at the start
    const early = createGame(lab('cherry G B / B! Y G / R R R / G B Y', obj), { seed: 3, record: false });
    expect(countTile(early, 'cherry')).toBe(0);
    expect(objectiveDone(early).done).toBe(0);
    // painted on an exit, no designed match: still there at the start, taken by the first move's gravity
    const g = start(lab('cherry! G B / B Y G / R G R / G B Y / B G V', { ...obj, moves: 3 }));
    expect(at(g, 0, 0)).toBe('cherry:1!');
    play(g, '2,4'); // column 2 only: the cherry does not move, the gravity after the move takes it
    expect(countTile(g, 'cherry')).toBe(0);
    expect(objectiveDone(g).done).toBe(1);
  });

  it('rules 2: exits are checked once the whole loop has settled (an item that slides off an exit stays); rules 1: taken', () => {
    const text = 'G B R / B stone G / cherry! stone Y / stone H G';
    const obj = { objectives: [{ type: 'bring_down', element: 'cherry', count: 1 }] };
    const g2 = start(lab(text, { rules: 2, ...obj }), { refill: true });
    play(g2, '1,3');
    expect(at(g2, 1, 3)).toBe('cherry:1');
    expect(countTile(g2, 'cherry')).toBe(1);
    expect(objectiveDone(g2).done).toBe(0);
    const g1 = start(lab(text, obj), { refill: true });
    const r1 = play(g1, '1,3');
    expect(countTile(g1, 'cherry')).toBe(0);
    expect(objectiveDone(g1).done).toBe(1);
    expect(r1.status).toBe('won');
  });

  it('an item takes no damage whatever its list says; a blast on its cell takes a layer off the ground under it', () => {
    const g = after(lab('G B G / cherry^sand:2 H R / B Y B'), '1,1');
    expectBoard(g, 'G . . / cherry^sand:1 B G / B Y B');
    expect(snapshot(g).score).toBe(20);
    const h = after(lab('G R R / R cherry B / B Y G'), '0,1u');
    expectBoard(h, '. . . / G cherry B / B Y G');
  });
  it('an item spawned onto an exit goes at once and counts', () => {
    const level = lab('R G B / G B R / B R G / V! G B', {
      spawn: [{ element: 'cherry', chance: 1, max: 5, total: 1 }],
      objectives: [{ type: 'bring_down', element: 'cherry', count: 1 }],
    });
    const g = start(level, { refill: true });
    const r = play(g, '0,3');
    expect(countTile(g, 'cherry')).toBe(0);
    expect(board(g).elExited[E.cherry]).toBe(1);
    expect(r.status).toBe('won');
  });
});

describe('§11.2 swaps and moves', () => {
  it('a swappable element swaps with a colour tile only when the colour\'s new place makes a match; the move list holds the pair once', () => {
    const g = start(lab('R gem R R / G B G B / B G B G'));
    expect(pairCount(g, [0, 0], [1, 0])).toBe(1);
    expect(pairCount(g, [1, 0], [2, 0])).toBe(0);
    expect(pairCount(g, [1, 0], [1, 1])).toBe(0);
    expect(playMove(g, mv('1,0d')).ok).toBe(false);
    play(g, '1,0l');
    expectBoard(g, 'gem . . . / G B G B / B G B G');
    expect(snapshot(g).score).toBe(30);
  });

  it('a non-swappable element or a covered tile cannot be swapped, even where the swap would make a match', () => {
    const g = start(lab('R box R R / G R+frost G B / B G B H'));
    expect(pairCount(g, [0, 0], [1, 0])).toBe(0);
    expect(pairCount(g, [1, 0], [1, 1])).toBe(0);
    expect(playMove(g, mv('0,0r')).ok).toBe(false);
    expect(playMove(g, mv('1,1u')).ok).toBe(false);
  });

  it('a rocket swapped with an element fires as if tapped where it moved to; the move is listed once', () => {
    const g = start(lab('G B G / V gem R / B Y B'));
    expect(pairCount(g, [0, 1], [1, 1])).toBe(1);
    play(g, '0,1r');
    expectBoard(g, 'G . G / gem . R / B . B');
    expect(snapshot(g).score).toBe(30);
  });

  it('a rainbow swapped with an element clears the most common colour', () => {
    const g = after(lab('R B R / @ gem G / B R Y'), '0,1r');
    expectBoard(g, '. . . / gem . G / B B Y');
    expect(snapshot(g).score).toBe(40);
  });
});

describe('§11.2 spreading through matches (ground)', () => {
  it('a group with the ground before the hits gives 1 layer to its cells with none after the hits, a covered cell under its cover', () => {
    const g = after(lab('G B G / R^carpet:2 R+frost:2 Y / B G R'), '2,2u');
    expectBoard(g, '. B . / G^carpet:2 R+frost:1^carpet:1 G^carpet:1 / B G Y');
    expect(board(g).elCells[E.carpet]).toBe(3);
    expect(board(g).elLeft[E.carpet]).toBe(4);
  });

  it('a cell keeping another ground gets none; a cell whose ground went in the same step counts as having none', () => {
    const g = after(lab('G B G / R^carpet:2 R^sand:2 Y^sand:1 / B G R'), '2,2u');
    expectBoard(g, '. . . / G^carpet:2 B^sand:1 G^carpet:1 / B G Y');
  });

  it('blasts do not spread it', () => {
    const g = after(lab('G B G / H^carpet:2 R Y / B G B'), '0,1');
    expectBoard(g, '. . . / G^carpet:2 B G / B G B');
  });

  it('several spreading grounds apply in definition order; a group\'s own cells that lost theirs in the step take the first', () => {
    const text = 'G B G / R^silk R Y^wool / B G R';
    made.push(gameLevel('dual', text), gameLevel('dual2', text));
    const a = after(gameLevel('dual', text), '2,2u');
    expect(show(a)).toBe(expected('. . . / G^wool B^wool G^wool / B G Y', show(a)));
    const b = after(gameLevel('dual2', text), '2,2u');
    expect(show(b)).toBe(expected('. . . / G^silk B^silk G^silk / B G Y', show(b)));
  });

  it('`cover` is complete when spreading reaches the last non-void cell without the ground', () => {
    const level = lab('G^carpet _ G^carpet / R^carpet R Y^carpet / B^carpet G^carpet R^carpet', {
      moves: 5,
      objectives: [{ type: 'cover', element: 'carpet' }],
    });
    const g = start(level);
    expect(objectiveDone(g).complete).toBe(false);
    const r = play(g, '2,2u');
    expect(r.status).toBe('won');
    expect(objectiveDone(g).complete).toBe(true);
  });
});

describe('§11.2 spreading when none hit (tile)', () => {
  // Spreading draws from the game's stream, so these games refill (a board without refill is a bot's
  // estimate, which never sees the stream); the stones on top keep the cleared cells empty, no refill
  // comes in, and the boards stay exact.
  const spreadGame = (text: string, opts: GameLevelOpts = {}) => start(lab(text, opts), { refill: true });

  it('none of it hit: one uncovered colour tile next to it becomes it (a single candidate is drawn too)', () => {
    const g = spreadGame('stone stone stone stone / G B R R / B+frost R G B / choc Y B Y');
    play(g, '1,2u');
    expectBoard(g, 'stone stone stone stone / G . . . / B+frost:1 B G B / choc choc B Y');
    expect(board(g).elCells[E.choc]).toBe(2);
    expect(snapshot(g).score).toBe(30);
  });

  it('per kind: a kind with a piece hit does not spread, another kind (not hit) does; a spread piece has full hp', () => {
    const g = spreadGame('stone stone stone stone / G B R R / B+frost R toffee:2 B / choc Y B Y');
    play(g, '1,2u');
    expectBoard(g, 'stone stone stone stone / G . . . / B+frost:1 B toffee:1 B / choc choc B Y');
    const h = spreadGame('stone stone stone stone / G B R R / B+frost R G B / toffee:2 Y B Y');
    play(h, '1,2u');
    expectBoard(h, 'stone stone stone stone / G . . . / B+frost:1 B G B / toffee:2 toffee:2 B Y');
  });

  it('an event its damage list ignores is no hit: a piece beside the match that does not take `adjacent` still spreads', () => {
    const g = spreadGame('stone stone stone stone / G B R R / B+frost R fudge B / Y Y B Y');
    play(g, '1,2u');
    const s = [at(g, 1, 2), at(g, 3, 2), at(g, 2, 3)];
    expect(at(g, 2, 2)).toBe('fudge:1');
    expect(s.filter((t) => t === 'fudge:1')).toHaveLength(1);
    expect(countTile(g, 'fudge')).toBe(2);
  });

  it('a piece removed during the move stops its kind spreading', () => {
    const g = spreadGame('stone stone stone stone / G B R R / B+frost R choc B / choc Y B Y');
    play(g, '1,2u');
    expectBoard(g, 'stone stone stone stone / G . . . / B+frost:1 B . B / choc Y B Y');
    expect(board(g).elRemoved[E.choc]).toBe(1);
    expect(snapshot(g).score).toBe(40);
  });

  it('candidates are uncovered colour tiles (not specials, not elements): exactly one of them changes', () => {
    // toffee at (1,3): candidates (1,2) B and (2,3) P; (0,3) H is a special, (1,4) a stone
    const pairs = new Set<string>();
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const g = start(lab('stone stone stone stone / G B R R / Y R G B / H toffee:2 P Y / G stone G B'), { refill: true, seed });
      play(g, '1,2u');
      const pair = [at(g, 1, 2), at(g, 2, 3)];
      expect([['toffee:2', 'P'], ['B', 'toffee:2']]).toContainEqual(pair);
      pairs.add(pair.join());
      expect(at(g, 0, 3)).toBe('H');
      expect(at(g, 1, 4)).toBe('stone:1');
      expect(countTile(g, 'toffee')).toBe(2);
    }
    expect(pairs.size).toBe(2); // the draw is not always the same cell
  });

  it('spreading comes before the deadlock check: a spread that takes the last valid move leads to a reshuffle; elements stay', () => {
    // after the rocket, the only move is (2,2)↔(3,2); the chocolate takes (3,2)
    const g = spreadGame('stone stone stone stone / H G Y B / R R B R / G Y G+frost choc', { moves: 5 });
    play(g, '0,1');
    expect(snapshot(g).reshuffles).toBe(1);
    expect(at(g, 3, 2)).toBe('choc:1');
    expect(at(g, 3, 3)).toBe('choc:1');
    expect(at(g, 2, 3)).toBe('G+frost:1');
  });

  it('spreading happens on the last move too, before the move limit ends the game', () => {
    const g = spreadGame('stone stone stone stone / G B R R / B+frost R G B / choc Y B Y', { moves: 1 });
    const r = play(g, '1,2u');
    expect(r.status).toBe('lost');
    expect(at(g, 1, 3)).toBe('choc:1');
  });
});

describe('§11.1 objectives of elements', () => {
  it('clear: none of the element left on the board (a cover)', () => {
    const one = after(lab('G R+frost:1 R / R G B / B Y G', { objectives: [{ type: 'clear', element: 'frost' }] }), '0,1u');
    expect(snapshot(one).status).toBe('won');
    const two = after(lab('G R+frost:2 R / R G B / B Y G', { objectives: [{ type: 'clear', element: 'frost' }] }), '0,1u');
    expect(snapshot(two).status).toBe('lost');
    expect(objectiveDone(two).complete).toBe(false);
  });

  it('clear: a ground, and a tile element', () => {
    const g = after(lab('G R^sand:1 R / R G B / B Y G', { objectives: [{ type: 'clear', element: 'sand' }] }), '0,1u');
    expect(snapshot(g).status).toBe('won');
    const b = after(lab('G R R / R ball B / B Y G', { objectives: [{ type: 'clear', element: 'ball' }] }), '0,1u');
    expect(snapshot(b).status).toBe('won');
  });

  it('collect element counts removed pieces only', () => {
    const g = after(lab('G R R / R box:2 B / B Y G', { objectives: [{ type: 'collect', element: 'box', count: 1 }] }), '0,1u');
    expect(snapshot(g).status).toBe('lost');
    expect(objectiveDone(g).done).toBe(0);
  });
});

describe('§11.3 old objective spellings in games, new forms in classic levels', () => {
  const won = (l: LevelT, move = '0,1u') => snapshot(after(l, move)).status;

  it('clear_ground and clear_cover name a game\'s ground and cover elements', () => {
    expect(won(lab('G R^sand:1 R / R G B / B Y G', { objectives: [{ type: 'clear_ground', ground: 'sand' }] }))).toBe('won');
    expect(won(lab('G R^sand:2 R / R G B / B Y G', { objectives: [{ type: 'clear_ground', ground: 'sand' }] }))).toBe('lost');
    expect(won(lab('G R+frost R / R G B / B Y G', { objectives: [{ type: 'clear_cover', cover: 'frost' }] }))).toBe('won');
  });

  it('a classic level may use clear and collect with the classic elements', () => {
    const classic = (text: string, objectives: unknown[]) => {
      const l = gameLevel(undefined, text, { objectives });
      made.push(l);
      return l;
    };
    expect(won(classic('G R^jelly:1 R / R G B / B Y G', [{ type: 'clear', element: 'jelly' }]))).toBe('won');
    expect(won(classic('G R^jelly:2 R / R G B / B Y G', [{ type: 'clear', element: 'jelly' }]))).toBe('lost');
    expect(won(classic('G R R / R crate B / B Y G', [{ type: 'collect', element: 'crate', count: 1 }]))).toBe('won');
    expect(won(classic('G R R / R crate:2 B / B Y G', [{ type: 'clear', element: 'crate' }]))).toBe('lost');
    expect(won(classic('G R+ice:1 R / R G B / B Y G', [{ type: 'clear', element: 'ice' }]))).toBe('won');
  });
});

describe('§11.2 deadlock', () => {
  it('a reshuffle moves only uncovered colour tiles: elements, covers, grounds and exits stay', () => {
    // no valid move and no special on the start board
    const text = 'R G box:2 R G / G+frost:2 R gem Y^sand:2 R / B ball B G B / R! Y R cherry Y / Y B stone B R';
    const g = createGame(lab(text, { moves: 5 }), { seed: 5, record: false });
    expect(snapshot(g).reshuffles).toBe(1);
    const before = rows(expected(text, '')).flat(), now = rows(show(g)).flat();
    const uncoveredColour = (t: string) => /^[RGBYPO]($|[\^!])/.test(t);
    now.forEach((t, i) => {
      if (uncoveredColour(before[i])) expect(uncoveredColour(t), `cell ${i}`).toBe(true);
      // what is not a colour tile is exactly where it was; a colour tile keeps its cell's ground and exit
      expect(uncoveredColour(t) ? t.slice(1) : t, `cell ${i}`).toBe(uncoveredColour(before[i]) ? before[i].slice(1) : before[i]);
    });
    // the same colour tiles, moved
    const colours = (ts: string[]) => ts.filter(uncoveredColour).map((t) => t[0]).sort().join('');
    expect(colours(now)).toBe(colours(before));
    expect(before.join(' ')).not.toBe(now.join(' '));
    expect(legalMoves(g).length).toBeGreaterThan(0);
  });
});

describe('§11 the classic game as a definition', () => {
  it('a level of a copy of the classic definition plays as the same level without `game`', () => {
    const text = 'R G B Y R G / #2 Gi2 R B+chain Y B / B Y j2 G R Y / Ri1j1 R G B #3 R / G B Y R G B / Y R G B Y G';
    const withoutGame = classicLevel(text);
    const withGame = gameLevel('classic-copy', fromClassic(text), { moves: 15, colors: 5, seed: 99, objectives: withoutGame.objectives });
    for (const seed of [1, 2, 3, 4]) {
      const a = createGame(withoutGame, { seed, record: false });
      const b = createGame(withGame, { seed, record: false });
      for (let k = 0; k < 15; k++) {
        expect(norm(show(b))).toBe(norm(show(a)));
        const sa = snapshot(a), sb = snapshot(b);
        expect([sb.score, sb.movesUsed, sb.status, sb.reshuffles]).toEqual([sa.score, sa.movesUsed, sa.status, sa.reshuffles]);
        expect(sb.objectives.map((o) => [o.done, o.target])).toEqual(sa.objectives.map((o) => [o.done, o.target]));
        const ma = legalMoves(a), mb = legalMoves(b);
        expect(mb).toEqual(ma);
        if (!ma.length) break;
        const m = ma[(seed * 7 + k * 13) % ma.length];
        playMove(a, m);
        playMove(b, m);
      }
    }
  });
});

/** Classic notation (tests/unit/sim/notation.ts: #n crate, iN ice, jN jelly; `+chain` here) in this file's notation. */
function fromClassic(text: string): string {
  return text.replace(/#(\d)?/g, (_, d) => `crate:${d ?? 1}`).replace(/i(\d)/g, '+ice:$1').replace(/j(\d)/g, '^jelly:$1').replace(/(^|[ /])\^/g, '$1?^');
}
/** The same board as a level without `game`. */
function classicLevel(text: string): LevelT {
  return gameLevel(undefined, fromClassic(text), {
    moves: 15, colors: 5, seed: 99,
    objectives: [{ type: 'clear_ground', ground: 'jelly' }, { type: 'clear_crates' }, { type: 'clear_cover', cover: 'ice' }],
  });
}
/** The same board printed by either game: chains print without layers in the classic snapshot. */
function norm(s: string): string {
  return s.replace(/\+chain(:1)?/g, '+chain:1');
}

describe('the levels of these tests', () => {
  it('are valid levels of their games (RULES §11.1)', () => {
    expect(made.length).toBeGreaterThan(30);
    for (const l of made) {
      const r = parseLevel(l, { games: [LAB, DUAL, DUAL2] });
      expect(r.ok ? [] : r.problems, JSON.stringify(l.cells)).toEqual([]);
    }
    for (const d of [LAB, DUAL, DUAL2, CLASSIC_COPY]) {
      const r = parseGame(d);
      expect(r.ok ? [] : r.problems, d.id).toEqual([]);
    }
  });
});
