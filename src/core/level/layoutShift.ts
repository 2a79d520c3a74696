// A version 2 level's layout (RULES §12.3) when its cells move as a whole: a resize about an anchor
// shifts every portal, belt, wall, spawner and hidden rectangle with the cells, and drops what no
// longer fits the board (an entry off it, a wall on the new edge, a belt or rectangle cut by it), then
// whatever the checks refuse in what is left (a spawner no longer at the start of a fall path). A
// selection's block (core/edit/block.ts) drops what its checks refuse the same way (keepValid).
import type { AddProblem, LayoutLevel } from './layout.ts';
// loaded with the layout checks (layoutLoaded.ts loadLayout, the layout tools' chunk), never with the page
import { checkLayout, LAYOUT_FIELDS } from './layout.ts';

type XY = [number, number];
export type LayoutFields = Pick<LayoutLevel, 'portals' | 'belts' | 'walls' | 'spawners' | 'hidden'>;
type Check = (l: LayoutLevel, add: AddProblem) => void;

/** Whether (x, y) is on a board of that size. */
export const onBoard = (b: Pick<LayoutLevel, 'width' | 'height'>, [x, y]: readonly [number, number]): boolean => x >= 0 && y >= 0 && x < b.width && y < b.height;

/**
 * The layout fields with every entry the checks refuse on `board` removed, again until nothing is
 * refused (dropping a portal can move a path start), at most 8 passes. `check`: §12.3's checks
 * (layout.ts checkLayout, once loaded, by default).
 */
export function keepValid<F extends LayoutFields>(board: Pick<LayoutLevel, 'width' | 'height' | 'cells'>, moved: F, check: Check = (l, add) => checkLayout(l, add)): F {
  const out = { ...moved } as Record<string, unknown[] | undefined>;
  for (let pass = 0; pass < 8; pass++) {
    const refused = new Map<string, Set<number>>();
    check({ version: 2, ...board, ...(out as F) }, (path) => {
      if (typeof path[0] === 'string' && typeof path[1] === 'number') (refused.get(path[0]) ?? refused.set(path[0], new Set()).get(path[0])!).add(path[1]);
    });
    if (!refused.size) break;
    for (const [f, at] of refused) out[f] = out[f]?.filter((_, i) => !at.has(i));
  }
  return out as F;
}

/**
 * The layout of `l` moved by (dx, dy) onto a board of `cells` (width × height), and how many entries
 * were dropped. Fields left empty are left out, so a level that had none stays as it was.
 */
export function shiftLayout<L extends LayoutLevel>(l: L, dx: number, dy: number, next: Pick<LayoutLevel, 'width' | 'height' | 'cells'>): { fields: Partial<LayoutFields>; dropped: number } {
  const on = (c: XY) => onBoard(next, c);
  const mv = ([x, y]: XY): XY => [x + dx, y + dy];
  const moved = keepValid(next, {
    portals: l.portals?.map((p) => ({ ...p, from: mv(p.from), to: mv(p.to) })).filter((p) => on(p.from) && on(p.to)),
    belts: l.belts?.map((b) => ({ ...b, cells: b.cells.map(mv) })).filter((b) => b.cells.every(on)),
    walls: l.walls?.map((w) => ({ ...w, x: w.x + dx, y: w.y + dy })).filter((w) => on([w.x, w.y]) && (w.side === 'right' ? w.x + 1 < next.width : w.y + 1 < next.height)),
    spawners: l.spawners?.map((s) => ({ ...s, at: mv(s.at) })).filter((s) => on(s.at)),
    hidden: l.hidden?.map((h) => ({ ...h, at: mv(h.at) })).filter((h) => on(h.at) && on([h.at[0] + h.size[0] - 1, h.at[1] + h.size[1] - 1])),
  } as LayoutFields);
  const fields: Partial<LayoutFields> = {};
  let dropped = 0;
  for (const f of LAYOUT_FIELDS) {
    const before = l[f]?.length ?? 0;
    const kept = (moved[f] as unknown[] | undefined) ?? [];
    dropped += before - kept.length;
    if (kept.length) (fields as Record<string, unknown>)[f] = kept;
  }
  return { fields, dropped };
}
