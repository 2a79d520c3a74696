// Painting tools: tiles, bombs, covers and ground, one cell or a rectangle.
import * as z from 'zod/mini';
import { TILE_CODES, isColorOrRandom, type CellT, type LevelT } from '../level/index.ts';
import { defineTool, int, oneOf, ToolError } from './define.ts';
import { checkX, checkY, coord, editRegion, plural, region, regionParams, regionText, type Region } from './board.ts';
import { cellRef } from '../cellName.ts';

const tileParam = oneOf(
  TILE_CODES,
  'Tile code: random, a colour (red, green, blue, yellow, purple, orange), rocket_h, rocket_v, bomb, rainbow, crate or void',
);
const hpParam = z.optional(int(1, 3, 'Crate hit points 1..3 (only with tile "crate"; default 1)'));

function paintTileCell(tile: string, hp: number | undefined) {
  return (cell: CellT): CellT => {
    if (tile === 'void') return { tile: 'void' };
    const next: CellT = { ...cell, tile: tile as CellT['tile'] };
    delete next.hp;
    if (tile === 'crate') next.hp = hp ?? 1;
    // a cover needs a colour or random tile under it: painting a special or crate removes it
    if (!isColorOrRandom(tile)) delete next.cover;
    return next;
  };
}

function tileNote(tile: string, hp?: number) {
  return tile === 'crate' ? `crate (${hp ?? 1} hp)` : tile;
}

function coverNote(level: LevelT, r: Region, tile: string): string {
  if (isColorOrRandom(tile) || tile === 'void') return '';
  let n = 0;
  for (let y = r.y1; y <= r.y2; y++) for (let x = r.x1; x <= r.x2; x++) if (level.cells[y][x].cover) n++;
  return n ? `; removed ${plural(n, 'cover')} (a cover needs a colour or random tile)` : '';
}

export const paintTile = defineTool({
  name: 'paint_tile',
  kind: 'edit',
  description: 'Set the tile of one cell.',
  params: z.object({ x: coord('x'), y: coord('y'), tile: tileParam, hp: hpParam }),
  positional: ['x', 'y', 'tile', 'hp'],
  apply(level, a) {
    if (a.hp !== undefined && a.tile !== 'crate') throw new ToolError('hp: only allowed with tile "crate"');
    checkX(level, 'x', a.x);
    checkY(level, 'y', a.y);
    const r = { x1: a.x, y1: a.y, x2: a.x, y2: a.y };
    const note = coverNote(level, r, a.tile);
    const { level: next } = editRegion(level, r, paintTileCell(a.tile, a.hp));
    return { level: next, summary: `Painted ${tileNote(a.tile, a.hp)} at ${cellRef(a.x, a.y)}${note}.` };
  },
});

export const paintTileRegion = defineTool({
  name: 'paint_tile_region',
  kind: 'edit',
  description: 'Set the tile of every cell in a rectangle.',
  params: z.object({ ...regionParams, tile: tileParam, hp: hpParam }),
  positional: ['x1', 'y1', 'x2', 'y2', 'tile', 'hp'],
  apply(level, a) {
    if (a.hp !== undefined && a.tile !== 'crate') throw new ToolError('hp: only allowed with tile "crate"');
    const r = region(level, a);
    const note = coverNote(level, r, a.tile);
    const res = editRegion(level, r, paintTileCell(a.tile, a.hp));
    return { level: res.level, summary: `Painted ${tileNote(a.tile, a.hp)} on ${plural(res.total, 'cell')} ${regionText(r)}${note}.` };
  },
});

export const placeBomb = defineTool({
  name: 'place_bomb',
  kind: 'edit',
  description: 'Place a bomb on one cell; x or y of -1 means the centre.',
  params: z.object({
    x: int(-1, 15, 'Column, 0 = leftmost; -1 = the centre column'),
    y: int(-1, 15, 'Row, 0 = top; -1 = the centre row'),
  }),
  positional: ['x', 'y'],
  apply(level, a) {
    const x = a.x === -1 ? Math.floor((level.width - 1) / 2) : a.x;
    const y = a.y === -1 ? Math.floor((level.height - 1) / 2) : a.y;
    checkX(level, 'x', x);
    checkY(level, 'y', y);
    const r = { x1: x, y1: y, x2: x, y2: y };
    const note = coverNote(level, r, 'bomb');
    const { level: next } = editRegion(level, r, paintTileCell('bomb', undefined));
    return { level: next, summary: `Placed a bomb at ${cellRef(x, y)}${note}.` };
  },
});

const coverParam = oneOf(['ice', 'chain', 'none'] as const, 'Cover type: ice, chain, or none to remove the cover');
const coverLayers = z.optional(int(1, 3, 'Ice layers 1..3 (default 1; ignored for chain and none)'));

