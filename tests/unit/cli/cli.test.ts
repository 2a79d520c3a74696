import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { main, runCli, type Io } from '../../../src/cli/main.ts';
import { readFileSync } from 'node:fs';
import { toolSpecs } from '../../../src/core/tools/specs.ts';
import { createLevel, serializeLevel } from '../../../src/core/level/index.ts';
import { packFileText, workspaceFileText } from '../../../src/core/files/index.ts';

function fakeIo(files: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    readFile: async (p) => {
      if (!(p in files)) throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
      return files[p];
    },
  };
  return { io, out, err };
}

const good = { ...createLevel({ id: 'g', name: 'Good', seed: 9 }), moves: 10 };
const bad = JSON.parse(serializeLevel(good));
bad.cells[3][7] = { cover: { type: 'ice', layers: 4 } };
bad.moves = 0;

describe('match3 validate', () => {
  it('exit 0 when every file is valid', async () => {
    const { io, out } = fakeIo({ 'a.json': serializeLevel(good) });
    expect(await main(['validate', 'a.json'], io)).toBe(0);
    expect(out).toEqual([]);
  });

  it('exit 1 and one line per problem, FILE: field.path: message, unreadable and non-JSON files included', async () => {
    const { io, out } = fakeIo({
      'a.json': serializeLevel(good),
      'bad.json': JSON.stringify(bad),
      'text.json': 'hello',
      'pack.json': packFileText({ id: 'p', name: 'P' }, [good, { ...good, id: 'h', colors: 9 }]),
    });
    expect(await main(['validate', 'a.json', 'bad.json', 'text.json', 'missing.json', 'pack.json'], io)).toBe(1);
    expect(out).toContain('bad.json: moves: must be 1..200');
    expect(out).toContain('bad.json: cells[3][7].cover.layers: must be 1..3');
    expect(out.find((l) => l.startsWith('text.json: (root): not valid JSON'))).toBeTruthy();
    expect(out).toContain('missing.json: (file): cannot read the file (ENOENT)');
    expect(out).toContain('pack.json: levels[1].colors: must be 3..6');
    expect(out.some((l) => l.startsWith('a.json'))).toBe(false);
  });

  it('warnings go to stderr and do not fail', async () => {
    const warn = { ...good, objectives: [{ type: 'clear_crates' as const }] };
    const { io, err } = fakeIo({ 'w.json': serializeLevel(warn) });
    expect(await main(['validate', 'w.json'], io)).toBe(0);
    expect(err).toContain('w.json: warning: objectives[0]: clear crates: the board has no crates');
  });
});

describe('match3 tools', () => {
  it('--json lists the registry with JSON Schemas; every parameter has a description', async () => {
    const { io, out } = fakeIo({});
    expect(await main(['tools', '--json'], io)).toBe(0);
    const tools = JSON.parse(out.join('\n')) as { name: string; kind: string; description: string; parameters: { properties: Record<string, { description?: string }> } }[];
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['set_grid_size', 'clear_region', 'clear_all', 'set_move_limit', 'generate_random_level', 'set_objective', 'add_objective', 'remove_objective', 'paint_tile', 'paint_tile_region', 'place_bomb', 'paint_cover', 'paint_cover_region', 'paint_ground', 'paint_ground_region', 'analyze_level', 'deep_analyze', 'get_bottleneck']),
    );
    for (const t of tools) {
      expect(t.description.length).toBeGreaterThan(10);
      for (const [name, p] of Object.entries(t.parameters.properties)) expect(p.description, `${t.name}.${name}`).toBeTruthy();
    }
  });

  it('unknown commands print the usage and exit 2', async () => {
    const { io, err } = fakeIo({});
    expect(await main(['frobnicate'], io)).toBe(2);
    expect(err.join('\n')).toMatch(/unknown command "frobnicate"/);
  });
});

