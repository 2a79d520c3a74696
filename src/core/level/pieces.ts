// The pieces version 2 paints on cells (RULES §12.1, §12.4): coloured elements with their `color`
// and `countdown`, and multi-cell elements on their anchor with the rest of their rectangle free.
// Checked with the level's game, once every field is valid.
import { COLORS } from './basics.ts';
import { NEEDS_V2, type AddProblem } from './layout.ts';
import type { ElementDef } from '../game/types.ts';
import { countdownProblem } from './countdown.ts';

interface PieceCell {
  tile?: string;
  cover?: unknown;
  exit?: boolean;
  color?: string;
  countdown?: number;
}
interface PieceLevel {
  version: number;
  width: number;
  height: number;
  colors: number;
  cells: PieceCell[][];
}

const isMulti = (e: ElementDef | undefined): e is ElementDef & { size: [number, number] } => !!e?.size && (e.size[0] !== 1 || e.size[1] !== 1);
const hasTile = (c: PieceCell) => c.tile !== undefined && c.tile !== 'random';

/** A coloured element's cell: its colour one of the level's, its countdown within the element's. */
function checkColored(l: PieceLevel, c: PieceCell, e: ElementDef, at: PropertyKey[], add: AddProblem) {
  const colors = COLORS.slice(0, l.colors);
  if (c.color === undefined) add([...at, 'color'], `required for the coloured element "${e.id}" (one of ${colors.join(', ')})`, 'colorRequired', { id: e.id, list: colors.join(', ') });
  else if (!(colors as readonly string[]).includes(c.color)) add([...at, 'color'], `must be one of ${colors.join(', ')} (the level's colours)`, 'levelColor', { list: colors.join(', ') });
  const p = countdownProblem(e, c.countdown);
  if (p) add([...at, 'countdown'], ...p);
}

/** What the other cells of a multi-cell piece's rectangle may not be, and the key of each message. */
const COVERED = {
  void: ['must not be void', 'coveredVoid'],
  exit: ['must not be an exit', 'coveredExit'],
  tile: ['must have no tile or cover', 'coveredTile'],
} as const;

/** A multi-cell piece on its anchor: its rectangle on the board, the other cells not void, not exit, no tile, no cover. */
function checkMultiCell(l: PieceLevel, x0: number, y0: number, e: ElementDef & { size: [number, number] }, add: AddProblem, owner: Map<number, string>) {
  const [w, h] = e.size;
  const anchor = `cells[${y0}][${x0}]`;
  if (x0 + w > l.width || y0 + h > l.height) return add(['cells', y0, x0, 'tile'], `"${e.id}" is ${w}×${h}: it does not fit on the board here`, 'pieceOffBoard', { id: e.id, w, h });
  for (let y = y0; y < y0 + h; y++)
    for (let x = x0; x < x0 + w; x++) {
      const before = owner.get(y * l.width + x);
      // (an anchor under another piece is named by that piece's check: it has a tile)
      if (before && (x !== x0 || y !== y0)) add(['cells', y, x], `covered by ${before} and by "${e.id}" at ${anchor}`, 'coveredTwice', { first: before, id: e.id, anchor });
      owner.set(y * l.width + x, `"${e.id}" at ${anchor}`);
      if (x === x0 && y === y0) continue;
      const c = l.cells[y][x];
      const what = c.tile === 'void' ? COVERED.void : c.exit ? COVERED.exit : hasTile(c) || c.cover ? COVERED.tile : null;
      if (what) add(['cells', y, x], `covered by "${e.id}" at ${anchor}, ${what[0]}`, what[1], { id: e.id, anchor });
    }
}

/**
 * Every painted piece of §12 (`tiles`: the game's tile elements). Returns, per cell covered by a
 * multi-cell piece, the piece as a message names it (`"cake" at cells[3][4]`), for the belts' check.
 */
export function checkPieces(l: PieceLevel, tiles: ReadonlyMap<string, ElementDef>, add: AddProblem): Map<number, string> {
  const owner = new Map<number, string>();
  l.cells.forEach((row, y) =>
    row.forEach((c, x) => {
      const at = ['cells', y, x];
      const e = c.tile === undefined ? undefined : tiles.get(c.tile);
      if (l.version === 1) {
        if (e?.colored) add([...at, 'tile'], NEEDS_V2, 'needsVersion2', {});
        for (const f of ['color', 'countdown'] as const) if (c[f] !== undefined) add([...at, f], NEEDS_V2, 'needsVersion2', {});
        if (e?.colored) return;
      } else if (e?.colored) checkColored(l, c, e, at, add);
      else for (const f of ['color', 'countdown'] as const) if (c[f] !== undefined) add([...at, f], 'only with a coloured element', 'onlyColored', {});
      if (isMulti(e)) checkMultiCell(l, x, y, e, add, owner);
    }),
  );
  return owner;
}
