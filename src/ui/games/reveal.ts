// The game editor's scroll to an element group (issue 41): the dialog's top part (title, game fields,
// toolbar) stays above the scrolling elements region, so a field focused alone could come into view with
// its group's first row cut off at the region's top edge.
/**
 * Scrolls the elements region to the group holding `el`, from its top: the dialog's top part (title,
 * game fields, toolbar) stays above the region, and a field focused alone came into view with its
 * group's first row cut off at that edge. The whole group where it fits, else its top with `el` in view.
 */
export function reveal(el: HTMLElement | null) {
  const group = el?.closest<HTMLElement>('.element');
  const region = group?.closest<HTMLElement>('.scroll');
  if (!el || !group || !region) return;
  const view = region.getBoundingClientRect();
  const g = group.getBoundingClientRect();
  const GAP = 8;
  let by: number;
  if (g.height + 2 * GAP <= view.height) by = g.top < view.top + GAP ? g.top - view.top - GAP : g.bottom > view.bottom - GAP ? g.bottom - view.bottom + GAP : 0;
  else by = Math.max(g.top - view.top - GAP, el.getBoundingClientRect().bottom - view.bottom + GAP);
  region.scrollTop += by;
}
