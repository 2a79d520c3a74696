// Both languages at once, for tests and tools. The app imports ./en.ts and loads ./zh.ts on demand
// (src/i18n/index.svelte.ts), so a designer downloads only the language in use.
import en from './en.ts';
import zh from './zh.ts';

export type Locale = 'en' | 'zh';

export const catalogs: Record<Locale, Record<string, string>> = { en, zh };
