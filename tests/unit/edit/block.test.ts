// A selected block with a version 2 level's layout and multi-cell pieces (RULES §12.3–§12.4; issue 41
// item 2): the layout wholly inside travels, turns and flips with the cells; what the edge cuts stays or is
// left out, counted; what no longer fits is dropped and counted; a multi-cell piece moves whole, keeps its
// anchor at its top-left, and a paint that leaves one where it does not fit is refused with §12's reason.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLevel, parseLevel, type LevelT } from '../../../src/core/level/index.ts';
import { applyIntent, loadLayoutTools, runTool } from '../../../src/core/tools/registry.ts';
import { forgetGames, gameById, registerGames } from '../../../src/core/game/registry.ts';
import type { GameDef } from '../../../src/core/game/types.ts';
import { loadBlock } from '../../../src/core/edit/blockLoaded.ts';
import { extractBlock, piecesCut, placeBlock, transformBlock, transformPoint } from '../../../src/core/edit/block.ts';
import { transformClip, type Clip } from '../../../src/core/edit/index.ts';

type L = LevelT & { walls?: { x: number; y: number; side: string }[]; portals?: { from: number[]; to: number[] }[]; belts?: { cells: number[][] }[]; hidden?: { at: number[]; size: number[] }[]; spawners?: { at: number[] }[] };
const root = new URL('../../../examples/games/', import.meta.url);
const read = <T>(p: string) => JSON.parse(readFileSync(new URL(p, root), 'utf8')) as T;
let candy: GameDef;
beforeAll(async () => {
  registerGames([read<GameDef>('candy-kingdom.game.json')]);
  candy = gameById('candy-kingdom')!;
  await Promise.all([loadBlock(), loadLayoutTools()]);
});
afterAll(() => forgetGames(['candy-kingdom']));

const v2 = (extra: Partial<L> = {}): L => ({ ...createLevel({ id: 'b', seed: 1 }), version: 2, game: 'candy-kingdom', ...extra }) as L;
const valid = (l: LevelT) => {
  const p = parseLevel(l);
  return p.ok ? 'valid' : p.problems.map((q) => `${q.path}: ${q.message}`).join('; ');
};

describe('a point, a wall and a rectangle turn with the block', () => {
  it('every transform matches transformClip cell for cell', () => {
    const clip: Clip = { width: 3, height: 2, cells: [[{ tile: 'red' }, { tile: 'blue' }, { tile: 'green' }], [{ tile: 'yellow' }, { tile: 'purple' }, { tile: 'orange' }]] };
    for (const how of ['flip_x', 'flip_y', 'rotate_cw', 'rotate_ccw'] as const) {
      const out = transformClip(clip, how);
      for (let y = 0; y < 2; y++)
        for (let x = 0; x < 3; x++) {
          const [nx, ny] = transformPoint([x, y], 3, 2, how);
          expect(out.cells[ny][nx], `${how} ${x},${y}`).toEqual(clip.cells[y][x]);
        }
    }
  });

  it('a wall goes to the matching edge, a belt keeps its order, a portal its ends, a rectangle its cells', () => {
    const l = v2({ walls: [{ x: 1, y: 1, side: 'right' }], belts: [{ cells: [[1, 2], [2, 2], [3, 2]] }], portals: [{ from: [1, 1], to: [3, 3] }], hidden: [{ at: [2, 1], size: [2, 1] }] });
    const { clip, cut } = extractBlock(l, { x1: 1, y1: 1, x2: 3, y2: 3 });
    expect(cut).toBe(0);
    // the block is 3×3 from B2: the wall is on the right edge of its (0, 0)
    expect(clip.layout).toEqual({ portals: [{ from: [0, 0], to: [2, 2] }], belts: [{ cells: [[0, 1], [1, 1], [2, 1]] }], walls: [{ x: 0, y: 0, side: 'right' }], hidden: [{ at: [1, 0], size: [2, 1] }] });
    const cw = transformBlock(clip, 'rotate_cw', candy).layout!;
    // turned clockwise: (x, y) → (2 - y, x); the edge between (0,0) and (1,0) becomes the one between (2,0) and (2,1)
    expect(cw.walls).toEqual([{ x: 2, y: 0, side: 'bottom' }]);
    expect(cw.belts).toEqual([{ cells: [[1, 0], [1, 1], [1, 2]] }]);
    expect(cw.portals).toEqual([{ from: [2, 0], to: [0, 2] }]);
    expect(cw.hidden).toEqual([{ at: [2, 1], size: [1, 2] }]);
    const fx = transformBlock(clip, 'flip_x', candy).layout!;
    expect(fx.walls).toEqual([{ x: 1, y: 0, side: 'right' }]);
    expect(fx.belts).toEqual([{ cells: [[2, 1], [1, 1], [0, 1]] }]);
  });

  it('what the edge cuts is left out of a copy and counted: a wall on the border, a belt running out, a rectangle overlapping', () => {
    const l = v2({ walls: [{ x: 2, y: 1, side: 'right' }, { x: 1, y: 1, side: 'bottom' }], belts: [{ cells: [[2, 2], [3, 2]] }], hidden: [{ at: [2, 0], size: [2, 2] }] });
    const { clip, cut } = extractBlock(l, { x1: 0, y1: 0, x2: 2, y2: 2 });
    expect(cut).toBe(3);
    expect(clip.layout).toEqual({ walls: [{ x: 1, y: 1, side: 'bottom' }] });
  });
});

