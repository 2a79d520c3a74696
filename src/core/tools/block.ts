// A selected block as one edit (RULES §12.3, §12.4): the Select tool's cut, delete, paste, move, flip
// and turn on a version 2 level (or a level of a game with multi-cell pieces) land through this tool,
// so the cells, the layout wholly inside the block and its multi-cell pieces move together in one undo
// step. The work is core/edit/block.ts; what no longer fits is dropped and the summary says how many.
import * as z from 'zod/mini';
import type { CellT } from '../level/index.ts';
import { layoutFields } from '../level/layout.ts';
import type { GameDef } from '../game/types.ts';
import { gameOf } from '../game/known.ts';
import { blockCode, loadBlock } from '../edit/blockLoaded.ts';
import type { BlockLayout } from '../edit/index.ts';
import { described, toolBody, ToolError } from './define.ts';
import { checkX, checkY, coord, plural, region, regionParams, regionText } from './board.ts';
import { DEFAULT_GAME } from './elements.ts';
import { blockCells, blockRows } from './cells.ts';
import { cellRef } from '../cellName.ts';

// a spawner's entries as the level file writes them (the level's parse checks their elements)
const num = () => z.number({ error: 'must be a number' });
const spawnEntries = z.array(z.strictObject({ element: z.string({ error: 'must be an element id' }), chance: num(), max: num(), total: num() }, { error: 'must be an object {"element", "chance", "max", "total"}' }), {
  error: 'must be an array of spawn entries',
});

const params = (g: GameDef) =>
  z.object({
    x: coord('x', "block's top-left cell"),
    y: coord('y', "block's top-left cell"),
    cells: z.optional(blockRows(g)),
    layout: z.optional(
      described(
        z.strictObject(layoutFields(spawnEntries), { error: 'must be an object {"portals", "belts", "walls", "spawners", "hidden"}' }),
        "The block's layout as the level file writes it, cells counted from the block's top-left; given (even {}), it replaces the layout wholly inside the written cells",
      ),
    ),
    clear: z.optional(described(z.object(regionParams, { error: 'must be a rectangle {"x1", "y1", "x2", "y2"}' }), 'A rectangle cleared first: plain cells, and the layout wholly inside it removed')),
  });

export const placeBlock = toolBody({
  kind: 'edit',
  params: params(DEFAULT_GAME),
  paramsFor: params,
  load: loadBlock,
  apply(level, a) {
    checkX(level, 'x', a.x);
    checkY(level, 'y', a.y);
    const clear = a.clear ? region(level, a.clear) : undefined;
    const cells = a.cells ? blockCells(level, a.cells as CellT[][]) : undefined;
    const r = blockCode()!.placeBlock(level, gameOf(level), { x: a.x, y: a.y, cells, layout: a.layout as BlockLayout | undefined, clear });
    if (!r.ok) throw new ToolError(r.error);
    const parts = [
      clear ? `cleared ${regionText(clear)}` : '',
      cells ? `wrote a ${cells[0].length}×${cells.length} block at ${cellRef(a.x, a.y)} (${plural(r.placed, 'cell')}${r.dropped ? `, ${plural(r.dropped, 'cell')} outside the board dropped` : ''})` : '',
      r.layoutDropped ? `${r.layoutDropped} layout ${r.layoutDropped === 1 ? 'entry' : 'entries'} no longer fit and ${r.layoutDropped === 1 ? 'was' : 'were'} removed` : '',
    ].filter(Boolean);
    const text = parts.join('; ');
    return { level: r.level, summary: text.charAt(0).toUpperCase() + text.slice(1) + '.' };
  },
});
