// The registry as JSON Schema: what the copilot's model is given (`tools`) and what `match3 tools
// --json` prints. Apart from the registry because only the copilot's agent and the CLI need it, and
// zod's JSON-Schema converter (about 6 kB gzipped) then loads with the copilot's first turn instead of
// with the page (docs/performance.md, "First load").
import * as z from 'zod/mini';
import { TOOLS } from './registry.ts';
import { paramsOf, type ToolKind } from './define.ts';
import { CLASSIC_ID, type GameDef } from '../game/types.ts';

/** The parameters as JSON Schema for the model (input side: defaults are not required). */
export function paramsJsonSchema(params: z.ZodMiniObject): Record<string, unknown> {
  const s = z.toJSONSchema(params, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete s.$schema;
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

const ALL_KINDS: readonly ToolKind[] = ['edit', 'read', 'analysis', 'game'];
/** Per game, with and without the layout tools. */
const byGame = [new WeakMap<GameDef, ToolSpec[]>(), new WeakMap<GameDef, ToolSpec[]>()];

/**
 * The registry as data: what `match3 tools --json` prints and what the model's `tools` list is built
 * from. With `game`, the parameters of a level of that game (its element ids as enums), built once per
 * game definition; the tools only another game's levels need (`games`: exits, spawn) are listed for a
 * game other than the built-in one; the board-layout tools (`games: 'v2'`) when `layout` says so: for a
 * level that is version 2 or of a version 2 game (layoutToolsOn), by default where the game is.
 */
export function toolSpecs(kinds: readonly ToolKind[] = ALL_KINDS, game?: GameDef, layout = game?.version === 2): ToolSpec[] {
  const memo = byGame[layout ? 1 : 0];
  let all = game ? memo.get(game) : undefined;
  if (!all) {
    const ownGame = !!game && game.id !== CLASSIC_ID;
    all = TOOLS.filter((t) => !t.games || (t.games === 'v2' ? layout : ownGame)).map((t) => ({ name: t.name, kind: t.kind, description: t.description, parameters: paramsJsonSchema(paramsOf(t, game)) }));
    if (game) memo.set(game, all);
  }
  return all.filter((s) => kinds.includes(s.kind));
}

/** OpenAI `tools` array. */
export function openAITools(kinds?: readonly ToolKind[]) {
  return toolSpecs(kinds).map((s) => ({ type: 'function' as const, function: { name: s.name, description: s.description, parameters: s.parameters } }));
}
