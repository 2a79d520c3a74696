// What the editor's pointer tools turn into: registry intents. Pure, so it is unit-tested in node.
import { COLORS, isBuiltinTile, type CellT, type LevelT } from '../core/level/index.ts';
import { CLASSIC_GAME } from '../core/game/classic.ts';
import { elementOf, elementsOn, hpOf, isMultiCellElement, sizeOf } from '../core/game/elements.ts';
import type { GameDef } from '../core/game/types.ts';
import type { Intent } from '../core/tools/index.ts';
import { mirrorPoints, mirrorRects, uniquePoints, type MirrorMode, type Rect } from '../core/edit/index.ts';

export type { PaintTool } from './toolTable.ts';
export type Layer = 'tile' | 'cover' | 'ground';
export const LAYERS: readonly Layer[] = ['tile', 'cover', 'ground'];

/**
 * The value painted on each layer: a tile (a builtin tile or the game's tile element, with its hits), a
 * cover or ground element of the game with its layers (given when the element may have more than one),
 * `none`; or, on the ground layer, the exit mark (RULES §11.1).
 */
export type BrushValue =
  | { layer: 'tile'; tile: string; hp?: number; color?: string; countdown?: number }
  | { layer: 'cover'; cover: string; layers?: number }
  | { layer: 'ground'; ground: string; layers?: number }
  | { layer: 'ground'; exit: boolean };

/** Whether a value is the exit mark (painted on the ground layer's row of the palette). */
export function isExitValue(v: BrushValue): v is { layer: 'ground'; exit: boolean } {
  return 'exit' in v;
}

/** Erasing resets the chosen layer to its default. */
export function eraseValue(layer: Layer): BrushValue {
  if (layer === 'tile') return { layer: 'tile', tile: 'random' };
  if (layer === 'cover') return { layer: 'cover', cover: 'none' };
  return { layer: 'ground', ground: 'none' };
}

/** The registry arguments a value paints with (the tools' own: paint_tile, paint_cover, paint_ground, paint_exit_region). */
function paintArgs(v: BrushValue): Record<string, unknown> {
  if (v.layer === 'tile') return isBuiltinTile(v.tile) ? { tile: v.tile } : v.color !== undefined ? { tile: v.tile, color: v.color, countdown: v.countdown } : { tile: v.tile, hp: v.hp ?? 1 };
  if (isExitValue(v)) return { exit: v.exit };
  const [key, id] = v.layer === 'cover' ? ['cover', v.cover] : ['ground', (v as { ground: string }).ground];
  return v.layers !== undefined && id !== 'none' ? { [key]: id, layers: v.layers } : { [key]: id };
}

export function cellIntent(v: BrushValue, x: number, y: number): Intent {
  if (isExitValue(v)) return { tool: 'paint_exit_region', args: { x1: x, y1: y, x2: x, y2: y, ...paintArgs(v) } };
  return { tool: `paint_${v.layer}`, args: { x, y, ...paintArgs(v) } };
}

export function regionIntent(v: BrushValue, x1: number, y1: number, x2: number, y2: number): Intent {
  const r = { x1, y1, x2, y2 };
  if (isExitValue(v)) return { tool: 'paint_exit_region', args: { ...r, ...paintArgs(v) } };
  return { tool: `paint_${v.layer}_region`, args: { ...r, ...paintArgs(v) } };
}

/** Layers an element of `game` may have, when it may have more than one (a value then names them). */
function layersOf(game: GameDef, id: string, layers: number | undefined): number | undefined {
  const e = elementOf(game, id);
  return e && hpOf(e) > 1 ? (layers ?? 1) : undefined;
}

/**
 * The value a cell holds on a layer, as a comparable key and as a brush value (eyedropper, fill). `exit`:
 * the exit mark is what is read on the ground layer (a fill of exits spreads over cells alike in that).
 */
