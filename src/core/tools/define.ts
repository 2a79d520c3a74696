// defineTool and the argument helpers every tool shares: one place where model, slash-command,
// editor and CLI arguments are coerced and checked.
import * as z from 'zod/mini';
import type { FittedModel } from '../calibration/fit.ts';
import type { LevelT } from '../level/index.ts';
import type { SimCounts } from '../sim/analysis/counts.ts';
import type { Tier } from '../facts.ts';
import type { GameDef } from '../game/types.ts';
import { CLASSIC_GAME } from '../game/classic.ts';
import type { Notice } from '../notice.ts';

/** `game`: a change to the level's game definition, always a proposal the designer reviews (define_element). */
export type ToolKind = 'edit' | 'analysis' | 'read' | 'game';

/** Thrown by a tool's apply when arguments are valid in shape but not for this level. */
export class ToolError extends Error {
  override name = 'ToolError';
  /** `reason`: what is wrong as a key and its params, for the UI to word (the message is the registry's English). */
  constructor(
    message: string,
    readonly reason?: Notice,
  ) {
    super(message);
  }
}

export interface EditResult {
  level: LevelT;
  summary: string;
}

/** Progress of a long run: games done of the games planned (the total may grow, e.g. while tuning). */
export type Progress = (done: number, total: number) => void;

/**
 * The simulator as the tools see it: the page gives its worker pool, the CLI its threads, tests an
 * in-thread runner. Game i of a run uses the seed derived from (level seed, first + i), so two runs
 * with the same `first` play the same games (common random numbers) and different `first`s are fresh.
 */
export interface SimRunner {
  tier(level: LevelT, tier: Tier, games: number, opts?: { signal?: AbortSignal; onProgress?: Progress; first?: number; onPartial?: (partial: SimCounts) => void }): Promise<SimCounts>;
  deep(level: LevelT, games: number, opts?: { signal?: AbortSignal; onProgress?: Progress }): Promise<SimCounts[]>;
}

/**
 * The page's copilot reaches the tools through a service (src/analysis/service.ts) that names each
 * run's progress by tool; it calls the same registry tools' run with a runner.
 */
export interface AnalysisService {
  run(tool: string, level: LevelT, args: Record<string, unknown>, signal?: AbortSignal): Promise<RunResult>;
}

export interface ToolContext {
  runner?: SimRunner;
  /** Used when no runner is given (the copilot in the page). */
  analysis?: AnalysisService;
  signal?: AbortSignal;
  onProgress?: Progress;
  /** The counts so far while a one-tier analysis runs (Analyze's first estimate). */
  onPartial?: (partial: SimCounts) => void;
  /** The players' calibration (issue 19): analyses of every tier then add predicted player figures. */
  calibration?: FittedModel | null;
  /** The players' own counts of a level, where imported (a players' target starts from them). */
  playersOf?: (levelId: string) => { attempts: number; successes: number } | undefined;
}

/** What a tool's run returns: text for the model, data for the UI, and for tuning a new level with the intent that makes it. */
export interface RunResult {
  summary: string;
  data?: unknown;
  level?: LevelT;
  intents?: { tool: string; args: Record<string, unknown> }[];
  /**
   * The intents are held for the designer's choice, not applied by whoever runs the tool (a tuning that missed
   * its band: its closest level is offered, never landed on its own). outcomeIntents gives none for it.
   */
  held?: boolean;
  /**
   * Changes to the level's game that come with the result (a tuning's emitter levers, RULES §12.1), as
   * calls of the registry's game tools with the line that names each: proposals the designer reviews,
   * never applied by the call.
   */
  gameProposals?: { intent: { tool: string; args: Record<string, unknown> }; summary: string }[];
}

/** The two tool sets the copilot's model may be offered: every tool, or a few for small local models. */
export type ModelSet = 'full' | 'compact';

