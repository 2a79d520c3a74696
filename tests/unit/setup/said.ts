// What a store said, in words (the stores say what happened: src/core/notice.ts; the UI words it).
import type { Said } from '../../../src/core/notice.ts';
import { say } from '../../../src/i18n/notice.ts';

/** A notice, or several sentences said one after another (a question's text), as the page shows them. */
export const said = (s: Said | readonly Said[]): string => (Array.isArray(s) ? s : [s]).map((x: Said) => say(x)).join(' ');
