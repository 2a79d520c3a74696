// What the editor's pointer tools turn into: registry intents. Pure, so it is unit-tested in node.
import { classicTileOf, type CellT, type LevelT, type TileCodeT } from '../core/level/index.ts';
import type { Intent } from '../core/tools/index.ts';
import { mirrorPoints, mirrorRects, uniquePoints, type MirrorMode } from '../core/edit/index.ts';

export type { PaintTool } from './toolTable.ts';
export type Layer = 'tile' | 'cover' | 'ground';
export const LAYERS: readonly Layer[] = ['tile', 'cover', 'ground'];

/** The value painted on each layer. */
export type BrushValue =
  | { layer: 'tile'; tile: TileCodeT; hp?: number }
  | { layer: 'cover'; cover: 'ice' | 'chain' | 'none'; layers?: number }
  | { layer: 'ground'; ground: 'jelly' | 'none'; layers?: number };

/** Erasing resets the chosen layer to its default. */
export function eraseValue(layer: Layer): BrushValue {
  if (layer === 'tile') return { layer: 'tile', tile: 'random' };
  if (layer === 'cover') return { layer: 'cover', cover: 'none' };
  return { layer: 'ground', ground: 'none' };
}

export function cellIntent(v: BrushValue, x: number, y: number): Intent {
  switch (v.layer) {
    case 'tile':
      return { tool: 'paint_tile', args: v.tile === 'crate' ? { x, y, tile: v.tile, hp: v.hp ?? 1 } : { x, y, tile: v.tile } };
    case 'cover':
      return { tool: 'paint_cover', args: v.cover === 'ice' ? { x, y, cover: 'ice', layers: v.layers ?? 1 } : { x, y, cover: v.cover } };
    case 'ground':
      return { tool: 'paint_ground', args: v.ground === 'jelly' ? { x, y, ground: 'jelly', layers: v.layers ?? 1 } : { x, y, ground: 'none' } };
  }
}

export function regionIntent(v: BrushValue, x1: number, y1: number, x2: number, y2: number): Intent {
  const r = { x1, y1, x2, y2 };
  switch (v.layer) {
    case 'tile':
      return { tool: 'paint_tile_region', args: v.tile === 'crate' ? { ...r, tile: v.tile, hp: v.hp ?? 1 } : { ...r, tile: v.tile } };
    case 'cover':
      return { tool: 'paint_cover_region', args: v.cover === 'ice' ? { ...r, cover: 'ice', layers: v.layers ?? 1 } : { ...r, cover: v.cover } };
    case 'ground':
      return { tool: 'paint_ground_region', args: v.ground === 'jelly' ? { ...r, ground: 'jelly', layers: v.layers ?? 1 } : { ...r, ground: 'none' } };
  }
}

/** The value a cell holds on a layer, as a comparable key and as a brush value (eyedropper, fill). */
export function valueAt(cell: CellT, layer: Layer): BrushValue {
  // the editor paints the classic game's tiles: another game's element reads as random
  if (layer === 'tile') return cell.tile === 'crate' ? { layer, tile: 'crate', hp: cell.hp ?? 1 } : { layer, tile: classicTileOf(cell) ?? 'random' };
  if (layer === 'cover')
    return cell.cover ? (cell.cover.type === 'ice' ? { layer, cover: 'ice', layers: cell.cover.layers } : { layer, cover: 'chain' }) : { layer, cover: 'none' };
  return cell.ground ? { layer, ground: 'jelly', layers: cell.ground.layers } : { layer, ground: 'none' };
}

export function sameValue(a: BrushValue, b: BrushValue): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Flood fill: the 4-connected cells around (x, y) holding the same value on the layer. Voids bound a fill
 * on the cover and ground layers (they cannot hold either).
 */
