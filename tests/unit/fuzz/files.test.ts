// File mutation fuzz: valid level, pack and workspace files with fields deleted, duplicated and
// retyped, text truncated, 10 MB strings, deep nesting, `__proto__` and `constructor` keys.
// Always a clear message naming the problem (or a valid result), never a throw or a stack trace —
// in the parser the page uses, in the CLI, and in a workspace restore, which changes nothing stored.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createLevel, parseLevel, serializeLevel } from '../../../src/core/level/index.ts';
import { packFileText, parseFileText, sampleLevels, workspaceFileText } from '../../../src/core/files/index.ts';
import { runCli, type Io } from '../../../src/cli/main.ts';
import { openStorage } from '../../../src/db/storage.ts';
import { INTERNAL_ERROR, report, scaled } from './scale.ts';

const levels = sampleLevels();
const seeds = {
  level: serializeLevel({ ...levels[1], name: 'Seed level' }),
  pack: packFileText({ id: 'pk', name: 'Seed pack' }, levels.slice(0, 3)),
  workspace: workspaceFileText({
    packs: [{ id: 'p', name: 'P', levelIds: levels.map((l) => l.id) }],
    levels,
    conversations: [{ id: 'm', levelId: levels[0].id, createdAt: 1, role: 'user', content: 'hi' }] as never,
    settings: { language: 'en' },
  }),
};

type Json = unknown;
type Path = (string | number)[];

/** Every path into a JSON value (objects and arrays), the root included. */
function paths(v: Json, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...at, i], out));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) paths(x, [...at, k], out);
  return out;
}
function parentOf(root: Json, path: Path): Record<string | number, Json> | null {
  let v = root as Record<string | number, Json>;
  for (const k of path.slice(0, -1)) v = v[k] as Record<string | number, Json>;
  return v && typeof v === 'object' ? v : null;
}

const nest = (depth: number, inner: string) => '['.repeat(depth) + inner + ']'.repeat(depth);
const hostileValues: Json[] = [null, 0, -1, 1.5, 1e308, 'text', '', true, [], {}, [[[]]], { nested: { deeper: [1, 2] } }, '𝟙𝟚冰', 'x'.repeat(300)];

type Mutation =
  | { op: 'delete' | 'retype' | 'duplicate' | 'proto' | 'huge' | 'deep'; pick: number; value: number }
  | { op: 'truncate'; at: number };

/** Applies one mutation to a file's text; returns the new text. */
function mutate(text: string, m: Mutation): string {
  if (m.op === 'truncate') return text.slice(0, m.at % text.length);
  const root = JSON.parse(text) as Json;
  const all = paths(root).filter((p) => p.length > 0);
  const path = all[m.pick % all.length];
  const parent = parentOf(root, path)!;
  const key = path.at(-1)!;
  const marker = '"__MUTATION__"';
  switch (m.op) {
    case 'delete':
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key];
      return JSON.stringify(root);
    case 'retype':
      parent[key] = hostileValues[m.value % hostileValues.length];
      return JSON.stringify(root);
    case 'huge':
      if (m.value % 2 === 0 || Array.isArray(parent)) {
        parent[key] = '\u00e9'.repeat(5 * 1024 * 1024); // 10 MB of UTF-8
        return JSON.stringify(root);
      }
      // or a 10 MB field name beside the field
      parent['\u00e9'.repeat(5 * 1024 * 1024)] = 1;
      return JSON.stringify(root);
    case 'deep':
      parent[key] = '__MUTATION__';
      return JSON.stringify(root).replace(marker, nest([50, 5_000, 100_000][m.value % 3], '1'));
    case 'duplicate': {
      // the same key twice in one object: JSON keeps the last, with another value
      if (Array.isArray(parent)) return JSON.stringify(root);
      parent[key] = '__MUTATION__';
      return JSON.stringify(root).replace(`"${String(key)}":${marker}`, `"${String(key)}":${JSON.stringify(hostileValues[m.value % hostileValues.length])},"${String(key)}":${JSON.stringify(parentOf(JSON.parse(text), path)![key])}`);
    }
    case 'proto': {
      if (Array.isArray(parent)) return JSON.stringify(root);
      const name = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'][m.value % 5];
      parent[key] = '__MUTATION__';
      return JSON.stringify(root).replace(marker, `{"${name}":{"polluted":true,"tile":"red"}}`).replace(`{"format"`, `{"${name}":{"polluted":true},"format"`);
    }
  }
}

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constantFrom('delete', 'retype', 'duplicate', 'proto') as fc.Arbitrary<'delete'>, pick: fc.nat(), value: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constantFrom('huge', 'deep') as fc.Arbitrary<'huge'>, pick: fc.nat(), value: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('truncate' as const), at: fc.nat() }) },
);

