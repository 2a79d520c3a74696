// The CLI as a pipeline installs it: `npm pack` (which builds dist-cli/ first, through prepack),
// then `npm install` of the tarball in an empty folder, then the `match3` bin: plain JavaScript,
// no dependencies, no TypeScript loader, worker threads included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { runCli, type Io } from '../../../src/cli/main.ts';
import { createLevel, serializeLevel } from '../../../src/core/level/index.ts';
import { packFileText, sampleLevels } from '../../../src/core/files/index.ts';

const run = promisify(execFile);
const repo = process.cwd();
const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { version: string; bin: Record<string, string>; dependencies?: object; files: string[] };
// no loader or test hooks leak into the child processes
const env = { ...process.env, NODE_OPTIONS: '' };

let app = '';
let bin = '';
let tarball = '';
const made: string[] = [];
const tempDir = (prefix: string) => {
  const d = mkdtempSync(join(tmpdir(), prefix));
  made.push(d);
  return d;
};
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

beforeAll(async () => {
  const dest = tempDir('m3-pack-');
  await run('npm', ['pack', '--pack-destination', dest], { cwd: repo, env, maxBuffer: 1 << 24 });
  const tgz = readdirSync(dest).filter((f) => f.endsWith('.tgz'));
  expect(tgz).toHaveLength(1);
  tarball = join(dest, tgz[0]);
  app = tempDir('m3-app-');
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'pipeline', version: '1.0.0', private: true }));
  // --offline: the tarball needs nothing from a registry (it has no dependencies)
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: app, env });
  bin = join(app, 'node_modules', '.bin', 'match3');
}, 240_000);

function fakeIo() {
  const out: string[] = [];
  const io: Io = { out: (l) => out.push(l), err: () => {}, readFile: (p) => Promise.resolve(readFileSync(p, 'utf8')) };
  return { io, out };
}

describe('the packed match3 package', () => {
  it('holds the built CLI and no sources; its package.json declares no dependencies', async () => {
    const { stdout } = await run('tar', ['tzf', tarball]);
    const files = stdout.trim().split('\n');
    expect(files).toContain('package/dist-cli/match3.mjs');
    expect(files).toContain('package/dist-cli/sim-thread.mjs');
    expect(files.filter((f) => /\.ts$|^package\/(src|bin|node_modules)\//.test(f))).toEqual([]);
    const installed = JSON.parse(readFileSync(join(app, 'node_modules', 'match3-studio', 'package.json'), 'utf8')) as { dependencies?: object; bin: Record<string, string> };
    expect(installed.dependencies).toBeUndefined();
    expect(installed.bin.match3).toBe('dist-cli/match3.mjs');
    expect(readdirSync(join(app, 'node_modules')).filter((d) => !d.startsWith('.'))).toEqual(['match3-studio']);
  });

  it('match3 --version, validate (exit 0 and 1), an unknown command (exit 2)', async () => {
    expect((await run(bin, ['--version'], { env })).stdout).toBe(`${pkg.version}\n`);
    const dir = tempDir('m3-levels-');
    const good = { ...createLevel({ id: 'g', name: 'Good', seed: 9 }), moves: 10 };
    writeFileSync(join(dir, 'good.json'), serializeLevel(good));
    expect((await run(bin, ['validate', join(dir, 'good.json')], { env })).stdout).toBe('');
    writeFileSync(join(dir, 'bad.json'), serializeLevel({ ...good, moves: 0 }));
    await expect(run(bin, ['validate', dir], { env })).rejects.toMatchObject({ code: 1, stdout: `${join(dir, 'bad.json')}: moves: must be 1..200\n` });
    await expect(run(bin, ['frobnicate'], { env })).rejects.toMatchObject({ code: 2 });
  });

  it('analyze on worker threads, and a sharded run merged, give the figures of the sources on the main thread', async () => {
    const dir = tempDir('m3-levels-');
    const file = join(dir, 'pack.json');
    writeFileSync(file, packFileText({ id: 'p', name: 'P' }, sampleLevels().slice(0, 2)));
    const args = ['analyze', file, '--games', '60', '--tier', 'all', '--csv'];
    const installed = await run(bin, [...args, '--threads', '2'], { env });
    const source = fakeIo();
    expect(await runCli([...args, '--threads', '1'], source.io)).toBe(0);
    expect(installed.stdout).toBe(source.out.join('\n') + '\n');

    const shards = [];
    for (const i of [1, 2]) {
      const shardFile = join(dir, `shard-${i}.out`);
      writeFileSync(shardFile, (await run(bin, ['analyze', file, '--games', '60', '--tier', 'all', '--threads', '2', '--shard', `${i}/2`], { env, maxBuffer: 1 << 24 })).stdout);
      shards.push(shardFile);
    }
    expect((await run(bin, ['merge', ...shards, '--csv'], { env })).stdout).toBe(installed.stdout);
  });

  it('levels of a game (--game, and a pack carrying its game) play on the installed worker threads as in the sources', async () => {
    const games = join(repo, 'examples', 'games');
    const args = ['analyze', join(games, 'home-garden', 'level_5.json'), join(games, 'sweet-saga.pack.json'), '--game', join(games, 'home-garden.game.json'), '--games', '30', '--tier', 'all', '--csv'];
    const installed = await run(bin, [...args, '--threads', '2'], { env, maxBuffer: 1 << 24 });
    expect(installed.stderr).toBe('');
    const source = fakeIo();
    expect(await runCli([...args, '--threads', '1'], source.io)).toBe(0);
    expect(installed.stdout).toBe(source.out.join('\n') + '\n');
    expect(installed.stdout.trim().split('\n')).toHaveLength(1 + 8 * 3);
    expect(JSON.parse((await run(bin, ['games', '--json'], { env })).stdout).id).toBe('classic');
  });
});
