// Which Chromium the end-to-end tests drive, found the way the ecosystem does (issue 23):
//   1. CHROMIUM_PATH when set (and then only it: a wrong path is an error, not a silent fallback);
//   2. Playwright's own Chromium when installed (`npx playwright install chromium`);
//   3. a system Chromium or Chrome: /usr/bin/chromium, then `chromium`, `chromium-browser`,
//      `google-chrome`, `google-chrome-stable` on the PATH (and the macOS app bundles).
// `ensureBrowser` gets one when none is found: `playwright install chromium`, and where that download
// is unreachable, Debian's `chromium` package when running as root on Debian. playwright.config.ts
// reads `findBrowser`; scripts/ensure-browser.ts (run by `npm run test:e2e` and `.ci/run`) `ensureBrowser`.
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { spawnSync } from 'node:child_process';

export interface Probe {
  env: { CHROMIUM_PATH?: string; PATH?: string };
  platform: NodeJS.Platform;
  /** An executable file at `path`. */
  isExecutable(path: string): boolean;
  /** Where Playwright's own Chromium is (or would be) installed; undefined when Playwright cannot say. */
  playwrightChromium(): string | undefined;
}

export type Source = 'CHROMIUM_PATH' | 'playwright' | 'system';
export type Lookup = { ok: true; path: string; source: Source } | { ok: false; problem: string };

export const SYSTEM_PATHS = ['/usr/bin/chromium'];
export const SYSTEM_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];
const MAC_APPS = ['/Applications/Chromium.app/Contents/MacOS/Chromium', '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'];

export const NONE_FOUND =
  'No Chromium for the end-to-end tests: run `npx playwright install chromium` (or, on Debian/Ubuntu, `apt-get install chromium`), or set CHROMIUM_PATH to a Chromium or Chrome binary.';

function onPath(p: Probe, name: string): string | undefined {
  for (const dir of (p.env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const candidate = join(dir, name);
    if (p.isExecutable(candidate)) return candidate;
  }
  return undefined;
}

export function findBrowser(p: Probe): Lookup {
  const set = p.env.CHROMIUM_PATH?.trim();
  if (set) {
    return p.isExecutable(set)
      ? { ok: true, path: set, source: 'CHROMIUM_PATH' }
      : { ok: false, problem: `CHROMIUM_PATH is set to ${set}, which is not an executable file: point it at a Chromium or Chrome binary, or unset it.` };
  }
  const own = p.playwrightChromium();
  if (own && p.isExecutable(own)) return { ok: true, path: own, source: 'playwright' };
  for (const path of [...SYSTEM_PATHS, ...(p.platform === 'darwin' ? MAC_APPS : [])]) if (p.isExecutable(path)) return { ok: true, path, source: 'system' };
  for (const name of SYSTEM_NAMES) {
    const path = onPath(p, name);
    if (path) return { ok: true, path, source: 'system' };
  }
  return { ok: false, problem: NONE_FOUND };
}

export interface Installer {
  /** Runs a command with its output shown; true when it exits 0. */
  run(command: string, args: string[]): boolean;
  isRoot: boolean;
  isDebian: boolean;
  log(line: string): void;
}

/** A browser, installing one when none is found (never when CHROMIUM_PATH names a wrong file). */
export function ensureBrowser(p: Probe, installer: Installer): Lookup {
  const found = findBrowser(p);
  if (found.ok || p.env.CHROMIUM_PATH?.trim()) return found;
  installer.log('== no Chromium found: npx playwright install chromium');
  if (installer.run('npx', ['playwright', 'install', 'chromium'])) {
    const after = findBrowser(p);
    if (after.ok) return after;
  }
  if (installer.isRoot && installer.isDebian) {
    installer.log("== Playwright's download did not work: installing Debian's chromium");
    if (installer.run('apt-get', ['update', '-qq']) && installer.run('apt-get', ['install', '-y', '-qq', 'chromium'])) return findBrowser(p);
  }
  return { ok: false, problem: NONE_FOUND };
}

// ---- the real machine ----

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

export function realProbe(playwrightChromium: () => string | undefined): Probe {
  return { env: process.env, platform: process.platform, isExecutable, playwrightChromium };
}

export const realInstaller: Installer = {
  run: (command, args) => spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0,
  isRoot: process.getuid?.() === 0,
  isDebian: existsSync('/etc/debian_version'),
  log: (line) => console.log(line),
};
