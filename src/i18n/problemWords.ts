// A file's problem in the designer's language: by its key when the core gave one (a game file's
// problems, a level of an unknown game or naming an element its game lacks), else the message through
// problemText's table. The path stays as the file spells it (it names the field to fix), but for a
// cell of the board, which is named as the rulers name it ("E4 hp", not "cells[3][4].hp"), here and
// in the values of the words ("covered by "cake" at B2").
import type { LevelProblem } from '../core/level/level.ts';
import { cellName } from '../core/cellName.ts';
import type { FileProblems } from '../core/files/folderDiff.ts';
import { addCatalogPart, i18n, t } from './index.svelte.ts';
import { problemText } from './problemText.ts';
import problemStrings from '../i18n/catalog/lazy/problems.ts'; // (spelt from src/ so the catalogue test sees it)
addCatalogPart(problemStrings);

const CELL_IN_TEXT = /cells\[(\d+)\]\[(\d+)\]/g;
const cellsNamed = (s: string) => s.replace(CELL_IN_TEXT, (_, y: string, x: string) => cellName(Number(x), Number(y)));

/** The problem's message in the designer's language. */
export function problemWords(p: Pick<LevelProblem, 'message' | 'detail'>): string {
  if (!p.detail) return cellsNamed(problemText(p.message));
  const key = 'problem.' + p.detail.key;
  const params = p.detail.params && Object.fromEntries(Object.entries(p.detail.params).map(([k, v]) => [k, typeof v === 'string' ? cellsNamed(v) : v]));
  const s = t(key, params);
  return s === key ? cellsNamed(problemText(p.message)) : s;
}

/** A problem's path for a person: `cells[3][4].hp` → "E4 hp", `cells[3]` → "row 4" (inside a pack: `levels[2].E4 hp`); any other path as the file spells it. */
export function problemPath(path: string): string {
  const m = /^((?:.*\.)?)cells\[(\d+)\](?:\[(\d+)\])?(?:\.(.+))?$/.exec(path);
  if (!m) return path;
  const [, before, y, x, field] = m;
  if (x === undefined) return field === undefined ? before + t('problem.atRow', { row: Number(y) + 1 }) : path;
  const cell = cellName(Number(x), Number(y));
  return before + (field === undefined ? cell : t('problem.atCell', { cell, field }));
}

/** `path: words`, or the words alone for a problem of the whole file. */
export function problemLine(p: Pick<LevelProblem, 'path' | 'message' | 'detail'>): string {
  return p.path && p.path !== '(root)' ? `${problemPath(p.path)}: ${problemWords(p)}` : problemWords(p);
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
