// RULES §12.4 multi-cell elements, on hand-built boards of the lab2 game (a 2×2 cake, a 2×1 slab).
// Written from the RULES text; refill off, so boards are exact.
import { describe, expect, it } from 'vitest';
import { parseLevel } from '../../../src/core/level/index.ts';
import { snapshot } from '../../../src/core/sim/play.ts';
import { GAMES, maker, objective, validLevels } from './v2Kit.ts';
import { after, at, countTile, expectBoard, start, v2Level } from './v2Notation.ts';

const { make: lab, made } = maker('lab2');

describe('§12.4 multi-cell elements', () => {
  it('a piece painted on its anchor covers its rectangle: every cell reports the element, its hp and the anchor; painted without hp it has 1', () => {
    const g = start(lab('cake:3 & G / & & B / R G Y', { moves: 1 }));
    for (const [x, y] of [[0, 0], [1, 0], [0, 1], [1, 1]]) expect(snapshot(g).cells[y][x], `(${x},${y})`).toMatchObject({ tile: 'cake', hp: 3, anchor: { x: 0, y: 0 } });
    const one = start(lab('cake & G / & & B / R G Y', { moves: 1 }));
    expect(snapshot(one).cells[1][1]).toMatchObject({ tile: 'cake', hp: 1 });
  });

  it('one hit per clear step however many of its cells a match is next to; it does not fall and holds up nothing below it', () => {
    const g = after(lab('cake:3 & Y / & & P / R R G / G B R', { moves: 1 }), '2,3u');
    expectBoard(g, 'cake:2 & . / & & Y / . . P / G B G');
  });

  it('removed as one: scores 10 × step once, counts once for collect, every ground under it gets `cleared`; onDestroy runs once', () => {
    const level = lab('cake:1^sand:2 &^sand:1 lic Y / & & P B / R R G O / G B R Y', {
      moves: 1, objectives: [{ type: 'collect', element: 'cake', count: 1 }, { type: 'score', target: 1000 }],
    });
    const g = after(level, '2,3u');
    expect(countTile(g, 'cake')).toBe(0);
    expect(countTile(g, 'lic')).toBe(0);
    expect([at(g, 0, 0), at(g, 1, 0)]).toEqual(['.^sand:1', '.']);
    expect(snapshot(g).score).toBe(30 + 10 + 10);
    expect(objective(g)).toMatchObject({ done: 1, complete: true });
  });

  it('`adjacent` means a match group next to any of its cells', () => {
    const g = after(lab('Y P cake:3 & / B O & & / G R R B / R O Y G', { moves: 1 }), '0,3u');
    expect(at(g, 2, 0)).toBe('cake:2');
  });

  it('`stopsBlasts` makes every cell a stopper: a rocket run stops at the first of its cells it meets; the piece takes one hit', () => {
    const g = after(lab('G B G B G / H R slab:2 & G / B G B G B', { moves: 1 }), '0,1');
    expectBoard(g, '. . G B G / G B slab:1 & G / B G B G B');
  });

  it('its effect neighbourhood is that of all its cells: a slab destroyed by a rocket hits the cells around both of its cells', () => {
    const g = after(lab('G B mud:2 mud:2 G / H R slab:1 & G / B G mud:2 mud:2 B', { moves: 1 }), '0,1');
    expect(countTile(g, 'slab')).toBe(0);
    expect([at(g, 2, 0), at(g, 3, 0), at(g, 2, 2), at(g, 3, 2)]).toEqual(['mud:1', 'mud:1', 'mud:1', 'mud:1']);
    expect(at(g, 4, 1)).toBe('G');
  });

  it('a multi-cell piece is refused where its other cells have a tile or a cover, or leave the board', () => {
    const problems = (text: string) => {
      const r = parseLevel(v2Level('lab2', text, { moves: 1 }), { games: GAMES });
      return r.ok ? '' : r.problems.map((p) => `${p.path}: ${p.message}`).join('\n');
    };
    expect(problems('cake:3 R G / & & B / R G Y')).toMatch(/cells\[0\]\[1\]/);
    expect(problems('G R cake:3 / B Y & / R G Y')).toMatch(/cells\[0\]\[2\]/);
    expect(problems('cake:3 & G / & & B / R G Y')).toBe('');
  });
});

validLevels(6, made);
