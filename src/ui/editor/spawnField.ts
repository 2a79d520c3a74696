// What is wrong with a value typed into a spawn entry's field, as a sentence in the designer's language
// (RULES §11.1: a chance above 0 and at most 1, shown as a percent; at most 1..20 on the board; 1..999 in all).
import { GAME_LIMITS } from '../../core/game/types.ts';
import { addCatalogPart, t } from '../../i18n/index.svelte.ts';
import strings from '../../i18n/catalog/lazy/spawn.ts';

addCatalogPart(strings); // the spawn editor's words load with it

export type SpawnField = 'chance' | 'max' | 'total';

/** The problem with `raw` for this field, or null when it can be committed. */
export function spawnFieldProblem(field: SpawnField, raw: string): string | null {
  const s = raw.trim();
  const v = Number(s);
  if (field === 'chance') return s === '' || !Number.isFinite(v) || v <= 0 || v > 100 ? t('spawn.chanceRange') : null;
  const { min, max } = field === 'max' ? GAME_LIMITS.spawnMax : GAME_LIMITS.spawnTotal;
  return s === '' || !Number.isInteger(v) || v < min || v > max ? t('props.range', { field: t(field === 'max' ? 'spawn.max' : 'spawn.total'), min, max }) : null;
}
