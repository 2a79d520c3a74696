// An element in one line of plain words (RULES §11): what the copilot's system prompt lists for the
// open level's game, one line per element, and what a proposal to define or change one says.
import { damageOf } from './elements.ts';
import type { ElementDef } from './types.ts';

const SPREAD_WORDS: Record<string, string> = {
  'when-none-hit': 'spreads to a neighbour when none was hit in a move',
  'through-matches': 'spreads through matches that touch it',
};

/** `crate: tile, hp 1..3; hit by adjacent, blast` — id, name when it differs, layer, range, damage, flags. */
export function elementBrief(e: ElementDef): string {
  const hp = e.hp ?? 1;
  const parts = [e.layer + (hp > 1 ? (e.layer === 'tile' ? `, hp 1..${hp}` : `, layers 1..${hp}`) : '')];
  // (what hits it in play: an item is never hit, whatever its list says)
  const damage = damageOf(e);
  parts.push(damage.length ? `hit by ${damage.join(', ')}` : 'never hit');
  const flags = [e.falls && 'falls', e.swappable && 'swappable', e.exit && 'an item brought down to exits', e.colored && "coloured: matches as one of the level's colours", e.spread && SPREAD_WORDS[e.spread]].filter(Boolean);
  if (flags.length) parts.push(flags.join(', '));
  const name = e.name && e.name !== e.id ? ` (${e.name})` : '';
  return `${e.id}${name}: ${parts.join('; ')}`;
}

/** The same in as few words as the copilot's glossary can afford: `crate: tile 1..3; adjacent, blast`. */
export function elementLine(e: ElementDef): string {
  const hp = e.hp ?? 1;
  const damage = damageOf(e);
  const flags = [e.falls && 'falls', e.swappable && 'swappable', e.exit && 'exit item', e.colored && 'coloured', e.spread && `spreads ${e.spread}`].filter(Boolean);
  const name = e.name && e.name !== e.id ? ` "${e.name}"` : '';
  return `${e.id}${name}: ${e.layer}${hp > 1 ? ` 1..${hp}` : ''}; ${damage.join(', ') || 'never hit'}${flags.length ? '; ' + flags.join(', ') : ''}`;
}
