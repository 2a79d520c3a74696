// Level, pack and workspace files: detection, validation with field paths, and serialization.
// A workspace backup never carries API keys.
import * as z from 'zod/mini';
import '../zod.ts';
import { Level, canonicalLevel, issuesToProblems, parseJsonText, parseLevel, serializeLevel, type LevelProblem, type LevelT } from '../level/index.ts';

export interface PackMeta {
  id: string;
  name: string;
}

export type FileContent =
  | { ok: true; kind: 'level'; level: LevelT }
  | { ok: true; kind: 'pack'; id: string; name: string; levels: LevelT[] }
  | { ok: true; kind: 'workspace'; workspace: Workspace }
  | { ok: false; problems: LevelProblem[] };

const Pack = z.strictObject({
  format: z.literal('match3-pack'),
  version: z.literal(1, { error: 'must be 1 (the only version this studio reads)' }),
  id: z.string({ error: 'must be a string' }).check(z.minLength(1, { error: 'must not be empty' })),
  name: z.string({ error: 'must be a string' }).check(z.minLength(1, { error: 'must be 1..80 characters' }), z.maxLength(80, { error: 'must be 1..80 characters' })),
  levels: z.array(Level, { error: 'must be an array of levels' }).check(z.minLength(1, { error: 'a pack needs at least one level' })),
});

// every field says what it must be: a restore names the problem in the designer's words
const text = () => z.string({ error: 'must be a string' });
const list = <T extends z.ZodMiniType>(item: T) => z.array(item, { error: 'must be an array' });
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
  levels: list(Level),
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
});
export type Workspace = z.infer<typeof Workspace>;

/** A value from the file, quoted in a message: cut short, so a huge value is not echoed back whole. */
function quoted(value: string): string {
  return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
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
  if (format === 'match3-pack') {
    const r = Pack.safeParse(data);
    if (!r.success) return { ok: false, problems: issuesToProblems(r.error.issues) };
    const ids = new Set<string>();
    const problems: LevelProblem[] = [];
    r.data.levels.forEach((l, i) => {
      if (ids.has(l.id)) problems.push({ path: `levels[${i}].id`, message: `repeats the id of an earlier level (${quoted(l.id)})` });
      ids.add(l.id);
    });
    if (problems.length) return { ok: false, problems };
    return { ok: true, kind: 'pack', id: r.data.id, name: r.data.name, levels: r.data.levels.map(canonicalLevel) };
  }
  if (format === 'match3-workspace') {
    const r = Workspace.safeParse(data);
    if (!r.success) return { ok: false, problems: issuesToProblems(r.error.issues) };
    const known = new Set(r.data.levels.map((l) => l.id));
    const problems: LevelProblem[] = [];
    r.data.packs.forEach((p, i) =>
      p.levelIds.forEach((id, j) => {
        if (!known.has(id)) problems.push({ path: `packs[${i}].levelIds[${j}]`, message: `no level with id ${quoted(id)} in this file` });
      }),
    );
    if (problems.length) return { ok: false, problems };
    return { ok: true, kind: 'workspace', workspace: { ...r.data, levels: r.data.levels.map(canonicalLevel), settings: stripSecrets(r.data.settings) as Record<string, unknown> } };
  }
  return { ok: false, problems: [{ path: 'format', message: 'must be "match3-level", "match3-pack" or "match3-workspace"' }] };
}

export function packFileText(pack: PackMeta, levels: readonly LevelT[]): string {
  const body = levels.map((l) => serializeLevel(l).trimEnd().replace(/\n/g, '\n    ')).join(',\n    ');
  return `{\n  "format": "match3-pack",\n  "version": 1,\n  "id": ${JSON.stringify(pack.id)},\n  "name": ${JSON.stringify(pack.name)},\n  "levels": [\n    ${body}\n  ]\n}\n`;
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
  const clean: Workspace = {
    format: 'match3-workspace',
    version: 1,
    exportedAt: ws.exportedAt ?? new Date().toISOString(),
    packs: ws.packs,
    levels: ws.levels.map(canonicalLevel),
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
  };
  const headText = JSON.stringify(head, null, 1).replace(/\n}$/, '');
  const tail = { conversations: stripSecrets(ws.conversations), settings: stripSecrets(ws.settings) };
  const tailText = JSON.stringify(tail, null, 1).replace(/^{\n/, '');
  const chunks = levelChunks.filter((c) => c.length);
  const parts: BlobPart[] = [headText, ',\n "levels": [\n'];
  chunks.forEach((c, i) => parts.push(i ? ',\n' : '', c));
  parts.push('\n ],\n', tailText, '\n');
  return parts;
}

/** A pack file as Blob parts (see workspaceFileParts). */
export function packFileParts(pack: PackMeta, levelChunks: readonly string[]): BlobPart[] {
  const chunks = levelChunks.filter((c) => c.length);
  const parts: BlobPart[] = [`{\n "format": "match3-pack",\n "version": 1,\n "id": ${JSON.stringify(pack.id)},\n "name": ${JSON.stringify(pack.name)},\n "levels": [\n`];
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
  const out: LevelT[] = [];
  const ids = new Set<string>();
  const problems: LevelProblem[] = [];
  for (let i = 0; i < levels.length; i += page) {
    await step(i, levels.length);
    for (let j = i; j < Math.min(i + page, levels.length); j++) {
      const r = parseLevel(levels[j]);
      if (!r.ok) {
        problems.push(...r.problems.map((p) => ({ ...p, path: p.path && p.path !== '(root)' ? `levels[${j}].${p.path}` : `levels[${j}]` })));
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
  return { ok: true, kind: 'pack', id: d.id, name: d.name, levels: out };
}
