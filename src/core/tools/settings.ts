// Level-wide settings: size, moves, colours, rules, name and the objectives list (a level's game and its
// spawn entries load on first use: levelGame.ts).
import * as z from 'zod/mini';
import { ELEMENT_OBJECTIVE_TYPES, OBJECTIVE_TYPES } from '../facts.ts';
import { COLORS, LIMITS, Objective, canonicalLevel, describeObjective, elementCounts, rulesOf, spawnCap, type LevelT, type ObjectiveT } from '../level/index.ts';
import { layoutChecks, layoutShift, loadLayout } from '../level/layoutLoaded.ts';
import type { LayoutLevel } from '../level/layout.ts';
import { CLASSIC_ID, type ElementDef } from '../game/types.ts';
import { defineTool, int, oneOf, ToolError, described } from './define.ts';
import { DEFAULT_GAME, elementsOn } from './elements.ts';
import { gameOf } from '../game/known.ts';
import type { GameDef } from '../game/types.ts';
import { plural } from './board.ts';
import { notice } from '../notice.ts';

/** A refusal's reason as a `problem.` key the UI words (catalog/lazy/problems.ts, loaded with the layout tools: src/i18n/wording.ts). */
const problemOf = (key: string, params: Record<string, string | number>) => notice(`problem.${key}`, params);
import { ANCHORS, anchorOffset } from '../edit/index.ts';

export const setGridSize = defineTool({
  name: 'set_grid_size',
  kind: 'edit',
  description: 'Resize the board around the anchor.',
  params: z.object({
    width: int(LIMITS.size.min, LIMITS.size.max, 'Number of columns, 3..16'),
    height: int(LIMITS.size.min, LIMITS.size.max, 'Number of rows, 3..16'),
    anchor: z.optional(oneOf(ANCHORS, 'Which part of the board stays in place: top-left (default), top, top-right, left, center, right, bottom-left, bottom, bottom-right')),
  }),
  positional: ['width', 'height', 'anchor'],
  // a version 2 level's layout moves with the cells: its checks load before the first call (runTool,
  // loadTools), not with the page
  load: loadLayout,
  apply(level, a) {
    const anchor = a.anchor ?? 'top-left';
    const { dx, dy } = anchorOffset(anchor, level.width, level.height, a.width, a.height);
    const cells = Array.from({ length: a.height }, (_, y) => Array.from({ length: a.width }, (_, x) => level.cells[y - dy]?.[x - dx] ?? {}));
    const before = `${level.width}×${level.height}`;
    const about = anchor === 'top-left' ? '' : ` about the ${anchor}`;
    const next = { ...level, width: a.width, height: a.height, cells };
    if (level.version !== 2) return { level: next, summary: `Board resized from ${before} to ${a.width}×${a.height}${about}.` };
    // a version 2 level's layout moves with its cells; what falls off the board goes (RULES §12.3)
    const { fields, dropped } = layoutShift().shiftLayout(level as LevelT & LayoutLevel, dx, dy, next);
    const { portals: _p, belts: _b, walls: _w, spawners: _s, hidden: _h, ...plain } = next as LevelT & LayoutLevel;
    const gone = dropped ? `; ${dropped} layout ${dropped === 1 ? 'entry' : 'entries'} no longer fit and ${dropped === 1 ? 'was' : 'were'} removed` : '';
    // a find objective above the hidden rectangles left follows them down, as a removal's does (with none left it stays: the level warns)
    const left = fields.hidden?.length ?? 0;
    const { objectives, lowered } = layoutChecks().findFollowsHidden(plain.objectives, left);
    const find = lowered ? ` The find objective now counts ${left} (the hidden pieces left).` : '';
    return { level: canonicalLevel({ ...plain, objectives, ...fields } as LevelT), summary: `Board resized from ${before} to ${a.width}×${a.height}${about}${gone}.${find}` };
  },
});

export const setMoveLimit = defineTool({
  name: 'set_move_limit',
  kind: 'edit',
  description: 'Set how many moves the player has.',
  params: z.object({ moves: int(LIMITS.moves.min, LIMITS.moves.max, 'Move limit, 1..200') }),
  positional: ['moves'],
  apply(level, a) {
    return { level: { ...level, moves: a.moves }, summary: `Move limit set from ${level.moves} to ${a.moves}.` };
  },
});

