// A tuning's changes and bounds in the designer's language (the Tune dialog and the pack review share them).
// The keys live in the tune dialog's and pack tuning's catalogue parts: the components that call these load them.
import { LEVERS, type Lever } from '../../core/facts.ts';
import type { Bounds } from '../../core/tune/bounds.ts';
import type { LevelT } from '../../core/level/index.ts';
import { BLOCKER_LEVER_KINDS, countdownElements, countdownTargets, emitterElements, emitterTargets, isBlockerLever, leverElements, leverTargets, type BlockerLever, type LeverUnit } from '../../core/game/levers.ts';
import { spawnEntries } from '../../core/tune/levers.ts';
import { gameById } from '../../core/game/known.ts';
import { CLASSIC_ID } from '../../core/game/types.ts';
import { addCatalogPart, intlLocale, t } from '../../i18n/index.svelte.ts';
import { tuneReasonText } from '../../i18n/tuneText.ts';
import { objectiveLabel } from '../../i18n/objectiveLabel.ts';
import { gameForWords } from '../../i18n/elementLabel.ts';
import type { TuneReason } from '../../core/tune/reasons.ts';
import tuneDialogStrings from '../../i18n/catalog/lazy/tuneDialog.ts'; // the change words (a game level's too)
import packTuneStrings from '../../i18n/catalog/lazy/packTune.ts'; // the bounds' words
import { nameList } from '../../i18n/list.ts';
addCatalogPart(tuneDialogStrings);
addCatalogPart(packTuneStrings);

const signed = (v: number) => (v > 0 ? `+${v}` : String(v));
/** Whether a level plays a workspace game (not the classic one). */
export const ofGame = (level: { game?: string } | null | undefined): boolean => !!level?.game && level.game !== CLASSIC_ID;
/** What a blocker lever does on a game's elements, by its kind's unit (their layers, their hit points, or the one-layer covers taken off): its change's and its bounds' words. */
const GAME_WORDS: Record<LeverUnit, { change: string; bounds: string }> = {
  layers: { change: 'tune.change.gameLayers', bounds: 'ptune.b.gameLayers' },
  hp: { change: 'tune.change.gameHp', bounds: 'ptune.b.gameHp' },
  removed: { change: 'tune.change.gameRemoved', bounds: 'ptune.b.gameRemoved' },
};
const gameWords = (l: BlockerLever) => GAME_WORDS[BLOCKER_LEVER_KINDS[l].unit];
/** Whether the lever's value is layers or hit points added or taken off (shown signed: "+1"). */
const signedLever = (l: string) => isBlockerLever(l) && BLOCKER_LEVER_KINDS[l].several;

/**
 * The unit a lever's bounds are typed in, as a catalogue key under `prefix` (`tune.unit`, `ptune.unit`):
 * the lever's own, but on a workspace game's level (or pack) a lever that removes covers reads
 * "covers removed", not the classic game's name for them.
 */
export function unitKey(prefix: string, l: Lever, gameLevel: boolean): string {
  return gameLevel && isBlockerLever(l) && BLOCKER_LEVER_KINDS[l].unit === 'removed' ? `${prefix}.coversRemoved` : `${prefix}.${l}`;
}

/**
 * On a level of a workspace game, the names of the elements `lever` turns on its board, as the designer
 * wrote them ("Meringue, Frosting"); when its board holds none, the layer's generic words ("cover layers").
 * Undefined for a classic level or a lever that is not a blocker's: those keep the classic words.
 */
export function blockerNames(level: LevelT | null | undefined, lever: Lever): string | undefined {
  if (!level || !ofGame(level) || !isBlockerLever(lever)) return undefined;
  let on: { element: { id: string; name?: string } }[] = [];
  try {
    on = leverTargets(level, lever);
  } catch {
    // a level read before its game is known: the generic words below
  }
  return on.length ? nameList(on.map((x) => x.element.name ?? x.element.id)) : t('tune.generic.' + lever);
}

/** Levers a version 2 level names by the elements they act on (the countdown's pieces, the emitters, the spawned elements). */
const V2_NAMED = ['countdown', 'emit_every', 'emit_count', 'spawn_chance', 'spawn_total'] as const;
const isV2Named = (l: string): l is (typeof V2_NAMED)[number] => (V2_NAMED as readonly string[]).includes(l);