describe('match3 analyze', () => {
  it('a file without "rules" is analyzed under version 1 and says so, in --json and in the table', async () => {
    const { rules: _r, ...v1 } = good;
    const files = { 'v1.json': serializeLevel(v1) };
    expect(files['v1.json']).not.toContain('"rules"');
    const j = fakeIo(files);
    expect(await main(['analyze', 'v1.json', '--games', '20', '--json', '--threads', '1'], j.io)).toBe(0);
    expect(JSON.parse(j.out[0]).rulesVersion).toBe(1);
    const t = fakeIo(files);
    expect(await main(['analyze', 'v1.json', '--games', '20', '--threads', '1'], t.io)).toBe(0);
    expect(t.out[0]).toMatch(/^v1\.json — Good, rules v1 \(\d+ ms\)$/);
  });

  it('--json: the same figures on the main thread and on worker threads; invalid files reported, others analyzed', async () => {
    const files = { 'g.json': serializeLevel(good), 'bad.json': JSON.stringify(bad) };
    const one = fakeIo(files);
    expect(await main(['analyze', 'g.json', 'bad.json', '--games', '40', '--tier', 'all', '--json', '--threads', '1', '--curve'], one.io)).toBe(1);
    expect(one.err).toContain('bad.json: cells[3][7].cover.layers: must be 1..3');
    const a = JSON.parse(one.out[0]);
    expect(a.file).toBe('g.json');
    expect(a.rulesVersion).toBe(2); // a new level uses the latest rules
    expect(a.results.map((r: { tier: string }) => r.tier)).toEqual(['novice', 'average', 'expert']);
    expect(a.results[1]).toMatchObject({ bot: 'greedy', games: 40 });
    expect(a.results[1].curve.length).toBeGreaterThan(0);
    expect(a.results[1].winRateCI95[0]).toBeLessThanOrEqual(a.results[1].winRate);

    // --threads 2: the main thread and one worker thread; --threads 3: and a second worker thread
    const strip = (x: typeof a) => x.results.map(({ gamesPerSecond: _g, ...rest }: { gamesPerSecond: number }) => rest);
    for (const threads of ['2', '3']) {
      const many = fakeIo(files);
      await main(['analyze', 'g.json', '--games', '40', '--tier', 'all', '--json', '--threads', threads, '--curve'], many.io);
      expect(strip(JSON.parse(many.out[0]))).toEqual(strip(a));
    }
  });

  it('--seed changes the games; bad options exit 2', async () => {
    const files = { 'g.json': serializeLevel(good) };
    const x = fakeIo(files);
    await main(['analyze', 'g.json', '--games', '30', '--json', '--threads', '1', '--seed', '1'], x.io);
    expect(JSON.parse(x.out[0]).level.hash).not.toBe(JSON.parse((await (async () => { const y = fakeIo(files); await main(['analyze', 'g.json', '--games', '30', '--json', '--threads', '1'], y.io); return y.out[0]; })())).level.hash);
    const z = fakeIo(files);
    expect(await main(['analyze', 'g.json', '--tier', 'godlike'], z.io)).toBe(2);
    expect(z.err[0]).toMatch(/--tier: must be novice, average, expert or all/);
  });
});

