// The tools as the model reads them each round: the registry's JSON Schemas made lean (terms every tool
// shares are defined once in the system prompt, `glossary`; long optional parameters said briefly), in
// the registry's order, so the request's prefix is the same bytes every round. Two sets: `full` (every
// registry tool) and `compact` (eight tools for small local models). Whatever set was offered, a call
// to any registry tool is validated and run by the registry as always (agent.ts).
import { toolSpecs, type ToolSpec } from '../core/tools/specs.ts';
import type { WireTool } from './client.ts';
export { glossary } from './glossary.ts';

export type ToolSet = 'full' | 'compact';

/** The compact set: one tool per family, and the optional parameters each keeps (others still work when sent). */
export const COMPACT_TOOLS: Record<string, readonly string[] | 'all'> = {
  paint_cells: 'all',
  set_level: ['width', 'height', 'moves', 'colors'],
  set_objective: 'all',
  add_objective: 'all',
  analyze_level: 'all',
  deep_analyze: 'all',
  get_bottleneck: 'all',
  tune_level: ['target_win_rate', 'tier', 'levers'],
};

/** In the compact set only: the full set has the seed tools they stand for. */
const COMPACT_ONLY = new Set(['paint_cells', 'set_level']);

/**
 * Registry tools the model is not offered (yet): the level's game is the designer's choice in the level
 * properties; what the copilot knows of games comes with issue 31 part 4 (and the 2,500-token budget).
 */
const NOT_FOR_MODEL = new Set(['set_game']);

/** Parameters whose meaning the system prompt gives once (`glossary`): the model sees their type and range only. */
const SHARED = new Set(['x', 'y', 'x1', 'y1', 'x2', 'y2', 'tile', 'hp', 'cover', 'ground', 'layers', 'type', 'color', 'count', 'target', 'games', 'tier', 'width', 'height', 'moves', 'colors', 'seed', 'index', 'anchor', 'name', 'rules', 'target_win_rate', 'value']);

/** Long optional parameters, said briefly for the model (the registry's own text stays for /help and the CLI). */
const BRIEF: Record<string, string> = {
  'tune_level.target_pass_rate': "Players' pass rate instead",
  'tune_level.tolerance': 'Default 0.05',
  'tune_level.max_games': 'Default 20000',
  'adjust_difficulty.ice_layers': 'Added to each ice',
  'adjust_difficulty.jelly_layers': 'Added to each jelly',
  'adjust_difficulty.crate_hp': 'Added to each crate',
  'adjust_difficulty.chains_removed': 'Share of chains removed',
  'adjust_difficulty.objective_scale': 'Factor on objective counts',
  'adjust_difficulty.spawn_chance_scale': 'Factor on spawn chances',
  'adjust_difficulty.spawn_total_scale': 'Factor on spawn totals',
};
/** …and whose nested shape the model need not read: the registry checks it and names what is wrong. */
const SHAPE: Record<string, Record<string, unknown>> = {
  'tune_level.bounds': { type: 'object', description: 'Per lever, e.g. {"moves": {"from": 18, "to": 26}}' },
  'paste_cells.cells': { type: 'array', description: 'Rows of level-file cells; {} = random', items: { type: 'array', items: { type: 'object' } } },
  'generate_random_level.objectives': { type: 'array', description: 'As set_objective takes them', items: { type: 'object' } },
};
/** Said by the parameter's name and enum alone. */
const PLAIN = new Set(['tune_level.levers', 'generate_random_level.symmetric', 'get_level.format']);

type Json = Record<string, unknown>;

function lean(schema: Json): Json {
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === 'additionalProperties' || k === '$schema' || k === 'minItems' || k === 'maxItems') continue;
    if (k === 'items' && v && typeof v === 'object' && !Array.isArray(v)) {
      const { description: _d, ...rest } = v as Json;
      out.items = lean(rest);
    } else out[k] = v;
  }
  return out;
}

function leanParam(tool: string, name: string, schema: Json): Json {
  const key = `${tool}.${name}`;
  if (SHAPE[key]) return SHAPE[key];
  let s = lean(schema);
  if (BRIEF[key] || PLAIN.has(key)) {
    // the registry's type, range and enum stay (a game's elements or a new lever reach the model as they are)
    const { description: _d, ...rest } = s;
    s = BRIEF[key] ? { ...rest, description: BRIEF[key] } : rest;
  }
  if (SHARED.has(name) || name.endsWith('_ratio')) {
    // meaning, values and ranges are in the glossary; the registry still checks them and says what is wrong
    const { description: _d, enum: _e, minimum: _min, maximum: _max, ...rest } = s;
    return rest;
  }
  // the registry's defaults and asides in a trailing parenthesis are for /help and the CLI
  else if (typeof s.description === 'string') s.description = s.description.replace(/\s*\([^()]*\)$/, '');
  // a range said in the description is shorter than minimum and maximum
  if (typeof s.description === 'string' && typeof s.minimum === 'number' && typeof s.maximum === 'number') {
    const { minimum, maximum, ...rest } = s;
    const range = `${minimum}..${maximum}`;
    s = { ...rest, description: s.description.includes(range) ? s.description : `${s.description}, ${range}` };
  }
  return s;
}

/** One tool spec as the model gets it; `keep` limits the optional parameters (compact set). */
export function leanSpec(spec: ToolSpec, keep: readonly string[] | 'all' = 'all'): ToolSpec {
  const p = spec.parameters as { properties: Record<string, Json>; required?: string[] };
  const required = p.required ?? [];
  const names = Object.keys(p.properties).filter((k) => keep === 'all' || keep.includes(k) || required.includes(k));
  const properties = Object.fromEntries(names.map((k) => [k, leanParam(spec.name, k, p.properties[k])]));
  return { ...spec, parameters: { type: 'object', properties, ...(required.length ? { required } : {}) } };
}

/** The tool specs a set offers, lean, in the registry's order. */
export function modelToolSpecs(set: ToolSet = 'full'): ToolSpec[] {
  const specs = toolSpecs();
  // the compact families' tools repeat what the full set's own tools do
  if (set === 'full') return specs.filter((s) => !COMPACT_ONLY.has(s.name) && !NOT_FOR_MODEL.has(s.name)).map((s) => leanSpec(s));
  return specs.filter((s) => s.name in COMPACT_TOOLS).map((s) => leanSpec(s, COMPACT_TOOLS[s.name]));
}

/** The OpenAI `tools` array of a set. */
export function modelTools(set: ToolSet = 'full'): WireTool[] {
  return modelToolSpecs(set).map((s) => ({ type: 'function', function: { name: s.name, description: s.description, parameters: s.parameters } }));
}
