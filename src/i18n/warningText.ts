// A level's validation warning in the designer's language: by its key (core's `detail`), colours and
// elements named as the level's game names them. On a workspace game's level a §1 objective's "the board
// has none" names that game's element (its name as the designer wrote it), never the classic blockers.
import type { LevelT, LevelWarning, ObjectiveT } from '../core/level/index.ts';
import { CLASSIC_ID, type GameDef } from '../core/game/types.ts';
import { CLEAR_CRATES_ELEMENT } from '../core/game/classic.ts';
import { elementInText } from './elementLabel.ts';
import { addCatalogPart, t } from './index.svelte.ts';
import strings from './catalog/lazy/warnings.ts';

addCatalogPart(strings); // the sentences load with this module, on a level's first warning (first-load budget)

type Detailed = LevelWarning & { detail: NonNullable<LevelWarning['detail']> };

/** The objective a warning is about (its path `objectives[i]…`), on the level shown. */
function objectiveOf(w: LevelWarning, level: LevelT | null | undefined): ObjectiveT | undefined {
  const m = /^objectives\[(\d+)\]/.exec(w.path ?? '');
  return m ? level?.objectives[Number(m[1])] : undefined;
}

/** The element a clear objective is about (§1's, or a game's `clear`). */
function clearedElement(o: ObjectiveT | undefined): string | undefined {
  if (o?.type === 'clear_ground') return o.ground;
  if (o?.type === 'clear_cover') return o.cover;
  if (o?.type === 'clear_crates') return CLEAR_CRATES_ELEMENT;
  if (o?.type === 'clear') return o.element; // a game's own "jelly" is named as the game names it
  return undefined;
}

/** The warning's catalogue key and values, as the level's game has them said. */
function keyOf(w: Detailed, game: GameDef | undefined, level: LevelT | null | undefined): { key: string; params: Record<string, string | number> } {
  const params = { ...w.detail.params };
  const o = objectiveOf(w, level);
  const ofGame = !!game && game.id !== CLASSIC_ID;
  const cleared = ofGame && w.code === 'objective_unmeetable' && params.element === undefined ? clearedElement(o) : undefined;
  if (cleared) return { key: 'noElement', params: { element: cleared } };
  // collect and bring down share the core's key: the objective says which sentence it is
  if (w.detail.key === 'elementFew') return { key: 'elementFew.' + (o?.type === 'bring_down' ? 'bring_down' : 'collect'), params };
  return { key: w.detail.key, params };
}

/** The warning in the designer's language (its English message where the catalogue has no sentence for it). */
export function warningText(w: LevelWarning, game?: GameDef, level?: LevelT | null): string {
  if (!w.detail) return w.message;
  const { key: k, params } = keyOf(w as Detailed, game, level);
  if (typeof params.color === 'string') params.color = t('color.' + params.color);
  if (typeof params.blocker === 'string') params.blocker = elementInText(params.blocker, game, Number(params.blockers) > 1);
  if (typeof params.element === 'string') params.element = elementInText(params.element, game);
  // why an element is never hit (neverHit.ts): a clause of its own; the events stay as the file spells them
  if (typeof params.why === 'string') params.why = t('warn.why.' + params.why, params);
  const key = 'warn.' + k;
  const s = t(key, params);
  return s === key ? w.message : s;
}
