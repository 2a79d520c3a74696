// The start board the editor's "Preview start" shows (issue 23): the simulator's deal of game n.
import { describe, expect, it } from 'vitest';
import { createLevel, type LevelT } from '../../../src/core/level/index.ts';
import { startBoard } from '../../../src/core/sim/startBoard.ts';
import { createGame, snapshot } from '../../../src/core/sim/play.ts';
import { gameSeed } from '../../../src/core/sim/rng.ts';
import { COLORS } from '../../../src/core/level/schema.ts';

function level(): LevelT {
  const l = createLevel({ id: 'p', seed: 4242, width: 7, height: 6, colors: 4 });
  const cells = l.cells.map((row) => row.map((c) => ({ ...c })));
  cells[0][0] = { tile: 'void' };
  cells[1][1] = { tile: 'crate', hp: 2 } as never;
  cells[2][2] = { tile: 'red', cover: { type: 'ice', layers: 2 } };
  cells[5][3] = { ground: { type: 'jelly', layers: 1 } } as never;
  return { ...l, cells };
}

describe('startBoard', () => {
  it('game 1 is the play-test’s first game and analysis game 0 (seed gameSeed(level seed, 0))', () => {
    const l = level();
    const s = startBoard(l, 1);
    expect(s.seed).toBe(gameSeed(l.seed, 0));
    expect(s.board.cells).toEqual(snapshot(createGame(l)).cells);
  });

  it('deals a colour of the level to every random cell and keeps what the designer placed', () => {
    const l = level();
    const { board } = startBoard(l, 1);
    const colours = COLORS.slice(0, l.colors) as readonly string[];
    for (let y = 0; y < l.height; y++)
      for (let x = 0; x < l.width; x++) {
        const c = l.cells[y][x];
        const dealt = board.cells[y][x];
        if (c.tile === undefined) expect(colours, `${x},${y}`).toContain(dealt.tile);
      }
    expect(board.cells[0][0].tile).toBe('void');
    expect(board.cells[1][1]).toMatchObject({ tile: 'crate', hp: 2 });
    expect(board.cells[2][2]).toMatchObject({ tile: 'red', cover: { type: 'ice', layers: 2 } });
    expect(board.cells[5][3].ground).toEqual({ type: 'jelly', layers: 1 });
  });

  it('the same game deals the same board; the next game another; the level is not touched', () => {
    const l = level();
    const before = JSON.stringify(l);
    expect(startBoard(l, 2)).toEqual(startBoard(l, 2));
    expect(startBoard(l, 2).board.cells).not.toEqual(startBoard(l, 1).board.cells);
    expect(startBoard(l, 3).seed).toBe(gameSeed(l.seed, 2));
    expect(JSON.stringify(l)).toBe(before);
  });

  it('refuses a game number below 1', () => {
    expect(() => startBoard(level(), 0)).toThrow(/from 1/);
  });
});
