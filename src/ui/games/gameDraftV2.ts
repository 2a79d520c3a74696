// The game editor's version 2 fields (RULES §12.1, §12.2; issue 41): an element's key, blast stop,
// coloured piece and countdown, emitter, effects, gate, cover flags and size, as the designer types
// them (numbers as text, so a wrong value keeps its message beside the field). `v2Fields` reads them
// from a definition, `writeV2` puts them in what parseGame reads, `usesV2` says whether an element
// needs a version 2 file. Which field is on which layer and what a coloured piece may not have are
// gameChecks.ts's; the effect kinds are constants.ts's.
import { COLORS } from '../../core/level/basics.ts';
import { EFFECT_KINDS, EMIT_WHEN, EMIT_WHERE, V2_ELEMENT_FIELDS, type Layer } from '../../core/game/constants.ts';
import { FIELD_LAYERS, NOT_COLORED, NOT_MULTI_CELL } from '../../core/game/gameChecks.ts';
import type { EffectDef, ElementDef } from '../../core/game/gameFile.ts';

export type EffectKind = (typeof EFFECT_KINDS)[number];
export type Colour = (typeof COLORS)[number];

export interface DraftEffect {
  /** A key for the list (stable through reorders). */
  key: number;
  do: EffectKind;
  /** hit_all's and credit's element id. */
  element: string;
  /** tick's counter name. */
  counter: string;
}

export interface DraftEmit {
  element: string;
  when: (typeof EMIT_WHEN)[number];
  /** As typed (with `every` only). */
  every: string;
  count: string;
  where: (typeof EMIT_WHERE)[number];
  /** As typed (with `near` only). */
  radius: string;
}

export type EffectList = 'onHit' | 'onDestroy';

export interface DraftV2 {
  /** `key`: '' for none. */
  colorKey: Colour | '';
  stopsBlasts: boolean;
  colored: boolean;
  /** As typed; '' for none. */
  countdown: string;
  emit: DraftEmit | null;
  onHit: DraftEffect[];
  onDestroy: DraftEffect[];
  /** null: no gate. `at` as typed. */
  gate: { counter: string; at: string } | null;
  blocksMatch: boolean;
  fallsWithTile: boolean;
  /** Width and height as typed. */
  size: [string, string];
}

let nextKey = 1;

function draftEffect(fx: EffectDef): DraftEffect {
  return { key: nextKey++, do: fx.do, element: 'element' in fx ? fx.element : '', counter: fx.do === 'tick' ? fx.counter : '' };
}

/** The version 2 fields of an element as the draft holds them. */
export function v2Fields(e: ElementDef): DraftV2 {
  const m = e.emit;
  return {
    colorKey: e.key ?? '',
    stopsBlasts: !!e.stopsBlasts,
    colored: !!e.colored,
    countdown: e.countdown === undefined ? '' : String(e.countdown),
    emit: m ? { element: m.element, when: m.when, every: m.every === undefined ? '' : String(m.every), count: String(m.count ?? 1), where: m.where ?? 'adjacent', radius: String(m.radius ?? 2) } : null,
    onHit: (e.onHit ?? []).map(draftEffect),
    onDestroy: (e.onDestroy ?? []).map(draftEffect),
    gate: e.gate ? { counter: e.gate.counter, at: String(e.gate.at) } : null,
    blocksMatch: !!e.blocksMatch,
    fallsWithTile: !!e.fallsWithTile,
    size: [String(e.size?.[0] ?? 1), String(e.size?.[1] ?? 1)],
  };
}

/** Text typed as a number: a number when it reads as one, else the text (parseGame says what is wrong). */
export const typedNumber = (s: string): unknown => (/^\s*-?\d+(\.\d+)?\s*$/.test(s) ? Number(s) : s);

const on = (field: (typeof V2_ELEMENT_FIELDS)[number], layer: Layer) => FIELD_LAYERS[field].includes(layer);

/** Whether the element's size is other than 1 × 1 as typed. */
export const isSized = (v: DraftV2) => v.size[0].trim() !== '1' || v.size[1].trim() !== '1';

/** Whether an element of `layer` is a multi-cell piece as the draft says it (a tile, not coloured, sized). */
export const isMultiCellDraft = (v: DraftV2, layer: Layer) => layer === 'tile' && !v.colored && isSized(v);

/** The §11 flags a multi-cell piece may not have (RULES §12.4: it is static), as gameChecks.ts lists them. */
export type StaticField = (typeof NOT_MULTI_CELL)[number];
export { NOT_MULTI_CELL };

function effectOut(fx: DraftEffect): EffectDef {
  if (fx.do === 'hit_all' || fx.do === 'credit') return { do: fx.do, element: fx.element };
  if (fx.do === 'tick') return { do: 'tick', counter: fx.counter.trim() };
  return { do: fx.do };
}

/**
 * Puts the element's version 2 fields in `out` (the definition parseGame reads): only those its layer
 * has, and for a coloured piece none of the fields it may not have (they stay in the draft, hidden, and
 * come back if the box is unticked).
 */
