// The WAI-ARIA radio group keys for groups drawn as `role="radio"` buttons: one tab stop per group (the
// checked radio, else the first), arrows move the choice and the focus (wrapping), Home/End go to the
// ends. Choosing clicks the radio, so a key does exactly what a click does. Native <input type=radio>
// groups have these keys already and need nothing.

/** Keys that move the choice, and where to: the index in a group of `n` from `i`. */
const MOVES: Record<string, (i: number, n: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowDown: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  ArrowUp: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

/** The group's own radios (not those of a group nested inside it), enabled ones only. */
function radiosOf(group: HTMLElement): HTMLElement[] {
  return [...group.querySelectorAll<HTMLElement>('[role="radio"]')].filter(
    (r) => r.closest('[role="radiogroup"]') === group && !r.hasAttribute('disabled') && r.getAttribute('aria-disabled') !== 'true',
  );
}

/** Svelte action for an element with `role="radiogroup"`. */
export function radioGroup(group: HTMLElement) {
  /** Roving tabindex: only the checked radio (or the first) is reached with Tab. */
  function rove() {
    const radios = radiosOf(group);
    const current = radios.find((r) => r.getAttribute('aria-checked') === 'true') ?? radios[0];
    for (const r of radios) {
      const index = r === current ? '0' : '-1';
      if (r.getAttribute('tabindex') !== index) r.setAttribute('tabindex', index);
    }
    if (current) reveal(current);
  }
  /** A group that scrolls in its own box (the palette's values) keeps its checked radio in view, scrolling only itself. */
  function reveal(radio: HTMLElement) {
    if (group.scrollHeight <= group.clientHeight) return;
    const r = radio.getBoundingClientRect(), g = group.getBoundingClientRect();
    if (r.top < g.top) group.scrollTop -= g.top - r.top;
    else if (r.bottom > g.bottom) group.scrollTop += r.bottom - g.bottom;
  }
  function onkeydown(e: KeyboardEvent) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const move = MOVES[e.key];
    const radios = radiosOf(group);
    const from = radios.indexOf(e.target as HTMLElement);
    if (!move || from < 0) return;
    e.preventDefault();
    const to = radios[move(from, radios.length)]!;
    to.focus();
    if (to.getAttribute('aria-checked') !== 'true') to.click();
  }
  // the checked radio changes by click, by key or from elsewhere (a shortcut, the eyedropper): follow it
  const watch = new MutationObserver(rove);
  watch.observe(group, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-checked', 'disabled'] });
  group.addEventListener('keydown', onkeydown);
  rove();
  return {
    destroy() {
      watch.disconnect();
      group.removeEventListener('keydown', onkeydown);
    },
  };
}
