import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createLevel, parseLevel, type LevelT } from '../../../src/core/level/index.ts';
import { TOOLS, applyIntent, runTool, validateArgs } from '../../../src/core/tools/index.ts';
import { toolSpecs } from '../../../src/core/tools/specs.ts';
import { History } from '../../../src/core/history/index.ts';

const base = (): LevelT => Object.freeze(createLevel({ id: 'T', seed: 11 })) as LevelT;
const deepFreeze = <T>(o: T): T => {
  if (o && typeof o === 'object') {
    Object.values(o).forEach(deepFreeze);
    Object.freeze(o);
  }
  return o;
};

async function ok(level: LevelT, name: string, args: unknown) {
  const r = await runTool(level, name, args);
  if (!r.ok) throw new Error(`${name} refused: ${r.error}`);
  expect(parseLevel(r.level).ok).toBe(true);
  return r;
}
async function refused(level: LevelT, name: string, args: unknown, message: RegExp | string) {
  const frozen = deepFreeze(structuredClone(level));
  const r = await runTool(frozen, name, args);
  expect(r.ok).toBe(false);
  if (!r.ok) expect(r.error).toMatch(message);
  return r;
}

describe('edit tools: happy paths', () => {
  it('set_grid_size keeps the cells that still fit', async () => {
    const l = (await ok(base(), 'paint_tile', { x: 1, y: 1, tile: 'red' })).level;
    const r = await ok(l, 'set_grid_size', { width: 12, height: 4 });
    expect([r.level.width, r.level.height, r.level.cells.length, r.level.cells[0].length]).toEqual([12, 4, 4, 12]);
    expect(r.level.cells[1][1]).toEqual({ tile: 'red' });
    expect(r.level.cells[3][11]).toEqual({});
  });
  it('set_move_limit, set_colors, rename_level', async () => {
    expect((await ok(base(), 'set_move_limit', { moves: 40 })).level.moves).toBe(40);
    expect((await ok(base(), 'set_colors', { colors: 6 })).level.colors).toBe(6);
    expect((await ok(base(), 'rename_level', { name: '  Level 12  ' })).level.name).toBe('Level 12');
  });
  it('clear_region and clear_all reset cells to {}', async () => {
    let l = (await ok(base(), 'paint_tile_region', { x1: 0, y1: 0, x2: 8, y2: 8, tile: 'crate', hp: 2 })).level;
    l = (await ok(l, 'clear_region', { x1: 2, y1: 2, x2: 0, y2: 0 })).level;
    expect(l.cells[1][1]).toEqual({});
    expect(l.cells[3][3]).toEqual({ tile: 'crate', hp: 2 });
    expect((await ok(l, 'clear_all', {})).level.cells.flat().every((c) => Object.keys(c).length === 0)).toBe(true);
  });
  it('paint_tile and paint_tile_region, regions in any corner order', async () => {
    const a = (await ok(base(), 'paint_tile_region', { x1: 5, y1: 6, x2: 2, y2: 3, tile: 'blue' })).level;
    const b = (await ok(base(), 'paint_tile_region', { x1: 2, y1: 3, x2: 5, y2: 6, tile: 'blue' })).level;
    expect(a).toEqual(b);
    expect(a.cells[3][2].tile).toBe('blue');
    expect(a.cells[6][5].tile).toBe('blue');
    expect(a.cells[7][5].tile).toBeUndefined();
    expect((await ok(base(), 'paint_tile', { x: 0, y: 0, tile: 'crate', hp: 3 })).level.cells[0][0]).toEqual({ tile: 'crate', hp: 3 });
  });
  it('painting void removes cover and ground; a special removes the cover', async () => {
    let l = (await ok(base(), 'paint_cover', { x: 1, y: 1, cover: 'ice', layers: 2 })).level;
    l = (await ok(l, 'paint_ground', { x: 1, y: 1, ground: 'jelly', layers: 2 })).level;
    expect((await ok(l, 'paint_tile', { x: 1, y: 1, tile: 'void' })).level.cells[1][1]).toEqual({ tile: 'void' });
    const r = await ok(l, 'paint_tile', { x: 1, y: 1, tile: 'rocket_h' });
    expect(r.level.cells[1][1]).toEqual({ tile: 'rocket_h', ground: { type: 'jelly', layers: 2 } });
    expect(r.summary).toMatch(/removed 1 cover/);
  });
  it('place_bomb: -1 means the centre', async () => {
    const r = await ok(base(), 'place_bomb', { x: -1, y: -1 });
    expect(r.level.cells[4][4].tile).toBe('bomb');
    const even = (await ok(base(), 'set_grid_size', { width: 10, height: 6 })).level;
    expect((await ok(even, 'place_bomb', { x: -1, y: 0 })).level.cells[0][4].tile).toBe('bomb');
  });
  it('covers and ground on cells and regions; none removes them', async () => {
    let l = (await ok(base(), 'paint_cover_region', { x1: 0, y1: 7, x2: 8, y2: 8, cover: 'chain' })).level;
    expect(l.cells[8][8].cover).toEqual({ type: 'chain' });
    l = (await ok(l, 'paint_cover', { x: 0, y: 8, cover: 'none' })).level;
    expect(l.cells[8][0].cover).toBeUndefined();
    l = (await ok(l, 'paint_ground_region', { x1: 0, y1: 0, x2: 8, y2: 0, ground: 'jelly' })).level;
    expect(l.cells[0][5].ground).toEqual({ type: 'jelly', layers: 1 });
    l = (await ok(l, 'paint_ground', { x: 5, y: 0, ground: 'none' })).level;
    expect(l.cells[0][5].ground).toBeUndefined();
  });
  it('region covers skip cells that cannot hold one, and say so', async () => {
    const l = (await ok(base(), 'paint_tile', { x: 0, y: 0, tile: 'crate' })).level;
    const r = await ok(l, 'paint_cover_region', { x1: 0, y1: 0, x2: 1, y2: 0, cover: 'ice' });
    expect(r.level.cells[0][0].cover).toBeUndefined();
    expect(r.level.cells[0][1].cover).toEqual({ type: 'ice', layers: 1 });
    expect(r.summary).toMatch(/skipped 1 cell/);
  });
  it('objectives: set, add, update, remove', async () => {
    let l = (await ok(base(), 'set_objective', { type: 'score', target: 9000 })).level;
    expect(l.objectives).toEqual([{ type: 'score', target: 9000 }]);
    l = (await ok(l, 'add_objective', { type: 'collect', color: 'green', count: 12 })).level;
    l = (await ok(l, 'add_objective', { type: 'clear_cover' })).level;
    l = (await ok(l, 'add_objective', { type: 'clear_ground' })).level;
    expect(l.objectives.map((o) => o.type)).toEqual(['score', 'collect', 'clear_cover', 'clear_ground']);
    l = (await ok(l, 'update_objective', { index: 2, type: 'clear_crates' })).level;
    l = (await ok(l, 'remove_objective', { index: 0 })).level;
    expect(l.objectives).toEqual([{ type: 'collect', color: 'green', count: 12 }, { type: 'clear_crates' }, { type: 'clear_ground', ground: 'jelly' }]);
  });
  it('set_rules_version switches gravity rules; version 1 leaves the field out of the file; refuses other versions', async () => {
    expect(base().rules).toBe(2); // a new level uses the latest rules
    const v1 = await ok(base(), 'set_rules_version', { rules: 1 });
    expect('rules' in v1.level).toBe(false);
    expect(v1.summary).toMatch(/from 2 to 1: tiles fall straight down only/);
    const v2 = await ok(v1.level, 'set_rules_version', { rules: '2' }); // numbers as strings are coerced
    expect(v2.level.rules).toBe(2);
    expect(Object.keys(v2.level).indexOf('rules')).toBe(Object.keys(v2.level).indexOf('seed') + 1);
    await refused(base(), 'set_rules_version', { rules: 3 }, /rules: must be 1\.\.2/);
    const h = new History();
    h.commit({ label: 'rules', intents: [{ tool: 'set_rules_version', args: { rules: 1 } }], before: base(), after: v1.level });
    expect(h.undo()?.before.rules).toBe(2);
  });
  it('/set_rules_version 1 works as a slash command (offline, no key)', async () => {
    const { parseSlash } = await import('../../../src/ai/slash.ts');
    const cmd = parseSlash('/set_rules_version 1');
    expect(cmd).toEqual({ name: 'set_rules_version', args: { rules: '1' } });
    if ('error' in cmd) return;
    expect('rules' in (await ok(base(), cmd.name, cmd.args)).level).toBe(false);
  });
  it('generated levels use the latest rules', async () => {
    const r = await ok({ ...base(), rules: undefined }, 'generate_random_level', { seed: 3, crate_ratio: 0.1 });
    expect(r.level.rules).toBe(2);
  });
  it('get_level reads the board as text without changing it', async () => {
    const l = base();
    const r = await ok(l, 'get_level', {});
    expect(r.level).toBe(l);
    expect(r.summary).toContain('9×9');
    expect(r.summary).toContain('Coordinates');
  });
});

