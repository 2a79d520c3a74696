// The level's zod schemas beyond §1 (RULES §11.1): the shape any level may have whatever its game
// (`anyLevelSchema`: element ids as plain strings; the level types are inferred from it), and one
// game's (`levelSchemaFor`: an element must be the game's, on the right layer, in its range). The
// classic game's keeps §1's spellings and messages word for word (ice and jelly name their layers, a
// chain has none).
//
// Nothing here runs when the module loads (every schema and message is built on first use; not even a
// property is read at the top level, which a bundler must assume has effects), so the studio's first
// load, which needs the level model but not the parsers, leaves this module to the chunks that parse.
import * as z from 'zod/mini';
import { ELEMENT_OBJECTIVE_TYPES, LIMITS, OBJECTIVE_TYPES } from '../facts.ts';
import { CLEAR_CRATES_ELEMENT, CLEAR_CRATES_WORDS } from '../game/classicFormat.ts';
import { CLASSIC_ID, GAME_LIMITS, type ElementDef, type GameDef, type Layer } from '../game/types.ts';
import { COLORS, Color, SPECIALS, intIn, isBuiltinTile, isColorOrRandom, isElementId, isGameId, orList, quoteValue, type ProblemDetail } from './primitives.ts';
import { checkLayout, checkLayoutVersion, layoutFields, NEEDS_V2, type AddProblem, type LayoutLevel } from './layout.ts';
import { checkPieces } from './pieces.ts';
import { isSpawnable } from '../game/elementUse.ts';

const elementIdMsg = () => `must be an element id ([a-z][a-z0-9_]*, 1..${GAME_LIMITS.elementId.max} characters)`;
/** An element's id, whatever the game. */
const elementId = () => z.string({ error: elementIdMsg() }).check(z.refine(isElementId, { error: elementIdMsg() }));
const gameIdMsg = () => `must be a game id ([a-z0-9-], 1..${GAME_LIMITS.id.max} characters)`;
const gameId = () => z.string({ error: gameIdMsg() }).check(z.refine(isGameId, { error: gameIdMsg() }));

const tileMsg = () => `must be random, void, a colour, a special or an element id ([a-z][a-z0-9_]*, 1..${GAME_LIMITS.elementId.max} characters)`;
const tileValue = () => z.string({ error: tileMsg() }).check(z.refine((t) => isBuiltinTile(t) || isElementId(t), { error: tileMsg() }));

const hpValue = () => intIn(GAME_LIMITS.hp.min, GAME_LIMITS.hp.max);
/** A cover or ground: an element id and its layers (RULES §11.1; absent layers: 1). */
const layeredShape = () => z.strictObject({ type: elementId(), layers: z.optional(hpValue()) }, { error: 'must be null or {"type": <element id>, "layers": 1..5}' });

const countdownValue = () => intIn(GAME_LIMITS.countdown.min, GAME_LIMITS.countdown.max);

const exitFlag = () => z.literal(true, { error: 'must be true (or left out)' });

const cellShape = () =>
  z.strictObject(
  {
    tile: z.optional(tileValue()),
    // (a multi-cell piece's hp may reach 20, RULES §12.4; its game's schema has the element's own limit)
    hp: z.optional(intIn(GAME_LIMITS.hp.min, GAME_LIMITS.multiCellHp.max)),
    color: z.optional(Color),
    countdown: z.optional(countdownValue()),
    cover: z.optional(z.nullable(layeredShape())),
    ground: z.optional(z.nullable(layeredShape())),
    exit: z.optional(exitFlag()),
  },
  { error: 'must be an object' },
);

