// A selected block with what a version 2 level lays over its cells (RULES §12.3, §12.4): the portals,
// belts, walls, spawners and hidden rectangles wholly inside it travel with its cells, turn and flip
// with them, and land with them; multi-cell pieces move whole and keep their anchor at the top-left.
// What the block's edge cuts is not taken; what no longer fits where it lands is dropped and counted,
// then §12.3's checks run on the whole layout (layoutShift.ts keepValid). Loaded with the first version 2
// level or game (blockLoaded.ts), not with the page. Pure: tested in node.
import type { CellT, LevelT } from '../level/index.ts';
import { canonicalLevel } from '../level/index.ts';
import { checkLayout, findFollowsHidden, LAYOUT_FIELDS, type LayoutLevel } from '../level/layout.ts';
import { checkPieces } from '../level/pieces.ts';
import { keepValid, onBoard, type LayoutFields } from '../level/layoutShift.ts';
import type { ElementDef, GameDef } from '../game/types.ts';
import { extractClip, placeClip, rectContains, transformClip, type BlockLayout, type Clip, type ClipTransform, type Rect } from './selection.ts';

type XY = [number, number];
type Wall = { x: number; y: number; side: 'right' | 'bottom' };
type V2 = LevelT & LayoutFields;

/** A multi-cell piece on the board: its anchor (top-left), size and element. */
export interface Piece {
  x: number;
  y: number;
  w: number;
  h: number;
  id: string;
}

/** The game's multi-cell tile elements (RULES §12.4) by id, with their size. */
export function multiCellSizes(game: GameDef): Map<string, XY> {
  const out = new Map<string, XY>();
  for (const e of game.elements as ElementDef[]) if (e.layer === 'tile' && e.size && (e.size[0] !== 1 || e.size[1] !== 1)) out.set(e.id, [e.size[0], e.size[1]]);
  return out;
}

/** The multi-cell pieces painted on a grid of cells, in reading order of their anchors. */
export function piecesOn(cells: readonly (readonly CellT[])[], game: GameDef): Piece[] {
  const sizes = multiCellSizes(game);
  const out: Piece[] = [];
  if (!sizes.size) return out;
  cells.forEach((row, y) =>
    row.forEach((c, x) => {
      const s = c.tile ? sizes.get(c.tile) : undefined;
      if (s) out.push({ x, y, w: s[0], h: s[1], id: c.tile! });
    }),
  );
  return out;
}

const pieceRect = (p: Piece): Rect => ({ x1: p.x, y1: p.y, x2: p.x + p.w - 1, y2: p.y + p.h - 1 });
const within = (r: Rect, q: Rect) => q.x1 >= r.x1 && q.x2 <= r.x2 && q.y1 >= r.y1 && q.y2 <= r.y2;
const meets = (r: Rect, q: Rect) => q.x1 <= r.x2 && q.x2 >= r.x1 && q.y1 <= r.y2 && q.y2 >= r.y1;

/** The pieces that a rectangle cuts: partly inside it, partly out (a block moves a piece whole or not at all). */
export function piecesCut(level: LevelT, game: GameDef, r: Rect): Piece[] {
  return piecesOn(level.cells, game).filter((p) => meets(r, pieceRect(p)) && !within(r, pieceRect(p)));
}

/** The pieces a block turned a quarter cannot take along: a piece that is not square keeps its size, so its cells would change. */
export function piecesNotTurnable(clip: Clip, game: GameDef): Piece[] {
  return piecesOn(clip.cells, game).filter((p) => p.w !== p.h);
}

/** Where cell (x, y) of a w×h block goes when the block is flipped or turned (selection.ts transformClip's cells). */
export function transformPoint([x, y]: readonly [number, number], w: number, h: number, how: ClipTransform): XY {
  switch (how) {
    case 'flip_x':
      return [w - 1 - x, y];
    case 'flip_y':
      return [x, h - 1 - y];
    case 'rotate_cw':
      return [h - 1 - y, x];
    case 'rotate_ccw':
      return [y, w - 1 - x];
  }
}

/** A wall as the edge between its two cells, and back (the right edge of the left cell, the bottom edge of the upper one). */
const wallCells = (w: Wall): [XY, XY] => [[w.x, w.y], w.side === 'right' ? [w.x + 1, w.y] : [w.x, w.y + 1]];
function wallOf(a: XY, b: XY): Wall {
  return a[1] === b[1] ? { x: Math.min(a[0], b[0]), y: a[1], side: 'right' } : { x: a[0], y: Math.min(a[1], b[1]), side: 'bottom' };
}

