// Objectives in the designer's language (core's describeObjective stays English for the model).
import { describeObjective, type ObjectiveT } from '../core/level/index.ts';
import { t } from './index.svelte.ts';

export function objectiveLabel(o: ObjectiveT): string {
  switch (o.type) {
    case 'collect':
      // a game's element has no translation: its id is its name
      return t('objl.collect', { count: o.count, color: o.color !== undefined ? t('color.' + o.color) : o.element! });
    case 'clear_ground':
      return t('objl.jelly');
    case 'clear_cover':
      return t(o.cover === 'ice' ? 'objl.ice' : 'objl.chain');
    case 'clear_crates':
      return t('objl.crates');
    case 'score':
      return t('objl.score', { target: o.target });
    // the objectives of a game's elements (RULES §11.1): the studio stores classic levels only, so
    // these are shown in the core's English words
    case 'clear':
    case 'bring_down':
    case 'cover':
      return describeObjective(o);
  }
}