describe('argument handling', () => {
  it('snake_case and camelCase keys, numeric strings coerced', async () => {
    const a = await ok(base(), 'generate_random_level', { voidRatio: '0.2', jelly_ratio: 0.3, seed: '7' });
    const b = await ok(base(), 'generate_random_level', { void_ratio: 0.2, jellyRatio: '0.3', seed: 7 });
    expect(a.level).toEqual(b.level);
    expect((await ok(base(), 'set_grid_size', { width: '10', height: ' 11 ' })).level.height).toBe(11);
  });
  it('a JSON string of the arguments is accepted', async () => {
    expect((await ok(base(), 'set_move_limit', '{"moves": 33}')).level.moves).toBe(33);
  });
});

describe('refusals leave the level untouched and name the parameter', () => {
  const cases: [string, unknown, RegExp | string][] = [
    ['set_grid_size', { width: 2, height: 9 }, 'set_grid_size: width: must be 3..16'],
    ['set_grid_size', { width: 9 }, /height/],
    ['set_move_limit', { moves: 201 }, 'moves: must be 1..200'],
    ['set_move_limit', { moves: 'lots' }, /moves: must be an integer/],
    ['set_colors', { colors: 7 }, 'colors: must be 3..6'],
    ['rename_level', { name: '' }, /name: must be 1..80/],
    ['rename_level', { name: 'x'.repeat(81) }, /name: must be 1..80/],
    ['paint_tile', { x: 9, y: 0, tile: 'red' }, 'x: must be 0..8 (the board is 9 wide)'],
    ['paint_tile', { x: 0, y: 0, tile: 'pink' }, /tile: must be one of/],
    ['paint_tile', { x: 0, y: 0, tile: 'red', hp: 2 }, 'hp: only allowed with tile "crate"'],
    ['paint_tile', { x: 0, y: 0, tile: 'crate', hp: 4 }, 'hp: must be 1..3'],
    ['paint_tile_region', { x1: 0, y1: 0, x2: 3, y2: 9, tile: 'red' }, 'y2: must be 0..8'],
    ['place_bomb', { x: -2, y: 0 }, 'x: must be -1..15'],
    ['place_bomb', { x: 12, y: 0 }, 'x: must be 0..8'],
    ['paint_cover', { x: 0, y: 0, cover: 'ice', layers: 4 }, 'layers: must be 1..3'],
    ['paint_cover', { x: 0, y: 0, cover: 'glass' }, /cover: must be one of ice, chain, none/],
    ['paint_ground', { x: 0, y: 0, ground: 'jelly', layers: 3 }, 'layers: must be 1..2'],
    ['generate_random_level', { ice_ratio: 1.5 }, 'ice_ratio: must be 0..1'],
    ['add_objective', { type: 'collect' }, /color: required/],
    ['add_objective', { type: 'score', target: 0 }, 'target: must be 1..10000000'],
    ['remove_objective', { index: 0 }, /at least one objective/],
    ['remove_objective', { index: 3 }, /index: must be 0..0/],
    ['update_objective', { index: 1, type: 'clear_crates' }, /index: must be 0..0/],
    ['set_move_limit', { moves: 10, speed: 2 }, 'unknown parameter speed'],
    ['no_such_tool', {}, /unknown tool "no_such_tool"/],
    ['set_move_limit', '{"moves": ', /arguments must be a JSON object/],
  ];
  for (const [name, args, msg] of cases) {
    it(`${name} ${JSON.stringify(args)}`, async () => {
      await refused(base(), name, args, msg);
    });
  }
  it('cover on a void or a crate is refused for one cell', async () => {
    const l = (await ok(base(), 'paint_tile', { x: 2, y: 2, tile: 'void' })).level;
    await refused(l, 'paint_cover', { x: 2, y: 2, cover: 'chain' }, /a cover needs a colour or random tile/);
    await refused(l, 'paint_ground', { x: 2, y: 2, ground: 'jelly' }, /void/);
  });
  it('a fifth objective is refused', async () => {
    let l = base();
    for (const type of ['score', 'clear_crates', 'clear_ground']) l = (await ok(l, 'add_objective', { type })).level;
    await refused(l, 'add_objective', { type: 'clear_cover' }, /already has 4 objectives/);
  });
});

