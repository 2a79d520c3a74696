// The game editor's own history of its draft (a designer's review: Undo and Redo took back saved
// changes only). While the dialog is open, Ctrl+Z / Ctrl+Shift+Z (Ctrl+Y) and its Undo/Redo buttons take
// the draft's edits back one by one — an element's fields, its behaviours, its effects added, moved or
// removed, an element added, moved or removed — as LDtk and Tiled do. Each step keeps the draft as it was
// after the change; a run of changes in one field (a name typed key by key, a colour dragged) is one
// step. Save, or a step of the saved history, starts it again from the game as stored: the save itself
// is one step of the games' history, as before. Loaded with the game editor only.
import type { GameDraft } from './gameDraft.ts';
import { addCatalogPart, t } from '../../i18n/index.svelte.ts';
import strings from '../../i18n/catalog/lazy/gameEditor.ts';
addCatalogPart(strings); // (its step labels' words: the game editor's part, loaded with it)

interface Entry {
  /** The draft after the change (a plain copy). */
  draft: GameDraft;
  /** What the change was, in the designer's words ("Sugar chest: Hit points"). */
  label: string;
  /** The field whose run of changes this step gathers (null: a change of its own). */
  field: object | null;
}

/** How many steps are kept; the oldest go first. */
const KEEP = 200;
/** A plain copy of the draft (its fields are text, numbers, flags and lists; not $state.snapshot, whose code would join the first page's shared chunk). */
const copy = (d: GameDraft): GameDraft => JSON.parse(JSON.stringify(d)) as GameDraft;

export class DraftHistory {
  #entries: Entry[] = [];
  /** The entry the draft shows now. */
  #at = $state(0);
  #length = $state(1);
  /** Whether the next change in the same field joins the last step (not after an undo or redo). */
  #joinable = false;

  constructor(draft: GameDraft) {
    this.reset(draft);
  }

  /** Starts again from `draft` (opened, saved, stepped in the saved history, duplicated). */
  reset(draft: GameDraft) {
    this.#entries = [{ draft: copy(draft), label: '', field: null }];
    this.#at = 0;
    this.#length = 1;
    this.#joinable = false;
  }

  /** The draft changed (`label`: what changed; `field`: the field typed in, whose next changes join this step). */
  record(draft: GameDraft, label: string, field: object | null) {
    const last = this.#entries[this.#at];
    if (field && this.#joinable && last.field === field && this.#at === this.#entries.length - 1) {
      last.draft = copy(draft);
      return;
    }
    this.#entries = this.#entries.slice(Math.max(0, this.#at + 1 - KEEP), this.#at + 1);
    this.#entries.push({ draft: copy(draft), label, field });
    this.#at = this.#entries.length - 1;
    this.#length = this.#entries.length;
    this.#joinable = true;
  }

  get undoLabel(): string | null {
    return this.#at > 0 ? this.#entries[this.#at].label : null;
  }
  get redoLabel(): string | null {
    return this.#at < this.#length - 1 ? this.#entries[this.#at + 1].label : null;
  }
  /** Whether the draft is as it started (opened, saved): nothing of this dialog's to undo. */
  get atStart(): boolean {
    return this.#at === 0;
  }

  /** One step back or forward: the draft to show and the step's label, or null at an end. */
  step(way: 'undo' | 'redo'): { draft: GameDraft; label: string } | null {
    const label = way === 'undo' ? this.undoLabel : this.redoLabel;
    if (label === null) return null;
    this.#at += way === 'undo' ? -1 : 1;
    this.#joinable = false;
    return { draft: copy(this.#entries[this.#at].draft), label };
  }
}

/** A field whose changes come in runs (typing, a colour dragged): any input but a checkbox or radio, a text area. */
export function runField(el: Element | null): Element | null {
  if (el instanceof HTMLTextAreaElement) return el;
  return el instanceof HTMLInputElement && el.type !== 'checkbox' && el.type !== 'radio' ? el : null;
}

/** Whether Ctrl+Z in `el` is the browser's own undo of typing (a text field), not the draft's. */
function typesText(el: EventTarget | null): boolean {
  if (el instanceof HTMLTextAreaElement) return true;
  return el instanceof HTMLInputElement && ['text', 'search', 'url', 'email', 'number', 'tel', 'password'].includes(el.type);
}

/** The draft step a key asks for: Ctrl/⌘+Z undo, Ctrl/⌘+Shift+Z or Ctrl+Y redo; null for any other key, or in a text field (its own undo of typing). */
export function undoKeyWay(e: KeyboardEvent): 'undo' | 'redo' | null {
  const k = e.key.toLowerCase();
  if (!(e.ctrlKey || e.metaKey) || e.altKey || (k !== 'z' && k !== 'y') || typesText(e.target)) return null;
  return k === 'y' || e.shiftKey ? 'redo' : 'undo';
}

/** The words of a change made with `el` (the control that has focus): its element's group and its own name ("Sugar chest: Hit points"). */
export function changeLabel(el: Element | null, fallback: string): string {
  if (!(el instanceof HTMLElement)) return fallback;
  const label = (el as HTMLInputElement).labels?.[0];
  const own = el.getAttribute('aria-label') ?? (label ? (label.querySelector('span')?.textContent ?? label.textContent) : el.textContent) ?? '';
  const group = el.closest('.element[role="group"]')?.getAttribute('aria-label');
  const name = own.trim();
  if (!name) return group || fallback;
  return group && group !== name ? t('gameEd.stepLabel', { group, name }) : name;
}
