/** True when a key press belongs to a text field (so global shortcuts leave it alone). */
export function isEditableTarget(t: EventTarget | null): boolean {
  if (!(t instanceof HTMLElement)) return false;
  if (t.isContentEditable) return true;
  if (t instanceof HTMLTextAreaElement) return true;
  if (t instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'range', 'color', 'file'].includes(t.type);
  return t instanceof HTMLSelectElement;
}
