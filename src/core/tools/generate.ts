// generate_random_level: a seeded generator of a whole level (shape, blockers, objectives).
import { seededRandom } from '../seededRandom.ts';
import * as z from 'zod/mini';
import { OBJECTIVE_TYPES } from '../facts.ts';
import { COLORS, LATEST_RULES, LIMITS, canonicalLevel, cellCounts, describeObjective, type CellT, type LevelT, type ObjectiveT } from '../level/index.ts';
import { bool, defineTool, int, ratio, ToolError, described, preprocess } from './define.ts';
import { objectiveFromArgs } from './settings.ts';
import { TIER_PARAM } from './analysis.ts';
import { runTune, targetParam } from './tune.ts';
import { DEFAULT_TIER, TUNING } from '../facts.ts';
import { oneOf } from './define.ts';

const rng = seededRandom; // layout choices only (the simulator has its own PRNG)

const ObjectiveSpec = z.strictObject({
  type: oneOf(OBJECTIVE_TYPES, 'Objective type'),
  color: z.optional(oneOf(COLORS, 'For collect: the colour')),
  count: z.optional(int(LIMITS.collectCount.min, LIMITS.collectCount.max, 'For collect: how many')),
  ground: z.optional(oneOf(['jelly'] as const, 'For clear_ground: jelly')),
  cover: z.optional(oneOf(['ice', 'chain'] as const, 'For clear_cover: ice or chain')),
  target: z.optional(int(LIMITS.scoreTarget.min, LIMITS.scoreTarget.max, 'For score: the target')),
});

/** At most this share of the board becomes void, so a level always has room to play. */
export const MAX_VOID_SHARE = 0.4;

const generateParams = z.object({
  width: z.optional(int(LIMITS.size.min, LIMITS.size.max, 'Columns, 3..16 (default: keep the current width)')),
  height: z.optional(int(LIMITS.size.min, LIMITS.size.max, 'Rows, 3..16 (default: keep the current height)')),
  moves: z.optional(int(LIMITS.moves.min, LIMITS.moves.max, 'Move limit, 1..200 (default: keep)')),
  colors: z.optional(int(LIMITS.colors.min, LIMITS.colors.max, 'Colours, 3..6 (default: keep)')),
  seed: z.optional(int(0, 0xffffffff, 'Seed of the generator (default: derived from the level seed); the same seed gives the same level')),
  void_ratio: z.optional(ratio('Share of cells that become void (0..1, capped at 0.4; default 0)')),
  ice_ratio: z.optional(ratio('Share of tiles under ice (0..1; default 0)')),
  chain_ratio: z.optional(ratio('Share of tiles under chains (0..1; default 0)')),
  jelly_ratio: z.optional(ratio('Share of cells with jelly (0..1; default 0)')),
  crate_ratio: z.optional(ratio('Share of cells that are crates (0..1; default 0)')),
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
          .array(ObjectiveSpec, { error: 'must be a list of objectives like [{"type":"score","target":5000}]' })
          .check(z.minLength(1, { error: 'must have 1..4 objectives' }), z.maxLength(4, { error: 'must have 1..4 objectives' })),
      ),
    ),
    'Objectives to use instead of the automatic ones (1..4)',
  ),
  target_win_rate: z.optional(targetParam('Optional: after generating, tune the level to this win rate (0.01..0.99) with tune_level (moves, then colours)')),
  tier: described(z.optional(TIER_PARAM), 'With target_win_rate: the bot tier to tune for (default average)'),
});

export const generateRandomLevel = defineTool({
  name: 'generate_random_level',
  kind: 'edit',
  description: 'Replace the board with a generated level.',
  params: generateParams,
  async run(level, a, ctx) {
    const { target_win_rate, tier, ...genArgs } = a;
    const gen = generate(level, genArgs);
    const genIntent = { tool: 'generate_random_level', args: genArgs as Record<string, unknown> };
    if (target_win_rate === undefined || !ctx.runner) return { summary: gen.summary, intents: [genIntent] };
    const tuned = await runTune(gen.level, { target_win_rate, tier: tier ?? DEFAULT_TIER, tolerance: TUNING.tolerance.default, levers: [...TUNING.defaultLevers], max_games: TUNING.maxGames.default }, { ...ctx, runner: ctx.runner });
    return { summary: `${gen.summary}\n${tuned.summary}`, data: tuned.data, intents: [genIntent, ...(tuned.intents ?? [])] };
  },
  apply(level, a) {
    if (a.target_win_rate !== undefined) throw new ToolError('target_win_rate needs the simulator (not available here); generate without it, then run tune_level');
    return generate(level, a);
  },
});

type GenerateArgs = Omit<z.infer<typeof generateParams>, 'target_win_rate' | 'tier'>;

