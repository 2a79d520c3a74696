// Painting tools: tiles, bombs, covers, ground and exits, one cell or a rectangle. What a cell may hold comes
// from the level's game (elements.ts): its tile, cover and ground elements are the tools' enums.
import * as z from 'zod/mini';
import { COLORS, SPECIALS, isColorOrRandom, type CellT, type LevelT } from '../level/index.ts';
import type { GameDef } from '../game/types.ts';
import { bool, defineTool, int, oneOf, ToolError } from './define.ts';
import { checkX, checkY, coord, editRegion, plural, region, regionParams, regionText, type Region } from './board.ts';
import { DEFAULT_GAME, elementOn, elementsOn, hpOf, layerValues, maxHp, orWords, quotedIds, tileValues } from './elements.ts';
import { gameOf } from '../game/known.ts';
import { cellRef } from '../cellName.ts';
import { countdownProblem } from '../level/countdown.ts';
import { blockCode, loadBlock } from '../edit/blockLoaded.ts';

/** Whether the game has multi-cell elements (RULES §12.4): only then do paints check their pieces. */
export const hasPieces = (g: GameDef): boolean => g.elements.some((e) => !!e.size && (e.size[0] !== 1 || e.size[1] !== 1));

/**
 * A paint on a game with multi-cell pieces (RULES §12.4): plain paint (`erased`, an erase) over any cell
 * of a piece takes the whole piece off; a paint that leaves a piece where it does not fit (off the board,
 * over a void, an exit, a tile or cover, another piece) is refused with §12's reason, the level unchanged.
 */
export function guardPieces(g: GameDef, before: LevelT, after: LevelT, erased?: Region): LevelT {
  if (!hasPieces(g)) return after;
  const m = blockCode();
  if (!m) throw new ToolError('the checks of multi-cell pieces are not loaded yet (loadTools before a synchronous apply)');
  const next = erased ? m.erasePieces(after, g, erased) : after;
  const problem = m.newPieceProblems(before, next, g)[0];
  if (problem) throw new ToolError(m.problemText(problem));
  return next;
}

const tileParam = (g: GameDef) =>
  oneOf(tileValues(g), `Tile code: ${orWords(['random', `a colour (${COLORS.join(', ')})`, ...SPECIALS, ...elementsOn(g, 'tile').map((e) => e.id), 'void'])}`);
const hpParam = (g: GameDef) => {
  const tiles = elementsOn(g, 'tile');
  return z.optional(int(1, maxHp(tiles), `Hit points 1..${maxHp(tiles)} (only with tile ${tiles.length ? quotedIds(tiles) : 'elements'}; default 1)`));
};

/** Refuses hit points on a tile that is not one of the game's tile elements, or above the element's own. */
function checkHp(level: LevelT, tile: string, hp: number | undefined) {
  if (hp === undefined) return;
  const g = gameOf(level);
  const e = elementOn(g, 'tile', tile);
  if (!e) throw new ToolError(`hp: only allowed with tile ${elementsOn(g, 'tile').length ? quotedIds(elementsOn(g, 'tile')) : 'elements (this game has none)'}`);
  if (hp > hpOf(e)) throw new ToolError(`hp: must be 1..${hpOf(e)} for ${e.id}`);
}

function paintTileCell(g: GameDef, tile: string, hp: number | undefined, color?: string, countdown?: number) {
  const element = elementOn(g, 'tile', tile);
  return (cell: CellT): CellT => {
    if (tile === 'void') return { tile: 'void' };
    const next: CellT = { ...cell, tile: tile as CellT['tile'] };
    delete next.hp;
    // a piece's colour and countdown go with it (RULES §12.1): a new tile starts without them
    delete next.color;
    delete next.countdown;
    if (element?.colored) {
      next.color = color as CellT['color'];
      // written only where it is not the element's own (files stay minimal)
      if (countdown !== undefined && countdown !== element.countdown) next.countdown = countdown;
    } else if (element) next.hp = hp ?? 1;
    // a cover needs a colour or random tile under it: painting a special or an element removes it
    if (!isColorOrRandom(tile)) delete next.cover;
    return next;
  };
}

/**
 * A coloured element (RULES §12.1) is painted with its colour and no hit points, and only on a version 2
 * level: the first one painted turns the level version 2. Anything else takes no colour.
 */
