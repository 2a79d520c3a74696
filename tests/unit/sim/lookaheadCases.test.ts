// Hand-made positions for the look-ahead's gravity starts (src/core/sim/lookahead.ts): a crate at
// either end of a line, a crate right under a line cell with empty cells under it (one with a void
// between them), and an iced line cell that loses its last layer over an empty cell. Each play-out
// must leave the board copyTo + applyMove leaves without refill, and the one written here; each case
// fails when its part of the gravity start is broken on purpose.
import { describe, expect, it } from 'vitest';
import { Board } from '../../../src/core/sim/board.ts';
import { LookAhead } from '../../../src/core/sim/lookahead.ts';
import { listMoves } from '../../../src/core/sim/moves.ts';
import { applyMove } from '../../../src/core/sim/resolve.ts';
import { board, mv, text } from './notation.ts';

function playBoth(b: Board, move: string): { look: string; engine: string; removed: [number, number] } {
  const code = mv(b, move);
  listMoves(b);
  expect(Array.from(b.moves.subarray(0, b.moveCount)), `${move} is a valid move`).toContain(code);
  const look = new LookAhead(b.w, b.h, b.colors);
  const s = look.play(b, code);
  const e = new Board(b.w, b.h, b.colors);
  e.refill = false;
  b.copyTo(e);
  applyMove(e, code);
  return { look: text(s), engine: text(e), removed: [s.removed, e.removed] };
}

describe('look-ahead gravity starts', () => {
  const cases: [string, string, string, string][] = [
    [
      'a crate at the left end of a line goes and the tiles above it fall',
      'G B Y P / B Y G O / # R R G / Y G B R',
      '3,2d',
      '. . . . / G B Y P / B Y G O / Y G B G',
    ],
    [
      'a crate at the right end of a line goes and the tiles above it fall',
      'P Y B G / O G Y B / G R R # / R B G Y',
      '0,2d',
      '. . . . / P Y B G / O G Y B / G B G Y',
    ],
    [
      'a crate under a line cell goes, and the tiles above fill the empty cell under it first',
      'B Y P G / Y G R B / R R G O / O B # Y / G Y . O / P O B G',
      '2,1d',
      '. . . G / B Y . B / Y G . O / O B P Y / G Y G O / P O B G',
    ],
    [
      'an iced line cell loses its last layer over an empty cell, and falls into it',
      'R B P G / Y R Ri1 G / O B . P / G Y O B',
      '0,0d',
      '. . . G / Y B P G / O B R P / G Y O B',
    ],
    [
      'a crate under a line cell goes over empty cells split by a void: the tiles fall through the void',
      'B Y P G / Y G R B / R R G O / O B # Y / G Y . O / P O _ G / Y G . B',
      '2,1d',
      '. . . G / B Y . B / Y G . O / O B . Y / G Y P O / P O _ G / Y G G B',
    ],
  ];
  for (const [name, start, move, after] of cases)
    it(name, () => {
      const r = playBoth(board(start), move);
      expect(r.look).toBe(r.engine);
      expect(r.removed[0]).toBe(r.removed[1]);
      expect(r.look).toBe(after);
    });
});
