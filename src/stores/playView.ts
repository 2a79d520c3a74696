// The play-test's animated view of a game: tiles with stable ids (so a fall is a move, not a redraw),
// rebuilt step by step from the engine's events and checked against the engine's snapshot after each move.
import type { CellView, GameSnapshot, StepEvent } from '../core/sim/play.ts';
import type { SlideEvent } from '../core/sim/events.ts';

export interface ViewTile {
  id: number;
  tile: string;
  hp: number;
  x: number;
  y: number;
  /**
   * 'pop' while it is being cleared, 'enter' for one frame above the board before it falls in; 'warp'
   * (version 2) when it came out of a portal, placed there without gliding across the board.
   */
  state: 'idle' | 'pop' | 'enter' | 'warp';
  /** For an entering tile: the cell it falls into. */
  target?: number;
  /** A coloured piece (RULES §12.1): its colour, and its countdown when it has one. */
  color?: string;
  countdown?: number;
  /** A multi-cell piece (RULES §12.4): its size in cells from its anchor (x, y). */
  w?: number;
  h?: number;
}

/** A cell lit for one beat (version 2): an effect's hit, a gate opening, a portal carrying, an emitter placing, a belt moving, a countdown ticking. */
export interface Flash {
  cell: number;
  kind: 'effect' | 'gate' | 'portal' | 'emit' | 'belt' | 'tick' | 'exit';
}

export interface ViewBoard {
  width: number;
  height: number;
  tiles: ViewTile[];
  /** Per cell (row-major): cover and ground as the player sees them. */
  cells: Pick<CellView, 'cover' | 'ground' | 'exit'>[];
  voids: boolean[];
  /** What this beat lights (version 2; none by default). */
  flashes?: Flash[];
}

let seq = 0;
const nextId = () => ++seq;

export function viewFromSnapshot(s: GameSnapshot, voids: boolean[]): ViewBoard {
  return reconcile({ width: s.width, height: s.height, tiles: [], cells: [], voids }, s).view;
}

const at = (v: ViewBoard, cell: number) => {
  const x = cell % v.width,
    y = (cell / v.width) | 0;
  return v.tiles.find((t) => t.x === x && t.y === y && t.state !== 'pop');
};

/** Swaps the tiles on two cells (the player's swap, shown before the clears). */
export function swapTiles(v: ViewBoard, a: { x: number; y: number }, b: { x: number; y: number }): ViewBoard {
  const tiles = v.tiles.map((t) =>
    t.x === a.x && t.y === a.y && t.state !== 'pop' ? { ...t, x: b.x, y: b.y } : t.x === b.x && t.y === b.y && t.state !== 'pop' ? { ...t, x: a.x, y: a.y } : t,
  );
  return { ...v, tiles };
}

/** Phase 1 of a step: cleared tiles pop, covers, grounds and tile elements lose layers or hp, specials appear. */
export function clearPhase(v: ViewBoard, e: StepEvent): ViewBoard {
  let tiles = v.tiles.map((t) => ({ ...t }));
  const find = (cell: number) => {
    const x = cell % v.width,
      y = (cell / v.width) | 0;
    return tiles.find((t) => t.x === x && t.y === y && t.state !== 'pop');
  };
  for (const r of e.removed) {
    const t = find(r.cell);
    if (t) t.state = 'pop';
  }
  for (const c of e.elementHits) {
    const t = find(c.cell);
    if (t) {
      t.hp = c.hp;
      if (c.hp === 0) t.state = 'pop';
    }
  }
  for (const c of e.created) {
    tiles.push({ id: nextId(), tile: c.tile, hp: 0, x: c.cell % v.width, y: (c.cell / v.width) | 0, state: 'idle' });
  }
  const cells = v.cells.map((c) => ({ ...c }));
  for (const h of e.coverHits) cells[h.cell].cover = h.left > 0 ? { type: h.cover, layers: h.left } : null;
  for (const g of e.groundHits) cells[g.cell].ground = g.left > 0 ? { type: g.ground, layers: g.left } : null;
  return { ...v, tiles, cells };
}

