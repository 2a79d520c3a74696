// Writing whole cells: the Select tool's paste, move, flip and rotate land through this tool, and the
// model can copy a pattern with it (read the cells with get_level format json, paste them elsewhere).
import * as z from 'zod/mini';
import { Cell, canonicalCell, LIMITS } from '../level/index.ts';
import { placeClip } from '../edit/index.ts';
import { defineTool, ToolError, described, preprocess } from './define.ts';
import { checkX, checkY, coord, plural } from './board.ts';
import { cellRef } from '../cellName.ts';

const CellParam = described(
  Cell,
  'One cell as in the level file: {"tile": tile code, "hp": 1..3 for crates, "cover": {"type":"ice","layers":1..3} or {"type":"chain"}, "ground": {"type":"jelly","layers":1..2}}; {} is a plain random tile',
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
    const clip = { width, height: a.cells.length, cells: a.cells.map((row) => row.map(canonicalCell)) };
    const r = placeClip(level, clip, a.x, a.y);
    const dropped = r.dropped ? `; ${plural(r.dropped, 'cell')} fell outside the board and were dropped` : '';
    return { level: r.level, summary: `Pasted a ${width}×${clip.height} block at ${cellRef(a.x, a.y)}: ${plural(r.placed, 'cell')} written${dropped}.` };
  },
});