const SPAWN_CHANCE_MSG = 'must be a number above 0 and at most 1';
const spawnChance = () => z.number({ error: SPAWN_CHANCE_MSG }).check(z.gt(0, { error: SPAWN_CHANCE_MSG }), z.lte(1, { error: SPAWN_CHANCE_MSG }));
const spawnEntry = (element: z.ZodMiniType<string>) =>
  z.strictObject(
    {
      element,
      chance: spawnChance(),
      max: intIn(GAME_LIMITS.spawnMax.min, GAME_LIMITS.spawnMax.max),
      total: intIn(GAME_LIMITS.spawnTotal.min, GAME_LIMITS.spawnTotal.max),
    },
    { error: 'must be an object {"element", "chance", "max", "total"}' },
  );
const spawnList = (element: z.ZodMiniType<string>) =>
  z.array(spawnEntry(element), { error: 'must be an array' }).check(z.maxLength(GAME_LIMITS.spawnEntries.max, { error: `must have at most ${GAME_LIMITS.spawnEntries.max} entries` }));

const COUNT = () => intIn(GAME_LIMITS.count.min, GAME_LIMITS.count.max);

/** What the objectives of a level may name: element ids as plain strings, or one game's. */
interface ObjectiveRefs {
  collectElement: z.ZodMiniType<string>;
  ground: z.ZodMiniType<string>;
  cover: z.ZodMiniType<string>;
  anyElement: z.ZodMiniType<string>;
  exitElement: z.ZodMiniType<string>;
  groundElement: z.ZodMiniType<string>;
  /** Checks on a collect objective once its fields are each valid. */
  collectCheck: (o: { color?: string; element?: string }, ctx: z.core.$RefinementCtx) => void;
  /** §11.3: the old `clear_crates` in a game that lacks its tile element (null: nothing to check). */
  clearCratesCheck: ((ctx: z.core.$RefinementCtx) => void) | null;
  typeMessage: string;
}

function objectiveSchema(r: ObjectiveRefs) {
  return z.discriminatedUnion(
    'type',
    [
      z
        .strictObject({ type: z.literal('collect'), color: z.optional(Color), element: z.optional(r.collectElement), count: intIn(LIMITS.collectCount.min, LIMITS.collectCount.max) })
        .check(z.superRefine((o, ctx) => r.collectCheck(o, ctx))),
      z.strictObject({ type: z.literal('clear_ground'), ground: r.ground }),
      z.strictObject({ type: z.literal('clear_cover'), cover: r.cover }),
      r.clearCratesCheck ? z.strictObject({ type: z.literal('clear_crates') }).check(z.superRefine((_, ctx) => r.clearCratesCheck!(ctx))) : z.strictObject({ type: z.literal('clear_crates') }),
      z.strictObject({ type: z.literal('score'), target: intIn(LIMITS.scoreTarget.min, LIMITS.scoreTarget.max) }),
      z.strictObject({ type: z.literal('clear'), element: r.anyElement }),
      z.strictObject({ type: z.literal('bring_down'), element: r.exitElement, count: COUNT() }),
      z.strictObject({ type: z.literal('cover'), element: r.groundElement }),
      // version 2 (RULES §12.3): that many hidden rectangles found
      z.strictObject({ type: z.literal('find'), count: COUNT() }),
    ],
    { error: r.typeMessage },
  );
}

const genericCollectCheck = (o: { color?: string; element?: string }, ctx: z.core.$RefinementCtx) => {
  if (o.color === undefined && o.element === undefined) ctx.addIssue({ code: 'custom', path: ['color'], message: 'needs "color" (a colour) or "element" (a tile element)' });
  if (o.color !== undefined && o.element !== undefined) ctx.addIssue({ code: 'custom', path: ['element'], message: 'give "color" or "element", not both' });
};

const genericObjective = () =>
  objectiveSchema({
  collectElement: elementId(),
  ground: elementId(),
  cover: elementId(),
  anyElement: elementId(),
  exitElement: elementId(),
  groundElement: elementId(),
  collectCheck: genericCollectCheck,
  clearCratesCheck: null,
  typeMessage: `must be one of ${[...OBJECTIVE_TYPES, ...ELEMENT_OBJECTIVE_TYPES].join(', ')}`,
});

