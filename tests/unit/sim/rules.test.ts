// One test per rule of RULES §2, on boards written as text (see notation.ts). Refill is off so
// the expected board after gravity is exact ('.' = empty).
import { describe, expect, it } from 'vitest';
import { classicLeft } from './classic.ts';
import { EMPTY } from '../../../src/core/sim/codes.ts';
import { hasAnyMatch } from '../../../src/core/sim/match.ts';
import { listMoves, moveValid, swapValid } from '../../../src/core/sim/moves.ts';
import { applyMove, cascade } from '../../../src/core/sim/resolve.ts';
import { board, mv, norm, text } from './notation.ts';

function play(start: string, move: string) {
  const b = board(start);
  expect(moveValid(b, mv(b, move))).toBe(true);
  applyMove(b, mv(b, move));
  return b;
}
const empties = (b: ReturnType<typeof board>) => b.tile.reduce((s, t) => s + (t === EMPTY ? 1 : 0), 0);

describe('matches and gravity', () => {
  it('a swap that makes a line of 3 clears it; tiles fall; 10 points per tile', () => {
    const b = play('G B G B / B R B G / R G R B', '1,1d');
    expect(text(b)).toBe(norm('. . . B / G B G G / B G B B'));
    expect(b.score).toBe(30);
    expect(b.collected[0]).toBe(3);
  });

  it('a vertical line of 4 makes rocket_h at the swapped cell', () => {
    const b = play('B G B / R B G / G R B / R G B / R B G', '1,2l');
    expect(text(b)).toBe(norm('. G B / . B G / . G B / B G B / H B G'));
    expect(b.score).toBe(40);
  });

  it('a horizontal line of 4 makes rocket_v; cascades score 10 × step', () => {
    const b = play('B G B G B / G R G B G / R B R R Y', '1,1d');
    // step 1: R R R R → V at (1,2); the fall makes B B B in row 1: step 2 at 20 a tile
    expect(text(b)).toBe(norm('. . . . B / . G . G G / G V G B Y'));
    expect(b.score).toBe(4 * 10 + 3 * 20);
  });

  it('an L group makes a bomb at the swapped cell', () => {
    const b = play('B G B G B / G B Y B G / R R G R B / B G R G Y / Y B R B G', '3,2l');
    expect(text(b)).toBe(norm('. . . G B / B G . B G / G B B G B / B G Y G Y / Y B X B G'));
    expect(b.score).toBe(50);
  });

  it('5 in a line makes a rainbow', () => {
    const b = play('G B G B G / B Y R Y B / R R G R R', '2,1d');
    expect(text(b)).toBe(norm('. . G . . / G B G B G / B Y @ Y B'));
  });

  it('in a cascade the special goes to the lowest, then leftmost cell of the group', () => {
    const b = board('G B R / B G R / R R R');
    cascade(b, 1);
    expect(text(b)).toBe(norm('G . . / B B . / X G .'));
  });

  it('parallel lines that touch without sharing a cell are two groups (no bomb)', () => {
    const b = board('R R R / G G G / B Y B');
    cascade(b, 1);
    expect(text(b)).toBe(norm('. . . / . . . / B Y B'));
    expect(b.score).toBe(60);
  });

  it('tiles fall through voids', () => {
    const b = play('R G B / Y _ G / H B R', '0,2');
    expect(text(b)).toBe(norm('. . . / R _ B / Y G G'));
  });

  it('covered tiles do not fall and hold up what is above; the cell below stays empty', () => {
    const b = play('R G B / Y Gi1 B / H R Y', '0,2');
    expect(text(b)).toBe(norm('. G . / R Gi1 B / Y . B'));
  });

  it('with refill, new tiles fill the top and the board ends stable', () => {
    const b = board('G B G B / B R B G / R G R B', { refill: true, seed: 3 });
    applyMove(b, mv(b, '1,1d'));
    expect(empties(b)).toBe(0);
    expect(hasAnyMatch(b)).toBe(false);
  });
});