/** Every layout entry's cells, by field (a hidden rectangle by its two corners; the test of "wholly inside" and of "on the board"). */
function entryCells(f: (typeof LAYOUT_FIELDS)[number], e: unknown): XY[] {
  switch (f) {
    case 'portals': {
      const p = e as { from: XY; to: XY };
      return [p.from, p.to];
    }
    case 'belts':
      return (e as { cells: XY[] }).cells;
    case 'walls':
      return wallCells(e as Wall);
    case 'spawners':
      return [(e as { at: XY }).at];
    case 'hidden': {
      const h = e as { at: XY; size: XY };
      return [h.at, [h.at[0] + h.size[0] - 1, h.at[1] + h.size[1] - 1]];
    }
  }
}

/** Moves every cell of a layout entry through `f` (a wall by its two cells, a rectangle by its corners). */
function mapEntry<T>(field: (typeof LAYOUT_FIELDS)[number], e: T, f: (c: XY) => XY): T {
  switch (field) {
    case 'portals': {
      const p = e as { from: XY; to: XY };
      return { ...p, from: f(p.from), to: f(p.to) } as T;
    }
    case 'belts':
      return { ...(e as object), cells: (e as { cells: XY[] }).cells.map(f) } as T;
    case 'walls': {
      const [a, b] = wallCells(e as Wall);
      return wallOf(f(a), f(b)) as T;
    }
    case 'spawners':
      return { ...(e as object), at: f((e as { at: XY }).at) } as T;
    case 'hidden': {
      const [a, b] = entryCells('hidden', e).map(f);
      const at: XY = [Math.min(a[0], b[0]), Math.min(a[1], b[1])];
      return { ...(e as object), at, size: [Math.abs(a[0] - b[0]) + 1, Math.abs(a[1] - b[1]) + 1] } as T;
    }
  }
}

/** Calls `f` on every entry of every layout field present. */
function mapLayout(l: BlockLayout, f: <T>(field: (typeof LAYOUT_FIELDS)[number], e: T) => T | null): BlockLayout {
  const out: Record<string, unknown[]> = {};
  for (const field of LAYOUT_FIELDS) {
    const list = (l as Record<string, unknown[] | undefined>)[field];
    if (!list) continue;
    const kept = list.map((e) => f(field, e)).filter((e) => e !== null);
    if (kept.length) out[field] = kept;
  }
  return out as BlockLayout;
}

/** How many entries a layout has. */
export const layoutSize = (l: BlockLayout | undefined): number => (l ? LAYOUT_FIELDS.reduce((n, f) => n + ((l as Record<string, unknown[] | undefined>)[f]?.length ?? 0), 0) : 0);

/**
 * The layout wholly inside `r`, with cells counted from its top-left, and how many entries its edge cuts
 * (partly inside: a belt running out of it, a wall on its border, a portal with one end inside).
 */
export function extractLayout(level: LevelT, r: Rect): { layout: BlockLayout; cut: number } {
  let cut = 0;
  const layout = mapLayout(level as V2 as BlockLayout, (field, e) => {
    const cells = entryCells(field, e);
    const inside = cells.filter(([x, y]) => rectContains(r, x, y)).length;
    if (inside === cells.length) return mapEntry(field, e, ([x, y]) => [x - r.x1, y - r.y1]);
    // a hidden rectangle that overlaps the block, or any other entry with a cell inside it, is cut
    const [a, b] = cells;
    if (inside > 0 || (field === 'hidden' && meets(r, { x1: a[0], y1: a[1], x2: b[0], y2: b[1] }))) cut++;
    return null;
  });
  return { layout, cut };
}

/** A clip with the layout wholly inside `r` (none when the level has no layout). */
export function extractBlock(level: LevelT, r: Rect): { clip: Clip; cut: number } {
  const clip = extractClip(level, r);
  const { layout, cut } = extractLayout(level, r);
  return { clip: layoutSize(layout) ? { ...clip, layout } : clip, cut };
}

/**
 * A clip flipped or turned with its layout and pieces: each piece's anchor goes back to the top-left of
 * where its rectangle went (a piece is painted on its top-left cell). A turned block's pieces must be
 * square (piecesNotTurnable says which are not).
 */
