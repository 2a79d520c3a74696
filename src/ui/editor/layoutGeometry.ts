// Where LayoutArt draws what could collide in a cell (board units: a cell is S = 40 wide): a portal's
// number badge (a dark badge, legible over any piece or tile) placed clear of a multi-cell piece's glyph
// and hit points, a coloured piece's countdown badge, a spawner and a belt's order numbers; and a belt's
// arrows, its wrap-around (the last cell back to the first) routed along the cells' top or right edge
// where a straight return would lie over the forward arrows (a belt along one row or column). Pure.
import type { LayoutMarks } from './layoutMarks.ts';
import { countBadgeWidth } from './glyphs.ts';

export const S = 40;
type XY = [number, number];
export interface Box { x: number; y: number; w: number; h: number }

/** Whether two boxes come closer than `gap` (touching counts as too close with a gap > 0). */
export const boxesMeet = (a: Box, b: Box, gap = 1): boolean =>
  a.x < b.x + b.w + gap && b.x < a.x + a.w + gap && a.y < b.y + b.h + gap && b.y < a.y + a.h + gap;

// the fonts' widths, a little generous (system-ui bold at these sizes)
const DIGIT_9 = 5.6; // a digit of 9px bold
const ARROW_9 = 6.5; // "↓" at 9px
const DIGIT_11 = 6.9;
const DIGIT_8 = 5;
const GLYPH_16 = 11; // one glyph letter at 16px bold

/** A multi-cell piece's hit points, drawn at its footprint's bottom-right (text centred at cx, baseline by). */
export function pieceHpBox(p: LayoutMarks['pieces'][number]): Box {
  const cx = p.x * S + p.w * S - 10, by = p.y * S + p.h * S - 9;
  const w = DIGIT_11 * String(p.hp).length;
  return { x: cx - w / 2, y: by - 8.5, w, h: 10 };
}

/** A multi-cell piece's glyph, centred on its footprint. */
export function pieceGlyphBox(p: LayoutMarks['pieces'][number], glyph: string): Box {
  const cx = p.x * S + (p.w * S) / 2, by = p.y * S + (p.h * S) / 2 + 6;
  const w = GLYPH_16 * Math.max(1, [...glyph].length);
  return { x: cx - w / 2, y: by - 12, w, h: 15 };
}

/** A coloured piece's countdown badge, in its cell's top-right corner. */
export function countdownBox(c: { x: number; y: number; countdown: number }): Box {
  const bw = countBadgeWidth(c.countdown, 15);
  return { x: c.x * S + S - 1.5 - bw, y: c.y * S + 1.5, w: bw, h: 15 };
}

/** A belt cell's place on its path, in the cell's bottom-left corner (text at x + 3, baseline y + 37). */
export function beltOrderBox([x, y]: XY, order: number): Box {
  return { x: x * S + 2, y: y * S + 30, w: DIGIT_8 * String(order).length + 2, h: 8.5 };
}

const spawnerBox = ([x, y]: XY): Box => ({ x: x * S + 14, y: y * S + 1, w: 12, h: 7 });

/** What a portal's badge keeps clear of: everything else LayoutArt writes or badges in a cell. */
export function markObstacles(m: LayoutMarks): Box[] {
  const out: Box[] = [];
  for (const p of m.pieces) {
    if (p.art?.glyph) out.push(pieceGlyphBox(p, p.art.glyph));
    if (p.hp > 1) out.push(pieceHpBox(p));
  }
  for (const c of m.colored) if (c.countdown !== null) out.push(countdownBox({ x: c.x, y: c.y, countdown: c.countdown }));
  for (const s of m.spawners) out.push(spawnerBox(s.at));
  for (const b of m.belts) b.cells.forEach((c, i) => out.push(beltOrderBox(c, i + 1)));
  return out;
}

export interface PortalBadge extends Box {
  n: number;
  end: 'from' | 'to';
  text: string;
  /** The text's anchor point (middle, baseline). */
  tx: number;
  ty: number;
}

export const PORTAL_BADGE_H = 11;
/**
 * Each portal end's number badge (`1↓` on the entry, `↓1` on the exit): in its corner by the end's arc
 * (entry: bottom-left, exit: top-left) unless that meets a piece's glyph or hit points, a countdown, a
 * spawner, a belt number or another badge; then the first free of the cell's other corners (the
 * original corner when none is free: the badge still reads, being opaque).
 */