describe('placing a block', () => {
  it('the layout inside the target is replaced by the block\'s; what lands off the board is dropped and counted; a v1 level becomes v2', () => {
    const src = v2({ walls: [{ x: 0, y: 0, side: 'right' }, { x: 1, y: 1, side: 'bottom' }] });
    const { clip } = extractBlock(src, { x1: 0, y1: 0, x2: 1, y2: 2 });
    const v1 = { ...createLevel({ id: 'one', seed: 2 }), game: 'candy-kingdom' } as L;
    const r = placeBlock(v1, candy, { x: 7, y: 7, cells: clip.cells, layout: clip.layout });
    // at (7, 7) the block's (1, 1) bottom wall is the board's edge row 8 → (8, 8) bottom: off the board
    expect(r.ok && r.layoutDropped).toBe(1);
    expect(r.ok && (r.level as L).walls).toEqual([{ x: 7, y: 7, side: 'right' }]);
    expect(r.ok && r.level.version).toBe(2);
    expect(r.ok && valid(r.level)).toBe('valid');
  });

  it('§12.3\'s checks run on the whole layout: a belt pasted over a void is dropped, a spawner no longer at a path start too', () => {
    const l = v2({ portals: [{ from: [1, 3], to: [2, 3] }], spawners: [{ at: [1, 4], spawn: [] }] as unknown as L['spawners'] });
    expect(valid(l)).toBe('valid'); // (1, 4) starts a path of its own under the portal's entry
    const block = { x: 1, y: 3, cells: [[{ tile: 'void' as const }, {}]], layout: { belts: [{ cells: [[0, 0], [1, 0]] as [number, number][] }] } };
    const r = placeBlock(l, candy, block);
    // the block replaces the portal wholly inside it; its belt lies on a void; the spawner then starts no path
    expect(r.ok && r.layoutDropped).toBe(2);
    const m = r.ok ? (r.level as L) : null;
    expect([m?.portals, m?.belts, m?.spawners]).toEqual([undefined, undefined, undefined]);
    expect(r.ok && valid(r.level)).toBe('valid');
  });

  it('a 2×2 cake moves whole and keeps its anchor at its top-left when flipped or turned; a cut one is named', () => {
    const l = v2();
    l.cells[2][2] = { tile: 'cake', hp: 3 };
    l.cells[3][3] = { ground: { type: 'frosting' } } as never;
    expect(piecesCut(l, candy, { x1: 0, y1: 0, x2: 2, y2: 2 })).toEqual([{ x: 2, y: 2, w: 2, h: 2, id: 'cake' }]);
    expect(piecesCut(l, candy, { x1: 1, y1: 1, x2: 3, y2: 4 })).toEqual([]);
    const { clip } = extractBlock(l, { x1: 1, y1: 1, x2: 3, y2: 4 });
    for (const how of ['flip_x', 'flip_y', 'rotate_cw', 'rotate_ccw'] as const) {
      const t = transformBlock(clip, how, candy);
      const anchors = t.cells.flatMap((row, y) => row.flatMap((c, x) => (c.tile === 'cake' ? [[x, y, c.hp]] : [])));
      expect(anchors.length, how).toBe(1);
      const r = placeBlock(l, candy, { x: 1, y: 1, cells: t.cells, layout: {}, clear: { x1: 1, y1: 1, x2: 3, y2: 4 } });
      expect(r.ok && valid(r.level), how).toBe('valid');
    }
    // flipped left–right in a 3-wide block from B2: the cake's cells (1..2, 1..2) become (0..1, 1..2)
    const t = transformBlock(clip, 'flip_x', candy);
    expect(t.cells[1][0]).toEqual({ tile: 'cake', hp: 3 });
    expect(t.cells[2][0]).toEqual({ ground: { type: 'frosting' } }); // the ground stays with its cell: (2, 2) → (0, 2)
  });

  it('refused with §12.4\'s reason when a pasted cake does not fit', () => {
    const l = v2();
    l.cells[4][5] = { tile: 'red' };
    const r = placeBlock(l, candy, { x: 4, y: 3, cells: [[{ tile: 'cake' }]], layout: {} });
    expect(r).toMatchObject({ ok: false, error: 'cells[4][5]: covered by "cake" at cells[3][4], must have no tile or cover' });
  });
});

