import { describe, expect, it } from 'vitest';
import { cellName } from '../../../src/core/cellName.ts';
import { createLevel, parseLevel, type LevelT } from '../../../src/core/level/index.ts';
import { TOOLS, runTool, validateArgs } from '../../../src/core/tools/index.ts';

const base = (over: Partial<Parameters<typeof createLevel>[0]> = {}): LevelT => createLevel({ id: 'A', seed: 11, ...over });

async function ok(level: LevelT, name: string, args: unknown) {
  const r = await runTool(level, name, args);
  if (!r.ok) throw new Error(`${name} refused: ${r.error}`);
  expect(parseLevel(r.level).ok).toBe(true);
  return r;
}
/** Refused, with this message, and the level deep-equal to a copy taken before. */
async function refused(level: LevelT, name: string, args: unknown, message: RegExp | string) {
  const copy = structuredClone(level);
  const r = await runTool(level, name, args);
  expect(r.ok, `${name} ${JSON.stringify(args)} should be refused`).toBe(false);
  if (!r.ok) expect(r.error).toMatch(message);
  expect(level).toEqual(copy);
}

describe('regions in any corner order', () => {
  const corners = [
    { x1: 2, y1: 3, x2: 5, y2: 6 },
    { x1: 5, y1: 6, x2: 2, y2: 3 },
    { x1: 2, y1: 6, x2: 5, y2: 3 },
    { x1: 5, y1: 3, x2: 2, y2: 6 },
  ];
  const calls: [string, Record<string, unknown>][] = [
    ['paint_tile_region', { tile: 'crate', hp: 2 }],
    ['paint_cover_region', { cover: 'ice', layers: 3 }],
    ['paint_ground_region', { ground: 'jelly', layers: 2 }],
  ];
  for (const [name, extra] of calls)
    it(name, async () => {
      const results = await Promise.all(corners.map(async (c) => (await ok(base(), name, { ...c, ...extra })).level));
      for (const r of results) expect(r).toEqual(results[0]);
      const touched = results[0].cells.flatMap((row, y) => row.flatMap((cell, x) => (Object.keys(cell).length ? [`${x},${y}`] : [])));
      expect(touched.length).toBe(16);
      expect(touched[0]).toBe('2,3');
      expect(touched.at(-1)).toBe('5,6');
    });
  it('clear_region, corners swapped', async () => {
    const full = (await ok(base(), 'paint_tile_region', { x1: 0, y1: 0, x2: 8, y2: 8, tile: 'red' })).level;
    const a = await ok(full, 'clear_region', corners[2]);
    const b = await ok(full, 'clear_region', corners[0]);
    expect(a.level).toEqual(b.level);
    expect(a.level.cells.flat().filter((c) => !c.tile).length).toBe(16);
  });
  it('a one-cell region', async () => {
    const r = await ok(base(), 'paint_tile_region', { x1: 8, y1: 8, x2: 8, y2: 8, tile: 'green' });
    expect(r.level.cells[8][8]).toEqual({ tile: 'green' });
    expect(r.summary).toBe('Painted green on 1 cell I9 (x 8, y 8).');
  });
  for (const [k, v] of [['x1', 9], ['y1', 9], ['x2', 9], ['y2', 9]] as const)
    it(`a corner off the board: ${k}`, async () => {
      await refused(base(), 'paint_cover_region', { x1: 0, y1: 0, x2: 1, y2: 1, [k]: v, cover: 'ice' }, `${k}: must be 0..8 (the board is 9 ${k[0] === 'x' ? 'wide' : 'high'})`);
    });
});

describe('place_bomb: -1 is the centre', () => {
  const cases: [number, number, number, number, [number, number]][] = [
    [9, 9, -1, -1, [4, 4]],
    [16, 16, -1, -1, [7, 7]],
    [3, 3, -1, -1, [1, 1]],
    [10, 7, -1, 0, [4, 0]],
    [10, 7, 9, -1, [9, 3]],
  ];
  for (const [w, h, x, y, [ex, ey]] of cases)
    it(`${w}×${h} (${x}, ${y}) → (${ex}, ${ey})`, async () => {
      const l = (await ok(base(), 'set_grid_size', { width: w, height: h })).level;
      const r = await ok(l, 'place_bomb', { x: String(x), y });
      expect(r.level.cells[ey][ex].tile).toBe('bomb');
      expect(r.level.cells.flat().filter((c) => c.tile === 'bomb').length).toBe(1);
      expect(r.summary).toBe(`Placed a bomb at ${cellName(ex, ey)} (x ${ex}, y ${ey}).`);
    });
  it('removes a cover (a bomb cannot be covered) and keeps the jelly', async () => {
    let l = (await ok(base(), 'paint_cover', { x: 4, y: 4, cover: 'chain' })).level;
    l = (await ok(l, 'paint_ground', { x: 4, y: 4, ground: 'jelly' })).level;
    const r = await ok(l, 'place_bomb', { x: -1, y: -1 });
    expect(r.level.cells[4][4]).toEqual({ tile: 'bomb', ground: { type: 'jelly', layers: 1 } });
  });
  it('-2 and off-board are refused', async () => {
    await refused(base(), 'place_bomb', { x: 0, y: -2 }, 'place_bomb: y: must be -1..15');
    await refused(base(), 'place_bomb', { x: 0, y: 9 }, 'place_bomb: y: must be 0..8 (the board is 9 high)');
  });
});