/** A problem a designer can act on: names where, says what, one line, no internals, not the whole 10 MB back. */
function expectClear(problems: { path: string; message: string }[], input: string) {
  expect(problems.length).toBeGreaterThan(0);
  for (const p of problems) {
    expect(p.path.length, JSON.stringify(p)).toBeGreaterThan(0);
    expect(p.message.length).toBeGreaterThan(0);
    expect(p.path.length + p.message.length, 'short enough to read').toBeLessThan(600);
    expect(p.message, `${p.path}: ${p.message} ← ${input.slice(0, 120)}`).not.toMatch(INTERNAL_ERROR);
    expect(p.message).not.toMatch(/\n/);
  }
}

function fakeIo(files: Record<string, string>) {
  const lines: string[] = [];
  const io: Io = {
    out: (l) => lines.push(l),
    err: (l) => lines.push(l),
    readFile: async (p) => files[p] ?? Promise.reject(Object.assign(new Error(`ENOENT: no such file or directory, open '${p}'`), { code: 'ENOENT' })),
  };
  return { io, lines };
}

describe('file mutation fuzz', () => {
  for (const [kind, seed] of Object.entries(seeds)) {
    it(`${kind} files: a clear message or a valid file, in the parser and the CLI`, async () => {
      const totals = { files: 0, refused: 0, accepted: 0, huge: 0, deep: 0 };
      await fc.assert(
        fc.asyncProperty(mutationArb, async (m) => {
          const text = mutate(seed, m);
          totals.files++;
          if (m.op === 'huge') totals.huge++;
          if (m.op === 'deep') totals.deep++;
          const r = parseFileText(text); // a throw fails the property
          if (!r.ok) {
            totals.refused++;
            expectClear(r.problems, text);
          } else {
            totals.accepted++;
            const all = r.kind === 'level' ? [r.level] : r.kind === 'pack' ? r.levels : r.workspace.levels;
            for (const l of all) {
              expect(parseLevel(l).ok).toBe(true);
              expect(Object.getPrototypeOf(l)).toBe(Object.prototype);
            }
          }
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
          // the CLI says the same in lines, exit status 1 (or 0 for a valid file), never a stack trace
          if (m.op !== 'huge') {
            const { io, lines } = fakeIo({ 'f.json': text });
            const code = await runCli(['validate', 'f.json'], io);
            expect(code).toBe(r.ok ? 0 : 1);
            for (const l of lines) expect(l).not.toMatch(INTERNAL_ERROR);
            if (!r.ok) expect(lines.some((l) => l.startsWith('f.json'))).toBe(true);
          }
        }),
        { numRuns: scaled(60, 800) },
      );
      report(`${kind} file mutations`, totals);
      expect(totals.refused).toBeGreaterThan(0);
    });
  }

  it('found by the fuzz: a backup whose message lost its id is named in words, not "Invalid input … undefined"', () => {
    const ws = JSON.parse(seeds.workspace);
    delete ws.conversations[0].id;
    expect(parseFileText(JSON.stringify(ws))).toEqual({ ok: false, problems: [{ path: 'conversations[0].id', message: 'must be a string' }] });
    ws.packs[0] = 7;
    ws.conversations[0] = 'hi';
    const r = parseFileText(JSON.stringify(ws));
    expect(!r.ok && r.problems).toEqual([
      { path: 'packs[0]', message: 'must be an object (a pack)' },
      { path: 'conversations[0]', message: 'must be an object (a message)' },
    ]);
  });

  it('found by the fuzz: a 10 MB level id in a pack list is quoted short, not echoed back whole', () => {
    const ws = JSON.parse(seeds.workspace);
    ws.packs[0].levelIds[0] = 'é'.repeat(5 * 1024 * 1024);
    const r = parseFileText(JSON.stringify(ws));
    expect(!r.ok && r.problems).toEqual([{ path: 'packs[0].levelIds[0]', message: `no level with id "${'é'.repeat(60)}…" in this file` }]);
  });

  it('found by review: a 10 MB unknown field name is quoted short', () => {
    const level = JSON.parse(seeds.level);
    level['k'.repeat(5 * 1024 * 1024)] = 1;
    const r = parseFileText(JSON.stringify(level));
    expect(!r.ok && r.problems).toEqual([{ path: '(root)', message: `unknown field "${'k'.repeat(60)}…"` }]);
  });

  it('a mutated workspace restore changes nothing stored', async () => {
    const storage = await openStorage({ name: `fuzz-ws-${Date.now()}`, onStatus: () => {} });
    await storage.loadWorkspace();
    storage.scheduleLevel({ ...createLevel({ id: 'mine', name: 'Mine' }) });
    await storage.flush();
    const before = await storage.exportWorkspace();
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(mutationArb, async (m) => {
        const text = mutate(seeds.workspace, m);
        if (parseFileText(text).ok) return;
        refused++;
        await expect(storage.importWorkspace(text)).rejects.toThrow();
        expect((await storage.exportWorkspace()).replace(/"exportedAt":\s*"[^"]*"/, '')).toBe(before.replace(/"exportedAt":\s*"[^"]*"/, ''));
      }),
      { numRuns: scaled(15, 150) },
    );
    report('workspace restores refused', { refused });
  });
});
