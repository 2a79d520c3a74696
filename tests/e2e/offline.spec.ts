import { test, expect } from '@playwright/test';
import { cell, grid, openStudio, pick } from './helpers.ts';

test('after one visit the studio loads and edits with the network off', async ({ page, context }) => {
  await openStudio(page);
  // wait for the service worker to take control of the page
  await page.waitForFunction(async () => {
    const reg = await navigator.serviceWorker.ready;
    return !!reg.active;
  });
  await page.reload();
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);

  await context.setOffline(true);
  await page.reload();
  await expect(grid(page)).toBeVisible();
  await page.getByRole('button', { name: 'New level' }).click();
  await pick(page, 'value', 'Orange (hexagon)');
  await cell(page, 3, 3).click();
  await expect(cell(page, 3, 3)).toHaveAttribute('data-tile', 'orange');
  await context.setOffline(false);
});
