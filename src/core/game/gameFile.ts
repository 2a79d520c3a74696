// The `match3-game` file (RULES §11, §11.3, §12.1, §12.2) as zod schemas: what a game definition may
// say, with messages that name the field (`elements[3].layer: must be tile, cover or ground`). The game
// types (GameDef, ElementDef, …) are inferred from these schemas; types.ts re-exports them. The checks
// that need the file's version or the other elements are gameChecks.ts's, added in schema.ts.
import * as z from 'zod/mini';
import '../zod.ts';
import { COLORS, SPECIALS, intIn, worded, type ProblemDetail } from '../level/basics.ts';
import {
  CLASSIC_ID,
  COUNTER_PATTERN,
  DAMAGE_EVENTS,
  DAMAGE_EVENTS_V2,
  EFFECT_KINDS,
  ELEMENT_ID_PATTERN,
  EMIT_WHEN,
  EMIT_WHERE,
  EVENTS_BY_LAYER,
  GAME_ID_PATTERN,
  GAME_LIMITS,
  LAYERS,
  RESERVED_TILE_NAMES,
  SPREAD_BY_LAYER,
  V2_ELEMENT_FIELDS,
  type DamageEvent,
  type Layer,
} from './constants.ts';

export type Said = { message: string; params: ProblemDetail };
export const said = (message: string, key: string, params: Record<string, string | number>): Said => ({ message, params: { key, params } });
/** A custom issue whose message a UI words by its key. */
export const issue = (path: PropertyKey[], s: Said) => ({ code: 'custom' as const, path, message: s.message, params: s.params });

const text = (min: number, max: number) =>
  z.string({ error: 'must be a string' }).check(z.minLength(min, { error: `must be ${min}..${max} characters` }), z.maxLength(max, { error: `must be ${min}..${max} characters` }));

// Every message carries a key (and its values) for the studio's words: `worded` for a fixed one, a
// custom issue's `params` for one that names values (src/i18n/problemWords.ts words them).
const GAME_ID_MSG = worded(`must be 1..${GAME_LIMITS.id.max} characters of a-z, 0-9 and "-"`, { key: 'gameId', params: { max: GAME_LIMITS.id.max } });
const ELEMENT_ID_MSG = worded(`must be 1..${GAME_LIMITS.elementId.max} characters: a lower-case letter, then a-z, 0-9 or "_"`, {
  key: 'elementId',
  params: { max: GAME_LIMITS.elementId.max },
});
const GLYPH_MSG = worded(`must be ${GAME_LIMITS.glyph.min}..${GAME_LIMITS.glyph.max} characters`, { key: 'glyph', params: { min: GAME_LIMITS.glyph.min, max: GAME_LIMITS.glyph.max } });
const COLOR_MSG = worded('must be a colour #rrggbb', { key: 'color' });
// (the v1 events: a version 2 file may also list "effect", gameChecks.ts refuses it in version 1; a version
// 2 file's messages say it too, damageWordsOfVersion below)
const EVENT_MSG = worded(`must be one of ${DAMAGE_EVENTS.join(', ')}`, { key: 'event', params: { list: DAMAGE_EVENTS.join(', ') } });
const LAYER_MSG = worded('must be tile, cover or ground', { key: 'layer' });
const EVENTS_MSG = worded(`must be an array of events (${DAMAGE_EVENTS.join(', ')})`, { key: 'events', params: { list: DAMAGE_EVENTS.join(', ') } });
const SPREAD_MSG = worded('must be "when-none-hit" (a tile) or "through-matches" (a ground)', { key: 'spreadValue' });
const ELEMENT_MSG = worded('must be an object (an element)', { key: 'elementObject' });
const FORMAT_MSG = worded('must be "match3-game"', { key: 'format' });
const CLASSIC_ID_MSG = worded(`"${CLASSIC_ID}" is the built-in game's id: give a copy another id`, { key: 'classicId', params: { id: CLASSIC_ID } });
const ELEMENTS_MSG = worded('must be an array of elements', { key: 'elements' });
const ELEMENT_COUNT_MSG = worded(`must have ${GAME_LIMITS.elements.min}..${GAME_LIMITS.elements.max} elements`, {
  key: 'elementCount',
  params: { min: GAME_LIMITS.elements.min, max: GAME_LIMITS.elements.max },
});
const GAME_MSG = worded('must be a JSON object (a match3-game)', { key: 'gameObject' });
const BOOL_MSG = 'must be true or false';
// version 2's shapes (RULES §12.1, §12.2)
const EFFECT_MSG = worded(`must be an effect {"do": ${EFFECT_KINDS.join(', ')}}`, { key: 'effect', params: { list: EFFECT_KINDS.join(', ') } });
const EFFECTS_MSG = worded(`must be an array of ${GAME_LIMITS.effects.min}..${GAME_LIMITS.effects.max} effects`, { key: 'effects', params: { min: GAME_LIMITS.effects.min, max: GAME_LIMITS.effects.max } });
const COUNTER_MSG = worded(`must be a counter name: 1..${GAME_LIMITS.counterName.max} characters, a lower-case letter, then a-z, 0-9 or "_"`, { key: 'counterName', params: { max: GAME_LIMITS.counterName.max } });
const EMIT_MSG = worded('must be an object (an emitter: "element", "when", …)', { key: 'emitObject' });
const WHEN_MSG = worded('must be "quiet" or "every"', { key: 'emitWhen' });
const WHERE_MSG = worded('must be "adjacent", "near" or "board"', { key: 'emitWhere' });
const GATE_MSG = worded('must be an object {"counter": <name>, "at": 1..999}', { key: 'gateObject' });
const SIZE_MSG = worded(`must be [w, h], each ${GAME_LIMITS.size.min}..${GAME_LIMITS.size.max}`, { key: 'size', params: { min: GAME_LIMITS.size.min, max: GAME_LIMITS.size.max } });

