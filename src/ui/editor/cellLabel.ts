// A cell's accessible name: its ruler name and what it shows, in the interface's language
// ("B4: Crate, 2 hits"): every number drawn on the cell (hits, layers) is in the name, so what is seen
// and what is read agree (axe's label-content-name-mismatch). Elements are named in their game's words.
import type { CellT } from '../../core/level/index.ts';
import { isBuiltinTile } from '../../core/level/index.ts';
import { CLASSIC_GAME } from '../../core/game/classic.ts';
import type { GameDef } from '../../core/game/types.ts';
import { cellName } from '../../core/cellName.ts';
import { t } from '../../i18n/index.svelte.ts';
import { elementLabel, elementValueLabel } from '../../i18n/elementLabel.ts';

/**
 * The game with each element of a glyph of two characters named with it ("Candy bomb “Cb”"): the glyph
 * is text drawn on the cell, so the cell's name carries it beside the count (axe's
 * label-content-name-mismatch; a one-character glyph is not a word to it). Kept per game.
 */
const glyphed = new WeakMap<GameDef, GameDef>();
function withGlyphs(game: GameDef): GameDef {
  if (game.id === CLASSIC_GAME.id || !game.elements.some((e) => (e.glyph ?? '').length > 1)) return game;
  let g = glyphed.get(game);
  if (!g) glyphed.set(game, (g = { ...game, elements: game.elements.map((e) => ((e.glyph ?? '').length > 1 ? { ...e, name: `${e.name ?? e.id} “${e.glyph}”` } : e)) }));
  return g;
}

export function cellWhat(cell: CellT, gameIn: GameDef = CLASSIC_GAME): string {
  const game = withGlyphs(gameIn);
  const tile = cell.tile ?? 'random';
  // a coloured piece (RULES §12.1) by its element and colour: "Candy bomb, red"
  const parts = [isBuiltinTile(tile) ? t('value.' + tile) : cell.color ? t('value.coloredPiece', { name: elementLabel(tile, game), color: t('color.' + cell.color) }) : elementValueLabel(tile, game, cell.hp ?? 1, true)];
  if (cell.cover) parts.push(elementValueLabel(cell.cover.type, game, cell.cover.layers ?? 1));
  if (cell.ground) parts.push(elementValueLabel(cell.ground.type, game, cell.ground.layers ?? 1));
  if (cell.exit) parts.push(t('value.exitCell'));
  return parts.join(', ');
}

/** `marks`: what a version 2 level's layout adds to the cell (layoutMarks.ts cellMarks), worded here. */
export function cellLabel(cell: CellT, x: number, y: number, game: GameDef = CLASSIC_GAME, marks: readonly Notice[] = []): string {
  const what = [cellWhat(cell, game), ...marks.map((m) => t(m.key, m.params))].join(', ');
  return t('cell.label', { cell: cellName(x, y), what });
}

type Notice = { key: string; params: Record<string, string | number> };