export function portalBadges(m: LayoutMarks): PortalBadge[] {
  const taken = markObstacles(m);
  const out: PortalBadge[] = [];
  const h = PORTAL_BADGE_H;
  const place = (n: number, end: 'from' | 'to', [cx, cy]: XY) => {
    const text = end === 'from' ? `${n}↓` : `↓${n}`;
    const w = Math.ceil(DIGIT_9 * String(n).length + ARROW_9 + 4);
    const left = 2, right = S - 2 - w;
    // entry: above its arc at the cell's bottom; exit: under its arc at the cell's top; else the other
    // corners, last the cell's very top (over the exit arc: clear of a glyph centred in the cell, as the
    // middle cell of a 3-wide piece has) or its middle (between a tall piece's glyph and its hit points)
    const low = 22, high = 8, top = 0.5, middle = 10.5;
    const corners: XY[] = end === 'from' ? [[left, low], [right, low], [left, high], [right, high]] : [[left, high], [right, high], [left, low], [right, low]];
    corners.push([left, top], [right, top], [left, middle], [right, middle]);
    const boxes = corners.map(([x, y]) => ({ x: cx * S + x, y: cy * S + y, w, h }));
    const box = boxes.find((b) => !taken.some((o) => boxesMeet(b, o))) ?? boxes[0];
    taken.push(box);
    out.push({ ...box, n, end, text, tx: box.x + w / 2, ty: box.y + 8.6 });
  };
  for (const p of m.portals) place(p.n, 'to', p.to); // exits first: the entry then avoids them
  for (const p of m.portals) place(p.n, 'from', p.from);
  return out;
}

export interface BeltStep {
  /** A straight arrow from this cell toward the next (the last: back to the first)… */
  line: { x1: number; y1: number; x2: number; y2: number } | null;
  /** …or, for a wrap-around routed along the cells' edge, its SVG path. */
  d: string | null;
  /** The wrap-around from the last cell to the first. */
  ret: boolean;
}

const mid = (v: number) => v * S + S / 2;
const f = (v: number) => Math.round(v * 10) / 10;

/** Whether the straight line from a to b runs over one of the belt's forward steps. */
function returnOverlaps(cells: XY[]): boolean {
  const a = cells[cells.length - 1], b = cells[0];
  const lo = (i: 0 | 1) => Math.min(a[i], b[i]), hi = (i: 0 | 1) => Math.max(a[i], b[i]);
  const row = a[1] === b[1], col = a[0] === b[0];
  if (!row && !col) return false;
  return cells.slice(0, -1).some((c, i) => {
    const d = cells[i + 1];
    if (row) return c[1] === a[1] && d[1] === a[1] && Math.min(c[0], d[0]) >= lo(0) && Math.max(c[0], d[0]) <= hi(0);
    return c[0] === a[0] && d[0] === a[0] && Math.min(c[1], d[1]) >= lo(1) && Math.max(c[1], d[1]) <= hi(1);
  });
}

/** How far from the cells' top (a row's return) or right edge (a column's) a wrap-around runs. */
export const RETURN_INSET = 5;

/**
 * A belt's arrows in path order: each cell to the next, stopped short of both centres, and the last
 * cell back to the first. Where that return would lie over the forward arrows (the belt runs along one
 * row or column, or doubles back along its line), it leaves the last cell toward the row's top edge
 * (a column's right edge), runs along it and turns into the first cell.
 */
export function beltSteps(cells: XY[]): BeltStep[] {
  const straight = (a: XY, b: XY) => {
    const dx = Math.sign(b[0] - a[0]), dy = Math.sign(b[1] - a[1]);
    return { x1: mid(a[0]) + dx * 6, y1: mid(a[1]) + dy * 6, x2: mid(b[0]) - dx * 8, y2: mid(b[1]) - dy * 8 };
  };
  const steps: BeltStep[] = cells.slice(0, -1).map((c, i) => ({ line: straight(c, cells[i + 1]), d: null, ret: false }));
  if (cells.length < 2) return steps;
  const a = cells[cells.length - 1], b = cells[0];
  let d: string | null = null;
  if (returnOverlaps(cells)) {
    const r = 6; // the corners' radius
    if (a[1] === b[1]) {
      // along the row's top edge, from above the last cell's centre to above the first's, then down into it
      const y = a[1] * S + RETURN_INSET, s = Math.sign(b[0] - a[0]);
      const [xa, xb] = [mid(a[0]), mid(b[0])];
      d = `M${f(xa)} ${f(y + 9)}V${f(y + r)}Q${f(xa)} ${f(y)} ${f(xa + s * r)} ${f(y)}H${f(xb - s * r)}Q${f(xb)} ${f(y)} ${f(xb)} ${f(y + r)}V${f(y + 9)}`;
    } else {
      // along the column's right edge, then left into the first cell
      const x = (a[0] + 1) * S - RETURN_INSET, s = Math.sign(b[1] - a[1]);
      const [ya, yb] = [mid(a[1]), mid(b[1])];
      d = `M${f(x - 9)} ${f(ya)}H${f(x - r)}Q${f(x)} ${f(ya)} ${f(x)} ${f(ya + s * r)}V${f(yb - s * r)}Q${f(x)} ${f(yb)} ${f(x - r)} ${f(yb)}H${f(x - 9)}`;
    }
  }
  steps.push({ line: d ? null : straight(a, b), d, ret: true });
  return steps;
}
