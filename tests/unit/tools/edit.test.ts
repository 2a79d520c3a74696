// The pure parts behind the Select tool, mirror painting and anchored resize, and the tools they reach.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createLevel, parseLevel, type CellT, type LevelT } from '../../../src/core/level/index.ts';
import { runTool } from '../../../src/core/tools/index.ts';
import {
  ANCHORS,
  anchorOffset,
  extractClip,
  mirrorPoints,
  mirrorRects,
  placeClip,
  rectFrom,
  transformClip,
  type Clip,
} from '../../../src/core/edit/index.ts';

/** A level whose cell (x, y) is recognisable: crate hp from x, tiles by position, some ice and jelly. */
function marked(width = 5, height = 4): LevelT {
  const l = createLevel({ id: 'E', width, height, seed: 3 });
  const colours = ['red', 'green', 'blue', 'yellow', 'purple', 'orange'] as const;
  l.cells = l.cells.map((row, y) => row.map((_, x): CellT => ({ tile: colours[(x + 2 * y) % 6], ...(x === y ? { cover: { type: 'ice', layers: 2 } } : {}), ...(x === 0 ? { ground: { type: 'jelly', layers: 1 } } : {}) })));
  return l;
}
const tag = (c: CellT) => `${c.tile ?? 'random'}${c.cover ? '+' + c.cover.type : ''}${c.ground ? '+jelly' : ''}`;
const tags = (clip: Clip) => clip.cells.map((row) => row.map(tag));

describe('clips', () => {
  it('a clip carries every layer of its cells', () => {
    const clip = extractClip(marked(), rectFrom([1, 1], [0, 0]));
    expect(tags(clip)).toEqual([
      ['red+ice+jelly', 'green'],
      ['blue+jelly', 'yellow+ice'],
    ]);
  });

  it('flips mirror the clip; rotations turn it a quarter and swap its size', () => {
    const clip = extractClip(marked(), rectFrom([0, 0], [2, 1])); // 3 wide, 2 high
    expect(tags(transformClip(clip, 'flip_x'))[0]).toEqual(['blue', 'green', 'red+ice+jelly']);
    expect(tags(transformClip(clip, 'flip_y'))[0]).toEqual(tags(clip)[1]);
    const cw = transformClip(clip, 'rotate_cw');
    expect([cw.width, cw.height]).toEqual([2, 3]);
    // clockwise: the bottom-left cell goes to the top-left, the top-left to the top-right
    expect(tags(cw)[0]).toEqual([tags(clip)[1][0], tags(clip)[0][0]]);
    const ccw = transformClip(clip, 'rotate_ccw');
    expect(tags(ccw)[0]).toEqual([tags(clip)[0][2], tags(clip)[1][2]]);
  });

  it('four quarter turns, two flips, or a turn and its inverse give the clip back', () => {
    const rect = fc.record({ x1: fc.integer({ min: 0, max: 4 }), y1: fc.integer({ min: 0, max: 3 }), x2: fc.integer({ min: 0, max: 4 }), y2: fc.integer({ min: 0, max: 3 }) });
    fc.assert(
      fc.property(rect, (r) => {
        const clip = extractClip(marked(), rectFrom([r.x1, r.y1], [r.x2, r.y2]));
        const turn = (c: Clip, n: number): Clip => (n === 0 ? c : turn(transformClip(c, 'rotate_cw'), n - 1));
        expect(turn(clip, 4)).toEqual(clip);
        expect(transformClip(transformClip(clip, 'flip_x'), 'flip_x')).toEqual(clip);
        expect(transformClip(transformClip(clip, 'rotate_cw'), 'rotate_ccw')).toEqual(clip);
        // two flips are a half turn
        expect(transformClip(transformClip(clip, 'flip_x'), 'flip_y')).toEqual(turn(clip, 2));
      }),
    );
  });

  it('placing a clip replaces whole cells and drops what falls off the board', () => {
    const l = marked();
    const clip = extractClip(l, rectFrom([0, 0], [1, 1]));
    const r = placeClip(createLevel({ id: 'F', width: 5, height: 4 }), clip, 4, 3);
    expect([r.placed, r.dropped]).toEqual([1, 3]);
    expect(r.level.cells[3][4]).toEqual(l.cells[0][0]);
    expect(r.level.cells[0][0]).toEqual({});
  });
});

describe('mirror cell sets', () => {
  it('each mode gives the cell and its images once, the original first', () => {
    expect(mirrorPoints(1, 2, 9, 9, 'off')).toEqual([[1, 2]]);
    expect(mirrorPoints(1, 2, 9, 9, 'x')).toEqual([[1, 2], [7, 2]]);
    expect(mirrorPoints(1, 2, 9, 9, 'y')).toEqual([[1, 2], [1, 6]]);
    expect(mirrorPoints(1, 2, 9, 9, 'xy')).toEqual([[1, 2], [7, 2], [1, 6], [7, 6]]);
    // on the centre lines the images coincide
    expect(mirrorPoints(4, 4, 9, 9, 'xy')).toEqual([[4, 4]]);
    expect(mirrorPoints(4, 0, 9, 9, 'xy')).toEqual([[4, 0], [4, 8]]);
    // even widths have no centre column
    expect(mirrorPoints(3, 0, 8, 3, 'x')).toEqual([[3, 0], [4, 0]]);
  });

  it('rectangles mirror about the board centre', () => {
    expect(mirrorRects({ x1: 0, y1: 0, x2: 1, y2: 2 }, 6, 5, 'xy')).toEqual([
      { x1: 0, y1: 0, x2: 1, y2: 2 },
      { x1: 4, y1: 0, x2: 5, y2: 2 },
      { x1: 0, y1: 2, x2: 1, y2: 4 },
      { x1: 4, y1: 2, x2: 5, y2: 4 },
    ]);
    expect(mirrorRects({ x1: 0, y1: 0, x2: 5, y2: 0 }, 6, 5, 'x')).toHaveLength(1);
  });

  it('mirroring a mirrored set gives the same set (any board, any cell)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 16 }), fc.integer({ min: 3, max: 16 }), fc.nat(), fc.nat(), fc.constantFrom('x', 'y', 'xy' as const), (w, h, a, b, mode) => {
        const pts = mirrorPoints(a % w, b % h, w, h, mode);
        for (const [x, y] of pts) expect(new Set(mirrorPoints(x, y, w, h, mode).map(String))).toEqual(new Set(pts.map(String)));
      }),
    );
  });
});

