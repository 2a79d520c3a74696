// Both languages at once, every part included, for tests and tools. The app imports ./en.ts and loads
// ./zh.ts on demand (src/i18n/index.svelte.ts), so a designer downloads only the language in use, and
// each lazy/*.ts part with the dialog or panel that shows it.
import en from './en.ts';
import zh from './zh.ts';

export type Locale = 'en' | 'zh';
type Part = { en: Record<string, string>; zh: Record<string, string> };

export const catalogs: Record<Locale, Record<string, string>> = { en: { ...en }, zh: { ...zh } };

// the parts that load with their dialog or panel (lazy/*.ts), so the tables here are complete
const lazyParts = import.meta.glob<{ default: Part }>('./lazy/*.ts', { eager: true });
for (const part of Object.values(lazyParts)) addCatalogPart(part.default);

/** Adds a catalogue part that loads with its lazy chunk (e.g. the play-test's keyboard strings); the app uses the same function of src/i18n/index.svelte.ts. */
export function addCatalogPart(part: Part) {
  Object.assign(catalogs.en, part.en);
  Object.assign(catalogs.zh, part.zh);
}
