// Property tests over the whole registry. Argument generators are derived from each tool's own JSON
// Schema, so a tool added later is covered without touching this file.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { COLORS, createLevel, parseLevel, type LevelT } from '../../../src/core/level/index.ts';
import { TOOLS, applyIntents, runTool, type Intent } from '../../../src/core/tools/index.ts';
import { paramsJsonSchema, toolSpecs } from '../../../src/core/tools/specs.ts';
import { History } from '../../../src/core/history/index.ts';

type Prop = { type?: string; enum?: string[]; minimum?: number; maximum?: number; properties?: Record<string, Prop>; items?: Prop };

const deepFreeze = <T>(o: T): T => {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.values(o).forEach(deepFreeze);
    Object.freeze(o);
  }
  return o;
};
const camel = (k: string) => k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** A value the schema accepts (kept small, so coordinates mostly fall on the board). */
function cleanValueFor(p: Prop): fc.Arbitrary<unknown> {
  if (p.enum) return fc.constantFrom(...p.enum);
  if (p.type === 'integer') return fc.integer({ min: p.minimum ?? 0, max: Math.min(p.maximum ?? 1000, (p.minimum ?? 0) + 8) });
  if (p.type === 'number') return fc.oneof(fc.constantFrom(0, 1), fc.double({ min: 0, max: 1, noNaN: true }));
  if (p.type === 'boolean') return fc.boolean();
  if (p.type === 'string') return fc.constantFrom('Level 1', 'Ice age', '冰');
  if (p.type === 'array' && p.items?.properties) return fc.array(cleanArgsFor(p.items.properties, ['type']), { minLength: 1, maxLength: 4 });
  if (p.type === 'array' && p.items?.type === 'array' && p.items.items) {
    // rows of cells: a rectangle, every row as long as the first
    const cell = cleanValueFor(p.items.items);
    return fc.integer({ min: 1, max: 3 }).chain((w) => fc.array(fc.array(cell, { minLength: w, maxLength: w }), { minLength: 1, maxLength: 3 }));
  }
  if (p.type === 'array' && p.items) return fc.array(cleanValueFor(p.items), { minLength: 1, maxLength: 3 });
  if (p.type === 'object' && p.properties) {
    // a nested object (a cell): empty or one field, so fields that only go together (hp with a crate) rarely clash
    const props = p.properties;
    return fc.oneof(fc.constant({}), ...Object.keys(props).map((k) => cleanValueFor(props[k]).map((v) => (v === undefined ? {} : { [k]: v }))));
  }
  return fc.constant(undefined);
}
function cleanArgsFor(props: Record<string, Prop>, required: string[]): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(props);
  return fc.record(Object.fromEntries(keys.map((k) => [k, cleanValueFor(props[k])])), { requiredKeys: required.filter((k) => keys.includes(k)) }) as fc.Arbitrary<
    Record<string, unknown>
  >;
}

/** Values for one parameter: mostly in range, sometimes just outside, sometimes as a string, sometimes junk. */
function valueFor(p: Prop): fc.Arbitrary<unknown> {
  if (p.enum) return fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...p.enum) }, { weight: 1, arbitrary: fc.constantFrom(...p.enum).map((e) => e.toUpperCase()) }, { weight: 1, arbitrary: fc.constant('bogus') });
  if (p.type === 'integer') {
    const min = p.minimum ?? 0,
      max = Math.min(p.maximum ?? 1000, min + 300);
    const n = fc.oneof({ weight: 8, arbitrary: fc.integer({ min, max }) }, { weight: 2, arbitrary: fc.integer({ min: min - 3, max: max + 3 }) });
    return fc.oneof({ weight: 6, arbitrary: n }, { weight: 2, arbitrary: n.map(String) }, { weight: 1, arbitrary: fc.constantFrom(1.5, 'lots', true, null) });
  }
  if (p.type === 'number') {
    const r = fc.oneof(fc.constantFrom(0, 1), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: -0.5, max: 1.5, noNaN: true }));
    return fc.oneof({ weight: 5, arbitrary: r }, { weight: 1, arbitrary: r.map(String) }, { weight: 1, arbitrary: fc.constantFrom(Number.NaN, 'half') });
  }
  if (p.type === 'boolean') return fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', 'maybe'));
  if (p.type === 'string') return fc.oneof(fc.string({ maxLength: 90 }), fc.constantFrom('Level 1', '  padded  ', ''));
  if (p.type === 'array' && p.items?.properties) return fc.array(argsFor(p.items.properties, []), { minLength: 0, maxLength: 5 });
  if (p.type === 'array' && p.items) return fc.array(valueFor(p.items), { minLength: 0, maxLength: 4 });
  if (p.type === 'object' && p.properties) return argsFor(p.properties, []);
  return fc.anything();
}

