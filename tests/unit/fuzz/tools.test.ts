// Tool-call fuzzing: random tools with valid and hostile arguments (huge numbers, NaN strings,
// nested objects, unicode, missing fields, both spellings at once, junk at the top level).
// No exception escapes, every refusal is a message naming the tool, every edit leaves a valid
// canonical level, and undoing everything returns the original exactly.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createLevel, parseLevel, type LevelT } from '../../../src/core/level/index.ts';
import { applyIntents, runTool, type AnalysisService, type Intent } from '../../../src/core/tools/index.ts';
import { toolSpecs } from '../../../src/core/tools/specs.ts';
import { History } from '../../../src/core/history/index.ts';
import { INTERNAL_ERROR, report, scaled } from './scale.ts';

type Prop = { type?: string; enum?: string[]; minimum?: number; maximum?: number; properties?: Record<string, Prop>; items?: Prop };

const deepFreeze = <T>(o: T): T => {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.values(o).forEach(deepFreeze);
    Object.freeze(o);
  }
  return o;
};
const camel = (k: string) => k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

const hostile = fc.constantFrom<unknown>(
  1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -0, 2 ** 32, 1e-320,
  'NaN', 'Infinity', '-Infinity', '1e999', '0x10', '1_000', ' 7 ', '７', '٣', '𝟙𝟚', '3.0', '3,5', '',
  null, true, false, [], [3], [[3]], {}, { value: 3 }, { __proto__: { x: 1 } }, JSON.parse('{"__proto__": {"polluted": 1}}'),
  'x'.repeat(10_000), '\u202e\u0000<script>', '🙂'.repeat(50), 'constructor', '__proto__', 'toString',
);

function valueFor(p: Prop): fc.Arbitrary<unknown> {
  if (p.enum) return fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...p.enum) }, { weight: 1, arbitrary: fc.constantFrom(...p.enum).map((e) => ` ${e.toUpperCase()} `) }, { weight: 2, arbitrary: hostile });
  if (p.type === 'integer') {
    const min = p.minimum ?? 0;
    const max = Math.min(p.maximum ?? 1000, min + 20);
    const n = fc.integer({ min: min - 2, max: max + 2 });
    return fc.oneof({ weight: 12, arbitrary: n }, { weight: 2, arbitrary: n.map(String) }, { weight: 2, arbitrary: hostile }, { weight: 1, arbitrary: fc.double() });
  }
  if (p.type === 'number') return fc.oneof({ weight: 5, arbitrary: fc.double({ min: -0.5, max: 1.5 }) }, { weight: 3, arbitrary: hostile });
  if (p.type === 'boolean') return fc.oneof(fc.boolean(), hostile);
  if (p.type === 'string') return fc.oneof(fc.string({ maxLength: 100, unit: 'binary' }), fc.string({ unit: 'grapheme' }), hostile);
  if (p.type === 'array' && p.items?.properties) return fc.oneof({ weight: 4, arbitrary: fc.array(argsFor(p.items.properties), { maxLength: 6 }) }, { weight: 1, arbitrary: hostile });
  if (p.type === 'array' && p.items) return fc.oneof({ weight: 4, arbitrary: fc.array(valueFor(p.items), { maxLength: 6 }) }, { weight: 1, arbitrary: hostile });
  return fc.oneof(fc.anything(), hostile);
}

/** Arguments for one tool: each parameter present or not, sometimes under both spellings, sometimes with junk. */
function argsFor(props: Record<string, Prop>): fc.Arbitrary<unknown> {
  const keys = Object.keys(props);
  const rec = fc.record(Object.fromEntries(keys.map((k) => [k, valueFor(props[k])])), { requiredKeys: keys.filter((_, i) => i < 4) }) as fc.Arbitrary<Record<string, unknown>>;
  const shaped = fc.tuple(rec, fc.nat(3), fc.nat(12), fc.nat(12), fc.nat(6)).map(([args, spelling, both, junk, drop]) => {
    let out: Record<string, unknown> = { ...args };
    if (drop === 0 && keys.length) delete out[keys[0]]; // a required field missing, now and then
    if (spelling === 1) out = Object.fromEntries(Object.entries(out).map(([k, v]) => [camel(k), v]));
    if (both === 0 && keys.some((k) => camel(k) !== k)) {
      const k = keys.find((x) => camel(x) !== x)!;
      out[camel(k)] = out[k] ?? 1; // the same parameter under both spellings
      out[k] = out[k] ?? 1;
    }
    if (junk === 0) out.extra_param = 'junk';
    if (junk === 1) Object.defineProperty(out, '__proto__', { value: { polluted: true }, enumerable: true });
    return out;
  });
  // arguments that are not an object at all, or arrive as JSON text (as some models send them)
  return fc.oneof({ weight: 12, arbitrary: shaped }, { weight: 2, arbitrary: shaped.map((a) => JSON.stringify(a)) }, { weight: 1, arbitrary: hostile }, { weight: 1, arbitrary: fc.string() });
}

