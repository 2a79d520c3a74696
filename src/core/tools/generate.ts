// generate_random_level: a seeded generator of a whole level (shape, blockers, objectives).
import { GENERATE_RANDOM_LEVEL } from './heads.ts';
import * as z from 'zod/mini';
import { OBJECTIVE_TYPES } from '../facts.ts';
import { COLORS, LIMITS } from '../level/index.ts';
import { DEFAULT_GAME, elementsOn, orWords } from './elements.ts';
import type { GameDef, Layer } from '../game/types.ts';
import { bool, defineTool, int, onFirstUse, ratio, ToolError, described, preprocess } from './define.ts';
import { TIER_PARAM } from './analysis.ts';
import { targetParam, tuneCode } from './tune.ts';
import { DEFAULT_TIER, TUNING } from '../facts.ts';
import { oneOf } from './define.ts';

const idList = (g: GameDef, layer: Layer) => elementsOn(g, layer).map((e) => e.id);
const objectiveSpec = (g: GameDef) =>
  z.strictObject({
    type: oneOf(OBJECTIVE_TYPES, 'Objective type'),
    color: z.optional(oneOf(COLORS, 'For collect: the colour')),
    count: z.optional(int(LIMITS.collectCount.min, LIMITS.collectCount.max, 'For collect: how many')),
    ...(idList(g, 'ground').length ? { ground: z.optional(oneOf(idList(g, 'ground') as [string, ...string[]], `For clear_ground: ${orWords(idList(g, 'ground'))}`)) } : {}),
    ...(idList(g, 'cover').length ? { cover: z.optional(oneOf(idList(g, 'cover') as [string, ...string[]], `For clear_cover: ${orWords(idList(g, 'cover'))}`)) } : {}),
    target: z.optional(int(LIMITS.scoreTarget.min, LIMITS.scoreTarget.max, 'For score: the target')),
  });

/** The share of the board each element of the game takes when generating, by `<id>_ratio`: covers, grounds, then tiles. */
function ratioParams(g: GameDef) {
  const words: Record<Layer, (id: string) => string> = {
    cover: (id) => `Share of tiles under ${id} (0..1; default 0)`,
    ground: (id) => `Share of cells with ${id} (0..1; default 0)`,
    tile: (id) => `Share of cells that are ${id} (0..1; default 0)`,
  };
  const layers: Layer[] = ['cover', 'ground', 'tile'];
  return Object.fromEntries(layers.flatMap((layer) => idList(g, layer).map((id) => [`${id}_ratio`, z.optional(ratio(words[layer](id)))]))) as Record<string, z.ZodMiniOptional<ReturnType<typeof ratio>>>;
}

/** At most this share of the board becomes void, so a level always has room to play. */
export const MAX_VOID_SHARE = 0.4;

function generateParamsFor(g: GameDef) {
  return z.object({
  width: z.optional(int(LIMITS.size.min, LIMITS.size.max, 'Columns, 3..16 (default: keep the current width)')),
  height: z.optional(int(LIMITS.size.min, LIMITS.size.max, 'Rows, 3..16 (default: keep the current height)')),
  moves: z.optional(int(LIMITS.moves.min, LIMITS.moves.max, 'Move limit, 1..200 (default: keep)')),
  colors: z.optional(int(LIMITS.colors.min, LIMITS.colors.max, 'Colours, 3..6 (default: keep)')),
  seed: z.optional(int(0, 0xffffffff, 'Seed of the generator (default: derived from the level seed); the same seed gives the same level')),
  void_ratio: z.optional(ratio('Share of cells that become void (0..1, capped at 0.4; default 0)')),
  ...ratioParams(g),
  symmetric: z.optional(bool('Mirror the void shape left-to-right (default true)')),
  objectives: described(
    z.optional(
      preprocess(
        // a list sent as a JSON string (some models double-encode nested values)
        (v) => {
          if (typeof v !== 'string') return v;
          try {
            return JSON.parse(v);
          } catch {
            return v;
          }
        },
        z
          .array(objectiveSpec(g), { error: 'must be a list of objectives like [{"type":"score","target":5000}]' })
          .check(z.minLength(1, { error: 'must have 1..4 objectives' }), z.maxLength(4, { error: 'must have 1..4 objectives' })),
      ),
    ),
    'Objectives to use instead of the automatic ones (1..4)',
  ),
  target_win_rate: z.optional(targetParam('Optional: after generating, tune the level to this win rate (0.01..0.99) with tune_level (moves, then colours)')),
  tier: described(z.optional(TIER_PARAM), 'With target_win_rate: the bot tier to tune for (default average)'),
  });
}
const generateParams = generateParamsFor(DEFAULT_GAME);

/** The generator itself (generateRun.ts): loaded by the first generation, not with the page (docs/performance.md, "First load"). */
const generateCode = onFirstUse(() => import('./generateRun.ts'));

export const generateRandomLevel = defineTool({
  name: GENERATE_RANDOM_LEVEL.name,
  kind: 'edit',
  description: GENERATE_RANDOM_LEVEL.description,
  params: generateParams,
  paramsFor: generateParamsFor,
  load: generateCode.load,
  async run(level, a, ctx) {
    const { target_win_rate, tier, ...genArgs } = a;
    const gen = (await generateCode.load()).generate(level, genArgs);
    const genIntent = { tool: 'generate_random_level', args: genArgs as Record<string, unknown> };
    if (target_win_rate === undefined || !ctx.runner) return { summary: gen.summary, intents: [genIntent] };
    const { runTune } = await tuneCode.load();
    const tuned = await runTune(gen.level, { target_win_rate, tier: tier ?? DEFAULT_TIER, tolerance: TUNING.tolerance.default, levers: [...TUNING.defaultLevers], max_games: TUNING.maxGames.default }, { ...ctx, runner: ctx.runner });
    return { summary: `${gen.summary}\n${tuned.summary}`, data: tuned.data, intents: [genIntent, ...(tuned.intents ?? [])] };
  },
  apply(level, a) {
    if (a.target_win_rate !== undefined) throw new ToolError('target_win_rate needs the simulator (not available here); generate without it, then run tune_level');
    return generateCode.get().generate(level, a);
  },
});

export type GenerateArgs = Omit<z.infer<typeof generateParams>, 'target_win_rate' | 'tier'>;

