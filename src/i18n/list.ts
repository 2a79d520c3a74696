// A list of names (elements, cells, levels, objectives) in the language shown: "Chocolate, Carpet" in
// English, "Chocolate、Carpet" in 简体中文 (the enumeration comma). Every join of names in the UI goes
// through here, so no Chinese sentence carries an ASCII comma between names.
import { intlLocale } from './index.svelte.ts';

const formats = new Map<string, Intl.ListFormat>();

/** `names` joined as a list, no "and" (English ", ", Chinese "、"). */
export function nameList(names: readonly string[]): string {
  const locale = intlLocale();
  if (typeof Intl.ListFormat !== 'function') return names.join(locale.startsWith('zh') ? '、' : ', ');
  let f = formats.get(locale);
  if (!f) formats.set(locale, (f = new Intl.ListFormat(locale, { type: 'conjunction', style: 'narrow' })));
  return f.format(names);
}