/**
 * What the copilot's model reads of a tool, beside its parameters' JSON Schema: ai/toolSet.ts derives
 * the full and the compact set from these and names no tool. Left out, the tool is in the full set with
 * its own description, each parameter made lean by the shared rules (the glossary's terms said once).
 */
export interface ModelView {
  /** The description in fewer words for the model (the registry's own stays for /help and the CLI). */
  said?: string;
  /** In the compact set: with all its optional parameters, or only those listed (others still work when sent). */
  compact?: 'all' | readonly string[];
  /** In the compact set only: the full set has the seed tools it stands for. */
  compactOnly?: true;
  /** Not offered to the model (a call to it is still run). */
  hidden?: true;
  /** Long optional parameters said briefly (their type, range and enum stay). */
  brief?: Readonly<Record<string, string>>;
  /** The same for parameters named from the game's elements (adjust_difficulty's levers). */
  briefOf?: (param: string) => string | undefined;
  /** Parameters whose nested shape the model need not read (the registry checks it): what it reads instead. */
  shape?: Readonly<Record<string, Record<string, unknown>>>;
  /** Parameters said by their name and enum alone (`true`: all of them). */
  plain?: readonly string[] | true;
  /**
   * Its parameters mean their own thing (an element's name and colour, not a level's): never shortened to
   * the glossary's terms, each said by name and enum alone but for these, whose form the name does not tell.
   */
  ownTerms?: readonly string[];
  /** A line of its own in the glossary of the system prompt, for a set, the games a level could switch to and the level's game. */
  glossary?: (set: ModelSet, otherGames: readonly GameDef[], game: GameDef) => string | undefined;
}

interface BaseTool<P extends z.ZodMiniObject> {
  name: string;
  description: string;
  /** What the copilot's model reads of it (ai/toolSet.ts). */
  model?: ModelView;
  params: P;
  /** Parameter order for positional slash commands (`/set_grid_size 10 10`). */
  positional?: (keyof z.infer<P> & string)[];
  /**
   * The parameters for a level of `game`, when they name its elements (enums of its tile, cover or
   * ground ids, ranges from their hit points). `params` is what it gives for the built-in game.
   */
  paramsFor?: (game: GameDef) => P;
  /**
   * Only another game's levels need it (exits, spawn entries: RULES §11.1): offered to the model for a
   * level of a game other than the built-in one, so the classic copilot's tools stay as they were.
   * `'v2'`: only for a level of a version 2 game (the board's layout, RULES §12.3).
   */
  games?: boolean | 'v2';
  /**
   * Loads the tool's definition where it loads on first use (onFirstUseTool: the page's first load
   * carries only its entry — name, kind, description — docs/performance.md, "First load"). runTool
   * loads it before the call; a caller that uses the tool synchronously loads it first (loadTools).
   */
  load?: () => Promise<unknown>;
}

export interface EditTool<P extends z.ZodMiniObject = z.ZodMiniObject> extends BaseTool<P> {
  kind: 'edit';
  apply: (level: LevelT, args: z.infer<P>) => EditResult;
  /** Optional: when given, callers with a simulator run this instead (an edit that may also tune). */
  run?: (level: LevelT, args: z.infer<P>, ctx: ToolContext) => Promise<RunResult>;
}
export interface ReadTool<P extends z.ZodMiniObject = z.ZodMiniObject> extends BaseTool<P> {
  kind: 'read';
  /** May be async when it needs code loaded on first use (get_level's engine check). */
  read: (level: LevelT, args: z.infer<P>) => { summary: string; data?: unknown } | Promise<{ summary: string; data?: unknown }>;
}
export interface AnalysisTool<P extends z.ZodMiniObject = z.ZodMiniObject> extends BaseTool<P> {
  kind: 'analysis';
  /** Work that needs the simulator (ctx.runner); a returned level lands as one transaction via its intents. */
  run: (level: LevelT, args: z.infer<P>, ctx: ToolContext & { runner: SimRunner }) => Promise<RunResult>;
}

