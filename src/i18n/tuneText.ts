// A tuning's "why not in the band" in the designer's language (src/core/tune/reasons.ts holds the keys).
import type { TuneReason } from '../core/tune/reasons.ts';
import { addCatalogPart, i18n, t } from './index.svelte.ts';
import reasonStrings from './catalog/lazy/tuneReasons.ts';
addCatalogPart(reasonStrings); // the reasons' words load with this file, not with the first page

/** How a reason's levers and bounds are said where the level is known (src/ui/analysis/tuneWords.ts: a workspace game's elements by name). */
export interface ReasonWording {
  /** A lever's name on this level (undefined: the catalogue's). */
  leverName?: (lever: string) => string | undefined;
  /** The bounds in the designer's language, for the levers given (the reason's own English otherwise). */
  bounds?: (levers: string[]) => string;
  /** The level's objective at this index, worded by the game's names ("bring down 5 Cherries"), for a reason that names one. */
  objective?: (index: number) => string | undefined;
  /** Whether a lever acts on this level at all (a game's lever with none of its elements on the board is left out of the list). */
  acts?: (lever: string) => boolean;
}

/** The reason's note translated; catalogue-key parameters ("@tier.average") and the levers translated too. */
export function tuneReasonText(r: TuneReason, how: ReasonWording = {}): string {
  const lever = (key: string) => key.slice(key.lastIndexOf('.') + 1);
  const name = (key: string) => (key.startsWith('tune.lever.') ? how.leverName?.(lever(key)) : undefined) ?? t(key);
  const list = r.list.filter((l) => !how.acts || how.acts(lever(l.key)));
  const params: Record<string, string | number> = { list: (list.length ? list : r.list).map((l) => name(l.key)).join(i18n.locale === 'zh' ? '、' : ', ') };
  for (const [k, v] of Object.entries(r.params)) params[k] = typeof v === 'string' && v.startsWith('@') ? t(v.slice(1)) : v;
  const objective = typeof r.params.objectiveIndex === 'number' ? how.objective?.(r.params.objectiveIndex) : undefined;
  if (objective) params.objective = objective;
  if (how.bounds && typeof params.bounds === 'string') params.bounds = how.bounds(r.list.map((l) => lever(l.key)));
  return t(r.key, params);
}
