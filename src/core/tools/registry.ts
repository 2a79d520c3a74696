// The registry: the one list of tools that the model, slash commands, the editor, tests and the CLI use.
import * as z from 'zod/mini';
import type { LevelT } from '../level/index.ts';
import type { Notice } from '../notice.ts';
import { duplicateKeys, normalizeArgs, NotLoadedError, paramsOf, ToolError, type AnalysisTool, type RunResult, type ToolContext, type ToolDef, type ToolKind } from './define.ts';
import * as HEAD from './heads.ts';
import { gameById } from '../game/known.ts';
import { CLASSIC_ID, type GameDef } from '../game/types.ts';
import { issuesToProblems } from '../level/level.ts';
import { clearAll, clearRegion, paintCover, paintCoverRegion, paintExitRegion, paintGround, paintGroundRegion, paintTile, paintTileRegion, placeBomb } from './paint.ts';
import { addObjective, removeObjective, renameLevel, setColors, setGridSize, setMoveLimit, setObjective, setRulesVersion, updateObjective } from './settings.ts';
import { pasteCells } from './cells.ts';

// The copilot's and the simulator's tools, get_level, set_game and the spawn tools: their bodies
// (parameters and work) load on first use (runTool loads them; loadTools for a synchronous caller, as
// the level properties do for their game select and spawn editor), not with the page
// (docs/performance.md, "First load").
const { generateRandomLevel, analyzeLevel, deepAnalyze, getBottleneck, tuneLevel, adjustDifficulty, defineElement, updateElement, paintCells, setLevel, getLevel, setGame, addSpawn, updateSpawn, removeSpawn, setWall, addPortal, removePortal, addBelt, removeBelt, setSpawner, removeSpawner, addHidden, removeHidden, placeBlock } = HEAD;

export const TOOLS: readonly ToolDef[] = [
  // the seed tools, in the order the model and /help see them
  setGridSize, clearRegion, clearAll, setMoveLimit, generateRandomLevel,
  setObjective, addObjective, removeObjective,
  paintTile, paintTileRegion, placeBomb, paintCover, paintCoverRegion, paintGround, paintGroundRegion,
  analyzeLevel, deepAnalyze, getBottleneck,
  tuneLevel,
  // our own
  updateObjective, setColors, renameLevel, setRulesVersion, setGame, getLevel, adjustDifficulty,
  pasteCells,
  // another game's levels (RULES §11.1): exit cells and spawn entries
  paintExitRegion, addSpawn, updateSpawn, removeSpawn,
  // the board's own layout (RULES §12.3): offered to the model for a version 2 game's levels
  setWall, addPortal, removePortal, addBelt, removeBelt, setSpawner, removeSpawner, addHidden, removeHidden, placeBlock,
  // changes to the level's game: always proposals the designer reviews (they change every level of the game)
  defineElement, updateElement,
  // one tool per family, for the copilot's compact tool set (small models)
  paintCells, setLevel,
];

const byName = new Map(TOOLS.map((t) => [t.name, t]));

export function getTool(name: string): ToolDef | undefined {
  return byName.get(name);
}

/** An analysis tool by name, for callers that validated their own arguments (the CLI allows more games). */
export function analysisTool(name: string): AnalysisTool {
  const t = byName.get(name);
  if (!t || t.kind !== 'analysis') throw new Error(`${name} is not an analysis tool`);
  return t;
}

/**
 * Loads the definitions of the named tools (all of them when none are named) that load on first use
 * (a tool's `load`: the copilot's and the simulator's tools). runTool does it itself; a caller that
 * uses them synchronously awaits this first: applyIntent(s) of intents that may name one (a stored
 * review, a proposal of an earlier visit), the copilot (its tool list, slash commands), the CLI.
 */
export async function loadTools(names?: Iterable<string>): Promise<void> {
  const tools = names === undefined ? TOOLS : [...new Set(names)].flatMap((n) => byName.get(n) ?? []);
  await Promise.all(tools.map((t) => t.load?.()));
}

/**
 * Loads the tools of a level's game — set_game and the spawn tools, one body file (levelGame.ts) — for
 * the level properties' game select and spawn editor, which apply them synchronously.
 */
export function loadLevelGameTools(): Promise<void> {
  return loadTools([setGame, addSpawn, updateSpawn, removeSpawn].map((t) => t.name));
}

/**
 * The board's layout tools (the Wall, Portal, Belt, Spawn and Hidden pointer tools apply them at once), a resize's layout
 * checks (a version 2 level's layout moves with its cells) and the selection's block with its layout and
 * multi-cell pieces (place_block): the palette loads them where the level or its
 * game is version 2.
 */