/** What the cell checks need to know of a game (gameSchema.ts builds it). */
export interface GameView {
  def: GameDef;
  /** The classic game: §1's spellings and messages. */
  strict: boolean;
  byLayer: Record<Layer, Map<string, ElementDef>>;
  all: Map<string, ElementDef>;
  hpMessage: string;
  /** The `hp` field's own limit: classic keeps §1's (its crate's 3), a game's is 5 and each element's is checked with the cell. */
  hpField: number;
}

/**
 * A painted hp above the element's own: the most hits it takes, or for an item (RULES §11.2 Exits: it
 * takes no hits) what the field may say. The studio words it by its key, naming the element by its name.
 */
function hpAbove(el: ElementDef): { message: string; params: ProblemDetail } {
  const max = el.hp ?? 1;
  const element = el.name ?? el.id;
  if (el.layer === 'tile' && el.exit) {
    const range = max > 1 ? `1..${max}` : '1';
    return { message: `must be ${range} or left out ("${el.id}" is an item: it takes no hits)`, params: { key: 'hpItem', params: { range, element } } };
  }
  return { message: `must be 1..${max} (the most hits "${el.id}" takes)`, params: { key: 'hpAbove', params: { max, element } } };
}

/** The cell checks every game shares: voids hold nothing, a cover sits on a colour or random tile, hp goes with a tile element. */
function checkCell(cell: CellT, ctx: z.core.$RefinementCtx, g: GameView | null) {
  const tile = cell.tile ?? 'random';
  // in a game's level, a tile that is not the game's is named once, on the tile (classic: as §1 always did)
  const unknownTile = g !== null && !g.strict && !isBuiltinTile(tile) && !g.byLayer.tile.has(tile);
  if (cell.hp !== undefined && !unknownTile) {
    const el = g ? g.byLayer.tile.get(tile) : undefined;
    if (g ? !el : isBuiltinTile(tile)) ctx.addIssue({ code: 'custom', path: ['hp'], message: g ? g.hpMessage : 'only allowed with a tile element' });
    // (an hp the field itself refuses is not named twice)
    else if (el && cell.hp > (el.hp ?? 1) && cell.hp <= g!.hpField) ctx.addIssue({ code: 'custom', path: ['hp'], ...hpAbove(el) });
  }
  if (tile === 'void') {
    if (cell.cover) ctx.addIssue({ code: 'custom', path: ['cover'], message: 'a void cell cannot have a cover' });
    if (cell.ground) ctx.addIssue({ code: 'custom', path: ['ground'], message: 'a void cell cannot have ground' });
    if (cell.exit) ctx.addIssue({ code: 'custom', path: ['exit'], message: 'a void cell cannot be an exit' });
  }
  if (cell.cover && tile !== 'void' && !isColorOrRandom(tile)) {
    ctx.addIssue({ code: 'custom', path: ['cover'], message: `a cover needs a colour or random tile under it, not "${tile}"` });
  }
}

const genericCell = () => cellShape().check(z.superRefine((cell, ctx) => checkCell(cell, ctx, null)));

