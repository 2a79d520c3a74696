// Shared helpers for tools that touch cells: coordinates checked against this level, regions, cell updates.
import { canonicalCell, type CellT, type LevelT } from '../level/index.ts';
import { ToolError, int } from './define.ts';
import { cellRef } from '../cellName.ts';

export const coord = (axis: 'x' | 'y', what = 'cell') =>
  int(0, 15, axis === 'x' ? `Column of the ${what}, 0 = leftmost` : `Row of the ${what}, 0 = top`);

export function checkX(l: LevelT, name: string, x: number) {
  if (x < 0 || x >= l.width) throw new ToolError(`${name}: must be 0..${l.width - 1} (the board is ${l.width} wide)`);
}
export function checkY(l: LevelT, name: string, y: number) {
  if (y < 0 || y >= l.height) throw new ToolError(`${name}: must be 0..${l.height - 1} (the board is ${l.height} high)`);
}

export interface Region {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** Checks a region against the board and orders its corners. */
export function region(l: LevelT, r: Region): Region {
  checkX(l, 'x1', r.x1);
  checkY(l, 'y1', r.y1);
  checkX(l, 'x2', r.x2);
  checkY(l, 'y2', r.y2);
  return { x1: Math.min(r.x1, r.x2), y1: Math.min(r.y1, r.y2), x2: Math.max(r.x1, r.x2), y2: Math.max(r.y1, r.y2) };
}

export function regionText(r: Region): string {
  return cellRef(r.x1, r.y1, r.x2, r.y2);
}

export const regionParams = {
  x1: int(0, 15, 'Left or right column of the rectangle (inclusive, 0 = leftmost)'),
  y1: int(0, 15, 'Top or bottom row of the rectangle (inclusive, 0 = top)'),
  x2: int(0, 15, 'The opposite column of the rectangle (inclusive; corners in any order)'),
  y2: int(0, 15, 'The opposite row of the rectangle (inclusive; corners in any order)'),
};

/**
 * Applies `edit` to every cell of the region. `edit` returns the new cell, or a string saying why that
 * cell was skipped. If every cell was skipped, the call is refused with the first reason.
 */
export function editRegion(
  l: LevelT,
  r: Region,
  edit: (cell: CellT, x: number, y: number) => CellT | string,
): { level: LevelT; changed: number; skipped: number; total: number } {
  let changed = 0,
    skipped = 0,
    firstReason = '';
  const cells = l.cells.map((row, y) =>
    y < r.y1 || y > r.y2
      ? row
      : row.map((cell, x) => {
          if (x < r.x1 || x > r.x2) return cell;
          const next = edit(cell, x, y);
          if (typeof next === 'string') {
            skipped++;
            firstReason ||= next;
            return cell;
          }
          const c = canonicalCell(next);
          if (JSON.stringify(c) !== JSON.stringify(cell)) changed++;
          return c;
        }),
  );
  const total = (r.x2 - r.x1 + 1) * (r.y2 - r.y1 + 1);
  if (skipped === total) throw new ToolError(firstReason);
  return { level: { ...l, cells }, changed, skipped, total };
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
