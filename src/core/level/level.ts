// Parse, serialize, hash and check levels. Levels are immutable values: every edit returns a new one.
import type * as z from 'zod/mini';
import {
  COLORS,
  LATEST_RULES,
  isBuiltinTile,
  isClassicLevel,
  isColor,
  isSpecial,
  rulesOf,
  type CellT,
  type LevelT,
  type ObjectiveT,
  type SpawnT,
} from './schema.ts';
import { formatBlockers, formatCellRuns, starvedGroups } from './starved.ts';
import type { LayoutField } from './layout.ts';
import type { v2Warnings } from './warningsV2.ts';
import { cellName } from '../cellName.ts';
import { hashString } from '../hash.ts';

export { hashString };
import { CLASSIC_GAME } from '../game/classic.ts';
import { CLASSIC_NONE_KEYS, CLEAR_CRATES_ELEMENT, CLEAR_CRATES_WORDS, elementNoun } from '../game/classicFormat.ts';
import { gameById, gameOf } from '../game/known.ts';
import { gamePlayHash } from '../game/playHash.ts';
import { CLASSIC_ID, type ElementDef, type GameDef } from '../game/types.ts';

export interface LevelProblem {
  path: string; // "cells[3][7].cover.layers"
  /** English, for the CLI, the model and logs. */
  message: string;
  /** The exact case and its values, so a UI can word it in its own language (src/i18n/problemWords.ts). */
  detail?: ProblemDetail;
}

import type { ProblemDetail } from './primitives.ts';
import { detailOf, worded } from './basics.ts';
export type { ProblemDetail };

export { worded };

/** A problem with its detail when the message has one: a custom issue's `params` ({ key, params }), or a registered message. */
function problemOf(path: string, issue: { code: string; message: string; params?: Record<string, unknown> }): LevelProblem {
  const own = issue.code === 'custom' && typeof issue.params?.key === 'string' ? (issue.params as ProblemDetail) : undefined;
  const detail = own ?? detailOf(issue.message);
  return detail ? { path, message: issue.message, detail } : { path, message: issue.message };
}

export type ParseResult = { ok: true; level: LevelT } | { ok: false; problems: LevelProblem[] };

/** `['cells', 3, 7, 'cover']` → `cells[3][7].cover` */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out ? `.${String(p)}` : String(p);
  }
  return out || '(root)';
}

export function issuesToProblems(issues: readonly z.core.$ZodIssue[]): LevelProblem[] {
  const out: LevelProblem[] = [];
  for (const issue of issues) {
    if (issue.code === 'invalid_union' && 'errors' in issue && issue.errors.length) {
      // discriminated unions report the branch's own issues; keep the clearest one
      const nested = issue.errors.flat();
      if (nested.length && issue.message.startsWith('Invalid')) {
        out.push(...issuesToProblems(nested.map((n) => ({ ...n, path: [...issue.path, ...n.path] }))));
        continue;
      }
    }
    if (issue.code === 'unrecognized_keys') {
      // a schema's own error text would otherwise hide which key is wrong ("must be an object")
      // a key is quoted short: a file with a 10 MB key gets a readable message, not the key back
      const keys = issue.keys.map((k) => JSON.stringify(k.length > 60 ? `${k.slice(0, 60)}…` : k)).join(', ');
      out.push({ path: formatPath(issue.path), message: `unknown field${issue.keys.length > 1 ? 's' : ''} ${keys}` });
      continue;
    }
    out.push(problemOf(formatPath(issue.path), issue as { code: string; message: string; params?: Record<string, unknown> }));
  }
  return out;
}

/** The game a level names, among `games` and the registry; undefined when unknown. */
export function findGame(id: string, games: readonly GameDef[] = []): GameDef | undefined {
  return id === CLASSIC_ID ? CLASSIC_GAME : (games.find((g) => g.id === id) ?? gameById(id));
}

