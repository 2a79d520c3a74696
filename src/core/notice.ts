// What happened, as data: a catalogue key and its parameters. Stores say what happened with a Notice
// (a toast, the editor's line, a folder's news, a question, an undo step's label); the UI words it when
// it renders (src/i18n/notice.ts), so a language switch rewords what is already on screen. The chat's
// stored `Note` (src/ai/messages.ts) is a Notice too (its params are plain strings and numbers).

/** A parameter that is a Notice itself is worded too, in the same language (a layer's name, a step's label). */
export type NoticeParams = { [name: string]: string | number | Notice };

export interface Notice {
  key: string;
  params?: NoticeParams;
}

/**
 * An undo step's label: a Notice, or words that are not the studio's (the designer's prompt, the
 * model's), shown as they are.
 */
export type StepLabel = Notice | string;

export const notice = (key: string, params?: NoticeParams): Notice => (params ? { key, params } : { key });

/** A parameter that is a catalogue word (a layer's name): worded with the notice. */
export const word = (key: string): Notice => ({ key });
