import { test, expect } from '@playwright/test';
import { cell, grid, openStudio, pick, waitSaved } from './helpers.ts';

test('a full disk is shown, nothing in memory is lost, and Retry saves it', async ({ page }) => {
  await page.addInitScript(() => {
    const proto = IDBObjectStore.prototype;
    const realPut = proto.put;
    proto.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if ((window as unknown as { __diskFull?: boolean }).__diskFull && this.name === 'levels')
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return realPut.apply(this, args);
    };
  });
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  await waitSaved(page);
  await page.evaluate(() => ((window as unknown as { __diskFull: boolean }).__diskFull = true));
  await pick(page, 'value', 'Blue (diamond)');
  await cell(page, 4, 4).click();
  await expect(page.getByRole('alert').filter({ hasText: 'out of storage space' })).toBeVisible();
  await expect(cell(page, 4, 4)).toHaveAttribute('data-tile', 'blue');
  // editing goes on while the disk is full
  await cell(page, 5, 4).click();
  await expect(cell(page, 5, 4)).toHaveAttribute('data-tile', 'blue');
  await expect(page.getByRole('status').filter({ hasText: 'Saving' })).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: 'out of storage space' })).toBeVisible();

  await page.evaluate(() => ((window as unknown as { __diskFull: boolean }).__diskFull = false));
  await page.getByRole('button', { name: 'Retry' }).click();
  await waitSaved(page);
  await page.reload();
  await expect(grid(page)).toBeVisible();
  await expect(cell(page, 4, 4)).toHaveAttribute('data-tile', 'blue');
  await expect(cell(page, 5, 4)).toHaveAttribute('data-tile', 'blue');
});

test('without IndexedDB the studio still edits, and says nothing is saved', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'indexedDB', {
      get() {
        throw new DOMException('The user denied permission to access the database.', 'InvalidStateError');
      },
    });
  });
  await openStudio(page);
  await expect(page.getByRole('status').filter({ hasText: 'Not saved' })).toBeVisible();
  await pick(page, 'value', 'Red (circle)');
  await cell(page, 0, 0).click();
  await expect(cell(page, 0, 0)).toHaveAttribute('data-tile', 'red');
});
