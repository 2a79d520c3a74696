// Writing whole cells: the Select tool's paste, move, flip and rotate land through this tool, and the
// model can copy a pattern with it (read the cells with get_level format json, paste them elsewhere).
import * as z from 'zod/mini';
import { Cell, canonicalCell, isBuiltinTile, isClassicLevel, isColorOrRandom, isElementId, LIMITS, type CellT, type LevelT } from '../level/index.ts';
import { issuesToProblems } from '../level/level.ts';
import { gameOf } from '../game/known.ts';
import { elementOf, hpOf, layerProblem } from '../game/elements.ts';
import { placeClip } from '../edit/index.ts';
import { defineTool, ToolError, described, preprocess } from './define.ts';
import { checkX, checkY, coord, plural } from './board.ts';
import { cellRef } from '../cellName.ts';

const ID_MSG = 'must be an element id';
const elementId = () => z.string({ error: ID_MSG }).check(z.refine(isElementId, { error: ID_MSG }));
const layeredParam = () => z.nullable(z.strictObject({ type: elementId(), layers: z.optional(z.int().check(z.gte(1), z.lte(5))) }, { error: 'must be null or {"type": <element id>, "layers": 1..5}' }));
/** A cell of a game's level (RULES §11.1): element ids are checked against the level's game when applied. */
const GameCell = z.strictObject(
  {
    tile: z.optional(z.string().check(z.refine((t) => isBuiltinTile(t) || isElementId(t), { error: 'must be a tile code or a tile element id' }))),
    hp: z.optional(z.int().check(z.gte(1), z.lte(5))),
    cover: z.optional(layeredParam()),
    ground: z.optional(layeredParam()),
    exit: z.optional(z.literal(true)),
  },
  { error: 'must be an object' },
);

/** Why a pasted cell does not fit the level's game, or null (classic cells are checked by §1's schema). */
function gameCellProblem(level: LevelT, c: CellT): string | null {
  const game = gameOf(level);
  const tile = c.tile ?? 'random';
  if (!isBuiltinTile(tile)) {
    const p = layerProblem(game, tile, 'tile');
    if (p) return `tile: ${p}`;
    if (c.hp !== undefined && c.hp > hpOf(elementOf(game, tile)!)) return `hp: must be 1..${hpOf(elementOf(game, tile)!)}`;
  } else if (c.hp !== undefined) return 'hp: only allowed with a tile element';
  for (const what of ['cover', 'ground'] as const) {
    const v = c[what];
    if (!v) continue;
    const p = layerProblem(game, v.type, what);
    if (p) return `${what}: ${p}`;
    if ((v.layers ?? 1) > hpOf(elementOf(game, v.type)!)) return `${what}.layers: must be 1..${hpOf(elementOf(game, v.type)!)}`;
  }
  if (tile === 'void' && (c.cover || c.ground || c.exit)) return 'a void cell holds no cover, ground or exit';
  if (c.cover && !isColorOrRandom(tile)) return `cover: a cover needs a colour or random tile under it, not "${tile}"`;
  return null;
}

/** §1's message for a cell the classic game does not have, or null. */
function classicCellProblem(c: unknown): string | null {
  const r = Cell.safeParse(c);
  return r.success ? null : issuesToProblems(r.error.issues).map((p) => (p.path === '(root)' ? p.message : `${p.path}: ${p.message}`)).join('; ');
}

const CellParam = described(
  z.union([Cell, GameCell]) as unknown as typeof GameCell,
  'One cell as in the level file: {"tile": tile code, "hp": 1..3 for crates, "cover": {"type":"ice","layers":1..3} or {"type":"chain"}, "ground": {"type":"jelly","layers":1..2}}; {} is a plain random tile (a game\'s level: its elements, and "exit": true)',
);

export const pasteCells = defineTool({
  name: 'paste_cells',
  kind: 'edit',
  description: 'Write a block of whole cells with its top-left at (x, y).',
  params: z.object({
    x: coord('x', "block's top-left cell"),
    y: coord('y', "block's top-left cell"),
    cells: described(
      z
        .array(z.array(CellParam, { error: 'each row must be an array of cells' }).check(z.minLength(1, { error: 'a row needs at least one cell' }), z.maxLength(LIMITS.size.max)), {
          error: 'must be an array of rows of cells',
        })
        .check(z.minLength(1, { error: 'needs at least one row' }), z.maxLength(LIMITS.size.max)),
      'The block: an array of rows, each an array of cells, row 0 at the top',
    ),
  }),
  apply(level, a) {
    checkX(level, 'x', a.x);
    checkY(level, 'y', a.y);
    const width = a.cells[0].length;
    const ragged = a.cells.findIndex((row) => row.length !== width);
    if (ragged >= 0) throw new ToolError(`cells[${ragged}]: must have ${width} cells like row 0, found ${a.cells[ragged].length}`);
    // a classic level's cells are §1's (the union's first branch); another game's are checked against it
    a.cells.forEach((row, y) =>
      row.forEach((c, x) => {
        const p = isClassicLevel(level) ? classicCellProblem(c) : gameCellProblem(level, c as CellT);
        if (p) throw new ToolError(`cells[${y}][${x}].${p}`);
      }),
    );
    const clip = { width, height: a.cells.length, cells: a.cells.map((row) => row.map((c) => canonicalCell(c as CellT))) };
    const r = placeClip(level, clip, a.x, a.y);
    const dropped = r.dropped ? `; ${plural(r.dropped, 'cell')} fell outside the board and were dropped` : '';
    return { level: r.level, summary: `Pasted a ${width}×${clip.height} block at ${cellRef(a.x, a.y)}: ${plural(r.placed, 'cell')} written${dropped}.` };
  },
});