describe('argument spellings and types', () => {
  it('numeric strings are coerced for every integer and ratio parameter', async () => {
    const r = await ok(base(), 'paint_cover', { x: '1', y: ' 2 ', cover: 'ice', layers: '3' });
    expect(r.level.cells[2][1]).toEqual({ cover: { type: 'ice', layers: 3 } });
    const g = await ok(base(), 'generate_random_level', { width: '5', height: '6', moves: '12', colors: '3', seed: '42', ice_ratio: '0.5' });
    expect([g.level.width, g.level.height, g.level.moves, g.level.colors]).toEqual([5, 6, 12, 3]);
  });
  it('snake_case and camelCase give the same call', async () => {
    const a = await ok(base(), 'generate_random_level', { void_ratio: 0.3, crate_ratio: 0.1, seed: 1 });
    const b = await ok(base(), 'generate_random_level', { voidRatio: 0.3, crateRatio: 0.1, seed: 1 });
    expect(a.level).toEqual(b.level);
    expect(a.intent).toEqual(b.intent);
    expect(a.intent!.args).toEqual({ void_ratio: 0.3, crate_ratio: 0.1, seed: 1 });
  });
  it('enum values are case- and space-insensitive', async () => {
    expect((await ok(base(), 'paint_tile', { x: 0, y: 0, tile: ' Red ' })).level.cells[0][0]).toEqual({ tile: 'red' });
  });
  it('null for an optional parameter means "not given" (bug: models in strict mode were refused)', async () => {
    const r = await ok(base(), 'paint_tile', { x: 0, y: 0, tile: 'crate', hp: null });
    expect(r.level.cells[0][0]).toEqual({ tile: 'crate' });
    const g = await ok(base(), 'generate_random_level', { width: null, height: null, seed: 3, objectives: null, symmetric: null });
    expect(g.level.width).toBe(9);
    await refused(base(), 'set_grid_size', { width: null, height: 5 }, 'set_grid_size: width: must be an integer from 3 to 16');
  });
  it('the same parameter under two spellings is refused, not silently resolved', async () => {
    await refused(base(), 'set_move_limit', { moves: 10, Moves: 20 }, 'set_move_limit: moves and Moves: the same parameter given twice');
    await refused(base(), 'generate_random_level', '{"void_ratio":0.1,"voidRatio":0.3}', /void_ratio and voidRatio: the same parameter given twice/);
  });
  it('unknown parameters are refused and the known ones listed', async () => {
    await refused(base(), 'paint_cover', { x: 0, y: 0, cover: 'ice', colour: 'red', depth: 2 }, 'paint_cover: unknown parameters colour, depth. Parameters: x, y, cover, layers.');
    await refused(base(), 'clear_all', { everything: true }, 'clear_all: unknown parameter everything. It takes no parameters.');
  });
  it('non-integers, junk and wrong types name the parameter', async () => {
    await refused(base(), 'set_move_limit', { moves: 2.5 }, 'set_move_limit: moves: must be an integer from 1 to 200');
    await refused(base(), 'set_move_limit', { moves: true }, 'set_move_limit: moves: must be an integer from 1 to 200');
    await refused(base(), 'generate_random_level', { jelly_ratio: 'half' }, 'generate_random_level: jelly_ratio: must be a number from 0 to 1');
    await refused(base(), 'generate_random_level', { void_ratio: -0.1 }, 'generate_random_level: void_ratio: must be 0..1');
    await refused(base(), 'generate_random_level', { symmetric: 'maybe' }, 'generate_random_level: symmetric: must be true or false');
    await refused(base(), 'set_move_limit', [30], 'set_move_limit: arguments must be a JSON object, got an array');
  });
  it('every positional (slash-command) parameter is a real parameter', () => {
    for (const t of TOOLS) for (const p of t.positional ?? []) expect(Object.keys(t.params.shape), `${t.name}.${p}`).toContain(p);
  });
  it('validated args are what the intent records: coerced, snake_case, no junk', () => {
    const v = validateArgs('paint_tile_region', { x1: '1', y1: 2, x2: 3, y2: '4', tile: 'CRATE', hp: '2' });
    expect(v.ok && v.args).toEqual({ x1: 1, y1: 2, x2: 3, y2: 4, tile: 'crate', hp: 2 });
  });
});

