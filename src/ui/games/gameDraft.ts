// The game editor's draft (issue 31): a game definition as the designer types it — numbers kept as
// the text typed, so a wrong value is shown with its message instead of being lost — and the steps
// on it (add, move, remove, change layer). `toDef` gives what parseGame reads; `fieldProblems`
// places each of parseGame's messages beside its field.
import { parseGame } from '../../core/game/schema.ts';
import {
  DEFAULT_DAMAGE,
  ELEMENT_ID_PATTERN,
  EVENTS_BY_LAYER,
  GAME_LIMITS,
  SPREAD_BY_LAYER,
  type DamageEvent,
  type ElementDef,
  type GameDef,
  type Layer,
} from '../../core/game/types.ts';
import type { LevelProblem } from '../../core/level/level.ts';
import { problemLine, problemWords } from '../../i18n/problemWords.ts';
import { NOT_MULTI_CELL, clearV2, isMultiCellDraft, keepForLayer, renameRefs, typedNumber, usesV2, v2Fields, writeV2, type DraftV2, type StaticField } from './gameDraftV2.ts';

export interface DraftElement {
  /** A key for the list (stable through moves and id edits). */
  key: number;
  /** The element's id in the stored game (null: added in this draft): removal checks the levels by it. */
  storedId: string | null;
  /** The id follows the name until the designer types an id (a new element only). */
  idFromName: boolean;
  /** The glyph follows the name's first character until the designer types one (a new element only). */
  glyphFromName: boolean;
  id: string;
  name: string;
  glyph: string;
  color: string;
  layer: Layer;
  /** As typed. */
  hp: string;
  damage: DamageEvent[];
  falls: boolean;
  swappable: boolean;
  exit: boolean;
  spread: boolean;
  /** The version 2 fields (RULES §12.1). */
  v2: DraftV2;
}

export interface GameDraft {
  /** new: not stored yet (its id may change); edit: a stored game; readonly: classic. */
  mode: 'new' | 'edit' | 'readonly';
  id: string;
  name: string;
  /** The version of the game as stored or imported: a version 1 game turns version 2 when a §12 field is set (`draftVersion`). */
  version: 1 | 2;
  elements: DraftElement[];
  /** Removed elements that levels use, replaced by another (old id → new id): update's `replace`. */
  replace: Record<string, string>;
}

let nextKey = 1;
const GREY = '#9ca3af';
/** Colours a new element takes, the first one the game does not use yet (so new elements tell apart). */
const NEW_COLOURS = ['#e4572e', '#29a36a', '#3b82f6', '#f2c14e', '#8e44ad', '#17becf', '#d35400', '#c2185b'];

export function elementDraft(e: ElementDef, stored: boolean): DraftElement {
  return {
    key: nextKey++,
    storedId: stored ? e.id : null,
    idFromName: false,
    glyphFromName: false,
    id: e.id,
    name: e.name ?? e.id,
    glyph: e.glyph ?? e.id.slice(0, 1),
    color: e.color ?? GREY,
    layer: e.layer,
    hp: String(e.hp ?? 1),
    damage: [...(e.damage ?? DEFAULT_DAMAGE[e.layer])],
    falls: !!e.falls,
    swappable: !!e.swappable,
    exit: !!e.exit,
    spread: e.spread !== undefined,
    v2: v2Fields(e),
  };
}

/** A draft of `game`: `mode` says whether it is stored, new, or classic (read only). */
export function gameDraft(game: GameDef, mode: GameDraft['mode']): GameDraft {
  return { mode, id: game.id, name: game.name, version: game.version === 2 ? 2 : 1, elements: game.elements.map((e) => elementDraft(e, mode !== 'new')), replace: {} };
}

/** An id free among `taken`, from `base` (lower-case, `_` for the rest; `element` when nothing is left). */
export function freeId(base: string, taken: readonly string[]): string {
  let id = base.toLowerCase().normalize('NFKD').replace(/[^a-z0-9_]+/g, '_').replace(/^[^a-z]+/, '').replace(/_+$/, '').slice(0, GAME_LIMITS.elementId.max);
  if (!ELEMENT_ID_PATTERN.test(id)) id = 'element';
  if (!taken.includes(id)) return id;
  for (let n = 2; ; n++) {
    const s = `_${n}`;
    const c = id.slice(0, GAME_LIMITS.elementId.max - s.length) + s;
    if (!taken.includes(c)) return c;
  }
}

/** A game id free among `taken`, from `base` (`<base>-copy`, `<base>-copy-2`…). */
export function freeGameId(base: string, taken: readonly string[]): string {
  const root = (base.toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/^-+|-+$/g, '') || 'game').slice(0, 30);
  for (let n = 1; ; n++) {
    const c = n === 1 ? root : `${root}-${n}`;
    if (!taken.includes(c)) return c;
  }
}

