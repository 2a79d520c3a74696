// Objectives in the designer's language (core's describeObjective stays English for the model), the one
// helper the editor's edit labels, the play-test's HUD, the report, the comparison and the copilot's
// operations word them with. A game's elements are named by elementInText: translated for the classic
// game, as the designer wrote them for any other (set off in a Chinese sentence: 清除全部“Sugar chest”).
import type { GameDef } from '../core/game/types.ts';
import { CLEAR_CRATES_ELEMENT } from '../core/game/classic.ts';
import type { ObjectiveT } from '../core/level/index.ts';
import { elementInText, isClassicWord } from './elementLabel.ts';
import { t } from './index.svelte.ts';

/** "clear all crates" in the classic game's words; a designer's name has no plural: "clear every Sugar chest". */
const clear = (id: string, game: GameDef | undefined) => t(isClassicWord(id, game) ? 'objl.clear' : 'objl.clearEvery', { element: elementInText(id, game, true) });

/** `game`: the level's game (gameForWords(level)); classic when left out. */
export function objectiveLabel(o: ObjectiveT, game?: GameDef): string {
  switch (o.type) {
    case 'collect':
      return t('objl.collect', { count: o.count, color: o.color !== undefined ? t('color.' + o.color) : elementInText(o.element!, game, o.count > 1) });
    case 'clear_ground':
      return clear(o.ground, game);
    case 'clear_cover':
      return clear(o.cover, game);
    case 'clear_crates':
      return clear(CLEAR_CRATES_ELEMENT, game);
    case 'score':
      return t('objl.score', { target: o.target });
    case 'clear':
      return clear(o.element, game);
    case 'bring_down':
      return t('objl.bringDown', { count: o.count, element: elementInText(o.element, game, o.count > 1) });
    case 'cover':
      return t('objl.cover', { element: elementInText(o.element, game) });
    case 'find':
      return t('objl.find', { count: o.count });
  }
}
