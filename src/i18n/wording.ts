// The wording the UI hands the stores (src/stores/words.ts): notices in the current language, the
// catalogue parts that load with their code, the language setting.
import type { Wording, WordPart } from '../core/notice.ts';
import { addCatalogPart, detectLocale, setLocale } from './index.svelte.ts';
import { say } from './notice.ts';

const parts: Record<WordPart, () => Promise<{ default: Parameters<typeof addCatalogPart>[0] }>> = {
  selection: () => import('./catalog/lazy/selection.ts'),
  folder: () => import('./catalog/lazy/folder.ts'),
  storage: () => import('./catalog/lazy/storage.ts'),
  // the layout tools' words, and §12's reasons their refusals give (problem.* keys)
  layoutTools: async () => {
    const [own, problems] = await Promise.all([import('./catalog/lazy/layoutTools.ts'), import('./catalog/lazy/problems.ts')]);
    addCatalogPart(problems.default);
    return own;
  },
  // a refusal's reason is a problem's own words (problemWords adds their part)
  block: () => import('./problemWords.ts').then(() => import('./catalog/lazy/block.ts')),
};

export const studioWording: Wording = {
  say: (n) => say(n),
  load: async (part) => addCatalogPart((await parts[part]()).default),
  setLanguage: (l) => (l === 'en' || l === 'zh' ? setLocale(l) : Promise.resolve(false)),
  detectLanguage: () => detectLocale(),
  // the problems' words load with the first file that has one
  problemLine: async (p) => (await import('./problemWords.ts')).problemLine(p),
};