export function writeV2(v: DraftV2, layer: Layer, out: Record<string, unknown>): void {
  const colored = layer === 'tile' && v.colored;
  if (colored) {
    out.colored = true;
    for (const f of NOT_COLORED) delete out[f];
    if (v.countdown.trim()) out.countdown = typedNumber(v.countdown);
  }
  if (!colored && v.colorKey && on('key', layer)) out.key = v.colorKey;
  if (v.stopsBlasts && on('stopsBlasts', layer)) out.stopsBlasts = true;
  if (!colored && v.emit && on('emit', layer)) {
    const m = v.emit;
    const emit: Record<string, unknown> = { element: m.element, when: m.when };
    if (m.when === 'every') emit.every = typedNumber(m.every);
    if (m.count.trim() && m.count.trim() !== '1') emit.count = typedNumber(m.count);
    if (m.where !== 'adjacent') emit.where = m.where;
    if (m.where === 'near' && m.radius.trim()) emit.radius = typedNumber(m.radius);
    out.emit = emit;
  }
  for (const list of ['onHit', 'onDestroy'] as const) if (v[list].length && on(list, layer)) out[list] = v[list].map(effectOut);
  if (!colored && v.gate && on('gate', layer)) out.gate = { counter: v.gate.counter, at: typedNumber(v.gate.at) };
  if (v.blocksMatch && on('blocksMatch', layer)) out.blocksMatch = true;
  if (v.fallsWithTile && on('fallsWithTile', layer)) out.fallsWithTile = true;
  if (!colored && isSized(v) && on('size', layer)) out.size = [typedNumber(v.size[0]), typedNumber(v.size[1])];
}

/** Whether a written element says anything only a version 2 file may say (a §12.1 field, or the event `effect`). */
export function usesV2(out: Record<string, unknown>): boolean {
  return V2_ELEMENT_FIELDS.some((f) => out[f] !== undefined && out[f] !== false) || (Array.isArray(out.damage) && out.damage.includes('effect'));
}

/** The fields another layer cannot have, dropped (a layer change). */
export function keepForLayer(v: DraftV2, layer: Layer): void {
  if (!on('colored', layer)) v.colored = false;
  if (!on('countdown', layer)) v.countdown = '';
  if (!on('key', layer)) v.colorKey = '';
  if (!on('stopsBlasts', layer)) v.stopsBlasts = false;
  if (!on('emit', layer)) v.emit = null;
  if (!on('onHit', layer)) v.onHit = [];
  if (!on('onDestroy', layer)) v.onDestroy = [];
  if (!on('gate', layer)) v.gate = null;
  if (!on('blocksMatch', layer)) v.blocksMatch = false;
  if (!on('fallsWithTile', layer)) v.fallsWithTile = false;
  if (!on('size', layer)) v.size = ['1', '1'];
}

/** Every version 2 field back to none (the game stays version 1). */
export function clearV2(v: DraftV2): void {
  Object.assign(v, v2Fields({ id: 'x', layer: 'tile' }));
}

/** Whether the layer has any of version 2's element fields (a ground has only the event `effect`). */
export const hasV2Fields = (layer: Layer) => V2_ELEMENT_FIELDS.some((f) => on(f, layer));
/** Whether the layer has this field (the form shows it). */
export const fieldOn = on;

// ── effects: a small list ──

/** The counters the draft's effects tick, each once, in the order they first appear. */
export function countersOf(elements: readonly DraftV2[]): string[] {
  const out: string[] = [];
  for (const v of elements) for (const fx of [...v.onHit, ...v.onDestroy]) if (fx.do === 'tick' && fx.counter.trim() && !out.includes(fx.counter.trim())) out.push(fx.counter.trim());
  return out;
}

/** Adds an effect (`hit_neighbours` first: the kind is chosen in its select); returns its index. */
export function addEffect(v: DraftV2, list: EffectList): number {
  v[list].push({ key: nextKey++, do: 'hit_neighbours', element: '', counter: '' });
  return v[list].length - 1;
}

/**
 * Another kind for effect j: an element to name comes as the first of `elements` that fits (any
 * element for hit_all, a tile element for credit), a counter as the first one the game ticks (else
 * `counter`), unless the effect names one already.
 */
export function setEffectKind(v: DraftV2, list: EffectList, j: number, kind: EffectKind, elements: readonly { id: string; layer: Layer }[], counters: readonly string[]) {
  const fx = v[list][j];
  fx.do = kind;
  if (kind === 'hit_all' && !elements.some((e) => e.id === fx.element)) fx.element = elements[0]?.id ?? '';
  if (kind === 'credit' && !elements.some((e) => e.id === fx.element && e.layer === 'tile')) fx.element = elements.find((e) => e.layer === 'tile')?.id ?? '';
  if (kind === 'tick' && !fx.counter.trim()) fx.counter = counters[0] ?? 'counter';
}

export function removeEffect(v: DraftV2, list: EffectList, j: number) {
  v[list].splice(j, 1);
}

/** Moves effect j by `by`; false at an end. */
export function moveEffect(v: DraftV2, list: EffectList, j: number, by: -1 | 1): boolean {
  const k = j + by;
  if (k < 0 || k >= v[list].length) return false;
  [v[list][j], v[list][k]] = [v[list][k], v[list][j]];
  return true;
}

/** Starts an emitter placing `element` (defaults of RULES §12.1), or stops it (''). */
export function setEmitted(v: DraftV2, element: string) {
  if (!element) v.emit = null;
  else if (v.emit) v.emit.element = element;
  else v.emit = { element, when: 'quiet', every: '3', count: '1', where: 'adjacent', radius: '2' };
}

/** Puts a gate on `counter` (opening at 1 unless set), or takes it off (''). */
export function setGate(v: DraftV2, counter: string) {
  if (!counter) v.gate = null;
  else v.gate = { counter, at: v.gate?.at ?? '1' };
}

/** An element id's counterpart after a rename: effects and emitters naming `from` name `to`. */
export function renameRefs(elements: readonly DraftV2[], from: string, to: string) {
  if (!from || from === to) return;
  for (const v of elements) {
    if (v.emit?.element === from) v.emit.element = to;
    for (const fx of [...v.onHit, ...v.onDestroy]) if (fx.element === from) fx.element = to;
  }
}

export { COLORS, EFFECT_KINDS, EMIT_WHEN, EMIT_WHERE };
