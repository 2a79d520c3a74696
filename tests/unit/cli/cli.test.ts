import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { main, type Io } from '../../../src/cli/main.ts';
import { createLevel, serializeLevel } from '../../../src/core/level/index.ts';
import { packFileText } from '../../../src/core/files/index.ts';

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
  it('--json: the same figures on the main thread and on worker threads; invalid files reported, others analyzed', async () => {
    const files = { 'g.json': serializeLevel(good), 'bad.json': JSON.stringify(bad) };
    const one = fakeIo(files);
    expect(await main(['analyze', 'g.json', 'bad.json', '--games', '40', '--tier', 'all', '--json', '--threads', '1', '--curve'], one.io)).toBe(1);
    expect(one.err).toContain('bad.json: cells[3][7].cover.layers: must be 1..3');
    const a = JSON.parse(one.out[0]);
    expect(a.file).toBe('g.json');
    expect(a.rulesVersion).toBe(1);
    expect(a.results.map((r: { tier: string }) => r.tier)).toEqual(['novice', 'average', 'expert']);
    expect(a.results[1]).toMatchObject({ bot: 'greedy', games: 40 });
    expect(a.results[1].curve.length).toBeGreaterThan(0);
    expect(a.results[1].winRateCI95[0]).toBeLessThanOrEqual(a.results[1].winRate);

    const two = fakeIo(files);
    await main(['analyze', 'g.json', '--games', '40', '--tier', 'all', '--json', '--threads', '2', '--curve'], two.io);
    const b = JSON.parse(two.out[0]);
    const strip = (x: typeof a) => x.results.map(({ gamesPerSecond: _g, ...rest }: { gamesPerSecond: number }) => rest);
    expect(strip(b)).toEqual(strip(a));
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

describe('the installed bin', () => {
  it('runs as a real process', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'm3-'));
    writeFileSync(join(dir, 'ok.json'), serializeLevel(good));
    writeFileSync(join(dir, 'bad.json'), JSON.stringify(bad));
    const run = promisify(execFile);
    const ok = await run(process.execPath, ['bin/match3.mjs', 'validate', join(dir, 'ok.json')]);
    expect(ok.stdout).toBe('');
    await expect(run(process.execPath, ['bin/match3.mjs', 'validate', join(dir, 'ok.json'), join(dir, 'bad.json')])).rejects.toMatchObject({
      code: 1,
      stdout: expect.stringContaining(`${join(dir, 'bad.json')}: moves: must be 1..200`),
    });
  });
});