function checkColor(level: LevelT, tile: string, color: string | undefined, countdown?: number): LevelT {
  const e = elementOn(gameOf(level), 'tile', tile);
  if (!e?.colored) {
    for (const [f, v] of [['color', color], ['countdown', countdown]] as const) if (v !== undefined) throw new ToolError(`${f}: only with a coloured element (${tile} is not one)`);
    return level;
  }
  // a piece's own countdown (RULES §12.1), in the level model's words
  const p = countdownProblem(e, countdown);
  if (p) throw new ToolError(`countdown: ${p[0]}`);
  if (color === undefined) throw new ToolError(`color: required for the coloured element "${tile}" (one of ${COLORS.slice(0, level.colors).join(', ')})`);
  if (!COLORS.slice(0, level.colors).includes(color as (typeof COLORS)[number])) throw new ToolError(`color: must be one of ${COLORS.slice(0, level.colors).join(', ')} (the level's colours)`);
  return level.version === 2 ? level : { ...level, version: 2 };
}

function tileNote(g: GameDef, tile: string, hp?: number, color?: string, countdown?: number) {
  if (color !== undefined) return `${tile} (${color}${countdown !== undefined ? `, countdown ${countdown}` : ''})`;
  return elementOn(g, 'tile', tile) ? `${tile} (${hp ?? 1} hp)` : tile;
}

function coverNote(level: LevelT, r: Region, tile: string): string {
  if (isColorOrRandom(tile) || tile === 'void') return '';
  let n = 0;
  for (let y = r.y1; y <= r.y2; y++) for (let x = r.x1; x <= r.x2; x++) if (level.cells[y][x].cover) n++;
  return n ? `; removed ${plural(n, 'cover')} (a cover needs a colour or random tile)` : '';
}

/** A coloured element's piece colour (RULES §12.1): only offered where the game has one. */
const colorParam = () => z.optional(oneOf(COLORS, 'Coloured element: its colour'));
/** A coloured piece's own countdown (RULES §12.1): only offered where the game has a coloured element that counts down. */
const countdownParam = () => z.optional(int(1, 99, "A coloured piece's moves left (default: its element's countdown)"));
/**
 * The shape with `color` where the game has a coloured element, and `countdown` where one counts down
 * (the model reads neither field elsewhere: the classic request does not grow).
 */
function withColor<S extends z.core.$ZodLooseShape>(g: GameDef, shape: S) {
  const full = z.object({ ...shape, color: colorParam(), countdown: countdownParam() });
  const colored = g.elements.filter((e) => e.colored);
  const shaped = !colored.length ? z.object(shape) : colored.some((e) => e.countdown !== undefined) ? full : z.object({ ...shape, color: colorParam() });
  return shaped as unknown as typeof full;
}
const tileParams = (g: GameDef) => withColor(g, { x: coord('x'), y: coord('y'), tile: tileParam(g), hp: hpParam(g) });
const tileRegionParams = (g: GameDef) => withColor(g, { ...regionParams, tile: tileParam(g), hp: hpParam(g) });

export const paintTile = defineTool({
  name: 'paint_tile',
  kind: 'edit',
  // a game's multi-cell pieces are checked by code that loads on first use (blockLoaded.ts)
  load: loadBlock,
  description: 'Set the tile of one cell.',
  params: tileParams(DEFAULT_GAME),
  paramsFor: tileParams,
  positional: ['x', 'y', 'tile', 'hp'],
  apply(level, a) {
    checkHp(level, a.tile, a.hp);
    checkX(level, 'x', a.x);
    checkY(level, 'y', a.y);
    level = checkColor(level, a.tile, a.color, a.countdown);
    const g = gameOf(level);
    const r = { x1: a.x, y1: a.y, x2: a.x, y2: a.y };
    const note = coverNote(level, r, a.tile);
    const next = guardPieces(g, level, editRegion(level, r, paintTileCell(g, a.tile, a.hp, a.color, a.countdown)).level, a.tile === 'random' ? r : undefined);
    return { level: next, summary: `Painted ${tileNote(g, a.tile, a.hp, a.color, a.countdown)} at ${cellRef(a.x, a.y)}${note}.` };
  },
});

export const paintTileRegion = defineTool({
  name: 'paint_tile_region',
  kind: 'edit',
  load: loadBlock,
  description: 'Set the tile of every cell in a rectangle.',
  params: tileRegionParams(DEFAULT_GAME),
  paramsFor: tileRegionParams,
  positional: ['x1', 'y1', 'x2', 'y2', 'tile', 'hp'],
  apply(level, a) {
    checkHp(level, a.tile, a.hp);
    level = checkColor(level, a.tile, a.color, a.countdown);
    const g = gameOf(level);
    const r = region(level, a);
    const note = coverNote(level, r, a.tile);
    const res = editRegion(level, r, paintTileCell(g, a.tile, a.hp, a.color, a.countdown));
    return { level: guardPieces(g, level, res.level, a.tile === 'random' ? r : undefined), summary: `Painted ${tileNote(g, a.tile, a.hp, a.color, a.countdown)} on ${plural(res.total, 'cell')} ${regionText(r)}${note}.` };
  },
});