const specs = toolSpecs();
const callArb = fc.oneof(
  { weight: 30, arbitrary: fc.oneof(...specs.map((s) => fc.record({ name: fc.constant(s.name), args: argsFor(s.parameters.properties as Record<string, Prop>) }))) },
  { weight: 1, arbitrary: fc.record({ name: fc.constantFrom('no_such_tool', 'SET_MOVE_LIMIT', ' set_move_limit', '__proto__', 'constructor', ''), args: fc.constant({}) }) },
);
const startArb = fc.record({ width: fc.constantFrom(3, 9, 16), height: fc.constantFrom(3, 8, 16), seed: fc.nat() }).map(({ width, height, seed }) =>
  deepFreeze(createLevel({ id: 'F', name: 'Fuzz', width, height, seed, colors: 4 })) as LevelT,
);

/** Analysis tools reach a stand-in simulator: the fuzz is about the registry, not the engine's speed. */
const analysis: AnalysisService = { run: async (name: string) => ({ summary: `${name} ran`, data: {} }) } as unknown as AnalysisService;

describe('tool-call fuzz', () => {
  it('random calls: nothing escapes, the level always validates, undo all returns the original', async () => {
    const totals = { calls: 0, edits: 0, refused: 0, sequences: 0 };
    await fc.assert(
      fc.asyncProperty(startArb, fc.array(callArb, { minLength: 20, maxLength: 60 }), async (original, calls) => {
        totals.sequences++;
        const copy = structuredClone(original);
        const history = new History(10_000);
        const intents: Intent[] = [];
        let level = original;
        for (const c of calls) {
          totals.calls++;
          const r = await runTool(level, c.name, c.args, { analysis }); // a throw here fails the property
          if (!r.ok) {
            totals.refused++;
            expect(r.error.length).toBeGreaterThan(0);
            // a refusal may list many problems (a pasted block of cells), but never echoes a huge argument back
            expect(r.error).not.toContain('x'.repeat(200));
            expect(r.error).not.toContain('🙂'.repeat(20));
            expect(r.error.length).toBeLessThan(20_000);
            expect(r.error, `${c.name} ${String(JSON.stringify(c.args)).slice(0, 200)}`).not.toMatch(INTERNAL_ERROR);
            continue;
          }
          if (r.kind !== 'edit') {
            expect(r.level).toBe(level);
            continue;
          }
          totals.edits++;
          const p = parseLevel(r.level);
          expect(p.ok, `${c.name} → ${JSON.stringify(!p.ok && p.problems)}`).toBe(true);
          if (p.ok) expect(JSON.stringify(p.level)).toBe(JSON.stringify(r.level));
          expect(Object.getPrototypeOf(r.level)).toBe(Object.prototype);
          history.commit({ label: c.name, intents: [r.intent!], before: level, after: r.level });
          intents.push(r.intent!);
          level = deepFreeze(r.level);
        }
        const replay = applyIntents(original, intents);
        expect(replay.error).toBeUndefined();
        expect(replay.level).toEqual(level);
        while (history.canUndo) level = history.undo()!.before;
        expect(level).toEqual(copy);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { numRuns: scaled(40, 340) },
    );
    report('tool calls', totals);
    expect(totals.calls).toBeGreaterThanOrEqual(scaled(800, 10_000));
    expect(totals.edits).toBeGreaterThan(totals.calls / 20);
    expect(totals.refused).toBeGreaterThan(totals.calls / 4);
  });
});
