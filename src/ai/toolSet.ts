// The tools as the model reads them each round: the registry's JSON Schemas made lean (terms every tool
// shares are defined once in the system prompt, `glossary`; long optional parameters said briefly), in
// the registry's order, so the request's prefix is the same bytes every round. Two sets: `full` (every
// registry tool) and `compact` (eight tools for small local models). What the model reads of each tool
// (its words, its set, which parameters are said briefly or by shape) is its registry entry's `model`;
// this file names no tool. Whatever set was offered, a call to any registry tool is validated and run by
// the registry as always (agent.ts).
import { toolSpecs, type ToolSpec } from '../core/tools/specs.ts';
import type { WireTool } from './client.ts';
import { getTool, type ModelSet, type ModelView, type ToolKind } from '../core/tools/index.ts';
import { CLASSIC_ID, type GameDef } from '../core/game/types.ts';
export { glossary } from './glossary.ts';

export type ToolSet = ModelSet;

/** Parameters whose meaning the system prompt gives once (`glossary`): the model sees their type and range only. */
const SHARED = new Set(['game', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'tile', 'hp', 'cover', 'ground', 'layers', 'type', 'color', 'count', 'target', 'games', 'tier', 'width', 'height', 'moves', 'colors', 'seed', 'index', 'anchor', 'name', 'rules', 'target_win_rate', 'value', 'element', 'chance', 'max', 'total', 'exit']);

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

/** A cell's column or row under another name (`from_x`, `to_y`): said once in the glossary, as x and y are. */
const CELL_PART = /_[xy]$/;

function leanParam(view: ModelView, name: string, schema: Json): Json {
  if (view.shape?.[name]) return view.shape[name];
  if (view.plain === true) {
    // a layout tool: its name, type and enum (the registry's default is for /help and the CLI)
    const { description: _d, default: _f, ...rest } = lean(schema);
    return CELL_PART.test(name) || SHARED.has(name) ? { type: rest.type } : rest;
  }
  if (view.ownTerms) {
    // said by the name and enum alone, but for the ones whose form the name does not tell
    const { description, ...rest } = lean(schema);
    return view.ownTerms.includes(name) ? { ...rest, description } : rest;
  }
  let s = lean(schema);
  const brief = view.brief?.[name] ?? view.briefOf?.(name);
  if (brief || view.plain?.includes(name)) {
    // the registry's type, range and enum stay (a game's elements or a new lever reach the model as they are)
    const { description: _d, ...rest } = s;
    s = brief ? { ...rest, description: brief } : rest;
  }
  if (SHARED.has(name) || name.endsWith('_ratio') || CELL_PART.test(name)) {
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
  const view = viewOf(spec.name);
  const properties = Object.fromEntries(names.map((k) => [k, leanParam(view, k, p.properties[k])]));
  return { ...spec, parameters: { type: 'object', properties, ...(required.length ? { required } : {}) } };
}

/**
 * What the model reads of a tool: its registry entry's `model`. A board-layout tool (`games: 'v2'`) is
 * cheap by construction, whatever its entry says: its description is its `said` or its first clause, and
 * each parameter is said by its name, type and enum (a cell's `*_x`, `*_y` by type alone, the glossary's
 * layout line saying the rest), but for those its entry words in `brief`.
 */
function viewOf(name: string): ModelView {
  const tool = getTool(name);
  const view = tool?.model ?? {};
  if (tool?.games !== 'v2') return view;
  const said = view.said ?? tool.description.split(/[;:]\s|\.\s|\.$/)[0].trim() + '.';
  return { ...view, said, plain: true };
}

const memo = new Map<string, WeakMap<GameDef, ToolSpec[]>>();

/**
 * The tool specs a set offers for a level of `game` (the built-in game when left out), lean, in the
 * registry's order: its element ids are the paint tools' enums. The tools that change a game are
 * offered in the full set for a game of the workspace (the built-in game cannot be changed; a call to
 * them is still run, and refused with the reason). The board-layout tools with `layout` (a level that is
 * version 2 or of a version 2 game: layoutToolsOn), in the full set. The same objects while the game
 * and `layout` do not change.
 */
export function modelToolSpecs(set: ToolSet = 'full', game?: GameDef, layout = game?.version === 2): ToolSpec[] {
  const k = `${set} ${layout}`;
  const byGame = memo.get(k) ?? memo.set(k, new WeakMap()).get(k)!;
  const key = game ?? CLASSIC_KEY;
  let out = byGame.get(key);
  if (!out) byGame.set(key, (out = buildSpecs(set, game, layout)));
  return out;
}
const CLASSIC_KEY = {} as GameDef;

/** Whether a set offers a tool, by what its registry entry says the model reads of it. */
function inSet(set: ToolSet, view: ModelView): boolean {
  if (view.hidden) return false;
  // the compact families' tools repeat what the full set's own tools do
  return set === 'full' ? !view.compactOnly : view.compact !== undefined;
}

function buildSpecs(set: ToolSet, game: GameDef | undefined, layout: boolean): ToolSpec[] {
  const editable = !!game && game.id !== CLASSIC_ID;
  const kinds: ToolKind[] = editable && set === 'full' ? ['edit', 'read', 'analysis', 'game'] : ['edit', 'read', 'analysis'];
  return toolSpecs(kinds, game, layout).flatMap((s) => {
    const view = viewOf(s.name);
    if (!inSet(set, view)) return [];
    const spec = view.said ? { ...s, description: view.said } : s;
    return [leanSpec(spec, set === 'compact' ? view.compact : 'all')];
  });
}

/** The OpenAI `tools` array of a set for a level of `game` (with the layout tools when `layout`). */
export function modelTools(set: ToolSet = 'full', game?: GameDef, layout = game?.version === 2): WireTool[] {
  return modelToolSpecs(set, game, layout).map((s) => ({ type: 'function', function: { name: s.name, description: s.description, parameters: s.parameters } }));
}
