// The level's state as the copilot reads it each round (issue 33): the settings in a line, then each
// layer's cells that differ from a plain cell, as rectangles per value (`jelly x0-8 y7-8`), or as one
// character per cell when that is shorter (a hand-painted pattern). Values are the level file's own
// (`crate:2` = hp or layers 2; a coloured piece's colour and countdown, `candy_bomb/red@4`), whatever the
// game, so nothing here names an element. A version 2 level's layout (RULES §12.3: portals, belts,
// walls, spawners, hidden rectangles) follows in a line, numbered as the layout tools number them.
import { rulesOf, type CellT, type LevelT } from './schema.ts';
import { describeObjective } from './text.ts';

type Layer = 'tile' | 'cover' | 'ground' | 'exit';
const LAYERS: readonly Layer[] = ['tile', 'cover', 'ground', 'exit'];

/** The cell's value on a layer as the file says it (`crate:2`, `ice:3`, `jelly`), or null when plain. */
function valueOf(c: CellT, layer: Layer): string | null {
  switch (layer) {
    case 'tile': {
      const t = c.tile ?? 'random';
      if (t === 'random') return null;
      const v = c as CellT & { color?: string; countdown?: number };
      return (c.hp && c.hp > 1 ? `${t}:${c.hp}` : t) + (v.color ? `/${v.color}` : '') + (v.countdown !== undefined ? `@${v.countdown}` : '');
    }
    case 'cover':
    case 'ground': {
      const v = c[layer];
      if (!v) return null;
      return v.layers && v.layers > 1 ? `${v.type}:${v.layers}` : v.type;
    }
    case 'exit':
      return c.exit ? 'exit' : null;
  }
}

const span = (a: number, b: number) => (a === b ? String(a) : `${a}-${b}`);

/** Each value's cells as rectangles, greedily: widest run first, then as many rows as it holds. */
function rectangles(l: LevelT, layer: Layer): Map<string, string[]> {
  const used = l.cells.map((row) => row.map(() => false));
  const out = new Map<string, string[]>();
  for (let y = 0; y < l.height; y++) {
    for (let x = 0; x < l.width; x++) {
      const v = valueOf(l.cells[y][x], layer);
      if (v === null || used[y][x]) continue;
      let x2 = x;
      while (x2 + 1 < l.width && !used[y][x2 + 1] && valueOf(l.cells[y][x2 + 1], layer) === v) x2++;
      let y2 = y;
      const rowHolds = (yy: number) => {
        for (let xx = x; xx <= x2; xx++) if (used[yy][xx] || valueOf(l.cells[yy][xx], layer) !== v) return false;
        return true;
      };
      while (y2 + 1 < l.height && rowHolds(y2 + 1)) y2++;
      for (let yy = y; yy <= y2; yy++) for (let xx = x; xx <= x2; xx++) used[yy][xx] = true;
      const list = out.get(v) ?? out.set(v, []).get(v)!;
      list.push(`x${span(x, x2)} y${span(y, y2)}`);
    }
  }
  return out;
}

const CODES = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789*+=%&$';

/** One character per cell, row by row from y0, with the characters used; '.' = plain. */
function charGrid(l: LevelT, layer: Layer): string {
  const code = new Map<string, string>();
  const taken = new Set(['.']);
  const codeOf = (v: string) => {
    let c = code.get(v);
    if (!c) {
      c = [v[0].toUpperCase(), v[0].toLowerCase(), ...CODES].find((k) => !taken.has(k)) ?? '?';
      taken.add(c);
      code.set(v, c);
    }
    return c;
  };
  const rows = l.cells.map((row) => row.map((cell) => { const v = valueOf(cell, layer); return v === null ? '.' : codeOf(v); }).join(''));
  const legend = [...code].map(([v, c]) => `${c} ${v}`).join(', ');
  return `${layer} (a character per cell, rows from y0, x0 first; . plain, ${legend}):\n${rows.join('\n')}`;
}

/** A layer in the shorter of its two forms, or '' when every cell is plain on it. */
function layerText(l: LevelT, layer: Layer): string {
  const rects = rectangles(l, layer);
  if (!rects.size) return '';
  const listed = `${layer}: ` + [...rects].map(([v, r]) => `${v} ${r.join(', ')}`).join('; ');
  const grid = charGrid(l, layer);
  return listed.length <= grid.length ? listed : grid;
}

type XY = [number, number];
/** The layout fields of a version 2 level, read structurally (a version 1 level has none). */
interface V2Layout {
  portals?: { from: XY; to: XY }[];
  belts?: { cells: XY[] }[];
  walls?: { x: number; y: number; side: 'right' | 'bottom' }[];
  spawners?: { at: XY; spawn: { element: string; chance: number; max: number; total: number }[] }[];
  hidden?: { at: XY; size: XY }[];
}
const at = ([x, y]: XY) => `x${x} y${y}`;

/** A version 2 level's layout in a line ('' when it has none): each list numbered from 1, as the layout tools take it. */
function layoutText(l: LevelT): string {
  const v = l as LevelT & V2Layout;
  const parts = [
    v.portals?.length ? 'portals ' + v.portals.map((p, i) => `${i + 1}: ${at(p.from)} → ${at(p.to)}`).join(', ') : '',
    v.belts?.length ? 'belts ' + v.belts.map((b, i) => `${i + 1}: ${b.cells.map(at).join(' → ')}`).join(', ') : '',
    v.walls?.length ? 'walls ' + v.walls.map((w) => `x${w.x} y${w.y} ${w.side}`).join(', ') : '',
    v.spawners?.length ? 'spawners ' + v.spawners.map((s) => `${at(s.at)}${s.spawn.length ? ` (${s.spawn.map((e) => `${e.element} chance ${e.chance}, max ${e.max}, total ${e.total}`).join('; ')})` : ''}`).join(', ') : '',
    v.hidden?.length ? 'hidden ' + v.hidden.map((h, i) => `${i + 1}: x${span(h.at[0], h.at[0] + h.size[0] - 1)} y${span(h.at[1], h.at[1] + h.size[1] - 1)}`).join(', ') : '',
  ].filter(Boolean);
  return parts.length ? `Layout: ${parts.join('; ')}.` : '';
}

/** The level in few characters: settings, objectives, spawn entries, the cells that are not plain and a version 2 level's layout. */
export function renderLevelState(l: LevelT): string {
  const layers = LAYERS.map((k) => layerText(l, k)).filter(Boolean);
  const rules = rulesOf(l) === 2 ? 'rules version 2 (diagonal slides)' : 'rules version 1 (straight falls only)';
  const spawn = l.spawn?.length ? ['Spawn: ' + l.spawn.map((s, i) => `${i}: ${s.element} chance ${s.chance}, max ${s.max}, total ${s.total}`).join('; ')] : [];
  return [
    `"${l.name}": ${l.width}×${l.height}, ${l.moves} moves, ${l.colors} colours, seed ${l.seed}, ${rules}.`,
    'Objectives: ' + (l.objectives.length ? l.objectives.map((o, i) => `${i}: ${describeObjective(o)}`).join('; ') : 'none'),
    ...spawn,
    layers.length ? `Cells not listed: random tile, no cover, no ground${layers.some((t) => /\w:\d/.test(t)) ? ' (v:n = hp or layers n)' : ''}${layers.some((t) => /\w\/\w/.test(t)) ? ' (v/c@n = a coloured piece of colour c, countdown n)' : ''}.` : 'Cells: all random tiles, no covers, no ground.',
    ...layers,
    ...[layoutText(l)].filter(Boolean),
  ].join('\n');
}