/** JSON.parse with the syntax error as a problem at the root. */
export function parseJsonText(text: string): { ok: true; data: unknown } | { ok: false; problems: LevelProblem[] } {
  try {
    // a byte-order mark (Windows editors write one) is not part of the JSON
    return { ok: true, data: JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) };
  } catch (e) {
    // one line: V8 quotes the start of the text, newlines included
    return { ok: false, problems: [{ path: '(root)', message: `not valid JSON: ${(e as Error).message.replace(/\s+/g, ' ')}` }] };
  }
}

/** A cover or ground: classic levels keep §1's spelling as parsed (ice and jelly with layers, chain without); a game's drops `layers: 1`. */
function canonicalLayered(v: { type: string; layers?: number }, classic: boolean): { type: string; layers?: number } {
  if (classic) return v.layers === undefined ? { type: v.type } : { type: v.type, layers: v.layers };
  return v.layers !== undefined && v.layers !== 1 ? { type: v.type, layers: v.layers } : { type: v.type };
}

/** A classic level's cell with defaults omitted and keys in a stable order: tile, hp, color, countdown, cover, ground, exit. */
export function canonicalCell(cell: CellT): CellT {
  return canonicalCellOf(cell, true);
}

/** A cell in canonical form; `classic`: the level plays the classic game (§1's spelling of covers and grounds). */
export function canonicalCellOf(cell: CellT, classic: boolean): CellT {
  const out: CellT = {};
  if (cell.tile !== undefined && cell.tile !== 'random') out.tile = cell.tile;
  if (!isBuiltinTile(cell.tile) && cell.hp !== undefined && cell.hp !== 1) out.hp = cell.hp;
  if (cell.color !== undefined) out.color = cell.color;
  if (cell.countdown !== undefined) out.countdown = cell.countdown;
  if (cell.cover) out.cover = canonicalLayered(cell.cover, classic);
  if (cell.ground) out.ground = canonicalLayered(cell.ground, classic);
  if (cell.exit) out.exit = true;
  return out;
}

function canonicalObjective(o: ObjectiveT): ObjectiveT {
  switch (o.type) {
    case 'collect':
      return o.color !== undefined ? { type: 'collect', color: o.color, count: o.count } : { type: 'collect', element: o.element, count: o.count };
    case 'clear_ground':
      return { type: 'clear_ground', ground: o.ground };
    case 'clear_cover':
      return { type: 'clear_cover', cover: o.cover };
    case 'clear_crates':
      return { type: 'clear_crates' };
    case 'score':
      return { type: 'score', target: o.target };
    case 'clear':
      return { type: 'clear', element: o.element };
    case 'bring_down':
      return { type: 'bring_down', element: o.element, count: o.count };
    case 'cover':
      return { type: 'cover', element: o.element };
    case 'find':
      return { type: 'find', count: o.count };
  }
}

function canonicalSpawn(s: SpawnT): SpawnT {
  return { element: s.element, chance: s.chance, max: s.max, total: s.total };
}

type XY = [number, number];
const xy = (p: XY): XY => [p[0], p[1]];

/** The layout fields of version 2 (RULES §12.3) in canonical form: each entry's keys in file order, empty lists left out. */
function canonicalLayout(l: LevelT): Partial<Pick<LevelT, LayoutField>> {
  const out: Partial<Pick<LevelT, LayoutField>> = {};
  if (l.portals?.length) out.portals = l.portals.map((p) => ({ from: xy(p.from), to: xy(p.to) }));
  if (l.belts?.length) out.belts = l.belts.map((b) => ({ cells: b.cells.map(xy) }));
  if (l.walls?.length) out.walls = l.walls.map((w) => ({ x: w.x, y: w.y, side: w.side }));
  if (l.spawners?.length) out.spawners = l.spawners.map((s) => ({ at: xy(s.at), spawn: s.spawn.map(canonicalSpawn) }));
  if (l.hidden?.length) out.hidden = l.hidden.map((h) => ({ at: xy(h.at), size: xy(h.size) }));
  return out;
}