/** Why an element may not take this id (the names a cell's tile already has), or null. */
function reservedId(id: string): Said | null {
  if ((RESERVED_TILE_NAMES as readonly string[]).includes(id)) return said(`"${id}" is a tile value of every level, not an element id`, 'reservedTile', { id });
  if ((COLORS as readonly string[]).includes(id)) return said(`"${id}" is a colour, not an element id`, 'reservedColor', { id });
  if ((SPECIALS as readonly string[]).includes(id)) return said(`"${id}" is a special, not an element id`, 'reservedSpecial', { id });
  return null;
}

/** Code points, so a glyph of one emoji outside the BMP counts as one (RULES §11.3). */
const codePoints = (s: string) => [...s].length;

const elementRef = () => z.string({ error: ELEMENT_ID_MSG }).check(z.refine((s) => ELEMENT_ID_PATTERN.test(s), { error: ELEMENT_ID_MSG }));
const counterName = () => z.string({ error: COUNTER_MSG }).check(z.refine((s) => COUNTER_PATTERN.test(s), { error: COUNTER_MSG }));
const flag = () => z.optional(z.boolean({ error: BOOL_MSG }));

/** An effect of RULES §12.2 (closed list). */
const Effect = z.discriminatedUnion(
  'do',
  [
    z.strictObject({ do: z.literal('hit_neighbours') }),
    z.strictObject({ do: z.literal('hit_linked') }),
    z.strictObject({ do: z.literal('hit_all'), element: elementRef() }),
    z.strictObject({ do: z.literal('tick'), counter: counterName() }),
    z.strictObject({ do: z.literal('credit'), element: elementRef() }),
  ],
  { error: EFFECT_MSG },
);
const effects = () =>
  z.optional(z.array(Effect, { error: EFFECTS_MSG }).check(z.minLength(GAME_LIMITS.effects.min, { error: EFFECTS_MSG }), z.maxLength(GAME_LIMITS.effects.max, { error: EFFECTS_MSG })));

/** An emitter (RULES §12.1 Emit); which fields go together is gameChecks.ts's. */
const Emit = z.strictObject(
  {
    element: elementRef(),
    when: z.enum(EMIT_WHEN, { error: WHEN_MSG }),
    every: z.optional(intIn(GAME_LIMITS.emitEvery.min, GAME_LIMITS.emitEvery.max)),
    count: z.optional(intIn(GAME_LIMITS.emitCount.min, GAME_LIMITS.emitCount.max)),
    where: z.optional(z.enum(EMIT_WHERE, { error: WHERE_MSG })),
    radius: z.optional(intIn(GAME_LIMITS.emitRadius.min, GAME_LIMITS.emitRadius.max)),
  },
  { error: (iss) => (iss.code === 'invalid_type' ? EMIT_MSG : undefined) },
);

/** A gate (RULES §12.2): immune until the level counter reaches `at`, then removed. */
const Gate = z.strictObject({ counter: counterName(), at: intIn(GAME_LIMITS.gateAt.min, GAME_LIMITS.gateAt.max) }, { error: (iss) => (iss.code === 'invalid_type' ? GATE_MSG : undefined) });

const sideOf = () => intIn(GAME_LIMITS.size.min, GAME_LIMITS.size.max);
const Size = z.tuple([sideOf(), sideOf()], { error: SIZE_MSG });

