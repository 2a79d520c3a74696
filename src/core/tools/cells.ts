// Writing whole cells: the Select tool's paste, move, flip and rotate land through this tool, and the
// model can copy a pattern with it (read the cells with get_level format json, paste them elsewhere).
import * as z from 'zod/mini';
import { Cell, canonicalCell, isBuiltinTile, LIMITS, type CellT, type LevelT } from '../level/index.ts';
import type { ElementDef, GameDef } from '../game/types.ts';
import { gameOf } from '../game/known.ts';
import { DEFAULT_GAME, elementsOn, hpOf } from './elements.ts';
import { placeClip } from '../edit/index.ts';
import { defineTool, ToolError, described, preprocess } from './define.ts';
import { checkX, checkY, coord, plural } from './board.ts';
import { cellRef } from '../cellName.ts';
import { loadBlock } from '../edit/blockLoaded.ts';
import { guardPieces } from './paint.ts';

/** A cell's layer as the level file writes it: `{"type":"x","layers":1..n}`, or `{"type":"x"}` for one of one layer. */
const layerForm = (e: ElementDef) => (hpOf(e) > 1 ? `{"type":"${e.id}","layers":1..${hpOf(e)}}` : `{"type":"${e.id}"}`);

const layerShape = () => z.nullable(z.strictObject({ type: z.string({ error: 'must be an element id' }), layers: z.optional(z.number({ error: 'must be a number' })) }, { error: 'must be null or {"type": <element id>, "layers": n}' }));
/** A cell of another game in shape only: what its elements allow is checked by `cellProblem`. */
const gameCell = (_g: GameDef) =>
  z.strictObject(
    {
      tile: z.optional(z.string({ error: 'must be a tile code' })),
      hp: z.optional(z.number({ error: 'must be a number' })),
      cover: z.optional(layerShape()),
      ground: z.optional(layerShape()),
      exit: z.optional(z.literal(true, { error: 'must be true (or left out)' })),
    },
    { error: 'must be an object' },
  ) as unknown as typeof Cell;

/** Why a pasted cell does not fit game `g` (its elements, on their layers, in their ranges), or null. */
function cellProblem(g: GameDef, c: CellT): string | null {
  const tile = c.tile ?? 'random';
  const el = g.elements.find((e) => e.id === tile);
  if (!isBuiltinTile(tile) && el?.layer !== 'tile') return `tile: "${tile}" is not a tile of the game "${g.name}"`;
  if (c.hp !== undefined && (!el || c.hp < 1 || c.hp > hpOf(el))) return el ? `hp: must be 1..${hpOf(el)} for ${el.id}` : 'hp: only allowed with a tile element';
  for (const layer of ['cover', 'ground'] as const) {
    const v = c[layer];
    if (!v) continue;
    const e = g.elements.find((x) => x.id === v.type && x.layer === layer);
    if (!e) return `${layer}.type: "${v.type}" is not a ${layer} of the game "${g.name}"`;
    if (v.layers !== undefined && (v.layers < 1 || v.layers > hpOf(e))) return `${layer}.layers: must be 1..${hpOf(e)} for ${e.id}`;
  }
  if (tile === 'void' && (c.cover || c.ground)) return 'a void cell cannot have a cover or ground';
  return null;
}

/** One cell of a level of game `g`, described with its elements (the built-in game's cells are checked by §1's schema). */
function cellParam(g: GameDef) {
  const tiles = elementsOn(g, 'tile').filter((e) => hpOf(e) > 1);
  const hp = tiles.length ? `, "hp": ${tiles.map((e) => `1..${hpOf(e)} for ${e.id}`).join(', ')}` : '';
  const cover = elementsOn(g, 'cover').map(layerForm).join(' or ') || 'none in this game';
  const ground = elementsOn(g, 'ground').map(layerForm).join(' or ') || 'none in this game';
  return described(
    g === DEFAULT_GAME ? Cell : gameCell(g),
    `One cell as in the level file: {"tile": tile code${hp}, "cover": ${cover}, "ground": ${ground}}; {} is a plain random tile`,
  );
}

/** The rows of a block as level-file cells of the level's game: the same width each, in canonical form, each allowed by the game. */
export function blockCells(level: LevelT, rows: CellT[][]): CellT[][] {
  const width = rows[0].length;
  const ragged = rows.findIndex((row) => row.length !== width);
  if (ragged >= 0) throw new ToolError(`cells[${ragged}]: must have ${width} cells like row 0, found ${rows[ragged].length}`);
  const cells = rows.map((row) => row.map((c) => canonicalCell(c)));
  const g = gameOf(level);
  if (g !== DEFAULT_GAME)
    cells.forEach((row, y) =>
      row.forEach((c, x) => {
        const why = cellProblem(g, c);
        if (why) throw new ToolError(`cells[${y}][${x}].${why}`);
      }),
    );
  return cells;
}

/** The block's rows as a parameter (paste_cells, place_block). */
export const blockRows = (g: GameDef) =>
  described(
    z
      .array(z.array(cellParam(g), { error: 'each row must be an array of cells' }).check(z.minLength(1, { error: 'a row needs at least one cell' }), z.maxLength(LIMITS.size.max)), {
        error: 'must be an array of rows of cells',
      })
      .check(z.minLength(1, { error: 'needs at least one row' }), z.maxLength(LIMITS.size.max)),
    'The block: an array of rows, each an array of cells, row 0 at the top',
  );

const pasteParams = (g: GameDef) =>
  z.object({
    x: coord('x', "block's top-left cell"),
    y: coord('y', "block's top-left cell"),
    cells: blockRows(g),
  });

export const pasteCells = defineTool({
  name: 'paste_cells',
  kind: 'edit',
  description: 'Write a block of whole cells with its top-left at (x, y).',
  model: { shape: { cells: { type: 'array', description: 'Rows of level-file cells; {} = random', items: { type: 'array', items: { type: 'object' } } } } },
  params: pasteParams(DEFAULT_GAME),
  paramsFor: pasteParams,
  // a game's multi-cell pieces are checked by code that loads on first use (blockLoaded.ts)
  load: loadBlock,
  apply(level, a) {
    checkX(level, 'x', a.x);
    checkY(level, 'y', a.y);
    const cells = blockCells(level, a.cells as CellT[][]);
    const width = cells[0].length;
    const clip = { width, height: cells.length, cells };
    const r = placeClip(level, clip, a.x, a.y);
    r.level = guardPieces(gameOf(level), level, r.level);
    const dropped = r.dropped ? `; ${plural(r.dropped, 'cell')} fell outside the board and were dropped` : '';
    return { level: r.level, summary: `Pasted a ${width}×${clip.height} block at ${cellRef(a.x, a.y)}: ${plural(r.placed, 'cell')} written${dropped}.` };
  },
});