/** The level's fields in file order; `cells`, `spawn` and `objectives` come from the game's view. */
function levelShape(game: z.ZodMiniType<string | undefined>, cell: z.ZodMiniType<CellT>, spawn: z.ZodMiniType<SpawnT[]>, objective: z.ZodMiniType<ObjectiveT>, view: GameView | null) {
  return z
    .strictObject(
      {
        format: z.literal('match3-level', { error: 'must be "match3-level"' }),
        version: z.union([z.literal(1), z.literal(2)], { error: 'must be 1 or 2 (the versions this studio reads)' }),
        id: z.string({ error: 'must be a string' }).check(z.minLength(1, { error: 'must not be empty' }), z.maxLength(100, { error: 'must be at most 100 characters' })),
        name: z
          .string({ error: 'must be a string' })
          .check(z.minLength(LIMITS.name.min, { error: 'must be 1..80 characters' }), z.maxLength(LIMITS.name.max, { error: 'must be 1..80 characters' })),
        width: intIn(LIMITS.size.min, LIMITS.size.max),
        height: intIn(LIMITS.size.min, LIMITS.size.max),
        moves: intIn(LIMITS.moves.min, LIMITS.moves.max),
        colors: intIn(LIMITS.colors.min, LIMITS.colors.max),
        seed: z.int({ error: 'must be an integer 0..4294967295' }).check(z.gte(0, { error: 'must be 0..4294967295' }), z.lte(0xffffffff, { error: 'must be 0..4294967295' })),
        rules: z.optional(z.union([z.literal(1), z.literal(2)], { error: 'must be 1 or 2 (the gravity rules version)' })),
        game: z.optional(game),
        cells: z.array(z.array(cell, { error: 'must be an array of cells' }), { error: 'must be an array of rows' }),
        spawn: z.optional(spawn),
        ...layoutFields(spawn),
        objectives: z
          .array(objective, { error: 'must be an array' })
          .check(z.minLength(LIMITS.objectives.min, { error: 'must have 1..4 objectives' }), z.maxLength(LIMITS.objectives.max, { error: 'must have 1..4 objectives' })),
      },
      { error: (iss) => (iss.code === 'invalid_type' ? 'must be a JSON object (a match3-level)' : undefined) },
    )
    .check(
      z.superRefine((lvl, ctx) => {
        // rows are only counted against a width or height that is itself valid (else one error per row)
        const okSize = (n: unknown) => Number.isInteger(n) && (n as number) >= LIMITS.size.min && (n as number) <= LIMITS.size.max;
        if (okSize(lvl.height) && lvl.cells.length !== lvl.height) {
          ctx.addIssue({ code: 'custom', path: ['cells'], message: `must have ${lvl.height} rows (height), found ${lvl.cells.length}` });
        }
        lvl.cells.forEach((row, y) => {
          if (okSize(lvl.width) && Array.isArray(row) && row.length !== lvl.width) {
            ctx.addIssue({ code: 'custom', path: ['cells', y], message: `must have ${lvl.width} cells (width), found ${row.length}` });
          }
        });
      }),
      // version 2's checks read the whole board, so only once every field is valid
      z.superRefine((lvl, ctx) => checkVersion2(lvl, view, (path, message, key, params) => ctx.addIssue({ code: 'custom', path, message, ...(key ? { params: { key, params: params ?? {} } } : {}) })), {
        when: (payload) => payload.issues.length === 0,
      }),
    );
}

/** What checkVersion2 reads of a level (the level type is inferred from the schema that calls it). */
type V2Level = Omit<LayoutLevel, 'cells'> & {
  colors: number;
  cells: { tile?: string; cover?: unknown; exit?: boolean; color?: string; countdown?: number }[][];
  objectives: { type: string; count?: number }[];
};

/** RULES §12: §12 fields in a version 1 level, the layout, the painted pieces (with the game), the find objective. */
function checkVersion2(lvl: V2Level, view: GameView | null, add: AddProblem) {
  checkLayoutVersion(lvl, add);
  const owner = view ? checkPieces(lvl, view.byLayer.tile, add) : new Map<number, string>();
  if (lvl.version === 1) {
    // (a version 1 level's cells: a colour or countdown needs version 2 whatever the game)
    if (!view) lvl.cells.forEach((row, y) => row.forEach((c, x) => (['color', 'countdown'] as const).forEach((f) => c[f] !== undefined && add(['cells', y, x, f], NEEDS_V2, 'needsVersion2', {}))));
    lvl.objectives.forEach((o, i) => o.type === 'find' && add(['objectives', i, 'type'], NEEDS_V2, 'needsVersion2', {}));
    return;
  }
  checkLayout(lvl, add, (x, y) => owner.get(y * lvl.width + x) ?? null);
  const hidden = lvl.hidden?.length ?? 0;
  lvl.objectives.forEach((o, i) => {
    // (none hidden: a warning, levelWarnings')
    if (o.type === 'find' && hidden > 0 && o.count! > hidden) add(['objectives', i, 'count'], `must be 1..${hidden} (the level's hidden rectangles)`, 'findCount', { max: hidden });
  });
}