describe('the registry as the model sees it', () => {
  it('every parameter of every tool has a description; the 18 seed tools are there', () => {
    const specs = toolSpecs();
    for (const s of specs) {
      expect(s.description.length).toBeGreaterThan(10);
      for (const [k, p] of Object.entries(s.parameters.properties as Record<string, { description?: string }>)) expect(p.description, `${s.name}.${k}`).toBeTruthy();
    }
    expect(specs.filter((s) => s.kind === 'edit').length).toBeGreaterThanOrEqual(15);
    expect(specs.filter((s) => s.kind === 'analysis').map((s) => s.name)).toEqual(['analyze_level', 'deep_analyze', 'get_bottleneck', 'tune_level']);
  });
});

describe('generate_random_level', () => {
  const ratio = fc.oneof(fc.constantFrom(0, 1), fc.double({ min: 0, max: 1, noNaN: true }));
  const genArgs = fc.record(
    {
      width: fc.integer({ min: 3, max: 16 }),
      height: fc.integer({ min: 3, max: 16 }),
      moves: fc.integer({ min: 1, max: 200 }),
      colors: fc.integer({ min: 3, max: 6 }),
      seed: fc.integer({ min: 0, max: 0xffffffff }),
      void_ratio: ratio,
      ice_ratio: ratio,
      chain_ratio: ratio,
      jelly_ratio: ratio,
      crate_ratio: ratio,
      symmetric: fc.boolean(),
    },
    { requiredKeys: [] },
  );

  it('makes a valid level for every input the schema accepts', async () => {
    await fc.assert(
      fc.asyncProperty(genArgs, async (args) => {
        const r = await runTool(base(), 'generate_random_level', args);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        const p = parseLevel(r.level);
        expect(p.ok, JSON.stringify(!p.ok && p.problems)).toBe(true);
        // objectives fit what was placed
        const cells = r.level.cells.flat();
        for (const o of r.level.objectives) {
          if (o.type === 'clear_ground') expect(cells.some((c) => c.ground)).toBe(true);
          if (o.type === 'clear_crates') expect(cells.some((c) => c.tile === 'crate')).toBe(true);
          if (o.type === 'clear_cover') expect(cells.some((c) => c.cover?.type === o.cover)).toBe(true);
          if (o.type === 'collect') expect(['red', 'green', 'blue', 'yellow', 'purple', 'orange'].indexOf(o.color!)).toBeLessThan(r.level.colors);
        }
        expect(cells.filter((c) => c.tile === 'void').length).toBeLessThanOrEqual(Math.floor(r.level.width * r.level.height * 0.4));
      }),
      { numRuns: 300 },
    );
  });

  it('is deterministic for a seed, and mirror-symmetric by default', async () => {
    const args = { width: 9, height: 9, void_ratio: 0.3, seed: 99 };
    const a = await ok(base(), 'generate_random_level', args);
    const b = await ok(base(), 'generate_random_level', args);
    expect(a.level).toEqual(b.level);
    for (const row of a.level.cells) for (let x = 0; x < 9; x++) expect(row[x].tile === 'void').toBe(row[8 - x].tile === 'void');
    expect(a.level.cells.flat().some((c) => c.tile === 'void')).toBe(true);
  });
});