export function valueAt(cell: CellT, layer: Layer, game: GameDef = CLASSIC_GAME, exit = false): BrushValue {
  if (layer === 'tile') {
    if (isBuiltinTile(cell.tile)) return { layer, tile: cell.tile ?? 'random' };
    const e = elementOf(game, cell.tile!);
    // a piece's own countdown, where it is not its element's (as a value names it: withCountdown)
    if (e?.colored && cell.color) return { layer, tile: cell.tile!, color: cell.color, ...(cell.countdown !== e.countdown && cell.countdown !== undefined && { countdown: cell.countdown }) };
    return { layer, tile: cell.tile!, hp: cell.hp ?? 1 };
  }
  if (layer === 'ground' && exit) return { layer, exit: !!cell.exit };
  const held = layer === 'cover' ? cell.cover : cell.ground;
  if (!held) return layer === 'cover' ? { layer, cover: 'none' } : { layer, ground: 'none' };
  const layers = layersOf(game, held.type, held.layers);
  const v = layer === 'cover' ? { layer, cover: held.type } : { layer, ground: held.type };
  return (layers === undefined ? v : { ...v, layers }) as BrushValue;
}

/** A tile value that paints a multi-cell piece (RULES §12.4) of `game`. */
export type PieceValue = Extract<BrushValue, { layer: 'tile' }>;
export function isPieceValue(v: BrushValue, game: GameDef): v is PieceValue {
  return v.layer === 'tile' && isMultiCellElement(elementOf(game, v.tile));
}

/** The cells a value's piece covers, [w, h]: a multi-cell element's size, else [1, 1]. */
export function valueSize(v: BrushValue, game: GameDef): [number, number] {
  return isPieceValue(v, game) ? sizeOf(elementOf(game, v.tile)) : [1, 1];
}

export function sameValue(a: BrushValue, b: BrushValue): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Flood fill: the 4-connected cells around (x, y) holding the same value on the layer. Voids bound a fill
 * on the cover and ground layers (they cannot hold either).
 */
export function floodCells(level: LevelT, layer: Layer, x: number, y: number, game: GameDef = CLASSIC_GAME, exit = false): [number, number][] {
  const target = valueAt(level.cells[y][x], layer, game, exit);
  const seen = new Uint8Array(level.width * level.height);
  const out: [number, number][] = [];
  const stack: [number, number][] = [[x, y]];
  while (stack.length) {
    const [cx, cy] = stack.pop()!;
    if (cx < 0 || cy < 0 || cx >= level.width || cy >= level.height) continue;
    const i = cy * level.width + cx;
    if (seen[i]) continue;
    seen[i] = 1;
    const cell = level.cells[cy][cx];
    if (layer !== 'tile' && cell.tile === 'void') continue;
    if (!sameValue(valueAt(cell, layer, game, exit), target)) continue;
    out.push([cx, cy]);
    stack.push([cx + 1, cy], [cx - 1, cy], [cx, cy + 1], [cx, cy - 1]);
  }
  return out;
}

/** Cells on the straight line between two grid points (so a fast drag leaves no gaps). */
export function lineCells(x0: number, y0: number, x1: number, y1: number): [number, number][] {
  const out: [number, number][] = [];
  const dx = Math.abs(x1 - x0),
    dy = -Math.abs(y1 - y0);
  const sx = x0 < x1 ? 1 : -1,
    sy = y0 < y1 ? 1 : -1;
  let err = dx + dy;
  for (;;) {
    out.push([x0, y0]);
    if (x0 === x1 && y0 === y1) break;
    const e2 = 2 * err;
    if (e2 >= dy) {
      err += dy;
      x0 += sx;
    }
    if (e2 <= dx) {
      err += dx;
      y0 += sy;
    }
  }
  return out;
}

/**
 * The layer whose content is on top at a cell, as the board draws it: a cover, else a tile other than
 * random (voids and crates included), else ground, else the (random) tile. Hidden layers are skipped.
 */
export function topLayer(cell: CellT, hidden: Partial<Record<Layer, boolean>> = {}): Layer {
  if (cell.cover && !hidden.cover) return 'cover';
  if (cell.tile && cell.tile !== 'random' && !hidden.tile) return 'tile';
  if (cell.ground && !hidden.ground) return 'ground';
  return 'tile';
}

/** Whether a layer of a cell holds anything an eraser would remove. */
export function layerHasContent(cell: CellT, layer: Layer): boolean {
  if (layer === 'tile') return (cell.tile ?? 'random') !== 'random';
  return layer === 'cover' ? !!cell.cover : !!cell.ground;
}