/** Any level, whatever its game: element ids are checked for their form only. */
const genericLevel = () => levelShape(gameId(), genericCell(), spawnList(elementId()), genericObjective(), null);

let generic: ReturnType<typeof genericLevel> | undefined;
/** Any level, whatever its game: element ids are checked for their form only (built on first use). */
export function anyLevelSchema(): ReturnType<typeof genericLevel> {
  return (generic ??= genericLevel());
}

export type CellT = z.infer<ReturnType<typeof cellShape>>;
export type CoverT = z.infer<ReturnType<typeof layeredShape>>;
export type GroundT = CoverT;
export type SpawnT = z.infer<ReturnType<typeof spawnEntry>>;
export type ObjectiveT = z.infer<ReturnType<typeof genericObjective>>;
export type LevelT = z.infer<ReturnType<typeof genericLevel>>;
type Layout = ReturnType<typeof layoutFields<ReturnType<typeof spawnList>>>;
export type PortalT = NonNullable<z.infer<Layout['portals']>>[number];
export type BeltT = NonNullable<z.infer<Layout['belts']>>[number];
export type WallT = NonNullable<z.infer<Layout['walls']>>[number];
export type SpawnerT = NonNullable<z.infer<Layout['spawners']>>[number];
export type HiddenT = NonNullable<z.infer<Layout['hidden']>>[number];



function viewOf(def: GameDef): GameView {
  const byLayer: Record<Layer, Map<string, ElementDef>> = { tile: new Map(), cover: new Map(), ground: new Map() };
  const all = new Map<string, ElementDef>();
  for (const e of def.elements) {
    byLayer[e.layer].set(e.id, e);
    all.set(e.id, e);
  }
  const tiles = [...byLayer.tile.keys()];
  const hpMessage =
    tiles.length === 1 ? `only allowed with tile "${tiles[0]}"` : tiles.length ? `only allowed with a tile element (${tiles.join(', ')})` : `only allowed with a tile element, and game "${def.id}" has none`;
  const strict = def.id === CLASSIC_ID;
  const hpField = strict && tiles.length ? Math.max(...[...byLayer.tile.values()].map((e) => e.hp ?? 1)) : Math.max(GAME_LIMITS.hp.max, ...[...byLayer.tile.values()].map((e) => e.hp ?? 1));
  return { def, strict, byLayer, all, hpMessage, hpField };
}

/** Why `value` is not an element of `want`'s layer in game g (the message an element reference gets, and its key for the studio's words). */
function elementProblem(g: GameView, value: unknown, want: Layer | null): { message: string; params?: ProblemDetail } | null {
  if (!isElementId(value)) return { message: elementIdMsg() };
  const e = g.all.get(value);
  const game = g.def.id;
  if (!e) return { message: `${quoteValue(value)} is not an element of game "${game}"`, params: { key: 'notElement', params: { value: quoteValue(value), game } } };
  if (want && e.layer !== want)
    return { message: `${quoteValue(value)} is a ${e.layer} element of game "${game}", not a ${want} element`, params: { key: 'wrongLayer', params: { value: quoteValue(value), layer: e.layer, game, want } } };
  return null;
}

/** An element reference checked against game g (`want`: its layer; `extra`: a further rule). */
function elementRef(g: GameView, want: Layer | null, extra?: (e: ElementDef) => string | null): z.ZodMiniType<string> {
  const problem = (v: string) => {
    const p = elementProblem(g, v, want);
    if (p) return p;
    const more = extra ? extra(g.all.get(v)!) : null;
    return more === null ? null : { message: more };
  };
  return z.string({ error: elementIdMsg() }).check(
    z.superRefine((v, ctx) => {
      const p = problem(v);
      if (p) ctx.addIssue({ code: 'custom', message: p.message, ...(p.params ? { params: p.params } : {}) });
    }),
  );
}

