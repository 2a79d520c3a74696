// The README's CLI steps, exactly as a new user types them, in a fresh clone: `npm install`, then
// `npm run build:cli`, then `npx match3 validate levels/*.json` (issue 23: the built bin had no run
// bit, so npx answered "sh: 1: match3: Permission denied").
//
// The clone is a real `git clone` of this repository, with the working tree's uncommitted files laid
// over it (so the test checks what you are about to commit, not only the last commit). The install
// is a real `npm install` with `--prefer-offline` (npm's cache serves every package it already has:
// no registry round trips on a machine that installed once; about 20 s on 2 cores).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { createLevel, serializeLevel } from '../../../src/core/level/index.ts';

const run = promisify(execFile);
const repo = process.cwd();
const readme = readFileSync(join(repo, 'README.md'), 'utf8');

/** The shell lines of the first ```sh block under a README heading, comments dropped. */
function readmeCommands(heading: string): string[] {
  const section = readme.split(/^## /m).find((s) => s.startsWith(heading + '\n'));
  const block = section?.match(/```sh\n([\s\S]*?)```/)?.[1] ?? '';
  return block.split('\n').map((l) => l.replace(/\s+#.*$/, '').trim()).filter(Boolean);
}

// a user's shell: none of the npm/vitest variables of the process running this test
const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(npm_|INIT_CWD$|NODE_OPTIONS$|VITEST)/i.test(k)));
env.PATH = (process.env.PATH ?? '').split(':').filter((p) => !p.includes('node_modules')).join(':');

let clone = '';
const sh = (line: string) => run('sh', ['-c', line], { cwd: clone, env, maxBuffer: 1 << 24 });

/** The working tree as a commit of it would be: tracked files (changed or not) and new, not ignored ones. */
async function layWorkingTree(into: string) {
  const { stdout } = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repo, maxBuffer: 1 << 24 });
  for (const file of stdout.split('\0').filter(Boolean)) {
    const from = join(repo, file);
    const to = join(into, file);
    if (!existsSync(from)) {
      rmSync(to, { force: true }); // deleted in the working tree
      continue;
    }
    if (!statSync(from).isFile()) continue;
    mkdirSync(dirname(to), { recursive: true });
    cpSync(from, to);
  }
}

beforeAll(async () => {
  clone = join(mkdtempSync(join(tmpdir(), 'm3-readme-')), 'studio');
  await run('git', ['clone', '--quiet', repo, clone]);
  await layWorkingTree(clone);
}, 60_000);
afterAll(() => {
  if (clone) rmSync(dirname(clone), { recursive: true, force: true });
});

describe("the README's CLI steps in a fresh clone", () => {
  it('the README says: npm install, npm run build:cli, npx match3 validate levels/*.json', () => {
    expect(readmeCommands('Run it')[0]).toMatch(/^npm install\b/);
    const cli = readmeCommands('The CLI');
    expect(cli[0]).toBe('npm run build:cli');
    expect(cli).toContain('npx match3 validate levels/*.json');
  });

  it('install, build and validate work as written: exit 0 on good levels, 1 and one line per problem on a bad one', async () => {
    await sh('npm install --prefer-offline --no-audit --no-fund');
    await sh(readmeCommands('The CLI')[0]);
    mkdirSync(join(clone, 'levels'));
    const good = { ...createLevel({ id: 'g', name: 'Good', seed: 9 }), moves: 10 };
    writeFileSync(join(clone, 'levels', '1.json'), serializeLevel(good));
    writeFileSync(join(clone, 'levels', '2.json'), serializeLevel({ ...good, id: 'h', seed: 10 }));
    const validate = 'npx match3 validate levels/*.json';
    const ok = await sh(validate);
    expect(ok.stdout).toBe('');

    writeFileSync(join(clone, 'levels', '3.json'), serializeLevel({ ...good, id: 'b', moves: 0 }));
    await expect(sh(validate)).rejects.toMatchObject({ code: 1, stdout: 'levels/3.json: moves: must be 1..200\n' });
  }, 300_000);
});
