// What the copilot's model reads of define_element's and update_element's version 2 fields (RULES §12.1,
// §12.2): their nested shapes said once in the glossary, so the two tools' schemas carry only each
// field's type (the registry's full schema, generated from the game, still checks every call). Light:
// the copilot's glossary (ai/glossary.ts) imports it, not the registry's heads: the first page's chunks stay as they were.
import { EFFECT_KINDS, EMIT_WHEN, EMIT_WHERE, GAME_LIMITS } from '../game/constants.ts';
import type { GameDef } from '../game/types.ts';
import type { ModelSet } from './define.ts';

const r = (k: keyof typeof GAME_LIMITS) => `${(GAME_LIMITS[k] as { min: number }).min}..${GAME_LIMITS[k].max}`;
/** Effects that name something beside `do`. */
const EFFECT_ARG: Record<string, string> = { hit_all: 'element', tick: 'counter', credit: 'element' };

/** The fields' terms, for a version 2 game in the full set (elsewhere the two tools do not take them). */
export function elementFieldTerms(set: ModelSet, game: GameDef): string | undefined {
  if (set !== 'full' || game.version !== 2) return undefined;
  const effects = EFFECT_KINDS.map((k) => (EFFECT_ARG[k] ? `${k}+${EFFECT_ARG[k]}` : k)).join('|');
  return (
    `Element fields (v2): key colour (match, adjacent hits only from it); stops_blasts; colored (a piece of a level colour) + countdown ${r('countdown')} (0 loses); ` +
    `emit {element, when ${EMIT_WHEN.join('|')}, every ${r('emitEvery')}, count ${r('emitCount')}, where ${EMIT_WHERE.join('|')}, radius ${r('emitRadius')}}; ` +
    `on_hit, on_destroy ${r('effects')} {do: ${effects}}; gate {counter, at ${r('gateAt')}} (immune, removed when ticks reach at); ` +
    `cover blocks_match, falls_with_tile; size [w,h] ${r('size')}, hp to ${GAME_LIMITS.multiCellHp.max}.`
  );
}
