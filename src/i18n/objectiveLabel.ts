// Objectives in the designer's language (core's describeObjective stays English for the model).
import type { ObjectiveT } from '../core/level/index.ts';
import { t } from './index.svelte.ts';

export function objectiveLabel(o: ObjectiveT): string {
  switch (o.type) {
    case 'collect':
      return t('objl.collect', { count: o.count, color: t('color.' + o.color) });
    case 'clear_ground':
      return t('objl.jelly');
    case 'clear_cover':
      return t(o.cover === 'ice' ? 'objl.ice' : 'objl.chain');
    case 'clear_crates':
      return t('objl.crates');
    case 'score':
      return t('objl.score', { target: o.target });
  }
}