export function loadLayoutTools(): Promise<void> {
  return loadTools([setWall, addPortal, removePortal, addBelt, removeBelt, setSpawner, removeSpawner, addHidden, removeHidden, setGridSize, placeBlock].map((t) => t.name));
}

/** loadTools for the tools a list of intents names. */
export function loadToolsOf(intents: readonly Intent[]): Promise<void> {
  return loadTools(intents.map((i) => i.tool));
}

export function toolsOfKind(kind: ToolKind): ToolDef[] {
  return TOOLS.filter((t) => t.kind === kind);
}

/** A validated edit call: what a transaction records and replays. */
export interface Intent {
  tool: string;
  args: Record<string, unknown>;
}

export type ValidateResult = { ok: true; tool: ToolDef; args: Record<string, unknown> } | { ok: false; error: string };

/** The game a level plays, for its tools' parameters (undefined when the level names a game not known here: the tool's apply says so). */
export function gameOfLevel(level: { game?: string }): GameDef | undefined {
  return gameById(level.game ?? CLASSIC_ID);
}

/**
 * Parses arguments with the tool's schema for a level of `game` (the built-in game when left out):
 * snake/camel keys, numeric strings, messages naming the parameter.
 */
export function validateArgs(name: string, raw: unknown, game?: GameDef): ValidateResult {
  const tool = byName.get(name);
  if (!tool) return { ok: false, error: `unknown tool "${name}". Available tools: ${TOOLS.map((t) => t.name).join(', ')}` };
  const args = normalizeArgs(raw);
  const twice = duplicateKeys(raw);
  if (twice.length) return { ok: false, error: `${name}: ${twice.join('; ')}: the same parameter given twice; give it once` };
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    return { ok: false, error: `${name}: arguments must be a JSON object, got ${typeof raw === 'string' ? 'unparsable text' : Array.isArray(raw) ? 'an array' : typeof raw}` };
  }
  let params: z.ZodMiniObject;
  try {
    params = paramsOf(tool, game);
  } catch (e) {
    if (e instanceof NotLoadedError) return { ok: false, error: `${name}: ${e.message}` };
    throw e;
  }
  const known = Object.keys(params.shape);
  const unknown = Object.keys(args).filter((k) => !known.includes(k));
  if (unknown.length) {
    return {
      ok: false,
      error: `${name}: unknown parameter${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}. ${known.length ? 'Parameters: ' + known.join(', ') : 'It takes no parameters'}.`,
    };
  }
  const r = params.safeParse(args);
  if (!r.success) {
    const problems = issuesToProblems(r.error.issues).map((p) => (p.path === '(root)' ? p.message : `${p.path}: ${p.message}`));
    return { ok: false, error: `${name}: ${problems.join('; ')}` };
  }
  return { ok: true, tool, args: r.data as Record<string, unknown> };
}

export type ToolOutcome =
  | { ok: true; kind: ToolKind; tool: string; level: LevelT; summary: string; intent?: Intent; intents?: Intent[]; held?: boolean; data?: unknown; gameChange?: GameChange; gameProposals?: GameProposal[] }
  | { ok: false; tool: string; error: string };

/** A change to the level's game that comes with an analysis (a tuning's emitters): a game tool's call to review, and its line. */
export interface GameProposal {
  intent: Intent;
  summary: string;
}

/** A proposed change to the level's game (a `game` tool's outcome): never applied by the call itself. */
export interface GameChange {
  intent: Intent;
  before: GameDef;
  after: GameDef;
}

/** Whether a tool changes the game rather than the level (its calls are always reviewed proposals). */
export function isGameTool(name: string): boolean {
  return byName.get(name)?.kind === 'game';
}

/** The intents a successful outcome records on the level (an edit's one intent, or what a tuning run changed; never a game change). */
/** The intents a tool holds for the designer's choice (a tuning that missed its band): applied only on their word. */
export function heldIntents(r: ToolOutcome): Intent[] {
  return r.ok && r.held ? (r.intents ?? []) : [];
}

export function outcomeIntents(r: ToolOutcome): Intent[] {
  if (!r.ok || r.kind === 'game' || r.held) return [];
  return r.intents ?? (r.intent ? [r.intent] : []);
}

/**
 * Runs one call on a level. Edit calls return the new level and the intent to record; analysis calls
 * run the simulator (ctx.runner) and may return a new level (tuning) with the intents that make it.
 * A refused call returns the error and the level is untouched (levels are immutable values).
 */
