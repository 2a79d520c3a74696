// Level, pack and workspace files: detection, validation with field paths, and serialization.
// A workspace backup never carries API keys. Packs and workspaces may carry the definitions of the
// games their levels play (`games`, RULES §11.1): they are checked, and the file's levels are checked
// against them (and the games this process knows).
import * as z from 'zod/mini';
import '../zod.ts';
import { canonicalLevel, isClassicLevel, issuesToProblems, parseJsonText, parseLevel, serializeLevel, type LevelProblem, type LevelT } from '../level/index.ts';
import { GameDefSchema, canonicalGame } from '../game/schema.ts';
import { gameOf } from '../game/registry.ts';
import type { GameDef } from '../game/types.ts';
import type { RestoredEntry } from '../catalogue/restorePlaces.ts';

export interface PackMeta {
  id: string;
  name: string;
}

export type FileContent =
  | { ok: true; kind: 'level'; level: LevelT }
  /** `games`: the definitions the file carries (canonical; empty when none). */
  | { ok: true; kind: 'pack'; id: string; name: string; levels: LevelT[]; games: GameDef[] }
  | { ok: true; kind: 'workspace'; workspace: Workspace }
  | { ok: false; problems: LevelProblem[] };

/** A file's `games`: game definitions, one per id (RULES §11.1). */
const Games = z.array(GameDefSchema, { error: 'must be an array of game definitions (match3-game)' }).check(
  z.superRefine((games, ctx) => {
    const first = new Map<string, number>();
    games.forEach((g, i) => {
      const at = first.get(g.id);
      if (at !== undefined) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `repeats the id of games[${at}] (${quoted(g.id)})` });
      else first.set(g.id, i);
    });
  }),
);

// the levels are an array of anything here: each is checked on its own against its game (parseLevel)
const Pack = z.strictObject({
  format: z.literal('match3-pack'),
  version: z.literal(1, { error: 'must be 1 (the only version this studio reads)' }),
  id: z.string({ error: 'must be a string' }).check(z.minLength(1, { error: 'must not be empty' })),
  name: z.string({ error: 'must be a string' }).check(z.minLength(1, { error: 'must be 1..80 characters' }), z.maxLength(80, { error: 'must be 1..80 characters' })),
  games: z.optional(Games),
  levels: z.array(z.unknown(), { error: 'must be an array of levels' }).check(z.minLength(1, { error: 'a pack needs at least one level' })),
});

// every field says what it must be: a restore names the problem in the designer's words
const text = () => z.string({ error: 'must be a string' });
const list = <T extends z.ZodMiniType>(item: T) => z.array(item, { error: 'must be an array' });
const idOrNull = () => z.nullable(text());
// where a deleted level or pack was and when; its levels are checked each against its game, as the workspace's
const DeletedEntry = z.looseObject(
  {
    id: text().check(z.minLength(1, { error: 'must not be empty' })),
    kind: z.enum(['level', 'pack'], { error: 'must be "level" or "pack"' }),
    at: z.number({ error: 'must be a number (a time)' }),
    name: text(),
    packId: text(),
    packName: text(),
    index: z.number({ error: 'must be a number' }),
    after: idOrNull(),
    before: idOrNull(),
    keptAfter: idOrNull(),
    levelIds: list(text()),
    order: z.optional(list(text())),
    levels: list(z.unknown()),
  },
  { error: 'must be an object (a deleted level or pack)' },
);
const Workspace = z.object({
  format: z.literal('match3-workspace'),
  version: z.literal(1, { error: 'must be 1 (the only version this studio reads)' }),
  exportedAt: z.optional(text()),
  packs: list(
    z.strictObject(
      {
        id: text().check(z.minLength(1, { error: 'must not be empty' })),
        name: text().check(z.minLength(1, { error: 'must be 1..80 characters' }), z.maxLength(80, { error: 'must be 1..80 characters' })),
        levelIds: list(text()),
      },
      { error: (iss) => (iss.code === 'invalid_type' ? 'must be an object (a pack)' : undefined) },
    ),
  ),
  games: z.optional(Games),
  levels: list(z.unknown()),
  conversations: z._default(
    list(
      z.looseObject(
        { id: text(), levelId: text(), createdAt: z.number({ error: 'must be a number (a time)' }) },
        { error: 'must be an object (a message)' },
      ),
    ),
    [],
  ),
  settings: z._default(z.record(z.string(), z.unknown(), { error: 'must be an object' }), {}),
  // Recently deleted (issue 32): optional, so a backup made before it was carried still reads
  recentlyDeleted: z.optional(list(DeletedEntry)),
});
/** A Recently deleted entry as a backup carries it: where it was (RestoredEntry), when, and its levels as deleted. */
export type DeletedEntryFile = RestoredEntry & { id: string; at: number; name: string; levels: LevelT[] };
export type Workspace = Omit<z.infer<typeof Workspace>, 'levels' | 'games' | 'recentlyDeleted'> & { levels: LevelT[]; games?: GameDef[]; recentlyDeleted?: DeletedEntryFile[] };

