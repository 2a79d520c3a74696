// A version 2 level's board layout (RULES §12.3, §12.4) compiled once per analysis into flat
// per-cell tables: each cell's fall path (portals folded in), the refill source of each path (the
// column top or a spawner), belt successors, wall bits per edge, hidden rectangles, multi-cell anchors.
import type { LevelT } from '../../level/index.ts';
import type { GameTables } from '../../game/tables.ts';
import { VOID } from '../codes.ts';
import type { SpawnTable } from '../board.ts';

/** Wall bits per cell: its right edge and its bottom edge (RULES §12.3 Walls). */
export const WALL_RIGHT = 1;
export const WALL_BOTTOM = 2;

export interface Layout {
  /** Per cell: the next cell down its fall path (-1: the path ends here or a void). */
  readonly next: Int32Array;
  /** Fall paths, first cell to last, in refill order (first cell's column, then row). */
  readonly paths: readonly Int32Array[];
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
}

type Layoutish = LevelT & {
  portals?: { from: [number, number]; to: [number, number] }[];
  belts?: { cells: [number, number][] }[];
  walls?: { x: number; y: number; side: 'right' | 'bottom' }[];
  spawners?: { at: [number, number]; spawn?: { element: string; chance: number; max: number; total: number }[] }[];
  hidden?: { at: [number, number]; size: [number, number] }[];
};

/** The fall successor of every cell, portals folded in (RULES §12.3 Fall paths). */
function successors(w: number, h: number, tile: Uint8Array, lv: Layoutish): Int32Array {
  const n = w * h, next = new Int32Array(n).fill(-1);
  const isTo = new Uint8Array(n);
  const portalTo = new Int32Array(n).fill(-1);
  for (const p of lv.portals ?? []) {
    const f = p.from[1] * w + p.from[0], t = p.to[1] * w + p.to[0];
    portalTo[f] = t;
    isTo[t] = 1;
  }
  for (let i = 0; i < n; i++) {
    if (tile[i] === VOID) continue;
    if (portalTo[i] >= 0) {
      next[i] = portalTo[i];
      continue;
    }
    let j = i + w;
    while (j < n && tile[j] === VOID) j += w;
    if (j < n && !isTo[j]) next[i] = j;
  }
  return next;
}

function spawnTable(g: GameTables, list: readonly { element: string; chance: number; max: number; total: number }[]): SpawnTable {
  return {
    el: Int32Array.from(list, (s) => g.index.get(s.element) ?? 0),
    chance: Float64Array.from(list, (s) => s.chance),
    max: Int32Array.from(list, (s) => s.max),
    total: Int32Array.from(list, (s) => s.total),
  };
}

/** Compiles the layout of a (valid) level against its tiles as painted (voids decide the paths). */
export function compileLayout(level: LevelT, g: GameTables, tile: Uint8Array): Layout {
  const lv = level as Layoutish, w = level.width, h = level.height, n = w * h;
  const next = successors(w, h, tile, lv);
  const hasPrev = new Uint8Array(n);
  for (let i = 0; i < n; i++) if (next[i] >= 0) hasPrev[next[i]] = 1;
  // paths start at cells nothing feeds; refill order: by the first cell's column, then row
  const starts: number[] = [];
  for (let x = 0; x < w; x++) for (let y = 0; y < h; y++) {
    const i = y * w + x;
    if (tile[i] !== VOID && !hasPrev[i]) starts.push(i);
  }
  const paths: Int32Array[] = [];
  const seen = new Uint8Array(n);
  for (const s of starts) {
    const cells: number[] = [];
    for (let i = s; i >= 0 && !seen[i]; i = next[i]) {
      seen[i] = 1;
      cells.push(i);
    }
    paths.push(Int32Array.from(cells));
  }
  for (let i = 0; i < n; i++) if (tile[i] !== VOID && !seen[i]) throw new Error('the portals make a closed loop');
  const spawners = (lv.spawners ?? []).map((s) => spawnTable(g, s.spawn ?? []));
  const entry = new Int32Array(paths.length).fill(-1);
  paths.forEach((p, k) => {
    const first = p[0];
    // the top non-void cell of its column
    let top = first % w;
    while (top < n && tile[top] === VOID) top += w;
    if (top === first) entry[k] = -2;
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
  return { next, paths, entry, spawners, beltNext, belts, wall, anyWall: (lv.walls ?? []).length > 0, hiddenOf, hidden };
}

/** Whether a wall stands between orthogonal neighbours a and c. */
export function walled(lay: Layout, w: number, a: number, c: number): boolean {
  if (!lay.anyWall) return false;
  const lo = a < c ? a : c, hi = a < c ? c : a;
  return hi === lo + 1 ? (lay.wall[lo] & WALL_RIGHT) !== 0 : hi === lo + w ? (lay.wall[lo] & WALL_BOTTOM) !== 0 : false;
}