describe('runCli: help, version, usage errors', () => {
  const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string; bin: Record<string, string>; dependencies?: Record<string, string> };

  it('main is runCli (the bin and older callers use either name)', () => {
    expect(main).toBe(runCli);
  });
  it('--help lists every command, exit 0; COMMAND --help gives its own usage', async () => {
    const a = fakeIo({});
    expect(await runCli(['--help'], a.io)).toBe(0);
    for (const c of ['validate', 'tools', 'analyze']) expect(a.out.join('\n')).toMatch(new RegExp(`^  ${c} `, 'm'));
    for (const argv of [['validate', '--help'], ['help', 'validate'], ['validate', 'x.json', '-h']]) {
      const b = fakeIo({});
      expect(await runCli(argv, b.io)).toBe(0);
      expect(b.out.join('\n')).toMatch(/^Usage: match3 validate FILE…/);
      expect(b.out.join('\n')).toMatch(/Exit status: 0 all valid, 1 .*, 2 usage error/);
    }
  });
  it('--version prints the package version', async () => {
    const { io, out } = fakeIo({});
    expect(await runCli(['--version'], io)).toBe(0);
    expect(out).toEqual([pkg.version]);
  });
  it('no command: the overview on stderr, exit 2', async () => {
    const { io, out, err } = fakeIo({});
    expect(await runCli([], io)).toBe(2);
    expect(out).toEqual([]);
    expect(err.join('\n')).toMatch(/Usage: match3 COMMAND/);
  });
  it('unknown commands and options exit 2 with the usage', async () => {
    for (const argv of [['frobnicate'], ['toString'], ['__proto__'], ['validate', '--strict', 'a.json'], ['validate'], ['tools', '--yaml'], ['tools', 'extra'], ['analyze', 'a.json', '--games', 'many']]) {
      const { io, err } = fakeIo({ 'a.json': serializeLevel(good) });
      expect(await runCli(argv, io), argv.join(' ')).toBe(2);
      expect(err.join('\n'), argv.join(' ')).toMatch(/Usage: match3/);
    }
  });
  it('the bin is the built CLI, and the package has no runtime dependencies (the build bundles them)', () => {
    expect(pkg.bin.match3).toBe('dist-cli/match3.mjs');
    expect(pkg.dependencies).toBeUndefined();
  });
});

describe('match3 validate: more files', () => {
  it('-- ends the options: a file named like an option', async () => {
    const { io, out } = fakeIo({ '-odd.json': serializeLevel(good) });
    expect(await runCli(['validate', '--', '-odd.json'], io)).toBe(0);
    expect(out).toEqual([]);
  });
  it('empty, directory, non-object, unknown format', async () => {
    const { io, out } = fakeIo({ 'empty.json': '  \n', 'arr.json': '[1,2]', 'fmt.json': '{"format":"match3-zip"}' });
    io.readFile = async (p) => {
      if (p === 'dir') throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
      return { 'empty.json': '  \n', 'arr.json': '[1,2]', 'fmt.json': '{"format":"match3-zip"}' }[p]!;
    };
    expect(await runCli(['validate', 'empty.json', 'dir', 'arr.json', 'fmt.json'], io)).toBe(1);
    expect(out).toEqual([
      'empty.json: (root): the file is empty',
      'dir: (file): cannot read the file (EISDIR)',
      'arr.json: (root): must be a JSON object with a "format" field',
      'fmt.json: format: must be "match3-level", "match3-pack" or "match3-workspace"',
    ]);
  });
  it('packs: every problem under levels[i], repeated ids, warnings labelled by level', async () => {
    const broken = JSON.parse(packFileText({ id: 'p', name: 'P' }, [good, { ...good, id: 'h' }]));
    broken.levels[1].cells[0][2] = { tile: 'crate', cover: { type: 'ice', layers: 1 } };
    broken.levels[1].name = '';
    const warn = { ...good, id: 'w', objectives: [{ type: 'clear_ground' as const, ground: 'jelly' as const }] };
    const { io, out, err } = fakeIo({
      'broken.json': JSON.stringify(broken),
      'dupes.json': packFileText({ id: 'p', name: 'P' }, [good, good]),
      'warn.json': packFileText({ id: 'p', name: 'P' }, [good, warn]),
    });
    expect(await runCli(['validate', 'broken.json', 'dupes.json', 'warn.json'], io)).toBe(1);
    expect(out).toEqual([
      'broken.json: levels[1].name: must be 1..80 characters',
      'broken.json: levels[1].cells[0][2].cover: a cover needs a colour or random tile under it, not "crate"',
      'dupes.json: levels[1].id: repeats the id of an earlier level ("g")',
    ]);
    expect(err).toEqual(['warn.json: warning: levels[1].objectives[0]: clear jelly: the board has no jelly']);
  });
  it('a workspace backup is checked level by level', async () => {
    const ws = workspaceFileText({ packs: [{ id: 'p', name: 'P', levelIds: ['g'] }], levels: [good], conversations: [], settings: {} });
    const { io, out } = fakeIo({ 'ws.json': ws });
    expect(await runCli(['validate', 'ws.json'], io)).toBe(0);
    expect(out).toEqual([]);
  });
  it('warns when the start board has no valid move (the check the editor shows too)', async () => {
    const stuck = { ...good, width: 3, height: 3, cells: [[{}, { tile: 'crate' as const }, { tile: 'crate' as const }], [{ tile: 'crate' as const }, { tile: 'crate' as const }, { tile: 'crate' as const }], [{ tile: 'crate' as const }, { tile: 'crate' as const }, { tile: 'crate' as const }]], objectives: [{ type: 'clear_crates' as const }] };
    const { io, err } = fakeIo({ 's.json': serializeLevel(stuck), 'g.json': serializeLevel(good) });
    expect(await runCli(['validate', 's.json', 'g.json'], io)).toBe(0);
    expect(err).toEqual(['s.json: warning: (level): the start board has no valid move: the game opens with a reshuffle']);
  });
  it('a file with a BOM is valid', async () => {
    const { io, out } = fakeIo({ 'bom.json': '\uFEFF' + serializeLevel(good) });
    expect(await runCli(['validate', 'bom.json'], io)).toBe(0);
    expect(out).toEqual([]);
  });
});

