// A file's problem in the designer's language: by its key when the core gave one (a game file's
// problems, a level of an unknown game or naming an element its game lacks), else the message through
// problemText's table. The path stays as the file spells it: it names the field to fix.
import type { LevelProblem } from '../core/level/level.ts';
import type { FileProblems } from '../core/files/folderDiff.ts';
import { addCatalogPart, i18n, t } from './index.svelte.ts';
import { problemText } from './problemText.ts';
import problemStrings from '../i18n/catalog/lazy/problems.ts'; // (spelt from src/ so the catalogue test sees it)
addCatalogPart(problemStrings);

/** The problem's message in the designer's language. */
export function problemWords(p: Pick<LevelProblem, 'message' | 'detail'>): string {
  if (!p.detail) return problemText(p.message);
  const key = 'problem.' + p.detail.key;
  const s = t(key, p.detail.params);
  return s === key ? problemText(p.message) : s;
}

/** `path: words`, or the words alone for a problem of the whole file. */
export function problemLine(p: Pick<LevelProblem, 'path' | 'message' | 'detail'>): string {
  return p.path && p.path !== '(root)' ? `${p.path}: ${problemWords(p)}` : problemWords(p);
}

/**
 * A folder file's problems (why it could not be read) in the designer's language: each by its key
 * where the core gave one, `; ` between them (`；` in Chinese), and how many more there are. A record
 * stored before the problems kept their keys has only its English text (`problem`): through problemText.
 */
export function fileProblemsWords(p: { problem: string; problems?: FileProblems }): string {
  if (!p.problems) return problemText(p.problem);
  const list = p.problems.shown.map(problemLine).join(i18n.locale === 'zh' ? '；' : '; ');
  return p.problems.more ? t('problem.more', { list, n: p.problems.more }) : list;
}
