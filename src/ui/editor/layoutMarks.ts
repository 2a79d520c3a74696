// What the board draws of a version 2 level beyond its cells (RULES §12.3–§12.4): portals as numbered
// entry and exit marks, belts as arrows along their path, walls on cell edges, spawners on their path's
// first cell, hidden rectangles, multi-cell pieces as one shape over their cells, and coloured pieces
// with their colour and countdown. Pure: read off the level and its game's data (no element named).
import type { LevelT } from '../../core/level/index.ts';
import { elementOf } from '../../core/game/elements.ts';
import type { GameDef } from '../../core/game/types.ts';
import type { ElementArt } from '../../core/game/types.ts';
import { addCatalogPart } from '../../i18n/index.svelte.ts';
import strings from '../../i18n/catalog/lazy/layoutMarks.ts';

addCatalogPart(strings); // the cells' layout words load with this module (the first version 2 level)

/** How the board draws colours and elements (glyphs.ts, core/game/art.ts), given by the board so this module, loaded with the first version 2 level, shares no chunk with the first page. */
export interface Drawing {
  fill: Readonly<Record<string, string>>;
  art: (game: GameDef, id: string) => ElementArt | null;
}

type XY = [number, number];
/** The layout fields of a version 2 level, read structurally (a version 1 level has none). */
interface V2Fields {
  portals?: { from: XY; to: XY }[];
  belts?: { cells: XY[] }[];
  walls?: { x: number; y: number; side: 'right' | 'bottom' }[];
  spawners?: { at: XY; spawn: unknown[] }[];
  hidden?: { at: XY; size: XY }[];
}
type V2Cell = { tile?: string; color?: string; countdown?: number; hp?: number };

export interface LayoutMarks {
  /** `n`: the portal's number (1-based, its place in the file), shown on both of its marks. */
  portals: { n: number; from: XY; to: XY }[];
  /** Each belt's cells in order; `n` its number. */
  belts: { n: number; cells: XY[] }[];
  walls: { x: number; y: number; side: 'right' | 'bottom' }[];
  /** `entries`: how many spawn entries its list has (none: colours only). */
  spawners: { n: number; at: XY; entries: number }[];
  hidden: { n: number; at: XY; size: XY }[];
  /** A multi-cell piece on its anchor, `w` × `h` cells. */
  pieces: { x: number; y: number; w: number; h: number; element: string; hp: number; art: ElementArt | null }[];
  /** A coloured piece: its colour and the countdown it starts with (the cell's, else its element's), if it counts down. */
  colored: { x: number; y: number; color: string; fill: string; countdown: number | null }[];
}

/** Whether a level has anything for the layout overlay to draw. */
export const hasMarks = (m: LayoutMarks): boolean => Object.values(m).some((a) => a.length > 0);

export function layoutMarks(level: LevelT, game: GameDef, draw: Drawing): LayoutMarks {
  const l = level as LevelT & V2Fields;
  const pieces: LayoutMarks['pieces'] = [];
  const colored: LayoutMarks['colored'] = [];
  level.cells.forEach((row, y) =>
    row.forEach((c, x) => {
      const cell = c as V2Cell;
      const e = cell.tile ? elementOf(game, cell.tile) : undefined;
      if (!e) return;
      if (e.size && (e.size[0] !== 1 || e.size[1] !== 1)) pieces.push({ x, y, w: e.size![0], h: e.size![1], element: e.id, hp: cell.hp ?? 1, art: draw.art(game, e.id) });
      if (e.colored && cell.color) colored.push({ x, y, color: cell.color, fill: draw.fill[cell.color] ?? '#ccc', countdown: cell.countdown ?? e.countdown ?? null });
    }),
  );
  return {
    portals: (l.portals ?? []).map((p, i) => ({ n: i + 1, from: p.from, to: p.to })),
    belts: (l.belts ?? []).map((b, i) => ({ n: i + 1, cells: b.cells })),
    walls: l.walls ?? [],
    spawners: (l.spawners ?? []).map((s, i) => ({ n: i + 1, at: s.at, entries: s.spawn.length })),
    hidden: (l.hidden ?? []).map((h, i) => ({ n: i + 1, at: h.at, size: h.size })),
    pieces,
    colored,
  };
}

/**
 * The words a cell adds to its accessible name for the layout it is part of ("portal 1 entry",
 * "belt 2, cell 3 of 14"): keys and params, worded by the UI.
 */
export function cellMarks(m: LayoutMarks, x: number, y: number): { key: string; params: Record<string, string | number> }[] {
  const at = (p: XY) => p[0] === x && p[1] === y;
  const out: { key: string; params: Record<string, string | number> }[] = [];
  for (const p of m.portals) {
    if (at(p.from)) out.push({ key: 'layout.portalFrom', params: { n: p.n } });
    if (at(p.to)) out.push({ key: 'layout.portalTo', params: { n: p.n } });
  }
  for (const b of m.belts) {
    const i = b.cells.findIndex(at);
    if (i >= 0) out.push({ key: 'layout.belt', params: { n: b.n, i: i + 1, of: b.cells.length } });
  }
  for (const s of m.spawners) if (at(s.at)) out.push({ key: 'layout.spawner', params: { n: s.n } });
  for (const h of m.hidden) if (x >= h.at[0] && x < h.at[0] + h.size[0] && y >= h.at[1] && y < h.at[1] + h.size[1]) out.push({ key: 'layout.hidden', params: { n: h.n } });
  for (const w of m.walls) {
    if (w.x === x && w.y === y) out.push({ key: w.side === 'right' ? 'layout.wallRight' : 'layout.wallBottom', params: {} });
    if (w.side === 'right' && w.x === x - 1 && w.y === y) out.push({ key: 'layout.wallLeft', params: {} });
    if (w.side === 'bottom' && w.x === x && w.y === y - 1) out.push({ key: 'layout.wallTop', params: {} });
  }
  for (const c of m.colored) if (c.x === x && c.y === y && c.countdown !== null) out.push({ key: 'layout.countdown', params: { n: c.countdown } });
  return out;
}
