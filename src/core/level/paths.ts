// A level's fall paths (RULES §12.3): without portals every column is one path, top to bottom,
// through voids; a portal links the bottom of its `from` to the top of its `to`. Pure: the level
// schema uses it to refuse bad portals and spawners, the simulator to compile its gravity tables.

export interface FallPaths {
  /** Every fall path's cells (index y*w+x), first (top) to last; voids are never on a path. Ordered for refill: by the first cell's column, then row. */
  paths: Int32Array[];
  /** Per cell: its path index (-1 on a void). */
  pathOf: Int16Array;
  /** Per cell: its position on its path. */
  posOf: Int16Array;
  /** Per path: 1 when its first cell is the top non-void cell of its column (a refill entry without a spawner). */
  topEntry: Uint8Array;
}

export interface PathsLevel {
  width: number;
  height: number;
  cells: { tile?: string }[][];
  portals?: { from: [number, number]; to: [number, number] }[];
}

export type FallPathsResult = { ok: true; paths: FallPaths } | { ok: false; path: string; message: string };

/** The refusal of a portal that closes a loop of paths (RULES §12.3). */
export const CLOSED_LOOP = 'makes a closed loop';

type Refusal = { ok: false; path: string; message: string };
const refuse = (path: string, message: string): Refusal => ({ ok: false, path, message });

/** Per cell: 1 on a void. */
function voidMask(level: PathsLevel): Uint8Array {
  const { width: w, height: h } = level;
  const isVoid = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (level.cells[y]?.[x]?.tile === 'void') isVoid[y * w + x] = 1;
  return isVoid;
}

/** Step 1: each portal's ends are cells on the board, not voids, distinct, and no cell is twice a `from` or twice a `to`. */
function portalEnds(level: PathsLevel, isVoid: Uint8Array): { from: Int32Array; to: Int32Array } | Refusal {
  const { width: w, height: h } = level;
  const portals = level.portals ?? [];
  const from = new Int32Array(portals.length);
  const to = new Int32Array(portals.length);
  const seenFrom = new Map<number, number>();
  const seenTo = new Map<number, number>();
  const cellOf = (p: unknown): number | string => {
    if (!Array.isArray(p) || p.length !== 2 || !Number.isInteger(p[0]) || !Number.isInteger(p[1])) return 'must be [x, y]';
    const [x, y] = p as [number, number];
    if (x < 0 || y < 0 || x >= w || y >= h) return `must be on the board (x 0..${w - 1}, y 0..${h - 1})`;
    if (isVoid[y * w + x]) return 'must not be a void cell';
    return y * w + x;
  };
  for (let i = 0; i < portals.length; i++) {
    for (const end of ['from', 'to'] as const) {
      const c = cellOf(portals[i][end]);
      if (typeof c === 'string') return refuse(`portals[${i}].${end}`, c);
      const seen = end === 'from' ? seenFrom : seenTo;
      const before = seen.get(c);
      if (before !== undefined) return refuse(`portals[${i}].${end}`, `is already the "${end}" of portals[${before}]`);
      seen.set(c, i);
      (end === 'from' ? from : to)[i] = c;
    }
    if (from[i] === to[i]) return refuse(`portals[${i}].to`, 'must not be the same cell as "from"');
  }
  return { from, to };
}

/** Step 2: every cell's successor on its path (-1: none, the cell ends its path). */
function successors(w: number, h: number, isVoid: Uint8Array, from: Int32Array, to: Int32Array): Int32Array {
  const n = w * h;
  const next = new Int32Array(n).fill(-1);
  const portalTo = new Int32Array(n).fill(-1);
  const isTo = new Uint8Array(n);
  for (let i = 0; i < from.length; i++) {
    portalTo[from[i]] = to[i];
    isTo[to[i]] = 1;
  }
  for (let x = 0; x < w; x++) {
    let above = -1;
    for (let y = 0; y < h; y++) {
      const c = y * w + x;
      if (isVoid[c]) continue;
      // the cell above feeds this one unless it leads into a portal, or this one is a portal's exit
      if (above >= 0 && portalTo[above] < 0 && !isTo[c]) next[above] = c;
      above = c;
    }
  }
  for (let c = 0; c < n; c++) if (portalTo[c] >= 0) next[c] = portalTo[c];
  return next;
}

/** The fall paths of a level, or why its portals are refused (the field named, as RULES §12.3 says). */
export function fallPaths(level: PathsLevel): FallPathsResult {
  const { width: w, height: h } = level;
  const n = w * h;
  const isVoid = voidMask(level);
  const ends = portalEnds(level, isVoid);
  if ('ok' in ends) return ends;
  const next = successors(w, h, isVoid, ends.from, ends.to);

  const hasPred = new Uint8Array(n);
  for (let c = 0; c < n; c++) if (next[c] >= 0) hasPred[next[c]] = 1;
  // path starts in refill order: by column, then row
  const starts: number[] = [];
  for (let x = 0; x < w; x++) for (let y = 0; y < h; y++) if (!isVoid[y * w + x] && !hasPred[y * w + x]) starts.push(y * w + x);

  const pathOf = new Int16Array(n).fill(-1);
  const posOf = new Int16Array(n);
  const paths: Int32Array[] = [];
  for (const s of starts) {
    const cells: number[] = [];
    for (let c = s; c >= 0; c = next[c]) {
      pathOf[c] = paths.length;
      posOf[c] = cells.length;
      cells.push(c);
    }
    paths.push(Int32Array.from(cells));
  }
  // a cell on no path lies on a cycle, and every cycle goes through a portal (columns only go down)
  for (let i = 0; i < ends.from.length; i++) if (pathOf[ends.from[i]] < 0) return refuse(`portals[${i}]`, CLOSED_LOOP);

  const topEntry = new Uint8Array(paths.length);
  paths.forEach((cells, p) => {
    const first = cells[0];
    const x = first % w;
    let top = -1;
    for (let y = 0; y < h && top < 0; y++) if (!isVoid[y * w + x]) top = y * w + x;
    topEntry[p] = top === first ? 1 : 0;
  });
  return { ok: true, paths: { paths, pathOf, posOf, topEntry } };
}
