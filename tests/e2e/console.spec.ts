// A clean console: a first visit, a reload and a reload with the network off log no error and no
// warning (issue 23: every load logged the CSP's "invalid source: 'http://[::1]:*'" twice).
import { test, expect, type Page } from '@playwright/test';
import { grid, openStudio } from './helpers.ts';

/** Every console error or warning and every uncaught exception, from the first navigation on. */
function watchConsole(page: Page) {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') seen.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => seen.push(`exception: ${e.message}`));
  return seen;
}

test('loading, reloading and going offline log no console error or warning', async ({ page, context }) => {
  const seen = watchConsole(page);
  await openStudio(page);
  await page.waitForFunction(async () => !!(await navigator.serviceWorker.ready).active);
  expect(seen, 'first visit').toEqual([]);

  await page.reload();
  await expect(grid(page)).toBeVisible();
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
  expect(seen, 'reload').toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await expect(grid(page)).toBeVisible();
  // the level list and the first level's board are drawn from storage, offline
  await expect(page.getByRole('button', { name: 'New level' })).toBeEnabled();
  await context.setOffline(false);
  expect(seen, 'offline reload').toEqual([]);
});
