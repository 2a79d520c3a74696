// Painting a multi-cell piece (RULES §12.4) with the board's tools, into the open stroke: the piece goes
// on its anchor (top-left) cell, and once it is there its mirror copies go at the mirrored footprint
// (x' = W − x − w, y' = H − y − h: mirror.ts). The rectangle tiles whole pieces from its top-left, the
// fill tiles its region in reading order. A copy or a rectangle's piece that is refused is said
// (by the caller's `refused`: selectionBlock.ts); a drag's or a fill's own overlapping tries are how they tile, and are not. Only a
// version 2 game has multi-cell elements: this loads with the version 2 edits (selection.ts's
// loadBlockEdits, re-exported by selectionBlock.ts), not with the first page.
import { mirrorPoints, type Rect } from '../core/edit/index.ts';
import type { LevelT } from '../core/level/index.ts';
import type { GameDef } from '../core/game/types.ts';
import { elementOf, isMultiCellElement, sizeOf } from '../core/game/elements.ts';
import { cellIntent, floodCells, valueSize, type PieceValue } from './brush.ts';
import type { EditorStore } from './editor.svelte.ts';

type Cell = [number, number];
/** Says why a piece (or, `copy`, a mirror copy) did not land at a cell: the caller's (selectionBlock.ts's explainRefusedPiece). */
export type SayRefused = (at: Cell, copy?: boolean) => void;

/** Whether the cell holds the piece `v` paints, on its anchor (painted now, or there already). */
const holds = (ed: EditorStore, v: PieceValue, [x, y]: Cell) => ed.level?.cells[y][x].tile === v.tile;

/** Paints the piece at `at`, then its mirror copies; `say`: a refused piece is said too. Returns whether it is there. */
export function paintPiece(ed: EditorStore, v: PieceValue, at: Cell, refused: SayRefused, say = false): boolean {
  const level = ed.level;
  if (!level) return false;
  const [first, ...copies] = mirrorPoints(at[0], at[1], level.width, level.height, ed.mirror, ...valueSize(v, ed.game));
  ed.strokeApply(cellIntent(v, ...first));
  if (!holds(ed, v, first)) {
    if (say) refused(first);
    return false;
  }
  for (const c of copies) {
    ed.strokeApply(cellIntent(v, ...c));
    if (!holds(ed, v, c)) refused(c, true);
  }
  return true;
}

/** The rectangle tool with a piece: whole pieces from its top-left (and their copies); each refused one is said. */
export function paintPieceRect(ed: EditorStore, v: PieceValue, r: Rect, refused: SayRefused) {
  for (const at of pieceAnchors(r, valueSize(v, ed.game))) paintPiece(ed, v, at, refused, true);
}

/**
 * The fill with a piece: its region (read before painting) tiled in reading order, with the copies of
 * each piece; where none goes, why not at the cell filled from is said.
 */
export function fillPieces(ed: EditorStore, v: PieceValue, x: number, y: number, refused: SayRefused) {
  if (!ed.level) return;
  const region = floodCells(ed.level, 'tile', x, y, ed.game).sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  let placed = false;
  for (const at of region) placed = paintPiece(ed, v, at, refused) || placed;
  if (!placed) refused([x, y]);
}

/**
 * The anchor (top-left cell, where it is painted) of the multi-cell piece covering (x, y), or null: the
 * anchor is up to w−1 columns left and h−1 rows up of any of its cells.
 */
export function pieceAnchorAt(level: Pick<LevelT, 'cells'>, game: GameDef, x: number, y: number): [number, number] | null {
  for (let ay = y; ay >= 0; ay--)
    for (let ax = x; ax >= 0; ax--) {
      const e = elementOf(game, level.cells[ay][ax].tile ?? 'random');
      if (!e || e.layer !== 'tile' || !isMultiCellElement(e)) continue;
      const [w, h] = sizeOf(e);
      if (x < ax + w && y < ay + h) return [ax, ay];
    }
  return null;
}

/** Where a rectangle's w×h pieces go: whole pieces from its top-left, at least one per row and column (a click paints one). */
export function pieceAnchors(r: Rect, [w, h]: [number, number]): [number, number][] {
  const across = Math.max(1, Math.floor((r.x2 - r.x1 + 1) / w));
  const down = Math.max(1, Math.floor((r.y2 - r.y1 + 1) / h));
  const out: [number, number][] = [];
  for (let j = 0; j < down; j++) for (let i = 0; i < across; i++) out.push([r.x1 + i * w, r.y1 + j * h]);
  return out;
}
