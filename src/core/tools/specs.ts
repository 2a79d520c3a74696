// The registry as JSON Schema: what the copilot's model is given (`tools`) and what `match3 tools
// --json` prints. Apart from the registry because only the copilot's agent and the CLI need it, and
// zod's JSON-Schema converter (about 6 kB gzipped) then loads with the copilot's first turn instead of
// with the page (docs/performance.md, "First load").
import * as z from 'zod/mini';
import { TOOLS } from './registry.ts';
import type { ToolKind } from './define.ts';

/** Marks a parameter only a game's levels use (its JSON Schema carries it until paramsJsonSchema reads it). */
export const GAMES_ONLY = 'x-games-only';

/**
 * The parameters as JSON Schema for the model (input side: defaults are not required). Parameters only
 * a game's levels use are left out unless `games` is true.
 */
export function paramsJsonSchema(params: z.ZodMiniObject, games = false): Record<string, unknown> {
  const s = z.toJSONSchema(params, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete s.$schema;
  const props = (s.properties ?? {}) as Record<string, Record<string, unknown>>;
  for (const [k, v] of Object.entries(props)) {
    if (!v[GAMES_ONLY]) continue;
    if (games) delete v[GAMES_ONLY];
    else delete props[k];
  }
  s.additionalProperties = false;
  if (!s.properties) s.properties = {};
  return s;
}

export interface ToolSpec {
  name: string;
  kind: ToolKind;
  description: string;
  parameters: Record<string, unknown>;
}

/**
 * The registry as data: what `match3 tools --json` prints and what the model's `tools` list is built
 * from. The tools only a game's levels need (`games`) are included when `games` is true.
 */
export function toolSpecs(kinds: readonly ToolKind[] = ['edit', 'read', 'analysis'], games = false): ToolSpec[] {
  return TOOLS.filter((t) => kinds.includes(t.kind) && (games || !t.games)).map((t) => ({
    name: t.name,
    kind: t.kind,
    description: t.description,
    parameters: paramsJsonSchema(t.params, games),
  }));
}

/** OpenAI `tools` array. */
export function openAITools(kinds?: readonly ToolKind[]) {
  return toolSpecs(kinds).map((s) => ({ type: 'function' as const, function: { name: s.name, description: s.description, parameters: s.parameters } }));
}
