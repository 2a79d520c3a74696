// RULES §12.5 (the order after a move) and §12.6 (precise points), on hand-built boards of the lab2
// and order2 games. Written from the RULES text. Games that spread, emit or spawn refill (they draw
// from the game's stream), with caps on the top row wherever the board must stay exact.
import { describe, expect, it } from 'vitest';
import { playGames } from '../../../src/core/sim/analysis/play.ts';
import { createGame, legalMoves, playMove, snapshot } from '../../../src/core/sim/play.ts';
import { maker, objective, status, validLevels } from './v2Kit.ts';
import { after, at, countTile, counter, expectBoard, play, show, start } from './v2Notation.ts';

const { make: lab, made } = maker('lab2');
const { make: order2, made: made2 } = maker('order2');

describe('§12.5 countdowns, after the win and before the move limit', () => {
  const BOARD = 'G R R Y / R B G P / B Y cb=O#1 G';

  it('every coloured piece with a countdown loses 1 per move; one at 0 loses the game (reason `countdown`) with moves left', () => {
    const g = after(lab(BOARD, { moves: 5 }), '0,1u');
    expect(status(g)).toEqual(['lost', 'countdown']);
    expect(snapshot(g).movesLeft).toBe(4);
    expect(at(g, 2, 2)).toBe('cb=O#0');
  });

  it('a winning move wins before the countdown', () => {
    const g = after(lab(BOARD, { moves: 5, objectives: [{ type: 'score', target: 30 }] }), '0,1u');
    expect(status(g)).toEqual(['won', null]);
  });

  it('the countdown comes before the move limit: on the last move the reason is `countdown`', () => {
    const g = after(lab(BOARD, { moves: 1 }), '0,1u');
    expect(status(g)).toEqual(['lost', 'countdown']);
  });

  it('several pieces at 0 on one move: one loss', () => {
    const g = after(lab('G R R Y / R B G P / cb=Y#1 Y cb=O#1 G', { moves: 5 }), '0,1u');
    expect(status(g)).toEqual(['lost', 'countdown']);
    expect(snapshot(g).movesUsed).toBe(1);
  });

  it('a piece that entered during the move first counts down after the next move', () => {
    const level = lab('V G B / G B R / B R G', { moves: 5, spawn: [{ element: 'cb', chance: 1, max: 1, total: 1 }] });
    const g = start(level, { refill: true });
    play(g, '0,0');
    expect(countTile(g, 'cb')).toBe(1);
    const piece = snapshot(g).cells.flat().find((c) => c.tile === 'cb')!;
    expect(piece.countdown).toBe(3);
    expect(['red', 'green', 'blue', 'yellow', 'purple', 'orange']).toContain(piece.color);
  });

  it('a piece moved by a swap keeps its count', () => {
    const g = after(lab('R cb=B R Y / G R G P / B Y O G', { moves: 5 }), '1,0d');
    expect(at(g, 1, 1)).toBe('cb=B#2');
  });
});

describe('§12.5 the order of the phases after a move', () => {
  it('belts shift before when-none-hit spreading, which never targets belt cells', () => {
    const level = lab('cap cap cap cap / G R R Y / R B P O / goo Y G B', { moves: 1, belts: [{ cells: [[0, 3], [1, 3], [2, 3], [3, 3]] }] });
    const g = start(level, { refill: true });
    play(g, '0,2u');
    expectBoard(g, 'cap:1 cap:1 cap:1 cap:1 / . . . Y / G goo:1 P O / B goo:1 Y G');
    expect(snapshot(g).score).toBe(30);
  });

  it('spreading before emitters: the one cell both could take goes to the spreading element, and the emitter finds no target', () => {
    const g = start(lab('cap cap cap cap cap cap / B Y P G R R / cap cap cap R B O / goo Y fountain cap cap cap', { moves: 1 }), { refill: true });
    play(g, '3,2u');
    expect(at(g, 1, 3)).toBe('goo:1');
    expect(countTile(g, 'choc')).toBe(0);
  });

  it('emitters act in the order of their elements in the definition, not of the board', () => {
    const g = start(order2('cap cap cap cap cap cap / B Y P G R R / cap cap cap R B O / late Y early cap cap cap', { moves: 1 }), { refill: true });
    play(g, '3,2u');
    expect(at(g, 1, 3)).toBe('choc:1');
    expect(countTile(g, 'gum')).toBe(0);
  });

  it('the win is checked after emitters: a `clear` met during the move does not count if an emitter places the element again', () => {
    const text = (emitter: string) => `cap cap cap cap / G R R Y / R choc B P / ${emitter} O B Y`;
    const opts = { moves: 1, objectives: [{ type: 'clear', element: 'choc' }] };
    const plain = start(lab(text('cap'), opts), { refill: true });
    expect(play(plain, '0,2u').status).toBe('won');
    const g = start(lab(text('sprayer'), opts), { refill: true });
    const r = play(g, '0,2u');
    expect(countTile(g, 'choc')).toBe(1);
    expect([r.status, r.reason]).toEqual(['lost', 'moves']);
  });
});

describe('§12.6 random draws', () => {
  it('an emitter with no target left draws nothing: the game\'s stream, and so every later refill, is that of the same board without it', () => {
    const board = (corner: string) => `${corner} cap ? ? ? / cap ? ? ? ? / ? ? ? ? ? / ? ? ? ? ? / ? ? ? ? ?`;
    const a = start(lab(board('fountain'), { moves: 6, colors: 4 }), { refill: true });
    const b = start(lab(board('cap'), { moves: 6, colors: 4 }), { refill: true });
    const rest = (t: string) => t.split(' / ').map((r, y) => (y === 0 ? r.split(' ').slice(1).join(' ') : r)).join(' / ');
    for (let k = 0; k < 4 && snapshot(a).status === 'playing'; k++) {
      expect(rest(show(a)), `before move ${k + 1}`).toBe(rest(show(b)));
      const m = legalMoves(a)[0];
      playMove(a, m);
      playMove(b, m);
    }
    expect(rest(show(a))).toBe(rest(show(b)));
    expect(countTile(a, 'choc')).toBe(0);
  });
});

