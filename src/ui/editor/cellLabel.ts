// A cell's accessible name: its ruler name and what it shows, in the interface's language
// ("B4: Crate, 2 hits"): every number drawn on the cell (crate hits, ice and jelly layers) is in the name,
// so what is seen and what is read agree (axe's label-content-name-mismatch).
import type { CellT } from '../../core/level/index.ts';
import { cellName } from '../../core/cellName.ts';
import { t } from '../../i18n/index.svelte.ts';

export function cellWhat(cell: CellT): string {
  const tile = cell.tile ?? 'random';
  const parts = [tile === 'crate' ? t('cell.crate', { hp: cell.hp ?? 1 }) : t('value.' + tile)];
  if (cell.cover) parts.push(cell.cover.type === 'ice' ? t('value.ice', { n: cell.cover.layers ?? 1 }) : t('value.chain'));
  if (cell.ground) parts.push(t('value.jelly', { n: cell.ground.layers ?? 1 }));
  return parts.join(', ');
}

export function cellLabel(cell: CellT, x: number, y: number): string {
  return t('cell.label', { cell: cellName(x, y), what: cellWhat(cell) });
}
