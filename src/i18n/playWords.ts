// The play-test's refusals in the designer's language: a tile held by a cover, an element that cannot
// be swapped. The classic game's elements have sentences of their own ('play.err.<id>'); another game's
// are named inside the sentence as elementInText names them (in 简体中文 “Liquorice lock”下的方块不能交换).
import { CLASSIC_ID, type GameDef } from '../core/game/types.ts';
import { addCatalogPart, t } from './index.svelte.ts';
import { elementInText } from './elementLabel.ts';
import playStrings from '../i18n/catalog/lazy/playTest.ts'; // (spelt from src/ so the catalogue test sees it)
addCatalogPart(playStrings); // loads with the play-test dialog, which imports this file

/** The catalogue's sentence for a classic element ('play.err.<id>'), else null. */
function ownSentence(id: string, game: GameDef): string | null {
  const key = 'play.err.' + id;
  return game.id === CLASSIC_ID && t(key) !== key ? t(key) : null;
}

/** Why a tile under the cover `id` cannot be swapped. */
export const heldByCoverText = (id: string, game: GameDef): string => ownSentence(id, game) ?? t('play.err.cover', { name: elementInText(id, game) });

/** Why the element `id` cannot be swapped. */
export const heldElementText = (id: string, game: GameDef): string => ownSentence(id, game) ?? t('play.err.element', { name: elementInText(id, game) });
