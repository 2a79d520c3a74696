// Painting tools: tiles, bombs, covers, ground and exits, one cell or a rectangle. Values are the
// level's game's (RULES §11.1): the classic game's crate, ice, chain and jelly, or another game's
// elements, checked against that game when the call is applied.
import * as z from 'zod/mini';
import { BUILTIN_TILES, TILE_CODES, isBuiltinTile, isClassicLevel, isColorOrRandom, isElementId, type CellT, type LevelT } from '../level/index.ts';
import { gameOf } from '../game/known.ts';
import { elementOf, elementsOn, hpOf, layerProblem } from '../game/elements.ts';
import type { Layer } from '../game/types.ts';
import { bool, defineTool, described, int, preprocess, ToolError } from './define.ts';
import { checkX, checkY, coord, editRegion, plural, region, regionParams, regionText, type Region } from './board.ts';
import { cellRef } from '../cellName.ts';

/**
 * A parameter that takes the level's game's element ids: any id passes the schema and the call is
 * checked against the game when applied. The model's JSON Schema shows the classic game's values
 * (`shown`), as before games; the copilot's tool set replaces them with the open level's game's.
 */
function elementParam(shown: readonly string[], builtin: (v: string) => boolean, description: string) {
  const msg = `must be one of ${shown.join(', ')}`;
  const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);
  return described(preprocess(lower, z.string({ error: msg }).check(z.refine((v) => builtin(v) || isElementId(v), { error: msg }), z.meta({ enum: [...shown] }))), description);
}
/** Layers or hit points up to the most a game allows (5); the JSON Schema shows the classic element's most. */
const countParam = (classicMax: number, description: string) => z.optional(int(1, 5, description).check(z.meta({ maximum: classicMax })));

const tileParam = elementParam(TILE_CODES, isBuiltinTile, 'Tile code: random, a colour (red, green, blue, yellow, purple, orange), rocket_h, rocket_v, bomb, rainbow, crate or void');
const hpParam = countParam(3, 'Crate hit points 1..3 (only with tile "crate"; default 1)');

const idsOn = (level: LevelT, layer: Layer) => elementsOn(gameOf(level), layer).map((e) => e.id);
/** "must be one of …": the values a layer takes in the level's game (the classic game's as §1 lists them). */
function oneOfMessage(level: LevelT, layer: Layer): string {
  const values = layer === 'tile' ? (isClassicLevel(level) ? [...TILE_CODES] : [...BUILTIN_TILES, ...idsOn(level, 'tile')]) : [...idsOn(level, layer), 'none'];
  return `must be one of ${values.join(', ')}`;
}

/** Checks a painted tile against the level's game: the element on the tile layer, its hp in range. */
function checkTile(level: LevelT, tile: string, hp: number | undefined): void {
  const tiles = idsOn(level, 'tile');
  if (!isBuiltinTile(tile)) {
    const e = elementOf(gameOf(level), tile);
    if (!e || e.layer !== 'tile') throw new ToolError(`tile: ${isClassicLevel(level) ? oneOfMessage(level, 'tile') : layerProblem(gameOf(level), tile, 'tile')}`);
    if (hp !== undefined && hp > hpOf(e)) throw new ToolError(`hp: must be 1..${hpOf(e)}${isClassicLevel(level) ? '' : ` (the most hits "${e.id}" takes)`}`);
  } else if (hp !== undefined) {
    throw new ToolError(`hp: ${tiles.length === 1 ? `only allowed with tile "${tiles[0]}"` : `only allowed with a tile element (${tiles.join(', ') || 'the game has none'})`}`);
  }
}

function paintTileCell(tile: string, hp: number | undefined) {
  return (cell: CellT): CellT => {
    if (tile === 'void') return { tile: 'void' };
    const next: CellT = { ...cell, tile: tile as CellT['tile'] };
    delete next.hp;
    if (!isBuiltinTile(tile)) next.hp = hp ?? 1;
    // a cover needs a colour or random tile under it: painting a special or an element removes it
    if (!isColorOrRandom(tile)) delete next.cover;
    return next;
  };
}

function tileNote(tile: string, hp?: number) {
  return isBuiltinTile(tile) ? tile : `${tile} (${hp ?? 1} hp)`;
}