/** Each level checked against its game (`games`: the file's own definitions); problems prefixed with the level's place. */
function parseLevels(levels: readonly unknown[], games: readonly GameDef[]): { levels: LevelT[]; problems: LevelProblem[] } {
  const out: LevelT[] = [];
  const problems: LevelProblem[] = [];
  levels.forEach((data, i) => {
    const r = parseLevel(data, { games });
    if (r.ok) out.push(r.level);
    else problems.push(...r.problems.map((p) => ({ ...p, path: inLevel(i, p.path) })));
  });
  return { levels: out, problems };
}

const inLevel = (i: number, path: string) => (path && path !== '(root)' ? `levels[${i}]${path.startsWith('[') ? '' : '.'}${path}` : `levels[${i}]`);

/** A value from the file, quoted in a message: cut short, so a huge value is not echoed back whole. */
function quoted(value: string): string {
  return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
}

/** The valid game definitions a pack or workspace carries, canonical, the first of each id (the others are refused by its schema). */
function carried(data: unknown): GameDef[] {
  const list = (data as { games?: unknown } | null)?.games;
  if (!Array.isArray(list)) return [];
  const out: GameDef[] = [];
  for (const g of list) {
    const r = GameDefSchema.safeParse(g);
    if (r.success && !out.some((o) => o.id === r.data.id)) out.push(canonicalGame(r.data));
  }
  return out;
}

/**
 * The definitions of the games `levels` play, other than classic, in the order they first appear:
 * what a pack or workspace file written from them carries. A game this process does not know throws.
 */
export function gamesUsedBy(levels: Iterable<LevelT>): GameDef[] {
  const out = new Map<string, GameDef>();
  for (const l of levels) if (!isClassicLevel(l) && !out.has(l.game!)) out.set(l.game!, canonicalGame(gameOf(l)));
  return [...out.values()];
}

/** `"games": [ … ],` for a file written with `indent` spaces, or nothing when there are none. */
function gamesPart(games: readonly GameDef[], indent: string): string {
  if (!games.length) return '';
  const body = games.map((g) => JSON.stringify(canonicalGame(g), null, indent.length).replace(/\n/g, `\n${indent}${indent}`)).join(`,\n${indent}${indent}`);
  return `${indent}"games": [\n${indent}${indent}${body}\n${indent}],\n`;
}

/** The levels of a backup's Recently deleted entries, entry by entry, each checked against its game. */
function deletedLevels(entries: unknown, games: readonly GameDef[]): { levels: LevelT[][]; problems: LevelProblem[] } {
  if (!Array.isArray(entries)) return { levels: [], problems: [] };
  const problems: LevelProblem[] = [];
  const levels = entries.map((e, i) => {
    const list = (e as { levels?: unknown } | null)?.levels;
    if (!Array.isArray(list)) return [];
    const r = parseLevels(list, games);
    problems.push(...r.problems.map((p) => ({ ...p, path: `recentlyDeleted[${i}].${p.path}` })));
    return r.levels;
  });
  return { levels, problems };
}

/** What a file is, judged by its `format` field. */
export function parseFileText(text: string): FileContent {
  if (!text.trim()) return { ok: false, problems: [{ path: '(root)', message: 'the file is empty' }] };
  const j = parseJsonText(text);
  return j.ok ? parseFileData(j.data) : j;
}

export function parseFileData(data: unknown): FileContent {
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return { ok: false, problems: [{ path: '(root)', message: 'must be a JSON object with a "format" field' }] };
  const format = (data as { format?: unknown }).format;
  if (format === 'match3-level' || format === undefined) {
    const r = parseLevel(data);
    return r.ok ? { ok: true, kind: 'level', level: r.level } : r;
  }
  if (format === 'match3-pack') return parsePackData(data);
  if (format === 'match3-workspace') return parseWorkspaceData(data);
  return { ok: false, problems: [{ path: 'format', message: 'must be "match3-level", "match3-pack" or "match3-workspace"' }] };
}

