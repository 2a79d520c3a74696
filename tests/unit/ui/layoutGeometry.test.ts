// Where the board's layout drawing (LayoutArt) puts a portal's number and a belt's wrap-around: a
// portal's badge clear of a multi-cell piece's glyph and hit points (candy-kingdom level 5 with a cake
// painted over B4, portal 1's entry, drew "1↓" over the cake's "8"), and a belt's return kept off its
// forward arrows where the belt runs along one row or column (it was drawn over them: double heads).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { LayoutMarks } from '../../../src/ui/editor/layoutMarks.ts';
import { beltSteps, boxesMeet, pieceGlyphBox, pieceHpBox, portalBadges, S, type Box } from '../../../src/ui/editor/layoutGeometry.ts';

type XY = [number, number];
const none = (): LayoutMarks => ({ portals: [], belts: [], walls: [], spawners: [], hidden: [], pieces: [], colored: [] });
const cake = (x: number, y: number, w = 2, h = 2, hp = 8): LayoutMarks['pieces'][number] => ({
  x, y, w, h, element: 'cake', hp, art: { glyph: 'Ck', fill: '#f9c6d8', stroke: '#b0476e', ink: '#1f2937' } as never,
});
const inCell = (b: Box, [x, y]: XY) => b.x >= x * S && b.y >= y * S && b.x + b.w <= (x + 1) * S && b.y + b.h <= (y + 1) * S;

describe('portal badges', () => {
  it('level 5 with a cake over B4 (portal 1 entry, the cake\'s bottom-right cell): the badge keeps off the cake\'s hit points and glyph', () => {
    const level = JSON.parse(readFileSync(new URL('../../../examples/games/candy-kingdom/level_5.json', import.meta.url), 'utf8'));
    const m = { ...none(), portals: level.portals.map((p: { from: XY; to: XY }, i: number) => ({ n: i + 1, ...p })), pieces: [cake(0, 2)] };
    const entry = portalBadges(m).find((b) => b.n === 1 && b.end === 'from')!;
    expect(inCell(entry, [1, 3])).toBe(true);
    expect(boxesMeet(entry, pieceHpBox(m.pieces[0]))).toBe(false);
    expect(boxesMeet(entry, pieceGlyphBox(m.pieces[0], 'Ck'))).toBe(false);
  });

  it('on any cell of any multi-cell piece (1..4 × 1..4, hit points 1..20, portals 1..16), an entry or an exit badge meets neither the glyph nor the hit points, and stays in its cell', () => {
    const bad: string[] = [];
    for (let w = 1; w <= 4; w++)
      for (let h = 1; h <= 4; h++) {
        if (w === 1 && h === 1) continue;
        for (const hp of [1, 2, 9, 10, 20])
          for (let cx = 0; cx < w; cx++)
            for (let cy = 0; cy < h; cy++)
              for (const n of [1, 9, 10, 16])
                for (const end of ['from', 'to'] as const) {
                  const p = cake(1, 1, w, h, hp);
                  const at: XY = [1 + cx, 1 + cy];
                  const other: XY = [9, 9];
                  const portals = Array.from({ length: n }, (_, i) => (i === n - 1 ? { n, from: end === 'from' ? at : other, to: end === 'to' ? at : other } : { n: i + 1, from: [20 + i, 0] as XY, to: [20 + i, 1] as XY }));
                  const b = portalBadges({ ...none(), portals, pieces: [p] }).find((x) => x.n === n && x.end === end)!;
                  const hits = [boxesMeet(b, pieceGlyphBox(p, 'Ck')), hp > 1 && boxesMeet(b, pieceHpBox(p))];
                  if (hits.some(Boolean) || !inCell(b, at)) bad.push(`${w}x${h} hp ${hp} cell ${cx},${cy} portal ${n} ${end}`);
                }
      }
    expect(bad).toEqual([]);
  });

  it('a cell that is one portal\'s exit and another\'s entry shows both badges apart; a coloured piece\'s countdown keeps its corner', () => {
    const m = { ...none(), portals: [{ n: 1, from: [0, 0] as XY, to: [3, 3] as XY }, { n: 2, from: [3, 3] as XY, to: [5, 5] as XY }], colored: [{ x: 3, y: 3, color: 'red', fill: '#f00', countdown: 12 }] };
    const [exit, entry] = [portalBadges(m).find((b) => b.n === 1 && b.end === 'to')!, portalBadges(m).find((b) => b.n === 2 && b.end === 'from')!];
    expect(boxesMeet(exit, entry)).toBe(false);
    const count = { x: 3 * S + S - 1.5 - 21, y: 3 * S + 1.5, w: 21, h: 15 };
    expect(boxesMeet(exit, count) || boxesMeet(entry, count)).toBe(false);
    expect(exit.text).toBe('↓1');
    expect(entry.text).toBe('2↓');
  });
});