describe('match3 tools: the readable list', () => {
  it('names every tool with its kind, description and each parameter with type, range and description', async () => {
    const { io, out } = fakeIo({});
    expect(await runCli(['tools'], io)).toBe(0);
    const text = out.join('\n');
    for (const s of toolSpecs()) {
      expect(text).toContain(`${s.name} (${s.kind})\n  ${s.description}`);
      for (const [k, p] of Object.entries(s.parameters.properties as Record<string, { description: string }>)) expect(text).toMatch(new RegExp(`^  ${k} +.* — ${p.description.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
    }
    expect(text).toMatch(/^  width +integer 3\.\.16 — Number of columns/m);
    expect(text).toMatch(/^  cover +one of ice, chain, none — /m);
    expect(text).toMatch(/^  hp +integer 1\.\.3, optional — /m);
  });
  it('--json is exactly the registry’s toolSpecs()', async () => {
    const { io, out } = fakeIo({});
    await runCli(['tools', '--json'], io);
    expect(JSON.parse(out.join('\n'))).toEqual(toolSpecs());
  });
});

describe('the installed bin', () => {
  it('runs as a real process', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'm3-'));
    writeFileSync(join(dir, 'ok.json'), serializeLevel(good));
    writeFileSync(join(dir, 'bad.json'), JSON.stringify(bad));
    const run = promisify(execFile);
    const ok = await run(process.execPath, ['bin/match3.mjs', 'validate', join(dir, 'ok.json')]);
    expect(ok.stdout).toBe('');
    writeFileSync(join(dir, 'pack.json'), packFileText({ id: 'p', name: 'P' }, [good, { ...good, id: 'h', moves: 300 }]));
    writeFileSync(join(dir, 'text.json'), 'not json\n{\n');
    const files = ['ok.json', 'bad.json', 'pack.json', 'text.json', 'missing.json'].map((f) => join(dir, f));
    const failed = await run(process.execPath, ['bin/match3.mjs', 'validate', ...files]).catch((e: { code: number; stdout: string; stderr: string }) => e);
    expect(failed).toMatchObject({ code: 1 });
    const lines = (failed as { stdout: string }).stdout.trimEnd().split('\n');
    expect(lines).toContain(`${files[1]}: moves: must be 1..200`);
    expect(lines).toContain(`${files[1]}: cells[3][7].cover.layers: must be 1..3`);
    expect(lines).toContain(`${files[2]}: levels[1].moves: must be 1..200`);
    expect(lines.some((l) => l.startsWith(`${files[3]}: (root): not valid JSON`))).toBe(true);
    expect(lines).toContain(`${files[4]}: (file): cannot read the file (ENOENT)`);
    expect(lines.every((l) => !l.startsWith(files[0]))).toBe(true);
    expect(lines.every((l) => files.some((f) => l.startsWith(`${f}: `))), 'every line names its file').toBe(true);
    await expect(run(process.execPath, ['bin/match3.mjs', 'frobnicate'])).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('unknown command "frobnicate"') });
  });
});
