// generate_random_level: a seeded generator of a whole level (shape, blockers, objectives).
import { seededRandom } from '../seededRandom.ts';
import * as z from 'zod/mini';
import { layoutShift, loadLayout } from '../level/layoutLoaded.ts';
import type { LayoutLevel } from '../level/layout.ts';
import { OBJECTIVE_TYPES } from '../facts.ts';
import { COLORS, LATEST_RULES, LIMITS, canonicalLevel, cellCounts, describeObjective, elementCounts, type CellT, type LevelT, type ObjectiveT } from '../level/index.ts';
import { DEFAULT_GAME, elementsOn, hpOf, orWords } from './elements.ts';
import { plural } from './board.ts';
import { gameOf } from '../game/known.ts';
import type { ElementDef, GameDef, Layer } from '../game/types.ts';
import { bool, toolBody, int, ratio, ToolError, described, preprocess } from './define.ts';
import { objectiveFromArgs } from './settings.ts';
import { TIER_PARAM } from './analysis.ts';
import { runTune, targetParam } from './tune.ts';
import { DEFAULT_TIER, TUNING } from '../facts.ts';
import { oneOf } from './define.ts';

const rng = seededRandom; // layout choices only (the simulator has its own PRNG)

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

export const generateRandomLevel = toolBody({
  kind: 'edit',
  // a version 2 level keeps the layout that fits its new board: the layout checks load with this tool
  load: loadLayout,
  params: generateParams,
  paramsFor: generateParamsFor,
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
  // one random stream, drawn in this order: voids, tiles, covers, grounds, an objective's colour
  const rand = rng(seed);
  const cells: CellT[][] = Array.from({ length: height }, () => Array.from({ length: width }, () => ({}) as CellT));
  placeVoids(cells, a, rand);
  const g = gameOf(level);
  const kinds = { tiles: elementsOn(g, 'tile'), covers: elementsOn(g, 'cover'), grounds: elementsOn(g, 'ground') };
  placeElements(cells, a, rand, kinds);
  const colors = a.colors ?? level.colors;
  const moves = a.moves ?? level.moves;
  // a version 2 level keeps the layout that fits the new board (RULES §12.3; voids may now block some)
  const { portals: _p, belts: _b, walls: _w, spawners: _s, hidden: _h, ...plain } = level as LevelT & LayoutLevel;
  const layout = level.version === 2 ? layoutShift().shiftLayout(level as LevelT & LayoutLevel, 0, 0, { width, height, cells }).fields : {};
  const draft: LevelT = { ...plain, ...layout, width, height, moves, colors, rules: LATEST_RULES, cells, objectives: level.objectives } as LevelT;
  const objectives = a.objectives ? givenObjectives(a.objectives, g) : fittingObjectives(draft, g, kinds, rand);
  // canonical key order: `rules` sits after `seed` even when the level had none before
  const result: LevelT = canonicalLevel({ ...draft, objectives });
  return { level: result, summary: generatedSummary(result, seed, a, kinds) };
}

type Kinds = { tiles: ElementDef[]; covers: ElementDef[]; grounds: ElementDef[] };

/** 1. The shape: voids, mirrored left-to-right, never more than MAX_VOID_SHARE of the board. */
function placeVoids(cells: CellT[][], a: GenerateArgs, rand: () => number) {
  const height = cells.length, width = cells[0]?.length ?? 0;
  const symmetric = a.symmetric ?? true;
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
}

/** 2. The game's tile elements, then covers on the colour cells, then grounds under everything on the board. */
function placeElements(cells: CellT[][], a: GenerateArgs, rand: () => number, { tiles, covers, grounds }: Kinds) {
  const share = (id: string) => (a as Record<string, number | undefined>)[`${id}_ratio`] ?? 0;
  // an element of several hit points or layers starts with 1 or 2
  const strength = (e: ElementDef) => (hpOf(e) > 1 ? 1 + Math.floor(rand() * 2) : undefined);
  const onBoard = (c: CellT) => c.tile !== 'void';
  for (const row of cells)
    for (let x = 0; x < row.length; x++) {
      if (!onBoard(row[x])) continue;
      for (const e of tiles)
        if (rand() < share(e.id)) {
          const hp = strength(e);
          row[x] = hp === undefined ? { tile: e.id } : { tile: e.id, hp };
          break;
        }
    }
  for (const row of cells)
    for (const c of row) {
      if (c.tile !== undefined) continue;
      const r = rand();
      let upTo = 0;
      for (const e of covers) {
        upTo += share(e.id);
        if (r >= upTo) continue;
        const layers = strength(e);
        c.cover = layers === undefined ? { type: e.id } : { type: e.id, layers };
        break;
      }
    }
  for (const row of cells)
    for (const c of row) {
      if (!onBoard(c)) continue;
      for (const e of grounds)
        if (rand() < share(e.id)) {
          const layers = strength(e);
          c.ground = layers === undefined ? { type: e.id } : { type: e.id, layers };
          break;
        }
    }
  for (const row of cells)
    for (let x = 0; x < row.length; x++) {
      const c = row[x];
      if (c.hp === 1) delete c.hp;
      if (c.cover === undefined) delete c.cover;
    }
}

/** 3a. The objectives the call gave, checked as set_objective checks one (the message names its index). */
function givenObjectives(given: NonNullable<GenerateArgs['objectives']>, g: GameDef): ObjectiveT[] {
  return given.map((o, i) => {
    try {
      return objectiveFromArgs(o as Parameters<typeof objectiveFromArgs>[0], g);
    } catch (e) {
      if (e instanceof ToolError) throw new ToolError(`objectives[${i}].${e.message}`);
      throw e;
    }
  });
}

/** 3b. Objectives that fit what was placed: clear the grounds, covers, then the tile elements; else collect a colour. */
function fittingObjectives(draft: LevelT, g: GameDef, { tiles, covers, grounds }: Kinds, rand: () => number): ObjectiveT[] {
  const n = elementCounts(draft);
  const objectives: ObjectiveT[] = [];
  // the built-in game's own objective type for its tile elements
  for (const e of grounds) if (n.get(e.id)) objectives.push({ type: 'clear_ground', ground: e.id });
  for (const e of covers) if (n.get(e.id)) objectives.push({ type: 'clear_cover', cover: e.id });
  for (const e of tiles) if (n.get(e.id)) objectives.push(g === DEFAULT_GAME ? ({ type: 'clear_crates' } as ObjectiveT) : ({ type: 'clear', element: e.id } as ObjectiveT));
  if (!objectives.length) {
    const { colors, moves } = draft;
    const color = COLORS[Math.floor(rand() * colors)];
    // about one colour tile per move and a bit: reachable but not trivial
    const count = Math.max(5, Math.min(999, Math.round((moves * 1.4 * 6) / colors)));
    objectives.push({ type: 'collect', color, count });
  }
  return objectives.slice(0, LIMITS.objectives.max);
}

function generatedSummary(result: LevelT, seed: number, a: GenerateArgs, { tiles, covers, grounds }: Kinds): string {
  const voidCells = cellCounts(result).voids;
  const placed = elementCounts(result);
  const parts = [`${result.width}×${result.height}`, `${result.moves} moves`, `${result.colors} colours`];
  if (voidCells) parts.push(`${voidCells} voids`);
  for (const e of [...tiles, ...covers, ...grounds]) if (placed.get(e.id)) parts.push(`${e.id} on ${plural(placed.get(e.id)!, 'cell')}`);
  const capped = (a.void_ratio ?? 0) > MAX_VOID_SHARE ? ` (void_ratio capped at ${MAX_VOID_SHARE})` : '';
  return `Generated a level with seed ${seed}: ${parts.join(', ')}${capped}. Objectives: ${result.objectives.map(describeObjective).join('; ')}.`;
}
