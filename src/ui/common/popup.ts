// Popups that stay inside the window (issue 22): the difficulty explainer, the conversation menu and any
// other popover placed beside the control that opens it. One pure placement function, and a Svelte action
// that shows the popup in the top layer (the Popover API: no column's overflow or containment clips it)
// and places it with that function whenever it opens, the window changes size or something scrolls.
//
// CSS anchor positioning would do the placing in Chromium (125+), but not in every browser the studio
// supports; this is a few lines and behaves the same everywhere.

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Placement {
  left: number;
  top: number;
  /** Where it went: under the anchor (preferred), or above it when there is more room there. */
  side: 'below' | 'above';
  /** Height it may take on that side (it scrolls inside past this). */
  maxHeight: number;
  /** Width it may take (the window's, less the margins). */
  maxWidth: number;
}

export interface PlaceOptions {
  /** Space between the anchor and the popup. */
  gap?: number;
  /** Space kept free at the window's edges. */
  margin?: number;
  /** Which of the anchor's edges the popup lines up with: its left edge (start) or its right edge (end). */
  align?: 'start' | 'end';
}

/**
 * Where a popup of `size` goes beside `anchor` in a window of `view`: below the anchor if it fits there,
 * else on whichever side has more room (flip); then moved sideways and, if need be, up or down so that
 * all of it lies inside the window (shift). A popup larger than the room gets a maximum size to scroll in.
 */
export function placePopup(anchor: Box, size: { width: number; height: number }, view: { width: number; height: number }, o: PlaceOptions = {}): Placement {
  const gap = o.gap ?? 4;
  const margin = o.margin ?? 8;
  const maxWidth = Math.max(0, view.width - 2 * margin);
  const width = Math.min(size.width, maxWidth);
  const below = view.height - margin - (anchor.top + anchor.height + gap);
  const above = anchor.top - gap - margin;
  const side: Placement['side'] = size.height <= below || below >= above ? 'below' : 'above';
  const room = Math.max(0, side === 'below' ? below : above);
  // a popup taller than both sides: as tall as the window allows, shifted over the anchor if need be
  const maxHeight = size.height <= room ? room : Math.max(room, Math.min(size.height, view.height - 2 * margin));
  const height = Math.min(size.height, maxHeight);
  let top = side === 'below' ? anchor.top + anchor.height + gap : anchor.top - gap - height;
  top = clamp(top, margin, view.height - margin - height);
  let left = o.align === 'end' ? anchor.left + anchor.width - width : anchor.left;
  left = clamp(left, margin, view.width - margin - width);
  return { left, top, side, maxHeight, maxWidth };
}

function clamp(x: number, lo: number, hi: number) {
  return Math.max(lo, Math.min(hi, x));
}

export interface AnchoredOptions extends PlaceOptions {
  /** The control the popup belongs to (its button). */
  anchor: () => Element | null | undefined;
}

/**
 * Svelte action for an element with the `popover` attribute: each time it opens it is placed beside its
 * anchor with placePopup, and kept there while open (resize, scroll, its own size changing). The element
 * carries `data-side` ("below" or "above") for its styles and for tests.
 */
export function anchoredPopup(popup: HTMLElement, options: AnchoredOptions) {
  let o = options;
  let frame = 0;
  function place() {
    frame = 0;
    const anchor = o.anchor();
    if (!anchor || !popup.matches(':popover-open')) return;
    // measure at the natural size, then place
    popup.style.maxHeight = '';
    popup.style.maxWidth = '';
    const a = anchor.getBoundingClientRect();
    const p = popup.getBoundingClientRect();
    const at = placePopup({ left: a.left, top: a.top, width: a.width, height: a.height }, { width: p.width, height: p.height }, { width: document.documentElement.clientWidth, height: document.documentElement.clientHeight }, o);
    popup.style.left = `${at.left}px`;
    popup.style.top = `${at.top}px`;
    popup.style.maxHeight = `${at.maxHeight}px`;
    popup.style.maxWidth = `${at.maxWidth}px`;
    popup.dataset.side = at.side;
  }
  const later = () => {
    if (!frame) frame = requestAnimationFrame(place);
  };
  const sized = new ResizeObserver(later);
  // beforetoggle comes as showPopover() starts, before the popup is shown: placing it in the next animation
  // frame (it is open by then, and nothing has been painted) means it never shows where it does not belong
  function ontoggle(e: Event) {
    const open = (e as ToggleEvent).newState === 'open';
    if (open) {
      later();
      addEventListener('resize', later);
      addEventListener('scroll', later, true);
      sized.observe(popup);
    } else stop();
  }
  function stop() {
    removeEventListener('resize', later);
    removeEventListener('scroll', later, true);
    sized.disconnect();
    if (frame) cancelAnimationFrame(frame);
    frame = 0;
  }
  popup.addEventListener('beforetoggle', ontoggle);
  // the popover is in the top layer at the window's coordinates, not in the page's flow
  Object.assign(popup.style, { position: 'fixed', inset: 'auto', margin: '0', overflow: 'auto' });
  return {
    update(next: AnchoredOptions) {
      o = next;
      later();
    },
    destroy() {
      stop();
      popup.removeEventListener('beforetoggle', ontoggle);
    },
  };
}
