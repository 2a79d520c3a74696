// A game's element in the designer's language. The classic game's elements have translations
// ('blocker.<id>', plural 'blocker.<id>s' where the language has one); any other game's elements are
// named as the designer wrote them in the game file (`name`, else the id), in every language.
import { CLASSIC_ID, type GameDef } from '../core/game/types.ts';
import { gameById } from '../core/game/known.ts';
import { CLEAR_CRATES_ELEMENT } from '../core/game/classic.ts';
import { t } from './index.svelte.ts';
import { nameList } from './list.ts';

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

/** Whether `id` is named by the classic game's own words (which have their plurals and mass nouns: "all crates", "all ice"). */
export const isClassicWord = (id: string, game?: GameDef): boolean => (!game || game.id === CLASSIC_ID) && t('blocker.' + id) !== 'blocker.' + id;

/**
 * An element named inside a sentence (objectives, warnings, the report's advice): the classic game's
 * words as they are, a designer's name set off as the language sets off names it did not write — in
 * 简体中文 in “…”, as levels, packs and games are ("清除全部“Sugar chest”"), in English as written.
 */
export function elementInText(id: string, game?: GameDef, many = false): string {
  const name = elementLabel(id, game, many);
  return isClassicWord(id, game) ? name : t('name.inText', { name });
}

/** Whether the element's name has a plural of its own in the language (classic: crates, chains; not ice). */
export function hasPlural(id: string, game?: GameDef): boolean {
  if (game && game.id !== CLASSIC_ID) return false;
  const key = 'blocker.' + id + 's';
  return t(key) !== key;
}

/**
 * An element with its hits or layers, as the palette and the cells name it: the classic game's as its
 * catalogue says ('value.<id>', 'cell.<id>' for a cell where it has one: "Crate, 2 hits", "Ice, 2
 * layers", "Chain"); another game's by its name, with the count where the element may have more than
 * one ("Chocolate", "Meringue, 2 hits", "Carpet, 1 layer").
 */
export function elementValueLabel(id: string, game: GameDef | undefined, n = 1, inCell = false): string {
  return valueWords(id, game, n, inCell, elementLabel);
}

/**
 * An element with its hits or layers inside a sentence (the play-test's "B1 的“Chocolate”：未选中", the
 * copilot's "在 C1 绘制“Meringue”，2 点耐久"): as elementValueLabel, with a designer's name set off
 * as elementInText sets it off (in English as written, so the same words as elementValueLabel).
 */
export function elementValueInText(id: string, game: GameDef | undefined, n = 1): string {
  return valueWords(id, game, n, false, elementInText);
}

function valueWords(id: string, game: GameDef | undefined, n: number, inCell: boolean, named: (id: string, game?: GameDef) => string): string {
  if (!game || game.id === CLASSIC_ID) {
    for (const key of inCell ? ['cell.' + id, 'value.' + id] : ['value.' + id]) {
      const said = t(key, { hp: n, n });
      if (said !== key) return said;
    }
  }
  const el = game?.elements.find((e) => e.id === id);
  const name = named(id, game);
  if (!el || (el.hp ?? 1) <= 1) return name;
  return t(el.layer === 'tile' ? 'value.elementHits' : 'value.elementLayers', { name, n });
}

/** A palette value in words (the button's name, an undo step's label): a tile, an element with its count, none, the exit mark. */
export function brushValueLabel(
  v: { layer: 'tile'; tile: string; hp?: number; color?: string } | { layer: 'cover'; cover: string; layers?: number } | { layer: 'ground'; ground: string; layers?: number } | { layer: 'ground'; exit: boolean },
  game: GameDef | undefined,
): string {
  if (v.layer === 'tile' && v.color !== undefined) return t('value.coloredPiece', { name: elementLabel(v.tile, game), color: t('color.' + v.color) });
  if (v.layer === 'tile') return v.hp !== undefined ? elementValueLabel(v.tile, game, v.hp) : t('value.' + v.tile);
  if ('exit' in v) return t(v.exit ? 'value.exit' : 'value.noExit');
  const id = v.layer === 'cover' ? v.cover : v.ground;
  if (id === 'none') return t(v.layer === 'cover' ? 'value.noCover' : 'value.noGround');
  return elementValueLabel(id, game, v.layers ?? 1);
}

/** What a cover does to play (the palette says it where covers are chosen): the classic game's sentence, another game's covers by name (each set off: elementInText). */
export function coverHeldText(game: GameDef): string {
  if (game.id === CLASSIC_ID) return t('palette.coverHeld');
  const covers = game.elements.filter((e) => e.layer === 'cover').map((e) => elementInText(e.id, game));
  return t('palette.coverHeldGame', { names: covers.length ? nameList(covers) : t('layer.cover'), n: covers.length > 1 ? 2 : 1 });
}

/** Why a cover did not land on cell `cell`, which holds `tile` (an element or a special): the classic game's sentence, or one naming what the cell holds (an element set off: elementInText). */
export function coverNeedsTileText(tile: string, cell: string, game: GameDef): string {
  if (game.id === CLASSIC_ID) return t('paint.coverNeedsTile', { cell });
  const what = game.elements.some((e) => e.id === tile) ? elementInText(tile, game) : t('value.' + tile);
  return t('paint.coverNeedsTileGame', { cell, what });
}

/**
 * An objective type's name (the objective editor's type select, an edit's label when the objective
 * cannot be read): the catalogue's for the classic game ("Clear jelly", "Clear crates"); on a level of
 * another game the §1 types speak of that game's elements — the one the objective names, by the name
 * the designer gave it ("Clear Frosting"), else the layer's generic word ("Clear ground").
 * `o`: the objective whose type it is, when there is one. `game`: the level's game (gameForWords).
 */
export function objectiveTypeLabel(type: string, game?: GameDef, o?: Partial<Record<'ground' | 'cover', string>>): string {
  if (!game || game.id === CLASSIC_ID) return t('obj.type.' + type);
  const named = (id: string | undefined) => (id && game.elements.some((e) => e.id === id) ? t('obj.type.clearElement', { element: elementInText(id, game) }) : undefined);
  switch (type) {
    case 'clear_ground':
      return named(o?.ground) ?? t('obj.type.clearGround');
    case 'clear_cover':
      return named(o?.cover) ?? t('obj.type.clear_cover');
    case 'clear_crates':
      return named(CLEAR_CRATES_ELEMENT) ?? t('obj.type.clearTiles');
    default:
      return t('obj.type.' + type);
  }
}