export const setColors = defineTool({
  name: 'set_colors',
  kind: 'edit',
  description: 'Set how many colours spawn.',
  params: z.object({ colors: int(LIMITS.colors.min, LIMITS.colors.max, 'Number of colours that spawn, 3..6') }),
  positional: ['colors'],
  apply(level, a) {
    return {
      level: { ...level, colors: a.colors },
      summary: `Colours set from ${level.colors} to ${a.colors} (${COLORS.slice(0, a.colors).join(', ')}).`,
    };
  },
});

/** What each gravity rules version means, in a few words (RULES §2.6 and §2.6b). */
const RULES_MEANING = {
  1: 'tiles fall straight down only',
  2: 'tiles also slide diagonally into cells a blocker shades',
} as const;

export const setRulesVersion = defineTool({
  name: 'set_rules_version',
  kind: 'edit',
  description: 'Set gravity rules: 1 = straight falls only, 2 = also diagonal slides.',
  params: z.object({ rules: int(1, 2, 'Rules version: 1 (straight falls) or 2 (diagonal slides)') }),
  positional: ['rules'],
  apply(level, a) {
    const rules = a.rules as 1 | 2;
    const before = rulesOf(level);
    // in the file's key order (rules after seed, spawn and a version 2 layout after cells); version 1 is
    // the default and is left out
    const { rules: _old, ...rest } = level;
    return {
      level: canonicalLevel({ ...rest, ...(rules === 2 ? { rules } : {}) } as LevelT),
      summary: before === rules
        ? `Rules version is already ${rules} (${RULES_MEANING[rules]}).`
        : `Rules version set from ${before} to ${rules}: ${RULES_MEANING[rules]}.`,
    };
  },
});

export const renameLevel = defineTool({
  name: 'rename_level',
  kind: 'edit',
  description: 'Rename the level.',
  params: z.object({
    name: described(
      z.string({ error: 'must be a string' }).check(z.trim(), z.minLength(1, { error: 'must be 1..80 characters' }), z.maxLength(80, { error: 'must be 1..80 characters' })),
      'New name, 1..80 characters',
    ),
  }),
  positional: ['name'],
  apply(level, a) {
    return { level: { ...level, name: a.name }, summary: `Renamed "${level.name}" to "${a.name}".` };
  },
});

/** What an element objective may name (RULES §11.1), and the words for an element that does not fit. */
const ELEMENT_FITS: Record<'collect' | 'clear' | 'bring_down' | 'cover', { fits: (e: ElementDef) => boolean; what: string }> = {
  collect: { fits: (e) => e.layer === 'tile' && !e.exit, what: 'a tile element that is not an item' },
  clear: { fits: () => true, what: 'an element' },
  bring_down: { fits: (e) => e.layer === 'tile' && !!e.exit, what: 'an item (a tile element with exit)' },
  cover: { fits: (e) => e.layer === 'ground', what: 'a ground element' },
};

/**
 * The objective parameters for a level of game `g`: clear_ground and clear_cover name its grounds and
 * covers; another game's level also takes the element objectives (clear, bring_down, cover, collect of
 * an element) with `element` one of its ids. The built-in game's are §1's, as before games.
 */
function objectiveParamsFor(g: GameDef) {
  const grounds = elementsOn(g, 'ground').map((e) => e.id);
  const covers = elementsOn(g, 'cover').map((e) => e.id);
  const ids = (list: string[]) => (list.length > 1 ? `${list.slice(0, -1).join(', ')} or ${list.at(-1)}` : list.join(''));
  const elements = g.id === CLASSIC_ID ? [] : g.elements.map((e) => e.id);
  return {
    // find (RULES §12.3: hidden pieces found) on a version 2 game's levels only: the other games' tools stay as they were
    type: elements.length ? oneOf([...OBJECTIVE_TYPES, ...ELEMENT_OBJECTIVE_TYPES, ...(g.version === 2 ? (['find'] as const) : [])], 'Objective type') : oneOf(OBJECTIVE_TYPES, 'Objective type'),
    ...(elements.length
      ? { element: z.optional(oneOf(elements as [string, ...string[]], `For clear, bring_down, cover, or collect instead of a colour: the element (${ids(elements)}; default the first that fits)`)) }
      : {}),
    color: z.optional(oneOf(COLORS, 'For collect: the colour to collect')),
    count: z.optional(int(LIMITS.collectCount.min, LIMITS.collectCount.max, elements.length ? 'For collect and bring_down: how many (default 30, bring_down 10)' : 'For collect: how many tiles (default 30)')),
    ...(grounds.length ? { ground: z.optional(oneOf(grounds as [string, ...string[]], `For clear_ground: the ground type (${ids(grounds)})`)) } : {}),
    ...(covers.length ? { cover: z.optional(oneOf(covers as [string, ...string[]], `For clear_cover: ${ids(covers)} (default ${covers[0]})`)) } : {}),
    target: z.optional(int(LIMITS.scoreTarget.min, LIMITS.scoreTarget.max, 'For score: the score to reach (default 5000)')),
  };
}
const objectiveParams = objectiveParamsFor(DEFAULT_GAME);
const ObjectiveArgs = z.object(objectiveParams);
const objectiveArgsFor = (g: GameDef) => z.object(objectiveParamsFor(g));

