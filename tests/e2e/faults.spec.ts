// Injected storage faults: an aborted autosave, an older tab blocking the upgrade, a newer tab
// upgrading under an open one. The designer is told, the level in memory survives, saving resumes.
import { test, expect } from '@playwright/test';
import { cell, grid, openStudio, pick, waitSaved } from './helpers.ts';

test('a transaction aborted mid-autosave is reported; the level survives and the next save succeeds', async ({ page }) => {
  await page.addInitScript(() => {
    const proto = IDBObjectStore.prototype;
    const realPut = proto.put;
    proto.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      const req = realPut.apply(this, args);
      const w = window as unknown as { __abortNext?: number };
      if (w.__abortNext && this.name === 'levels') {
        w.__abortNext--;
        this.transaction.abort(); // the write was issued, then the transaction dies under it
      }
      return req;
    };
  });
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  await waitSaved(page);
  await page.evaluate(() => ((window as unknown as { __abortNext: number }).__abortNext = 1));
  await pick(page, 'value', 'Blue (diamond)');
  await cell(page, 3, 3).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Not saved' });
  await expect(alert).toBeVisible();
  await expect(alert).not.toContainText(/undefined|\[object/);
  await expect(cell(page, 3, 3)).toHaveAttribute('data-tile', 'blue');
  // the next change saves both
  await cell(page, 4, 3).click();
  await waitSaved(page);
  await page.reload();
  await expect(grid(page)).toBeVisible();
  await expect(cell(page, 3, 3)).toHaveAttribute('data-tile', 'blue');
  await expect(cell(page, 4, 3)).toHaveAttribute('data-tile', 'blue');
});

test('an older tab holding the database blocks the upgrade: the studio says so and opens once it lets go', async ({ browser }) => {
  const context = await browser.newContext();
  const old = await context.newPage();
  await old.goto('./favicon.svg'); // same origin, no studio code
  // an old tab: holds the database at an earlier version and ignores requests to close
  await old.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const r = indexedDB.open('match3-studio', 1);
        r.onsuccess = () => {
          (window as unknown as { __db: IDBDatabase }).__db = r.result;
          r.result.onversionchange = () => {};
          resolve();
        };
      }),
  );
  const page = await context.newPage();
  await page.goto('./');
  await expect(page.getByRole('alert').filter({ hasText: 'older version of the studio is open there' })).toBeVisible();
  await expect(page.locator('main.loading')).toContainText('Close that tab');
  await expect(page.getByRole('button', { name: 'Retry' })).toBeHidden(); // nothing to retry: the studio waits by itself
  await old.evaluate(() => (window as unknown as { __db: IDBDatabase }).__db.close());
  await expect(grid(page)).toBeVisible();
  await pick(page, 'value', 'Red (circle)');
  await cell(page, 1, 1).click();
  await waitSaved(page);
  await context.close();
});

test('a newer studio upgrading the database in another tab: this tab says so and keeps the level', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openStudio(page);
  await waitSaved(page).catch(() => {});
  const newer = await context.newPage();
  await newer.goto('./favicon.svg');
  const upgraded = newer.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const r = indexedDB.open('match3-studio', 1000);
        r.onupgradeneeded = () => {};
        r.onsuccess = () => {
          const v = r.result.version;
          r.result.close();
          resolve(v);
        };
        r.onerror = () => reject(r.error);
      }),
  );
  expect(await upgraded).toBe(1000); // the open tab let go instead of blocking it
  await pick(page, 'value', 'Green (square)');
  await cell(page, 2, 2).click();
  await expect(page.getByRole('alert').filter({ hasText: 'newer version of the studio was opened in another tab' })).toBeVisible();
  await expect(cell(page, 2, 2)).toHaveAttribute('data-tile', 'green');
  // the level can still be exported from memory
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export level' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.json$/);
  await context.close();
});
