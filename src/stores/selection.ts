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
import { notice } from '../core/notice.ts';
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
  return Promise.all([loadLayoutTools(), loadWords('block'), import('./selectionBlock.ts').then((m) => (blockEdits = m))]);
}
let blockEdits: typeof import('./selectionBlock.ts') | null = null;

/** The version 2 edits, once loaded (brushNotes.ts asks them why a multi-cell paint was refused). */
export const loadedBlockEdits = () => blockEdits;

/**
 * The version 2 edits where the open level needs them (a version 2 level or game, or a clip that carries
 * a layout): null where it does not. Not loaded yet (the palette loads them with the layout tools):
 * `false`, the load started and the designer told to try again.
 */
function blockFor(ed: EditorStore, clip?: Clip | null): typeof blockEdits | false {
  if ((ed.level as { version?: number } | null)?.version !== 2 && ed.game.version !== 2 && !clip?.layout) return null;
  if (blockEdits && blockCode()) return blockEdits;
  void loadBlockEdits();
  ed.notice = notice('sel.loading');
  return false;
}

export function copy(ed: EditorStore): boolean {
  if (!ed.level || !ed.selection) return false;
  const m = blockFor(ed);
  if (m !== null) return m !== false && m.copyBlock(ed, ed.selection);
  ed.clipboard = extractClip(ed.level, ed.selection);
  ed.notice = notice('sel.copied', { w: ed.clipboard.width, h: ed.clipboard.height });
  return true;
}

export function cut(ed: EditorStore): boolean {
  if (!copy(ed)) return false;
  const clip = ed.clipboard!;
  const s = ed.selection!;
  const m = blockFor(ed);
  if (m) return m.clearBlock(ed, s, notice('sel.cut'), notice('sel.cutDone', { w: clip.width, h: clip.height }));
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
  const level = m ? m.pasteBlock(ed, clip, x, y) : okLevel(ed.transact(notice('sel.paste'), [pasteIntent(clip, x, y)]));
  if (!level) return false;
  ed.selection = placed(clip, x, y, level);
  return true;
}

export function deleteSelection(ed: EditorStore): boolean {
  const s = ed.selection;
  if (!s || !ed.level) return false;
  const m = blockFor(ed);
  if (m === false) return false;
  if (m) return m.clearBlock(ed, s, notice('sel.delete'), null);
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
  if (m === false) return false;
  let ok: boolean;
  if (m) ok = m.moveBlock(ed, s, dx, dy);
  else {
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
  if (m === false) return false;
  const at = (clip: Clip): [number, number] => [Math.max(0, Math.min(s.x1, l.width - clip.width)), Math.max(0, Math.min(s.y1, l.height - clip.height))];
  if (m) {
    const r = m.turnBlock(ed, s, how, at);
    if (r) ed.selection = placed(r.clip, ...at(r.clip), r.level);
    return !!r;
  }
  const clip = transformClip(extractClip(l, s), how);
  const [x, y] = at(clip);
  const level = okLevel(ed.transact(notice('sel.' + how), how.startsWith('flip') ? [pasteIntent(clip, x, y)] : [clearIntent(s), pasteIntent(clip, x, y)]));
  if (level) ed.selection = placed(clip, x, y, level);
  return !!level;
}

const okLevel = (r: { ok: true; level: LevelT } | { ok: false }): LevelT | null => (r.ok ? r.level : null);
const clearIntent = (r: Rect): Intent => ({ tool: 'clear_region', args: { ...r } });
const pasteIntent = (clip: Clip, x: number, y: number): Intent => ({ tool: 'paste_cells', args: { x, y, cells: clip.cells } });
function placed(clip: Clip, x: number, y: number, level: LevelT): Rect {
  return { x1: x, y1: y, x2: Math.min(level.width - 1, x + clip.width - 1), y2: Math.min(level.height - 1, y + clip.height - 1) };
}
