// Resizing about an anchor: which old cell each new cell shows. Pure: tested in node.

export const ANCHORS = ['top-left', 'top', 'top-right', 'left', 'center', 'right', 'bottom-left', 'bottom', 'bottom-right'] as const;
export type Anchor = (typeof ANCHORS)[number];

/**
 * How far the old board moves inside the new one: a cell at old (x, y) lands at (x + dx, y + dy).
 * Growing adds the new cells on the far side of the anchor (both sides for the middle, the odd one at
 * the right or bottom); shrinking removes them the same way, so what sits at the anchor stays there.
 */
export function anchorOffset(anchor: Anchor, oldW: number, oldH: number, newW: number, newH: number): { dx: number; dy: number } {
  const [v, h] = anchorParts(anchor);
  const shift = (side: 'start' | 'middle' | 'end', delta: number) => (side === 'start' ? 0 : side === 'end' ? delta : Math.trunc(delta / 2));
  return { dx: shift(h, newW - oldW), dy: shift(v, newH - oldH) };
}

/** The anchor's vertical and horizontal sides. */
function anchorParts(anchor: Anchor): ['start' | 'middle' | 'end', 'start' | 'middle' | 'end'] {
  const v = anchor.startsWith('top') ? 'start' : anchor.startsWith('bottom') ? 'end' : 'middle';
  const h = anchor.endsWith('left') ? 'start' : anchor.endsWith('right') ? 'end' : 'middle';
  return [v, h];
}
