/** True when a key press belongs to a text field (so global shortcuts leave it alone). */
export function isEditableTarget(t: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(t instanceof HTMLElement)) return false; // (no DOM: node tests)
  if (t.isContentEditable) return true;
  if (t instanceof HTMLTextAreaElement) return true;
  if (t instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'range', 'color', 'file'].includes(t.type);
  return t instanceof HTMLSelectElement;
}

/** True when a key press happens inside a dialog (play-test, settings), which handles its own keys. */
export function isInDialog(t: EventTarget | null): boolean {
  return typeof Element !== 'undefined' && t instanceof Element && t.closest('dialog') !== null;
}