function coverCell(cover: 'ice' | 'chain' | 'none', layers: number | undefined) {
  return (cell: CellT, x: number, y: number): CellT | string => {
    if (cover === 'none') return { ...cell, cover: null };
    const t = cell.tile ?? 'random';
    if (!isColorOrRandom(t)) return `${cellRef(x, y)} is ${t}: a cover needs a colour or random tile under it`;
    return { ...cell, cover: cover === 'ice' ? { type: 'ice', layers: layers ?? 1 } : { type: 'chain' } };
  };
}
function coverName(cover: string, layers?: number) {
  return cover === 'none' ? 'no cover' : cover === 'ice' ? `ice ×${layers ?? 1}` : 'chain';
}

export const paintCover = defineTool({
  name: 'paint_cover',
  kind: 'edit',
  description: 'Set the cover of one cell.',
  params: z.object({ x: coord('x'), y: coord('y'), cover: coverParam, layers: coverLayers }),
  positional: ['x', 'y', 'cover', 'layers'],
  apply(level, a) {
    checkX(level, 'x', a.x);
    checkY(level, 'y', a.y);
    const { level: next } = editRegion(level, { x1: a.x, y1: a.y, x2: a.x, y2: a.y }, coverCell(a.cover, a.layers));
    return { level: next, summary: `Set ${coverName(a.cover, a.layers)} at ${cellRef(a.x, a.y)}.` };
  },
});

export const paintCoverRegion = defineTool({
  name: 'paint_cover_region',
  kind: 'edit',
  description: 'Set the cover of every cell in a rectangle.',
  params: z.object({ ...regionParams, cover: coverParam, layers: coverLayers }),
  positional: ['x1', 'y1', 'x2', 'y2', 'cover', 'layers'],
  apply(level, a) {
    const r = region(level, a);
    const res = editRegion(level, r, coverCell(a.cover, a.layers));
    const skipped = res.skipped ? `; skipped ${plural(res.skipped, 'cell')} that cannot hold a cover` : '';
    return { level: res.level, summary: `Set ${coverName(a.cover, a.layers)} on ${plural(res.total - res.skipped, 'cell')} ${regionText(r)}${skipped}.` };
  },
});

const groundParam = oneOf(['jelly', 'none'] as const, 'Ground type: jelly, or none to remove it');
const groundLayers = z.optional(int(1, 2, 'Jelly layers 1..2 (default 1; ignored for none)'));

function groundCell(ground: 'jelly' | 'none', layers: number | undefined) {
  return (cell: CellT, x: number, y: number): CellT | string => {
    if (ground === 'none') return { ...cell, ground: null };
    if (cell.tile === 'void') return `${cellRef(x, y)} is void: ground needs a cell on the board`;
    return { ...cell, ground: { type: 'jelly', layers: layers ?? 1 } };
  };
}
function groundName(ground: string, layers?: number) {
  return ground === 'none' ? 'no ground' : `jelly ×${layers ?? 1}`;
}

export const paintGround = defineTool({
  name: 'paint_ground',
  kind: 'edit',
  description: 'Set the ground of one cell.',
  params: z.object({ x: coord('x'), y: coord('y'), ground: groundParam, layers: groundLayers }),
  positional: ['x', 'y', 'ground', 'layers'],
  apply(level, a) {
    checkX(level, 'x', a.x);
    checkY(level, 'y', a.y);
    const { level: next } = editRegion(level, { x1: a.x, y1: a.y, x2: a.x, y2: a.y }, groundCell(a.ground, a.layers));
    return { level: next, summary: `Set ${groundName(a.ground, a.layers)} at ${cellRef(a.x, a.y)}.` };
  },
});

export const paintGroundRegion = defineTool({
  name: 'paint_ground_region',
  kind: 'edit',
  description: 'Set the ground of every cell in a rectangle.',
  params: z.object({ ...regionParams, ground: groundParam, layers: groundLayers }),
  positional: ['x1', 'y1', 'x2', 'y2', 'ground', 'layers'],
  apply(level, a) {
    const r = region(level, a);
    const res = editRegion(level, r, groundCell(a.ground, a.layers));
    const skipped = res.skipped ? `; skipped ${plural(res.skipped, 'void cell')}` : '';
    return { level: res.level, summary: `Set ${groundName(a.ground, a.layers)} on ${plural(res.total - res.skipped, 'cell')} ${regionText(r)}${skipped}.` };
  },
});

export const clearRegion = defineTool({
  name: 'clear_region',
  kind: 'edit',
  description: 'Reset a rectangle to plain random tiles.',
  params: z.object(regionParams),
  positional: ['x1', 'y1', 'x2', 'y2'],
  apply(level, a) {
    const r = region(level, a);
    const res = editRegion(level, r, () => ({}));
    return { level: res.level, summary: `Cleared ${plural(res.total, 'cell')} ${regionText(r)}.` };
  },
});

export const clearAll = defineTool({
  name: 'clear_all',
  kind: 'edit',
  description: 'Reset every cell to a plain random tile.',
  params: z.object({}),
  apply(level) {
    const res = editRegion(level, { x1: 0, y1: 0, x2: level.width - 1, y2: level.height - 1 }, () => ({}));
    return { level: res.level, summary: `Cleared all ${res.total} cells.` };
  },
});


