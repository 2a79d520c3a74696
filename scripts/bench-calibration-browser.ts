// The page's side of `npm run bench:calibration`: fitting 200 levels (λ search and cross-validation
// included) in Chromium, with the same code the page runs (src/core/calibration), on features of a
// known-truth corpus. Reading the levels' cached analyses from IndexedDB is not included: the fit is.
import { build } from 'esbuild';
import { chromium } from '@playwright/test';
import { fileURLToPath } from 'node:url';

const entry = fileURLToPath(new URL('./calibrationBrowserEntry.ts', import.meta.url));
const bundle = await build({ entryPoints: [entry], bundle: true, format: 'iife', write: false, platform: 'browser', logLevel: 'silent' });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const page = await browser.newPage();
  await page.setContent('<!doctype html><title>calibration bench</title>');
  await page.addScriptTag({ content: bundle.outputFiles[0].text });
  const ms = await page.evaluate(() => (window as unknown as { benchCalibration: (runs: number) => number[] }).benchCalibration(5));
  const sorted = [...ms].sort((a, b) => a - b);
  console.log(`\nIn Chromium: fitting 200 levels, 5 runs: ${ms.map((m) => m.toFixed(0)).join(', ')} ms (median ${sorted[2].toFixed(0)} ms; aim < 2000 ms)`);
} finally {
  await browser.close();
}
