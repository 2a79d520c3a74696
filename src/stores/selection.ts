// The board's selected block as edits: select all, copy, cut, paste, delete, move, flip and turn, each
// change one undo step through the editor's `transact` (registry intents: clear_region, paste_cells;
// place_block on a version 2 level or game, where the layout wholly inside the block and its multi-cell
// pieces travel with the cells: core/edit/block.ts, RULES §12.3–§12.4, docs/rules.md §9).
// The selection and the clipboard are the editor's state (editor.svelte.ts clears and clamps them as the
// level changes); these are the operations on them, called by the palette, the shortcuts and the board.
import type { LevelT } from '../core/level/index.ts';
import type { Intent } from '../core/tools/index.ts';
import { loadLayoutTools } from '../core/tools/registry.ts';
import { extractClip, transformClip, type Clip, type ClipTransform, type Rect } from '../core/edit/index.ts';
import { blockCode } from '../core/edit/blockLoaded.ts';
import type { PieceProblem, PlaceBlock } from '../core/edit/block.ts';
import { cellName } from '../core/cellName.ts';
import { notice, type Notice } from '../core/notice.ts';
import type { EditorStore } from './editor.svelte.ts';
import { loadWords } from './words.ts';

export function selectAll(ed: EditorStore) {
  if (ed.level) ed.selection = { x1: 0, y1: 0, x2: ed.level.width - 1, y2: ed.level.height - 1 };
}

/**
 * Loads what the selection's edits need on a version 2 level or game: the block code, place_block and
 * the layout tools, and their words (the palette calls it where it offers the layout tools).
 */
export function loadBlockEdits(): Promise<unknown> {
  return Promise.all([loadLayoutTools(), loadWords('block')]);
}

type Block = NonNullable<ReturnType<typeof blockCode>>;

/**
 * The block code where the open level needs it (a version 2 level or game, or a clip that carries a
 * layout): null where it does not. Not loaded yet (the palette loads it with the layout tools): `false`,
 * the load started and the designer told to try again.
 */
function blockFor(ed: EditorStore, clip?: Clip | null): Block | null | false {
  if ((ed.level as { version?: number } | null)?.version !== 2 && ed.game.version !== 2 && !clip?.layout) return null;
  const m = blockCode();
  if (m) return m;
  void loadBlockEdits();
  ed.notice = notice('sel.loading');
  return false;
}

/** A multi-cell piece partly inside the selection: nothing is done, and the designer told which (a piece moves whole). */
function refuseCutPieces(ed: EditorStore, m: Block, r: Rect): boolean {
  const p = m.piecesCut(ed.level!, ed.game, r)[0];
  if (p) ed.notice = notice('sel.pieceCut', { id: p.id, cell: cellName(p.x, p.y) });
  return !!p;
}

const CELL_IN_TEXT = /cells\[(\d+)\]\[(\d+)\]/g;
/** A §12.4 problem as a notice: the cell it names and its reason by key, cells named as the rulers name them. */
export function pieceNotice(key: string, p: PieceProblem): Notice {
  const params = Object.fromEntries(Object.entries(p.params ?? {}).map(([k, v]) => [k, typeof v === 'string' ? v.replace(CELL_IN_TEXT, (_, y: string, x: string) => cellName(Number(x), Number(y))) : v]));
  return notice(key, { cell: cellName(Number(p.path[2]), Number(p.path[1])), reason: notice('problem.' + p.key, params) });
}

/**
 * Lands a block (place_block) as one undo step: refused with §12.4's reason when a multi-cell piece would
 * not fit; `done` is said unless layout entries were dropped, which the notice then counts.
 */
