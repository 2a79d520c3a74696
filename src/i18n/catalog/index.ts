import common from './common.ts';
import editor from './editor.ts';
import chat from './chat.ts';
import analysis from './analysis.ts';
import report from './report.ts';
import tune from './tune.ts';
import sync from './sync.ts';

export type Locale = 'en' | 'zh';
type Part = { en: Record<string, string>; zh: Record<string, string> };
const parts: Part[] = [common, editor, chat, analysis, report, tune, sync];

export const catalogs: Record<Locale, Record<string, string>> = {
  en: Object.assign({}, ...parts.map((p) => p.en)),
  zh: Object.assign({}, ...parts.map((p) => p.zh)),
};

/** Adds a catalogue part that loads with its lazy chunk (e.g. the play-test's keyboard strings). */
export function addCatalogPart(part: Part) {
  Object.assign(catalogs.en, part.en);
  Object.assign(catalogs.zh, part.zh);
}
