// The selected block's edits on a version 2 level or game (RULES §12.3–§12.4, docs/rules.md §9): the
// portals, belts, walls, spawners and hidden rectangles wholly inside the block and its multi-cell pieces
// travel with its cells through place_block, one undo step each; what the block's edge cuts stays (or is
// left out of a copy), what no longer fits is dropped, and the step's notice counts both. A multi-cell
// piece partly inside the selection, or one that is not square in a turned block, refuses the edit with a
// reason. Loaded with the layout tools (selection.ts loadBlockEdits), not with the first page.
import type { LevelT } from '../core/level/index.ts';
import type { Clip, ClipTransform, Rect } from '../core/edit/index.ts';
import { blockCode } from '../core/edit/blockLoaded.ts';
import type { PieceProblem, PlaceBlock } from '../core/edit/block.ts';
import { cellName } from '../core/cellName.ts';
import { notice, type Notice } from '../core/notice.ts';
import type { CellT } from '../core/level/index.ts';
import type { EditorStore } from './editor.svelte.ts';

type Block = NonNullable<ReturnType<typeof blockCode>>;
const code = (): Block => blockCode()!;

/** A multi-cell piece partly inside `r`: nothing is done, and the designer told which (a piece moves whole). */
function refuseCutPieces(ed: EditorStore, r: Rect): boolean {
  const p = code().piecesCut(ed.level!, ed.game, r)[0];
  if (p) ed.notice = notice('sel.pieceCut', { id: p.id, cell: cellName(p.x, p.y) });
  return !!p;
}

const CELL_IN_TEXT = /cells\[(\d+)\]\[(\d+)\]/g;
/** A §12.4 problem as a notice: the cell it names and its reason by key, cells named as the rulers name them. */
function pieceNotice(key: string, p: PieceProblem): Notice {
  const params = Object.fromEntries(Object.entries(p.params ?? {}).map(([k, v]) => [k, typeof v === 'string' ? v.replace(CELL_IN_TEXT, (_, y: string, x: string) => cellName(Number(x), Number(y))) : v]));
  return notice(key, { cell: cellName(Number(p.path[2]), Number(p.path[1])), reason: notice('problem.' + p.key, params) });
}

/**
 * Lands a block (place_block) as one undo step: refused with §12.4's reason when a multi-cell piece would
 * not fit; `done` is said unless layout entries were dropped, which the notice then counts.
 */
function landBlock(ed: EditorStore, label: Notice, b: PlaceBlock, done: Notice | null): LevelT | null {
  const pre = code().placeBlock(ed.level!, ed.game, b);
  if (!pre.ok) {
    ed.notice = pre.problem ? pieceNotice('sel.pieceRefused', pre.problem) : notice('layout.refused', { reason: pre.error });
    return null;
  }
  const r = ed.transact(label, [{ tool: 'place_block', args: { ...b } }]);
  if (!r.ok) {
    ed.notice = notice('layout.refused', { reason: r.error });
    return null;
  }
  ed.notice = pre.layoutDropped ? notice('sel.layoutDropped', { n: pre.layoutDropped }) : done;
  return r.level;
}

export function copyBlock(ed: EditorStore, s: Rect): boolean {
  if (refuseCutPieces(ed, s)) return false;
  const { clip, cut } = code().extractBlock(ed.level!, s);
  ed.clipboard = clip;
  const n = code().layoutSize(clip.layout);
  const size = { w: clip.width, h: clip.height };
  ed.notice = cut ? notice('sel.copiedCut', { ...size, n: cut }) : n ? notice('sel.copiedLayout', { ...size, n }) : notice('sel.copied', size);
  return true;
}

/** Clears the selection's cells and the layout wholly inside them (cut, delete). */
export function clearBlock(ed: EditorStore, s: Rect, label: Notice, done: Notice | null): boolean {
  if (refuseCutPieces(ed, s)) return false;
  return !!landBlock(ed, label, { x: s.x1, y: s.y1, clear: s }, done);
}

/** Pastes a clip: its cells replace everything there, the layout wholly inside them included (the clip's own comes with them). */
export function pasteBlock(ed: EditorStore, clip: Clip, x: number, y: number): LevelT | null {
  return landBlock(ed, notice('sel.paste'), { x, y, cells: clip.cells, layout: clip.layout ?? {} }, null);
}