function landBlock(ed: EditorStore, m: Block, label: Notice, b: PlaceBlock, done: Notice | null): LevelT | null {
  const pre = m.placeBlock(ed.level!, ed.game, b);
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

export function copy(ed: EditorStore): boolean {
  if (!ed.level || !ed.selection) return false;
  const m = blockFor(ed);
  if (m === false) return false;
  if (m) {
    if (refuseCutPieces(ed, m, ed.selection)) return false;
    const { clip, cut } = m.extractBlock(ed.level, ed.selection);
    ed.clipboard = clip;
    const n = m.layoutSize(clip.layout);
    ed.notice = cut ? notice('sel.copiedCut', { w: clip.width, h: clip.height, n: cut }) : n ? notice('sel.copiedLayout', { w: clip.width, h: clip.height, n }) : notice('sel.copied', { w: clip.width, h: clip.height });
    return true;
  }
  ed.clipboard = extractClip(ed.level, ed.selection);
  ed.notice = notice('sel.copied', { w: ed.clipboard.width, h: ed.clipboard.height });
  return true;
}

export function cut(ed: EditorStore): boolean {
  if (!copy(ed)) return false;
  const clip = ed.clipboard!;
  const s = ed.selection!;
  const m = blockFor(ed);
  if (m) return !!landBlock(ed, m, notice('sel.cut'), { x: s.x1, y: s.y1, clear: s }, notice('sel.cutDone', { w: clip.width, h: clip.height }));
  const ok = m === null && ed.transact(notice('sel.cut'), [clearIntent(s)]).ok;
  if (ok) ed.notice = notice('sel.cutDone', { w: clip.width, h: clip.height });
  return ok;
}

/** Where a paste lands when no cell is given: the cell under the pointer, the keyboard cursor, the selection, the top-left. */
export function pasteTarget(ed: EditorStore): [number, number] {
  return ed.hover ?? ed.cursor ?? (ed.selection ? [ed.selection.x1, ed.selection.y1] : [0, 0]);
}

/**
 * Pastes the clipboard with its top-left at (x, y), as one undo step; the pasted block becomes the
 * selection. On a version 2 level (or with a clip that carries a layout) the pasted cells replace the
 * layout wholly inside them too: the clip's own comes with them.
 */
export function paste(ed: EditorStore, at: [number, number] = pasteTarget(ed)): boolean {
  if (!ed.level) return false;
  const clip = ed.clipboard;
  if (!clip) {
    ed.notice = notice('sel.emptyClipboard');
    return false;
  }
  const [x, y] = at;
  const m = blockFor(ed, clip);
  if (m === false) return false;
  const level = m ? landBlock(ed, m, notice('sel.paste'), { x, y, cells: clip.cells, layout: clip.layout ?? {} }, null) : okLevel(ed.transact(notice('sel.paste'), [pasteIntent(clip, x, y)]));
  if (!level) return false;
  ed.selection = placed(clip, x, y, level);
  return true;
}

export function deleteSelection(ed: EditorStore): boolean {
  const s = ed.selection;
  if (!s || !ed.level) return false;
  const m = blockFor(ed);
  if (m === false || (m && refuseCutPieces(ed, m, s))) return false;
  if (m) return !!landBlock(ed, m, notice('sel.delete'), { x: s.x1, y: s.y1, clear: s }, null);
  return ed.transact(notice('sel.delete'), [clearIntent(s)]).ok;
}

/** The farthest a selection can move by (dx, dy) and stay on the board. */
export function clampMove(ed: EditorStore, dx: number, dy: number): [number, number] {
  const s = ed.selection,
    l = ed.level;
  if (!s || !l) return [0, 0];
  return [Math.max(-s.x1, Math.min(l.width - 1 - s.x2, dx)), Math.max(-s.y1, Math.min(l.height - 1 - s.y2, dy))];
}

/** Moves the selected cells (every layer, and on a version 2 level the layout inside them) by (dx, dy), leaving plain cells behind: one undo step. */
export function moveSelection(ed: EditorStore, dx: number, dy: number): boolean {
  const s = ed.selection;
  if (!ed.level || !s) return false;
  [dx, dy] = clampMove(ed, dx, dy);
  if (dx === 0 && dy === 0) return false;
  const m = blockFor(ed);
  if (m === false || (m && refuseCutPieces(ed, m, s))) return false;
  let ok: boolean;
  if (m) {
    const { clip, cut } = m.extractBlock(ed.level, s);
    ok = !!landBlock(ed, m, notice('sel.move'), { x: s.x1 + dx, y: s.y1 + dy, cells: clip.cells, layout: clip.layout ?? {}, clear: s }, cut ? notice('sel.layoutLeft', { n: cut }) : null);
  } else {
    const clip = extractClip(ed.level, s);
    ok = ed.transact(notice('sel.move'), [clearIntent(s), pasteIntent(clip, s.x1 + dx, s.y1 + dy)]).ok;
  }
  if (ok) ed.selection = { x1: s.x1 + dx, y1: s.y1 + dy, x2: s.x2 + dx, y2: s.y2 + dy };
  return ok;
}

/**
 * Flips or turns the selected cells in place: one undo step. A turned block keeps its top-left where it
 * fits, else moves back just enough to stay on the board. On a version 2 level its layout turns with it
 * (a wall to the matching edge, a belt's order and a portal's ends with their cells) and its multi-cell
 * pieces keep their anchor at their top-left; a piece that is not square is not turned (refused).
 */
export function transformSelection(ed: EditorStore, how: ClipTransform): boolean {
  const s = ed.selection,
    l = ed.level;
  if (!l || !s) return false;
  const m = blockFor(ed);
  if (m === false || (m && refuseCutPieces(ed, m, s))) return false;
  let cut = 0;
  let clip: Clip;
  if (m) {
    const taken = m.extractBlock(l, s);
    const odd = how.startsWith('rotate') ? m.piecesNotTurnable(taken.clip, ed.game)[0] : undefined;
    if (odd) {
      ed.notice = notice('sel.pieceNotSquare', { id: odd.id, cell: cellName(s.x1 + odd.x, s.y1 + odd.y), w: odd.w, h: odd.h });
      return false;
    }
    clip = m.transformBlock(taken.clip, how, ed.game);
    cut = taken.cut;
  } else clip = transformClip(extractClip(l, s), how);
  const x = Math.max(0, Math.min(s.x1, l.width - clip.width)),
    y = Math.max(0, Math.min(s.y1, l.height - clip.height));
  const label = notice('sel.' + how);
  const level = m
    ? landBlock(ed, m, label, { x, y, cells: clip.cells, layout: clip.layout ?? {}, clear: s }, cut ? notice('sel.layoutLeft', { n: cut }) : null)
    : okLevel(ed.transact(label, how.startsWith('flip') ? [pasteIntent(clip, x, y)] : [clearIntent(s), pasteIntent(clip, x, y)]));
  if (level) ed.selection = placed(clip, x, y, level);
  return !!level;
}

const okLevel = (r: { ok: true; level: LevelT } | { ok: false }): LevelT | null => (r.ok ? r.level : null);
const clearIntent = (r: Rect): Intent => ({ tool: 'clear_region', args: { ...r } });
const pasteIntent = (clip: Clip, x: number, y: number): Intent => ({ tool: 'paste_cells', args: { x, y, cells: clip.cells } });
function placed(clip: Clip, x: number, y: number, level: LevelT): Rect {
  return { x1: x, y1: y, x2: Math.min(level.width - 1, x + clip.width - 1), y2: Math.min(level.height - 1, y + clip.height - 1) };
}
