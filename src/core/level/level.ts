// Parse, serialize, hash and check levels. Levels are immutable values: every edit returns a new one.
import type * as z from 'zod/mini';
import { Level, COLORS, LATEST_RULES, isColor, rulesOf, type CellT, type LevelT, type ObjectiveT } from './schema.ts';
import { formatBlockers, formatCellRuns, starvedGroups } from './starved.ts';
import { cellName } from '../cellName.ts';
import { hashString } from '../hash.ts';

export { hashString };

export interface LevelProblem {
  path: string; // "cells[3][7].cover.layers"
  message: string;
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
    out.push({ path: formatPath(issue.path), message: issue.message });
  }
  return out;
}

/** Validates unknown JSON as a level and returns it in canonical form. */
export function parseLevel(input: unknown): ParseResult {
  const r = Level.safeParse(input);
  if (!r.success) return { ok: false, problems: issuesToProblems(r.error.issues) };
  return { ok: true, level: canonicalLevel(r.data) };
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

/** Parses a level file's text. */
export function parseLevelText(text: string): ParseResult {
  const j = parseJsonText(text);
  return j.ok ? parseLevel(j.data) : j;
}

/** A cell with defaults omitted and keys in a stable order. */
export function canonicalCell(cell: CellT): CellT {
  const out: CellT = {};
  if (cell.tile !== undefined && cell.tile !== 'random') out.tile = cell.tile;
  if (cell.tile === 'crate' && cell.hp !== undefined && cell.hp !== 1) out.hp = cell.hp;
  if (cell.cover) out.cover = cell.cover.type === 'ice' ? { type: 'ice', layers: cell.cover.layers } : { type: 'chain' };
  if (cell.ground) out.ground = { type: 'jelly', layers: cell.ground.layers };
  return out;
}

function canonicalObjective(o: ObjectiveT): ObjectiveT {
  switch (o.type) {
    case 'collect':
      return { type: 'collect', color: o.color, count: o.count };
    case 'clear_ground':
      return { type: 'clear_ground', ground: o.ground };
    case 'clear_cover':
      return { type: 'clear_cover', cover: o.cover };
    case 'clear_crates':
      return { type: 'clear_crates' };
    case 'score':
      return { type: 'score', target: o.target };
  }
}

export function canonicalLevel(l: LevelT): LevelT {
  return {
    format: 'match3-level',
    version: 1,
    id: l.id,
    name: l.name,
    width: l.width,
    height: l.height,
    moves: l.moves,
    colors: l.colors,
    seed: l.seed,
    // version 1 is the default and is left out, so files from before rules version 2 stay byte for byte
    ...(l.rules !== undefined && l.rules !== 1 ? { rules: l.rules } : {}),
    cells: l.cells.map((row) => row.map(canonicalCell)),
    objectives: l.objectives.map(canonicalObjective),
  };
}

/** Level file text: stable key order, defaults omitted, one row of cells per line. */
export function serializeLevel(l: LevelT): string {
  const c = canonicalLevel(l);
  // the head is printed on its own and the two arrays appended, so no name or id can collide with a
  // placeholder (a level named "__CELLS__" used to lose its name and its cells)
  const { cells, objectives, ...rest } = c;
  const head = JSON.stringify(rest, null, 2).slice(0, -2); // without the closing "\n}"
  const rows = cells.map((row) => '    ' + JSON.stringify(row)).join(',\n');
  const obj = objectives.map((o) => '    ' + JSON.stringify(o)).join(',\n');
  return `${head},\n  "cells": [\n${rows}\n  ],\n  "objectives": [\n${obj}\n  ]\n}\n`;
}

/** Hash of what changes play (not id or name): the key for cached analyses. */
export function levelHash(l: LevelT): string {
  const c = canonicalLevel(l);
  const plays: unknown[] = [c.width, c.height, c.moves, c.colors, c.seed, c.cells, c.objectives];
  // only a non-default rules version enters the hash: a version 1 level keeps the hash (and the cached analyses) it always had
  if (c.rules !== undefined) plays.push({ rules: c.rules });
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

export function cellCounts(l: LevelT) {
  let voids = 0,
    jelly = 0,
    jellyLayers = 0,
    ice = 0,
    chain = 0,
    crates = 0,
    specials = 0;
  for (const row of l.cells)
    for (const c of row) {
      const t = c.tile ?? 'random';
      if (t === 'void') voids++;
      if (t === 'crate') crates++;
      if (t === 'rocket_h' || t === 'rocket_v' || t === 'bomb' || t === 'rainbow') specials++;
      if (c.ground) {
        jelly++;
        jellyLayers += c.ground.layers;
      }
      if (c.cover?.type === 'ice') ice++;
      if (c.cover?.type === 'chain') chain++;
    }
  return { voids, jelly, jellyLayers, ice, chain, crates, specials, playable: l.width * l.height - voids };
}

export interface LevelWarning {
  code: 'objective_unmeetable' | 'designed_match' | 'no_playable_cells' | 'duplicate_objective' | 'no_first_move' | 'starved_cells';
  /** English, for the model, the CLI and logs. */
  message: string;
  path?: string;
  /** The exact case and its values, so a UI can word it in its own language. */
  detail?: { key: string; params?: Record<string, string | number> };
}

/** Things that are legal in the file but probably not what the designer meant. */
export function levelWarnings(l: LevelT): LevelWarning[] {
  const out: LevelWarning[] = [];
  const n = cellCounts(l);
  if (n.playable === 0) out.push({ code: 'no_playable_cells', message: 'every cell is void: there is nothing to play', detail: { key: 'allVoid' } });
  const seen = new Set<string>();
  l.objectives.forEach((o, i) => {
    const path = `objectives[${i}]`;
    const key = JSON.stringify(o.type === 'collect' ? [o.type, o.color] : o.type === 'score' ? [o.type] : o);
    if (seen.has(key)) out.push({ code: 'duplicate_objective', path, message: `objective ${i + 1} repeats an earlier one`, detail: { key: 'duplicate', params: { n: i + 1 } } });
    seen.add(key);
    if (o.type === 'collect' && COLORS.indexOf(o.color) >= l.colors) {
      const painted = l.cells.some((r) => r.some((c) => c.tile === o.color));
      if (!painted)
        out.push({
          code: 'objective_unmeetable',
          path,
          message: `collect ${o.color}: only the first ${l.colors} colours (${COLORS.slice(0, l.colors).join(', ')}) spawn and none is painted`,
          detail: { key: 'collectNone', params: { color: o.color, colors: l.colors } },
        });
      else {
        const count = l.cells.reduce((s, r) => s + r.filter((c) => c.tile === o.color).length, 0);
        if (count < o.count)
          out.push({
            code: 'objective_unmeetable',
            path,
            message: `collect ${o.count} ${o.color}: ${o.color} does not spawn and only ${count} are painted`,
            detail: { key: 'collectFew', params: { count: o.count, color: o.color, painted: count } },
          });
      }
    }
    if (o.type === 'clear_ground' && n.jelly === 0) out.push({ code: 'objective_unmeetable', path, message: 'clear jelly: the board has no jelly', detail: { key: 'noJelly' } });
    if (o.type === 'clear_cover' && (o.cover === 'ice' ? n.ice : n.chain) === 0)
      out.push({ code: 'objective_unmeetable', path, message: `clear ${o.cover}: the board has no ${o.cover}`, detail: { key: o.cover === 'ice' ? 'noIce' : 'noChain' } });
    if (o.type === 'clear_crates' && n.crates === 0) out.push({ code: 'objective_unmeetable', path, message: 'clear crates: the board has no crates', detail: { key: 'noCrates' } });
  });
  for (const m of designedMatches(l)) {
    out.push({
      code: 'designed_match',
      path: `cells[${m.y}][${m.x}]`,
      message: `painted ${m.color} tiles make a ${m.length}-in-a-row ${m.dir === 'h' ? 'horizontally' : 'vertically'} from ${cellName(m.x, m.y)}; it clears before the first move`,
      detail: { key: m.dir === 'h' ? 'designedH' : 'designedV', params: { color: m.color, length: m.length, x: m.x, y: m.y, cell: cellName(m.x, m.y) } },
    });
  }
  out.push(...starvedWarnings(l));
  return out;
}

/** Most cell runs a starved-cells warning lists before "…". */
const MAX_RUNS = 12;

/** One warning per run of blockers that leaves cells below it without new tiles (see starved.ts). */
export function starvedWarnings(l: LevelT): LevelWarning[] {
  const v2 = rulesOf(l) === 2;
  return starvedGroups(l).map((g) => {
    const at = formatBlockers(g);
    const runs = formatCellRuns(g.cells);
    const cells = runs.length > MAX_RUNS ? runs.slice(0, MAX_RUNS).join(', ') + ', …' : runs.join(', ');
    const blocker = g.blocker === 'ice' ? 'ice' : g.blockers.length > 1 ? `${g.blocker}s` : g.blocker;
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
