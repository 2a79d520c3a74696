// Starved cells: cells that cannot receive a new tile while the blockers of the level stand.
// New tiles enter at the top of each column and fall; under rules version 2 they also slide
// diagonally (RULES §2.6b). A cell that no fall and no slide can reach keeps the tile it starts
// with until a blocker above it goes: objectives there stall (the "refill starvation" of the
// bottleneck analysis).
import { isBuiltinTile, rulesOf, type CellT, type LevelT, type RulesVersion } from './schema.ts';
import { cellSpan } from '../cellName.ts';
import type { GameDef } from '../game/types.ts';

/** A blocker's element id: `crate`, `ice`, `chain` in the classic game, a game's own elements beside them. */
export type BlockerKind = string;

export interface StarvedGroup {
  /** The blockers shading the cells: one row, neighbouring columns, one kind. */
  blocker: BlockerKind;
  blockers: { x: number; y: number }[];
  /** The starved cells whose nearest blocker above is one of these, column by column, top-down. */
  cells: { x: number; y: number }[];
}

/** Tile elements that fall (RULES §11.2) do not hold up what is above them; every other tile element does. */
function fallingTiles(game: GameDef | undefined): ReadonlySet<string> {
  // coloured elements fall like colour tiles, and a cover that falls with its tile holds nothing up (RULES §12.1)
  return new Set((game?.elements ?? []).filter((e) => (e.layer === 'tile' && (e.falls || e.colored)) || (e.layer === 'cover' && e.fallsWithTile)).map((e) => e.id));
}

function blockerAt(c: CellT, falling: ReadonlySet<string>): BlockerKind | null {
  if (!isBuiltinTile(c.tile) && !falling.has(c.tile!)) return c.tile!;
  if (c.cover && !falling.has(c.cover.type)) return c.cover.type;
  return null;
}

/**
 * Which cells new tiles can reach with every blocker standing: the top segment of each column (the
 * refill), everything below a reached cell in its column down to the next blocker (falls through
 * voids), and under version 2 a cell whose upper-left or upper-right neighbour is a reached cell
 * (a slide). Row-major flags.
 */
export function reachableCells(level: LevelT, rules: RulesVersion = rulesOf(level), game?: GameDef): boolean[] {
  const { width: w, height: h, cells } = level;
  const falling = fallingTiles(game);
  const blockerOf = (c: CellT) => blockerAt(c, falling);
  const reach = new Array<boolean>(w * h).fill(false);
  const holds = (x: number, y: number) => cells[y][x].tile !== 'void' && blockerOf(cells[y][x]) === null;
  // a reached cell passes tiles down its column, through voids, to the next blocker
  const fallFrom = (x: number, y: number) => {
    for (let r = y + 1; r < h; r++) {
      const c = cells[r][x];
      if (c.tile === 'void') continue;
      if (blockerOf(c) !== null || reach[r * w + x]) return;
      reach[r * w + x] = true;
    }
  };
  for (let x = 0; x < w; x++) {
    for (let y = 0; y < h; y++) {
      const c = cells[y][x];
      if (c.tile === 'void') continue;
      if (blockerOf(c) !== null) break;
      reach[y * w + x] = true;
    }
  }
  if (rules === 1) return reach;
  // slides: rows top-down, since a cell is fed only from the row above; a slide into a cell also
  // feeds what lies under it, which may be lower rows (handled as the rows come) or the same column
  for (let y = 1; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (reach[y * w + x] || !holds(x, y)) continue;
      const fed = (x > 0 && reach[(y - 1) * w + x - 1] && holds(x - 1, y - 1)) || (x < w - 1 && reach[(y - 1) * w + x + 1] && holds(x + 1, y - 1));
      if (!fed) continue;
      reach[y * w + x] = true;
      fallFrom(x, y);
    }
  return reach;
}

/** The starved cells of the level under its rules, grouped by the blocker run that shades them. */
export function starvedGroups(level: LevelT, rules: RulesVersion = rulesOf(level), game?: GameDef): StarvedGroup[] {
  const { width: w, height: h, cells } = level;
  const reach = reachableCells(level, rules, game);
  const falling = fallingTiles(game);
  const blockerOf = (c: CellT) => blockerAt(c, falling);
  // each starved cell belongs to the nearest blocker above it in its column
  const byBlocker = new Map<number, { x: number; y: number }[]>();
  for (let x = 0; x < w; x++) {
    let above = -1;
    for (let y = 0; y < h; y++) {
      const c = cells[y][x];
      if (c.tile === 'void') continue;
      if (blockerOf(c) !== null) {
        above = y * w + x;
        continue;
      }
      if (reach[y * w + x] || above < 0) continue;
      let list = byBlocker.get(above);
      if (!list) byBlocker.set(above, (list = []));
      list.push({ x, y });
    }
  }
  // blockers of one kind side by side in a row make one group ("the ice at (1, 5)–(7, 5)")
  const groups: StarvedGroup[] = [];
  const keys = [...byBlocker.keys()].sort((a, b) => a - b);
  for (const i of keys) {
    const x = i % w, y = (i / w) | 0, kind = blockerOf(cells[y][x])!;
    const last = groups.at(-1);
    const prev = last?.blockers.at(-1);
    if (last && prev && last.blocker === kind && prev.y === y && prev.x === x - 1) {
      last.blockers.push({ x, y });
      last.cells.push(...byBlocker.get(i)!);
    } else groups.push({ blocker: kind, blockers: [{ x, y }], cells: [...byBlocker.get(i)!] });
  }
  for (const g of groups) g.cells.sort((a, b) => a.x - b.x || a.y - b.y);
  return groups;
}

/** `B6` or `B6–H6` for a run of blockers (cell names as on the board's rulers, ../cellName.ts). */
export function formatBlockers(g: StarvedGroup): string {
  const a = g.blockers[0], b = g.blockers[g.blockers.length - 1];
  return cellSpan(a.x, a.y, b.x, b.y);
}

/** Cells as vertical runs: `A3–A9`, `D8`. */
export function formatCellRuns(cells: readonly { x: number; y: number }[]): string[] {
  const out: string[] = [];
  let k = 0;
  while (k < cells.length) {
    let e = k;
    while (e + 1 < cells.length && cells[e + 1].x === cells[k].x && cells[e + 1].y === cells[e].y + 1) e++;
    const a = cells[k], b = cells[e];
    out.push(cellSpan(a.x, a.y, b.x, b.y));
    k = e + 1;
  }
  return out;
}