/**
 * On a level of a workspace game, the elements a version 2 lever acts on there, by the names the designer
 * gave them: the pieces whose countdowns are painted, the emitters on the board, the spawned elements.
 * Undefined for a classic level, another lever, or when the board has none.
 */
export function v2Names(level: LevelT | null | undefined, lever: Lever): string | undefined {
  const on = v2Elements(level, lever);
  return on.length ? nameList(on) : undefined;
}

/** The names v2Names joins (empty when there are none). */
function v2Elements(level: LevelT | null | undefined, lever: Lever): string[] {
  if (!level || !ofGame(level) || !isV2Named(lever)) return [];
  let on: { id: string; name?: string }[] = [];
  try {
    if (lever === 'countdown') on = countdownTargets(level).map((t) => t.element);
    else if (lever === 'emit_every' || lever === 'emit_count') on = emitterTargets(level, lever === 'emit_every' ? 'every' : 'count');
    else {
      const game = gameById(level.game!);
      const ids = [...new Set(spawnEntries(level).map((e) => e.element))];
      on = ids.map((id) => game?.elements.find((e) => e.id === id) ?? { id });
    }
  } catch {
    return []; // a level read before its game is known: the lever's own name
  }
  return on.map((e) => e.name ?? e.id);
}

/** A lever's name on `level`: a blocker lever by the elements it turns, a version 2 lever with them ("Countdowns (Candy bomb)"). */
export function leverLabel(level: LevelT | null | undefined, l: Lever): string {
  const blockers = blockerNames(level, l);
  if (blockers) return blockers;
  const names = v2Names(level, l);
  return names ? t('tune.lever.named', { lever: t('tune.lever.' + l), names }) : t('tune.lever.' + l);
}

/**
 * The version 2 levers a pack's levels have something for, in LEVERS order: the countdown where a level's
 * game counts down, the emitter levers where it has emitters, the spawn levers where a level has spawn entries.
 */
export function packV2Levers(levels: readonly LevelT[]): Lever[] {
  const has = (l: Lever) =>
    levels.some((level) => {
      try {
        const game = gameById(level.game ?? CLASSIC_ID);
        if (!game) return false;
        if (l === 'countdown') return countdownElements(game).length > 0;
        if (l === 'emit_every') return emitterElements(game, 'every').length > 0;
        if (l === 'emit_count') return emitterElements(game, 'count').length > 0;
        return spawnEntries(level).length > 0;
      } catch {
        return false;
      }
    });
  return LEVERS.filter((l) => isV2Named(l) && has(l));
}

/** A pack's version 2 lever by the elements it acts on in its levels' games, once each. */
export function packV2Names(levels: readonly LevelT[], lever: Lever): string | undefined {
  const names: string[] = [];
  for (const level of levels) for (const n of v2Elements(level, lever)) if (!names.includes(n)) names.push(n);
  return names.length ? t('tune.lever.named', { lever: t('tune.lever.' + lever), names: nameList(names) }) : undefined;
}

/**
 * A pack's lever by the elements it turns in the games its levels play: the classic game's lever name
 * for classic levels, each workspace game's element names for its levels, once each ("Ice, Meringue").
 * Undefined when every level is classic, or for a lever that is not a blocker's (the classic name stays).
 */
export function packLeverNames(levels: readonly { game?: string }[], lever: Lever): string | undefined {
  if (!isBlockerLever(lever) || !levels.some(ofGame)) return undefined;
  const names: string[] = [];
  const add = (n: string) => void (names.includes(n) || names.push(n));
  for (const id of new Set(levels.map((l) => l.game ?? CLASSIC_ID))) {
    const game = gameById(id); // an unknown game (not read yet) names nothing
    if (id === CLASSIC_ID) add(t('tune.lever.' + lever));
    else if (game) for (const e of leverElements(game, lever)) add(e.name ?? e.id);
  }
  return names.length ? nameList(names) : t('tune.generic.' + lever);
}

/**
 * The levers whose bounds a pack review row cites ("within moves 14–26"): the ones it changed, else the ones
 * the tuning was allowed (its reason's list) that act on the level. A lever left off, or one with nothing on
 * the board, is never cited.
 */
export function reviewBoundsLevers(changes: readonly { lever: string }[], reason: TuneReason | string | undefined, level: LevelT): Lever[] {
  if (changes.length) return changes.map((c) => c.lever as Lever);
  if (!reason || typeof reason === 'string') return [];
  const allowed = reason.list.map((l) => l.key.slice(l.key.lastIndexOf('.') + 1) as Lever);
  return allowed.filter((l) => !ofGame(level) || !isBlockerLever(l) || hasTargets(level, l));
}