/**
 * The level with defaults omitted and keys in a stable order: format, version, id, name, width,
 * height, moves, colors, seed, rules, game, cells, spawn, portals, belts, walls, spawners, hidden,
 * objectives. `game` is left out for the classic game and `spawn` (and each layout list) when empty,
 * so a classic level reads and hashes as it did before games, and a version 1 level as before §12.
 */
export function canonicalLevel(l: LevelT): LevelT {
  const classic = isClassicLevel(l);
  return {
    format: 'match3-level',
    version: l.version === 2 ? 2 : 1,
    id: l.id,
    name: l.name,
    width: l.width,
    height: l.height,
    moves: l.moves,
    colors: l.colors,
    seed: l.seed,
    // version 1 is the default and is left out, so files from before rules version 2 stay byte for byte
    ...(l.rules !== undefined && l.rules !== 1 ? { rules: l.rules } : {}),
    ...(classic ? {} : { game: l.game }),
    cells: l.cells.map((row) => row.map((c) => canonicalCellOf(c, classic))),
    ...(l.spawn?.length ? { spawn: l.spawn.map(canonicalSpawn) } : {}),
    ...canonicalLayout(l),
    objectives: l.objectives.map(canonicalObjective),
  };
}

/** Level file text: stable key order, defaults omitted, one row of cells (one spawn entry, one objective) per line. */
export function serializeLevel(l: LevelT): string {
  const c = canonicalLevel(l);
  // the head is printed on its own and the arrays appended, so no name or id can collide with a
  // placeholder (a level named "__CELLS__" used to lose its name and its cells)
  const { cells, spawn, objectives, portals, belts, walls, spawners, hidden, ...rest } = c;
  const head = JSON.stringify(rest, null, 2).slice(0, -2); // without the closing "\n}"
  const lines = (items: readonly unknown[]) => items.map((o) => '    ' + JSON.stringify(o)).join(',\n');
  const part = (name: string, items: readonly unknown[] | undefined) => (items ? `  "${name}": [\n${lines(items)}\n  ],\n` : '');
  const layoutPart = part('portals', portals) + part('belts', belts) + part('walls', walls) + part('spawners', spawners) + part('hidden', hidden);
  return `${head},\n  "cells": [\n${lines(cells)}\n  ],\n${part('spawn', spawn)}${layoutPart}  "objectives": [\n${lines(objectives)}\n  ]\n}\n`;
}

/**
 * Hash of what changes play (not id or name): the key for cached analyses. A level of another game
 * than classic also hashes its game's play-relevant definition (the registry's: an unknown game
 * throws), so an edited game never serves the analyses of its earlier version.
 */
export function levelHash(l: LevelT): string {
  return levelHashWith(l);
}

/** levelHash with the level's game definition given (`game`), not looked up in the registry. */
export function levelHashWith(l: LevelT, game?: GameDef): string {
  const c = canonicalLevel(l);
  const plays: unknown[] = [c.width, c.height, c.moves, c.colors, c.seed, c.cells, c.objectives];
  // only a non-default rules version enters the hash: a version 1 level keeps the hash (and the cached analyses) it always had
  if (c.rules !== undefined) plays.push({ rules: c.rules });
  if (c.game !== undefined) plays.push({ game: c.game, def: gamePlayHash(game ?? gameOf(c)) });
  if (c.spawn) plays.push({ spawn: c.spawn });
  // version 2's layout, only when there is one: a level without keeps its hash
  const layout = canonicalLayout(c);
  if (Object.keys(layout).length) plays.push({ layout });
  return hashString(JSON.stringify(plays));
}

export function newId(): string {
  const g = globalThis as { crypto?: { randomUUID?: () => string } };
  if (g.crypto?.randomUUID) return g.crypto.randomUUID();
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (ch) => {
    const r = (Math.random() * 16) | 0;
    return (ch === 'x' ? r : (r & 3) | 8).toString(16);
  });
}