/** One cell's paint and its mirror images. */
export function mirroredCellIntents(v: BrushValue, x: number, y: number, level: Pick<LevelT, 'width' | 'height'>, mode: MirrorMode): Intent[] {
  return mirrorPoints(x, y, level.width, level.height, mode).map(([mx, my]) => cellIntent(v, mx, my));
}

/** A rectangle's paint and its mirror images. */
export function mirroredRegionIntents(v: BrushValue, x1: number, y1: number, x2: number, y2: number, level: Pick<LevelT, 'width' | 'height'>, mode: MirrorMode): Intent[] {
  const r = { x1: Math.min(x1, x2), y1: Math.min(y1, y2), x2: Math.max(x1, x2), y2: Math.max(y1, y2) };
  return mirrorRects(r, level.width, level.height, mode).map((q) => regionIntent(v, q.x1, q.y1, q.x2, q.y2));
}

/** A fill from a cell and from each of its mirror images, every cell once (floods read the level as it was). */
export function mirroredFloodCells(level: LevelT, layer: Layer, x: number, y: number, mode: MirrorMode, game: GameDef = CLASSIC_GAME, exit = false): [number, number][] {
  return uniquePoints(mirrorPoints(x, y, level.width, level.height, mode).flatMap(([mx, my]) => floodCells(level, layer, mx, my, game, exit)));
}

/**
 * The values a game offers on each layer, as the palette lists them: the builtin tiles, then each tile
 * element once per hit count it may have (a coloured one once per colour of a level of `colors`), void; each cover element per layer count, none; each ground
 * element per layer count, none, then the exit mark where the game has items to bring down.
 */
export function paletteValues(game: GameDef, builtins: readonly string[], colors: number = COLORS.length): Record<Layer, BrushValue[]> {
  const counts = (id: string) => {
    const hp = hpOf(elementOf(game, id)!);
    return hp > 1 ? Array.from({ length: hp }, (_, i) => i + 1) : [undefined];
  };
  const tile: BrushValue[] = builtins.filter((b) => b !== 'void').map((b) => ({ layer: 'tile' as const, tile: b }));
  // a coloured element (RULES §12.1): one value per colour of the level (its piece's colour must be one), no hit points
  for (const e of elementsOn(game, 'tile'))
    if (e.colored) for (const color of COLORS.slice(0, colors)) tile.push({ layer: 'tile', tile: e.id, color });
    else for (const n of counts(e.id)) tile.push({ layer: 'tile', tile: e.id, hp: n ?? 1 });
  tile.push({ layer: 'tile', tile: 'void' });
  const cover: BrushValue[] = elementsOn(game, 'cover').flatMap((e) => counts(e.id).map((n) => (n === undefined ? { layer: 'cover' as const, cover: e.id } : { layer: 'cover' as const, cover: e.id, layers: n })));
  cover.push({ layer: 'cover', cover: 'none' });
  const ground: BrushValue[] = elementsOn(game, 'ground').flatMap((e) => counts(e.id).map((n) => (n === undefined ? { layer: 'ground' as const, ground: e.id } : { layer: 'ground' as const, ground: e.id, layers: n })));
  ground.push({ layer: 'ground', ground: 'none' });
  if (game.elements.some((e) => e.exit)) ground.push({ layer: 'ground', exit: true }, { layer: 'ground', exit: false });
  return { tile, cover, ground };
}

/** The value each layer starts with for a game: a colour, its first cover and ground element (else none). */
export function startValues(game: GameDef): Record<Layer, BrushValue> {
  const v = paletteValues(game, ['red']);
  return { tile: { layer: 'tile', tile: 'red' }, cover: v.cover[0], ground: v.ground[0] };
}

/**
 * The swatch `next` chosen while the brush is `current`: another colour of the same coloured element keeps
 * the countdown the designer set (a row of bombs at 5 in every colour), any other swatch paints its own.
 */
export function keepCountdown(current: BrushValue, next: BrushValue): BrushValue {
  if (current.layer !== 'tile' || next.layer !== 'tile' || current.countdown === undefined) return next;
  if (next.tile !== current.tile || next.color === undefined || next.countdown !== undefined) return next;
  return { ...next, countdown: current.countdown };
}
