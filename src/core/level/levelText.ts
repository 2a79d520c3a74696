// The level as text rows: what `get_level` shows the model (loaded with that tool's body, not on the
// first page: its legend is made when the module loads). The objectives' words are text.ts's.
import { CLASSIC_TEXT_CODES, classicElements } from '../game/classicFormat.ts';
import { CLASSIC_GAME } from '../game/classic.ts';
import { elementOf, hpOf } from '../game/elements.ts';
import type { Layer } from '../game/types.ts';
import { rulesOf, type CellT, type LevelT } from './schema.ts';
import { describeObjective } from './text.ts';

const TILE_CHAR: Record<string, string> = {
  random: '.', red: 'R', green: 'G', blue: 'B', yellow: 'Y', purple: 'P', orange: 'O',
  rocket_h: 'H', rocket_v: 'V', bomb: 'X', rainbow: '@', void: '_',
};

/** An element's character: the classic file's (`#`, `i`, `c`, `j`), else `?`. */
const codeOf = (id: string) => CLASSIC_TEXT_CODES[id] ?? '?';

function tileToken(c: CellT): string {
  const t = c.tile ?? 'random';
  const ch = TILE_CHAR[t];
  if (ch !== undefined) return ch + ' ';
  return CLASSIC_TEXT_CODES[t] !== undefined ? `${codeOf(t)}${c.hp ?? 1}` : '? ';
}
/** A cover or ground: its character, and its layers when the file names them (§1: a cover of one layer does not). */
function layerToken(v: { type: string; layers?: number } | null | undefined, layered: (v: { type: string; layers?: number }) => boolean): string {
  if (!v) return '. ';
  return layered(v) ? `${codeOf(v.type)}${v.layers ?? 1}` : `${codeOf(v.type)} `;
}
/** A cover of several layers writes them even where the file leaves them out (a classic one of one layer never has any). */
const severalLayers = (id: string) => {
  const e = elementOf(CLASSIC_GAME, id);
  return e !== undefined && hpOf(e) > 1;
};
const coverToken = (c: CellT) => layerToken(c.cover, (v) => v.layers !== undefined || severalLayers(v.type));
const groundToken = (c: CellT) => layerToken(c.ground, () => true);

function grid(l: LevelT, token: (c: CellT) => string): string {
  const header = '    ' + Array.from({ length: l.width }, (_, x) => String(x).padEnd(3)).join('').trimEnd();
  const rows = l.cells.map((row, y) => String(y).padStart(2) + ': ' + row.map((c) => token(c).padEnd(3)).join('').trimEnd());
  return [header, ...rows].join('\n');
}

/** `#n crate with n hp`, `iN ice with N layers`, `c chain`: how the text writes the classic game's elements on a layer. */
function legendOf(layer: Layer): string {
  return classicElements(layer)
    .map((e) => {
      const code = codeOf(e.id);
      if (layer === 'tile') return `${code}n ${e.id} with n hp`;
      return hpOf(e) > 1 ? `${code}N ${e.id} with N layers` : `${code} ${e.id}`;
    })
    .join(', ');
}

export const BOARD_LEGEND =
  `Tiles: . random, R red, G green, B blue, Y yellow, P purple, O orange, H rocket_h, V rocket_v, X bomb, @ rainbow, ${legendOf('tile')}, _ void. ` +
  `Covers: ${legendOf('cover')}. Ground: ${legendOf('ground')}. ` +
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
