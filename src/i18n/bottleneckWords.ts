// The report's bottleneck panel's words that depend on the level's game: what an objective counts (how
// far short lost games end of it) and the advice for cells where play stalls. Its keys are that panel's
// (catalog/lazy/bottleneck.ts): they load with this file.
import { CLASSIC_ID, type GameDef } from '../core/game/types.ts';
import { CLEAR_CRATES_ELEMENT } from '../core/game/classic.ts';
import type { ObjectiveT } from '../core/level/index.ts';
import { elementLabel } from './elementLabel.ts';
import { addCatalogPart, t } from './index.svelte.ts';
import bottleneckStrings from '../i18n/catalog/lazy/bottleneck.ts'; // (spelt from src/ so the catalogue test sees it)
addCatalogPart(bottleneckStrings);

/**
 * "jelly layers", "crate hits", "tiles"…; on a workspace game's level a §1 objective counts that game's
 * element, by the name the designer gave it ("Frosting layers").
 */
export function objectiveUnit(o: ObjectiveT, game?: GameDef): string {
  if (game && game.id !== CLASSIC_ID) {
    if (o.type === 'clear_ground' || o.type === 'clear_cover') return t('rep.unit.gameLayers', { name: elementLabel(o.type === 'clear_ground' ? o.ground : o.cover, game) });
    if (o.type === 'clear_crates') return t('rep.unit.gameHits', { name: elementLabel(CLEAR_CRATES_ELEMENT, game) });
  }
  return t('rep.unit.' + (o.type === 'clear_cover' ? o.cover : o.type));
}

/**
 * The advice for the cells where play stalls: lighten them; for a bring_down objective (a workspace
 * game's items) the items are left there, so open the cells under them or put exits below them.
 */
export function stallAdvice(o: ObjectiveT | undefined, cells: string, game?: GameDef): string {
  if (o?.type === 'bring_down') return t('rep.sug.items', { element: elementLabel(o.element, game, true), cells });
  return t('rep.sug.cells', { cells });
}
