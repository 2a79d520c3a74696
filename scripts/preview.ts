// The built studio served by `vite preview` on 127.0.0.1 for the scripts that drive it in Chromium
// (the README's picture, the play-test bench): started, waited for, and the Chromium to drive it.
import { chromium, type Browser } from '@playwright/test';
import { spawn } from 'node:child_process';
import { findBrowser, realProbe } from './browser.ts';

/** Starts `vite preview` of dist/ on `port` and resolves once it answers; `stop()` ends it. */
export async function startPreview(port: number): Promise<{ url: string; stop: () => void }> {
  const server = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/`;
  for (let t = Date.now(); ; await new Promise((r) => setTimeout(r, 250))) {
    if (await fetch(url).then((r) => r.ok, () => false)) break;
    if (Date.now() - t > 60_000) {
      server.kill();
      throw new Error(`vite preview did not answer on port ${port}`);
    }
  }
  return { url, stop: () => server.kill() };
}

/** The Chromium the end-to-end tests use (scripts/browser.ts's lookup), launched headless. */
export async function launchChromium(): Promise<Browser> {
  const found = findBrowser(realProbe(() => { try { return chromium.executablePath(); } catch { return undefined; } }));
  if (!found.ok) throw new Error(found.problem);
  return chromium.launch({ executablePath: found.path, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
}
