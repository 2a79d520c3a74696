// A game's element in the designer's language. The classic game's elements have translations
// ('blocker.<id>', plural 'blocker.<id>s' where the language has one); any other game's elements are
// named as the designer wrote them in the game file (`name`, else the id), in every language.
import { CLASSIC_ID, type GameDef } from '../core/game/types.ts';
import { gameById } from '../core/game/known.ts';
import { t } from './index.svelte.ts';

/** The game a level plays, for its words; an unknown id (a level read before its game) gives undefined. */
export const gameForWords = (level: { game?: string } | null | undefined): GameDef | undefined => gameById(level?.game ?? CLASSIC_ID);

/** The element `id` of `game` (classic when left out), `many` for a plural where the language has one. */
export function elementLabel(id: string, game?: GameDef, many = false): string {
  if (!game || game.id === CLASSIC_ID) {
    const key = 'blocker.' + id + (many ? 's' : '');
    const said = t(key);
    if (said !== key) return said;
    const one = t('blocker.' + id);
    if (one !== 'blocker.' + id) return one;
  }
  const el = game?.elements.find((e) => e.id === id);
  return el?.name ?? id;
}

/** Whether the element's name has a plural of its own in the language (classic: crates, chains; not ice). */
export function hasPlural(id: string, game?: GameDef): boolean {
  if (game && game.id !== CLASSIC_ID) return false;
  const key = 'blocker.' + id + 's';
  return t(key) !== key;
}