/** A change to the level's game: the game as it would be after the call, never applied by the tool (a reviewed proposal). */
export interface GameTool<P extends z.ZodMiniObject = z.ZodMiniObject> extends BaseTool<P> {
  kind: 'game';
  /** The game after this call, validated like a game file; throws a ToolError naming the field otherwise. */
  propose: (game: GameDef, args: z.infer<P>) => Promise<{ game: GameDef; summary: string }>;
}

export type ToolDef = EditTool | ReadTool | AnalysisTool | GameTool;

export function defineTool<P extends z.ZodMiniObject>(t: EditTool<P> | ReadTool<P> | AnalysisTool<P> | GameTool<P>): ToolDef {
  return t as unknown as ToolDef;
}

/** A tool used synchronously before its code was loaded (loadTools first). */
export class NotLoadedError extends Error {
  override name = 'NotLoadedError';
  constructor() {
    super('its code is not loaded yet (loadTools before a synchronous apply)');
  }
}

/** Loads once; a failed load (offline before the service worker had the file) is tried again next time. */
function once<T>(importer: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= importer().catch((e: unknown) => {
      loading = undefined;
      throw e;
    }));
}

/** What the registry knows of a tool whose definition loads on first use (heads.ts). */
export type ToolHead = Pick<BaseTool<z.ZodMiniObject>, 'name' | 'description' | 'games' | 'model'> & { kind: ToolKind; positional?: string[] };

type HeadKey = 'name' | 'description' | 'positional' | 'games' | 'model';
type Body<T> = Omit<T, HeadKey>;
/** The part of a tool that loads on first use: its kind, parameters and work (its head is in heads.ts). */
export type ToolBody = Body<EditTool> | Body<ReadTool> | Body<AnalysisTool> | Body<GameTool>;

/** A tool's body, typed by its parameters as defineTool types a whole tool. */
export function toolBody<P extends z.ZodMiniObject>(b: Body<EditTool<P>> | Body<ReadTool<P>> | Body<AnalysisTool<P>> | Body<GameTool<P>>): ToolBody {
  return b as unknown as ToolBody;
}

/**
 * A registry entry whose body — parameters and work — loads on first use: its head (name, kind,
 * description, positional order, what the model reads of it) is there from the start (the copilot's
 * tool list, /help, the chat's words), the rest once `load()` has run (runTool does; loadTools for a
 * synchronous caller). Used before then, its parameters and work throw NotLoadedError.
 */
export function onFirstUseTool(head: ToolHead, importer: () => Promise<ToolBody>): ToolDef {
  let def: ToolBody | undefined;
  const entry: Record<string, unknown> = {
    ...head,
    load: once(async () => {
      const d = await importer();
      await d.load?.();
      def = d;
    }),
  };
  for (const key of ['params', 'paramsFor', 'apply', 'run', 'read', 'propose'])
    Object.defineProperty(entry, key, {
      enumerable: true,
      get: () => {
        if (!def) throw new NotLoadedError();
        return (def as unknown as Record<string, unknown>)[key];
      },
    });
  return entry as unknown as ToolDef;
}

const byGame = new WeakMap<ToolDef, WeakMap<GameDef, z.ZodMiniObject>>();

/**
 * A tool's parameters for a level of `game` (the built-in game when left out): built once per game
 * definition, so the schemas the model reads are the same bytes while the game does not change.
 */
export function paramsOf(tool: ToolDef, game?: GameDef): z.ZodMiniObject {
  if (!tool.paramsFor || !game || game === CLASSIC_GAME) return tool.params;
  let memo = byGame.get(tool);
  if (!memo) byGame.set(tool, (memo = new WeakMap()));
  let p = memo.get(game);
  if (!p) memo.set(game, (p = (tool.paramsFor as (g: GameDef) => z.ZodMiniObject)(game)));
  return p;
}

