// The board's own layout (RULES §12.3): walls on cell edges, portals between fall paths, belts, spawners
// on a fall path's first cell and hidden rectangles (the find objective). Each call is one edit (one
// undo step) that the layout pointer tools, the model and slash commands all make; a version 1 level
// becomes a version 2 one with its first layout (the fields need it), and a call §12.3's checks on the
// whole layout refuse (a loop of portals, an edge of the board, a belt over a void) leaves the level as
// it was, with §12's reason in English and as a key the UI words (ToolError's reason).
import * as z from 'zod/mini';
import { canonicalLevel, type LevelT, type SpawnT } from '../level/index.ts';
import { checkLayout, findFollowsHidden, LAYOUT_LIMITS, type LayoutField, type LayoutLevel } from '../level/layout.ts';
import { cellName, cellRef } from '../cellName.ts';
import { notice } from '../notice.ts';
import { gameOf } from '../game/known.ts';
import { elementOf } from '../game/elements.ts';
import { GAME_LIMITS, type GameDef } from '../game/types.ts';
import { int, oneOf, toolBody, ToolError } from './define.ts';
import { checkX, checkY, coord } from './board.ts';
import { DEFAULT_GAME } from './elements.ts';
import { spawnElement, spawnElementParam, spawnParams, spawnWords } from './levelGame.ts';

type XY = [number, number];
type Wall = { x: number; y: number; side: 'right' | 'bottom' };
type Portal = { from: XY; to: XY };
type Belt = { cells: XY[] };
type Spawner = { at: XY; spawn: SpawnT[] };
type Hidden = { at: XY; size: XY };
type Layout = LevelT & { version?: number; walls?: Wall[]; portals?: Portal[]; belts?: Belt[]; spawners?: Spawner[]; hidden?: Hidden[] };

/** Refused with `message` in English and `key` (a `problem.` key of the catalogue) for the UI. */
const refuse = (message: string, key: string, params: Record<string, string | number> = {}) => new ToolError(message, notice(`problem.${key}`, params));

/** Who covers each cell of a multi-cell piece (RULES §12.4: a belt carries none), read off the level's game. */
function pieceOwners(level: LevelT): (x: number, y: number) => string | null {
  const game = gameOf(level);
  const owner = new Map<number, string>();
  level.cells.forEach((row, y) =>
    row.forEach((c, x) => {
      const size = c.tile ? elementOf(game, c.tile)?.size : undefined;
      if (!size || (size[0] === 1 && size[1] === 1)) return;
      for (let dy = 0; dy < size[1]; dy++) for (let dx = 0; dx < size[0]; dx++) owner.set((y + dy) * level.width + x + dx, `"${c.tile}" at ${cellName(x, y)}`);
    }),
  );
  return (x, y) => owner.get(y * level.width + x) ?? null;
}

const pathText = (path: PropertyKey[]) => path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i ? `.${String(p)}` : String(p))).join('');

