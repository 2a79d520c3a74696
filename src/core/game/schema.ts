// The `match3-game` file (RULES §11, §12): parse it (gameFile.ts's schemas, gameChecks.ts's checks
// across elements), and write it in canonical form.
import * as z from 'zod/mini';
import { issuesToProblems, parseJsonText, worded, type LevelProblem } from '../level/level.ts';
import { DAMAGE_EVENTS_V2, DEFAULT_DAMAGE, EMIT_DEFAULTS, type DamageEvent } from './constants.ts';
import { GameFileShape, V2_ELEMENT_FIELDS, damageWordsOfVersion, isMultiCell, issue, type EffectDef, type ElementDef, type EmitDef, type GameDef } from './gameFile.ts';
import { checkGame, checkIds } from './gameChecks.ts';

export type GameParseResult = { ok: true; game: GameDef } | { ok: false; problems: LevelProblem[] };

const EMPTY_MSG = worded('the file is empty', { key: 'empty' });

/** The schema of one game definition (a pack's `games` are an array of these). */
// (§12's only once every field is valid: they read the elements as their types say)
export const GameDefSchema = GameFileShape.check(
  // an element's damage messages in the events the file's version allows (version 2: "effect" too)
  z.check(damageWordsOfVersion, { when: () => true }),
  z.superRefine((g, ctx) => checkIds(g, (path, s) => ctx.addIssue(issue(path, s)))),
  z.superRefine((g, ctx) => checkGame(g, (path, s) => ctx.addIssue(issue(path, s))), { when: (payload) => payload.issues.length === 0 }),
);

/** Validates unknown JSON as a game definition and returns it in canonical form. */
export function parseGame(input: unknown): GameParseResult {
  const r = GameDefSchema.safeParse(input);
  if (!r.success) return { ok: false, problems: issuesToProblems(r.error.issues) };
  return { ok: true, game: canonicalGame(r.data) };
}

/** Parses a game file's text. */
export function parseGameText(text: string): GameParseResult {
  if (!text.trim()) return { ok: false, problems: [{ path: '(root)', message: EMPTY_MSG, detail: { key: 'empty' } }] };
  const j = parseJsonText(text);
  return j.ok ? parseGame(j.data) : j;
}

const sameEvents = (a: readonly DamageEvent[], b: readonly DamageEvent[]) => a.length === b.length && a.every((ev) => b.includes(ev));

/** An emitter with its defaults left out, keys in the order element, when, every, count, where, radius. */
function canonicalEmit(m: EmitDef): EmitDef {
  const out: EmitDef = { element: m.element, when: m.when };
  if (m.every !== undefined) out.every = m.every;
  if (m.count !== undefined && m.count !== EMIT_DEFAULTS.count) out.count = m.count;
  if (m.where !== undefined && m.where !== EMIT_DEFAULTS.where) out.where = m.where;
  if (m.radius !== undefined && m.radius !== EMIT_DEFAULTS.radius) out.radius = m.radius;
  return out;
}

/** An effect with `do` first, then its element or counter. */
function canonicalEffect(fx: EffectDef): EffectDef {
  if (fx.do === 'hit_all' || fx.do === 'credit') return { do: fx.do, element: fx.element };
  if (fx.do === 'tick') return { do: fx.do, counter: fx.counter };
  return { do: fx.do };
}

/** The version 2 fields (RULES §12.1) of an element, in V2_ELEMENT_FIELDS's order, defaults left out. */
function canonicalV2(e: ElementDef, out: ElementDef): void {
  for (const f of V2_ELEMENT_FIELDS) {
    switch (f) {
      case 'stopsBlasts':
      case 'colored':
      case 'blocksMatch':
      case 'fallsWithTile':
        if (e[f]) out[f] = true;
        break;
      case 'emit':
        if (e.emit) out.emit = canonicalEmit(e.emit);
        break;
      case 'onHit':
      case 'onDestroy':
        if (e[f]) out[f] = e[f].map(canonicalEffect);
        break;
      case 'gate':
        if (e.gate) out.gate = { counter: e.gate.counter, at: e.gate.at };
        break;
      case 'size':
        if (isMultiCell(e.size)) out.size = [e.size![0], e.size![1]];
        break;
      case 'key':
      case 'countdown':
        if (e[f] !== undefined) (out as Record<string, unknown>)[f] = e[f];
        break;
    }
  }
}

/**
 * An element with defaults omitted and keys in a stable order: id, name, glyph, color, layer, hp,
 * damage, falls, swappable, exit, spread, then version 2's key, stopsBlasts, colored, countdown, emit,
 * onHit, onDestroy, gate, blocksMatch, fallsWithTile, size. Left out: a name equal to the id, a glyph
 * equal to the id's first letter, hp 1, the layer's default damage list, false flags, size [1, 1], an
 * emitter's default count, where and radius. Damage events come in the order match, adjacent, blast,
 * cleared, effect; a colour in lower case.
 */
export function canonicalElement(e: ElementDef): ElementDef {
  const ordered = { id: e.id } as ElementDef;
  if (e.name !== undefined && e.name !== e.id) ordered.name = e.name;
  if (e.glyph !== undefined && e.glyph !== e.id[0]) ordered.glyph = e.glyph;
  if (e.color !== undefined) ordered.color = e.color.toLowerCase();
  ordered.layer = e.layer;
  if (e.hp !== undefined && e.hp !== 1) ordered.hp = e.hp;
  if (e.damage !== undefined && !sameEvents(e.damage, DEFAULT_DAMAGE[e.layer])) ordered.damage = DAMAGE_EVENTS_V2.filter((ev) => e.damage!.includes(ev));
  if (e.falls) ordered.falls = true;
  if (e.swappable) ordered.swappable = true;
  if (e.exit) ordered.exit = true;
  if (e.spread !== undefined) ordered.spread = e.spread;
  canonicalV2(e, ordered);
  return ordered;
}

/** A game definition in canonical form: format, version, id, name, elements (each canonical, in the file's order). */
export function canonicalGame(g: GameDef): GameDef {
  return { format: 'match3-game', version: g.version === 2 ? 2 : 1, id: g.id, name: g.name, elements: g.elements.map(canonicalElement) };
}

/** Game file text: canonical, 2-space indent, a final newline. */
export function serializeGame(g: GameDef): string {
  return JSON.stringify(canonicalGame(g), null, 2) + '\n';
}