function argsFor(props: Record<string, Prop>, required: string[]): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(props);
  if (!keys.length) return fc.oneof({ weight: 9, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: fc.constant({ extra: 1 }) });
  const rec = fc.record(Object.fromEntries(keys.map((k) => [k, valueFor(props[k])])), {
    requiredKeys: required.filter((k) => keys.includes(k)),
  }) as fc.Arbitrary<Record<string, unknown>>;
  return fc.tuple(rec, fc.boolean(), fc.nat(20), fc.nat(20)).map(([args, useCamel, dropOne, addJunk]) => {
    let out: Record<string, unknown> = { ...args };
    if (dropOne === 0 && keys.length) delete out[keys[0]]; // a required parameter missing, now and then
    if (addJunk === 0) out.speed = 3; // an unknown parameter, now and then
    if (useCamel) out = Object.fromEntries(Object.entries(out).map(([k, v]) => [camel(k), v]));
    return out;
  });
}

// the games' own tools (exits, spawn) too, with their built-in-game parameters (a classic level refuses or keeps them)
const specs = [
  ...toolSpecs(),
  ...TOOLS.filter((t) => t.games).map((t) => ({ name: t.name, kind: t.kind, description: t.description, parameters: paramsJsonSchema(t.params) })),
];
const callArb = fc.oneof(
  ...specs.map((s) =>
    fc.record({
      name: fc.constant(s.name),
      args: fc.oneof(
        cleanArgsFor(s.parameters.properties as Record<string, Prop>, (s.parameters.required as string[]) ?? []),
        argsFor(s.parameters.properties as Record<string, Prop>, (s.parameters.required as string[]) ?? []),
      ),
    }),
  ),
  fc.record({ name: fc.constant('no_such_tool'), args: fc.constant({}) }),
);

/** A few different starting levels, one of them crowded with blockers. */
const startArb = fc.record({ width: fc.constantFrom(3, 9, 16), height: fc.constantFrom(3, 8, 16), seed: fc.nat() }).map(({ width, height, seed }) => {
  const l = createLevel({ id: 'P', name: 'Property', width, height, seed, colors: 4 });
  return deepFreeze({ ...l, objectives: [{ type: 'collect' as const, color: 'red' as const, count: 20 }] }) as LevelT;
});

