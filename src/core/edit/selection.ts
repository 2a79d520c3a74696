// Rectangular selections and clips: what the Select tool copies, moves, flips and rotates. A clip holds
// whole cells (tile, cover and ground), so every layer travels together; on a version 2 level also the
// layout wholly inside it and its multi-cell pieces (block.ts). Pure: tested in node.
import type { CellT, LevelT } from '../level/index.ts';

/** An inclusive rectangle with ordered corners (x1 ≤ x2, y1 ≤ y2). */
export interface Rect {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

type XY = [number, number];
/**
 * The layout of a version 2 level (RULES §12.3) that a block carries, its cells counted from the
 * block's top-left (block.ts takes, turns and places it).
 */
export interface BlockLayout {
  portals?: { from: XY; to: XY }[];
  belts?: { cells: XY[] }[];
  walls?: { x: number; y: number; side: 'right' | 'bottom' }[];
  spawners?: { at: XY; spawn: { element: string; chance: number; max: number; total: number }[] }[];
  hidden?: { at: XY; size: XY }[];
}

/** Cells lifted off a board: `cells[y][x]`, `height` rows of `width` cells; `layout`: what lay wholly inside them. */
export interface Clip {
  width: number;
  height: number;
  cells: CellT[][];
  layout?: BlockLayout;
}

export type ClipTransform = 'flip_x' | 'flip_y' | 'rotate_cw' | 'rotate_ccw';

/** The rectangle spanned by two corners given in any order. */
export function rectFrom(a: readonly [number, number], b: readonly [number, number]): Rect {
  return { x1: Math.min(a[0], b[0]), y1: Math.min(a[1], b[1]), x2: Math.max(a[0], b[0]), y2: Math.max(a[1], b[1]) };
}

export const rectWidth = (r: Rect) => r.x2 - r.x1 + 1;
export const rectHeight = (r: Rect) => r.y2 - r.y1 + 1;

export function rectContains(r: Rect, x: number, y: number): boolean {
  return x >= r.x1 && x <= r.x2 && y >= r.y1 && y <= r.y2;
}

/** The part of `r` that lies on a board of the given size, or null when none does. */
export function clampRect(r: Rect, width: number, height: number): Rect | null {
  const c = { x1: Math.max(0, r.x1), y1: Math.max(0, r.y1), x2: Math.min(width - 1, r.x2), y2: Math.min(height - 1, r.y2) };
  return c.x1 > c.x2 || c.y1 > c.y2 ? null : c;
}

/** Copies the cells of a rectangle (clamped to the board) into a clip. */
export function extractClip(level: LevelT, r: Rect): Clip {
  const c = clampRect(r, level.width, level.height);
  if (!c) return { width: 0, height: 0, cells: [] };
  const cells = level.cells.slice(c.y1, c.y2 + 1).map((row) => row.slice(c.x1, c.x2 + 1).map((cell) => structuredClone(cell)));
  return { width: rectWidth(c), height: rectHeight(c), cells };
}

/** Mirrors a clip left–right (`flip_x`) or top–bottom (`flip_y`), or turns it a quarter. */
export function transformClip(clip: Clip, how: ClipTransform): Clip {
  const { width: w, height: h, cells } = clip;
  switch (how) {
    case 'flip_x':
      return { width: w, height: h, cells: cells.map((row) => [...row].reverse()) };
    case 'flip_y':
      return { width: w, height: h, cells: [...cells].reverse() };
    case 'rotate_cw':
      // new[y][x] = old[h-1-x][y]: the left column becomes the top row
      return { width: h, height: w, cells: Array.from({ length: w }, (_, y) => Array.from({ length: h }, (_, x) => cells[h - 1 - x][y])) };
    case 'rotate_ccw':
      return { width: h, height: w, cells: Array.from({ length: w }, (_, y) => Array.from({ length: h }, (_, x) => cells[x][w - 1 - y])) };
  }
}

/** Where a clip lands with its top-left at (x, y): the covered rectangle on the board, or null if off it. */
export function placedRect(clip: Clip, x: number, y: number, width: number, height: number): Rect | null {
  return clampRect({ x1: x, y1: y, x2: x + clip.width - 1, y2: y + clip.height - 1 }, width, height);
}

/**
 * Writes a clip onto a level with its top-left at (x, y). Cells falling outside the board are dropped and
 * counted. The written cells replace everything there (tile, cover and ground).
 */
export function placeClip(level: LevelT, clip: Clip, x: number, y: number): { level: LevelT; placed: number; dropped: number } {
  let placed = 0;
  const cells = level.cells.map((row, cy) => {
    const src = clip.cells[cy - y];
    if (!src) return row;
    return row.map((cell, cx) => {
      const c = src[cx - x];
      if (c === undefined) return cell;
      placed++;
      return structuredClone(c);
    });
  });
  return { level: { ...level, cells }, placed, dropped: clip.width * clip.height - placed };
}