function generate(level: LevelT, a: GenerateArgs): { level: LevelT; summary: string } {
  const width = a.width ?? level.width,
    height = a.height ?? level.height;
  const seed = (a.seed ?? (Math.imul(level.seed ^ 0x9e3779b9, 0x85ebca6b) >>> 0)) >>> 0;
  const rand = rng(seed);
  const symmetric = a.symmetric ?? true;
  const cells: CellT[][] = Array.from({ length: height }, () => Array.from({ length: width }, () => ({}) as CellT));

  // 1. shape: voids, mirrored left-to-right, never more than MAX_VOID_SHARE of the board
  const voidShare = Math.min(a.void_ratio ?? 0, MAX_VOID_SHARE);
  const maxVoids = Math.floor(width * height * voidShare);
  let voids = 0;
  const half = symmetric ? Math.ceil(width / 2) : width;
  for (let y = 0; y < height && voids < maxVoids; y++)
    for (let x = 0; x < half && voids < maxVoids; x++) {
      if (rand() >= voidShare) continue;
      const mx = width - 1 - x;
      const pair = symmetric && mx !== x;
      if (voids + (pair ? 2 : 1) > maxVoids) continue;
      cells[y][x] = { tile: 'void' };
      if (pair) cells[y][mx] = { tile: 'void' };
      voids += pair ? 2 : 1;
    }

  // 2. crates, then covers on the colour cells, then jelly under everything on the board
  const onBoard = (c: CellT) => c.tile !== 'void';
  for (const row of cells)
    for (let x = 0; x < row.length; x++) {
      if (!onBoard(row[x])) continue;
      if (rand() < (a.crate_ratio ?? 0)) row[x] = { tile: 'crate', hp: 1 + Math.floor(rand() * 2) };
    }
  for (const row of cells)
    for (const c of row) {
      if (c.tile !== undefined) continue;
      const r = rand();
      const ice = a.ice_ratio ?? 0,
        chain = a.chain_ratio ?? 0;
      if (r < ice) c.cover = { type: 'ice', layers: 1 + Math.floor(rand() * 2) };
      else if (r < ice + chain) c.cover = { type: 'chain' };
    }
  for (const row of cells)
    for (const c of row) {
      if (!onBoard(c)) continue;
      if (rand() < (a.jelly_ratio ?? 0)) c.ground = { type: 'jelly', layers: 1 + Math.floor(rand() * 2) };
    }
  for (const row of cells)
    for (let x = 0; x < row.length; x++) {
      const c = row[x];
      if (c.hp === 1) delete c.hp;
      if (c.cover === undefined) delete c.cover;
    }

  const colors = a.colors ?? level.colors;
  const moves = a.moves ?? level.moves;
  const draft: LevelT = { ...level, width, height, moves, colors, rules: LATEST_RULES, cells, objectives: level.objectives };

  // 3. objectives that fit what was placed
  let objectives: ObjectiveT[];
  if (a.objectives)
    objectives = a.objectives.map((o, i) => {
      try {
        return objectiveFromArgs(o);
      } catch (e) {
        if (e instanceof ToolError) throw new ToolError(`objectives[${i}].${e.message}`);
        throw e;
      }
    });
  else {
    const n = cellCounts(draft);
    objectives = [];
    if (n.jelly) objectives.push({ type: 'clear_ground', ground: 'jelly' });
    if (n.ice) objectives.push({ type: 'clear_cover', cover: 'ice' });
    if (n.chain) objectives.push({ type: 'clear_cover', cover: 'chain' });
    if (n.crates) objectives.push({ type: 'clear_crates' });
    if (!objectives.length) {
      const color = COLORS[Math.floor(rand() * colors)];
      // about one colour tile per move and a bit: reachable but not trivial
      const count = Math.max(5, Math.min(999, Math.round((moves * 1.4 * 6) / colors)));
      objectives.push({ type: 'collect', color, count });
    }
    objectives = objectives.slice(0, LIMITS.objectives.max);
  }
  // canonical key order: `rules` sits after `seed` even when the level had none before
  const result: LevelT = canonicalLevel({ ...draft, objectives });
  const n = cellCounts(result);
  const parts = [`${width}×${height}`, `${moves} moves`, `${colors} colours`];
  if (n.voids) parts.push(`${n.voids} voids`);
  if (n.crates) parts.push(`${n.crates} crates`);
  if (n.ice) parts.push(`${n.ice} ice`);
  if (n.chain) parts.push(`${n.chain} chains`);
  if (n.jelly) parts.push(`${n.jelly} jelly cells`);
  const capped = (a.void_ratio ?? 0) > MAX_VOID_SHARE ? ` (void_ratio capped at ${MAX_VOID_SHARE})` : '';
  return {
    level: result,
    summary: `Generated a level with seed ${seed}: ${parts.join(', ')}${capped}. Objectives: ${objectives.map(describeObjective).join('; ')}.`,
  };
}