export function transformBlock(clip: Clip, how: ClipTransform, game: GameDef): Clip {
  const out = transformClip(clip, how);
  const cells = out.cells.map((row) => row.map((c) => ({ ...c })));
  for (const p of piecesOn(clip.cells, game)) {
    const [a, b] = [transformPoint([p.x, p.y], clip.width, clip.height, how), transformPoint([p.x + p.w - 1, p.y + p.h - 1], clip.width, clip.height, how)];
    const from = cells[a[1]][a[0]];
    const { tile, hp } = from;
    delete from.tile;
    delete from.hp;
    const to = cells[Math.min(a[1], b[1])][Math.min(a[0], b[0])];
    to.tile = tile;
    if (hp !== undefined) to.hp = hp;
  }
  const moved = clip.layout ? mapLayout(clip.layout, (field, e) => mapEntry(field, e, (c) => transformPoint(c, clip.width, clip.height, how))) : undefined;
  return { ...out, cells, ...(moved && layoutSize(moved) ? { layout: moved } : {}) };
}

/** A §12.4 problem of a level's pieces: its path, the message and its key for the words. */
export interface PieceProblem {
  path: PropertyKey[];
  message: string;
  key?: string;
  params?: Record<string, string | number>;
}

/** The belt of each belt cell, by cell index. */
function beltOfCell(level: LevelT): Map<number, number> {
  const out = new Map<number, number>();
  (level as V2).belts?.forEach((b, i) => b.cells.forEach(([x, y]) => out.set(y * level.width + x, i)));
  return out;
}

/** §12.3: a belt carries no multi-cell piece — each belt cell a piece covers, named as the belts' check says it. */
function beltProblems(level: LevelT, game: GameDef): PieceProblem[] {
  const beltOf = beltOfCell(level);
  if (!beltOf.size) return [];
  const out: PieceProblem[] = [];
  for (const p of piecesOn(level.cells, game)) {
    const anchor = `cells[${p.y}][${p.x}]`;
    for (let y = p.y; y < Math.min(p.y + p.h, level.height); y++)
      for (let x = p.x; x < Math.min(p.x + p.w, level.width); x++) {
        const i = beltOf.get(y * level.width + x);
        if (i !== undefined) out.push({ path: ['cells', y, x], message: `on belts[${i}], under "${p.id}" at ${anchor}: a belt carries no multi-cell piece`, key: 'pieceOnBelt', params: { id: p.id, anchor, n: i + 1 } });
      }
  }
  return out;
}

function pieceProblems(level: LevelT, game: GameDef): { problems: PieceProblem[]; owner: Map<number, string> } {
  const tiles = new Map((game.elements as ElementDef[]).filter((e) => e.layer === 'tile').map((e) => [e.id, e]));
  const problems: PieceProblem[] = [];
  const owner = checkPieces(level as Parameters<typeof checkPieces>[0], tiles, (path, message, key, params) => {
    if (key === 'pieceOffBoard' || key?.startsWith('covered')) problems.push({ path, message, key, params });
  });
  return { problems: [...problems, ...beltProblems(level, game)], owner };
}

/**
 * The §12.4 problems of `after`'s multi-cell pieces that `before` did not have (an edit that makes one is
 * refused): a piece off the board, over a void, an exit, a tile or cover, another piece, or a belt (§12.3).
 */
export function newPieceProblems(before: LevelT, after: LevelT, game: GameDef): PieceProblem[] {
  if (!multiCellSizes(game).size) return [];
  const had = new Set(pieceProblems(before, game).problems.map((p) => `${p.path.join('.')}:${p.message}`));
  return pieceProblems(after, game).problems.filter((p) => !had.has(`${p.path.join('.')}:${p.message}`));
}

/** A problem as the tools say it: `cells[4][5]: covered by "cake" at cells[3][4], must have no tile or cover`. */
export function problemText(p: PieceProblem): string {
  const [f, y, x, ...rest] = p.path;
  return `${f === 'cells' ? `cells[${String(y)}][${String(x)}]${rest.map((r) => '.' + String(r)).join('')}` : p.path.join('.')}: ${p.message}`;
}

/** The level with every piece that has a cell in `r` taken off (erasing any cell of a piece removes it whole). */
export function erasePieces(level: LevelT, game: GameDef, r: Rect): LevelT {
  const hit = piecesOn(level.cells, game).filter((p) => meets(r, pieceRect(p)));
  if (!hit.length) return level;
  const cells = level.cells.map((row) => [...row]);
  for (const p of hit) {
    const { tile: _t, hp: _h, ...rest } = cells[p.y][p.x];
    cells[p.y][p.x] = rest;
  }
  return { ...level, cells };
}

export interface PlaceBlock {
  x: number;
  y: number;
  cells?: CellT[][];
  layout?: BlockLayout;
  /** Cleared first: its cells become plain, the layout wholly inside it goes. */
  clear?: Rect;
}

export type PlaceResult = { ok: true; level: LevelT; placed: number; dropped: number; layoutDropped: number } | { ok: false; error: string; problem?: PieceProblem };