function coverNote(level: LevelT, r: Region, tile: string): string {
  if (isColorOrRandom(tile) || tile === 'void') return '';
  let n = 0;
  for (let y = r.y1; y <= r.y2; y++) for (let x = r.x1; x <= r.x2; x++) if (level.cells[y][x].cover) n++;
  return n ? `; removed ${plural(n, 'cover')} (a cover needs a colour or random tile)` : '';
}

export const paintTile = defineTool({
  name: 'paint_tile',
  kind: 'edit',
  description: 'Set the tile of one cell.',
  params: z.object({ x: coord('x'), y: coord('y'), tile: tileParam, hp: hpParam }),
  positional: ['x', 'y', 'tile', 'hp'],
  apply(level, a) {
    checkTile(level, a.tile, a.hp);
    checkX(level, 'x', a.x);
    checkY(level, 'y', a.y);
    const r = { x1: a.x, y1: a.y, x2: a.x, y2: a.y };
    const note = coverNote(level, r, a.tile);
    const { level: next } = editRegion(level, r, paintTileCell(a.tile, a.hp));
    return { level: next, summary: `Painted ${tileNote(a.tile, a.hp)} at ${cellRef(a.x, a.y)}${note}.` };
  },
});

export const paintTileRegion = defineTool({
  name: 'paint_tile_region',
  kind: 'edit',
  description: 'Set the tile of every cell in a rectangle.',
  params: z.object({ ...regionParams, tile: tileParam, hp: hpParam }),
  positional: ['x1', 'y1', 'x2', 'y2', 'tile', 'hp'],
  apply(level, a) {
    checkTile(level, a.tile, a.hp);
    const r = region(level, a);
    const note = coverNote(level, r, a.tile);
    const res = editRegion(level, r, paintTileCell(a.tile, a.hp));
    return { level: res.level, summary: `Painted ${tileNote(a.tile, a.hp)} on ${plural(res.total, 'cell')} ${regionText(r)}${note}.` };
  },
});

export const placeBomb = defineTool({
  name: 'place_bomb',
  kind: 'edit',
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
    const { level: next } = editRegion(level, r, paintTileCell('bomb', undefined));
    return { level: next, summary: `Placed a bomb at ${cellRef(x, y)}${note}.` };
  },
});

const coverParam = elementParam(['ice', 'chain', 'none'], (v) => v === 'none', 'Cover type: ice, chain, or none to remove the cover');
const coverLayers = countParam(3, 'Ice layers 1..3 (default 1; ignored for chain and none)');

/**
 * A cover or ground as the level file spells it: `layers` given when the element may have more than
 * one (classic ice and jelly always say it, a chain never does), checked against the element's hp.
 */
function layered(level: LevelT, what: 'cover' | 'ground', id: string, layers: number | undefined): { type: string; layers?: number } {
  const game = gameOf(level);
  const problem = layerProblem(game, id, what);
  if (problem) throw new ToolError(`${what}: ${isClassicLevel(level) ? oneOfMessage(level, what) : problem}`);
  const hp = hpOf(elementOf(game, id)!);
  if (hp === 1) return { type: id };
  if (layers !== undefined && layers > hp) throw new ToolError(`layers: must be 1..${hp}${isClassicLevel(level) ? '' : ` (the layers "${id}" has at most)`}`);
  return { type: id, layers: layers ?? 1 };
}

function coverCell(cover: { type: string; layers?: number } | null) {
  return (cell: CellT, x: number, y: number): CellT | string => {
    if (!cover) return { ...cell, cover: null };
    const t = cell.tile ?? 'random';
    if (!isColorOrRandom(t)) return `${cellRef(x, y)} is ${t}: a cover needs a colour or random tile under it`;
    return { ...cell, cover: { ...cover } };
  };
}
function layeredName(v: { type: string; layers?: number } | null, none: string) {
  return !v ? none : v.layers === undefined ? v.type : `${v.type} ×${v.layers}`;
}
const coverOf = (level: LevelT, a: { cover: string; layers?: number }) => (a.cover === 'none' ? null : layered(level, 'cover', a.cover, a.layers));