/** Whether a blocker lever turns anything on the level's board. */
function hasTargets(level: LevelT, lever: BlockerLever): boolean {
  try {
    return leverTargets(level, lever).length > 0;
  } catch {
    return false;
  }
}

/**
 * "moves 22 → 18", "ice layers +1", … On a level of a workspace game a blocker lever's change names the
 * elements it turned (`names`, as the designer wrote them): "Meringue hit points +1".
 */
export function changeText(c: { lever: string; from: number; to: number; element?: string }, names?: string, level?: LevelT | null): string {
  const to = signedLever(c.lever) ? signed(c.to) : c.to;
  // an emitter's change is the game's: its element by the designer's name
  if (c.element !== undefined && (c.lever === 'emit_every' || c.lever === 'emit_count')) {
    const game = level?.game ? gameById(level.game) : undefined;
    const name = game?.elements.find((e) => e.id === c.element)?.name ?? c.element;
    return t('tune.change.' + c.lever, { name, from: c.from, to: c.to });
  }
  if (names && isBlockerLever(c.lever)) return t(gameWords(c.lever).change, { names, from: c.from, to });
  // the moves put on every painted countdown, signed as the layers are ("+2"), by the pieces' names
  if (c.lever === 'countdown') {
    const on = names ?? v2Names(level, 'countdown');
    const params = { to: signed(c.to), n: Math.abs(c.to) };
    return on ? t('tune.change.countdownNamed', { ...params, names: on }) : t('tune.change.countdown', params);
  }
  return t('tune.change.' + c.lever, { from: c.from, to });
}

/**
 * "moves 16–29, colours 3–5" for the levers given. `names` gives, on a workspace game's level, the
 * elements a blocker lever turns ("Meringue layers +0…+2"); without it (or where it says nothing) the classic words.
 */
export function boundsWords(b: Bounds, levers: readonly Lever[] = LEVERS, names?: (l: Lever) => string | undefined): string {
  const parts = levers
    .flatMap((l) => {
      const r = b[l];
      if (!r) return [];
      const v = { from: signedLever(l) ? signed(r.from) : r.from, to: signedLever(l) ? signed(r.to) : r.to };
      const n = isBlockerLever(l) ? names?.(l) : undefined;
      if (l === 'emit_every' || l === 'emit_count' || l === 'countdown') return [t('ptune.b.' + l, { from: signed(r.from), to: signed(r.to) })];
      return [n ? t(gameWords(l as BlockerLever).bounds, { ...v, names: n }) : t('ptune.b.' + l, v)];
    });
  return partList(parts);
}

/** A tuning's changes on `level`, joined in the language shown (see changeText). */
export function changesText(changes: readonly { lever: string; from: number; to: number; element?: string }[], level: LevelT | null | undefined): string {
  return partList(changes.map((c) => changeText(c, blockerNames(level, c.lever as Lever), level)));
}

/**
 * Why a tune missed its band, on `level`: its levers by the names they have there (a workspace game's
 * elements), and the bounds that stopped it (`bounds`, when known) in the designer's language.
 */
export function reasonWords(r: TuneReason, level: LevelT | null | undefined, bounds?: Bounds): string {
  const names = (l: Lever) => blockerNames(level, l);
  const game = level ? gameForWords(level) : undefined;
  return tuneReasonText(r, {
    leverName: (l) => names(l as Lever),
    // the level's objective by the game's names, and only the levers that act on its board
    objective: (i) => (level?.objectives[i] ? objectiveLabel(level.objectives[i], game) : undefined),
    acts: (l) => !level || !ofGame(level) || !isBlockerLever(l) || hasTargets(level, l),
    bounds: bounds ? (levers) => boundsWords(bounds, levers.filter((l): l is Lever => (LEVERS as readonly string[]).includes(l)), names) : undefined,
  });
}

/**
 * A list of parts that may hold name lists themselves (a tuning's changes, its bounds: "moves 12–20,
 * Meringue, Frosting layers +0…+2"): English ", ", Chinese "；" (the names inside keep "、").
 */
export function partList(parts: readonly string[]): string {
  return parts.join(intlLocale().startsWith('zh') ? '；' : ', ');
}