export function emptyCells(width: number, height: number): CellT[][] {
  return Array.from({ length: height }, () => Array.from({ length: width }, () => ({})));
}

/** The level `New level` makes: 9×9, 25 moves, 5 colours, one collect objective, the latest rules. */
export function createLevel(opts: Partial<Pick<LevelT, 'name' | 'width' | 'height' | 'moves' | 'colors' | 'seed' | 'id' | 'rules'>> = {}): LevelT {
  const width = opts.width ?? 9,
    height = opts.height ?? 9;
  return {
    format: 'match3-level',
    version: 1,
    id: opts.id ?? newId(),
    name: opts.name ?? 'New level',
    width,
    height,
    moves: opts.moves ?? 25,
    colors: opts.colors ?? 5,
    seed: opts.seed ?? ((Math.random() * 0x100000000) >>> 0),
    rules: opts.rules ?? LATEST_RULES,
    cells: emptyCells(width, height),
    objectives: [{ type: 'collect', color: 'red', count: 30 }],
  };
}

/** Voids, specials and playable (non-void) cells; elements are counted per id by elementCounts. */
export function cellCounts(l: LevelT) {
  let voids = 0,
    specials = 0;
  for (const row of l.cells)
    for (const c of row) {
      const t = c.tile ?? 'random';
      if (t === 'void') voids++;
      if (isSpecial(t)) specials++;
    }
  return { voids, specials, playable: l.width * l.height - voids };
}

/** How many cells hold each element (as their tile, cover or ground), by element id. */
export function elementCounts(l: LevelT): Map<string, number> {
  const out = new Map<string, number>();
  const add = (id: string) => out.set(id, (out.get(id) ?? 0) + 1);
  for (const row of l.cells)
    for (const c of row) {
      if (!isBuiltinTile(c.tile)) add(c.tile!);
      if (c.cover) add(c.cover.type);
      if (c.ground) add(c.ground.type);
    }
  return out;
}

/** The most pieces of `element` the level's spawn and spawners can bring in (entries naming one element share its total, RULES §11.3, §12.3). */
export function spawnCap(l: LevelT, element: string): number {
  const entries = [...(l.spawn ?? []), ...(l.spawners ?? []).flatMap((s) => s.spawn)];
  return Math.max(0, ...entries.filter((s) => s.element === element).map((s) => s.total));
}

export interface LevelWarning {
  code: 'objective_unmeetable' | 'designed_match' | 'no_playable_cells' | 'duplicate_objective' | 'no_first_move' | 'starved_cells' | 'gate_never_opens';
  /** English, for the model, the CLI and logs. */
  message: string;
  path?: string;
  /** The exact case and its values, so a UI can word it in its own language. */
  detail?: { key: string; params?: Record<string, string | number> };
}

/** What an objective is about, for spotting a repeated one. */
function objectiveKey(o: ObjectiveT): string {
  if (o.type === 'collect') return JSON.stringify([o.type, o.color ?? o.element]);
  if (o.type === 'bring_down') return JSON.stringify([o.type, o.element]);
  if (o.type === 'score') return JSON.stringify([o.type]);
  return JSON.stringify(o);
}

/** A collect objective whose colour does not spawn (§1: only the first `colors` colours do): met only by painted tiles. */
function collectColorWarnings(l: LevelT, color: string, want: number, path: string): LevelWarning[] {
  if (COLORS.indexOf(color as (typeof COLORS)[number]) < l.colors) return [];
  const painted = l.cells.reduce((s, r) => s + r.filter((c) => c.tile === color).length, 0);
  if (painted === 0)
    return [{
      code: 'objective_unmeetable',
      path,
      message: `collect ${color}: only the first ${l.colors} colours (${COLORS.slice(0, l.colors).join(', ')}) spawn and none is painted`,
      detail: { key: 'collectNone', params: { color, colors: l.colors } },
    }];
  if (painted >= want) return [];
  return [{
    code: 'objective_unmeetable',
    path,
    message: `collect ${want} ${color}: ${color} does not spawn and only ${painted} are painted`,
    detail: { key: 'collectFew', params: { count: want, color, painted } },
  }];
}

