// The stores' one way to the designer's language, handed in by the UI when the studio starts
// (src/ui/studio.ts; the tests' setup hands in the same): the stores import nothing of src/i18n.
// - `words`: words a store writes into data (a new level's or pack's name, a copy's name, an exported
//   file's name, a save error kept as the status line's message), written once in the language shown
//   then (a stored name does not change with the language). Everything else a store says is a Notice
//   (src/core/notice.ts) that the UI words when it shows it.
// - `loadWords`: the words of a part of the studio that loads on first use (the catalogue's file
//   messages, the folder's, the storage notice), loaded with that part's code.
// - the language setting: switched, and the browser's own.
import { notice, type NoticeParams, type Wording, type WordPart } from '../core/notice.ts';

export type { Wording, WordPart };

let wording: Wording = {
  say: (n) => n.key,
  load: async () => {},
  setLanguage: async () => true,
  detectLanguage: () => 'en',
  problemLine: async (p) => `${p.path}: ${p.message}`,
};

/** Set once by the UI (and by the tests' setup). */
export function setWording(w: Wording): void {
  wording = w;
}

/** `key` with `params`, in the language shown now. */
export const words = (key: string, params?: NoticeParams): string => wording.say(notice(key, params));
export const loadWords = (part: WordPart): Promise<void> => wording.load(part);
export const setLanguage = (l: string): Promise<boolean> => wording.setLanguage(l);
export const detectLanguage = (): string => wording.detectLanguage();
export const problemLine: Wording['problemLine'] = (p) => wording.problemLine(p);
