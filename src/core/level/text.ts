// The level as text rows: what the copilot's prompt and `get_level` show the model.
import { rulesOf, type CellT, type LevelT } from './schema.ts';

const TILE_CHAR: Record<string, string> = {
  random: '.', red: 'R', green: 'G', blue: 'B', yellow: 'Y', purple: 'P', orange: 'O',
  rocket_h: 'H', rocket_v: 'V', bomb: 'X', rainbow: '@', crate: '#', void: '_',
};

function tileToken(c: CellT): string {
  const t = c.tile ?? 'random';
  const ch = TILE_CHAR[t] ?? '?';
  return t === 'crate' ? `#${c.hp ?? 1}` : ch + ' ';
}
function coverToken(c: CellT): string {
  if (!c.cover) return '. ';
  return c.cover.type === 'ice' ? `i${c.cover.layers ?? 1}` : 'c ';
}
function groundToken(c: CellT): string {
  return c.ground ? `j${c.ground.layers ?? 1}` : '. ';
}

function grid(l: LevelT, token: (c: CellT) => string): string {
  const header = '    ' + Array.from({ length: l.width }, (_, x) => String(x).padEnd(3)).join('').trimEnd();
  const rows = l.cells.map((row, y) => String(y).padStart(2) + ': ' + row.map((c) => token(c).padEnd(3)).join('').trimEnd());
  return [header, ...rows].join('\n');
}

export const BOARD_LEGEND =
  'Tiles: . random, R red, G green, B blue, Y yellow, P purple, O orange, H rocket_h, V rocket_v, X bomb, @ rainbow, #n crate with n hp, _ void. ' +
  'Covers: iN ice with N layers, c chain. Ground: jN jelly with N layers. ' +
  'Coordinates: x = column from the left, y = row from the top, both from 0; regions x1,y1..x2,y2 are inclusive.';

export function renderLevelText(l: LevelT): string {
  const hasCover = l.cells.some((r) => r.some((c) => c.cover));
  const hasGround = l.cells.some((r) => r.some((c) => c.ground));
  const parts = [
    `Level "${l.name}": ${l.width}×${l.height}, ${l.moves} moves, ${l.colors} colours, seed ${l.seed}, ` +
      (rulesOf(l) === 2 ? 'rules version 2 (tiles also slide diagonally into cells under blockers).' : 'rules version 1 (tiles only fall straight down).'),
    'Objectives: ' + l.objectives.map((o, i) => `${i}: ${describeObjective(o)}`).join('; '),
    'Tiles:\n' + grid(l, tileToken),
  ];
  parts.push(hasCover ? 'Covers:\n' + grid(l, coverToken) : 'Covers: none.');
  parts.push(hasGround ? 'Ground:\n' + grid(l, groundToken) : 'Ground: none.');
  return parts.join('\n');
}

export function describeObjective(o: LevelT['objectives'][number]): string {
  switch (o.type) {
    case 'collect': return `collect ${o.count} ${o.color ?? o.element}`;
    case 'clear_ground': return `clear all ${o.ground}`;
    case 'clear_cover': return `clear all ${o.cover}`;
    case 'clear_crates': return 'clear all crates';
    case 'score': return `score ${o.target}`;
    case 'clear': return `clear all ${o.element}`;
    case 'bring_down': return `bring down ${o.count} ${o.element}`;
    case 'cover': return `cover the board with ${o.element}`;
  }
}
