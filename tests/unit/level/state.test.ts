// The level's state as the copilot reads it (issue 33): compact, and nothing lost — every cell that is
// not plain can be read back from it, in either form (rectangles per value, or a character per cell).
import { describe, expect, it } from 'vitest';
import { createLevel, type CellT, type LevelT } from '../../../src/core/level/index.ts';
import { renderLevelText } from '../../../src/core/level/levelText.ts';
import { renderLevelState } from '../../../src/core/level/state.ts';
import { runTool } from '../../../src/core/tools/index.ts';

type Layer = 'tile' | 'cover' | 'ground' | 'exit';
const valueOf = (c: CellT, layer: Layer): string | null => {
  if (layer === 'tile') return !c.tile || c.tile === 'random' ? null : c.hp && c.hp > 1 ? `${c.tile}:${c.hp}` : c.tile;
  if (layer === 'exit') return c.exit ? 'exit' : null;
  const v = c[layer];
  return v ? (v.layers && v.layers > 1 ? `${v.type}:${v.layers}` : v.type) : null;
};

/** Reads the cells back from the state text, as a model would: layer → "x,y" → value. */
function readBack(text: string, l: LevelT): Map<Layer, Map<string, string>> {
  const out = new Map<Layer, Map<string, string>>();
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const grid = /^(tile|cover|ground|exit) \(a character per cell, rows from y0, x0 first; \. plain, (.*)\):$/.exec(lines[i]);
    const listed = /^(tile|cover|ground|exit): (.*)$/.exec(lines[i]);
    if (grid) {
      const layer = grid[1] as Layer;
      const codes = new Map(grid[2].split(', ').map((p) => [p.slice(0, 1), p.slice(2)]));
      const m = out.set(layer, new Map()).get(layer)!;
      for (let y = 0; y < l.height; y++) [...lines[i + 1 + y]].forEach((ch, x) => ch !== '.' && m.set(`${x},${y}`, codes.get(ch)!));
      i += l.height;
    } else if (listed) {
      const layer = listed[1] as Layer;
      const m = out.set(layer, new Map()).get(layer)!;
      for (const group of listed[2].split('; ')) {
        const [value, ...rest] = group.split(' ');
        for (const rect of rest.join(' ').split(', ')) {
          const [, xa, xb, ya, yb] = /^x(\d+)(?:-(\d+))? y(\d+)(?:-(\d+))?$/.exec(rect)!.map(Number);
          for (let y = ya; y <= (yb || ya); y++) for (let x = xa; x <= (xb || xa); x++) m.set(`${x},${y}`, value);
        }
      }
    }
  }
  return out;
}

function expectLossless(l: LevelT) {
  const back = readBack(renderLevelState(l), l);
  for (const layer of ['tile', 'cover', 'ground', 'exit'] as Layer[]) {
    const want = new Map<string, string>();
    l.cells.forEach((row, y) => row.forEach((c, x) => { const v = valueOf(c, layer); if (v) want.set(`${x},${y}`, v); }));
    expect(back.get(layer) ?? new Map(), layer).toEqual(want);
  }
}

const base = () => ({ ...createLevel({ id: 'S', seed: 3, width: 9, height: 9 }), moves: 25 });

describe('the level state the copilot reads', () => {
  it('a painted level: rectangles per value, far shorter than the rows of text', () => {
    const l = base();
    l.cells[0] = l.cells[0].map(() => ({ tile: 'crate', hp: 2 }));
    l.cells[4][4] = { tile: 'red' };
    l.cells[4][5] = { tile: 'red' };
    for (let y = 1; y < 4; y++) for (let x = 2; x < 7; x++) l.cells[y][x] = { cover: { type: 'ice', layers: y } };
    l.cells[8][0] = { tile: 'void' };
    const s = renderLevelState(l);
    expect(s).toContain('9×9, 25 moves, 5 colours, seed 3, rules version 2');
    expect(s).toContain('tile: crate:2 x0-8 y0; red x4-5 y4; void x0 y8');
    expect(s).toContain('cover: ice x2-6 y1; ice:2 x2-6 y2; ice:3 x2-6 y3');
    expect(s).not.toMatch(/^ground/m);
    expect(s.length).toBeLessThan(renderLevelText(l).length / 2);
    expectLossless(l);
  });

  it('a pattern that rectangles say badly comes as a character per cell, with its legend', () => {
    const l = base();
    l.cells = l.cells.map((r, y) => r.map((_, x) => ({ tile: ['red', 'green', 'blue', 'yellow'][(x + 2 * y) % 4] })));
    const s = renderLevelState(l);
    expect(s).toContain('tile (a character per cell, rows from y0, x0 first; . plain, R red, G green, B blue, Y yellow):\nRGBYRGBYR\nBYRGBYRGB');
    expectLossless(l);
  });

  it('a generated level, every layer, nothing lost', async () => {
    const g = await runTool(base(), 'generate_random_level', { ice_ratio: 0.2, jelly_ratio: 0.3, crate_ratio: 0.1, void_ratio: 0.05, chain_ratio: 0.1 });
    expect(g.ok).toBe(true);
    if (g.ok) expectLossless(g.level);
  });

  it('an empty board says so in a line', () => {
    expect(renderLevelState(base())).toContain('Cells: all random tiles, no covers, no ground.');
  });

  it("a game's elements, exits and spawn entries are named as the level file names them", () => {
    const l: LevelT = { ...base(), game: 'sweets' };
    l.cells[8] = l.cells[8].map(() => ({ exit: true }));
    l.cells[2][3] = { tile: 'meringue', hp: 2 };
    l.cells[5][5] = { ground: { type: 'frosting', layers: 2 } };
    l.spawn = [{ element: 'cherry', chance: 0.1, max: 2, total: 8 }];
    const s = renderLevelState(l);
    expect(s).toContain('Spawn: 0: cherry chance 0.1, max 2, total 8');
    expect(s).toContain('tile: meringue:2 x3 y2');
    expect(s).toContain('ground: frosting:2 x5 y5');
    expect(s).toContain('exit: exit x0-8 y8');
    expectLossless(l);
  });

  it("a version 2 level's layout in a line, numbered as the layout tools take it; a coloured piece's colour and countdown with its tile", () => {
    const base = createLevel({ id: 'v2', seed: 1, width: 6, height: 6 });
    const cells = base.cells.map((r) => [...r]);
    cells[1][1] = { tile: 'bomb_piece', color: 'red', countdown: 4 } as CellT;
    const l = { ...base, cells, version: 2, portals: [{ from: [0, 4], to: [5, 1] }], walls: [{ x: 3, y: 3, side: 'right' }], belts: [{ cells: [[1, 5], [2, 5]] }], spawners: [{ at: [2, 0], spawn: [{ element: 'choc', chance: 0.2, max: 2, total: 5 }] }], hidden: [{ at: [4, 4], size: [2, 2] }] } as unknown as LevelT;
    const text = renderLevelState(l);
    expect(text).toContain('tile: bomb_piece/red@4 x1 y1');
    expect(text).toContain('(v/c@n = a coloured piece of colour c, countdown n)');
    expect(text).toContain('Layout: portals 1: x0 y4 → x5 y1; belts 1: x1 y5 → x2 y5; walls x3 y3 right; spawners x2 y0 (choc chance 0.2, max 2, total 5); hidden 1: x4-5 y4-5.');
    expect(renderLevelState(base)).not.toContain('Layout');
  });
});