describe('anchored resize', () => {
  it('offsets: the anchored side stays, the middle splits the change with the odd one at the far side', () => {
    expect(anchorOffset('top-left', 9, 9, 12, 12)).toEqual({ dx: 0, dy: 0 });
    expect(anchorOffset('bottom-right', 9, 9, 12, 11)).toEqual({ dx: 3, dy: 2 });
    expect(anchorOffset('center', 9, 9, 12, 12)).toEqual({ dx: 1, dy: 1 });
    expect(anchorOffset('center', 12, 12, 9, 9)).toEqual({ dx: -1, dy: -1 });
    expect(anchorOffset('top', 9, 9, 5, 5)).toEqual({ dx: -2, dy: 0 });
  });

  it('set_grid_size keeps corner features in their corner for the matching anchor', async () => {
    const l = marked(9, 9);
    const corners = { 'top-left': [0, 0], 'top-right': [8, 0], 'bottom-left': [0, 8], 'bottom-right': [8, 8] } as const;
    for (const [anchor, [x, y]] of Object.entries(corners)) {
      for (const [w, h] of [[12, 11], [5, 4]]) {
        const r = await runTool(l, 'set_grid_size', { width: w, height: h, anchor });
        if (!r.ok) throw new Error(r.error);
        expect(parseLevel(r.level).ok).toBe(true);
        const nx = x === 0 ? 0 : w - 1,
          ny = y === 0 ? 0 : h - 1;
        expect(r.level.cells[ny][nx], `${anchor} ${w}×${h}`).toEqual(l.cells[y][x]);
      }
    }
  });

  it('growing then shrinking back about any anchor gives the level back', async () => {
    const l = marked(7, 6);
    for (const anchor of ANCHORS) {
      const up = await runTool(l, 'set_grid_size', { width: 10, height: 9, anchor });
      if (!up.ok) throw new Error(up.error);
      const down = await runTool(up.level, 'set_grid_size', { width: 7, height: 6, anchor });
      if (!down.ok) throw new Error(down.error);
      expect(down.level, anchor).toEqual(l);
    }
  });

  it('the slash command takes the anchor as its third value, as the model takes it by name', async () => {
    const { parseSlash } = await import('../../../src/ai/slash.ts');
    expect(parseSlash('/set_grid_size 12 11 bottom-right')).toEqual({ name: 'set_grid_size', args: { width: '12', height: '11', anchor: 'bottom-right' } });
    const l = marked(9, 9);
    const r = await runTool(l, 'set_grid_size', { width: '12', height: '11', anchor: 'Bottom-Right' });
    expect(r.ok && r.level.cells[10][11]).toEqual(l.cells[8][8]);
    expect(r.ok && r.summary).toBe('Board resized from 9×9 to 12×11 about the bottom-right.');
  });

  it('without an anchor the resize keeps the top-left as before; a wrong anchor is refused by name', async () => {
    const l = marked(5, 5);
    const r = await runTool(l, 'set_grid_size', { width: 4, height: 4 });
    expect(r.ok && r.level.cells[0][0]).toEqual(l.cells[0][0]);
    const bad = await runTool(l, 'set_grid_size', { width: 4, height: 4, anchor: 'middle' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatch(/^set_grid_size: anchor: must be one of top-left, top/);
  });
});

describe('paste_cells', () => {
  it('writes whole cells at (x, y), one step, and says what fell off', async () => {
    const l = createLevel({ id: 'P', width: 6, height: 6, seed: 1 });
    const cells = [[{ tile: 'red', cover: { type: 'ice', layers: 1 } }, { tile: 'crate', hp: 2 }], [{ ground: { type: 'jelly', layers: 2 } }, {}]];
    const r = await runTool(l, 'paste_cells', { x: 5, y: 4, cells });
    if (!r.ok) throw new Error(r.error);
    expect(r.level.cells[4][5]).toEqual(cells[0][0]);
    expect(r.level.cells[5][5]).toEqual(cells[1][0]);
    expect(r.summary).toMatch(/2 cells written; 2 cells fell outside the board/);
    expect(parseLevel(r.level).ok).toBe(true);
  });

  it('refuses ragged rows, bad cells and a start off the board, naming the field', async () => {
    const l = createLevel({ id: 'P', width: 6, height: 6, seed: 1 });
    const no = async (args: unknown, msg: RegExp) => {
      const r = await runTool(l, 'paste_cells', args);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatch(msg);
    };
    await no({ x: 0, y: 0, cells: [[{}, {}], [{}]] }, /cells\[1\]: must have 2 cells/);
    await no({ x: 0, y: 0, cells: [[{ tile: 'void', cover: { type: 'chain' } }]] }, /cells\.0\.0\.cover|cells\[0\]\[0\]\.cover/);
    await no({ x: 6, y: 0, cells: [[{}]] }, /x: must be 0\.\.5/);
    await no({ x: 0, y: 0, cells: [] }, /cells: needs at least one row/);
  });
});
