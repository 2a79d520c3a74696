// What the brush does besides painting: the eyedropper, and the words for paint that did not land (a
// hidden layer shown again, a refused cell — a multi-cell piece that does not fit included —, an erase
// that found nothing) — each said as a Notice on the editor's line. Called by the board's pointer tools (boardTools.svelte.ts).
import { isColorOrRandom } from '../core/level/index.ts';
import { cellName } from '../core/cellName.ts';
import { notice, word } from '../core/notice.ts';
import { layerHasContent, LAYERS, topLayer, valueAt } from './brush.ts';
import type { EditorStore } from './editor.svelte.ts';
import { loadedBlockEdits } from './selection.ts';

/**
 * Eyedropper: takes what is on top at the cell, switches to its layer, and goes back to the brush. A cell
 * a multi-cell piece covers gives the piece (held on its anchor: RULES §12.4), unless the tile layer is hidden.
 */
export function pickAt(ed: EditorStore, x: number, y: number) {
  if (!ed.level) return;
  // (a game with multi-cell elements is a version 2 game: its edits, the piece code among them, are loaded with its palette)
  const [px, py] = (!ed.hidden.tile && loadedBlockEdits()?.pieceAnchorAt(ed.level, ed.game, x, y)) || [x, y];
  const cell = ed.level.cells[py][px];
  ed.setValue(valueAt(cell, topLayer(cell, ed.hidden), ed.game));
  ed.tool = 'brush';
}

/** Painting on a hidden layer would be invisible: the layer is shown again, and the designer told so. */
export function revealActiveLayer(ed: EditorStore) {
  if (!ed.hidden[ed.layer]) return;
  ed.hidden = { ...ed.hidden, [ed.layer]: false };
  ed.notice = notice('layer.revealed', { layer: word('layer.' + ed.layer) });
}

/**
 * Says why paint at (x, y) did not land, when the rules refused it (a cover needs a colour or random
 * tile; a void holds no cover or ground). Painting a value the cell already has needs no words.
 */
export function explainRefusedPaint(ed: EditorStore, x: number, y: number) {
  const cell = ed.level?.cells[y]?.[x];
  if (!cell) return;
  const piece = loadedBlockEdits()?.pieceRefusal(ed, x, y);
  if (piece) return void (ed.notice = piece);
  const tile = cell.tile ?? 'random';
  if (ed.layer === 'tile') return;
  if (tile === 'void') ed.notice = notice('paint.onVoid', { layer: word('layer.' + ed.layer), cell: cellName(x, y) });
  // worded with the level's game (src/i18n/notice.ts)
  else if (ed.layer === 'cover' && !isColorOrRandom(tile)) ed.notice = notice('paint.coverNeedsTile', { cell: cellName(x, y), tile });
}

/** Says why an erase at (x, y) on the active layer changed nothing, naming where the cell's content is. */
export function explainEmptyErase(ed: EditorStore, x: number, y: number) {
  if (!ed.level) return;
  const cell = ed.level.cells[y][x];
  const layer = word('layer.' + ed.layer);
  const other = LAYERS.find((l) => l !== ed.layer && layerHasContent(cell, l));
  ed.notice = other
    ? notice('erase.nothingElsewhere', { layer, cell: cellName(x, y), other: word('layer.' + other), key: LAYERS.indexOf(other) + 1 })
    : notice('erase.nothing', { layer, cell: cellName(x, y) });
}
