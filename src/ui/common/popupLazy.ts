// anchoredPopup (./popup.ts) for popups on the first page (the difficulty explainer): its code loads when
// the popup first opens, not with the page (docs/performance.md, "First load"). Until it is placed the
// popup is invisible, so it never shows where it does not belong.
import type { AnchoredOptions } from './popup.ts';

export function lazyPopup(popup: HTMLElement, options: AnchoredOptions) {
  let o = options;
  let real: { opened(): void; update(o: AnchoredOptions): void; destroy(): void } | null = null;
  let gone = false;
  async function first(e: Event) {
    if ((e as ToggleEvent).newState !== 'open') return;
    popup.removeEventListener('beforetoggle', first);
    popup.style.visibility = 'hidden';
    const { anchoredPopup } = await import('./popup.ts');
    if (gone) return;
    real = anchoredPopup(popup, o);
    if (popup.matches(':popover-open')) real.opened();
    else popup.style.visibility = '';
  }
  popup.addEventListener('beforetoggle', first);
  return {
    update(next: AnchoredOptions) {
      o = next;
      real?.update(next);
    },
    destroy() {
      gone = true;
      popup.removeEventListener('beforetoggle', first);
      real?.destroy();
    },
  };
}
