// Objectives in the designer's language (core's describeObjective stays English for the model). A
// game's elements are named by elementLabel: translated for the classic game, as the designer wrote
// them for any other.
import { CLASSIC_ID, type GameDef } from '../core/game/types.ts';
import { CLEAR_CRATES_ELEMENT } from '../core/game/classic.ts';
import type { ObjectiveT } from '../core/level/index.ts';
import { elementLabel } from './elementLabel.ts';
import { t } from './index.svelte.ts';

/** `game`: the level's game (gameForWords(level)); classic when left out. */
export function objectiveLabel(o: ObjectiveT, game?: GameDef): string {
  switch (o.type) {
    case 'collect':
      return t('objl.collect', { count: o.count, color: o.color !== undefined ? t('color.' + o.color) : elementLabel(o.element!, game, o.count > 1) });
    case 'clear_ground':
      return t('objl.clear', { element: elementLabel(o.ground, game, true) });
    case 'clear_cover':
      return t('objl.clear', { element: elementLabel(o.cover, game, true) });
    case 'clear_crates':
      return t('objl.clear', { element: elementLabel(CLEAR_CRATES_ELEMENT, game, true) });
    case 'score':
      return t('objl.score', { target: o.target });
    case 'clear':
      return t('objl.clear', { element: elementLabel(o.element, game, true) });
    case 'bring_down':
      return t('objl.bringDown', { count: o.count, element: elementLabel(o.element, game, o.count > 1) });
    case 'cover':
      return t('objl.cover', { element: elementLabel(o.element, game) });
  }
}

/**
 * An objective type's name (the objective editor's type select, an edit's label when the objective
 * cannot be read): the catalogue's for the classic game ("Clear jelly", "Clear crates"); on a level of
 * another game the §1 types speak of that game's elements — the one the objective names, by the name
 * the designer gave it ("Clear Frosting"), else the layer's generic word ("Clear ground").
 * `o`: the objective whose type it is, when there is one. `game`: the level's game (gameForWords).
 */
export function objectiveTypeLabel(type: string, game?: GameDef, o?: Partial<Record<'ground' | 'cover', string>>): string {
  if (!game || game.id === CLASSIC_ID) return t('obj.type.' + type);
  const named = (id: string | undefined) => (id && game.elements.some((e) => e.id === id) ? t('obj.type.clearElement', { element: elementLabel(id, game) }) : undefined);
  switch (type) {
    case 'clear_ground':
      return named(o?.ground) ?? t('obj.type.clearGround');
    case 'clear_cover':
      return named(o?.cover) ?? t('obj.type.clear_cover');
    case 'clear_crates':
      return named(CLEAR_CRATES_ELEMENT) ?? t('obj.type.clearTiles');
    default:
      return t('obj.type.' + type);
  }
}