export const placeBomb = defineTool({
  name: 'place_bomb',
  kind: 'edit',
  load: loadBlock,
  description: 'Place a bomb on one cell; x or y of -1 means the centre.',
  params: z.object({
    x: int(-1, 15, 'Column, 0 = leftmost; -1 = the centre column'),
    y: int(-1, 15, 'Row, 0 = top; -1 = the centre row'),
  }),
  positional: ['x', 'y'],
  apply(level, a) {
    const x = a.x === -1 ? Math.floor((level.width - 1) / 2) : a.x;
    const y = a.y === -1 ? Math.floor((level.height - 1) / 2) : a.y;
    checkX(level, 'x', x);
    checkY(level, 'y', y);
    const r = { x1: x, y1: y, x2: x, y2: y };
    const note = coverNote(level, r, 'bomb');
    const next = guardPieces(gameOf(level), level, editRegion(level, r, paintTileCell(gameOf(level), 'bomb', undefined)).level);
    return { level: next, summary: `Placed a bomb at ${cellRef(x, y)}${note}.` };
  },
});

const coverParam = (g: GameDef) => oneOf(layerValues(g, 'cover'), `Cover type: ${[...elementsOn(g, 'cover').map((e) => e.id), ''].join(', ')}or none to remove the cover`);
const coverLayers = (g: GameDef) => layersParam(g, 'cover');

/** Layers 1..the layer's most: ignored for an element of one layer and for none. */
function layersParam(g: GameDef, layer: 'cover' | 'ground') {
  const list = elementsOn(g, layer);
  const single = list.filter((e) => hpOf(e) === 1).map((e) => e.id);
  return z.optional(int(1, maxHp(list), `Layers 1..${maxHp(list)} (default 1; ignored for ${[...single, 'none'].join(' and ')})`));
}

/** The cover or ground a cell gets: an element of several layers keeps `layers` (refused above its most), one of one layer none. */
function layered(g: GameDef, layer: 'cover' | 'ground', id: string, layers: number | undefined): { type: string; layers?: number } {
  const e = elementOn(g, layer, id)!;
  if (hpOf(e) === 1) return { type: id };
  if ((layers ?? 1) > hpOf(e)) throw new ToolError(`layers: must be 1..${hpOf(e)} for ${id}`);
  return { type: id, layers: layers ?? 1 };
}

function coverCell(g: GameDef, cover: string, layers: number | undefined) {
  const value = cover === 'none' ? null : layered(g, 'cover', cover, layers);
  return (cell: CellT, x: number, y: number): CellT | string => {
    if (!value) return { ...cell, cover: null };
    const t = cell.tile ?? 'random';
    if (!isColorOrRandom(t)) return `${cellRef(x, y)} is ${t}: a cover needs a colour or random tile under it`;
    return { ...cell, cover: value as CellT['cover'] };
  };
}
function layeredName(g: GameDef, layer: 'cover' | 'ground', id: string, layers?: number) {
  if (id === 'none') return `no ${layer}`;
  return hpOf(elementOn(g, layer, id)!) > 1 ? `${id} ×${layers ?? 1}` : id;
}
const coverParams = (g: GameDef) => z.object({ x: coord('x'), y: coord('y'), cover: coverParam(g), layers: coverLayers(g) });
const coverRegionParams = (g: GameDef) => z.object({ ...regionParams, cover: coverParam(g), layers: coverLayers(g) });

export const paintCover = defineTool({
  name: 'paint_cover',
  kind: 'edit',
  load: loadBlock,
  description: 'Set the cover of one cell.',
  params: coverParams(DEFAULT_GAME),
  paramsFor: coverParams,
  positional: ['x', 'y', 'cover', 'layers'],
  apply(level, a) {
    checkX(level, 'x', a.x);
    checkY(level, 'y', a.y);
    const g = gameOf(level);
    const next = guardPieces(g, level, editRegion(level, { x1: a.x, y1: a.y, x2: a.x, y2: a.y }, coverCell(g, a.cover, a.layers)).level);
    return { level: next, summary: `Set ${layeredName(g, 'cover', a.cover, a.layers)} at ${cellRef(a.x, a.y)}.` };
  },
});

export const paintCoverRegion = defineTool({
  name: 'paint_cover_region',
  kind: 'edit',
  load: loadBlock,
  description: 'Set the cover of every cell in a rectangle.',
  params: coverRegionParams(DEFAULT_GAME),
  paramsFor: coverRegionParams,
  positional: ['x1', 'y1', 'x2', 'y2', 'cover', 'layers'],
  apply(level, a) {
    const g = gameOf(level);
    const r = region(level, a);
    const res = editRegion(level, r, coverCell(g, a.cover, a.layers));
    const skipped = res.skipped ? `; skipped ${plural(res.skipped, 'cell')} that cannot hold a cover` : '';
    return { level: guardPieces(g, level, res.level), summary: `Set ${layeredName(g, 'cover', a.cover, a.layers)} on ${plural(res.total - res.skipped, 'cell')} ${regionText(r)}${skipped}.` };
  },
});