/** A game's cover or ground in §1's strict spelling: `layers` exactly when the element has more than one. */
function strictLayered(list: readonly ElementDef[], what: 'cover' | 'ground') {
  const spelled = list.map((e) => ((e.hp ?? 1) > 1 ? `{"type":"${e.id}","layers":1..${e.hp}}` : `{"type":"${e.id}"}`));
  const whole = list.length === 0 ? `must be null (the game has no ${what} elements)` : list.length === 1 ? `must be null or ${spelled[0]}` : `must be null, ${orList(spelled)}`;
  const shape = (e: ElementDef, typeError?: string) => {
    const type = z.literal(e.id, typeError ? { error: typeError } : undefined);
    return (e.hp ?? 1) > 1 ? z.strictObject({ type, layers: intIn(1, e.hp!) }, { error: whole }) : z.strictObject({ type }, { error: whole });
  };
  if (list.length === 0) return z.null({ error: whole });
  if (list.length === 1) return shape(list[0], `must be "${list[0].id}"`);
  return z.discriminatedUnion('type', list.map((e) => shape(e)) as unknown as [ReturnType<typeof shape>], { error: whole });
}

/** A game's cover or ground in the games' spelling: `layers` 1..the element's hp, absent for 1. */
function gameLayered(g: GameView, what: 'cover' | 'ground') {
  return z
    .strictObject({ type: z.string({ error: elementIdMsg() }), layers: z.optional(hpValue()) }, { error: `must be null or {"type": <${what} element of game "${g.def.id}">, "layers": 1..its hp}` })
    .check(
      z.superRefine((v, ctx) => {
        const p = elementProblem(g, v.type, what);
        if (p) return void ctx.addIssue({ code: 'custom', path: ['type'], message: p.message, ...(p.params ? { params: p.params } : {}) });
        const hp = g.byLayer[what].get(v.type)!.hp ?? 1;
        if (v.layers !== undefined && v.layers > hp && v.layers <= GAME_LIMITS.hp.max) {
          const element = g.byLayer[what].get(v.type)!.name ?? v.type;
          ctx.addIssue({ code: 'custom', path: ['layers'], message: `must be 1..${hp} (the layers "${v.type}" has at most)`, params: { key: 'layersAbove', params: { max: hp, element } } });
        }
      }),
    );
}

/** A cell's tile: classic's names one by one (§1's message); another game's built-in tiles and its tile elements. */
function tileSchema(g: ReturnType<typeof viewOf>, def: GameDef) {
  const tiles = [...g.byLayer.tile.values()];
  const tileNames = ['random', ...COLORS, ...SPECIALS, ...tiles.map((e) => e.id), 'void'];
  return g.strict
    ? z.enum(tileNames as [string, ...string[]], { error: `must be one of ${tileNames.join(', ')}` })
    : z.string({ error: `must be random, void, a colour, a special or a tile element of game "${def.id}"` }).check(
        z.superRefine((t, ctx) => {
          if (isBuiltinTile(t) || g.byLayer.tile.has(t)) return;
          const p = elementProblem(g, t, 'tile') ?? { message: 'must be a tile element' };
          ctx.addIssue({ code: 'custom', message: p.message, ...(p.params ? { params: p.params } : {}) });
        }),
      );
}

