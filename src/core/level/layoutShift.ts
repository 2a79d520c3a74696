// A version 2 level's layout (RULES §12.3) when its cells move as a whole: a resize about an anchor
// shifts every portal, belt, wall, spawner and hidden rectangle with the cells, and drops what no
// longer fits the board (an entry off it, a wall on the new edge, a belt or rectangle cut by it), then
// whatever the checks refuse in what is left (a spawner no longer at the start of a fall path).
import type { LayoutLevel } from './layout.ts';
import { layoutChecks } from './layoutLoaded.ts';

type XY = [number, number];
type Fields = Pick<LayoutLevel, 'portals' | 'belts' | 'walls' | 'spawners' | 'hidden'>;

/**
 * The layout of `l` moved by (dx, dy) onto a board of `cells` (width × height), and how many entries
 * were dropped. Fields left empty are left out, so a level that had none stays as it was.
 */
export function shiftLayout<L extends LayoutLevel>(l: L, dx: number, dy: number, next: Pick<LayoutLevel, 'width' | 'height' | 'cells'>): { fields: Partial<Fields>; dropped: number } {
  const on = ([x, y]: XY) => x >= 0 && y >= 0 && x < next.width && y < next.height;
  const mv = ([x, y]: XY): XY => [x + dx, y + dy];
  const moved: Fields = {
    portals: l.portals?.map((p) => ({ ...p, from: mv(p.from), to: mv(p.to) })).filter((p) => on(p.from) && on(p.to)),
    belts: l.belts?.map((b) => ({ ...b, cells: b.cells.map(mv) })).filter((b) => b.cells.every(on)),
    walls: l.walls?.map((w) => ({ ...w, x: w.x + dx, y: w.y + dy })).filter((w) => on([w.x, w.y]) && (w.side === 'right' ? w.x + 1 < next.width : w.y + 1 < next.height)),
    spawners: l.spawners?.map((s) => ({ ...s, at: mv(s.at) })).filter((s) => on(s.at)),
    hidden: l.hidden?.map((h) => ({ ...h, at: mv(h.at) })).filter((h) => on(h.at) && on([h.at[0] + h.size[0] - 1, h.at[1] + h.size[1] - 1])),
  };
  // what the checks refuse now (portals whose paths changed, spawners off a path start) is dropped too,
  // until nothing is refused (dropping a portal can move a path start)
  for (let pass = 0; pass < 8; pass++) {
    const refused = new Map<string, Set<number>>();
    layoutChecks().checkLayout({ version: 2, ...next, ...moved }, (path) => {
      if (typeof path[0] === 'string' && typeof path[1] === 'number') (refused.get(path[0]) ?? refused.set(path[0], new Set()).get(path[0])!).add(path[1]);
    });
    if (!refused.size) break;
    for (const [f, at] of refused) (moved as Record<string, unknown[] | undefined>)[f] = (moved as Record<string, unknown[] | undefined>)[f]?.filter((_, i) => !at.has(i));
  }
  const fields: Partial<Fields> = {};
  let dropped = 0;
  for (const f of layoutChecks().LAYOUT_FIELDS) {
    const before = l[f]?.length ?? 0;
    const kept = (moved[f] as unknown[] | undefined) ?? [];
    dropped += before - kept.length;
    if (kept.length) (fields as Record<string, unknown>)[f] = kept;
  }
  return { fields, dropped };
}
