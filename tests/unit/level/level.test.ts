import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  COLORS,
  TILE_CODES,
  createLevel,
  designedMatches,
  formatPath,
  levelHash,
  levelWarnings,
  parseJsonText,
  parseLevel,
  parseLevelText,
  serializeLevel,
  type CellT,
  type LevelT,
  type ObjectiveT,
} from '../../../src/core/level/index.ts';

const base = (): LevelT => createLevel({ id: 'L', name: 'Level 1', seed: 7 });
/** A level's file as plain JSON, to break on purpose. */
const json = (l: LevelT = base()) => JSON.parse(serializeLevel(l)) as Record<string, any>;
const problems = (input: unknown) => {
  const r = parseLevel(input);
  return r.ok ? [] : r.problems.map((p) => `${p.path}: ${p.message}`);
};

// ---------- arbitraries: every level the schema accepts ----------
const arbCell: fc.Arbitrary<CellT> = fc.oneof(
  fc.constant({}),
  fc.constant({ tile: 'void' as const }),
  fc.record({ tile: fc.constant('crate' as const), hp: fc.integer({ min: 1, max: 3 }), ground: fc.option(fc.record({ type: fc.constant('jelly' as const), layers: fc.integer({ min: 1, max: 2 }) }), { nil: null }) }, { requiredKeys: ['tile'] }),
  fc.record(
    {
      tile: fc.constantFrom('random', ...COLORS),
      cover: fc.option(fc.oneof(fc.record({ type: fc.constant('ice' as const), layers: fc.integer({ min: 1, max: 3 }) }), fc.constant({ type: 'chain' as const })), { nil: null }),
      ground: fc.option(fc.record({ type: fc.constant('jelly' as const), layers: fc.integer({ min: 1, max: 2 }) }), { nil: null }),
    },
    { requiredKeys: [] },
  ),
  fc.record({ tile: fc.constantFrom('rocket_h', 'rocket_v', 'bomb', 'rainbow') }),
) as fc.Arbitrary<CellT>;
const arbObjective: fc.Arbitrary<ObjectiveT> = fc.oneof(
  fc.record({ type: fc.constant('collect' as const), color: fc.constantFrom(...COLORS), count: fc.integer({ min: 1, max: 999 }) }),
  fc.constant({ type: 'clear_ground' as const, ground: 'jelly' as const }),
  fc.record({ type: fc.constant('clear_cover' as const), cover: fc.constantFrom('ice' as const, 'chain' as const) }),
  fc.constant({ type: 'clear_crates' as const }),
  fc.record({ type: fc.constant('score' as const), target: fc.integer({ min: 1, max: 10_000_000 }) }),
);
export const arbLevel: fc.Arbitrary<LevelT> = fc
  .record({ width: fc.integer({ min: 3, max: 16 }), height: fc.integer({ min: 3, max: 16 }) })
  .chain(({ width, height }) =>
    fc.record({
      format: fc.constant('match3-level' as const),
      version: fc.constant(1 as const),
      id: fc.string({ minLength: 1, maxLength: 100 }),
      name: fc.string({ minLength: 1, maxLength: 80 }),
      width: fc.constant(width),
      height: fc.constant(height),
      moves: fc.integer({ min: 1, max: 200 }),
      colors: fc.integer({ min: 3, max: 6 }),
      seed: fc.integer({ min: 0, max: 0xffffffff }),
      cells: fc.array(fc.array(arbCell, { minLength: width, maxLength: width }), { minLength: height, maxLength: height }),
      objectives: fc.array(arbObjective, { minLength: 1, maxLength: 4 }),
    }),
  );

