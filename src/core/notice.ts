// What happened, as data: a catalogue key and its parameters. Stores say what happened with a Notice
// (a toast, the editor's line, a folder's news, a question, an undo step's label); the UI words it when
// it renders (src/i18n/notice.ts), so a language switch rewords what is already on screen. The chat's
// stored `Note` (src/ai/messages.ts) is a Notice too (its params are plain strings and numbers).
import type { LevelProblem } from './level/level.ts';

/**
 * A parameter that is a Notice itself is worded too, in the same language (a layer's name, a step's
 * label); `quotedNames`, a JSON list of names, is said as those names quoted in a list (“A”, “B”).
 */
export type NoticeParams = { [name: string]: string | number | Notice };

export interface Notice {
  key: string;
  params?: NoticeParams;
}

/**
 * What is said: a Notice, or words that are not the studio's (the designer's prompt, the model's, a
 * file's own error message), shown as they are.
 */
export type Said = Notice | string;

/** An undo step's label: worded when the toolbar shows it. */
export type StepLabel = Said;

export const notice = (key: string, params?: NoticeParams): Notice => (params ? { key, params } : { key });

/** A parameter that is a catalogue word (a layer's name): worded with the notice. */
export const word = (key: string): Notice => ({ key });

/** A level's name as the list shows it (a sample level's name is worded in the language shown). */
export const shownLevelName = (id: string, name: string): Notice => ({ key: 'name.level', params: { id, name } });
/** A pack's name as the list shows it (the sample pack's is worded). */
export const shownPackName = (name: string, levelIds: readonly string[]): Notice => ({ key: 'name.pack', params: { name, ids: levelIds.join(' ') } });

/** Parts whose words load on first use (src/i18n/catalog/lazy/). */
export type WordPart = 'selection' | 'folder' | 'storage' | 'layoutTools' | 'block';

/** How the UI words what the stores say (handed to them at start: src/stores/words.ts). */
export interface Wording {
  say(n: Notice): string;
  load(part: WordPart): Promise<void>;
  /** Shows the studio in language `l`; false when its words could not be loaded. */
  setLanguage(l: string): Promise<boolean>;
  /** The browser's language, when the designer has not chosen one. */
  detectLanguage(): string;
  /** A file's problem in one line (its words load on first use). */
  problemLine(p: Pick<LevelProblem, 'path' | 'message' | 'detail'>): Promise<string>;
}