describe('§12.6 stops blasts', () => {
  it('stoppers are read at the start of the step: one destroyed by a first rocket still stops a second in the same step', () => {
    const g = after(lab('G B Y B G / H H stone:1 G B / B G B Y P', { moves: 1 }), '0,1');
    expectBoard(g, '. . . B G / G B Y G B / B G B Y P');
    expect(snapshot(g).score).toBe(30);
  });

  it('combo lines start at their origin (the line\'s cell in b\'s row or column) and run out both ways; the origin never stops a run', () => {
    // rocket + bomb centred on b = (2,2): the row above starts on the stone at (2,1) and runs both
    // ways; column 2 starts at b and stops at the stone going up
    const g = after(lab('G B Y B G / B R stone:2 P O / Y V X G B / O G B Y P / G Y O P G', { moves: 1 }), '1,2r');
    expectBoard(g, '. . Y . . / . . stone:1 . . / . . . . . / G . . . G / G . . . G');
  });
});

describe('§12.6 rainbow', () => {
  it('swapped with a coloured piece it takes that colour and blasts every tile of it, covered ones and coloured pieces included; its clear gives no `adjacent` events', () => {
    const g = after(lab('@ cb=G B Y / G box:3 R G+frost:2 / B Y G P', { moves: 1 }), '0,0r');
    expectBoard(g, '. . . Y / . box:3 B G+frost:1 / B Y R P');
    expect(snapshot(g).score).toBe(40);
  });

  it('rainbow + rocket converts only colour tiles: a coloured piece of the colour is hit as by a blast and fires nothing', () => {
    // green is the most common colour; the candy bomb (green) is alone in row 3, whose other tiles stay
    const g = after(lab('@ H R Y / G B Y G / O G P R / B Y cb=G P', { moves: 1 }), '0,0r');
    expectBoard(g, '. . . . / . . . . / . . . Y / B Y R P');
  });

  it('tapped, the most common colour counts coloured pieces', () => {
    const g = after(lab('@ B R G / cb=R Y B R / G cb=R O B', { moves: 1 }), '0,0');
    expectBoard(g, '. . . . / . B B G / G Y O B');
  });
});

describe('§12.6 start, exits, score', () => {
  it('designed matches remove their uncovered tiles, coloured pieces included, with no hit, tick or collect', () => {
    const level = lab('R cb=R R+skey Y / box:2 G B P / G B P O', { moves: 1, objectives: [{ type: 'collect', element: 'cb', count: 1 }] });
    for (const seed of [1, 2, 3]) {
      const g = createGame(level, { seed, record: false });
      expect(countTile(g, 'cb'), show(g)).toBe(0);
      expect(at(g, 2, 0)).toBe('R+skey:1');
      expect(at(g, 0, 1)).toBe('box:2');
      expect(counter(g, 'keys')).toBe(0);
      expect(objective(g).done).toBe(0);
      expect(snapshot(g).score).toBe(0);
    }
  });

  it('exits never run effects: an item taken at an exit counts for bring_down, its onDestroy does not run, it scores nothing', () => {
    const g = after(lab('relic G B / G! R R / R B P', { moves: 1, objectives: [{ type: 'bring_down', element: 'relic', count: 1 }] }), '0,2u');
    expect(countTile(g, 'relic')).toBe(0);
    expect(counter(g, 'out')).toBe(0);
    expect(snapshot(g).status).toBe('won');
    expect(snapshot(g).score).toBe(30);
  });
});

describe('§12.6 moves and deadlock', () => {
  it('a reshuffle never moves coloured pieces or covered tiles', () => {
    // a diagonal three-colour pattern has no valid move: the start board is reshuffled
    const L = ['R', 'G', 'B'];
    const cells = Array.from({ length: 5 }, (_, y) => Array.from({ length: 5 }, (_, x) => L[(x + y) % 3]));
    cells[0][0] = 'cb=R';
    cells[2][2] = 'cb=G';
    cells[4][4] = 'B+frost';
    const text = cells.map((r) => r.join(' ')).join(' / ');
    const g = createGame(lab(text, { colors: 3, moves: 5 }), { seed: 3, record: false });
    expect(snapshot(g).reshuffles).toBe(1);
    expect([at(g, 0, 0), at(g, 2, 2), at(g, 4, 4)]).toEqual(['cb=R#3', 'cb=G#3', 'B+frost:1']);
    expect(show(g)).not.toBe(text.replace('cb=R', 'cb=R#3').replace('cb=G', 'cb=G#3').replace('B+frost', 'B+frost:1'));
  });
});

describe('analysis of a version 2 level (RULES §4, §12)', () => {
  it('lostToCountdown counts the games lost by a countdown', () => {
    // the candy bomb is walled in by caps: no move reaches it, every game ends on move 1
    const level = lab('cb=R#1 cap ? ? ? / cap ? ? ? ? / ? ? ? ? ? / ? ? ? ? ?', { moves: 5 });
    const c = playGames(level, { tier: 'novice', count: 6 }) as unknown as { games: number; wins: number; lostToCountdown?: number };
    expect(c.games).toBe(6);
    expect(c.wins).toBe(0);
    expect(c.lostToCountdown).toBe(6);
  });
});

validLevels(15, made, made2);