describe('property: random tool calls, valid and not, keep the level valid; undoing all returns the original', () => {
  const coord = fc.integer({ min: -2, max: 17 });
  const anyCall = fc.oneof(
    fc.record({ name: fc.constant('set_grid_size'), args: fc.record({ width: fc.integer({ min: 1, max: 18 }), height: fc.integer({ min: 1, max: 18 }) }) }),
    fc.record({ name: fc.constant('set_move_limit'), args: fc.record({ moves: fc.oneof(fc.integer({ min: -5, max: 250 }), fc.constant('12')) }) }),
    fc.record({ name: fc.constant('paint_tile'), args: fc.record({ x: coord, y: coord, tile: fc.constantFrom('random', 'red', 'bomb', 'crate', 'void', 'pink') }) }),
    fc.record({ name: fc.constant('paint_tile_region'), args: fc.record({ x1: coord, y1: coord, x2: coord, y2: coord, tile: fc.constantFrom('blue', 'rainbow', 'crate', 'void'), hp: fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined }) }) }),
    fc.record({ name: fc.constant('place_bomb'), args: fc.record({ x: coord, y: coord }) }),
    fc.record({ name: fc.constant('paint_cover_region'), args: fc.record({ x1: coord, y1: coord, x2: coord, y2: coord, cover: fc.constantFrom('ice', 'chain', 'none', 'x'), layers: fc.integer({ min: 0, max: 4 }) }) }),
    fc.record({ name: fc.constant('paint_ground_region'), args: fc.record({ x1: coord, y1: coord, x2: coord, y2: coord, ground: fc.constantFrom('jelly', 'none'), layers: fc.integer({ min: 0, max: 3 }) }) }),
    fc.record({ name: fc.constant('clear_region'), args: fc.record({ x1: coord, y1: coord, x2: coord, y2: coord }) }),
    fc.record({ name: fc.constant('add_objective'), args: fc.record({ type: fc.constantFrom('collect', 'score', 'clear_crates', 'nope'), color: fc.constantFrom('red', 'orange') }) }),
    fc.record({ name: fc.constant('remove_objective'), args: fc.record({ index: fc.integer({ min: -1, max: 4 }) }) }),
    fc.record({ name: fc.constant('set_colors'), args: fc.record({ colors: fc.integer({ min: 2, max: 7 }) }) }),
    fc.record({ name: fc.constant('generate_random_level'), args: fc.record({ seed: fc.nat(), void_ratio: fc.double({ min: 0, max: 1, noNaN: true }) }) }),
    fc.record({ name: fc.constant('clear_all'), args: fc.constant({}) }),
  );

  it('holds for 200 random sequences', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(anyCall, { minLength: 1, maxLength: 25 }), async (calls) => {
        const original = base();
        const history = new History();
        let level = original;
        for (const c of calls) {
          const r = await runTool(level, c.name, c.args);
          if (!r.ok) continue;
          expect(parseLevel(r.level).ok).toBe(true);
          history.commit({ label: c.name, intents: r.intent ? [r.intent] : [], before: level, after: r.level });
          // a recorded intent replays to exactly the same level
          if (r.intent) {
            const replay = applyIntent(level, r.intent);
            expect(replay.ok && replay.level).toEqual(r.level);
          }
          level = r.level;
        }
        while (history.canUndo) level = history.undo()!.before;
        expect(level).toEqual(original);
        while (history.canRedo) level = history.redo()!.after;
        expect(parseLevel(level).ok).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe('validateArgs', () => {
  it('lists the parameters for an unknown one', () => {
    const v = validateArgs('paint_tile', { x: 1, y: 1, tile: 'red', colour: 'x' });
    expect(!v.ok && v.error).toMatch(/Parameters: x, y, tile, hp/);
  });
  it('tool names are unique snake_case', () => {
    const names = TOOLS.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(n).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });
});
