// The bodies of define_element and update_element (their heads are in heads.ts; this file loads with
// their first call): changes to the open level's game (RULES §11, §12.1–12.2), define_element adding an
// element, update_element changing one. A version 2 game's calls also take §12.1's behaviour fields,
// their schemas generated from the game (its tile ids for an emitter, its element ids for effects, the
// counters its elements tick for a gate); a version 1 game's take §11's fields only. Each call is checked exactly as a game file is (parseGame, messages
// naming the field) and only ever comes back as a proposal: a game change alters every level of the
// game, so the designer reviews it whatever the review mode, and it is applied by the studio (one
// undo step) on approval.
import * as z from 'zod/mini';
import { CLASSIC_ID, DAMAGE_EVENTS, DAMAGE_EVENTS_V2, EFFECT_KINDS, EMIT_WHEN, EMIT_WHERE, LAYERS, GAME_LIMITS, V2_ELEMENT_FIELDS, type ElementDef, type GameDef } from '../game/types.ts';
import { COLORS } from '../level/basics.ts';
import { elementBrief } from '../game/brief.ts';
import { parseGame } from '../game/schema.ts';
import { snakeCase, toolBody, ToolError } from './define.ts';

/** A parameter checked by the game file's own rules (parseGame), typed for the model's JSON Schema. */
const field = (schema: Record<string, unknown>) => z.optional(z.unknown().check(z.meta(schema)));

const LOOKS = {
  name: field({ type: 'string', description: 'Name shown to the designer' }),
  glyph: field({ type: 'string', description: '1-2 characters drawn on the cell' }),
  color: field({ type: 'string', description: 'Colour #rrggbb' }),
};
/** A parameter the call must give (the game file's rules judge its value), typed for the model. */
const required = (schema: Record<string, unknown>, what: string) => z.unknown().check(z.refine((v) => v !== undefined, { error: `required: ${what}` }), z.meta(schema));
const ID_WORDS = 'an element id (a lower-case letter, then a-z, 0-9 or _)';
const PLAY = (events: readonly string[]) => ({
  hp: field({ type: 'integer', description: `Hit points (tile) or layers (cover, ground), ${GAME_LIMITS.hp.min}..${GAME_LIMITS.hp.max}` }),
  damage: field({ type: 'array', items: { type: 'string', enum: [...events] }, description: 'What takes a hit off it' }),
  falls: field({ type: 'boolean', description: 'Tile: falls like a piece' }),
  swappable: field({ type: 'boolean', description: 'Tile: the player may swap it' }),
  exit: field({ type: 'boolean', description: 'Tile: an item brought down to exit cells' }),
  spread: field({ type: 'string', enum: ['when-none-hit', 'through-matches'], description: 'Tile when-none-hit, ground through-matches' }),
});

const range = (k: keyof typeof GAME_LIMITS) => `${(GAME_LIMITS[k] as { min: number }).min}..${GAME_LIMITS[k].max}`;
const ids = (list: readonly ElementDef[]) => (list.length ? { enum: list.map((e) => e.id) } : {});

/**
 * RULES §12.1's behaviour fields for `game` (left out: no game's ids): the element ids an emitter or an
 * effect may name and the counters a gate may wait on are the game's, so the schema says them; the
 * values are judged by the game file's rules as the rest (parseGame), a new element's own id included.
 */
function behaviour(game?: GameDef) {
  const tiles = ids(game?.elements.filter((e) => e.layer === 'tile') ?? []);
  const counters = [...new Set(game?.elements.flatMap((e) => [...(e.onHit ?? []), ...(e.onDestroy ?? [])]).flatMap((x) => (x.do === 'tick' ? [x.counter] : [])) ?? [])];
  const effect = {
    type: 'object',
    properties: {
      do: { type: 'string', enum: [...EFFECT_KINDS], description: 'The effect (RULES §12.2)' },
      element: { type: 'string', ...ids(game?.elements ?? []), description: 'hit_all, credit: the element' },
      counter: { type: 'string', description: 'tick: the level counter' },
    },
    required: ['do'],
  };
  const effects = (when: string) => field({ type: 'array', items: effect, description: `Tile, cover: ${range('effects')} effects when it ${when}` });
  return {
    key: field({ type: 'string', enum: [...COLORS], description: 'Tile, cover: match and adjacent hits count only from groups of this colour' }),
    stops_blasts: field({ type: 'boolean', description: 'Tile, cover: a rocket line stops at it' }),
    colored: field({ type: 'boolean', description: "Tile: a piece of one of the level's colours that matches like a tile" }),
    countdown: field({ type: 'integer', description: `Coloured tile: moves left before the game is lost, ${range('countdown')}` }),
    emit: field({
      type: 'object',
      properties: {
        element: { type: 'string', ...tiles },
        when: { type: 'string', enum: [...EMIT_WHEN] },
        every: { type: 'integer', description: range('emitEvery') },
        count: { type: 'integer', description: range('emitCount') },
        where: { type: 'string', enum: [...EMIT_WHERE] },
        radius: { type: 'integer', description: range('emitRadius') },
      },
      required: ['element', 'when'],
      description: 'Tile: places pieces of another element',
    }),
    on_hit: effects('takes a hit'),
    on_destroy: effects('is removed'),
    gate: field({
      type: 'object',
      properties: { counter: { type: 'string', ...(counters.length ? { enum: counters } : {}) }, at: { type: 'integer', description: range('gateAt') } },
      required: ['counter', 'at'],
      description: 'Tile, cover: immune until the level counter reaches at, then removed',
    }),
    blocks_match: field({ type: 'boolean', description: 'Cover: the tile under it takes part in no match' }),
    falls_with_tile: field({ type: 'boolean', description: 'Cover: moves with the tile under it' }),
    size: field({ type: 'array', items: { type: 'integer' }, description: `Tile: [w, h], each ${range('size')}, for a multi-cell piece (hp up to ${GAME_LIMITS.multiCellHp.max})` }),
  };
}