/** Phase 2: popped tiles go, the rest fall, new tiles enter above their column (also after a slide). */
export function fallPhase(v: ViewBoard, e: Pick<StepEvent, 'falls' | 'refills'>): ViewBoard {
  const tiles = v.tiles.filter((t) => t.state !== 'pop').map((t) => (t.state === 'warp' ? { ...t, state: 'idle' as const } : { ...t }));
  const movers = e.falls.map((f) => ({ f, t: at({ ...v, tiles }, f.from) }));
  for (const { f, t } of movers) {
    if (!t) continue;
    // a fall into another column went through a portal (version 2): it comes out there, not gliding across
    if (f.to % v.width !== t.x) t.state = 'warp';
    t.x = f.to % v.width;
    t.y = (f.to / v.width) | 0;
  }
  // refills enter from above: each column's new tiles stack upwards from row -1
  const perColumn = new Map<number, number>();
  for (const r of e.refills) {
    const x = r.cell % v.width;
    const k = (perColumn.get(x) ?? 0) + 1;
    perColumn.set(x, k);
    const piece = r.color !== undefined ? { color: r.color, countdown: r.countdown } : {};
    tiles.push({ id: nextId(), tile: r.tile, hp: 0, x, y: -k, state: 'enter', target: r.cell, ...piece });
  }
  return { ...v, tiles };
}

/**
 * Rules version 2: one diagonal slide, the tile moving one cell down and across; then fallPhase and
 * settlePhase with the slide's own falls and refills.
 */
export function slidePhase(v: ViewBoard, s: SlideEvent): ViewBoard {
  const tiles = v.tiles.map((t) => ({ ...t }));
  const t = at({ ...v, tiles }, s.from);
  if (t) {
    t.x = s.to % v.width;
    t.y = (s.to / v.width) | 0;
  }
  return { ...v, tiles };
}

/** Phase 3: entering tiles drop to their cells. */
export function settlePhase(v: ViewBoard): ViewBoard {
  const tiles = v.tiles.map((t) => {
    if (t.state !== 'enter' || t.target === undefined) return t;
    const { target, ...rest } = t;
    return { ...rest, x: target % v.width, y: (target / v.width) | 0, state: 'idle' as const };
  });
  return { ...v, tiles };
}

/** A tile's version 2 facts in the snapshot: colour and countdown, a multi-cell piece's size (absent when it has none). */
function pieceOf(s: GameSnapshot, x: number, y: number, c: CellView): Pick<ViewTile, 'color' | 'countdown' | 'w' | 'h'> {
  let w: number | undefined, h: number | undefined;
  if (c.anchor) {
    const same = (cx: number, cy: number) => {
      const a = s.cells[cy]?.[cx]?.anchor;
      return !!a && a.x === x && a.y === y;
    };
    w = 1;
    h = 1;
    while (x + w < s.width && same(x + w, y)) w++;
    while (y + h < s.height && same(x, y + h)) h++;
  }
  return { color: c.color, countdown: c.countdown, w, h };
}

/**
 * Makes the view agree with the engine (after a reshuffle, or if the event replay missed anything):
 * a tile that is already right keeps its id, so nothing visibly jumps.
 */
export function reconcile(v: ViewBoard, s: GameSnapshot): { view: ViewBoard; fixed: number } {
  let fixed = 0;
  const tiles: ViewTile[] = [];
  const cells: ViewBoard['cells'] = [];
  for (let y = 0; y < s.height; y++)
    for (let x = 0; x < s.width; x++) {
      const c = s.cells[y][x];
      cells.push({ cover: c.cover, ground: c.ground, exit: c.exit });
      const cur = v.tiles.find((t) => t.x === x && t.y === y && (t.state === 'idle' || t.state === 'warp'));
      // a multi-cell piece is one tile, on its anchor (its other cells report it too)
      const covered = !!c.anchor && (c.anchor.x !== x || c.anchor.y !== y);
      if (!c.tile || c.tile === 'void' || covered) {
        if (cur) fixed++;
        continue;
      }
      const piece = pieceOf(s, x, y, c);
      if (cur && cur.tile === c.tile && cur.color === piece.color && cur.w === piece.w && cur.h === piece.h) {
        if (cur.countdown !== piece.countdown) fixed++;
        tiles.push({ ...cur, hp: c.hp, state: 'idle', ...piece });
      } else {
        fixed++;
        tiles.push({ id: nextId(), tile: c.tile, hp: c.hp, x, y, state: 'idle', ...piece });
      }
    }
  return { view: { ...v, tiles, cells, flashes: [] }, fixed };
}
