// A version 2 level's board layout (RULES §12.3, §12.4) compiled once per analysis into flat
// per-cell tables: each cell's fall path (portals folded in), the refill source of each path (the
// column top or a spawner), belt successors, wall bits per edge, hidden rectangles, multi-cell anchors.
import type { LevelT } from '../../level/index.ts';
import type { GameTables } from '../../game/tables.ts';
import { fallPaths } from '../../level/paths.ts';
import type { SpawnTable } from '../spawnTable.ts';

/** Wall bits per cell: its right edge and its bottom edge (RULES §12.3 Walls). */
export const WALL_RIGHT = 1;
export const WALL_BOTTOM = 2;

export interface Layout {
  /** Per cell: the next cell down its fall path (-1: the path ends here or a void). */
  readonly next: Int32Array;
  /** Fall paths, first cell to last, in refill order (first cell's column, then row). */
  readonly paths: readonly Int32Array[];
  /** Per cell: the index of its fall path (-1: a void). */
  readonly pathOf: Int16Array;
  /** Per cell: its place on its fall path (0 the path's first cell; -1 a void). */
  readonly posOf: Int16Array;
  /** Per path: -1 no refill entry, -2 the column top's own refill, else the spawner index. */
  readonly entry: Int32Array;
  /** Spawn tables of the level's spawners. */
  readonly spawners: readonly SpawnTable[];
  /** Per cell: the next cell of its belt (-1: on none). */
  readonly beltNext: Int32Array;
  readonly belts: readonly Int32Array[];
  /** Per cell: WALL_RIGHT | WALL_BOTTOM. */
  readonly wall: Uint8Array;
  readonly anyWall: boolean;
  /** Per cell: the hidden rectangle it is in (-1: none); the rectangles' cells. */
  readonly hiddenOf: Int16Array;
  readonly hidden: readonly Int32Array[];
  /** The level has portals (gravity under rules 2 then watches for a cycle). */
  readonly portals: boolean;
  /** The exit cells, in reading order. */
  readonly exitList: Int32Array;
}

type Layoutish = LevelT & {
  portals?: { from: [number, number]; to: [number, number] }[];
  belts?: { cells: [number, number][] }[];
  walls?: { x: number; y: number; side: 'right' | 'bottom' }[];
  spawners?: { at: [number, number]; spawn?: { element: string; chance: number; max: number; total: number }[] }[];
  hidden?: { at: [number, number]; size: [number, number] }[];
};

function spawnTable(g: GameTables, list: readonly { element: string; chance: number; max: number; total: number }[]): SpawnTable {
  return {
    el: Int32Array.from(list, (s) => g.index.get(s.element) ?? 0),
    chance: Float64Array.from(list, (s) => s.chance),
    max: Int32Array.from(list, (s) => s.max),
    total: Int32Array.from(list, (s) => s.total),
  };
}

/** Compiles the layout of a (valid) level against its tiles as painted (voids decide the paths). */
export function compileLayout(level: LevelT, g: GameTables): Layout {
  const lv = level as Layoutish, w = level.width, n = w * level.height;
  const fp = fallPaths(level);
  if (!fp.ok) throw new Error(`${fp.path}: ${fp.message}`);
  const paths = fp.paths.paths;
  const next = new Int32Array(n).fill(-1);
  for (const p of paths) for (let k = 0; k + 1 < p.length; k++) next[p[k]] = p[k + 1];
  const spawners = (lv.spawners ?? []).map((s) => spawnTable(g, s.spawn ?? []));
  const entry = new Int32Array(paths.length).fill(-1);
  paths.forEach((_, k) => {
    if (fp.paths.topEntry[k] !== 0) entry[k] = -2;
  });
  (lv.spawners ?? []).forEach((s, si) => {
    const at = s.at[1] * w + s.at[0];
    const k = paths.findIndex((p) => p[0] === at);
    if (k >= 0) entry[k] = si;
  });
  const beltNext = new Int32Array(n).fill(-1);
  const belts = (lv.belts ?? []).map((b) => Int32Array.from(b.cells, ([x, y]) => y * w + x));
  for (const b of belts) for (let k = 0; k < b.length; k++) beltNext[b[k]] = b[(k + 1) % b.length];
  const wall = new Uint8Array(n);
  for (const wl of lv.walls ?? []) wall[wl.y * w + wl.x] |= wl.side === 'right' ? WALL_RIGHT : WALL_BOTTOM;
  const hiddenOf = new Int16Array(n).fill(-1);
  const hidden = (lv.hidden ?? []).map((r, k) => {
    const cells: number[] = [];
    for (let y = r.at[1]; y < r.at[1] + r.size[1]; y++)
      for (let x = r.at[0]; x < r.at[0] + r.size[0]; x++) {
        hiddenOf[y * w + x] = k;
        cells.push(y * w + x);
      }
    return Int32Array.from(cells);
  });
  const exits: number[] = [];
  level.cells.forEach((r, y) => r.forEach((c, x) => {
    if (c.exit && c.tile !== 'void') exits.push(y * w + x);
  }));
  const posOf = new Int16Array(n).fill(-1);
  for (const p of paths) p.forEach((i, k) => (posOf[i] = k));
  return { next, paths, pathOf: fp.paths.pathOf, posOf, entry, spawners, beltNext, belts, wall, anyWall: (lv.walls ?? []).length > 0, hiddenOf, hidden, portals: (lv.portals ?? []).length > 0, exitList: Int32Array.from(exits) };
}

/** Whether a wall stands between orthogonal neighbours a and c. */
export function walled(lay: Layout, w: number, a: number, c: number): boolean {
  if (!lay.anyWall) return false;
  const lo = a < c ? a : c, hi = a < c ? c : a;
  return hi === lo + 1 ? (lay.wall[lo] & WALL_RIGHT) !== 0 : hi === lo + w ? (lay.wall[lo] & WALL_BOTTOM) !== 0 : false;
}
