// An element in one line of plain words (RULES §11): what the copilot's system prompt lists for the
// open level's game, one line per element, and what a proposal to define or change one says.
import { damageOf } from './elements.ts';
import type { EffectDef, ElementDef } from './types.ts';

const SPREAD_WORDS: Record<string, string> = {
  'when-none-hit': 'spreads to a neighbour when none was hit in a move',
  'through-matches': 'spreads through matches that touch it',
};

/** An effect of RULES §12.2 in a word or two: `hit_all chocolate`, `tick keys`. */
const effectWords = (x: EffectDef) => [x.do, 'element' in x ? x.element : 'counter' in x ? x.counter : ''].filter(Boolean).join(' ');

/**
 * RULES §12.1's behaviour, field by field in few words (the same in a proposal and in the glossary):
 * `countdown 9`, `key red`, `emits 2 swirl every 3 near 2`, `onDestroy tick keys`, `gate keys 3`, `size 2x2`.
 */
export function behaviourWords(e: ElementDef): string[] {
  const emit = e.emit;
  const emitWords =
    emit && `emits ${(emit.count ?? 1) > 1 ? `${emit.count} ` : ''}${emit.element} ${emit.when === 'every' ? `every ${emit.every ?? 1}` : 'when quiet'}${emit.where ? ` ${emit.where}` : ''}${emit.where === 'near' ? ` ${emit.radius ?? 2}` : ''}`;
  return [
    e.countdown !== undefined && `countdown ${e.countdown}`,
    e.key && `key ${e.key}`,
    e.stopsBlasts && 'stops blasts',
    emitWords,
    e.onHit && `onHit ${e.onHit.map(effectWords).join(' + ')}`,
    e.onDestroy && `onDestroy ${e.onDestroy.map(effectWords).join(' + ')}`,
    e.gate && `gate ${e.gate.counter} ${e.gate.at}`,
    e.blocksMatch && 'blocks matches',
    e.fallsWithTile && 'falls with its tile',
    e.size && (e.size[0] !== 1 || e.size[1] !== 1) && `size ${e.size[0]}x${e.size[1]}`,
  ].filter((w): w is string => typeof w === 'string');
}

/** `crate: tile, hp 1..3; hit by adjacent, blast` — id, name when it differs, layer, range, damage, flags. */
export function elementBrief(e: ElementDef): string {
  const hp = e.hp ?? 1;
  const parts = [e.layer + (hp > 1 ? (e.layer === 'tile' ? `, hp 1..${hp}` : `, layers 1..${hp}`) : '')];
  // (what hits it in play: an item is never hit, whatever its list says)
  const damage = damageOf(e);
  parts.push(damage.length ? `hit by ${damage.join(', ')}` : 'never hit');
  const flags = [e.falls && 'falls', e.swappable && 'swappable', e.exit && 'an item brought down to exits', e.colored && "coloured: matches as one of the level's colours", e.spread && SPREAD_WORDS[e.spread], ...behaviourWords(e)].filter(Boolean);
  if (flags.length) parts.push(flags.join(', '));
  const name = e.name && e.name !== e.id ? ` (${e.name})` : '';
  return `${e.id}${name}: ${parts.join('; ')}`;
}

/** The same in as few words as the copilot's glossary can afford: `crate: tile 1..3; adjacent, blast`. */
export function elementLine(e: ElementDef): string {
  const hp = e.hp ?? 1;
  const damage = damageOf(e);
  const flags = [e.falls && 'falls', e.swappable && 'swappable', e.exit && 'exit item', e.colored && 'coloured', e.spread && `spreads ${e.spread}`, ...behaviourWords(e)].filter(Boolean);
  const name = e.name && e.name !== e.id ? ` "${e.name}"` : '';
  return `${e.id}${name}: ${e.layer}${hp > 1 ? ` 1..${hp}` : ''}; ${damage.join(', ') || 'never hit'}${flags.length ? '; ' + flags.join(', ') : ''}`;
}