type ObjectiveArgsT = { type: string; element?: string; color?: string; count?: number; ground?: string; cover?: string; target?: number };

/**
 * The element an objective of `type` takes when none is named. A cover objective's ground is one the
 * game spreads (the player is asked to spread it: a ground that never spreads covers only a board painted
 * full), the board's own first; another objective's is one the board holds or the spawn brings; else the
 * game's first that fits.
 */
function defaultElement(game: GameDef, type: keyof typeof ELEMENT_FITS, level: LevelT | undefined): ElementDef | undefined {
  const fits = game.elements.filter(ELEMENT_FITS[type].fits);
  const has = level ? elementCounts(level) : new Map<string, number>();
  const present = (e: ElementDef) => !!level && ((has.get(e.id) ?? 0) > 0 || spawnCap(level, e.id) > 0);
  const spreads = (e: ElementDef) => type === 'cover' && e.spread !== undefined;
  const rank = (e: ElementDef) => (spreads(e) ? 0 : 2) + (present(e) ? 0 : 1);
  return [...fits].sort((a, b) => rank(a) - rank(b))[0];
}

/** The element an objective names, checked against `game` (a fitting default when left out, see defaultElement); taken as given without a game. */
function objectiveElement(game: GameDef | undefined, type: keyof typeof ELEMENT_FITS, id: string | undefined, level?: LevelT): string {
  if (!game) {
    if (id === undefined) throw new ToolError(`element: required for a ${type} objective`);
    return id;
  }
  const rule = ELEMENT_FITS[type];
  if (id === undefined) {
    const first = defaultElement(game, type, level);
    if (!first) throw new ToolError(`element: game "${game.id}" has no ${rule.what} for a ${type} objective`);
    return first.id;
  }
  const e = game.elements.find((x) => x.id === id);
  if (!e) throw new ToolError(`element: "${id}" is not an element of game "${game.id}"`);
  if (!rule.fits(e)) throw new ToolError(`element: a ${type} objective needs ${rule.what}; "${id}" is not one`);
  return id;
}

/**
 * Builds an objective from flat arguments, with defaults for what the type needs (a ground or cover
 * objective takes the game's first one, an element objective a fitting one, by `level` when given). A level of
 * the built-in game is checked with §1's schema; without a game (words for a recorded call) an element
 * is taken as given.
 */