describe('specials', () => {
  it('rocket_h clears its row', () => {
    const b = play('R G B / H Y G / B R Y', '0,1');
    expect(text(b)).toBe(norm('. . . / R G B / B R Y'));
    expect(b.score).toBe(30);
  });
  it('rocket_v clears its column', () => {
    expect(text(play('R V B / G Y G / B R Y', '1,0'))).toBe(norm('R . B / G . G / B . Y'));
  });
  it('bomb clears the 3×3 around it', () => {
    const b = play('R G B Y / G X Y G / B R Y B / Y B G R', '1,1');
    expect(text(b)).toBe(norm('. . . Y / . . . G / . . . B / Y B G R'));
    expect(b.score).toBe(90);
  });
  it('a rainbow swapped with a colour clears every tile of that colour', () => {
    const b = play('R G B / @ R G / G B R', '0,1r');
    expect(text(b)).toBe(norm('. . . / . G B / G B G'));
    expect(b.collected[0]).toBe(3);
  });
  it('a tapped rainbow takes the most common colour', () => {
    const b = play('@ R G / G B G / B G R', '0,0');
    expect(text(b)).toBe(norm('. . . / . R . / B B R'));
    expect(b.collected[1]).toBe(4);
  });
  it('a tapped rainbow breaks ties in palette order (red first)', () => {
    const b = play('@ R G / G R B / B Y Y', '0,0');
    expect(b.collected[0]).toBe(2);
    expect(b.collected[1]).toBe(0);
  });
  it('a special swapped with a colour tile goes off where it lands', () => {
    // H moves from (0,1) to (1,1) and clears row 1
    const b = play('R G B / H Y G / B R Y', '0,1r');
    expect(b.collected.reduce((s, v) => s + v, 0)).toBe(2);
    expect(text(b)).toBe(norm('. . . / R G B / B R Y'));
  });
  it('a special hit by a blast goes off in the same step; a cell is hit once per step', () => {
    const b = play('H Bj2 V / G R Y / R Y G', '0,0');
    expect(text(b)).toBe(norm('. .j1 . / G R . / R Y .'));
    expect(b.score).toBe(50);
  });
  it('any special can be swapped with any colour neighbour; a covered tile or crate cannot', () => {
    const b = board('H R / Gi1 # / B Y'.replace(/\//g, '/'));
    expect(swapValid(b, 0, 1)).toBe(true);
    expect(swapValid(b, 0, 2)).toBe(false);
    expect(swapValid(b, 1, 3)).toBe(false);
  });
});

describe('combos', () => {
  const seven = 'R G B Y P O R / G B Y P O R G / B Y P O R G B / Y P O R G B Y / P O R G B Y P / O R G B Y P O / R G B Y P O R';
  const withPair = (a: string, c: string) => {
    const rs = seven.split(' / ').map((r) => r.split(' '));
    rs[3][2] = a;
    rs[3][3] = c;
    return rs.map((r) => r.join(' ')).join(' / ');
  };
  it('rocket + rocket clears the row and the column where they meet', () => {
    const b = play('R G B Y P / G B Y P R / B Y H V G / Y P R G B / P R G B Y', '2,2r');
    expect(text(b)).toBe(norm('. . . . . / R G B . P / G B Y . R / Y P R . B / P R G . Y'));
    expect(b.score).toBe(90);
  });
  it('rocket + bomb clears three rows and three columns', () => {
    const b = play(withPair('H', 'X'), '2,3r');
    expect(empties(b)).toBe(3 * 7 + 3 * 7 - 9);
  });
  it('bomb + bomb clears 5×5', () => {
    const b = play(withPair('X', 'X'), '2,3r');
    expect(empties(b)).toBe(25);
  });
  it('rainbow + rainbow clears the board', () => {
    const b = play(withPair('@', '@'), '2,3r');
    expect(empties(b)).toBe(49);
  });
  it('rainbow + rocket turns the most common colour into rockets that fire', () => {
    const b = play('G G B / G @ H / B R Y / R B Y', '1,1r');
    expect(text(b)).toBe(norm('. . . / . . . / B R Y / R B Y'));
    expect(b.collected[1]).toBe(3);
    expect(b.score).toBe(60);
  });
});

describe('covers, ground and crates', () => {
  it('a match on an iced tile takes one layer and the tile stays', () => {
    const b = play('G Ri2 R / R G B / B Y G', '0,1u');
    expect(text(b)).toBe(norm('. Ri1 . / G G B / B Y G'));
    expect(b.score).toBe(20);
    expect(b.collected[0]).toBe(2);
  });
  it('a chain goes in one hit', () => {
    const b = play('G Rc R / R G B / B Y G', '0,1u');
    expect(text(b)).toBe(norm('. R . / G G B / B Y G'));
    expect(classicLeft(b).chainLeft).toBe(0);
  });
  it('jelly under a removed tile loses a layer; under a covered tile in a match it keeps it', () => {
    const b = play('G Ri1j1 R / Rj2 G B / B Y G', '0,1u');
    expect(text(b)).toBe(norm('. Rj1 . / Gj2 G B / B Y G'));
    expect(classicLeft(b).jellyLeft).toBe(3);
  });
  it('a blasted covered cell loses a cover layer and a jelly layer', () => {
    const b = play('H Ri1j1 G / B G R / G R B', '0,0');
    expect(text(b)).toBe(norm('. R . / B G R / G R B'));
    expect(classicLeft(b).jellyLeft).toBe(0);
    expect(classicLeft(b).iceLeft).toBe(0);
  });
  it('a crate next to a match loses 1 hp; at 0 it is removed and scores', () => {
    const b = play('#2 # G / R R B / G B R', '2,2u');
    expect(text(b)).toBe(norm('# . . / . . G / G B B'));
    expect(b.score).toBe(40);
    expect(classicLeft(b).cratesLeft).toBe(1);
  });
  it('a crate next to two groups in one step loses only 1 hp', () => {
    const b = board('R R R / G #3 B / Y Y Y');
    cascade(b, 1);
    expect(text(b)).toBe(norm('. . . / . #2 . / G . B'));
  });
  it('a blast hits a crate and its jelly', () => {
    const b = play('H #2j2 R / G B Y / B Y G', '0,0');
    expect(classicLeft(b).crateHpLeft).toBe(1);
    expect(classicLeft(b).jellyLeft).toBe(1);
  });
  it('a crate destroyed by a blast or a neighbour match takes one jelly layer', () => {
    expect(classicLeft(play('H #j2 R / G B Y / B Y G', '0,0')).jellyLeft).toBe(1);
    const b = play('#j2 #2j1 G / R R B / G B R', '2,2u');
    expect(classicLeft(b).jellyLeft).toBe(2); // (0,0) destroyed: 2 → 1; (1,0) damaged only: keeps its layer
  });
});

describe('moves', () => {
  it('a swap that makes no match is not valid, a tap on a colour tile neither', () => {
    const b = board('R G B / G B R / B R G');
    expect(moveValid(b, mv(b, '0,0r'))).toBe(false);
    expect(moveValid(b, mv(b, '0,0'))).toBe(false);
  });
  it('no swap across a void or off the board', () => {
    const b = board('R _ R / G R G / B Y B');
    expect(moveValid(b, mv(b, '0,0r'))).toBe(false);
    expect(moveValid(b, mv(b, '2,0r'))).toBe(false);
  });
  it('the move list holds each valid pair once and one tap per special', () => {
    const b = board('R G R Y / G R G B / B Y H Y / P O P B');
    const n = listMoves(b);
    const list = Array.from(b.moves.slice(0, n));
    expect(new Set(list).size).toBe(n);
    expect(list.filter((c) => (c & 7) === 0)).toEqual([mv(b, '2,2')]);
    // brute force over every unordered pair
    let pairs = 0;
    for (let i = 0; i < b.n; i++) {
      if (i % b.w < b.w - 1 && swapValid(b, i, i + 1)) pairs++;
      if (i + b.w < b.n && swapValid(b, i, i + b.w)) pairs++;
    }
    expect(n).toBe(pairs + 1);
    expect(list).toContain(mv(b, '1,0d'));
  });
});