/** The points a path passes through (its commands' end points and the curves' control points). */
function pathPoints(d: string): XY[] {
  const out: XY[] = [];
  let cur: XY = [0, 0];
  for (const [, c, args] of d.matchAll(/([MLHVQ])([^MLHVQ]*)/g)) {
    const v = args.trim().split(/[\s,]+/).map(Number);
    if (c === 'H') cur = [v[0], cur[1]];
    else if (c === 'V') cur = [cur[0], v[0]];
    else if (c === 'Q') { out.push([v[0], v[1]]); cur = [v[2], v[3]]; }
    else cur = [v[0], v[1]];
    out.push(cur);
  }
  return out;
}
const segDist = ([px, py]: XY, l: { x1: number; y1: number; x2: number; y2: number }) => {
  const [dx, dy] = [l.x2 - l.x1, l.y2 - l.y1];
  const t = Math.max(0, Math.min(1, ((px - l.x1) * dx + (py - l.y1) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(px - (l.x1 + t * dx), py - (l.y1 + t * dy));
};

describe('belt arrows', () => {
  const row: XY[] = [[2, 4], [3, 4], [4, 4], [5, 4], [6, 4]];
  const col: XY[] = [[8, 0], [8, 1], [8, 2], [8, 3]];
  for (const [name, cells] of [['a belt along one row', row], ['a belt along one column', col], ['the same row right to left', [...row].reverse()], ['a belt of two cells', [[3, 5], [4, 5]]]] as [string, XY[]][])
    it(`${name}: the wrap-around keeps at least 6 units off every forward arrow, from the last cell's centre line to the first's`, () => {
      const steps = beltSteps(cells);
      expect(steps).toHaveLength(cells.length);
      expect(steps.filter((s) => s.ret)).toHaveLength(1);
      const ret = steps[steps.length - 1];
      expect(ret.line).toBeNull();
      const pts = pathPoints(ret.d!);
      for (const s of steps.slice(0, -1)) for (const p of pts) expect(segDist(p, s.line!)).toBeGreaterThanOrEqual(6);
      // it starts over the last cell and ends in the first (its head shows where the belt goes on)
      const [a, b] = [cells[cells.length - 1], cells[0]];
      const within = ([x, y]: XY, [cx, cy]: XY) => x >= cx * S && x <= (cx + 1) * S && y >= cy * S && y <= (cy + 1) * S;
      expect(within(pts[0], a)).toBe(true);
      expect(within(pts[pts.length - 1], b)).toBe(true);
    });

  it('level 5\'s loop (rows 8–9): its return is the straight step between its ends, which are neighbours', () => {
    const level = JSON.parse(readFileSync(new URL('../../../examples/games/candy-kingdom/level_5.json', import.meta.url), 'utf8'));
    const steps = beltSteps(level.belts[0].cells);
    expect(steps).toHaveLength(14);
    const ret = steps[13];
    expect(ret.ret).toBe(true);
    // from B9 up to B8, short of both centres
    expect(ret.line).toEqual({ x1: 60, y1: 8 * S + 20 - 6, x2: 60, y2: 7 * S + 20 + 8 });
    expect(steps.slice(0, 13).every((s) => s.line && !s.ret)).toBe(true);
  });

  it('an L-shaped belt whose ends are not in one row or column returns straight (it crosses no forward arrow)', () => {
    const steps = beltSteps([[0, 0], [1, 0], [2, 0], [2, 1], [2, 2]]);
    expect(steps[4].line).not.toBeNull();
  });
});
