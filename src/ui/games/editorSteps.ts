// Two steps of the game editor (GameEditor.svelte) kept apart from it: the idle callback its groups are
// built on, and a refused save's or history step's words.
import { addCatalogPart, t } from '../../i18n/index.svelte.ts';
import strings from '../../i18n/catalog/lazy/gameEditor.ts';
addCatalogPart(strings); // (the game editor's part: these words are its own)
import type { BrokenLevel, GamesStore } from '../../stores/games.svelte.ts';
import type { LevelProblem } from '../../core/level/level.ts';

/** Runs `f` when the page is idle (or after a frame where there are no idle callbacks); returns what cancels it. */
export function whenIdle(f: (deadline?: IdleDeadline) => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(f, { timeout: 100 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(f, 16);
  return () => clearTimeout(id);
}

type Refusal = Exclude<Awaited<ReturnType<GamesStore['update']>>, { ok: true }>;

/** What a refused save or history step says, and the problems or levels it lists. */
export function refusalWords(r: Refusal): [string, { problems?: LevelProblem[]; broken?: BrokenLevel[] }] {
  const unchecked = () => ({ broken: (r as { levels: BrokenLevel[] }).levels.map((l) => ({ ...l, problems: [] })) });
  if (r.reason === 'invalid') return [t('gameEd.fix'), { problems: r.problems }];
  if (r.reason === 'breaks') return [t('gameEd.breaks', { n: r.levels.length }), { broken: r.levels }];
  if (r.reason === 'exists') return [t('gameEd.exists', { id: r.id }), {}];
  if (r.reason === 'unknown') return [t('gameEd.unknown', { id: r.id }), {}];
  if (r.reason === 'classic') return [t('gameEd.classicRefused'), {}];
  if (r.reason === 'changed') return [t('gameEd.stepChanged', { n: r.levels.length }), unchecked()];
  return [t('gameEd.breaks', { n: r.levels.length }), unchecked()];
}
