// One catalogue for every visible string. The language follows the browser and can be switched in Settings.
// English (also the fallback) is part of the first load; 简体中文 loads when first used, as its own chunk
// (which the service worker precaches, so it is there offline too). docs/performance.md, "First load".
import en from './catalog/en.ts';
import type { Locale } from './catalog/index.ts';
import { fill } from './format.ts';

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

type Part = { en: Record<string, string>; zh: Record<string, string> };
/** Catalogue parts that came with a lazy chunk (addCatalogPart), for a language loaded after them. */
const extraParts: Part[] = [];

const loaders: Record<Locale, () => Promise<Record<string, string>>> = {
  en: async () => en,
  zh: async () => {
    const table = (await import('./catalog/zh.ts')).default;
    for (const p of extraParts) Object.assign(table, p.zh);
    return table;
  },
};
const loaded: Partial<Record<Locale, Record<string, string>>> = { en };

/**
 * Adds a catalogue part that loads with its lazy chunk (src/i18n/catalog/lazy/: the strings of a dialog
 * or panel that opens on first use), in both languages. Adding the same part again changes nothing.
 */
export function addCatalogPart(part: Part) {
  if (extraParts.includes(part)) return;
  extraParts.push(part);
  Object.assign(en, part.en);
  if (loaded.zh) Object.assign(loaded.zh, part.zh);
}

class I18n {
  /** Switches only once the language's catalogue is here: never a half-translated page. */
  locale = $state<Locale>('en');
}
export const i18n = new I18n();

let switches = 0;
/**
 * Shows the studio in `l`: at once when its catalogue is loaded, else once it is (a few milliseconds,
 * from the service worker's cache offline). When several switches overlap, the last one asked wins.
 * Resolves to false, leaving the language as it was, when the catalogue cannot be loaded.
 */
export async function setLocale(l: Locale): Promise<boolean> {
  const mine = ++switches;
  if (!loaded[l]) {
    try {
      loaded[l] = await loaders[l]();
    } catch {
      return false;
    }
  }
  if (mine !== switches) return true;
  i18n.locale = l;
  if (typeof document !== 'undefined') document.documentElement.lang = l === 'zh' ? 'zh-CN' : 'en';
  return true;
}
// the browser's language from the start; the setting stored in Settings overrides it when the studio opens
if (detectLocale() !== 'en') void setLocale(detectLocale());

/**
 * Translate `key`, replacing `{name}` with params.name and choosing plural forms (`{n, plural, one {…}
 * other {…}}`, ./format.ts) by the language's rules. Falls back to English, then to the key.
 */
export function t(key: string, params?: Record<string, string | number>): string {
  const own = loaded[i18n.locale]?.[key];
  const s = own ?? en[key] ?? key;
  return fill(s, params, own !== undefined ? i18n.locale : 'en');
}

/** The interface's language as a BCP 47 tag, for Intl formatters (dates, times, numbers). */
export function intlLocale(): string {
  return i18n.locale === 'zh' ? 'zh-CN' : 'en';
}