describe('covers, ground and the cells that cannot hold them', () => {
  const mixed = async () => {
    let l = (await ok(base(), 'paint_tile', { x: 0, y: 0, tile: 'crate' })).level;
    l = (await ok(l, 'paint_tile', { x: 1, y: 0, tile: 'void' })).level;
    l = (await ok(l, 'paint_tile', { x: 2, y: 0, tile: 'rainbow' })).level;
    return l;
  };
  it('a region skips crates, voids and specials, and says how many', async () => {
    const r = await ok(await mixed(), 'paint_cover_region', { x1: 0, y1: 0, x2: 3, y2: 0, cover: 'chain' });
    expect(r.level.cells[0].slice(0, 4)).toEqual([{ tile: 'crate' }, { tile: 'void' }, { tile: 'rainbow' }, { cover: { type: 'chain' } }]);
    expect(r.summary).toBe('Set chain on 1 cell A1–D1 (x 0–3, y 0); skipped 3 cells that cannot hold a cover.');
  });
  it('a region of nothing but such cells is refused', async () => {
    await refused(await mixed(), 'paint_cover_region', { x1: 0, y1: 0, x2: 2, y2: 0, cover: 'ice' }, 'paint_cover_region: A1 (x 0, y 0) is crate: a cover needs a colour or random tile under it');
    await refused(await mixed(), 'paint_ground_region', { x1: 1, y1: 0, x2: 1, y2: 0, ground: 'jelly' }, 'paint_ground_region: B1 (x 1, y 0) is void: ground needs a cell on the board');
  });
  it('one cell: refused on a crate, a void or a special', async () => {
    const l = await mixed();
    for (const x of [0, 1, 2]) await refused(l, 'paint_cover', { x, y: 0, cover: 'ice' }, /a cover needs a colour or random tile under it/);
    await refused(l, 'paint_ground', { x: 1, y: 0, ground: 'jelly', layers: 2 }, /ground needs a cell on the board/);
  });
  it('jelly can lie under crates and specials', async () => {
    const r = await ok(await mixed(), 'paint_ground_region', { x1: 0, y1: 0, x2: 2, y2: 0, ground: 'jelly', layers: 2 });
    expect(r.level.cells[0][0]).toEqual({ tile: 'crate', ground: { type: 'jelly', layers: 2 } });
    expect(r.summary).toMatch(/skipped 1 void cell/);
  });
  it('"none" removes covers and ground everywhere it can, even over voids', async () => {
    let l = (await ok(base(), 'paint_cover_region', { x1: 0, y1: 0, x2: 8, y2: 8, cover: 'ice', layers: 2 })).level;
    l = (await ok(l, 'paint_ground_region', { x1: 0, y1: 0, x2: 8, y2: 8, ground: 'jelly' })).level;
    l = (await ok(l, 'paint_tile', { x: 4, y: 4, tile: 'void' })).level;
    l = (await ok(l, 'paint_cover_region', { x1: 8, y1: 8, x2: 0, y2: 0, cover: 'none' })).level;
    l = (await ok(l, 'paint_ground_region', { x1: 8, y1: 8, x2: 0, y2: 0, ground: 'none' })).level;
    expect(l.cells.flat().filter((c) => Object.keys(c).length).length).toBe(1);
    expect(l.cells[4][4]).toEqual({ tile: 'void' });
  });
  it('re-painting a crate keeps the ground; painting a colour over a crate drops hp', async () => {
    let l = (await ok(base(), 'paint_tile', { x: 0, y: 0, tile: 'crate', hp: 3 })).level;
    l = (await ok(l, 'paint_ground', { x: 0, y: 0, ground: 'jelly' })).level;
    l = (await ok(l, 'paint_tile', { x: 0, y: 0, tile: 'yellow' })).level;
    expect(l.cells[0][0]).toEqual({ tile: 'yellow', ground: { type: 'jelly', layers: 1 } });
  });
});

describe('set_grid_size keeps the cells that fit', () => {
  it('shrinking cuts the right and the bottom; growing again brings plain cells back', async () => {
    let l = (await ok(base(), 'paint_tile', { x: 8, y: 8, tile: 'red' })).level;
    l = (await ok(l, 'paint_tile', { x: 2, y: 1, tile: 'blue' })).level;
    l = (await ok(l, 'set_grid_size', { width: 3, height: 3 })).level;
    expect(l.cells).toEqual([[{}, {}, {}], [{}, {}, { tile: 'blue' }], [{}, {}, {}]]);
    l = (await ok(l, 'set_grid_size', { width: 16, height: 16 })).level;
    expect(l.cells[8][8]).toEqual({});
    expect(l.cells[1][2]).toEqual({ tile: 'blue' });
    expect(l.cells.length).toBe(16);
    expect(l.cells.every((r) => r.length === 16)).toBe(true);
  });
  it('3 and 16 are accepted, 2 and 17 refused', async () => {
    await ok(base(), 'set_grid_size', { width: 3, height: 16 });
    await refused(base(), 'set_grid_size', { width: 17, height: 9 }, 'set_grid_size: width: must be 3..16');
    await refused(base(), 'set_grid_size', { width: 9, height: 2 }, 'set_grid_size: height: must be 3..16');
  });
});

