// A game definition's play hash (RULES §11): what cached analyses of its levels are keyed on. Its own
// small module, so a level's hash can include it without loading the compiled tables (tables.ts).
import { hashString } from '../hash.ts';
import { DEFAULT_DAMAGE, type GameDef } from './types.ts';

/** Play-relevant JSON of a definition (name, glyph and colour left out), defaults filled in. */
export function playShape(def: GameDef): unknown {
  const v1 = (e: GameDef['elements'][number]) => [e.id, e.layer, e.hp ?? 1, e.damage ?? DEFAULT_DAMAGE[e.layer], !!e.falls, !!e.swappable, !!e.exit, e.spread ?? null];
  if (def.version !== 2) return [def.id, def.elements.map(v1)];
  // version 2 (RULES §12.1): the behaviours too (a version 1 game's shape, and so its hash, is unchanged)
  return [def.id, 2, def.elements.map((e) => [...v1(e), [e.key ?? null, !!e.stopsBlasts, !!e.colored, e.countdown ?? null, e.emit ?? null, e.onHit ?? null, e.onDestroy ?? null, e.gate ?? null, !!e.blocksMatch, !!e.fallsWithTile, e.size ?? null]])];
}

const cache = new WeakMap<GameDef, string>();

/** Hash of the definition's play-relevant fields (ids, layers, hp, damage, falls, swappable, exit, spread). */
export function gamePlayHash(def: GameDef): string {
  let h = cache.get(def);
  if (h === undefined) cache.set(def, (h = hashString(JSON.stringify(playShape(def)))));
  return h;
}
