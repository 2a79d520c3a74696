// Objectives in the designer's language (core's describeObjective stays English for the model). A
// game's elements are named by elementLabel: translated for the classic game, as the designer wrote
// them for any other.
import type { GameDef } from '../core/game/types.ts';
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
    case 'find':
      return t('objl.find', { count: o.count });
  }
}
