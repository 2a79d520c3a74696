// The editor's keyboard: one table of shortcuts beside the tool table. The global key handler reads it,
// and the `?` dialog lists it, so what the dialog says is what the keys do.
import type { EditorStore } from '../../stores/editor.svelte.ts';
import { LAYERS } from '../../stores/brush.ts';
import { TOOL_TABLE, layoutToolsOn, toolForKey } from '../../stores/toolTable.ts';
import { MIRROR_MODES } from '../../core/edit/index.ts';
import { isEditableTarget, isInDialog } from '../common/keys.ts';
import * as block from '../../stores/selection.ts';

export interface EditorUi {
  openShortcuts: () => void;
}

export interface Shortcut {
  /** As shown in the dialog ("Ctrl+C"); `Mod` reads Ctrl (⌘ on a Mac). */
  keys: string;
  /** Catalogue key of what it does. */
  label: string;
  /** Absent for keys the board handles itself (arrows, Space) or the mouse: listed, not dispatched here. */
  match?: (e: KeyboardEvent, editor: EditorStore) => boolean;
  run?: (editor: EditorStore, ui: EditorUi, e: KeyboardEvent) => void;
  /** Leave the browser's own handling too (Escape also closes dialogs and menus). */
  keepDefault?: boolean;
}

const mod = (e: KeyboardEvent) => e.ctrlKey || e.metaKey;
const plain = (e: KeyboardEvent) => !mod(e) && !e.altKey;
const key = (e: KeyboardEvent, k: string) => e.key.toLowerCase() === k;
const selecting = (ed: EditorStore) => ed.tool === 'select' && ed.selection !== null;
/** True when the page has text selected (a copy then belongs to the text, not the board). */
const textSelected = () => typeof document !== 'undefined' && !!document.getSelection() && document.getSelection()!.isCollapsed === false;

export const SHORTCUTS: readonly Shortcut[] = [
  { keys: 'Mod+Z', label: 'keys.undo', match: (e) => mod(e) && !e.shiftKey && key(e, 'z'), run: (ed) => void ed.undoStep() },
  { keys: 'Mod+Shift+Z / Mod+Y', label: 'keys.redo', match: (e) => mod(e) && ((e.shiftKey && key(e, 'z')) || key(e, 'y')), run: (ed) => void ed.redoStep() },
  { keys: '1 2 3', label: 'keys.layer', match: (e) => plain(e) && !e.shiftKey && ['1', '2', '3'].includes(e.key), run: (ed, _, e) => (ed.layer = LAYERS[Number(e.key) - 1]) },
  {
    keys: 'Shift+1 2 3',
    label: 'keys.showLayer',
    match: (e) => plain(e) && e.shiftKey && /^Digit[123]$/.test(e.code),
    run: (ed, _, e) => {
      const l = LAYERS[Number(e.code.slice(5)) - 1];
      ed.hidden = { ...ed.hidden, [l]: !ed.hidden[l] };
    },
  },
  { keys: 'M', label: 'keys.mirror', match: (e) => plain(e) && key(e, 'm'), run: (ed) => (ed.mirror = MIRROR_MODES[(MIRROR_MODES.indexOf(ed.mirror) + 1) % MIRROR_MODES.length]) },
  { keys: 'Mod+A', label: 'keys.selectAll', match: (e, ed) => mod(e) && key(e, 'a') && ed.tool === 'select', run: (ed) => block.selectAll(ed) },
  { keys: 'Mod+C', label: 'keys.copy', match: (e, ed) => mod(e) && key(e, 'c') && selecting(ed) && !textSelected(), run: (ed) => block.copy(ed) },
  { keys: 'Mod+X', label: 'keys.cut', match: (e, ed) => mod(e) && key(e, 'x') && selecting(ed) && !textSelected(), run: (ed) => block.cut(ed) },
  {
    keys: 'Mod+V',
    label: 'keys.paste',
    match: (e) => mod(e) && !e.shiftKey && key(e, 'v'),
    run: (ed) => {
      if (block.paste(ed)) ed.tool = 'select';
    },
  },
  { keys: 'Delete / Backspace', label: 'keys.delete', match: (e, ed) => plain(e) && (e.key === 'Delete' || e.key === 'Backspace') && selecting(ed), run: (ed) => block.deleteSelection(ed) },
  { keys: 'X', label: 'keys.flipX', match: (e, ed) => plain(e) && !e.shiftKey && key(e, 'x') && selecting(ed), run: (ed) => block.transformSelection(ed, 'flip_x') },
  { keys: 'Y', label: 'keys.flipY', match: (e, ed) => plain(e) && !e.shiftKey && key(e, 'y') && selecting(ed), run: (ed) => block.transformSelection(ed, 'flip_y') },
  { keys: 'Z', label: 'keys.rotateCw', match: (e, ed) => plain(e) && !e.shiftKey && key(e, 'z') && selecting(ed), run: (ed) => block.transformSelection(ed, 'rotate_cw') },
  { keys: 'Shift+Z', label: 'keys.rotateCcw', match: (e, ed) => plain(e) && e.shiftKey && key(e, 'z') && selecting(ed), run: (ed) => block.transformSelection(ed, 'rotate_ccw') },
  {
    keys: 'Esc',
    label: 'keys.escape',
    keepDefault: true,
    match: (e) => e.key === 'Escape',
    run: (ed) => {
      ed.cancelStroke();
      ed.select(null);
    },
  },
  { keys: '←↑→↓', label: 'keys.arrows' },
  { keys: 'Space / Enter', label: 'keys.apply' },
  { keys: 'Shift+←↑→↓', label: 'keys.extend' },
  { keys: 'Alt+←↑→↓', label: 'keys.nudge' },
  { keys: 'Right-click', label: 'keys.rightClick' },
  { keys: '?', label: 'keys.help', match: (e) => e.key === '?' && !mod(e), run: (_, ui) => ui.openShortcuts() },
];

