// The terms every tool shares, said once in the system prompt instead of in each tool's schema
// (toolSet.ts leaves them out of the tools the model reads). Light: prompt.ts needs it and the registry's
// entries (on the page from the start), not the schemas.
// The open level's game gives the tile, cover and ground values and one line per element, said here
// once rather than in every paint tool's enum.
import { OBJECTIVE_TYPES, TIERS } from '../core/facts.ts';
import { BUILTIN_TILES } from '../core/level/index.ts';
import { CLASSIC_GAME } from '../core/game/classic.ts';
import { elementLine } from '../core/game/brief.ts';
import { CLASSIC_ID, type GameDef } from '../core/game/types.ts';
import { knownGames } from '../core/game/known.ts';
import { TOOLS, type ModelSet } from '../core/tools/index.ts';
import { elementFieldTerms } from '../core/tools/elementTerms.ts';

/** The values a cell takes in this game, then each element in a line: layer, hp or layers, what hits it. */
export function elementLines(g: GameDef): string {
  const tiles = [...BUILTIN_TILES.filter((t) => t !== 'void'), 'void (no cell)'];
  const of = g.id === CLASSIC_ID ? '' : ` of "${g.name}"`;
  return [
    `tile: ${tiles.join(', ')} or a tile element; cover, ground: an element or none. Elements${of} (layer hp/layers; hit by):`,
    ...g.elements.map(elementLine),
  ].join('\n');
}

/** What each objective type takes beside its type. */
const OBJECTIVE_ARGS: Record<string, string> = { collect: 'color, count', clear_ground: 'ground', clear_cover: 'cover', score: 'target' };

const PARAMS = 'Parameters: x, y = column, row from 0 (left, top); x1, y1, x2, y2 = corners of a rectangle, inclusive; index = 0-based objective.';
// value lists come from the level model's own lists, so a code added there reaches the model here
const OTHERS = [
  `Objective type: ${OBJECTIVE_TYPES.map((t) => t + (OBJECTIVE_ARGS[t] ? ` (${OBJECTIVE_ARGS[t]})` : '')).join(', ')}.`,
  `width, height 3..16 (anchor: top-left, center, bottom-right, …); moves 1..200; colors 3..6; games default 1000; tier: ${TIERS.join(', ')} (default average); target_win_rate, *_ratio: 0..1.`,
].join('\n');

/** A game's own terms (not the built-in game's: its prompt stays as it was): element objectives, spawn entries, exits. */
const GAME_TERMS =
  "element = an id above. Objectives also: clear (element), bring_down (an exit item, count), cover (a ground); collect an element instead of a color. Spawn: element a tile, chance 0..1, max 1..20 at once, total 1..999; index = entry's.";

/** The board-layout tools' terms (RULES §12.3), said once for all of them: a cell under another name, an edge, a number. */
const LAYOUT_TERMS = 'Layout: *_x, *_y = a cell; side = its right or bottom edge; n = a number from 1.';

/**
 * The shared terms for a tool set and a level of `game` (the built-in game when left out), the layout's
 * terms where the board-layout tools are offered (`layout`, full set), then the lines tools say of
 * themselves (their registry entry's `model.glossary`), in the registry's order.
 */
export function glossary(set: ModelSet = 'full', game: GameDef = CLASSIC_GAME, layout = false): string {
  const others = knownGames().filter((g) => g.id !== game.id);
  const own = game.id === CLASSIC_ID ? [] : [GAME_TERMS];
  const board = layout && set === 'full' ? [LAYOUT_TERMS] : [];
  // a version 2 game's element fields, for the tools that define and change elements (offered in the full set of a workspace game)
  const fields = game.id === CLASSIC_ID ? [] : [elementFieldTerms(set, game)].filter((x): x is string => !!x);
  const tools = TOOLS.flatMap((t) => t.model?.glossary?.(set, others, game) ?? []);
  return [PARAMS, elementLines(game), OTHERS, ...own, ...board, ...tools, ...fields].join('\n');
}