/** A `match3-pack` file: its head, its levels (checked against the games it carries), no id twice. */
function parsePackData(data: object): FileContent {
  const r = Pack.safeParse(data);
  const head = r.success ? [] : issuesToProblems(r.error.issues);
  const games = carried(data);
  const levels = (data as { levels?: unknown }).levels;
  // the levels are checked when the list itself is one (else the head says what it must be)
  const parsed = Array.isArray(levels) && !head.some((p) => p.path === 'levels') ? parseLevels(levels, games) : { levels: [], problems: [] };
  if (!r.success || parsed.problems.length) return { ok: false, problems: [...head, ...parsed.problems] };
  const ids = new Set<string>();
  const problems: LevelProblem[] = [];
  parsed.levels.forEach((l, i) => {
    if (ids.has(l.id)) problems.push({ path: `levels[${i}].id`, message: `repeats the id of an earlier level (${quoted(l.id)})` });
    ids.add(l.id);
  });
  if (problems.length) return { ok: false, problems };
  return { ok: true, kind: 'pack', id: r.data.id, name: r.data.name, levels: parsed.levels, games };
}

/** A `match3-workspace` file (a backup): its levels, packs naming only those, Recently deleted with its levels. */
function parseWorkspaceData(data: object): FileContent {
  const w = Workspace.safeParse(data);
  const head = w.success ? [] : issuesToProblems(w.error.issues);
  const games = carried(data);
  const levels = (data as { levels?: unknown }).levels;
  const parsed = Array.isArray(levels) ? parseLevels(levels, games) : { levels: [], problems: [] };
  const trash = deletedLevels((data as { recentlyDeleted?: unknown }).recentlyDeleted, games);
  if (!w.success || parsed.problems.length || trash.problems.length) {
    // in the file's order: what comes before the levels, the levels, what comes after
    const after = (p: LevelProblem) => /^(conversations|settings|recentlyDeleted)\b/.test(p.path);
    return { ok: false, problems: [...head.filter((p) => !after(p)), ...parsed.problems, ...head.filter(after), ...trash.problems] };
  }
  const known = new Set(parsed.levels.map((l) => l.id));
  const problems: LevelProblem[] = [];
  w.data.packs.forEach((p, i) =>
    p.levelIds.forEach((id, j) => {
      if (!known.has(id)) problems.push({ path: `packs[${i}].levelIds[${j}]`, message: `no level with id ${quoted(id)} in this file` });
    }),
  );
  if (problems.length) return { ok: false, problems };
  const { games: _carried, recentlyDeleted, ...rest } = w.data;
  // only the fields an entry has (a loose object: what else the file holds is left behind)
  const deleted = recentlyDeleted?.map(
    ({ id, kind, at, name, packId, packName, index, after, before, keptAfter, levelIds, order }, i): DeletedEntryFile => ({
      ...{ id, kind, at, name, packId, packName, index, after, before, keptAfter, levelIds },
      ...(order ? { order } : {}),
      levels: trash.levels[i] ?? [],
    }),
  );
  return {
    ok: true,
    kind: 'workspace',
    workspace: { ...rest, ...(games.length ? { games } : {}), levels: parsed.levels, ...(deleted?.length ? { recentlyDeleted: deleted } : {}), settings: stripSecrets(w.data.settings) as Record<string, unknown> },
  };
}

/** A pack file: its levels, and before them the definitions of the games they play (`games`: default, the registry's). */
export function packFileText(pack: PackMeta, levels: readonly LevelT[], games: readonly GameDef[] = gamesUsedBy(levels)): string {
  const body = levels.map((l) => serializeLevel(l).trimEnd().replace(/\n/g, '\n    ')).join(',\n    ');
  return `{\n  "format": "match3-pack",\n  "version": 1,\n  "id": ${JSON.stringify(pack.id)},\n  "name": ${JSON.stringify(pack.name)},\n${gamesPart(games, '  ')}  "levels": [\n    ${body}\n  ]\n}\n`;
}

/** Removes every `apiKey` (any spelling of the key's name) at any depth. */
export function stripSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripSecrets);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (/^(api[-_]?key|authorization)$/i.test(k)) continue;
      out[k] = stripSecrets(v);
    }
    return out;
  }
  return value;
}

export function workspaceFileText(ws: Omit<Workspace, 'format' | 'version'>): string {
  const games = ws.games ?? gamesUsedBy(ws.levels);
  const clean: Workspace = {
    format: 'match3-workspace',
    version: 1,
    exportedAt: ws.exportedAt ?? new Date().toISOString(),
    packs: ws.packs,
    ...(games.length ? { games: games.map(canonicalGame) } : {}),
    levels: ws.levels.map(canonicalLevel),
    ...(ws.recentlyDeleted?.length ? { recentlyDeleted: ws.recentlyDeleted.map((e) => ({ ...e, levels: e.levels.map(canonicalLevel) })) } : {}),
    conversations: stripSecrets(ws.conversations) as Workspace['conversations'],
    settings: stripSecrets(ws.settings) as Record<string, unknown>,
  };
  return JSON.stringify(clean, null, 1) + '\n';
}