export function floodCells(level: LevelT, layer: Layer, x: number, y: number): [number, number][] {
  const target = valueAt(level.cells[y][x], layer);
  const seen = new Uint8Array(level.width * level.height);
  const out: [number, number][] = [];
  const stack: [number, number][] = [[x, y]];
  while (stack.length) {
    const [cx, cy] = stack.pop()!;
    if (cx < 0 || cy < 0 || cx >= level.width || cy >= level.height) continue;
    const i = cy * level.width + cx;
    if (seen[i]) continue;
    seen[i] = 1;
    const cell = level.cells[cy][cx];
    if (layer !== 'tile' && cell.tile === 'void') continue;
    if (!sameValue(valueAt(cell, layer), target)) continue;
    out.push([cx, cy]);
    stack.push([cx + 1, cy], [cx - 1, cy], [cx, cy + 1], [cx, cy - 1]);
  }
  return out;
}

/** Cells on the straight line between two grid points (so a fast drag leaves no gaps). */
export function lineCells(x0: number, y0: number, x1: number, y1: number): [number, number][] {
  const out: [number, number][] = [];
  const dx = Math.abs(x1 - x0),
    dy = -Math.abs(y1 - y0);
  const sx = x0 < x1 ? 1 : -1,
    sy = y0 < y1 ? 1 : -1;
  let err = dx + dy;
  for (;;) {
    out.push([x0, y0]);
    if (x0 === x1 && y0 === y1) break;
    const e2 = 2 * err;
    if (e2 >= dy) {
      err += dy;
      x0 += sx;
    }
    if (e2 <= dx) {
      err += dx;
      y0 += sy;
    }
  }
  return out;
}

export function brushLabel(v: BrushValue): string {
  if (v.layer === 'tile') return v.tile === 'crate' ? `crate ${v.hp ?? 1}` : v.tile;
  if (v.layer === 'cover') return v.cover === 'ice' ? `ice ${v.layers ?? 1}` : v.cover;
  return v.ground === 'jelly' ? `jelly ${v.layers ?? 1}` : 'no ground';
}

/**
 * The layer whose content is on top at a cell, as the board draws it: a cover, else a tile other than
 * random (voids and crates included), else ground, else the (random) tile. Hidden layers are skipped.
 */
export function topLayer(cell: CellT, hidden: Partial<Record<Layer, boolean>> = {}): Layer {
  if (cell.cover && !hidden.cover) return 'cover';
  if (cell.tile && cell.tile !== 'random' && !hidden.tile) return 'tile';
  if (cell.ground && !hidden.ground) return 'ground';
  return 'tile';
}

/** Whether a layer of a cell holds anything an eraser would remove. */
export function layerHasContent(cell: CellT, layer: Layer): boolean {
  if (layer === 'tile') return (cell.tile ?? 'random') !== 'random';
  return layer === 'cover' ? !!cell.cover : !!cell.ground;
}

/** One cell's paint and its mirror images. */
export function mirroredCellIntents(v: BrushValue, x: number, y: number, level: Pick<LevelT, 'width' | 'height'>, mode: MirrorMode): Intent[] {
  return mirrorPoints(x, y, level.width, level.height, mode).map(([mx, my]) => cellIntent(v, mx, my));
}

/** A rectangle's paint and its mirror images. */
export function mirroredRegionIntents(v: BrushValue, x1: number, y1: number, x2: number, y2: number, level: Pick<LevelT, 'width' | 'height'>, mode: MirrorMode): Intent[] {
  const r = { x1: Math.min(x1, x2), y1: Math.min(y1, y2), x2: Math.max(x1, x2), y2: Math.max(y1, y2) };
  return mirrorRects(r, level.width, level.height, mode).map((q) => regionIntent(v, q.x1, q.y1, q.x2, q.y2));
}

/** A fill from a cell and from each of its mirror images, every cell once (floods read the level as it was). */
export function mirroredFloodCells(level: LevelT, layer: Layer, x: number, y: number, mode: MirrorMode): [number, number][] {
  return uniquePoints(mirrorPoints(x, y, level.width, level.height, mode).flatMap(([mx, my]) => floodCells(level, layer, mx, my)));
}
