// The tool schemas on zod/mini (docs/performance.md, "First load"): what the model, /help and the
// slash commands read off them.
import { describe, expect, it } from 'vitest';
import { TOOLS, requiredParams, validateArgs } from '../../../src/core/tools/index.ts';
import { paramsJsonSchema } from '../../../src/core/tools/specs.ts';

describe('tool parameter schemas', () => {
  it('requiredParams (read off the schema, for /help and slash usage) agrees with the JSON Schema the model gets', () => {
    let someOptional = 0;
    for (const t of TOOLS) {
      const json = paramsJsonSchema(t.params) as { properties: Record<string, unknown>; required?: string[] };
      expect(requiredParams(t.params), t.name).toEqual(json.required ?? []);
      expect(Object.keys(t.params.shape), t.name).toEqual(Object.keys(json.properties));
      someOptional += Object.keys(json.properties).length - (json.required?.length ?? 0);
    }
    expect(someOptional).toBeGreaterThan(10);
  });

  it('every parameter reaches the model with its description and type', () => {
    const s = paramsJsonSchema(TOOLS.find((t) => t.name === 'set_move_limit')!.params) as { properties: Record<string, Record<string, unknown>>; required: string[]; additionalProperties?: boolean };
    expect(s.required).toEqual(['moves']);
    expect(s.additionalProperties).toBe(false);
    expect(s.properties.moves).toMatchObject({ type: 'integer', minimum: 1, maximum: 200, description: 'Move limit, 1..200' });
    const g = paramsJsonSchema(TOOLS.find((t) => t.name === 'analyze_level')!.params) as { properties: Record<string, Record<string, unknown>>; required?: string[] };
    expect(g.required ?? []).toEqual([]);
    expect(g.properties.tier).toMatchObject({ type: 'string', enum: ['novice', 'average', 'expert'] });
  });

  it('numbers as strings, padded enum values and defaults parse as before', () => {
    const a = validateArgs('analyze_level', { games: '200', tier: ' Expert ' });
    expect(a.ok && a.args).toEqual({ games: 200, tier: 'expert' });
    const d = validateArgs('analyze_level', {});
    expect(d.ok && d.args).toEqual({ games: 1000, tier: 'average' });
    const bad = validateArgs('set_move_limit', { moves: '2.5' });
    expect(!bad.ok && bad.error).toBe('set_move_limit: moves: must be an integer from 1 to 200');
  });
});