/** hp: 1..5, or 1..20 for a multi-cell element (checked with the element, which knows its size). */
const HP_TYPE_MSG = `must be an integer (${GAME_LIMITS.hp.min}..${GAME_LIMITS.hp.max})`;
const Hp = z.int({ error: HP_TYPE_MSG }).check(z.gte(GAME_LIMITS.hp.min, { error: `must be ${GAME_LIMITS.hp.min}..${GAME_LIMITS.hp.max}` }));

/** hp: 1..5, a multi-cell element's 1..20 (RULES §12.1 `size`); the element's values as the file has them. */
function hpLimit(raw: unknown, refuse: (message: string) => void) {
  const { hp, size } = (raw ?? {}) as { hp?: unknown; size?: unknown };
  if (typeof hp !== 'number' || !Number.isInteger(hp)) return;
  const pair = Array.isArray(size) && size.length === 2 && size.every((n) => Number.isInteger(n));
  if (size !== undefined && !pair) return; // (a malformed size is told on its own; what it allows is not known)
  const multi = pair && isMultiCell(size as [number, number]);
  const max = multi ? GAME_LIMITS.multiCellHp.max : GAME_LIMITS.hp.max;
  if (hp > max) refuse(`must be ${GAME_LIMITS.hp.min}..${max}`);
}

/** Whether a size makes a multi-cell element (anything but [1, 1]). */
export const isMultiCell = (size: readonly [number, number] | undefined): boolean => size !== undefined && (size[0] !== 1 || size[1] !== 1);

export { V2_ELEMENT_FIELDS };

/** A damage event its element's layer does not take, with the events it does (`allowed`). */
const eventOfLayer = (ev: string, layer: Layer, allowed: readonly string[]) =>
  said(`"${ev}" is not an event of the ${layer} layer (a ${layer} element takes ${allowed.join(', ')})`, 'eventOfLayer', { event: ev, layer, list: allowed.join(', ') });

/** The event messages of a version 2 file: its damage lists may also say "effect" (RULES §12.2). */
const EVENT_MSG_V2 = worded(`must be one of ${DAMAGE_EVENTS_V2.join(', ')}`, { key: 'event', params: { list: DAMAGE_EVENTS_V2.join(', ') } });
const EVENTS_MSG_V2 = worded(`must be an array of events (${DAMAGE_EVENTS_V2.join(', ')})`, { key: 'events', params: { list: DAMAGE_EVENTS_V2.join(', ') } });

/**
 * An element's damage messages say the events of version 1 (an element is read without its file's
 * version); in a version 2 file they are said again with "effect", which every layer takes there (§12.1).
 * A check of the whole file, run whatever else is wrong: it only rewords the elements' own issues.
 */
export function damageWordsOfVersion(payload: z.core.ParsePayload<unknown>): void {
  if ((payload.value as { version?: unknown } | null)?.version !== 2) return;
  payload.issues.forEach((iss, n) => {
    const path = iss.path ?? [];
    if (path[0] !== 'elements' || !path.includes('damage')) return;
    if (iss.code === 'custom' && (iss.params as ProblemDetail | undefined)?.key === 'eventOfLayer') {
      const p = (iss.params as ProblemDetail).params as { event: string; layer: Layer };
      const own = eventOfLayer(p.event, p.layer, [...EVENTS_BY_LAYER[p.layer], 'effect']);
      payload.issues[n] = { ...iss, message: own.message, params: own.params };
      return;
    }
    // a schema's own message is only set when the issue is finished: read it from the schema that raised it
    const own = iss.message || messageText(iss.inst?._zod.def.error?.(iss as never));
    if (own === EVENT_MSG) payload.issues[n] = { ...iss, message: EVENT_MSG_V2 };
    else if (own === EVENTS_MSG) payload.issues[n] = { ...iss, message: EVENTS_MSG_V2 };
  });
}
const messageText = (m: unknown): string | undefined => (typeof m === 'string' ? m : (m as { message?: string } | null | undefined)?.message);