/** The parameters of define_element (`creating`) or update_element for a game's version: §12.1's fields only for version 2. */
function elementParams(creating: boolean, game?: GameDef) {
  const v2 = !game || game.version === 2;
  return z.object({
    id: required({ type: 'string', description: creating ? 'New element id: a-z, then a-z, 0-9, _' : 'Id of the element to change' }, ID_WORDS),
    ...LOOKS,
    layer: creating ? required({ type: 'string', enum: [...LAYERS], description: 'Where it sits' }, 'tile, cover or ground') : field({ type: 'string', enum: [...LAYERS], description: 'Where it sits' }),
    ...PLAY(v2 ? DAMAGE_EVENTS_V2 : DAMAGE_EVENTS),
    ...(v2 ? behaviour(game) : {}),
  });
}

export const defineElement = toolBody({
  kind: 'game',
  // with no game: every field (`match3 tools --json`); a level's game gives its own (its version's fields, its ids)
  params: elementParams(true),
  paramsFor: (game) => elementParams(true, game),
  propose: async (game, a) => proposeDefine(game, a as Record<string, unknown>),
});

export const updateElement = toolBody({
  kind: 'game',
  params: elementParams(false),
  paramsFor: (game) => elementParams(false, game),
  propose: async (game, a) => proposeUpdate(game, a as Record<string, unknown>),
});

const ELEMENT_KEYS = ['id', 'name', 'glyph', 'color', 'layer', 'hp', 'damage', 'falls', 'swappable', 'exit', 'spread', ...V2_ELEMENT_FIELDS] as const;

/** The element fields a call gave (its parameters are the fields in snake_case, as every tool's), in the file's order. */
function givenFields(a: Record<string, unknown>): Partial<ElementDef> {
  return Object.fromEntries(ELEMENT_KEYS.filter((k) => a[snakeCase(k)] !== undefined).map((k) => [k, a[snakeCase(k)]])) as Partial<ElementDef>;
}

function refuseClassic(game: GameDef) {
  if (game.id === CLASSIC_ID)
    throw new ToolError('the classic game is built in and cannot be changed: duplicate it as a game of your own (Game editor), set the level to that game, then define elements there');
}

/** `next` checked as a game file; problems of element `index` name the call's parameters (`layer`, `damage[0]`). */
async function checked(next: GameDef, index: number): Promise<GameDef> {
  const r = parseGame(next);
  if (r.ok) return r.game;
  const own = `elements[${index}]`;
  const at = (path: string) => (path === own ? '(element)' : path.startsWith(own + '.') ? path.slice(own.length + 1) : path.startsWith(own + '[') ? path.slice(own.length) : path);
  throw new ToolError(r.problems.map((p) => `${at(p.path)}: ${p.message}`).join('; '));
}

/** define_element: the game with a new element. */
async function proposeDefine(game: GameDef, a: Record<string, unknown>): Promise<{ game: GameDef; summary: string }> {
  refuseClassic(game);
  const e = givenFields(a) as ElementDef;
  if (typeof e.id === 'string' && game.elements.some((x) => x.id === e.id))
    throw new ToolError(`id: the game "${game.name}" already has an element "${e.id}" (update_element changes it)`);
  const next = await checked({ ...game, elements: [...game.elements, e] }, game.elements.length);
  const made = next.elements[next.elements.length - 1];
  return { game: next, summary: `Proposed new element for the game "${game.name}": ${elementBrief(made)}.` };
}

/** update_element: the game with one element changed (fields left out stay). */
async function proposeUpdate(game: GameDef, a: Record<string, unknown>): Promise<{ game: GameDef; summary: string }> {
  refuseClassic(game);
  const index = game.elements.findIndex((x) => x.id === a.id);
  if (index < 0) throw new ToolError(`id: the game "${game.name}" has no element ${JSON.stringify(a.id)} (its elements: ${game.elements.map((e) => e.id).join(', ')})`);
  const { id: _id, ...changes } = givenFields(a);
  if (!Object.keys(changes).length) throw new ToolError('give at least one field to change');
  const before = game.elements[index];
  const next = await checked({ ...game, elements: game.elements.map((e, i) => (i === index ? { ...e, ...changes } : e)) }, index);
  return { game: next, summary: `Proposed change to element ${before.id} of the game "${game.name}": ${elementBrief(before)} → ${elementBrief(next.elements[index])}.` };
}
