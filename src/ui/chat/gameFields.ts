// What a proposed change to the game says of its element, for the review card: each field as the call
// gave it, and — where the element is in the game already (update_element, a tuning's emitter) — only
// what changes, old → new, a behaviour's own fields one by one ("emit every: 3 → 1"). Field names are
// the call's (snake_case); values are data, shown as written.
import type { GameDef } from '../../core/game/types.ts';
import { nameList } from '../../i18n/list.ts';

/** A value as the call gave it: a list item by item, an object (an emitter, a gate, an effect) by its values. */
const valueText = (v: unknown): string =>
  Array.isArray(v) ? nameList(v.map(valueText)) : v && typeof v === 'object' ? Object.values(v).map(valueText).join(' ') : String(v);
const camel = (k: string) => k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A changed field, old → new: an object's own fields where both are objects. */
function change(k: string, was: unknown, now: unknown): string[] {
  if (same(was, now)) return [];
  if (was && now && typeof was === 'object' && typeof now === 'object' && !Array.isArray(was) && !Array.isArray(now)) {
    const o = was as Record<string, unknown>, n = now as Record<string, unknown>;
    return [...new Set([...Object.keys(n), ...Object.keys(o)])].flatMap((f) => (same(o[f], n[f]) ? [] : [`${k} ${f}: ${o[f] === undefined ? '—' : valueText(o[f])} → ${n[f] === undefined ? '—' : valueText(n[f])}`]));
  }
  return [`${k}: ${was === undefined ? '—' : valueText(was)} → ${valueText(now)}`];
}

/** The fields line of a game tool's call on `game` (the level's game as it is now; a new element's as given). */
export function gameFieldsText(args: Record<string, unknown>, game: GameDef | undefined): string {
  const given = Object.entries(args).filter(([k, v]) => k !== 'id' && v !== undefined);
  // a new element (define_element) is not in the game yet: its fields as given
  const el = game?.elements.find((e) => e.id === args.id) as Record<string, unknown> | undefined;
  if (!el) return given.map(([k, v]) => `${k}: ${valueText(v)}`).join(' · ');
  return given.flatMap(([k, v]) => change(k, el[camel(k)], v)).join(' · ');
}