const NUMERIC = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)(e[-+]?\d+)?\s*$/i;
/** Numbers sent as strings ("10") become numbers; anything else is left for the schema to judge. */
export function coerceNumber(v: unknown): unknown {
  if (typeof v === 'string' && NUMERIC.test(v)) return Number(v);
  return v;
}
function coerceBool(v: unknown): unknown {
  if (v === 'true' || v === 'yes' || v === '1' || v === 1) return true;
  if (v === 'false' || v === 'no' || v === '0' || v === 0) return false;
  return v;
}

/** `fn` runs on the raw value, then `schema` judges the result (zod's `preprocess`, in zod/mini terms). */
export function preprocess<S extends z.core.$ZodType>(fn: (v: unknown) => unknown, schema: S) {
  return z.pipe(z.transform(fn), schema);
}

/** A copy of `schema` with a description (for the model's JSON Schema and /help). */
export function described<S extends z.ZodMiniType>(schema: S, description: string): S {
  return schema.check(z.describe(description)) as S;
}

/** An integer parameter in [min, max]; out-of-range values are refused naming the range. */
export function int(min: number, max: number, description: string) {
  const msg = `must be ${min}..${max}`;
  return described(preprocess(coerceNumber, z.int({ error: `must be an integer from ${min} to ${max}` }).check(z.gte(min, { error: msg }), z.lte(max, { error: msg }))), description);
}

export function ratio(description: string) {
  return described(preprocess(coerceNumber, z.number({ error: 'must be a number from 0 to 1' }).check(z.gte(0, { error: 'must be 0..1' }), z.lte(1, { error: 'must be 0..1' }))), description);
}

export function bool(description: string) {
  return described(preprocess(coerceBool, z.boolean({ error: 'must be true or false' })), description);
}

export function oneOf<const T extends readonly [string, ...string[]]>(values: T, description: string) {
  return described(
    preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(values, { error: `must be one of ${values.join(', ')}` })),
    description,
  );
}

/** camelCase → snake_case (`voidRatio` → `void_ratio`, `x1` stays). */
export function snakeCase(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/**
 * Accepts snake_case and camelCase keys; a JSON string of an object is parsed (some models double-encode).
 * A key whose value is null is dropped: models in strict mode send null for an optional parameter they
 * do not use, and it means "not given".
 */
export function normalizeArgs(raw: unknown): unknown {
  if (raw === undefined || raw === null || raw === '') return {};
  if (typeof raw === 'string') {
    try {
      return normalizeArgs(JSON.parse(raw));
    } catch {
      return raw;
    }
  }
  if (typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) if (v !== null) out[snakeCase(k)] = v;
  return out;
}

/** Keys given twice under different spellings (`voidRatio` and `void_ratio`): ambiguous, so refused. */
export function duplicateKeys(raw: unknown): string[] {
  if (typeof raw === 'string') {
    try {
      return duplicateKeys(JSON.parse(raw));
    } catch {
      return [];
    }
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return [];
  const seen = new Map<string, string[]>();
  for (const k of Object.keys(raw)) seen.set(snakeCase(k), [...(seen.get(snakeCase(k)) ?? []), k]);
  return [...seen.values()].filter((ks) => ks.length > 1).map((ks) => ks.join(' and '));
}

/**
 * The parameters a call must give, in the order of the schema: those neither optional nor with a
 * default (the JSON Schema's `required`, read off the schema without building the JSON Schema, which
 * only the copilot's model and the CLI need; a test checks that both agree).
 */
export function requiredParams(params: z.ZodMiniObject): string[] {
  return Object.entries(params.shape).flatMap(([k, s]) => (optionalInput(s as z.core.$ZodType) ? [] : [k]));
}
function optionalInput(s: z.core.$ZodType): boolean {
  const def = s._zod.def;
  // a preprocess (transform → schema) is optional when the schema after it is
  if (def.type === 'pipe' && (def as z.core.$ZodPipeDef).in._zod.traits.has('$ZodTransform')) return optionalInput((def as z.core.$ZodPipeDef).out);
  // 'optional', or 'defaulted' for a parameter with a default
  return s._zod.optin !== undefined;
}
