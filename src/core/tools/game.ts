// Changes to the open level's game (RULES §11): define_element adds an element, update_element changes
// one. Each call is checked exactly as a game file is (parseGame, messages naming the field) and only
// ever comes back as a proposal: a game change alters every level of the game, so the designer
// reviews it whatever the review mode, and it is applied by the studio (one undo step) on approval.
import { DEFINE_ELEMENT, UPDATE_ELEMENT } from './heads.ts';
import * as z from 'zod/mini';
import { DAMAGE_EVENTS, LAYERS, GAME_LIMITS } from '../game/types.ts';
import { defineTool } from './define.ts';

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

export const defineElement = defineTool({
  name: DEFINE_ELEMENT.name,
  kind: 'game',
  description: DEFINE_ELEMENT.description,
  positional: DEFINE_ELEMENT.positional,
  params: z.object({
    id: required({ type: 'string', description: 'New element id: a-z, then a-z, 0-9, _' }, ID_WORDS),
    ...LOOKS,
    layer: required({ type: 'string', enum: [...LAYERS], description: 'Where it sits' }, 'tile, cover or ground'),
    ...PLAY,
  }),
  // the checks and the words load with the first call (the page's first load does not need them)
  propose: async (game, a) => (await import('./gameChange.ts')).proposeDefine(game, a as Record<string, unknown>),
});

export const updateElement = defineTool({
  name: UPDATE_ELEMENT.name,
  kind: 'game',
  description: UPDATE_ELEMENT.description,
  positional: UPDATE_ELEMENT.positional,
  params: z.object({
    id: required({ type: 'string', description: 'Id of the element to change' }, ID_WORDS),
    ...LOOKS,
    layer: field({ type: 'string', enum: [...LAYERS], description: 'Where it sits' }),
    ...PLAY,
  }),
  propose: async (game, a) => (await import('./gameChange.ts')).proposeUpdate(game, a as Record<string, unknown>),
});
