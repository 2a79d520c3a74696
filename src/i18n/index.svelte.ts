// One catalogue for every visible string. The language follows the browser and can be switched in Settings.
import { catalogs, type Locale } from './catalog/index.ts';

export type { Locale };
export const LOCALES: { id: Locale; label: string }[] = [
  { id: 'en', label: 'English' },
  { id: 'zh', label: '简体中文' },
];

export function detectLocale(languages: readonly string[] = typeof navigator !== 'undefined' ? navigator.languages ?? [navigator.language] : []): Locale {
  for (const l of languages) {
    const low = l.toLowerCase();
    if (low.startsWith('zh')) return 'zh';
    if (low.startsWith('en')) return 'en';
  }
  return 'en';
}

class I18n {
  locale = $state<Locale>(detectLocale());
}
export const i18n = new I18n();

export function setLocale(l: Locale) {
  i18n.locale = l;
  if (typeof document !== 'undefined') document.documentElement.lang = l === 'zh' ? 'zh-CN' : 'en';
}

/** Translate `key`, replacing `{name}` with params.name. Falls back to English, then to the key. */
export function t(key: string, params?: Record<string, string | number>): string {
  const s = catalogs[i18n.locale][key] ?? catalogs.en[key] ?? key;
  return params ? s.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m)) : s;
}