/** Adds a tile element named `name` (a free id from it) at the end; returns its index. */
export function addElement(d: GameDraft, name: string): number {
  const id = freeId(name, d.elements.map((e) => e.id));
  const used = d.elements.map((e) => e.color.toLowerCase());
  const color = NEW_COLOURS.find((c) => !used.includes(c)) ?? NEW_COLOURS[d.elements.length % NEW_COLOURS.length];
  d.elements.push({ ...elementDraft({ id, name, glyph: firstChar(name), color, layer: 'tile' }, false), idFromName: true, glyphFromName: true });
  return d.elements.length - 1;
}

/** The element's name changed: a new element's id follows it until the designer types one. */
export function renameElement(d: GameDraft, i: number, name: string) {
  const e = d.elements[i];
  e.name = name;
  if (e.idFromName) e.id = freeId(name, d.elements.filter((_, j) => j !== i).map((x) => x.id));
  if (e.glyphFromName && name.trim()) e.glyph = firstChar(name);
}

/** A name's first character (a code point), upper-cased where the script has cases. */
const firstChar = (name: string) => [...name.trim()][0]?.toUpperCase() ?? '';

/** Moves element i by `by` (-1 up, +1 down); false at an end. */
export function moveElement(d: GameDraft, i: number, by: -1 | 1): boolean {
  const j = i + by;
  if (j < 0 || j >= d.elements.length) return false;
  [d.elements[i], d.elements[j]] = [d.elements[j], d.elements[i]];
  return true;
}

/** Another layer: the layer's default damage, and the flags and spreading it may not have dropped. */
export function setLayer(e: DraftElement, layer: Layer) {
  e.layer = layer;
  e.damage = [...DEFAULT_DAMAGE[layer]];
  if (layer !== 'tile') e.falls = e.swappable = e.exit = false;
  if (!SPREAD_BY_LAYER[layer]) e.spread = false;
  keepForLayer(e.v2, layer);
}

/**
 * `Brought down to exits` on or off: an item takes no damage (RULES §11), so its damage boxes are not
 * shown and it is written with its layer's default list (left out of the file).
 */
export function setExit(e: DraftElement, exit: boolean) {
  e.exit = exit;
  if (exit) e.damage = [...DEFAULT_DAMAGE[e.layer]];
}

/** A typed id: the element's own, and every effect and emitter of the draft that named the old one. */
export function setElementId(d: GameDraft, i: number, id: string) {
  const e = d.elements[i];
  const before = e.id;
  e.id = id;
  e.idFromName = false;
  if (!d.elements.some((x, j) => j !== i && x.id === before)) renameRefs(d.elements.map((x) => x.v2), before, id);
}

/** Whether element e is a multi-cell piece as typed (a tile, not coloured, size other than 1 × 1: RULES §12.4). */
export const isMultiCell = (e: DraftElement) => isMultiCellDraft(e.v2, e.layer);

/**
 * The flags a multi-cell piece may not have (RULES §12.4: it is static — falls, swappable, exit, spread)
 * that the draft has on. A size > 1 turns them off rather than refusing: they stay in the draft, shown
 * unticked and disabled with the reason, are left out of the file, and come back at 1 × 1 (as a
 * coloured piece's hidden fields do).
 */
export function staticFlagsOff(e: DraftElement): StaticField[] {
  if (!isMultiCell(e)) return [];
  return NOT_MULTI_CELL.filter((f) => (f === 'spread' ? e.spread && !!SPREAD_BY_LAYER[e.layer] : e[f]));
}

/** Whether the element's flag is on as written (a multi-cell piece has none of the static ones). */
export const flagOn = (e: DraftElement, f: StaticField) => !isMultiCell(e) && (f === 'spread' ? e.spread : e[f]);

/** Sets a tile's §11 flag (the exit through setExit). */
export function setFlag(e: DraftElement, f: Exclude<StaticField, 'spread'>, on: boolean) {
  if (f === 'exit') setExit(e, on);
  else e[f] = on;
}

/** Takes every version 2 field off (`Keep version 1`): the game is written as version 1 again. */
export function backToVersion1(d: GameDraft) {
  for (const e of d.elements) {
    clearV2(e.v2);
    e.damage = e.damage.filter((ev) => ev !== 'effect');
  }
}

/** The events an element of `layer` may list: its layer's, and version 2's `effect` (RULES §12.1). */
export const damageEvents = (layer: Layer): DamageEvent[] => [...EVENTS_BY_LAYER[layer], 'effect'];

/** Turns a damage event on or off (kept in the file's order). */
export function toggleDamage(e: DraftElement, ev: DamageEvent, on: boolean) {
  const set = new Set(e.damage);
  if (on) set.add(ev);
  else set.delete(ev);
  e.damage = damageEvents(e.layer).filter((x) => set.has(x));
}