describe('place_block, the tool', () => {
  it('moves a wall, a belt and a portal with their cells as one replayable intent', async () => {
    const l = v2({ walls: [{ x: 1, y: 1, side: 'right' }], belts: [{ cells: [[1, 2], [2, 2]] }], portals: [{ from: [1, 1], to: [2, 3] }] });
    const { clip } = extractBlock(l, { x1: 1, y1: 1, x2: 2, y2: 3 });
    const args = { x: 5, y: 4, cells: clip.cells, layout: clip.layout, clear: { x1: 1, y1: 1, x2: 2, y2: 3 } };
    const r = await runTool(l, 'place_block', args);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const m = r.level as L;
    expect(m.walls).toEqual([{ x: 5, y: 4, side: 'right' }]);
    expect(m.belts).toEqual([{ cells: [[5, 5], [6, 5]] }]);
    expect(m.portals).toEqual([{ from: [5, 4], to: [6, 6] }]);
    expect(r.summary).toBe('Cleared B2–C4 (x 1–2, y 1–3); wrote a 2×3 block at F5 (x 5, y 4) (6 cells).');
    const replay = applyIntent(l, { tool: 'place_block', args });
    expect(replay.ok && JSON.stringify(replay.level)).toBe(JSON.stringify(r.level));
    expect(valid(r.level)).toBe('valid');
  });
});

describe('painting a multi-cell piece', () => {
  const cakeAt = (l: LevelT, x: number, y: number) => applyIntent(l, { tool: 'paint_tile', args: { x, y, tile: 'cake', hp: 2 } });

  it('is refused where it does not fit, with §12.4\'s reason, the level unchanged', () => {
    const l = v2();
    l.cells[4][5] = { tile: 'red' };
    expect(cakeAt(l, 4, 3)).toEqual({ ok: false, error: 'paint_tile: cells[4][5]: covered by "cake" at cells[3][4], must have no tile or cover' });
    expect(cakeAt(l, 8, 8)).toEqual({ ok: false, error: 'paint_tile: cells[8][8].tile: "cake" is 2×2: it does not fit on the board here' });
    l.cells[1][1] = { tile: 'void' };
    expect(cakeAt(l, 0, 0)).toMatchObject({ ok: false, error: 'paint_tile: cells[1][1]: covered by "cake" at cells[0][0], must not be void' });
    const one = cakeAt(l, 2, 2);
    expect(one.ok).toBe(true);
    if (!one.ok) return;
    expect(cakeAt(one.level, 3, 3)).toMatchObject({ ok: false, error: 'paint_tile: cells[3][3]: covered by "cake" at cells[2][2], must have no tile or cover' });
    expect(applyIntent(one.level, { tool: 'paint_cover', args: { x: 3, y: 2, cover: 'bubble' } })).toMatchObject({ ok: false });
  });

  it('erasing any of its cells takes the whole piece off', () => {
    const l = v2();
    const one = cakeAt(l, 2, 2);
    expect(one.ok).toBe(true);
    if (!one.ok) return;
    const erased = applyIntent(one.level, { tool: 'paint_tile', args: { x: 3, y: 3, tile: 'random' } });
    expect(erased.ok && erased.level.cells[2][2]).toEqual({});
    // a plain random cell elsewhere is left as it was
    const other = applyIntent(one.level, { tool: 'paint_tile', args: { x: 6, y: 6, tile: 'random' } });
    expect(other.ok && other.level.cells[2][2]).toEqual({ tile: 'cake', hp: 2 });
  });
});

describe('a block over hidden rectangles and the find objective (issue 41 item 2)', () => {
  it('a cleared block that takes hidden rectangles lowers a find objective above what is left; the level stays valid', () => {
    const bears = read<L>('candy-kingdom/level_5.json');
    expect(bears.objectives).toEqual([{ type: 'find', count: 3 }]);
    // Delete over A1–B2: the first of the three rectangles goes with its cells
    const r = placeBlock(bears, candy, { x: 0, y: 0, clear: { x1: 0, y1: 0, x2: 1, y2: 1 } });
    if (!r.ok) throw new Error(r.error);
    expect((r.level as L).hidden).toHaveLength(2);
    expect(r.level.objectives).toEqual([{ type: 'find', count: 2 }]);
    expect(valid(r.level)).toBe('valid');
  });
});