/** `<name>.json` with characters that file systems refuse replaced. */
export function exportFileName(name: string): string {
  const safe = name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').trim().slice(0, 80) || 'level';
  return `${safe}.json`;
}

/** Levels as one piece of a streamed workspace or pack file: one JSON line per level, comma-separated. */
export function levelChunk(levels: readonly LevelT[]): string {
  return levels.map((l) => JSON.stringify(canonicalLevel(l))).join(',\n');
}

/**
 * A workspace backup as Blob parts: the levels come as chunks (levelChunk), so a catalogue of thousands
 * is never one giant string. Reads back exactly like workspaceFileText's output.
 */
export function workspaceFileParts(ws: Omit<Workspace, 'format' | 'version' | 'levels'>, levelChunks: readonly string[]): BlobPart[] {
  const head = {
    format: 'match3-workspace',
    version: 1,
    exportedAt: ws.exportedAt ?? new Date().toISOString(),
    packs: ws.packs,
    ...(ws.games?.length ? { games: ws.games.map(canonicalGame) } : {}),
  };
  const headText = JSON.stringify(head, null, 1).replace(/\n}$/, '');
  const deleted = ws.recentlyDeleted?.length ? { recentlyDeleted: ws.recentlyDeleted.map((e) => ({ ...e, levels: e.levels.map(canonicalLevel) })) } : {};
  const tail = { ...deleted, conversations: stripSecrets(ws.conversations), settings: stripSecrets(ws.settings) };
  const tailText = JSON.stringify(tail, null, 1).replace(/^{\n/, '');
  const chunks = levelChunks.filter((c) => c.length);
  const parts: BlobPart[] = [headText, ',\n "levels": [\n'];
  chunks.forEach((c, i) => parts.push(i ? ',\n' : '', c));
  parts.push('\n ],\n', tailText, '\n');
  return parts;
}

/** A pack file as Blob parts (see workspaceFileParts); `games`: the definitions of the games its levels play. */
export function packFileParts(pack: PackMeta, levelChunks: readonly string[], games: readonly GameDef[] = []): BlobPart[] {
  const chunks = levelChunks.filter((c) => c.length);
  const parts: BlobPart[] = [`{\n "format": "match3-pack",\n "version": 1,\n "id": ${JSON.stringify(pack.id)},\n "name": ${JSON.stringify(pack.name)},\n${gamesPart(games, ' ')} "levels": [\n`];
  chunks.forEach((c, i) => parts.push(i ? ',\n' : '', c));
  parts.push('\n ]\n}\n');
  return parts;
}

/**
 * A parsed file's data, a pack's levels checked a page at a time with `step` awaited between pages
 * (so a pack of thousands shows progress and can be cancelled by throwing from `step`). The result is
 * the same as parseFileData's.
 */
export async function parseFileDataInSteps(data: unknown, step: (done: number, total: number) => unknown, page = 250): Promise<FileContent> {
  const levels = (data as { levels?: unknown })?.levels;
  if ((data as { format?: unknown })?.format !== 'match3-pack' || !Array.isArray(levels) || levels.length <= page) return parseFileData(data);
  // the pack's own fields, checked with its first level only
  const head = Pack.safeParse({ ...(data as object), levels: [] });
  const headProblems = head.success ? [] : issuesToProblems(head.error.issues).filter((p) => !p.path.startsWith('levels'));
  if (headProblems.length) return { ok: false, problems: headProblems };
  const games = carried(data);
  const out: LevelT[] = [];
  const ids = new Set<string>();
  const problems: LevelProblem[] = [];
  for (let i = 0; i < levels.length; i += page) {
    await step(i, levels.length);
    for (let j = i; j < Math.min(i + page, levels.length); j++) {
      const r = parseLevel(levels[j], { games });
      if (!r.ok) {
        problems.push(...r.problems.map((p) => ({ ...p, path: inLevel(j, p.path) })));
        if (problems.length > 20) return { ok: false, problems };
        continue;
      }
      if (ids.has(r.level.id)) problems.push({ path: `levels[${j}].id`, message: `repeats the id of an earlier level (${quoted(r.level.id)})` });
      ids.add(r.level.id);
      out.push(r.level);
    }
  }
  await step(levels.length, levels.length);
  if (problems.length) return { ok: false, problems };
  const d = data as { id: string; name: string };
  return { ok: true, kind: 'pack', id: d.id, name: d.name, levels: out, games };
}
