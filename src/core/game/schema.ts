// The `match3-game` file (RULES §11, §11.3) as zod schemas: what a game definition may say, with
// messages that name the field (`elements[3].layer: must be tile, cover or ground`).
import * as z from 'zod/mini';
import '../zod.ts';
import { issuesToProblems, parseJsonText, worded, type LevelProblem, type ProblemDetail } from '../level/level.ts';
import { COLORS, SPECIALS, intIn, quoteValue } from '../level/schema.ts';
import {
  CLASSIC_ID,
  DAMAGE_EVENTS,
  DEFAULT_DAMAGE,
  ELEMENT_ID_PATTERN,
  EVENTS_BY_LAYER,
  GAME_ID_PATTERN,
  GAME_LIMITS,
  LAYERS,
  RESERVED_TILE_NAMES,
  SPREAD_BY_LAYER,
  type DamageEvent,
  type ElementDef,
  type GameDef,
} from './types.ts';

export type GameParseResult = { ok: true; game: GameDef } | { ok: false; problems: LevelProblem[] };

const text = (min: number, max: number) =>
  z.string({ error: 'must be a string' }).check(z.minLength(min, { error: `must be ${min}..${max} characters` }), z.maxLength(max, { error: `must be ${min}..${max} characters` }));

// Every message carries a key (and its values) for the studio's words: `worded` for a fixed one, a
// custom issue's `params` for one that names values (src/i18n/problemWords.ts words them).
const GAME_ID_MSG = worded(`must be 1..${GAME_LIMITS.id.max} characters of a-z, 0-9 and "-"`, { key: 'gameId', params: { max: GAME_LIMITS.id.max } });
const ELEMENT_ID_MSG = worded(`must be 1..${GAME_LIMITS.elementId.max} characters: a lower-case letter, then a-z, 0-9 or "_"`, {
  key: 'elementId',
  params: { max: GAME_LIMITS.elementId.max },
});

type Said = { message: string; params: ProblemDetail };
const said = (message: string, key: string, params: Record<string, string | number>): Said => ({ message, params: { key, params } });

/** Why an element may not take this id (the names a cell's tile already has), or null. */
function reservedId(id: string): Said | null {
  if ((RESERVED_TILE_NAMES as readonly string[]).includes(id)) return said(`"${id}" is a tile value of every level, not an element id`, 'reservedTile', { id });
  if ((COLORS as readonly string[]).includes(id)) return said(`"${id}" is a colour, not an element id`, 'reservedColor', { id });
  if ((SPECIALS as readonly string[]).includes(id)) return said(`"${id}" is a special, not an element id`, 'reservedSpecial', { id });
  return null;
}

/** Code points, so a glyph of one emoji outside the BMP counts as one (RULES §11.3). */
const codePoints = (s: string) => [...s].length;

const GLYPH_MSG = worded(`must be ${GAME_LIMITS.glyph.min}..${GAME_LIMITS.glyph.max} characters`, { key: 'glyph', params: { min: GAME_LIMITS.glyph.min, max: GAME_LIMITS.glyph.max } });
const COLOR_MSG = worded('must be a colour #rrggbb', { key: 'color' });
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
const EMPTY_MSG = worded('the file is empty', { key: 'empty' });

