// A tuning's "why not in the band" in the designer's language (src/core/tune/reasons.ts holds the keys).
import type { TuneReason } from '../core/tune/reasons.ts';
import { i18n, t } from './index.svelte.ts';

/** The reason's note translated; catalogue-key parameters ("@tier.average") and the levers translated too. */
export function tuneReasonText(r: TuneReason): string {
  const params: Record<string, string | number> = { list: r.list.map((l) => t(l.key)).join(i18n.locale === 'zh' ? '、' : ', ') };
  for (const [k, v] of Object.entries(r.params)) params[k] = typeof v === 'string' && v.startsWith('@') ? t(v.slice(1)) : v;
  return t(r.key, params);
}