function buildLevelSchema(def: GameDef) {
  const g = viewOf(def);
  const tile = tileSchema(g, def);
  const layered = (what: 'cover' | 'ground') => (g.strict ? strictLayered([...g.byLayer[what].values()], what) : gameLayered(g, what));
  const cell = z
    .strictObject(
      {
        tile: z.optional(tile),
        hp: z.optional(intIn(GAME_LIMITS.hp.min, g.hpField)),
        color: z.optional(Color),
        countdown: z.optional(countdownValue()),
        cover: z.optional(z.nullable(layered('cover'))),
        ground: z.optional(z.nullable(layered('ground'))),
        exit: z.optional(exitFlag()),
      },
      { error: 'must be an object' },
    )
    .check(z.superRefine((c, ctx) => checkCell(c as CellT, ctx, g)));

  const ids = (layer: Layer) => [...g.byLayer[layer].keys()];
  /** classic's `clear_ground`/`clear_cover` value: one of the layer's ids, §1's message */
  const strictChoice = (layer: Layer) => {
    const list = ids(layer);
    return list.length
      ? z.enum(list as [string, ...string[]], { error: `must be ${orList(list.map((i) => `"${i}"`))}` })
      : z.never({ error: `game "${def.id}" has no ${layer} elements` });
  };
  const objective = objectiveSchema({
    collectElement: elementRef(g, 'tile', (e) => (e.exit ? `${quoteValue(e.id)} is an item (exit): items take no hits, use bring_down` : null)),
    ground: g.strict ? strictChoice('ground') : elementRef(g, 'ground'),
    cover: g.strict ? strictChoice('cover') : elementRef(g, 'cover'),
    anyElement: elementRef(g, null),
    exitElement: elementRef(g, 'tile', (e) => (e.exit ? null : `${quoteValue(e.id)} is not an item of game "${def.id}": bring_down needs an element with "exit"`)),
    groundElement: elementRef(g, 'ground'),
    collectCheck: g.strict
      ? (o, ctx) => {
          // §1's collect names a colour: a missing one gets §1's message
          if (o.color === undefined && o.element === undefined) ctx.addIssue({ code: 'custom', path: ['color'], message: `must be one of ${COLORS.join(', ')}` });
          else genericCollectCheck(o, ctx);
        }
      : genericCollectCheck,
    clearCratesCheck: g.byLayer.tile.has(CLEAR_CRATES_ELEMENT) ? null : (ctx) => ctx.addIssue({ code: 'custom', path: ['type'], message: CLEAR_CRATES_WORDS.missing(def.id) }),
    typeMessage: `must be one of ${(g.strict ? OBJECTIVE_TYPES : [...OBJECTIVE_TYPES, ...ELEMENT_OBJECTIVE_TYPES]).join(', ')}`,
  });
  const game = g.strict
    ? z.literal(CLASSIC_ID, { error: 'must be "classic" or left out (the level is checked against the classic game)' })
    : z.literal(def.id, { error: `must be "${def.id}" (the game the level is checked against)` });
  // a multi-cell piece is never spawned (RULES §12.4); a coloured one may be
  const spawn = spawnList(elementRef(g, 'tile', (e) => (isSpawnable(e) ? null : `${quoteValue(e.id)} is a multi-cell element: it cannot be spawned`)));
  const shape = levelShape(game as z.ZodMiniType<string | undefined>, cell as unknown as z.ZodMiniType<CellT>, spawn, objective as z.ZodMiniType<ObjectiveT>, g);
  // a level of a game other than classic must say so
  return g.strict ? shape : shape.check(z.superRefine((l, ctx) => void (l.game === undefined && ctx.addIssue({ code: 'custom', path: ['game'], message: `must be "${def.id}" (the game the level is checked against)` }))));
}

let schemas: WeakMap<GameDef, z.ZodMiniType<LevelT>> | undefined;

/** The level schema of one game (built once per definition object). */
export function levelSchemaFor(def: GameDef): z.ZodMiniType<LevelT> {
  schemas ??= new WeakMap();
  let s = schemas.get(def);
  if (!s) schemas.set(def, (s = buildLevelSchema(def) as unknown as z.ZodMiniType<LevelT>));
  return s;
}
