// The board's selected block as edits: select all, copy, cut, paste, delete, move, flip and turn, each
// change one undo step through the editor's `transact` (registry intents: clear_region, paste_cells).
// The selection and the clipboard are the editor's state (editor.svelte.ts clears and clamps them as the
// level changes); these are the operations on them, called by the palette, the shortcuts and the board.
import type { LevelT } from '../core/level/index.ts';
import type { Intent } from '../core/tools/index.ts';
import { extractClip, transformClip, type Clip, type ClipTransform, type Rect } from '../core/edit/index.ts';
import { notice } from '../core/notice.ts';
import type { EditorStore } from './editor.svelte.ts';

export function selectAll(ed: EditorStore) {
  if (ed.level) ed.selection = { x1: 0, y1: 0, x2: ed.level.width - 1, y2: ed.level.height - 1 };
}

export function copy(ed: EditorStore): boolean {
  if (!ed.level || !ed.selection) return false;
  ed.clipboard = extractClip(ed.level, ed.selection);
  ed.notice = notice('sel.copied', { w: ed.clipboard.width, h: ed.clipboard.height });
  return true;
}

export function cut(ed: EditorStore): boolean {
  if (!copy(ed)) return false;
  const clip = ed.clipboard!;
  const ok = ed.transact(notice('sel.cut'), [clearIntent(ed.selection!)]).ok;
  if (ok) ed.notice = notice('sel.cutDone', { w: clip.width, h: clip.height });
  return ok;
}

/** Where a paste lands when no cell is given: the cell under the pointer, the keyboard cursor, the selection, the top-left. */
export function pasteTarget(ed: EditorStore): [number, number] {
  return ed.hover ?? ed.cursor ?? (ed.selection ? [ed.selection.x1, ed.selection.y1] : [0, 0]);
}

/** Pastes the clipboard with its top-left at (x, y), as one undo step; the pasted block becomes the selection. */
export function paste(ed: EditorStore, at: [number, number] = pasteTarget(ed)): boolean {
  if (!ed.level) return false;
  if (!ed.clipboard) {
    ed.notice = notice('sel.emptyClipboard');
    return false;
  }
  const [x, y] = at;
  const r = ed.transact(notice('sel.paste'), [pasteIntent(ed.clipboard, x, y)]);
  if (!r.ok) return false;
  ed.selection = placed(ed.clipboard, x, y, r.level);
  return true;
}

export function deleteSelection(ed: EditorStore): boolean {
  if (!ed.selection) return false;
  return ed.transact(notice('sel.delete'), [clearIntent(ed.selection)]).ok;
}

/** The farthest a selection can move by (dx, dy) and stay on the board. */
export function clampMove(ed: EditorStore, dx: number, dy: number): [number, number] {
  const s = ed.selection,
    l = ed.level;
  if (!s || !l) return [0, 0];
  return [Math.max(-s.x1, Math.min(l.width - 1 - s.x2, dx)), Math.max(-s.y1, Math.min(l.height - 1 - s.y2, dy))];
}

/** Moves the selected cells (every layer) by (dx, dy), leaving plain cells behind: one undo step. */
export function moveSelection(ed: EditorStore, dx: number, dy: number): boolean {
  const s = ed.selection;
  if (!ed.level || !s) return false;
  [dx, dy] = clampMove(ed, dx, dy);
  if (dx === 0 && dy === 0) return false;
  const clip = extractClip(ed.level, s);
  const r = ed.transact(notice('sel.move'), [clearIntent(s), pasteIntent(clip, s.x1 + dx, s.y1 + dy)]);
  if (r.ok) ed.selection = { x1: s.x1 + dx, y1: s.y1 + dy, x2: s.x2 + dx, y2: s.y2 + dy };
  return r.ok;
}

/**
 * Flips or turns the selected cells in place: one undo step. A turned block keeps its top-left where it
 * fits, else moves back just enough to stay on the board.
 */
export function transformSelection(ed: EditorStore, how: ClipTransform): boolean {
  const s = ed.selection,
    l = ed.level;
  if (!l || !s) return false;
  const clip = transformClip(extractClip(l, s), how);
  const x = Math.max(0, Math.min(s.x1, l.width - clip.width)),
    y = Math.max(0, Math.min(s.y1, l.height - clip.height));
  const intents = how.startsWith('flip') ? [pasteIntent(clip, x, y)] : [clearIntent(s), pasteIntent(clip, x, y)];
  const r = ed.transact(notice('sel.' + how), intents);
  if (r.ok) ed.selection = placed(clip, x, y, r.level);
  return r.ok;
}

const clearIntent = (r: Rect): Intent => ({ tool: 'clear_region', args: { ...r } });
const pasteIntent = (clip: Clip, x: number, y: number): Intent => ({ tool: 'paste_cells', args: { x, y, cells: clip.cells } });
function placed(clip: Clip, x: number, y: number, level: LevelT): Rect {
  return { x1: x, y1: y, x2: Math.min(level.width - 1, x + clip.width - 1), y2: Math.min(level.height - 1, y + clip.height - 1) };
}