describe('objectives', () => {
  it('remove the last one: refused; remove past the end: refused with the range', async () => {
    await refused(base(), 'remove_objective', { index: 0 }, 'remove_objective: a level needs at least one objective');
    const two = (await ok(base(), 'add_objective', { type: 'score' })).level;
    await refused(two, 'remove_objective', { index: 2 }, 'remove_objective: index: must be 0..1 (the level has 2 objectives)');
    expect((await ok(two, 'remove_objective', { index: '1' })).level.objectives).toEqual(base().objectives);
  });
  it('a fifth: refused, and the four stay', async () => {
    let l = base();
    for (const type of ['score', 'clear_crates', 'clear_ground']) l = (await ok(l, 'add_objective', { type })).level;
    expect(l.objectives.length).toBe(4);
    await refused(l, 'add_objective', { type: 'clear_cover', cover: 'chain' }, 'add_objective: the level already has 4 objectives, the most allowed; remove one first');
  });
  it('set_objective replaces the list; defaults by type', async () => {
    const four = (await ok((await ok(base(), 'add_objective', { type: 'score' })).level, 'add_objective', { type: 'clear_crates' })).level;
    expect((await ok(four, 'set_objective', { type: 'score' })).level.objectives).toEqual([{ type: 'score', target: 5000 }]);
    expect((await ok(four, 'set_objective', { type: 'clear_cover' })).level.objectives).toEqual([{ type: 'clear_cover', cover: 'ice' }]);
    expect((await ok(four, 'set_objective', { type: 'collect', color: 'purple' })).level.objectives).toEqual([{ type: 'collect', color: 'purple', count: 30 }]);
  });
  it('generate_random_level: a bad objective is named by its index (bug: no index, unknown keys dropped silently)', async () => {
    await refused(base(), 'generate_random_level', { objectives: [{ type: 'score' }, { type: 'collect' }] }, /^generate_random_level: objectives\[1\]\.color: required/);
    await refused(base(), 'generate_random_level', { objectives: [{ type: 'collect', colour: 'red' }] }, 'generate_random_level: objectives[0]: unknown field "colour"');
    await refused(base(), 'generate_random_level', { objectives: [] }, 'generate_random_level: objectives: must have 1..4 objectives');
    await refused(base(), 'generate_random_level', { objectives: 'score please' }, /objectives: must be a list of objectives/);
  });
  it('generate_random_level: objectives sent as a JSON string are read', async () => {
    const r = await ok(base(), 'generate_random_level', { seed: 2, objectives: '[{"type":"score","target":800}]' });
    expect(r.level.objectives).toEqual([{ type: 'score', target: 800 }]);
  });
});

describe('the JSON Schema the model sees', () => {
  it('every parameter has a description, nested ones (generate_random_level.objectives[]) included', async () => {
    const { toolSpecs } = await import('../../../src/core/tools/specs.ts');
    const missing: string[] = [];
    const walk = (where: string, schema: Record<string, any>) => {
      for (const [k, p] of Object.entries((schema.properties ?? {}) as Record<string, any>)) {
        if (typeof p.description !== 'string' || p.description.length < 3) missing.push(`${where}.${k}`);
        if (p.items) walk(`${where}.${k}[]`, p.items);
      }
    };
    for (const s of toolSpecs()) {
      expect(s.parameters).toMatchObject({ type: 'object', additionalProperties: false });
      walk(s.name, s.parameters);
    }
    expect(missing).toEqual([]);
  });
  it('ranges and enums are in the schema, so the model sees them before it is refused', async () => {
    const { toolSpecs } = await import('../../../src/core/tools/specs.ts');
    const props = (name: string) => toolSpecs().find((s) => s.name === name)!.parameters.properties as Record<string, any>;
    expect(props('set_grid_size').width).toMatchObject({ type: 'integer', minimum: 3, maximum: 16 });
    expect(props('place_bomb').x).toMatchObject({ type: 'integer', minimum: -1, maximum: 15 });
    expect(props('paint_cover').cover.enum).toEqual(['ice', 'chain', 'none']);
    expect(props('generate_random_level').void_ratio).toMatchObject({ type: 'number', minimum: 0, maximum: 1 });
    expect(toolSpecs().find((s) => s.name === 'paint_tile')!.parameters.required).toEqual(['x', 'y', 'tile']);
  });
});
