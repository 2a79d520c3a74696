// A game definition's play hash (RULES §11): what cached analyses of its levels are keyed on. Its own
// small module, so a level's hash can include it without loading the compiled tables (tables.ts).
import { hashString } from '../hash.ts';
import { DEFAULT_DAMAGE, V2_ELEMENT_FIELDS, type ElementDef, type GameDef } from './types.ts';

/** An element's version 2 fields that say something (RULES §12.1), or null: none, so a §11 element hashes as it always did. */
function v2Shape(e: ElementDef): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  for (const f of V2_ELEMENT_FIELDS) if (e[f] !== undefined && e[f] !== false) out[f] = e[f];
  return Object.keys(out).length ? out : null;
}

/** Play-relevant JSON of a definition (name, glyph and colour left out), defaults filled in. */
export function playShape(def: GameDef): unknown {
  const elements = def.elements.map((e) => {
    const v1 = [e.id, e.layer, e.hp ?? 1, e.damage ?? DEFAULT_DAMAGE[e.layer], !!e.falls, !!e.swappable, !!e.exit, e.spread ?? null];
    const v2 = v2Shape(e);
    return v2 ? [...v1, v2] : v1;
  });
  // a version 2 game plays by §12's order even without a §12 field (a version 1 game's hash is unchanged)
  return def.version === 2 ? [def.id, 2, elements] : [def.id, elements];
}

const cache = new WeakMap<GameDef, string>();

/** Hash of the definition's play-relevant fields (ids, layers, hp, damage, falls, swappable, exit, spread, and §12's). */
export function gamePlayHash(def: GameDef): string {
  let h = cache.get(def);
  if (h === undefined) cache.set(def, (h = hashString(JSON.stringify(playShape(def)))));
  return h;
}