const ElementFile = z
  .strictObject(
    {
      id: z.string({ error: ELEMENT_ID_MSG }).check(
        z.refine((s) => ELEMENT_ID_PATTERN.test(s), { error: ELEMENT_ID_MSG }),
        z.superRefine((s, ctx) => {
          const r = ELEMENT_ID_PATTERN.test(s) ? reservedId(s) : null;
          if (r) ctx.addIssue(issue([], r));
        }),
      ),
      name: z.optional(text(GAME_LIMITS.elementName.min, GAME_LIMITS.elementName.max)),
      glyph: z.optional(
        z.string({ error: GLYPH_MSG }).check(z.refine((s) => codePoints(s) >= GAME_LIMITS.glyph.min && codePoints(s) <= GAME_LIMITS.glyph.max, { error: GLYPH_MSG })),
      ),
      color: z.optional(z.string({ error: COLOR_MSG }).check(z.regex(/^#[0-9a-fA-F]{6}$/, { error: COLOR_MSG }))),
      layer: z.enum(LAYERS, { error: LAYER_MSG }),
      hp: z.optional(Hp),
      damage: z.optional(z.array(z.enum(DAMAGE_EVENTS_V2, { error: EVENT_MSG }), { error: EVENTS_MSG })),
      falls: flag(),
      swappable: flag(),
      exit: flag(),
      spread: z.optional(z.enum(['when-none-hit', 'through-matches'], { error: SPREAD_MSG })),
      // ── version 2 (RULES §12.1) ──
      key: z.optional(z.enum(COLORS, { error: `must be one of ${COLORS.join(', ')}` })),
      stopsBlasts: flag(),
      colored: flag(),
      countdown: z.optional(intIn(GAME_LIMITS.countdown.min, GAME_LIMITS.countdown.max)),
      emit: z.optional(Emit),
      onHit: effects(),
      onDestroy: effects(),
      gate: z.optional(Gate),
      blocksMatch: flag(),
      fallsWithTile: flag(),
      size: z.optional(Size),
    },
    { error: (iss) => (iss.code === 'invalid_type' ? ELEMENT_MSG : undefined) },
  )
  .check(
    z.superRefine((e, ctx) => {
      // what each layer may say (RULES §11.3 "Events by layer"; `effect` is any layer's, §12.1)
      const allowed = EVENTS_BY_LAYER[e.layer];
      const seen = new Set<DamageEvent>();
      e.damage?.forEach((ev, i) => {
        if (ev !== 'effect' && !allowed.includes(ev))
          ctx.addIssue(issue(['damage', i], eventOfLayer(ev, e.layer, allowed)));
        else if (seen.has(ev)) ctx.addIssue(issue(['damage', i], said(`repeats "${ev}"`, 'repeatsEvent', { event: ev })));
        seen.add(ev);
      });
      if (e.layer !== 'tile')
        for (const k of ['falls', 'swappable', 'exit'] as const)
          if (e[k]) ctx.addIssue(issue([k], said(`only a tile element may have "${k}" (this one is a ${e.layer} element)`, 'tileOnly', { field: k, layer: e.layer })));
      if (e.spread !== undefined && SPREAD_BY_LAYER[e.layer] !== e.spread) {
        const own = SPREAD_BY_LAYER[e.layer];
        ctx.addIssue(issue(['spread'], own ? said(`a ${e.layer} element spreads "${own}" only`, 'spreadOnly', { layer: e.layer, spread: own }) : said(`a ${e.layer} element cannot spread`, 'noSpread', { layer: e.layer })));
      } else if (e.spread !== undefined && e.exit) {
        // our choice (docs/rules.md §11): an item taken out at exits that also grows over the board has no clear meaning
        ctx.addIssue(issue(['spread'], said('an exit element (an item) cannot spread', 'exitSpread', {})));
      }
    }),
    // hp's upper limit, told even when other fields are wrong (as a field's own range is): it reads the raw size
    z.superRefine((e, ctx) => hpLimit(e, (message) => ctx.addIssue({ code: 'custom', path: ['hp'], message })), { when: () => true }),
  );

/** A game file's shape, field by field; schema.ts adds the checks across elements (gameChecks.ts). */
export const GameFileShape = z
  .strictObject(
    {
      format: z.literal('match3-game', { error: FORMAT_MSG }),
      version: z.union([z.literal(1), z.literal(2)], { error: 'must be 1 or 2 (the versions this studio reads)' }),
      id: z.string({ error: GAME_ID_MSG }).check(
        z.refine((s) => GAME_ID_PATTERN.test(s), { error: GAME_ID_MSG }),
        z.refine((s) => s !== CLASSIC_ID, { error: CLASSIC_ID_MSG }),
      ),
      name: text(GAME_LIMITS.name.min, GAME_LIMITS.name.max),
      elements: z
        .array(ElementFile, { error: ELEMENTS_MSG })
        .check(
          z.minLength(GAME_LIMITS.elements.min, { error: ELEMENT_COUNT_MSG }),
          z.maxLength(GAME_LIMITS.elements.max, { error: ELEMENT_COUNT_MSG }),
        ),
    },
    { error: (iss) => (iss.code === 'invalid_type' ? GAME_MSG : undefined) },
  );

export type GameDef = z.infer<typeof GameFileShape>;
export type ElementDef = z.infer<typeof ElementFile>;
export type EffectDef = z.infer<typeof Effect>;
export type EmitDef = z.infer<typeof Emit>;
export type GateDef = z.infer<typeof Gate>;
