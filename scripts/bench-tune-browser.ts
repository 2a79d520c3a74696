// Tuning benchmark in Chromium, through the studio's own dialog: each case level is imported, then
// "Tune to target" runs with the page's worker pool; the time is click → result on screen. Needs a
// build (`npm run build`); starts `vite preview` on its own port (4591).
//   npm run bench:tune:browser
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serializeLevel } from '../src/core/level/index.ts';
import { tuneCases } from './tuneCases.ts';

const PORT = 4591;
const TARGETS = (process.env.TARGETS ?? '0.2,0.5,0.8').split(',').map(Number);
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

const server = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'preview', '--host', '127.0.0.1', '--port', String(PORT), '--strictPort'], { stdio: 'ignore' });
try {
  // wait for the preview server (slow to start on a busy machine)
  for (let i = 0; i < 60; i++) {
    if (await fetch(`http://127.0.0.1:${PORT}/`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`http://127.0.0.1:${PORT}/`);
  await page.getByRole('grid', { name: 'Level grid' }).waitFor();
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  const dir = mkdtempSync(join(tmpdir(), 'bench-tune-'));
  // warm the pool on a throwaway analysis
  await page.getByRole('button', { name: 'Analyze', exact: true }).click();
  await page.getByRole('region', { name: 'Analysis report' }).waitFor({ timeout: 120_000 });

  const times: number[] = [];
  let hits = 0, n = 0;
  console.log(`Chromium, ${cores} cores: ${tuneCases().length} levels × ${TARGETS.length} targets`);
  for (const [i, level] of tuneCases().entries()) {
    for (const target of TARGETS) {
      // a fresh copy per case (new id, name and seed), so no case reuses another's cached analyses
      const copy = { ...level, id: `${level.id}-${target}`, name: `${level.name} @${target}`, seed: (level.seed + Math.round(target * 1000)) >>> 0 };
      const file = join(dir, `case-${i}-${target}.json`);
      writeFileSync(file, serializeLevel(copy));
      await page.getByLabel('Choose level or pack files to import').setInputFiles(file);
      await page.waitForFunction((name) => [...document.querySelectorAll('input')].some((el) => el.value === name && el.closest('.props')), copy.name);
      await page.getByRole('button', { name: 'Tune to target' }).click();
      const dialog = page.getByRole('dialog', { name: 'Tune to target' });
      await dialog.getByLabel('Target win rate').fill(String(Math.round(target * 100)));
      const t0 = Date.now();
      await dialog.getByRole('button', { name: 'Tune', exact: true }).click();
      const status = dialog.getByRole('status');
      await status.waitFor({ timeout: 300_000 });
      const ms = Date.now() - t0;
      const hit = (await status.getAttribute('data-hit')) === 'true';
      const rate = Number(await status.getAttribute('data-win-rate'));
      const why = hit ? '' : `  — ${(await status.locator('.why').textContent().catch(() => '')) ?? ''}`;
      times.push(ms);
      n++;
      if (hit) hits++;
      console.log(`${level.name.padEnd(22)} ${pct(target).padStart(6)}  ${hit ? 'hit ' : 'MISS'}  after ${pct(rate)}  ${(ms / 1000).toFixed(2)} s${why}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
  }
  times.sort((a, b) => a - b);
  console.log(`\n${n} cases: ${hits} hit; median ${(times[Math.floor(n / 2)] / 1000).toFixed(2)} s, max ${(times.at(-1)! / 1000).toFixed(2)} s`);
  await browser.close();
} finally {
  server.kill();
}
