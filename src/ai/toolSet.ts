// The tools as the model reads them each round: the registry's JSON Schemas made lean (terms every tool
// shares are defined once in the system prompt, `glossary`; long optional parameters said briefly), in
// the registry's order, so the request's prefix is the same bytes every round. Two sets: `full` (every
// registry tool) and `compact` (eight tools for small local models). Whatever set was offered, a call
// to any registry tool is validated and run by the registry as always (agent.ts).
import { toolSpecs, type ToolSpec } from '../core/tools/specs.ts';
import type { WireTool } from './client.ts';
import { CLASSIC_ID, type GameDef } from '../core/game/types.ts';
import { knownGames } from '../core/game/known.ts';
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
const SHARED = new Set(['game', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'tile', 'hp', 'cover', 'ground', 'layers', 'type', 'color', 'count', 'target', 'games', 'tier', 'width', 'height', 'moves', 'colors', 'seed', 'index', 'anchor', 'name', 'rules', 'target_win_rate', 'value', 'element', 'chance', 'max', 'total', 'exit']);

/** Long optional parameters, said briefly for the model (the registry's own text stays for /help and the CLI). */
const BRIEF: Record<string, string> = {
  'tune_level.target_pass_rate': "Players' pass rate instead",
  'adjust_difficulty.objective_scale': 'Factor on objective counts',
  'adjust_difficulty.spawn_chance_scale': 'Factor on spawn chances',
  'adjust_difficulty.spawn_total_scale': 'Factor on spawn totals',
};
/** adjust_difficulty's element levers (named from the game's elements: `<id>_layers`, `<id>_hp`, `<id>s_removed`), said briefly. */
function leverBrief(key: string): string | undefined {
  const m = /^adjust_difficulty\.(?:(.+)_(?:layers|hp)|(.+)s_removed)$/.exec(key);
  return m ? (m[1] ? `Added to each ${m[1]}` : `Share of ${m[2]}s removed`) : undefined;
}
/** …and whose nested shape the model need not read: the registry checks it and names what is wrong. */
const SHAPE: Record<string, Record<string, unknown>> = {
  'tune_level.bounds': { type: 'object', description: 'Per lever, e.g. {"moves": {"from": 18, "to": 26}}' },
  'paste_cells.cells': { type: 'array', description: 'Rows of level-file cells; {} = random', items: { type: 'array', items: { type: 'object' } } },
  'generate_random_level.objectives': { type: 'array', description: 'As set_objective takes them', items: { type: 'object' } },
};
/** Said by the parameter's name and enum alone. */
const PLAIN = new Set(['tune_level.levers', 'tune_level.tolerance', 'tune_level.max_games', 'generate_random_level.symmetric', 'get_level.format']);

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

/** Tools whose parameters mean their own thing (an element's name and colour, not a level's): never shortened to the glossary's terms. */
const OWN_TERMS = new Set(['define_element', 'update_element']);

function leanParam(tool: string, name: string, schema: Json): Json {
  const key = `${tool}.${name}`;
  if (OWN_TERMS.has(tool)) {
    // said by the name and enum alone, but for the ones whose form the name does not tell
    const { description, ...rest } = lean(schema);
    return ['id', 'hp', 'glyph', 'color'].includes(name) ? { ...rest, description } : rest;
  }
  if (SHAPE[key]) return SHAPE[key];
  let s = lean(schema);
  const brief = BRIEF[key] ?? leverBrief(key);
  if (brief || PLAIN.has(key)) {
    // the registry's type, range and enum stay (a game's elements or a new lever reach the model as they are)
    const { description: _d, ...rest } = s;
    s = brief ? { ...rest, description: brief } : rest;
  }
  if (SHARED.has(name) || name.endsWith('_ratio')) {
    // meaning, values and ranges are in the glossary; the registry still checks them and says what is wrong
    const { description: _d, enum: _e, minimum: _min, maximum: _max, exclusiveMinimum: _xmin, ...rest } = s;
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

const memo = new Map<ToolSet, WeakMap<GameDef, Map<string, ToolSpec[]>>>();

/** Tools said in fewer words to the model than in the registry (the glossary says the rest once). */
const SAID: Record<string, string> = {
  set_game: "Set the level's game.",
  define_element: "Propose a new element for the level's game.",
  update_element: "Propose a change to an element of the level's game; fields left out stay.",
  paint_exit_region: 'Mark exit cells in a rectangle (exit false unmarks).',
  add_spawn: 'Add a spawn entry.',
  update_spawn: 'Change a spawn entry; fields left out stay.',
  remove_spawn: 'Remove a spawn entry.',
};

/** Tools offered only when they can do something: set_game when the workspace has another game to play. */
function offered(name: string, others: readonly GameDef[]): boolean {
  return name !== 'set_game' || others.length > 0;
}

/** The games a level of `game` could switch to (set_game): every known game but its own. */
export function otherGames(game?: GameDef): GameDef[] {
  const own = game?.id ?? CLASSIC_ID;
  return knownGames().filter((g) => g.id !== own);
}

/**
 * The tool specs a set offers for a level of `game` (the built-in game when left out), lean, in the
 * registry's order: its element ids are the paint tools' enums. The tools that change a game are
 * offered in the full set for a game of the workspace (the built-in game cannot be changed; a call to
 * them is still run, and refused with the reason). The same objects while the game does not change.
 */
export function modelToolSpecs(set: ToolSet = 'full', game?: GameDef): ToolSpec[] {
  const byGame = memo.get(set) ?? memo.set(set, new WeakMap()).get(set)!;
  const key = game ?? CLASSIC_KEY;
  const perOthers = byGame.get(key) ?? byGame.set(key, new Map()).get(key)!;
  const others = otherGames(game);
  const othersKey = others.map((g) => g.id).join(',');
  let out = perOthers.get(othersKey);
  if (!out) perOthers.set(othersKey, (out = buildSpecs(set, game, others)));
  return out;
}
const CLASSIC_KEY = {} as GameDef;

function buildSpecs(set: ToolSet, game: GameDef | undefined, others: readonly GameDef[]): ToolSpec[] {
  const editable = !!game && game.id !== CLASSIC_ID;
  const specs = toolSpecs(editable && set === 'full' ? ['edit', 'read', 'analysis', 'game'] : ['edit', 'read', 'analysis'], game)
    .filter((s) => offered(s.name, others))
    .map((s) => (SAID[s.name] ? { ...s, description: SAID[s.name] } : s));
  // the compact families' tools repeat what the full set's own tools do
  if (set === 'full') return specs.filter((s) => !COMPACT_ONLY.has(s.name) && !NOT_FOR_MODEL.has(s.name)).map((s) => leanSpec(s));
  return specs.filter((s) => s.name in COMPACT_TOOLS).map((s) => leanSpec(s, COMPACT_TOOLS[s.name]));
}

/** The OpenAI `tools` array of a set for a level of `game`. */
export function modelTools(set: ToolSet = 'full', game?: GameDef): WireTool[] {
  return modelToolSpecs(set, game).map((s) => ({ type: 'function', function: { name: s.name, description: s.description, parameters: s.parameters } }));
}