/**
 * Things that are legal in the file but probably not what the designer meant. `game` is the level's
 * game (default: the registry's; when it is not known, the checks that need its elements are left out).
 */
export function levelWarnings(l: LevelT, game: GameDef | undefined = findGame(l.game ?? CLASSIC_ID)): LevelWarning[] {
  const out: LevelWarning[] = [];
  const n = cellCounts(l);
  const has = elementCounts(l);
  const el = (id: string): ElementDef | undefined => game?.elements.find((e) => e.id === id);
  if (n.playable === 0) out.push({ code: 'no_playable_cells', message: 'every cell is void: there is nothing to play', detail: { key: 'allVoid' } });
  const seen = new Set<string>();
  const unmeetable = (path: string, message: string, key: string, params?: Record<string, string | number>) =>
    out.push({ code: 'objective_unmeetable', path, message, detail: params ? { key, params } : { key } });
  /** "the board has none" of an element; §1's objectives keep their words (and their translations) */
  const none = (path: string, verb: string, id: string) => {
    const classicKey = verb === 'clear' ? CLASSIC_NONE_KEYS[id] : undefined;
    if (classicKey) unmeetable(path, `clear ${id}: the board has no ${id}`, classicKey);
    else unmeetable(path, `${verb} ${id}: the board has no ${id}`, verb === 'cover' ? 'noElementCover' : 'noElement', { element: id });
  };
  l.objectives.forEach((o, i) => {
    const path = `objectives[${i}]`;
    const key = objectiveKey(o);
    if (seen.has(key)) out.push({ code: 'duplicate_objective', path, message: `objective ${i + 1} repeats an earlier one`, detail: { key: 'duplicate', params: { n: i + 1 } } });
    seen.add(key);
    if (o.type === 'collect' && o.color !== undefined) out.push(...collectColorWarnings(l, o.color, o.count, path));
    if (o.type === 'clear_ground' && !has.get(o.ground)) none(path, 'clear', o.ground);
    if (o.type === 'clear_cover' && !has.get(o.cover)) none(path, 'clear', o.cover);
    if (o.type === 'clear_crates' && !has.get(CLEAR_CRATES_ELEMENT)) unmeetable(path, CLEAR_CRATES_WORDS.none, CLEAR_CRATES_WORDS.noneKey);
    if (o.type === 'clear' && !has.get(o.element) && spawnCap(l, o.element) === 0) none(path, 'clear', o.element);
    if ((o.type === 'collect' && o.element !== undefined) || o.type === 'bring_down') {
      const id = o.element!;
      const verb = o.type === 'collect' ? 'collect' : 'bring down';
      if (o.type === 'bring_down' && !l.cells.some((r) => r.some((c) => c.exit)))
        unmeetable(path, `bring down ${id}: no cell is an exit`, 'noExit', { element: id });
      // a tile element that spreads can grow past what the board and the spawn bring
      // … and so can one an emitter places or an effect credits (RULES §12.1 emit, §12.2 credit)
      const spreads = el(id)?.spread !== undefined || (game?.elements ?? []).some((e) => e.emit?.element === id || [...(e.onHit ?? []), ...(e.onDestroy ?? [])].some((f) => f.do === 'credit' && f.element === id));
      const onBoard = has.get(id) ?? 0, spawned = spawnCap(l, id);
      if (game && !spreads && onBoard + spawned < o.count)
        unmeetable(path, `${verb} ${o.count} ${id}: the board has ${onBoard} and the spawn brings at most ${spawned}`, 'elementFew', { count: o.count, element: id, painted: onBoard, spawned });
    }
    if (o.type === 'cover') {
      const ground = el(o.element);
      const lacking = l.cells.reduce((s, r) => s + r.filter((c) => c.tile !== 'void' && c.ground?.type !== o.element).length, 0);
      if (!has.get(o.element) && lacking > 0) none(path, 'cover', o.element);
      else if (ground && ground.spread !== 'through-matches' && lacking > 0)
        unmeetable(path, `cover ${o.element}: ${o.element} does not spread and ${lacking} cells have none`, 'coverNoSpread', { element: o.element, cells: lacking });
    }
  });
  for (const m of designedMatches(l)) {
    out.push({
      code: 'designed_match',
      path: `cells[${m.y}][${m.x}]`,
      message: `painted ${m.color} tiles make a ${m.length}-in-a-row ${m.dir === 'h' ? 'horizontally' : 'vertically'} from ${cellName(m.x, m.y)}; it clears before the first move`,
      detail: { key: m.dir === 'h' ? 'designedH' : 'designedV', params: { color: m.color, length: m.length, x: m.x, y: m.y, cell: cellName(m.x, m.y) } },
    });
  }
  out.push(...starvedWarnings(l, game));
  if (v2WarningsOf !== null) out.push(...v2WarningsOf(l, game));
  return out;
}

