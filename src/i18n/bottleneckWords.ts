// The report's bottleneck panel's words that depend on the level's game: what an objective counts (how
// far short lost games end of it) and the advice for cells where play stalls. Its keys are that panel's
// (catalog/lazy/bottleneck.ts): they load with this file.
import { CLASSIC_ID, type GameDef } from '../core/game/types.ts';
import { CLEAR_CRATES_ELEMENT } from '../core/game/classic.ts';
import type { ObjectiveT } from '../core/level/index.ts';
import type { Suggestion } from '../core/sim/analysis/bottleneck.ts';
import { elementInText, elementLabel } from './elementLabel.ts';
import { addCatalogPart, t } from './index.svelte.ts';
import bottleneckStrings from '../i18n/catalog/lazy/bottleneck.ts'; // (spelt from src/ so the catalogue test sees it)
import { nameList } from './list.ts';
addCatalogPart(bottleneckStrings);

/**
 * "jelly layers", "crate hits", "tiles"…; on a workspace game's level a §1 objective counts that game's
 * element, by the name the designer gave it ("Frosting layers"), and an element's collect its pieces ("Chocolate pieces").
 */
export function objectiveUnit(o: ObjectiveT, game?: GameDef): string {
  // an element's collect counts its pieces, by the game's name ("Chocolate pieces"), not tiles of a colour
  if (o.type === 'collect' && o.element !== undefined) return t('rep.unit.gamePieces', { name: elementLabel(o.element, game) });
  if (game && game.id !== CLASSIC_ID) {
    if (o.type === 'clear_ground' || o.type === 'clear_cover') return t('rep.unit.gameLayers', { name: elementLabel(o.type === 'clear_ground' ? o.ground : o.cover, game) });
    if (o.type === 'clear_crates') return t('rep.unit.gameHits', { name: elementLabel(CLEAR_CRATES_ELEMENT, game) });
  }
  return t('rep.unit.' + (o.type === 'clear_cover' ? o.cover : o.type));
}

/**
 * The advice for the cells where play stalls: lighten them; for a bring_down objective (a workspace
 * game's items) the items are left there, so open the cells under them or put exits below them.
 * `cells` are the level's first stall cells; a hint that keeps its own (`where`: the objective's element's
 * cells, where other objectives leave things too) names those instead.
 */
export function stallAdvice(o: ObjectiveT | undefined, first: string, game?: GameDef, s?: Pick<Suggestion, 'layered' | 'aboveExits' | 'where'>): string {
  const cells = s?.where?.length ? nameList(s.where) : first;
  // items right above exits: no exit is missing, the tiles under them are what hold them up
  if (o?.type === 'bring_down') return t(s?.aboveExits ? 'rep.sug.itemsAboveExits' : 'rep.sug.items', { element: elementInText(o.element, game, true), cells });
  // "fewer layers there" only where the cells hold something to take off
  return t(s?.layered === false ? 'rep.sug.cellsBare' : 'rep.sug.cells', { cells });
}

/** A list in the designer's language: "Chocolate, Carpet"; in Chinese joined with 、. */

/**
 * Spreading that outruns the player, by the names of the level's own spreading elements in its way; when
 * an element the objective asks to spread shares the figure, it says so (the engine counts them together).
 */
export function spreadAdvice(s: Suggestion, perGame: number, game?: GameDef): string {
  const elements = nameList((s.elements ?? []).map((e) => elementInText(e, game, true)));
  const avg = perGame.toFixed(1);
  if (!s.wanted?.length) return t('rep.sug.spread', { elements, avg });
  return t('rep.sug.spreadWith', { elements, avg, wanted: nameList(s.wanted.map((e) => elementInText(e, game, true))) });
}

const pc = (r: number) => `${Math.round(r * 100)}%`;
/** Element ids in the designer's names, joined as a list ("Candy bomb, Time bomb"). */
const names = (ids: readonly string[] | undefined, game?: GameDef, many = false) => nameList((ids ?? []).map((id) => elementInText(id, game, many)));

/**
 * The advice of a version 2 level (RULES §12: a countdown that ends games, a gate that never opens, an
 * emitter that outruns the player, a portal or belt where items stay), by the game's element names.
 * Undefined for the other kinds of suggestion.
 */
export function v2Advice(s: Suggestion, game?: GameDef): string | undefined {
  switch (s.kind) {
    case 'countdown':
    {
      const p = { elements: names(s.elements, game), share: pc(s.share ?? 0), all: pc(s.shareOfGames ?? 0) };
      return s.where?.length ? t('rep.sug.countdownAt', { ...p, cells: nameList(s.where) }) : t('rep.sug.countdown', p);
    }
    case 'gate': {
      const p = { element: names(s.elements, game), share: pc(s.share ?? 0), counter: s.counter ?? '', at: s.at ?? 0, ticks: names(s.ticks, game, true) };
      return s.avg === undefined ? t('rep.sug.gate', p) : t('rep.sug.gateAvg', { ...p, avg: s.avg.toFixed(1) });
    }
    case 'emitter': {
      const p = { element: names(s.elements, game), emitted: elementInText(s.emitted ?? '', game, true) };
      if (s.perGame === undefined) return t('rep.sug.emitterGrows', p);
      return t(s.outruns === false ? 'rep.sug.emitterInWay' : 'rep.sug.emitter', { ...p, avg: s.perGame.toFixed(1) });
    }
    case 'layout': {
      // the item by its name (a result stored before it was recorded: "the items")
      const named = s.elements?.length ? 'Of' : '';
      const p = { share: pc(s.share ?? 0), items: names(s.elements, game, true) };
      return s.via === 'portal'
        ? t('rep.sug.portal' + named, { ...p, from: s.where?.[0] ?? '', to: s.where?.[1] ?? '' })
        : t('rep.sug.belt' + named, { ...p, cells: nameList(s.where ?? []) });
    }
    default:
      return undefined;
  }
}
