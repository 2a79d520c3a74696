// package-lock.json lists every platform's optional packages (issue 23): with only Linux's rollup in
// it, `npm ci` refused the lock ("Missing: @rollup/rollup-android-arm-eabi@… from lock file"), a fresh
// `npm install` rewrote it, and on a Mac the build could not find rollup's binary (npm's
// optional-dependencies bug). `.ci/run` runs `npm ci` with no fallback, so this must hold.
import { describe, expect, it } from 'vitest';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

interface LockEntry {
  version?: string;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  optionalDependencies?: Record<string, string>;
}
interface Lock {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
}

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as Lock;

/** Where node would find `name` from the package at `from` (its own node_modules, then each parent's). */
function resolveIn(packages: Lock['packages'], from: string, name: string): string | undefined {
  let at = from;
  for (;;) {
    const candidate = at ? `${at}/node_modules/${name}` : `node_modules/${name}`;
    if (candidate in packages) return candidate;
    if (!at) return undefined;
    const up = at.lastIndexOf('/node_modules/');
    at = up >= 0 ? at.slice(0, up) : '';
  }
}

/** Each optional dependency of a locked package that the lock does not list: "from → name". */
function missingOptional(l: Lock): string[] {
  return Object.entries(l.packages).flatMap(([from, e]) =>
    Object.keys(e.optionalDependencies ?? {})
      .filter((name) => !resolveIn(l.packages, from, name))
      .map((name) => `${from} → ${name}`),
  );
}

describe('package-lock.json', () => {
  it('is a lockfile v3 with rollup in it', () => {
    expect(lock.lockfileVersion).toBe(3);
    expect(Object.keys(lock.packages).filter((p) => /(^|\/)node_modules\/rollup$/.test(p)).length).toBeGreaterThan(0);
  });

  it("lists rollup's optional package for every platform rollup declares, at rollup's version", () => {
    const rollups = Object.entries(lock.packages).filter(([p]) => /(^|\/)node_modules\/rollup$/.test(p));
    for (const [path, rollup] of rollups) {
      // what rollup itself declares (its package.json, as installed), when the installed one is this version
      const installed = JSON.parse(readFileSync(`${path}/package.json`, 'utf8')) as { version: string; optionalDependencies: Record<string, string> };
      const declared = installed.version === rollup.version ? installed.optionalDependencies : rollup.optionalDependencies!;
      const platforms = Object.keys(declared).filter((n) => n.startsWith('@rollup/rollup-'));
      expect(platforms.length, 'rollup declares its platform packages').toBeGreaterThan(20);
      for (const name of ['@rollup/rollup-darwin-arm64', '@rollup/rollup-win32-x64-msvc', '@rollup/rollup-linux-x64-musl', '@rollup/rollup-linux-x64-gnu']) expect(platforms).toContain(name);
      const absent: string[] = [];
      for (const name of platforms) {
        const at = resolveIn(lock.packages, path, name);
        if (!at) absent.push(name);
        else {
          expect(lock.packages[at].version, name).toBe(declared[name]);
          expect(lock.packages[at].optional, name).toBe(true);
          expect(lock.packages[at].os?.length ?? lock.packages[at].cpu?.length, `${name} says which platform it is for`).toBeGreaterThan(0);
        }
      }
      expect(absent, `${path}: missing from the lock file`).toEqual([]);
    }
  });

  it('lists every optional dependency of every locked package (what npm ci checks)', () => {
    expect(missingOptional(lock)).toEqual([]);
  });

  it('the check sees a platform package left out (as in the lock file before the fix)', () => {
    const packages = { ...lock.packages };
    delete packages['node_modules/@rollup/rollup-darwin-arm64'];
    delete packages['node_modules/@rollup/rollup-win32-x64-msvc'];
    expect(missingOptional({ ...lock, packages })).toEqual(['node_modules/rollup → @rollup/rollup-darwin-arm64', 'node_modules/rollup → @rollup/rollup-win32-x64-msvc']);
  });

  it('npm ci accepts it as it is (a dry run: the lock and package.json agree, nothing is missing)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'm3-ci-'));
    try {
      for (const f of ['package.json', 'package-lock.json']) copyFileSync(f, join(dir, f));
      const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(npm_|NODE_OPTIONS$)/i.test(k)));
      const r = await promisify(execFile)('npm', ['ci', '--dry-run', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: dir, env, maxBuffer: 1 << 24 });
      expect(r.stdout).toMatch(/added \d+ packages/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('.ci/run', () => {
  const ci = readFileSync('.ci/run', 'utf8').replace(/^\s*#.*$/gm, '');
  it('installs with npm ci and has no npm install fallback', () => {
    expect(ci).toMatch(/^npm ci\b/m);
    expect(ci).not.toMatch(/npm install/);
  });
  it('gets a browser through the same lookup as playwright.config.ts, not a hard-coded path', () => {
    expect(ci).toContain('scripts/ensure-browser.ts');
    expect(ci).not.toContain('/usr/bin/chromium');
  });
});
