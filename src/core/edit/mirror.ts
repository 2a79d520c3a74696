// Mirror painting: where a stroke also lands on a symmetric board. Pure: tested in node.
import type { Rect } from './selection.ts';

export const MIRROR_MODES = ['off', 'x', 'y', 'xy'] as const;
/** off; x = left–right (about the vertical centre line); y = top–bottom; xy = four-way. */
export type MirrorMode = (typeof MIRROR_MODES)[number];

/**
 * The cell and its mirror images on a width×height board, each once, the original first. With a w×h
 * piece painted on its top-left cell (RULES §12.4), the top-left cells of its footprint's images.
 */
export function mirrorPoints(x: number, y: number, width: number, height: number, mode: MirrorMode, w = 1, h = 1): [number, number][] {
  const mx = width - w - x,
    my = height - h - y;
  const all: [number, number][] = [[x, y]];
  if (mode === 'x' || mode === 'xy') all.push([mx, y]);
  if (mode === 'y' || mode === 'xy') all.push([x, my]);
  if (mode === 'xy') all.push([mx, my]);
  return uniquePoints(all);
}

/** A rectangle and its mirror images, each once, the original first. */
export function mirrorRects(r: Rect, width: number, height: number, mode: MirrorMode): Rect[] {
  const fx = (q: Rect): Rect => ({ x1: width - 1 - q.x2, y1: q.y1, x2: width - 1 - q.x1, y2: q.y2 });
  const fy = (q: Rect): Rect => ({ x1: q.x1, y1: height - 1 - q.y2, x2: q.x2, y2: height - 1 - q.y1 });
  const all = [r];
  if (mode === 'x' || mode === 'xy') all.push(fx(r));
  if (mode === 'y' || mode === 'xy') all.push(fy(r));
  if (mode === 'xy') all.push(fx(fy(r)));
  const seen = new Set<string>();
  return all.filter((q) => {
    const k = `${q.x1},${q.y1},${q.x2},${q.y2}`;
    return seen.has(k) ? false : (seen.add(k), true);
  });
}

/** Every cell of a list of cell sets, each once, in first-seen order. */
export function uniquePoints(points: Iterable<readonly [number, number]>): [number, number][] {
  const seen = new Set<string>();
  const out: [number, number][] = [];
  for (const [x, y] of points) {
    const k = `${x},${y}`;
    if (!seen.has(k)) {
      seen.add(k);
      out.push([x, y]);
    }
  }
  return out;
}
