// Nothing on screen is lost on a reload or a closed tab: a level field holding a typed value not yet
// committed makes the status say Unsaved; when the page is hidden (visibilitychange, pagehide) that
// field is committed and every pending write is flushed.
import type { Notices } from '../../stores/notices.svelte.ts';
import type { Session } from '../studio.ts';

/** A field of the open level (properties, objectives): its typed value is level data not yet stored. */
const levelField = (el: EventTarget | null): el is HTMLInputElement | HTMLTextAreaElement =>
  (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) && !!el.closest('aside.right');

export function watchUnsaved(notices: Pick<Notices, 'typing'>, session: Pick<Session, 'flushOnHide'>): () => void {
  const typed = (e: Event) => {
    if (levelField(e.target)) notices.typing = true;
  };
  const settled = (e: Event) => {
    if (levelField(e.target)) notices.typing = false;
  };
  const hide = () => {
    const el = document.activeElement;
    // the change the field would send on Enter or blur, sent now (a second one later changes nothing)
    if (notices.typing && levelField(el)) el.dispatchEvent(new Event('change', { bubbles: true }));
    notices.typing = false;
    session.flushOnHide();
  };
  const visibility = () => document.visibilityState === 'hidden' && hide();
  document.addEventListener('input', typed, true);
  document.addEventListener('change', settled, true);
  document.addEventListener('focusout', settled, true);
  document.addEventListener('visibilitychange', visibility);
  window.addEventListener('pagehide', hide);
  window.addEventListener('beforeunload', hide);
  return () => {
    document.removeEventListener('input', typed, true);
    document.removeEventListener('change', settled, true);
    document.removeEventListener('focusout', settled, true);
    document.removeEventListener('visibilitychange', visibility);
    window.removeEventListener('pagehide', hide);
    window.removeEventListener('beforeunload', hide);
  };
}
