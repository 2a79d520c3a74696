// The bodies of define_element and update_element (their heads are in heads.ts; this file loads with
// their first call): changes to the open level's game (RULES §11), define_element adding an element,
// update_element changing one. Each call is checked exactly as a game file is (parseGame, messages
// naming the field) and only ever comes back as a proposal: a game change alters every level of the
// game, so the designer reviews it whatever the review mode, and it is applied by the studio (one
// undo step) on approval.
import * as z from 'zod/mini';
import { CLASSIC_ID, DAMAGE_EVENTS, LAYERS, GAME_LIMITS, type ElementDef, type GameDef } from '../game/types.ts';
import { elementBrief } from '../game/brief.ts';
import { parseGame } from '../game/schema.ts';
import { toolBody, ToolError } from './define.ts';

/** A parameter checked by the game file's own rules (parseGame), typed for the model's JSON Schema. */
const field = (schema: Record<string, unknown>) => z.optional(z.unknown().check(z.meta(schema)));

const LOOKS = {
  name: field({ type: 'string', description: 'Name shown to the designer' }),
  glyph: field({ type: 'string', description: '1-2 characters drawn on the cell' }),
  color: field({ type: 'string', description: 'Colour #rrggbb' }),
};
const PLAY = {
  hp: field({ type: 'integer', description: `Hit points (tile) or layers (cover, ground), ${GAME_LIMITS.hp.min}..${GAME_LIMITS.hp.max}` }),
  damage: field({ type: 'array', items: { type: 'string', enum: [...DAMAGE_EVENTS] }, description: 'What takes a hit off it' }),
  falls: field({ type: 'boolean', description: 'Tile: falls like a piece' }),
  swappable: field({ type: 'boolean', description: 'Tile: the player may swap it' }),
  exit: field({ type: 'boolean', description: 'Tile: an item brought down to exit cells' }),
  spread: field({ type: 'string', enum: ['when-none-hit', 'through-matches'], description: 'Tile when-none-hit, ground through-matches' }),
};
/** A parameter the call must give (the game file's rules judge its value), typed for the model. */
const required = (schema: Record<string, unknown>, what: string) => z.unknown().check(z.refine((v) => v !== undefined, { error: `required: ${what}` }), z.meta(schema));
const ID_WORDS = 'an element id (a lower-case letter, then a-z, 0-9 or _)';

export const defineElement = toolBody({
  kind: 'game',
  params: z.object({
    id: required({ type: 'string', description: 'New element id: a-z, then a-z, 0-9, _' }, ID_WORDS),
    ...LOOKS,
    layer: required({ type: 'string', enum: [...LAYERS], description: 'Where it sits' }, 'tile, cover or ground'),
    ...PLAY,
  }),
  propose: async (game, a) => proposeDefine(game, a as Record<string, unknown>),
});

export const updateElement = toolBody({
  kind: 'game',
  params: z.object({
    id: required({ type: 'string', description: 'Id of the element to change' }, ID_WORDS),
    ...LOOKS,
    layer: field({ type: 'string', enum: [...LAYERS], description: 'Where it sits' }),
    ...PLAY,
  }),
  propose: async (game, a) => proposeUpdate(game, a as Record<string, unknown>),
});

const ELEMENT_KEYS = ['id', 'name', 'glyph', 'color', 'layer', 'hp', 'damage', 'falls', 'swappable', 'exit', 'spread'] as const;

/** The element fields a call gave, in the file's order. */
function givenFields(a: Record<string, unknown>): Partial<ElementDef> {
  return Object.fromEntries(ELEMENT_KEYS.filter((k) => a[k] !== undefined).map((k) => [k, a[k]])) as Partial<ElementDef>;
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
