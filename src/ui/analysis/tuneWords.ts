// A tuning's changes and bounds in the designer's language (the Tune dialog and the pack review share them).
// The keys live in the tune dialog's and pack tuning's catalogue parts: the components that call these load them.
import { LEVERS, type Lever } from '../../core/facts.ts';
import type { Bounds } from '../../core/tune/bounds.ts';
import type { LevelT } from '../../core/level/index.ts';
import { BLOCKER_LEVER_KINDS, isBlockerLever, leverElements, leverTargets, type BlockerLever, type LeverUnit } from '../../core/game/levers.ts';
import { gameById } from '../../core/game/known.ts';
import { CLASSIC_ID } from '../../core/game/types.ts';
import { addCatalogPart, t } from '../../i18n/index.svelte.ts';
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
export function changeText(c: { lever: string; from: number; to: number }, names?: string): string {
  const to = signedLever(c.lever) ? signed(c.to) : c.to;
  if (names && isBlockerLever(c.lever)) return t(gameWords(c.lever).change, { names, from: c.from, to });
  return t('tune.change.' + c.lever, { from: c.from, to });
}

/**
 * "moves 16–29, colours 3–5" for the levers given. `names` gives, on a workspace game's level, the
 * elements a blocker lever turns ("Meringue layers +0…+2"); without it (or where it says nothing) the classic words.
 */
export function boundsWords(b: Bounds, levers: readonly Lever[] = LEVERS, names?: (l: Lever) => string | undefined): string {
  return levers
    .flatMap((l) => {
      const r = b[l];
      if (!r) return [];
      const v = { from: signedLever(l) ? signed(r.from) : r.from, to: signedLever(l) ? signed(r.to) : r.to };
      const n = isBlockerLever(l) ? names?.(l) : undefined;
      return [n ? t(gameWords(l as BlockerLever).bounds, { ...v, names: n }) : t('ptune.b.' + l, v)];
    })
    .join(', ');
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
