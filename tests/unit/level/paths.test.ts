import { describe, expect, it } from 'vitest';
import { fallPaths, type FallPaths, type PathsLevel } from '../../../src/core/level/paths.ts';

type P = { from: [number, number]; to: [number, number] };
/** A w×h board; `voids` as [x, y]. */
function board(w: number, h: number, voids: [number, number][] = [], portals?: P[]): PathsLevel {
  const cells = Array.from({ length: h }, (_, y) => Array.from({ length: w }, (_, x) => (voids.some(([vx, vy]) => vx === x && vy === y) ? { tile: 'void' } : {})));
  return { width: w, height: h, cells, ...(portals ? { portals } : {}) };
}
function ok(level: PathsLevel): FallPaths {
  const r = fallPaths(level);
  if (!r.ok) throw new Error(`${r.path}: ${r.message}`);
  return r.paths;
}
/** Each path as a list of [x, y]. */
const xy = (p: FallPaths, w: number) => p.paths.map((cells) => [...cells].map((c) => [c % w, Math.floor(c / w)]));
const refusal = (level: PathsLevel) => {
  const r = fallPaths(level);
  return r.ok ? null : `${r.path}: ${r.message}`;
};

describe('fallPaths (RULES §12.3)', () => {
  it('without portals every column is one path, top to bottom, through voids', () => {
    const p = ok(board(3, 4, [[1, 1], [1, 2]]));
    expect(xy(p, 3)).toEqual([
      [[0, 0], [0, 1], [0, 2], [0, 3]],
      [[1, 0], [1, 3]],
      [[2, 0], [2, 1], [2, 2], [2, 3]],
    ]);
    expect([...p.topEntry]).toEqual([1, 1, 1]);
    expect(p.pathOf[1 * 3 + 1]).toBe(-1);
    expect(p.pathOf[3 * 3 + 1]).toBe(1);
    expect(p.posOf[3 * 3 + 1]).toBe(1);
    expect(p.posOf[2 * 3 + 2]).toBe(2);
  });

  it('a column whose top cells are void starts at its first non-void cell, a top entry', () => {
    const p = ok(board(2, 3, [[0, 0]]));
    expect(xy(p, 2)[0]).toEqual([[0, 1], [0, 2]]);
    expect(p.topEntry[0]).toBe(1);
  });

  it('a portal sends the bottom of from into the top of to; the cell below from starts a path, the cell above to ends one', () => {
    // 3 wide, 4 high: portal from (0, 1) to (2, 2)
    const p = ok(board(3, 4, [], [{ from: [0, 1], to: [2, 2] }]));
    expect(xy(p, 3)).toEqual([
      [[0, 0], [0, 1], [2, 2], [2, 3]],
      [[0, 2], [0, 3]],
      [[1, 0], [1, 1], [1, 2], [1, 3]],
      [[2, 0], [2, 1]],
    ]);
    // the path starting mid-column is no refill entry; the others start at their column's top
    expect([...p.topEntry]).toEqual([1, 0, 1, 1]);
    expect(p.pathOf[2 * 3 + 2]).toBe(0);
    expect(p.posOf[2 * 3 + 2]).toBe(2);
  });

  it('a portal skips voids below from and above to', () => {
    // column 0: (0,0) is from, (0,1) void, so (0,2) loses its feeder; column 1: (1,1) ends its path above the to (1,2)
    const p = ok(board(2, 3, [[0, 1]], [{ from: [0, 0], to: [1, 2] }]));
    expect(xy(p, 2)).toEqual([
      [[0, 0], [1, 2]],
      [[0, 2]],
      [[1, 0], [1, 1]],
    ]);
    expect([...p.topEntry]).toEqual([1, 0, 1]);
  });

  it('a portal out of the bottom row into a column top continues that column', () => {
    const p = ok(board(2, 2, [], [{ from: [0, 1], to: [1, 0] }]));
    expect(xy(p, 2)).toEqual([[[0, 0], [0, 1], [1, 0], [1, 1]]]);
    expect([...p.topEntry]).toEqual([1]);
  });

  it('refill order is by first cell column, then row', () => {
    // two portals in column 0 make mid-column starts at rows 1 and 3
    const p = ok(board(3, 5, [], [{ from: [0, 0], to: [2, 4] }, { from: [0, 2], to: [1, 4] }]));
    const firsts = p.paths.map((c) => [c[0] % 3, Math.floor(c[0] / 3)]);
    expect(firsts).toEqual([[0, 0], [0, 1], [0, 3], [1, 0], [2, 0]]);
  });

  it('every non-void cell is on exactly one path', () => {
    const level = board(4, 4, [[1, 1]], [{ from: [0, 3], to: [3, 1] }, { from: [2, 1], to: [1, 3] }]);
    const p = ok(level);
    const seen = new Map<number, number>();
    p.paths.forEach((cells) => cells.forEach((c) => seen.set(c, (seen.get(c) ?? 0) + 1)));
    expect(seen.size).toBe(15);
    expect([...seen.values()].every((v) => v === 1)).toBe(true);
    p.paths.forEach((cells, i) => cells.forEach((c, k) => expect([p.pathOf[c], p.posOf[c]]).toEqual([i, k])));
  });

  it('refuses a closed loop, naming the first portal on it', () => {
    // portals[0] is harmless; (0,1) → (1,0) and (1,1) → (0,0): columns 0 and 1 feed each other in a ring
    expect(refusal(board(3, 2, [], [{ from: [2, 0], to: [2, 1] }, { from: [0, 1], to: [1, 0] }, { from: [1, 1], to: [0, 0] }]))).toBe('portals[1]: makes a closed loop');
    // a portal into the top of its own column
    expect(refusal(board(2, 3, [], [{ from: [1, 2], to: [1, 0] }]))).toBe('portals[0]: makes a closed loop');
  });

  it('refuses portal ends off the board, on a void, equal, or used twice', () => {
    expect(refusal(board(3, 3, [], [{ from: [3, 0], to: [0, 0] }]))).toBe('portals[0].from: must be on the board (x 0..2, y 0..2)');
    expect(refusal(board(3, 3, [], [{ from: [0, 0], to: [1, -1] }]))).toBe('portals[0].to: must be on the board (x 0..2, y 0..2)');
    expect(refusal(board(3, 3, [[1, 1]], [{ from: [0, 2], to: [1, 1] }]))).toBe('portals[0].to: must not be a void cell');
    expect(refusal(board(3, 3, [[1, 1]], [{ from: [1, 1], to: [0, 0] }]))).toBe('portals[0].from: must not be a void cell');
    expect(refusal(board(3, 3, [], [{ from: [1, 1], to: [1, 1] }]))).toBe('portals[0].to: must not be the same cell as "from"');
    expect(refusal(board(3, 3, [], [{ from: [0, 2], to: [1, 0] }, { from: [0, 2], to: [2, 0] }]))).toBe('portals[1].from: is already the "from" of portals[0]');
    expect(refusal(board(3, 3, [], [{ from: [0, 2], to: [1, 0] }, { from: [2, 2], to: [1, 0] }]))).toBe('portals[1].to: is already the "to" of portals[0]');
    expect(refusal(board(3, 3, [], [{ from: [0, 2.5] as [number, number], to: [1, 0] }]))).toBe('portals[0].from: must be [x, y]');
  });
});
