// The end-to-end tests' browser lookup (scripts/browser.ts, issue 23): each place a Chromium can be,
// present or absent, in the order the ecosystem uses; and what happens when there is none.
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ensureBrowser, findBrowser, NONE_FOUND, type Installer, type Probe } from '../../scripts/browser.ts';

const OWN = '/home/u/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome';

/** A machine with the executables in `files`, PATH /opt/bin:/usr/local/bin. */
function machine(files: string[], env: Probe['env'] = {}, platform: NodeJS.Platform = 'linux'): Probe & { files: Set<string> } {
  const set = new Set(files);
  return { files: set, env: { PATH: '/opt/bin:/usr/local/bin', ...env }, platform, isExecutable: (p) => set.has(p), playwrightChromium: () => OWN };
}

describe('findBrowser: the order and each case present or absent', () => {
  it('CHROMIUM_PATH when set wins over everything else', () => {
    const m = machine(['/my/chrome', OWN, '/usr/bin/chromium', '/opt/bin/chromium'], { CHROMIUM_PATH: '/my/chrome' });
    expect(findBrowser(m)).toEqual({ ok: true, path: '/my/chrome', source: 'CHROMIUM_PATH' });
  });

  it('CHROMIUM_PATH set to a missing file is an error, not a silent fallback', () => {
    const r = findBrowser(machine([OWN, '/usr/bin/chromium'], { CHROMIUM_PATH: '/nope/chrome' }));
    expect(r).toEqual({ ok: false, problem: expect.stringMatching(/^CHROMIUM_PATH is set to \/nope\/chrome, which is not an executable file/) });
  });

  it("an empty CHROMIUM_PATH counts as unset; then Playwright's own Chromium, when installed", () => {
    expect(findBrowser(machine([OWN, '/usr/bin/chromium'], { CHROMIUM_PATH: '' }))).toEqual({ ok: true, path: OWN, source: 'playwright' });
  });

  it("without Playwright's Chromium: /usr/bin/chromium", () => {
    expect(findBrowser(machine(['/usr/bin/chromium', '/opt/bin/google-chrome']))).toEqual({ ok: true, path: '/usr/bin/chromium', source: 'system' });
  });

  it('then `chromium` on the PATH (first PATH entry first), then `google-chrome`', () => {
    expect(findBrowser(machine(['/usr/local/bin/chromium', '/opt/bin/google-chrome']))).toEqual({ ok: true, path: '/usr/local/bin/chromium', source: 'system' });
    expect(findBrowser(machine(['/opt/bin/chromium', '/usr/local/bin/chromium']))).toMatchObject({ path: '/opt/bin/chromium' });
    expect(findBrowser(machine(['/usr/local/bin/google-chrome']))).toEqual({ ok: true, path: '/usr/local/bin/google-chrome', source: 'system' });
  });

  it('on a Mac, the Chrome app when nothing else is there', () => {
    const app = '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome';
    expect(findBrowser(machine([app], {}, 'darwin'))).toMatchObject({ ok: true, path: app });
    expect(findBrowser(machine([app], {}, 'linux')).ok).toBe(false);
  });

  it('none: one line saying what to install', () => {
    const r = findBrowser({ ...machine([]), playwrightChromium: () => undefined });
    expect(r).toEqual({ ok: false, problem: NONE_FOUND });
    expect(NONE_FOUND).not.toContain('\n');
    expect(NONE_FOUND).toMatch(/npx playwright install chromium.*apt-get install chromium.*CHROMIUM_PATH/);
  });
});

describe('ensureBrowser: getting one when none is found', () => {
  function installer(m: ReturnType<typeof machine>, o: { download: boolean; isRoot: boolean; isDebian: boolean }) {
    const ran: string[] = [];
    const inst: Installer = {
      isRoot: o.isRoot,
      isDebian: o.isDebian,
      log: () => {},
      run: (cmd, args) => {
        const line = [cmd, ...args].join(' ');
        ran.push(line);
        if (line === 'npx playwright install chromium') {
          if (o.download) m.files.add(OWN);
          return o.download;
        }
        if (line === 'apt-get install -y -qq chromium') m.files.add('/usr/bin/chromium');
        return true;
      },
    };
    return { inst, ran };
  }

  it('a browser already there: nothing is installed', () => {
    const m = machine(['/usr/bin/chromium']);
    const { inst, ran } = installer(m, { download: true, isRoot: true, isDebian: true });
    expect(ensureBrowser(m, inst)).toMatchObject({ ok: true, path: '/usr/bin/chromium' });
    expect(ran).toEqual([]);
  });

  it("none: Playwright's download first", () => {
    const m = machine([]);
    const { inst, ran } = installer(m, { download: true, isRoot: true, isDebian: true });
    expect(ensureBrowser(m, inst)).toEqual({ ok: true, path: OWN, source: 'playwright' });
    expect(ran).toEqual(['npx playwright install chromium']);
  });

  it("download unreachable, root on Debian: Debian's chromium", () => {
    const m = machine([]);
    const { inst, ran } = installer(m, { download: false, isRoot: true, isDebian: true });
    expect(ensureBrowser(m, inst)).toEqual({ ok: true, path: '/usr/bin/chromium', source: 'system' });
    expect(ran).toEqual(['npx playwright install chromium', 'apt-get update -qq', 'apt-get install -y -qq chromium']);
  });

  it('download unreachable, not root or not Debian: the one line, and no apt-get', () => {
    for (const o of [{ isRoot: false, isDebian: true }, { isRoot: true, isDebian: false }]) {
      const m = machine([]);
      const { inst, ran } = installer(m, { download: false, ...o });
      expect(ensureBrowser(m, inst)).toEqual({ ok: false, problem: NONE_FOUND });
      expect(ran).toEqual(['npx playwright install chromium']);
    }
  });

  it('a wrong CHROMIUM_PATH installs nothing: the designer asked for that browser', () => {
    const m = machine([], { CHROMIUM_PATH: '/nope' });
    const { inst, ran } = installer(m, { download: true, isRoot: true, isDebian: true });
    expect(ensureBrowser(m, inst).ok).toBe(false);
    expect(ran).toEqual([]);
  });
});

describe('the real test command', () => {
  it('with no usable browser, playwright stops before the first test with one line', async () => {
    const run = promisify(execFile);
    const env = { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium', NODE_OPTIONS: '' };
    const r = await run('node', ['node_modules/@playwright/test/cli.js', 'test', '--list'], { env }).then(
      () => ({ code: 0, stdout: '', stderr: '' }),
      (e: { code: number; stdout: string; stderr: string }) => e,
    );
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe('CHROMIUM_PATH is set to /nonexistent/chromium, which is not an executable file: point it at a Chromium or Chrome binary, or unset it.');
    expect(r.stdout).not.toMatch(/Running|passed|failed/);
  }, 60_000);
});