/**
 * Writes a block: `clear` cleared first (cells and the layout wholly inside), then the cells with their
 * top-left at (x, y) and, when the block carries a layout (`layout` given, even empty), the layout wholly
 * inside the written rectangle replaced by the block's. What lands off the board is dropped, then what
 * §12.3's checks refuse (the block's own entries kept first). A layout on a version 1 level makes it
 * version 2. Refused when it leaves a multi-cell piece of §12.4 where it does not fit.
 */
export function placeBlock(level: LevelT, game: GameDef, b: PlaceBlock): PlaceResult {
  let cur = level;
  let kept = mapLayout(level as V2 as BlockLayout, (_f, e) => e);
  const dropInside = (r: Rect) => (kept = mapLayout(kept, (f, e) => (entryCells(f, e).every(([x, y]) => rectContains(r, x, y)) ? null : e)));
  if (b.clear) {
    const c = b.clear;
    cur = { ...cur, cells: cur.cells.map((row, y) => row.map((cell, x) => (rectContains(c, x, y) ? {} : cell))) };
    dropInside(c);
  }
  let placed = 0,
    dropped = 0;
  if (b.cells) {
    const r = placeClip(cur, { width: b.cells[0]?.length ?? 0, height: b.cells.length, cells: b.cells }, b.x, b.y);
    ({ placed, dropped } = r);
    cur = r.level;
  }
  let pasted: BlockLayout = {};
  let offBoard = 0;
  if (b.layout) {
    const w = b.cells?.[0]?.length ?? 0, h = b.cells?.length ?? 0;
    dropInside({ x1: b.x, y1: b.y, x2: b.x + w - 1, y2: b.y + h - 1 });
    const tiles = new Set((game.elements as ElementDef[]).filter((e) => e.layer === 'tile').map((e) => e.id));
    pasted = mapLayout(b.layout, (f, e) => {
      const moved = mapEntry(f, e, ([x, y]) => [x + b.x, y + b.y]);
      // a spawner from a level of another game may name elements this one lacks
      const foreign = f === 'spawners' && (e as { spawn: { element: string }[] }).spawn.some((s) => !tiles.has(s.element));
      if (!foreign && entryCells(f, moved).every((c) => onBoard(cur, c))) return moved;
      offBoard++;
      return null;
    });
  }
  // the belts that stay (not wholly inside what the block clears or covers) carry no piece it brings
  const problem = newPieceProblems(level, { ...cur, belts: (kept as LayoutFields).belts } as LevelT, game)[0];
  if (problem) return { ok: false, error: problemText(problem), problem };
  const v2 = level.version === 2 || layoutSize(pasted) > 0;
  if (!v2) return { ok: true, level: cur, placed, dropped, layoutDropped: 0 };
  // the block's entries first, so that where one of them and an entry already there cannot both stay, the block's does
  const owner = pieceProblems(cur, game).owner;
  const pieceAt = (x: number, y: number) => owner.get(y * cur.width + x) ?? null;
  const order: Record<string, { e: unknown; mine: boolean }[]> = {};
  for (const f of LAYOUT_FIELDS) order[f] = [...((pasted as Record<string, unknown[]>)[f] ?? []).map((e) => ({ e, mine: true })), ...((kept as Record<string, unknown[]>)[f] ?? []).map((e) => ({ e, mine: false }))];
  const tagged = Object.fromEntries(LAYOUT_FIELDS.map((f) => [f, order[f].map((t) => t.e)])) as LayoutFields;
  const valid = keepValid(cur as LayoutLevel, tagged, (l, add) => checkLayout(l, add, pieceAt));
  const fields: Record<string, unknown[]> = {};
  let total = 0;
  for (const f of LAYOUT_FIELDS) {
    const survivors = new Set((valid as Record<string, unknown[] | undefined>)[f] ?? []);
    const list = order[f].filter((t) => survivors.has(t.e));
    // entries already there keep their places (portals their numbers); the block's come after them
    const next = [...list.filter((t) => !t.mine), ...list.filter((t) => t.mine)].map((t) => t.e);
    total += order[f].length - next.length;
    if (next.length) fields[f] = next;
  }
  const { portals: _p, belts: _b, walls: _w, spawners: _s, hidden: _h, ...plain } = cur as V2;
  // a find objective above the hidden rectangles left follows them down (with none left it stays: the level warns)
  const { objectives } = findFollowsHidden(plain.objectives, fields.hidden?.length ?? 0);
  return { ok: true, level: canonicalLevel({ ...plain, objectives, version: 2, ...fields } as LevelT), placed, dropped, layoutDropped: total + offBoard };
}