/** Removes element i; `replacement` (another element's id) when levels use it. */
export function removeElement(d: GameDraft, i: number, replacement?: string) {
  const [gone] = d.elements.splice(i, 1);
  if (gone.storedId && replacement) d.replace[gone.storedId] = replacement;
  // a replacement that was itself removed follows on
  for (const [k, v] of Object.entries(d.replace)) if (gone.storedId && v === gone.storedId && replacement) d.replace[k] = replacement;
}

/** Elements of the same layer that could stand in for element i in levels (by id, name). */
export function replacementsFor(d: GameDraft, i: number): { id: string; name: string }[] {
  const e = d.elements[i];
  return d.elements.filter((x, j) => j !== i && x.layer === e.layer && x.storedId !== null && x.id === x.storedId).map((x) => ({ id: x.id, name: x.name || x.id }));
}


/** The definition the draft says, as parseGame reads it. */
export function toDef(d: GameDraft): GameDef {
  const elements = d.elements.map((e) => {
    const out: Record<string, unknown> = { id: e.id, name: e.name, glyph: e.glyph, color: e.color, layer: e.layer, hp: typedNumber(e.hp), damage: [...e.damage] };
    if (e.layer === 'tile') Object.assign(out, { falls: flagOn(e, 'falls'), swappable: flagOn(e, 'swappable'), exit: flagOn(e, 'exit') });
    const spread = SPREAD_BY_LAYER[e.layer];
    if (flagOn(e, 'spread') && spread) out.spread = spread;
    writeV2(e.v2, e.layer, out);
    return out;
  });
  const version = d.version === 2 || elements.some(usesV2) ? 2 : 1;
  return { format: 'match3-game', version, id: d.id, name: d.name, elements: elements as unknown as ElementDef[] };
}

/** The version the draft is written as, and whether the editor turned a version 1 game into version 2 (a §12 field set). */
export function draftVersion(d: GameDraft): { version: 1 | 2; upgraded: boolean } {
  const version = toDef(d).version === 2 ? 2 : 1;
  return { version, upgraded: d.version === 1 && version === 2 };
}

/** Where problems show: the game's own fields, and each element's fields (by index). */
export interface FieldProblems {
  game: Record<string, string[]>;
  elements: Record<string, string[]>[];
  /** Nothing wrong. */
  ok: boolean;
}

/** Version 2's fields whose parts each have their own place: `emit.every`, `onHit[1].element`, `gate.at`, `size[0]`. */
const COMPOUND = ['emit', 'gate', 'onHit', 'onDestroy', 'size'];
const fieldKey = (field: string | undefined, rest: string | undefined) => (!field ? '(element)' : COMPOUND.includes(field) && rest ? field + rest : field);

/**
 * parseGame's problems placed by field: `elements[3].damage[1]` goes to element 3's `damage`,
 * `elements[3].onHit[1].element` to its `onHit[1].element` (the parts of version 2's emitter, effects,
 * gate and size each beside their own field), `name` to the game's name; anything else to the game's `(root)`.
 */
export function fieldProblems(d: GameDraft, problems?: readonly LevelProblem[]): FieldProblems {
  const list = problems ?? (() => {
    const r = parseGame(toDef(d));
    return r.ok ? [] : r.problems;
  })();
  const out: FieldProblems = { game: {}, elements: d.elements.map(() => ({})), ok: list.length === 0 };
  const put = (at: Record<string, string[]>, field: string, message: string) => (at[field] ??= []).push(message);
  for (const p of list) {
    const m = /^elements\[(\d+)\](?:\.([A-Za-z]+)((?:\[\d+\]|\.[A-Za-z]+)*))?$/.exec(p.path);
    if (m && out.elements[Number(m[1])]) put(out.elements[Number(m[1])], fieldKey(m[2], m[3]), problemWords(p));
    else put(out.game, /^(id|name|elements)$/.test(p.path) ? p.path : '(root)', problemLine(p));
  }
  return out;
}

/**
 * `next` with each element's problems (and the game's) taken from `previous` where they say the same:
 * a row whose problems did not change keeps the same object, so its fields are not updated again.
 */
export function keepUnchanged(next: FieldProblems, previous: FieldProblems | undefined): FieldProblems {
  if (!previous) return next;
  const same = (a: Record<string, string[]>, b: Record<string, string[]>) => {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => b[k] && a[k].length === b[k].length && a[k].every((m, j) => m === b[k][j]));
  };
  const elements = next.elements.map((e, i) => (previous.elements[i] && same(e, previous.elements[i]) ? previous.elements[i] : e));
  return { game: same(next.game, previous.game) ? previous.game : next.game, elements, ok: next.ok };
}
