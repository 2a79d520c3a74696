import { test, expect } from '@playwright/test';
import { cell, grid, pick } from './helpers.ts';

test('the build works from a static host under a sub-path: editing, workers, service worker', async ({ page }) => {
  const base = `http://127.0.0.1:${process.env.PW_SUBPATH_PORT ?? 4175}/tools/studio/`;
  const failed: string[] = [];
  page.on('response', (r) => r.status() >= 400 && failed.push(r.url()));
  await page.goto(base);
  await expect(grid(page)).toBeVisible();
  await pick(page, 'value', 'Blue (diamond)');
  await cell(page, 1, 1).click();
  await expect(cell(page, 1, 1)).toHaveAttribute('data-tile', 'blue');
  await page.getByRole('button', { name: 'Analyze', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Analysis report' })).toBeVisible({ timeout: 30_000 });
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(base);
  expect(failed).toEqual([]);
});
