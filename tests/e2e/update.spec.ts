import { test, expect } from '@playwright/test';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { grid } from './helpers.ts';

const DIR = 'test-results/dist-update';

test('a new deployment shows "update available", and Reload switches to it', async ({ page }) => {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  cpSync('dist', DIR, { recursive: true });
  await page.goto(`http://127.0.0.1:${process.env.PW_UPDATE_PORT ?? 4176}/`);
  await expect(grid(page)).toBeVisible();
  await page.waitForFunction(async () => !!(await navigator.serviceWorker.ready).active);
  await page.reload();
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);

  // deploy a "new version": the service worker script changes
  writeFileSync(`${DIR}/sw.js`, readFileSync(`${DIR}/sw.js`, 'utf8') + '\n// next deployment\n');
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
  const prompt = page.getByRole('status').filter({ hasText: 'A new version of the studio is available.' });
  await expect(prompt).toBeVisible({ timeout: 20_000 });
  await prompt.getByRole('button', { name: 'Reload' }).click();
  await expect(grid(page)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'A new version of the studio is available.' })).toHaveCount(0);
});
