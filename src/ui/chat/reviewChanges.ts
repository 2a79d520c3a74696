// What a proposal changes on the board, for the review card's preview: the cells whose content
// differs (a multi-cell piece outlined over all its cells), and a version 2 level's layout (RULES
// §12.3) item by item — portals, belts, spawners and hidden rectangles added or taken away, walls put
// on or taken off an edge. Pure: read off the two levels and the game's element sizes.
import type { LevelT } from '../../core/level/index.ts';
import { elementOf } from '../../core/game/elements.ts';
import type { GameDef } from '../../core/game/types.ts';

type XY = [number, number];
type Wall = { x: number; y: number; side: 'right' | 'bottom' };
/** The layout fields of a version 2 level, read structurally (a version 1 level has none). */
interface V2Fields {
  portals?: { from: XY; to: XY }[];
  belts?: { cells: XY[] }[];
  walls?: Wall[];
  spawners?: { at: XY; spawn: unknown[] }[];
  hidden?: { at: XY; size: XY }[];
}

export type AreaKind = 'cell' | 'piece' | 'portal' | 'belt' | 'spawner' | 'hidden';
/** A rectangle of cells to outline; `gone`: what was there is taken away by the proposal. */
export interface ChangedArea {
  kind: AreaKind;
  x: number;
  y: number;
  w: number;
  h: number;
  gone: boolean;
}
/** A wall put on (`gone` false) or taken off an edge. */
export type ChangedWall = Wall & { gone: boolean };

export interface BoardChanges {
  areas: ChangedArea[];
  walls: ChangedWall[];
}

/** Items of `after` not in `before` (added) and of `before` not in `after` (gone), compared by value. */
function diff<T>(before: readonly T[] = [], after: readonly T[] = []): { item: T; gone: boolean }[] {
  const key = (v: T) => JSON.stringify(v);
  const had = new Set(before.map(key)), has = new Set(after.map(key));
  return [...after.filter((v) => !had.has(key(v))).map((item) => ({ item, gone: false })), ...before.filter((v) => !has.has(key(v))).map((item) => ({ item, gone: true }))];
}

const cellArea = (kind: AreaKind, [x, y]: XY, gone: boolean): ChangedArea => ({ kind, x, y, w: 1, h: 1, gone });

/** Cells that differ from the current level (all cells of a resized board), a multi-cell piece's anchor as its whole shape. */
function changedCells(before: LevelT | null, after: LevelT, game: GameDef): ChangedArea[] {
  const out: ChangedArea[] = [];
  for (let y = 0; y < after.height; y++)
    for (let x = 0; x < after.width; x++) {
      const a = before && y < before.height && x < before.width ? before.cells[y][x] : undefined;
      const b = after.cells[y][x];
      if (a && JSON.stringify(a) === JSON.stringify(b)) continue;
      const size = (b.tile && elementOf(game, b.tile)?.size) || (a?.tile && elementOf(game, a.tile)?.size) || [1, 1];
      const [w, h] = [Math.min(size[0], after.width - x), Math.min(size[1], after.height - y)];
      out.push({ kind: w > 1 || h > 1 ? 'piece' : 'cell', x, y, w, h, gone: false });
    }
  return out;
}

/** What the proposal changes between the level as it is (`before`, null when none is open) and the preview. */
export function boardChanges(before: LevelT | null, after: LevelT, game: GameDef): BoardChanges {
  const b = (before ?? {}) as V2Fields, a = after as LevelT & V2Fields;
  const areas = changedCells(before, after, game);
  for (const { item, gone } of diff(b.portals, a.portals)) areas.push(cellArea('portal', item.from, gone), cellArea('portal', item.to, gone));
  for (const { item, gone } of diff(b.belts, a.belts)) for (const c of item.cells) areas.push(cellArea('belt', c, gone));
  for (const { item, gone } of diff(b.spawners, a.spawners)) areas.push(cellArea('spawner', item.at, gone));
  for (const { item, gone } of diff(b.hidden, a.hidden)) areas.push({ kind: 'hidden', x: item.at[0], y: item.at[1], w: item.size[0], h: item.size[1], gone });
  const walls = diff(b.walls, a.walls).map(({ item, gone }) => ({ x: item.x, y: item.y, side: item.side, gone }));
  // an area outside the preview's board (a shrunk level's) is not drawn
  return { areas: areas.filter((r) => r.x < after.width && r.y < after.height), walls: walls.filter((w) => w.x < after.width && w.y < after.height) };
}

/** Whether the proposal changes the board at all. */
export const anyChange = (c: BoardChanges): boolean => c.areas.length > 0 || c.walls.length > 0;