/** The level with `field` set (left out when empty), as a version 2 level, refused whole when §12.3's checks find a problem anywhere in its layout (or its find objective counts more rectangles than it has). */
function withLayout<K extends LayoutField>(level: LevelT, field: K, value: NonNullable<Layout[K]>): LevelT {
  const { [field]: _old, ...rest } = level as Layout;
  const next = { ...rest, version: 2, ...(value.length ? { [field]: value } : {}) } as Layout;
  const problems: string[] = [];
  let reason: ToolError['reason'];
  const add = (path: PropertyKey[], message: string, key?: string, params?: Record<string, string | number>) => {
    problems.push(`${pathText(path)}: ${message}`);
    if (key && !reason) reason = notice(`problem.${key}`, params ?? {});
  };
  checkLayout(next as unknown as LayoutLevel, add, pieceOwners(level));
  const hidden = next.hidden?.length ?? 0;
  next.objectives.forEach((o, i) => {
    if (o.type === 'find' && hidden > 0 && o.count > hidden) add(['objectives', i, 'count'], `must be 1..${hidden} (the level's hidden rectangles): lower the find objective first`, 'findCountLower', { max: hidden, count: o.count });
  });
  if (problems.length) throw new ToolError(problems.join('; '), reason);
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

// ── belts: a path of orthogonal neighbours whose tile slots shift one cell along it after each move ──

const cellParam = z.tuple([int(0, 15, 'x, 0 = leftmost'), int(0, 15, 'y, 0 = top')], { error: 'must be [x, y]' });
const { min: BELT_MIN, max: BELT_MAX } = LAYOUT_LIMITS.beltCells;

export const addBelt = toolBody({
  kind: 'edit',
  params: z.object({
    cells: z.array(cellParam, { error: 'must be an array of [x, y]' }).check(
      z.minLength(BELT_MIN, { error: `must have ${BELT_MIN}..${BELT_MAX} cells` }),
      z.maxLength(BELT_MAX, { error: `must have ${BELT_MIN}..${BELT_MAX} cells` }),
    ),
  }),
  apply(level, a) {
    a.cells.forEach(([x, y], i) => {
      checkX(level, `cells[${i}][0]`, x);
      checkY(level, `cells[${i}][1]`, y);
    });
    const belts = [...((level as Layout).belts ?? [])];
    if (belts.length >= LAYOUT_LIMITS.belts.max) throw refuse(`the level already has ${LAYOUT_LIMITS.belts.max} belts, the most allowed; remove one first`, 'beltMost', { max: LAYOUT_LIMITS.belts.max });
    belts.push({ cells: a.cells.map(([x, y]) => [x, y] as XY) });
    const first = a.cells[0], last = a.cells[a.cells.length - 1];
    return { level: withLayout(level, 'belts', belts), summary: `Added belt ${belts.length}: ${a.cells.length} cells from ${cellRef(first[0], first[1])} to ${cellRef(last[0], last[1])}; the last cell's slot moves to the first.` };
  },
});

/** The 1-based number of a list entry, checked against the list (`what`: "belt", "hidden rectangle"). */
function entryNumber(n: number, count: number, what: string, key: string): number {
  if (n > count) throw refuse(count ? `n: must be 1..${count} (the level has ${count} ${what}${count === 1 ? '' : 's'})` : `n: the level has no ${what}s`, key, { n, count });
  return n - 1;
}

export const removeBelt = toolBody({
  kind: 'edit',
  params: z.object({ n: int(1, LAYOUT_LIMITS.belts.max, "The belt's number (1 = the first, as the board shows it)") }),
  apply(level, a) {
    const belts = [...((level as Layout).belts ?? [])];
    const [b] = belts.splice(entryNumber(a.n, belts.length, 'belt', 'noBelt'), 1);
    return { level: withLayout(level, 'belts', belts), summary: `Removed belt ${a.n} (${b.cells.length} cells from ${cellRef(b.cells[0][0], b.cells[0][1])}).` };
  },
});

// ── spawners: a fall path's own spawn list on its first cell ─────────────────────────────────────────

const spawnerParams = (g: GameDef) =>
  z.object({
    x: coord('x', "fall path's first cell"),
    y: coord('y', "fall path's first cell"),
    spawn: z._default(
      z.array(z.object({ element: spawnElementParam(g), ...spawnParams }), { error: 'must be an array of spawn entries' }).check(
        z.maxLength(GAME_LIMITS.spawnEntries.max, { error: `must have at most ${GAME_LIMITS.spawnEntries.max} entries` }),
      ),
      [],
    ),
  });

export const setSpawner = toolBody({
  kind: 'edit',
  params: spawnerParams(DEFAULT_GAME),
  paramsFor: spawnerParams,
  apply(level, a) {
    checkX(level, 'x', a.x);
    checkY(level, 'y', a.y);
    const spawn: SpawnT[] = a.spawn.map((e) => ({ element: spawnElement(level, e.element), chance: e.chance, max: e.max, total: e.total }));
    const spawners = [...((level as Layout).spawners ?? [])];
    const i = spawners.findIndex((s) => s.at[0] === a.x && s.at[1] === a.y);
    const spawner: Spawner = { at: [a.x, a.y], spawn };
    if (i >= 0) spawners[i] = spawner;
    else spawners.push(spawner);
    const list = spawn.length ? spawn.map(spawnWords).join('; ') : 'colours only';
    return { level: withLayout(level, 'spawners', spawners), summary: `${i >= 0 ? 'Changed the' : 'Put a'} spawner on ${cellRef(a.x, a.y)}: ${list}.` };
  },
});

export const removeSpawner = toolBody({
  kind: 'edit',
  params: z.object({ x: coord('x', 'spawner'), y: coord('y', 'spawner') }),
  apply(level, a) {
    const spawners = [...((level as Layout).spawners ?? [])];
    const i = spawners.findIndex((s) => s.at[0] === a.x && s.at[1] === a.y);
    if (i < 0) throw refuse(`no spawner on ${cellRef(a.x, a.y)}`, 'noSpawner', { cell: cellName(a.x, a.y) });
    spawners.splice(i, 1);
    return { level: withLayout(level, 'spawners', spawners), summary: `Removed the spawner on ${cellRef(a.x, a.y)}.` };
  },
});

// ── hidden rectangles: pieces under the ground, found when none of their cells has ground ─────────────

export const addHidden = toolBody({
  kind: 'edit',
  params: z.object({
    x: coord('x', "rectangle's top-left cell"),
    y: coord('y', "rectangle's top-left cell"),
    width: int(1, 16, 'Width in cells'),
    height: int(1, 16, 'Height in cells'),
  }),
  apply(level, a) {
    checkX(level, 'x', a.x);
    checkY(level, 'y', a.y);
    const hidden = [...((level as Layout).hidden ?? [])];
    if (hidden.length >= LAYOUT_LIMITS.hidden.max) throw refuse(`the level already has ${LAYOUT_LIMITS.hidden.max} hidden rectangles, the most allowed; remove one first`, 'hiddenMost', { max: LAYOUT_LIMITS.hidden.max });
    hidden.push({ at: [a.x, a.y], size: [a.width, a.height] });
    const span = `${cellRef(a.x, a.y, a.x + a.width - 1, a.y + a.height - 1)}`;
    return { level: withLayout(level, 'hidden', hidden), summary: `Added hidden piece ${hidden.length}: ${a.width}×${a.height} on ${span}.` };
  },
});

export const removeHidden = toolBody({
  kind: 'edit',
  params: z.object({ n: int(1, LAYOUT_LIMITS.hidden.max, "The hidden rectangle's number (1 = the first)") }),
  apply(level, a) {
    const hidden = [...((level as Layout).hidden ?? [])];
    const [h] = hidden.splice(entryNumber(a.n, hidden.length, 'hidden rectangle', 'noHidden'), 1);
    // a find objective above what is left follows it down in the same step (with none left it stays: the level warns)
    const left = hidden.length;
    const { objectives, lowered } = findFollowsHidden(level.objectives, left);
    const next = withLayout({ ...level, objectives }, 'hidden', hidden);
    const also = lowered ? ` The find objective now counts ${left} (the hidden pieces left).` : left === 0 && level.objectives.some((o) => o.type === 'find') ? ' The find objective has no hidden piece left to find: lower or remove it.' : '';
    return { level: next, summary: `Removed hidden piece ${a.n} (${h.size[0]}×${h.size[1]} at ${cellRef(h.at[0], h.at[1])}).${also}` };
  },
});