export async function runTool(level: LevelT, name: string, rawArgs: unknown, ctx: ToolContext = {}): Promise<ToolOutcome> {
  const game = gameOfLevel(level);
  // its definition, where it loads on first use (a failed load is this call's error)
  const load = byName.get(name)?.load;
  if (load)
    try {
      await load();
    } catch (e) {
      return { ok: false, tool: name, error: `${name}: ${(e as Error)?.message ?? String(e)}` };
    }
  const v = validateArgs(name, rawArgs, game);
  if (!v.ok) return { ok: false, tool: name, error: v.error };
  const { tool, args } = v;
  try {
    switch (tool.kind) {
      case 'edit': {
        if (tool.run && ctx.runner) return await landed(level, name, 'edit', await tool.run(level, args, ctx));
        if (tool.run && ctx.analysis && args.target_win_rate !== undefined) return await landed(level, name, 'edit', await ctx.analysis.run(name, level, args, ctx.signal));
        const r = tool.apply(level, args);
        return { ok: true, kind: 'edit', tool: name, level: r.level, summary: r.summary, intent: { tool: name, args } };
      }
      case 'read': {
        const r = await tool.read(level, args);
        return { ok: true, kind: 'read', tool: name, level, summary: r.summary, data: r.data };
      }
      case 'game': {
        if (!game) return { ok: false, tool: name, error: `${name}: unknown game "${level.game}"` };
        const r = await tool.propose(game, args);
        return { ok: true, kind: 'game', tool: name, level, summary: r.summary, gameChange: { intent: { tool: name, args }, before: game, after: r.game } };
      }
      case 'analysis': {
        if (ctx.runner) return await landed(level, name, 'analysis', await tool.run(level, args, { ...ctx, runner: ctx.runner }));
        if (ctx.analysis) return await landed(level, name, 'analysis', await ctx.analysis.run(name, level, args, ctx.signal));
        return { ok: false, tool: name, error: `${name}: analysis is not available yet` };
      }
    }
  } catch (e) {
    if (e instanceof ToolError) return { ok: false, tool: name, error: `${name}: ${e.message}` };
    if (e instanceof z.core.$ZodError) return { ok: false, tool: name, error: `${name}: ${issuesToProblems(e.issues).map((p) => `${p.path}: ${p.message}`).join('; ')}` };
    if ((e as Error)?.name === 'AbortError') throw e;
    return { ok: false, tool: name, error: `${name}: ${(e as Error)?.message ?? String(e)}` };
  }
}

/**
 * A run's new level is accepted only as the replay of its intents: what lands in history is exactly
 * what undo/redo and review replay, and a result that does not replay is refused whole.
 */
async function landed(level: LevelT, name: string, kind: ToolKind, r: RunResult): Promise<ToolOutcome> {
  // a change to the game that comes with the result: game tools' calls, proposed for review (checked again then)
  const game = r.gameProposals?.length ? { gameProposals: r.gameProposals } : {};
  const notGame = r.gameProposals?.find((p) => byName.get(p.intent.tool)?.kind !== 'game');
  if (notGame) return { ok: false, tool: name, error: `${name}: its change to the game names ${notGame.intent.tool}, not a game tool; the level is unchanged` };
  if (!r.intents?.length) return { ok: true, kind, tool: name, level, summary: r.summary, data: r.data, ...game };
  // a tuning's intents name adjust_difficulty, whose code loads on first use
  await loadToolsOf(r.intents);
  const replay = applyIntents(level, r.intents);
  if (replay.error) return { ok: false, tool: name, error: `${name}: the result could not be applied (${replay.error}); the level is unchanged` };
  return { ok: true, kind, tool: name, level: replay.level, summary: r.summary, data: r.data, intents: r.intents, ...(r.held ? { held: true } : {}), ...game };
}

/** Applies a recorded edit synchronously (replay for undo/redo, review apply). */
export function applyIntent(level: LevelT, intent: Intent): { ok: true; level: LevelT; summary: string } | { ok: false; error: string; reason?: Notice } {
  const v = validateArgs(intent.tool, intent.args, gameOfLevel(level));
  if (!v.ok) return v;
  if (v.tool.kind !== 'edit') return { ok: false, error: `${intent.tool} is not an edit tool` };
  try {
    const r = v.tool.apply(level, v.args);
    return { ok: true, level: r.level, summary: r.summary };
  } catch (e) {
    return { ok: false, error: `${intent.tool}: ${(e as Error).message}`, reason: (e as ToolError).reason };
  }
}

/** Applies a list of intents in order; stops at the first refusal. */
export function applyIntents(level: LevelT, intents: readonly Intent[]): { level: LevelT; applied: number; error?: string; reason?: Notice } {
  let cur = level;
  for (let i = 0; i < intents.length; i++) {
    const r = applyIntent(cur, intents[i]);
    if (!r.ok) return { level: cur, applied: i, error: r.error, reason: r.reason };
    cur = r.level;
  }
  return { level: cur, applied: intents.length };
}

export { ToolError };
