// The board's own layout (RULES §12.3): walls on cell edges and portals between fall paths. Each call
// is one edit (one undo step) that the Wall and Portal pointer tools, the model and slash commands all
// make; a version 1 level becomes a version 2 one with its first layout (the fields need it), and a
// call the layout checks refuse (a loop of portals, an edge of the board) leaves the level as it was,
// with §12's reason.
import * as z from 'zod/mini';
import { canonicalLevel, type LevelT } from '../level/index.ts';
import { checkLayout, type LayoutLevel } from '../level/layout.ts';
import { cellRef } from '../cellName.ts';
import { int, oneOf, toolBody, ToolError } from './define.ts';
import { checkX, checkY, coord } from './board.ts';

type XY = [number, number];
type Wall = { x: number; y: number; side: 'right' | 'bottom' };
type Portal = { from: XY; to: XY };
type Layout = LevelT & { version?: number; walls?: Wall[]; portals?: Portal[] };

/** The level with `field` set (left out when empty), as a version 2 level, refused whole when §12.3's checks find a problem in it. */
function withLayout<K extends 'walls' | 'portals'>(level: LevelT, field: K, value: NonNullable<Layout[K]>): LevelT {
  const { [field]: _old, ...rest } = level as Layout;
  const next = { ...rest, version: 2, ...(value.length ? { [field]: value } : {}) } as Layout;
  const problems: string[] = [];
  checkLayout(next as unknown as LayoutLevel, (path, message) => {
    if (path[0] === field) problems.push(`${path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i ? `.${String(p)}` : String(p))).join('')}: ${message}`);
  });
  if (problems.length) throw new ToolError(problems.join('; '));
  return canonicalLevel(next);
}

const sideOf = (w: { side: 'right' | 'bottom' }) => (w.side === 'right' ? 'right' : 'bottom');
const wallText = (w: Wall) => `the ${sideOf(w)} edge of ${cellRef(w.x, w.y)}`;

export const setWall = toolBody({
  kind: 'edit',
  params: z.object({
    x: coord('x'),
    y: coord('y'),
    side: oneOf(['right', 'bottom'] as const, 'The edge of the cell: right (toward x+1) or bottom (toward y+1)'),
    on: z._default(z.boolean({ error: 'must be true or false' }), true),
  }),
  apply(level, a) {
    checkX(level, 'x', a.x);
    checkY(level, 'y', a.y);
    const walls = [...((level as Layout).walls ?? [])];
    const i = walls.findIndex((w) => w.x === a.x && w.y === a.y && w.side === a.side);
    const wall = { x: a.x, y: a.y, side: a.side };
    if (a.on && i >= 0) return { level, summary: `A wall is already on ${wallText(wall)}.` };
    if (!a.on && i < 0) return { level, summary: `No wall on ${wallText(wall)}.` };
    if (a.on) walls.push(wall);
    else walls.splice(i, 1);
    return { level: withLayout(level, 'walls', walls), summary: `${a.on ? 'Put a wall on' : 'Took the wall off'} ${wallText(wall)}.` };
  },
});

export const addPortal = toolBody({
  kind: 'edit',
  params: z.object({
    from_x: coord('x', 'entry cell (its bottom leads into the portal)'),
    from_y: coord('y', 'entry cell'),
    to_x: coord('x', 'exit cell (pieces come out at its top)'),
    to_y: coord('y', 'exit cell'),
  }),
  apply(level, a) {
    checkX(level, 'from_x', a.from_x);
    checkY(level, 'from_y', a.from_y);
    checkX(level, 'to_x', a.to_x);
    checkY(level, 'to_y', a.to_y);
    const portals = [...((level as Layout).portals ?? []), { from: [a.from_x, a.from_y] as XY, to: [a.to_x, a.to_y] as XY }];
    const next = withLayout(level, 'portals', portals);
    return { level: next, summary: `Added portal ${portals.length}: from the bottom of ${cellRef(a.from_x, a.from_y)} into the top of ${cellRef(a.to_x, a.to_y)}.` };
  },
});

export const removePortal = toolBody({
  kind: 'edit',
  params: z.object({ n: int(1, 16, 'The portal\'s number (1 = the first, as the board shows it)') }),
  apply(level, a) {
    const portals = [...((level as Layout).portals ?? [])];
    if (a.n > portals.length) throw new ToolError(portals.length ? `n: must be 1..${portals.length} (the level has ${portals.length} portal${portals.length === 1 ? '' : 's'})` : 'n: the level has no portals');
    const [p] = portals.splice(a.n - 1, 1);
    return { level: withLayout(level, 'portals', portals), summary: `Removed portal ${a.n} (from ${cellRef(p.from[0], p.from[1])} to ${cellRef(p.to[0], p.to[1])}).` };
  },
});
