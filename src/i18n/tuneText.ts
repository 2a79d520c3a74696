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
}

/** The reason's note translated; catalogue-key parameters ("@tier.average") and the levers translated too. */
export function tuneReasonText(r: TuneReason, how: ReasonWording = {}): string {
  const lever = (key: string) => key.slice(key.lastIndexOf('.') + 1);
  const name = (key: string) => (key.startsWith('tune.lever.') ? how.leverName?.(lever(key)) : undefined) ?? t(key);
  const params: Record<string, string | number> = { list: r.list.map((l) => name(l.key)).join(i18n.locale === 'zh' ? '、' : ', ') };
  for (const [k, v] of Object.entries(r.params)) params[k] = typeof v === 'string' && v.startsWith('@') ? t(v.slice(1)) : v;
  if (how.bounds && typeof params.bounds === 'string') params.bounds = how.bounds(r.list.map((l) => lever(l.key)));
  return t(r.key, params);
}