/**
 * The warnings that read what elements do (warningsV2.ts: §12's, and objectives whose element is never
 * hit, neverHit.ts) come with the engine (src/core/sim/checks.ts installs them), so the first page does
 * not load them: until then a level's warnings are these.
 */
let v2WarningsOf: typeof v2Warnings | null = null;
export function installV2Warnings(fn: typeof v2Warnings): void {
  v2WarningsOf = fn;
}

/** Most cell runs a starved-cells warning lists before "…". */
const MAX_RUNS = 12;

/** One warning per run of blockers that leaves cells below it without new tiles (see starved.ts). */
export function starvedWarnings(l: LevelT, game: GameDef | undefined = findGame(l.game ?? CLASSIC_ID)): LevelWarning[] {
  const v2 = rulesOf(l) === 2;
  return starvedGroups(l, rulesOf(l), game).map((g) => {
    const at = formatBlockers(g);
    const runs = formatCellRuns(g.cells);
    const cells = runs.length > MAX_RUNS ? runs.slice(0, MAX_RUNS).join(', ') + ', …' : runs.join(', ');
    const blocker = elementNoun(g.blocker, g.blockers.length);
    const first = g.blockers[0];
    return {
      code: 'starved_cells' as const,
      path: `cells[${first.y}][${first.x}]`,
      message: `no new tiles reach ${cells} while blocked by the ${blocker} at ${at}${v2 ? ', not even by a diagonal slide' : ''}`,
      detail: { key: v2 ? 'starvedV2' : 'starved', params: { count: g.cells.length, blocker: g.blocker, blockers: g.blockers.length, at, cells } },
    };
  });
}

/** Lines of 3+ painted tiles of one colour (voids and anything else break a line). */
export function designedMatches(l: LevelT): { x: number; y: number; dir: 'h' | 'v'; length: number; color: string }[] {
  const out: { x: number; y: number; dir: 'h' | 'v'; length: number; color: string }[] = [];
  const colorAt = (x: number, y: number) => {
    const t = l.cells[y][x].tile;
    return isColor(t) ? t : null;
  };
  for (let y = 0; y < l.height; y++) {
    let x = 0;
    while (x < l.width) {
      const c = colorAt(x, y);
      let e = x + 1;
      if (c) while (e < l.width && colorAt(e, y) === c) e++;
      if (c && e - x >= 3) out.push({ x, y, dir: 'h', length: e - x, color: c });
      x = e;
    }
  }
  for (let x = 0; x < l.width; x++) {
    let y = 0;
    while (y < l.height) {
      const c = colorAt(x, y);
      let e = y + 1;
      if (c) while (e < l.height && colorAt(x, e) === c) e++;
      if (c && e - y >= 3) out.push({ x, y, dir: 'v', length: e - y, color: c });
      y = e;
    }
  }
  return out;
}