/**
 * A level field (`data-committed`: the level's value it shows) with nothing typed since its value went
 * into the level: its undo and redo keys are the level's (a Width confirmed with Enter and then Ctrl+Z
 * undoes the resize, as in the best editors), not the field's own text undo.
 */
function holdsCommitted(t: EventTarget | null): boolean {
  return typeof HTMLInputElement !== 'undefined' && t instanceof HTMLInputElement && t.dataset.committed !== undefined && t.value === t.dataset.committed;
}
const historyKey = (e: KeyboardEvent) => mod(e) && !e.altKey && (key(e, 'z') || key(e, 'y'));

/**
 * Handles a key press for the editor. Returns whether it was used. Text fields keep their own keys
 * (typing, their own undo; but see holdsCommitted); the shortcuts act on the board everywhere else.
 */
export function handleEditorKey(e: KeyboardEvent, editor: EditorStore, ui: EditorUi): boolean {
  if (isEditableTarget(e.target) && !(historyKey(e) && holdsCommitted(e.target))) return false;
  if (isInDialog(e.target)) return false;
  if (editor.level === null) return false;
  for (const s of SHORTCUTS) {
    if (!s.match?.(e, editor)) continue;
    if (!s.keepDefault) e.preventDefault();
    s.run?.(editor, ui, e);
    return true;
  }
  if (!plain(e) || e.shiftKey) return false;
  const tool = toolForKey(e.key, layoutToolsOn(editor.level, editor.game));
  if (!tool) return false;
  editor.tool = tool;
  return true;
}

/** Rows for the shortcuts dialog: the tools first (from the tool table), then the rest. */
export function shortcutRows(): { keys: string; label: string }[] {
  return [...TOOL_TABLE.map((t) => ({ keys: t.key, label: t.label })), ...SHORTCUTS.map((s) => ({ keys: s.keys, label: s.label }))];
}