export function objectiveFromArgs(a: ObjectiveArgsT, gameOrNone: GameDef | null = DEFAULT_GAME, level?: LevelT): ObjectiveT {
  const game = gameOrNone ?? DEFAULT_GAME;
  const checked = gameOrNone ?? undefined;
  let o: unknown;
  const first = (layer: 'ground' | 'cover') => elementsOn(game, layer)[0]?.id;
  const gameName = game.name;
  switch (a.type) {
    case 'collect':
      if (a.element !== undefined && a.color === undefined) return { type: 'collect', element: objectiveElement(checked, 'collect', a.element), count: a.count ?? 30 };
      if (!a.color) throw new ToolError('color: required for a collect objective (one of ' + COLORS.join(', ') + ')');
      o = { type: 'collect', color: a.color, count: a.count ?? 30 };
      break;
    case 'clear':
      return { type: 'clear', element: objectiveElement(checked, 'clear', a.element, level) };
    case 'bring_down':
      return { type: 'bring_down', element: objectiveElement(checked, 'bring_down', a.element, level), count: a.count ?? 10 };
    case 'cover':
      return { type: 'cover', element: objectiveElement(checked, 'cover', a.element, level) };
    case 'clear_ground':
      if (!(a.ground ?? first('ground'))) throw new ToolError(`ground: the game "${gameName}" has no ground element`);
      o = { type: 'clear_ground', ground: a.ground ?? first('ground') };
      break;
    case 'clear_cover':
      if (!(a.cover ?? first('cover'))) throw new ToolError(`cover: the game "${gameName}" has no cover element`);
      o = { type: 'clear_cover', cover: a.cover ?? first('cover') };
      break;
    case 'clear_crates':
      o = { type: 'clear_crates' };
      break;
    case 'score':
      o = { type: 'score', target: a.target ?? 5000 };
      break;
    case 'find': {
      const hidden = (level as { hidden?: unknown[] } | undefined)?.hidden?.length ?? 0;
      if (level && (a.count ?? 1) > hidden) throw new ToolError(`count: must be 1..${hidden} (the level's hidden pieces)`, problemOf('findCount', { max: hidden }));
      return { type: 'find', count: a.count ?? 1 };
    }
  }
  return game === DEFAULT_GAME ? Objective.parse(o) : (o as ObjectiveT);
}

export const setObjective = defineTool({
  name: 'set_objective',
  kind: 'edit',
  description: 'Replace all objectives with this one.',
  model: { compact: 'all' },
  params: ObjectiveArgs,
  paramsFor: objectiveArgsFor,
  positional: ['type'],
  apply(level, a) {
    const o = objectiveFromArgs(a as ObjectiveArgsT, gameOf(level), level);
    return { level: { ...level, objectives: [o] }, summary: `Objectives set to: ${describeObjective(o)}.` };
  },
});

export const addObjective = defineTool({
  name: 'add_objective',
  kind: 'edit',
  description: 'Add an objective (at most 4).',
  model: { compact: 'all' },
  params: ObjectiveArgs,
  paramsFor: objectiveArgsFor,
  positional: ['type'],
  apply(level, a) {
    if (level.objectives.length >= LIMITS.objectives.max) throw new ToolError('the level already has 4 objectives, the most allowed; remove one first');
    const o = objectiveFromArgs(a as ObjectiveArgsT, gameOf(level), level);
    return { level: { ...level, objectives: [...level.objectives, o] }, summary: `Added objective ${level.objectives.length}: ${describeObjective(o)}.` };
  },
});

export const updateObjective = defineTool({
  name: 'update_objective',
  kind: 'edit',
  description: 'Replace the objective at an index.',
  params: z.object({ index: int(0, 3, '0-based index of the objective to replace'), ...objectiveParams }),
  paramsFor: (g: GameDef) => z.object({ index: int(0, 3, '0-based index of the objective to replace'), ...objectiveParamsFor(g) }),
  positional: ['index', 'type'],
  apply(level, a) {
    if (a.index >= level.objectives.length) throw new ToolError(`index: must be 0..${level.objectives.length - 1} (the level has ${plural(level.objectives.length, 'objective')})`);
    const o = objectiveFromArgs(a as ObjectiveArgsT, gameOf(level), level);
    const objectives = level.objectives.map((old, i) => (i === a.index ? o : old));
    return { level: { ...level, objectives }, summary: `Objective ${a.index} changed from ${describeObjective(level.objectives[a.index])} to ${describeObjective(o)}.` };
  },
});

export const removeObjective = defineTool({
  name: 'remove_objective',
  kind: 'edit',
  description: 'Remove the objective at an index.',
  params: z.object({ index: int(0, 3, '0-based index of the objective to remove') }),
  positional: ['index'],
  apply(level, a) {
    if (a.index >= level.objectives.length) throw new ToolError(`index: must be 0..${level.objectives.length - 1} (the level has ${plural(level.objectives.length, 'objective')})`);
    if (level.objectives.length === 1) throw new ToolError('a level needs at least one objective; add another before removing this one');
    const removed = level.objectives[a.index];
    return {
      level: { ...level, objectives: level.objectives.filter((_, i) => i !== a.index) },
      summary: `Removed objective ${a.index}: ${describeObjective(removed)}.`,
    };
  },
});