export const paintCover = defineTool({
  name: 'paint_cover',
  kind: 'edit',
  description: 'Set the cover of one cell.',
  params: z.object({ x: coord('x'), y: coord('y'), cover: coverParam, layers: coverLayers }),
  positional: ['x', 'y', 'cover', 'layers'],
  apply(level, a) {
    checkX(level, 'x', a.x);
    checkY(level, 'y', a.y);
    const cover = coverOf(level, a);
    const { level: next } = editRegion(level, { x1: a.x, y1: a.y, x2: a.x, y2: a.y }, coverCell(cover));
    return { level: next, summary: `Set ${layeredName(cover, 'no cover')} at ${cellRef(a.x, a.y)}.` };
  },
});

export const paintCoverRegion = defineTool({
  name: 'paint_cover_region',
  kind: 'edit',
  description: 'Set the cover of every cell in a rectangle.',
  params: z.object({ ...regionParams, cover: coverParam, layers: coverLayers }),
  positional: ['x1', 'y1', 'x2', 'y2', 'cover', 'layers'],
  apply(level, a) {
    const r = region(level, a);
    const cover = coverOf(level, a);
    const res = editRegion(level, r, coverCell(cover));
    const skipped = res.skipped ? `; skipped ${plural(res.skipped, 'cell')} that cannot hold a cover` : '';
    return { level: res.level, summary: `Set ${layeredName(cover, 'no cover')} on ${plural(res.total - res.skipped, 'cell')} ${regionText(r)}${skipped}.` };
  },
});

const groundParam = elementParam(['jelly', 'none'], (v) => v === 'none', 'Ground type: jelly, or none to remove it');
const groundLayers = countParam(2, 'Jelly layers 1..2 (default 1; ignored for none)');

function groundCell(ground: { type: string; layers?: number } | null) {
  return (cell: CellT, x: number, y: number): CellT | string => {
    if (!ground) return { ...cell, ground: null };
    if (cell.tile === 'void') return `${cellRef(x, y)} is void: ground needs a cell on the board`;
    return { ...cell, ground: { ...ground } };
  };
}
const groundOf = (level: LevelT, a: { ground: string; layers?: number }) => (a.ground === 'none' ? null : layered(level, 'ground', a.ground, a.layers));

export const paintGround = defineTool({
  name: 'paint_ground',
  kind: 'edit',
  description: 'Set the ground of one cell.',
  params: z.object({ x: coord('x'), y: coord('y'), ground: groundParam, layers: groundLayers }),
  positional: ['x', 'y', 'ground', 'layers'],
  apply(level, a) {
    checkX(level, 'x', a.x);
    checkY(level, 'y', a.y);
    const ground = groundOf(level, a);
    const { level: next } = editRegion(level, { x1: a.x, y1: a.y, x2: a.x, y2: a.y }, groundCell(ground));
    return { level: next, summary: `Set ${layeredName(ground, 'no ground')} at ${cellRef(a.x, a.y)}.` };
  },
});

export const paintGroundRegion = defineTool({
  name: 'paint_ground_region',
  kind: 'edit',
  description: 'Set the ground of every cell in a rectangle.',
  params: z.object({ ...regionParams, ground: groundParam, layers: groundLayers }),
  positional: ['x1', 'y1', 'x2', 'y2', 'ground', 'layers'],
  apply(level, a) {
    const r = region(level, a);
    const ground = groundOf(level, a);
    const res = editRegion(level, r, groundCell(ground));
    const skipped = res.skipped ? `; skipped ${plural(res.skipped, 'void cell')}` : '';
    return { level: res.level, summary: `Set ${layeredName(ground, 'no ground')} on ${plural(res.total - res.skipped, 'cell')} ${regionText(r)}${skipped}.` };
  },
});

export const paintExitRegion = defineTool({
  name: 'paint_exit_region',
  kind: 'edit',
  games: true,
  description: 'Mark the cells of a rectangle as exits, where items leave the board (or unmark them).',
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
    return { level: res.level, summary: `${on ? 'Marked' : 'Unmarked'} ${plural(res.total - res.skipped, 'exit cell')} ${regionText(r)}${skipped}.` };
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