/** A custom issue whose message a UI words by its key. */
const issue = (path: PropertyKey[], s: Said) => ({ code: 'custom' as const, path, message: s.message, params: s.params });

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
      hp: z.optional(intIn(GAME_LIMITS.hp.min, GAME_LIMITS.hp.max)),
      damage: z.optional(z.array(z.enum(DAMAGE_EVENTS, { error: EVENT_MSG }), { error: EVENTS_MSG })),
      falls: z.optional(z.boolean({ error: 'must be true or false' })),
      swappable: z.optional(z.boolean({ error: 'must be true or false' })),
      exit: z.optional(z.boolean({ error: 'must be true or false' })),
      spread: z.optional(z.enum(['when-none-hit', 'through-matches'], { error: SPREAD_MSG })),
    },
    { error: (iss) => (iss.code === 'invalid_type' ? ELEMENT_MSG : undefined) },
  )
  .check(
    z.superRefine((e, ctx) => {
      // what each layer may say (RULES §11.3 "Events by layer")
      const allowed = EVENTS_BY_LAYER[e.layer];
      const seen = new Set<DamageEvent>();
      e.damage?.forEach((ev, i) => {
        if (!allowed.includes(ev))
          ctx.addIssue(issue(['damage', i], said(`"${ev}" is not an event of the ${e.layer} layer (a ${e.layer} element takes ${allowed.join(', ')})`, 'eventOfLayer', { event: ev, layer: e.layer, list: allowed.join(', ') })));
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
  );

const GameFile = z
  .strictObject(
    {
      format: z.literal('match3-game', { error: FORMAT_MSG }),
      version: z.literal(1, { error: 'must be 1 (the only version this studio reads)' }),
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
  )
  .check(
    z.superRefine((g, ctx) => {
      const first = new Map<string, number>();
      g.elements.forEach((e, i) => {
        const at = first.get(e.id);
        if (at !== undefined) ctx.addIssue(issue(['elements', i, 'id'], said(`repeats the id of elements[${at}] (${quoteValue(e.id)})`, 'repeatsId', { at, id: quoteValue(e.id) })));
        else first.set(e.id, i);
      });
    }),
  );

/** The schema of one game definition (a pack's `games` are an array of these). */
export const GameDefSchema = GameFile as unknown as z.ZodMiniType<GameDef>;

/** Validates unknown JSON as a game definition and returns it in canonical form. */
export function parseGame(input: unknown): GameParseResult {
  const r = GameFile.safeParse(input);
  if (!r.success) return { ok: false, problems: issuesToProblems(r.error.issues) };
  return { ok: true, game: canonicalGame(r.data as GameDef) };
}

/** Parses a game file's text. */
export function parseGameText(text: string): GameParseResult {
  if (!text.trim()) return { ok: false, problems: [{ path: '(root)', message: EMPTY_MSG, detail: { key: 'empty' } }] };
  const j = parseJsonText(text);
  return j.ok ? parseGame(j.data) : j;
}

const sameEvents = (a: readonly DamageEvent[], b: readonly DamageEvent[]) => a.length === b.length && a.every((ev) => b.includes(ev));

/**
 * An element with defaults omitted and keys in a stable order: id, name, glyph, color, layer, hp,
 * damage, falls, swappable, exit, spread. Left out: a name equal to the id, a glyph equal to the
 * id's first letter, hp 1, the layer's default damage list, false flags. Damage events come in
 * the order match, adjacent, blast, cleared; a colour in lower case.
 */
export function canonicalElement(e: ElementDef): ElementDef {
  const ordered = { id: e.id } as ElementDef;
  if (e.name !== undefined && e.name !== e.id) ordered.name = e.name;
  if (e.glyph !== undefined && e.glyph !== e.id[0]) ordered.glyph = e.glyph;
  if (e.color !== undefined) ordered.color = e.color.toLowerCase();
  ordered.layer = e.layer;
  if (e.hp !== undefined && e.hp !== 1) ordered.hp = e.hp;
  if (e.damage !== undefined && !sameEvents(e.damage, DEFAULT_DAMAGE[e.layer])) ordered.damage = DAMAGE_EVENTS.filter((ev) => e.damage!.includes(ev));
  if (e.falls) ordered.falls = true;
  if (e.swappable) ordered.swappable = true;
  if (e.exit) ordered.exit = true;
  if (e.spread !== undefined) ordered.spread = e.spread;
  return ordered;
}

/** A game definition in canonical form: format, version, id, name, elements (each canonical, in the file's order). */
export function canonicalGame(g: GameDef): GameDef {
  return { format: 'match3-game', version: 1, id: g.id, name: g.name, elements: g.elements.map(canonicalElement) };
}

/** Game file text: canonical, 2-space indent, a final newline. */
export function serializeGame(g: GameDef): string {
  return JSON.stringify(canonicalGame(g), null, 2) + '\n';
}