describe('registry property: random calls, valid and not', () => {
  it('every edit keeps the level valid and canonical, a refusal changes nothing, undo returns the original exactly', async () => {
    let refusedCount = 0,
      editCount = 0;
    await fc.assert(
      fc.asyncProperty(startArb, fc.array(callArb, { minLength: 5, maxLength: 30, size: 'medium' }), async (original, calls) => {
        const copy = structuredClone(original);
        const history = new History(1000);
        const intents: Intent[] = [];
        let level = original;
        for (const c of calls) {
          const before = structuredClone(level);
          const r = await runTool(level, c.name, c.args);
          // the input is never touched, whatever happened (levels are deep-frozen: a mutation would throw)
          expect(level).toEqual(before);
          if (!r.ok) {
            refusedCount++;
            if (c.name === 'no_such_tool') expect(r.error).toMatch(/^unknown tool "no_such_tool"\. Available tools: set_grid_size, /);
            else expect(r.error.startsWith(`${c.name}: `), r.error).toBe(true);
            expect(r.error).not.toMatch(/Invalid input|undefined|\[object/);
            continue;
          }
          if (r.kind !== 'edit') {
            expect(r.level).toBe(level);
            continue;
          }
          editCount++;
          const p = parseLevel(r.level);
          expect(p.ok, `${c.name} ${JSON.stringify(c.args)} → ${JSON.stringify(!p.ok && p.problems)}`).toBe(true);
          if (p.ok) expect(JSON.stringify(p.level), 'edits return canonical levels').toBe(JSON.stringify(r.level));
          history.commit({ label: c.name, intents: [r.intent!], before: level, after: r.level });
          intents.push(r.intent!);
          level = deepFreeze(r.level);
        }
        const final = level;
        // replaying the recorded intents from the start gives the same level
        const replay = applyIntents(original, intents);
        expect(replay.error).toBeUndefined();
        expect(replay.level).toEqual(final);
        // undo everything: the original, exactly
        while (history.canUndo) level = history.undo()!.before;
        expect(level).toEqual(copy);
        while (history.canRedo) level = history.redo()!.after;
        expect(level).toEqual(final);
      }),
      { numRuns: 400 }, // more tools, more runs: each tool still gets its share of calls
    );
    // the generators reach both sides
    expect(refusedCount).toBeGreaterThan(500);
    expect(editCount).toBeGreaterThan(1500);
  });

  it('every tool is reachable by the generator (the registry has no tool this test forgets)', () => {
    expect(specs.map((s) => s.name).sort()).toEqual(TOOLS.map((t) => t.name).sort());
  });
});

describe('generate_random_level over its whole input space', () => {
  const ratio = fc.oneof(fc.constantFrom(0, 1), fc.double({ min: 0, max: 1, noNaN: true }));
  const size = fc.oneof(fc.constantFrom(3, 16), fc.integer({ min: 3, max: 16 }));
  const objective = fc.oneof(
    fc.record({ type: fc.constant('collect'), color: fc.constantFrom(...COLORS), count: fc.integer({ min: 1, max: 999 }) }, { requiredKeys: ['type', 'color'] }),
    fc.record({ type: fc.constantFrom('clear_ground', 'clear_cover', 'clear_crates', 'score') }),
  );
  const genArgs = fc.record(
    {
      width: size,
      height: size,
      moves: fc.integer({ min: 1, max: 200 }),
      colors: fc.integer({ min: 3, max: 6 }),
      seed: fc.oneof(fc.constantFrom(0, 0xffffffff), fc.integer({ min: 0, max: 0xffffffff })),
      void_ratio: ratio,
      ice_ratio: ratio,
      chain_ratio: ratio,
      jelly_ratio: ratio,
      crate_ratio: ratio,
      symmetric: fc.boolean(),
      objectives: fc.array(objective, { minLength: 1, maxLength: 4 }),
    },
    { requiredKeys: [] },
  );
  const start = deepFreeze(createLevel({ id: 'G', seed: 5 }));

  it('a valid level for every accepted input; deterministic; symmetric voids unless told; objectives fit', async () => {
    await fc.assert(
      fc.asyncProperty(genArgs, async (args) => {
        const r = await runTool(start, 'generate_random_level', args);
        expect(r.ok, !r.ok ? r.error : '').toBe(true);
        if (!r.ok) return;
        const l = r.level;
        const p = parseLevel(l);
        expect(p.ok, JSON.stringify(!p.ok && p.problems)).toBe(true);
        expect([l.width, l.height]).toEqual([args.width ?? start.width, args.height ?? start.height]);
        expect(l.moves).toBe(args.moves ?? start.moves);
        expect(l.colors).toBe(args.colors ?? start.colors);
        expect([l.id, l.name, l.seed]).toEqual([start.id, start.name, start.seed]);
        // the same arguments give the same level
        const again = await runTool(start, 'generate_random_level', args);
        expect(again.ok && again.level).toEqual(l);
        const cells = l.cells.flat();
        const voids = cells.filter((c) => c.tile === 'void').length;
        expect(voids).toBeLessThanOrEqual(Math.floor(l.width * l.height * 0.4));
        if (args.symmetric !== false)
          for (const row of l.cells) for (let x = 0; x < l.width; x++) expect(row[x].tile === 'void').toBe(row[l.width - 1 - x].tile === 'void');
        if ((args.void_ratio ?? 0) === 0) expect(voids).toBe(0);
        if ((args.crate_ratio ?? 0) === 0) expect(cells.some((c) => c.tile === 'crate')).toBe(false);
        if ((args.jelly_ratio ?? 0) === 0) expect(cells.some((c) => c.ground)).toBe(false);
        if ((args.ice_ratio ?? 0) === 0) expect(cells.some((c) => c.cover?.type === 'ice')).toBe(false);
        if ((args.crate_ratio ?? 0) === 1) expect(cells.every((c) => c.tile === 'void' || c.tile === 'crate')).toBe(true);
        if (args.objectives) expect(l.objectives.map((o) => o.type)).toEqual(args.objectives.map((o) => o.type));
        else
          for (const o of l.objectives) {
            if (o.type === 'clear_ground') expect(cells.some((c) => c.ground)).toBe(true);
            if (o.type === 'clear_crates') expect(cells.some((c) => c.tile === 'crate')).toBe(true);
            if (o.type === 'clear_cover') expect(cells.some((c) => c.cover?.type === o.cover)).toBe(true);
            if (o.type === 'collect') expect(COLORS.indexOf(o.color!)).toBeLessThan(l.colors);
          }
      }),
      { numRuns: 300 },
    );
  });

  it('different seeds give different boards', async () => {
    const boards = new Set<string>();
    for (let seed = 0; seed < 10; seed++) {
      const r = await runTool(start, 'generate_random_level', { seed, void_ratio: 0.3, ice_ratio: 0.3, crate_ratio: 0.1 });
      if (r.ok) boards.add(JSON.stringify(r.level.cells));
    }
    expect(boards.size).toBe(10);
  });
});