describe('schema round trip', () => {
  it('serialize → parse gives the same level, for every level the schema accepts (names and ids of any text)', () => {
    fc.assert(
      fc.property(arbLevel, (l) => {
        const first = parseLevel(l);
        expect(first.ok).toBe(true);
        if (!first.ok) return;
        const text = serializeLevel(first.level);
        const again = parseLevelText(text);
        expect(again.ok).toBe(true);
        if (!again.ok) return;
        expect(again.level).toEqual(first.level);
        // serializing is idempotent: the canonical text is a fixed point
        expect(serializeLevel(again.level)).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  it('a name or id that looks like the serializer’s old placeholders survives (bug: "__CELLS__" lost the cells)', () => {
    for (const name of ['__CELLS__', '__OBJ__', '"__CELLS__"']) {
      const l = { ...base(), name, id: '__OBJ__' };
      const r = parseLevelText(serializeLevel(l));
      expect(r.ok && r.level.name).toBe(name);
      expect(r.ok && r.level.id).toBe('__OBJ__');
    }
  });

  it('defaults are omitted: random tiles, hp 1, null cover and ground', () => {
    const l = base();
    const cells = l.cells.map((row) => row.map(() => ({}) as CellT));
    cells[0][0] = { tile: 'random', cover: null, ground: null };
    cells[0][1] = { tile: 'crate', hp: 1 };
    cells[0][2] = { tile: 'crate', hp: 2 };
    const text = serializeLevel({ ...l, cells });
    expect(text).not.toMatch(/random|null|"hp":1/);
    const r = parseLevelText(text);
    expect(r.ok && r.level.cells[0].slice(0, 3)).toEqual([{}, { tile: 'crate' }, { tile: 'crate', hp: 2 }]);
  });

  it('keys come in a stable order whatever order the input had', () => {
    const l = base();
    const shuffled: Record<string, unknown> = {};
    for (const k of Object.keys(l).reverse()) shuffled[k] = (l as Record<string, unknown>)[k];
    (shuffled.cells as CellT[][])[1] = [...l.cells[1]];
    (shuffled.cells as CellT[][])[1][1] = { ground: { layers: 2, type: 'jelly' }, cover: { layers: 1, type: 'ice' }, tile: 'red' } as CellT;
    (shuffled.objectives as unknown[])[0] = { count: 30, color: 'red', type: 'collect' };
    const r = parseLevel(shuffled);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(Object.keys(r.level)).toEqual(['format', 'version', 'id', 'name', 'width', 'height', 'moves', 'colors', 'seed', 'rules', 'cells', 'objectives']);
    expect(Object.keys(r.level.cells[1][1])).toEqual(['tile', 'cover', 'ground']);
    expect(Object.keys(r.level.objectives[0])).toEqual(['type', 'color', 'count']);
    const text = serializeLevel(r.level);
    expect(text.startsWith('{\n  "format": "match3-level",\n  "version": 1,\n  "id": "L",')).toBe(true);
    expect(text).toContain('    [{},{"tile":"red","cover":{"type":"ice","layers":1},"ground":{"type":"jelly","layers":2}},{}');
  });

  it('a file with a byte-order mark is read (bug: Notepad’s BOM made it "not valid JSON")', () => {
    const r = parseLevelText('\uFEFF' + serializeLevel(base()));
    expect(r.ok).toBe(true);
    expect(parseJsonText('\uFEFF[1]')).toEqual({ ok: true, data: [1] });
  });
});

describe('parse errors name the path and the reason', () => {
  const cases: [string, (l: Record<string, any>) => void, string[]][] = [
    ['ice with 4 layers', (l) => (l.cells[3][7] = { cover: { type: 'ice', layers: 4 } }), ['cells[3][7].cover.layers: must be 1..3']],
    ['ice without layers', (l) => (l.cells[3][7] = { cover: { type: 'ice' } }), ['cells[3][7].cover.layers: must be an integer (1..3)']],
    ['unknown cover type', (l) => (l.cells[3][7] = { cover: { type: 'glass' } }), ['cells[3][7].cover.type: must be null, {"type":"ice","layers":1..3} or {"type":"chain"}']],
    ['chain with layers', (l) => (l.cells[0][1] = { cover: { type: 'chain', layers: 2 } }), ['cells[0][1].cover: unknown field "layers"']],
    ['jelly with 3 layers', (l) => (l.cells[8][0] = { ground: { type: 'jelly', layers: 3 } }), ['cells[8][0].ground.layers: must be 1..2']],
    ['unknown ground', (l) => (l.cells[0][0] = { ground: { type: 'mud', layers: 1 } }), ['cells[0][0].ground.type: must be "jelly"']],
    ['unknown tile', (l) => (l.cells[0][0] = { tile: 'pink' }), [`cells[0][0].tile: must be one of ${TILE_CODES.join(', ')}`]],
    ['hp without crate', (l) => (l.cells[0][0] = { tile: 'red', hp: 2 }), ['cells[0][0].hp: only allowed with tile "crate"']],
    ['crate hp 4', (l) => (l.cells[0][0] = { tile: 'crate', hp: 4 }), ['cells[0][0].hp: must be 1..3']],
    ['cover on a crate', (l) => (l.cells[0][0] = { tile: 'crate', cover: { type: 'chain' } }), ['cells[0][0].cover: a cover needs a colour or random tile under it, not "crate"']],
    ['cover on a special', (l) => (l.cells[0][0] = { tile: 'bomb', cover: { type: 'chain' } }), ['cells[0][0].cover: a cover needs a colour or random tile under it, not "bomb"']],
    // one message, not two (bug: a covered void got "cannot have a cover" and "needs a colour or random tile")
    ['cover on a void', (l) => (l.cells[0][0] = { tile: 'void', cover: { type: 'chain' } }), ['cells[0][0].cover: a void cell cannot have a cover']],
    ['ground on a void', (l) => (l.cells[0][0] = { tile: 'void', ground: { type: 'jelly', layers: 1 } }), ['cells[0][0].ground: a void cell cannot have ground']],
    // bug: an unknown key in a cell was reported as "must be an object"
    ['unknown cell field', (l) => (l.cells[2][4] = { colour: 'red' }), ['cells[2][4]: unknown field "colour"']],
    ['cell not an object', (l) => (l.cells[0][0] = 5), ['cells[0][0]: must be an object']],
    ['unknown level field', (l) => (l.author = 'me'), ['(root): unknown field "author"']],
    ['short row', (l) => l.cells[2].pop(), ['cells[2]: must have 9 cells (width), found 8']],
    ['missing row', (l) => l.cells.pop(), ['cells: must have 9 rows (height), found 8']],
    // bug: an invalid width also produced one "must have 17 cells" line per row
    ['width 17', (l) => (l.width = 17), ['width: must be 3..16']],
    ['height 2', (l) => (l.height = 2), ['height: must be 3..16']],
    ['width a string', (l) => (l.width = '9'), ['width: must be an integer (3..16)']],
    ['moves 0', (l) => (l.moves = 0), ['moves: must be 1..200']],
    ['colors 7', (l) => (l.colors = 7), ['colors: must be 3..6']],
    ['seed negative', (l) => (l.seed = -1), ['seed: must be 0..4294967295']],
    ['seed 2^32', (l) => (l.seed = 2 ** 32), ['seed: must be 0..4294967295']],
    ['format', (l) => (l.format = 'match3'), ['format: must be "match3-level"']],
    ['version', (l) => (l.version = 3), ['version: must be 1 or 2 (the versions this studio reads)']],
    ['empty name', (l) => (l.name = ''), ['name: must be 1..80 characters']],
    ['long name', (l) => (l.name = 'x'.repeat(81)), ['name: must be 1..80 characters']],
    ['missing id', (l) => delete l.id, ['id: must be a string']],
    ['no objectives', (l) => (l.objectives = []), ['objectives: must have 1..4 objectives']],
    ['5 objectives', (l) => (l.objectives = Array(5).fill({ type: 'clear_crates' })), ['objectives: must have 1..4 objectives']],
    ['unknown objective', (l) => (l.objectives = [{ type: 'win' }]), ['objectives[0].type: must be one of collect, clear_ground, clear_cover, clear_crates, score']],
    ['collect pink', (l) => (l.objectives[0].color = 'pink'), ['objectives[0].color: must be one of red, green, blue, yellow, purple, orange']],
    ['collect 0', (l) => (l.objectives[0].count = 0), ['objectives[0].count: must be 1..999']],
    ['score 0', (l) => (l.objectives = [{ type: 'clear_crates' }, { type: 'score', target: 0 }]), ['objectives[1].target: must be 1..10000000']],
    ['two problems at once', (l) => ((l.moves = 0), (l.cells[1][1] = { hp: 2 })), ['moves: must be 1..200', 'cells[1][1].hp: only allowed with tile "crate"']],
  ];
  for (const [label, mutate, expected] of cases) {
    it(label, () => {
      const l = json();
      mutate(l);
      expect(problems(l)).toEqual(expected);
    });
  }
  it('not an object at all', () => {
    for (const v of [null, [], 'level', 3]) expect(problems(v)).toEqual(['(root): must be a JSON object (a match3-level)']);
    expect(parseLevelText('{ nope').ok).toBe(false);
    const r = parseLevelText('{ nope');
    expect(!r.ok && r.problems[0].path).toBe('(root)');
    expect(!r.ok && r.problems[0].message).toMatch(/^not valid JSON: /);
  });
  it('a JSON syntax error is one line (bug: V8 quotes the text with its newlines, breaking "one line per problem")', () => {
    const r = parseLevelText('x\n{\n');
    expect(!r.ok && r.problems.length).toBe(1);
    expect(!r.ok && r.problems[0].message).not.toMatch(/\n/);
  });
  it('formatPath', () => {
    expect(formatPath(['cells', 3, 7, 'cover', 'layers'])).toBe('cells[3][7].cover.layers');
    expect(formatPath([])).toBe('(root)');
    expect(formatPath([0, 'a'])).toBe('[0].a');
  });
  it('the input is never changed by parsing', () => {
    const l = json();
    l.cells[0][0] = { tile: 'random', cover: null };
    const before = structuredClone(l);
    parseLevel(l);
    expect(l).toEqual(before);
  });
});

describe('content hash', () => {
  it('ignores id and name, changes with anything that changes play', () => {
    const l = base();
    expect(levelHash({ ...l, id: 'other', name: 'Other' })).toBe(levelHash(l));
    expect(levelHash(l)).toMatch(/^[0-9a-f]{16}$/);
    const variants = [{ ...l, moves: 26 }, { ...l, seed: 8 }, { ...l, colors: 6 }, { ...l, objectives: [{ type: 'clear_crates' as const }] }];
    const cells = l.cells.map((r) => [...r]);
    cells[4][4] = { tile: 'red' };
    variants.push({ ...l, cells });
    for (const v of variants) expect(levelHash(v)).not.toBe(levelHash(l));
  });
  it('is the same for a level and its canonical form (defaults written out or not)', () => {
    const l = base();
    const cells = l.cells.map((r) => r.map(() => ({ tile: 'random' as const, cover: null })));
    expect(levelHash({ ...l, cells })).toBe(levelHash(l));
  });
});

describe('warnings', () => {
  const withCells = (edit: (cells: CellT[][]) => void, over: Partial<LevelT> = {}) => {
    const l = { ...base(), ...over };
    const cells = l.cells.map((r) => [...r]);
    edit(cells);
    return { ...l, cells };
  };
  const codes = (l: LevelT) => levelWarnings(l).map((w) => `${w.code} ${w.path ?? ''}`.trim());

  it('a fresh level has none', () => {
    expect(levelWarnings(base())).toEqual([]);
  });
  it('objectives that cannot be met', () => {
    const l = { ...base(), objectives: [{ type: 'clear_ground' as const, ground: 'jelly' as const }, { type: 'clear_cover' as const, cover: 'ice' as const }, { type: 'clear_cover' as const, cover: 'chain' as const }, { type: 'clear_crates' as const }] };
    expect(codes(l)).toEqual(['objective_unmeetable objectives[0]', 'objective_unmeetable objectives[1]', 'objective_unmeetable objectives[2]', 'objective_unmeetable objectives[3]']);
    const fixed = withCells(
      (c) => {
        c[0][0] = { ground: { type: 'jelly', layers: 1 } };
        c[0][2] = { cover: { type: 'ice', layers: 1 } };
        c[0][4] = { cover: { type: 'chain' } };
        c[0][6] = { tile: 'crate' };
      },
      { objectives: l.objectives },
    );
    expect(levelWarnings(fixed)).toEqual([]);
  });
  it('collect a colour that does not spawn: none painted, or too few painted', () => {
    const l = { ...base(), colors: 4, objectives: [{ type: 'collect' as const, color: 'orange' as const, count: 3 }] };
    expect(levelWarnings(l)[0]).toMatchObject({ code: 'objective_unmeetable', path: 'objectives[0]', detail: { key: 'collectNone', params: { color: 'orange', colors: 4 } } });
    const few = withCells((c) => (c[0][0] = { tile: 'orange' }), { colors: 4, objectives: l.objectives });
    expect(levelWarnings(few)[0]).toMatchObject({ detail: { key: 'collectFew', params: { count: 3, painted: 1 } } });
    const enough = withCells((c) => ((c[0][0] = { tile: 'orange' }), (c[2][0] = { tile: 'orange' }), (c[4][0] = { tile: 'orange' })), { colors: 4, objectives: l.objectives });
    expect(levelWarnings(enough)).toEqual([]);
  });
  it('a repeated objective', () => {
    const l = { ...base(), objectives: [{ type: 'collect' as const, color: 'red' as const, count: 5 }, { type: 'collect' as const, color: 'red' as const, count: 9 }] };
    expect(codes(l)).toEqual(['duplicate_objective objectives[1]']);
  });
  it('designed matches: 3+ painted tiles in a line, broken by voids and other tiles', () => {
    const h = withCells((c) => ((c[2][1] = { tile: 'blue' }), (c[2][2] = { tile: 'blue', cover: { type: 'chain' } }), (c[2][3] = { tile: 'blue' }), (c[2][4] = { tile: 'blue' })));
    expect(levelWarnings(h)).toEqual([expect.objectContaining({ code: 'designed_match', path: 'cells[2][1]', detail: { key: 'designedH', params: { color: 'blue', length: 4, x: 1, y: 2, cell: 'B3' } } })]);
    const v = withCells((c) => ((c[5][0] = { tile: 'red' }), (c[6][0] = { tile: 'red' }), (c[7][0] = { tile: 'red' })));
    expect(designedMatches(v)).toEqual([{ x: 0, y: 5, dir: 'v', length: 3, color: 'red' }]);
    const broken = withCells((c) => ((c[5][0] = { tile: 'red' }), (c[6][0] = { tile: 'void' }), (c[7][0] = { tile: 'red' }), (c[8][0] = { tile: 'red' })));
    expect(designedMatches(broken)).toEqual([]);
    const randomsDontCount = withCells((c) => ((c[0][0] = { tile: 'red' }), (c[0][1] = { tile: 'red' })));
    expect(designedMatches(randomsDontCount)).toEqual([]);
  });
  it('an all-void board', () => {
    const l = withCells((c) => c.forEach((r) => r.fill({ tile: 'void' })));
    expect(codes(l)).toContain('no_playable_cells');
  });
  it('warnings never make a level invalid', () => {
    const l = withCells((c) => c.forEach((r) => r.fill({ tile: 'void' })), { objectives: [{ type: 'clear_crates' }] });
    expect(parseLevel(l).ok).toBe(true);
  });
});