const groundParam = (g: GameDef) => oneOf(layerValues(g, 'ground'), `Ground type: ${[...elementsOn(g, 'ground').map((e) => e.id), ''].join(', ')}or none to remove it`);

function groundCell(g: GameDef, ground: string, layers: number | undefined) {
  const value = ground === 'none' ? null : layered(g, 'ground', ground, layers);
  return (cell: CellT, x: number, y: number): CellT | string => {
    if (!value) return { ...cell, ground: null };
    if (cell.tile === 'void') return `${cellRef(x, y)} is void: ground needs a cell on the board`;
    return { ...cell, ground: value as CellT['ground'] };
  };
}
const groundParams = (g: GameDef) => z.object({ x: coord('x'), y: coord('y'), ground: groundParam(g), layers: layersParam(g, 'ground') });
const groundRegionParams = (g: GameDef) => z.object({ ...regionParams, ground: groundParam(g), layers: layersParam(g, 'ground') });

export const paintGround = defineTool({
  name: 'paint_ground',
  kind: 'edit',
  description: 'Set the ground of one cell.',
  params: groundParams(DEFAULT_GAME),
  paramsFor: groundParams,
  positional: ['x', 'y', 'ground', 'layers'],
  apply(level, a) {
    checkX(level, 'x', a.x);
    checkY(level, 'y', a.y);
    const g = gameOf(level);
    const { level: next } = editRegion(level, { x1: a.x, y1: a.y, x2: a.x, y2: a.y }, groundCell(g, a.ground, a.layers));
    return { level: next, summary: `Set ${layeredName(g, 'ground', a.ground, a.layers)} at ${cellRef(a.x, a.y)}.` };
  },
});

export const paintGroundRegion = defineTool({
  name: 'paint_ground_region',
  kind: 'edit',
  description: 'Set the ground of every cell in a rectangle.',
  params: groundRegionParams(DEFAULT_GAME),
  paramsFor: groundRegionParams,
  positional: ['x1', 'y1', 'x2', 'y2', 'ground', 'layers'],
  apply(level, a) {
    const g = gameOf(level);
    const r = region(level, a);
    const res = editRegion(level, r, groundCell(g, a.ground, a.layers));
    const skipped = res.skipped ? `; skipped ${plural(res.skipped, 'void cell')}` : '';
    return { level: res.level, summary: `Set ${layeredName(g, 'ground', a.ground, a.layers)} on ${plural(res.total - res.skipped, 'cell')} ${regionText(r)}${skipped}.` };
  },
});

export const clearRegion = defineTool({
  name: 'clear_region',
  kind: 'edit',
  description: 'Reset a rectangle to plain random tiles.',
  params: z.object(regionParams),
  positional: ['x1', 'y1', 'x2', 'y2'],
  apply(level, a) {
    const r = region(level, a);
    const res = editRegion(level, r, () => ({}));
    return { level: res.level, summary: `Cleared ${plural(res.total, 'cell')} ${regionText(r)}.` };
  },
});

export const clearAll = defineTool({
  name: 'clear_all',
  kind: 'edit',
  description: 'Reset every cell to a plain random tile.',
  params: z.object({}),
  apply(level) {
    const res = editRegion(level, { x1: 0, y1: 0, x2: level.width - 1, y2: level.height - 1 }, () => ({}));
    return { level: res.level, summary: `Cleared all ${res.total} cells.` };
  },
});

export const paintExitRegion = defineTool({
  name: 'paint_exit_region',
  kind: 'edit',
  load: loadBlock,
  games: true,
  description: 'Mark the cells of a rectangle as exits, where items leave the board (or unmark them).',
  model: { said: 'Mark exit cells in a rectangle (exit false unmarks).' },
  params: z.object({ ...regionParams, exit: z.optional(bool('true (default) marks exit cells, false unmarks them')) }),
  positional: ['x1', 'y1', 'x2', 'y2', 'exit'],
  apply(level, a) {
    const r = region(level, a);
    const on = a.exit ?? true;
    const res = editRegion(level, r, (cell, x, y) => {
      if (!on) return { ...cell, exit: undefined };
      return cell.tile === 'void' ? `${cellRef(x, y)} is void: a void cell cannot be an exit` : { ...cell, exit: true };
    });
    const skipped = res.skipped ? `; skipped ${plural(res.skipped, 'void cell')}` : '';
    return { level: guardPieces(gameOf(level), level, res.level), summary: `${on ? 'Marked' : 'Unmarked'} ${plural(res.total - res.skipped, 'exit cell')} ${regionText(r)}${skipped}.` };
  },
});