export function moveBlock(ed: EditorStore, s: Rect, dx: number, dy: number): boolean {
  if (refuseCutPieces(ed, s)) return false;
  const { clip, cut } = code().extractBlock(ed.level!, s);
  return !!landBlock(ed, notice('sel.move'), { x: s.x1 + dx, y: s.y1 + dy, cells: clip.cells, layout: clip.layout ?? {}, clear: s }, cut ? notice('sel.layoutLeft', { n: cut }) : null);
}

/**
 * Flips or turns the block in place, at (x, y) as selection.ts placed it: its layout turns with it (a wall
 * to the matching edge, a belt's order and a portal's ends with their cells) and its multi-cell pieces keep
 * their anchor at their top-left; a piece that is not square is not turned (refused). Returns the clip
 * written and the level, or null.
 */
export function turnBlock(ed: EditorStore, s: Rect, how: ClipTransform, at: (clip: Clip) => [number, number]): { clip: Clip; level: LevelT } | null {
  if (refuseCutPieces(ed, s)) return null;
  const m = code();
  const taken = m.extractBlock(ed.level!, s);
  const odd = how.startsWith('rotate') ? m.piecesNotTurnable(taken.clip, ed.game)[0] : undefined;
  if (odd) {
    ed.notice = notice('sel.pieceNotSquare', { id: odd.id, cell: cellName(s.x1 + odd.x, s.y1 + odd.y), w: odd.w, h: odd.h });
    return null;
  }
  const clip = m.transformBlock(taken.clip, how, ed.game);
  const [x, y] = at(clip);
  const level = landBlock(ed, notice('sel.' + how), { x, y, cells: clip.cells, layout: clip.layout ?? {}, clear: s }, taken.cut ? notice('sel.layoutLeft', { n: taken.cut }) : null);
  return level ? { clip, level } : null;
}

/**
 * The reason of RULES §12.4 that refused the active value at (x, y) on a game with multi-cell pieces (a
 * piece that does not fit there, or a cell another piece covers, or a belt under it), as the paint tools
 * check it, said with `key` (a mirror copy's: paint.copyRefused); null when that is not why (brushNotes.ts
 * says the others).
 */
export function pieceRefusal(ed: EditorStore, x: number, y: number, key = 'paint.pieceRefused'): Notice | null {
  const m = blockCode();
  const level = ed.level;
  if (!m || !level || !m.multiCellSizes(ed.game).size) return null;
  const v = ed.value;
  const cell = level.cells[y][x];
  const next: CellT =
    v.layer === 'tile' ? (v.tile === 'void' ? { tile: 'void' } : { ...cell, tile: v.tile as CellT['tile'], ...(v.hp !== undefined ? { hp: v.hp } : {}) }) : v.layer === 'cover' ? { ...cell, cover: { type: v.cover } as CellT['cover'] } : 'exit' in v ? { ...cell, exit: v.exit || undefined } : cell;
  const after: LevelT = { ...level, cells: level.cells.map((row, cy) => (cy === y ? row.map((c, cx) => (cx === x ? next : c)) : row)) };
  const p = m.newPieceProblems(level, after, ed.game)[0];
  return p ? pieceNotice(key, p) : null;
}

const PIECE_REFUSALS = ['paint.pieceRefused', 'paint.copyRefused'];

/**
 * Says why a multi-cell piece painted at `at` (or, `copy`, its mirror copy there) did not land: RULES
 * §12.4's reason. The first refusal of a stroke is the one said.
 */
export function explainRefusedPiece(ed: EditorStore, [x, y]: [number, number], copy = false) {
  if (ed.notice && PIECE_REFUSALS.includes(ed.notice.key)) return;
  const piece = pieceRefusal(ed, x, y, PIECE_REFUSALS[copy ? 1 : 0]);
  if (piece) ed.notice = piece;
}

// painting multi-cell pieces (a version 2 game's): loaded with these edits
export { fillPieces, paintPiece, paintPieceRect, pieceAnchorAt, pieceAnchors } from './piecePaint.ts';
