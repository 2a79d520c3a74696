// The checks of a game file that need its version or more than one element (RULES §11, §12.1,
// §12.2): repeated ids, §12 fields in a version 1 file, which version 2 fields go together, and the
// element and counter names that effects, emitters and gates give. Each refusal names its field.
import { quoteValue } from '../level/basics.ts';
import type { Layer } from './constants.ts';
import { V2_ELEMENT_FIELDS, isMultiCell, said, type EffectDef, type ElementDef, type GameDef, type Said } from './gameFile.ts';

type Add = (path: PropertyKey[], s: Said) => void;

const NEEDS_V2 = () => said('needs "version": 2', 'needsVersion2', {});

/** A version 1 file names each §12 field it uses (not as an unknown field). */
function checkVersion1(e: ElementDef, at: PropertyKey[], add: Add) {
  for (const f of V2_ELEMENT_FIELDS) if (e[f] !== undefined) add([...at, f], NEEDS_V2());
  e.damage?.forEach((ev, j) => ev === 'effect' && add([...at, 'damage', j], NEEDS_V2()));
}

/** The fields a coloured element takes none of (RULES §12.1). */
export const NOT_COLORED = ['hp', 'damage', 'falls', 'swappable', 'exit', 'spread', 'size', 'key', 'gate', 'emit'] as const;
/** What a multi-cell element may not be (RULES §12.4: it is static). */
export const NOT_MULTI_CELL = ['falls', 'swappable', 'exit', 'spread'] as const;

function onLayers(field: string, layers: readonly Layer[], e: ElementDef): Said | null {
  if (layers.includes(e.layer)) return null;
  if (layers.length === 1 && layers[0] === 'tile') return said(`only a tile element may have "${field}" (this one is a ${e.layer} element)`, 'tileOnly', { field, layer: e.layer });
  const list = layers.join(' or ');
  return said(`only a ${list} element may have "${field}" (this one is a ${e.layer} element)`, 'layersOnly', { field, layers: list, layer: e.layer });
}

/** Which layers each version 2 field is for (RULES §12.1 "on"). */
export const FIELD_LAYERS: Record<(typeof V2_ELEMENT_FIELDS)[number], readonly Layer[]> = {
  key: ['tile', 'cover'],
  stopsBlasts: ['tile', 'cover'],
  colored: ['tile'],
  countdown: ['tile'],
  emit: ['tile'],
  onHit: ['tile', 'cover'],
  onDestroy: ['tile', 'cover'],
  gate: ['tile', 'cover'],
  blocksMatch: ['cover'],
  fallsWithTile: ['cover'],
  size: ['tile'],
};

/** One element's version 2 fields on their own: layers, what goes with "colored", "size" and "emit". */
function checkElementV2(e: ElementDef, at: PropertyKey[], add: Add) {
  for (const f of V2_ELEMENT_FIELDS) {
    // a false flag says nothing; any other value is the field used
    if (e[f] === undefined || e[f] === false) continue;
    const s = onLayers(f, FIELD_LAYERS[f], e);
    if (s) add([...at, f], s);
  }
  if (e.layer !== 'tile') return;
  if (e.colored) {
    for (const f of NOT_COLORED) if (e[f] !== undefined) add([...at, f], said('not with "colored"', 'notWithColored', {}));
  } else if (e.countdown !== undefined) add([...at, 'countdown'], said('only a coloured element ("colored": true) counts down', 'countdownColored', {}));
  if (!e.colored && isMultiCell(e.size))
    for (const f of NOT_MULTI_CELL) if (e[f]) add([...at, f], said(`not with "size" (a multi-cell element is static)`, 'notWithSize', { field: f }));
  if (e.emit) {
    const m = e.emit;
    if (m.when === 'every' && m.every === undefined) add([...at, 'emit', 'every'], said('required with "when": "every"', 'everyRequired', {}));
    if (m.when !== 'every' && m.every !== undefined) add([...at, 'emit', 'every'], said('only with "when": "every"', 'everyOnly', {}));
    if (m.radius !== undefined && m.where !== 'near') add([...at, 'emit', 'radius'], said('only with "where": "near"', 'radiusOnly', {}));
  }
}

/** Why `id` is not an element of the game on `layer` (null: any layer), or null. */
function refProblem(byId: Map<string, ElementDef>, game: string, id: string, layer: Layer | null): Said | null {
  const e = byId.get(id);
  const value = quoteValue(id);
  if (!e) return said(`${value} is not an element of game "${game}"`, 'notElement', { value, game });
  if (layer && e.layer !== layer) return said(`${value} is a ${e.layer} element of game "${game}", not a ${layer} element`, 'wrongLayer', { value, layer: e.layer, game, want: layer });
  return null;
}

/** The elements, counters and emitted pieces an element names (RULES §12.1 Emit, §12.2). */
function checkRefsV2(e: ElementDef, at: PropertyKey[], g: GameDef, byId: Map<string, ElementDef>, ticked: Set<string>, add: Add) {
  if (e.emit) {
    const id = e.emit.element;
    const target = byId.get(id);
    const value = quoteValue(id);
    const p =
      refProblem(byId, g.id, id, 'tile') ??
      (target!.colored ? said(`${value} is a coloured element: an emitter places plain tile elements`, 'emitColored', { value }) : null) ??
      (isMultiCell(target!.size) ? said(`${value} is a multi-cell element: it cannot be emitted`, 'emitMultiCell', { value }) : null);
    if (p) add([...at, 'emit', 'element'], p);
  }
  for (const list of ['onHit', 'onDestroy'] as const)
    e[list]?.forEach((fx: EffectDef, j) => {
      const p = fx.do === 'hit_all' ? refProblem(byId, g.id, fx.element, null) : fx.do === 'credit' ? refProblem(byId, g.id, fx.element, 'tile') : null;
      if (p) add([...at, list, j, 'element'], p);
    });
  if (e.gate && !ticked.has(e.gate.counter)) add([...at, 'gate', 'counter'], said(`no element ticks "${e.gate.counter}"`, 'noTicker', { counter: e.gate.counter }));
}

/** The counters some element's effects tick. */
function tickedCounters(g: GameDef): Set<string> {
  const out = new Set<string>();
  for (const e of g.elements) for (const fx of [...(e.onHit ?? []), ...(e.onDestroy ?? [])]) if (fx.do === 'tick') out.add(fx.counter);
  return out;
}

/** No two elements share an id (RULES §11). */
export function checkIds(g: GameDef, add: Add): void {
  const first = new Map<string, number>();
  g.elements.forEach((e, i) => {
    const at = first.get(e.id);
    if (at !== undefined) add(['elements', i, 'id'], said(`repeats the id of elements[${at}] (${quoteValue(e.id)})`, 'repeatsId', { at, id: quoteValue(e.id) }));
    else first.set(e.id, i);
  });
}

/** The checks of RULES §12 across a game's fields and elements, each refusal to `add` with its path (every field valid). */
export function checkGame(g: GameDef, add: Add): void {
  if (g.version === 1) {
    g.elements.forEach((e, i) => checkVersion1(e, ['elements', i], add));
    return;
  }
  const byId = new Map<string, ElementDef>();
  for (const e of g.elements) if (!byId.has(e.id)) byId.set(e.id, e);
  const ticked = tickedCounters(g);
  g.elements.forEach((e, i) => {
    checkElementV2(e, ['elements', i], add);
    checkRefsV2(e, ['elements', i], g, byId, ticked, add);
  });
}
