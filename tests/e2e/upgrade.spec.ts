// Hardening: a schema upgrade blocked by an old tab. The old tab holds the studio's database at schema
// version 1 (as Dexie made it: IndexedDB version 10, the version-1 tables and indexes) with a level in it,
// and ignores the request to close. The studio must say what is happening and what to do, go on by
// itself once the old tab lets go, and keep everything the old version stored.
import { test, expect, type Page } from '@playwright/test';
import { cell, grid, pick, waitSaved } from './helpers.ts';

const OLD_LEVEL = {
  format: 'match3-level',
  version: 1,
  id: 'kept-from-v1',
  name: 'Kept from schema 1',
  width: 6,
  height: 5,
  moves: 17,
  colors: 4,
  seed: 4242,
  cells: Array.from({ length: 5 }, (_, y) => Array.from({ length: 6 }, (_, x) => (x === 0 && y === 0 ? { tile: 'crate', hp: 2 } : x === 5 && y === 4 ? { tile: 'blue' } : {}))),
  objectives: [{ type: 'score', target: 900 }],
};

/** In `old` (same origin, no studio code): the database at schema version 1 with one level and its pack, held open. */
async function holdSchemaOne(old: Page) {
  await old.goto('./favicon.svg');
  await old.evaluate(
    (level) =>
      new Promise<void>((resolve, reject) => {
        const r = indexedDB.open('match3-studio', 10); // Dexie stores version(1) as 10
        r.onupgradeneeded = () => {
          const db = r.result;
          db.createObjectStore('levels', { keyPath: 'id' }).createIndex('updatedAt', 'updatedAt');
          db.createObjectStore('packs', { keyPath: 'id' }).createIndex('order', 'order');
          const messages = db.createObjectStore('messages', { keyPath: 'id' });
          messages.createIndex('levelId', 'levelId');
          messages.createIndex('[levelId+createdAt]', ['levelId', 'createdAt']);
          db.createObjectStore('settings', { keyPath: 'key' });
          db.createObjectStore('analyses', { keyPath: 'key' }).createIndex('createdAt', 'createdAt');
          r.transaction!.objectStore('levels').put({ id: level.id, level, updatedAt: 1 });
          r.transaction!.objectStore('packs').put({ id: 'old-pack', name: 'Old pack', order: 0, levelIds: [level.id] });
        };
        r.onsuccess = () => {
          const w = window as unknown as { __db: IDBDatabase; __asked: number };
          w.__db = r.result;
          w.__asked = 0;
          r.result.onversionchange = () => void w.__asked++; // an old studio that does not let go
          resolve();
        };
        r.onerror = () => reject(r.error);
      }),
    OLD_LEVEL,
  );
}

for (const letGo of ['closes its connection', 'is closed'] as const) {
  test(`a schema-1 tab blocks the upgrade: the studio says why and what to do, then opens by itself when the old tab ${letGo}, nothing lost`, async ({ browser }) => {
    const context = await browser.newContext();
    const old = await context.newPage();
    await holdSchemaOne(old);

    const page = await context.newPage();
    await page.goto('./');
    const alert = page.getByRole('alert').filter({ hasText: 'older version of the studio is open there' });
    await expect(alert).toBeVisible();
    await expect(page.locator('main.loading')).toContainText('Close that tab');
    await expect(grid(page)).toBeHidden();
    // nothing can be made or imported that the stored workspace would replace once it loads
    await expect(page.getByRole('button', { name: 'New level' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Import level' })).toBeDisabled();
    await page.getByLabel('Choose level or pack files to import').setInputFiles({ name: 'early.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ ...OLD_LEVEL, id: 'early', name: 'Dropped too early' })) });
    await expect(page.getByText('Nothing imported: the studio has not finished opening your saved levels.')).toBeVisible();
    expect(await old.evaluate(() => (window as unknown as { __asked: number }).__asked)).toBeGreaterThan(0); // the old tab was asked

    if (letGo === 'closes its connection') await old.evaluate(() => (window as unknown as { __db: IDBDatabase }).__db.close());
    else await old.close();

    // no reload, no click: the studio goes on
    await expect(grid(page)).toBeVisible();
    await expect(alert).toBeHidden();
    // what schema 1 held is all there
    const list = page.getByRole('list', { name: 'Levels' });
    await expect(list.locator('li.level[data-level-id="kept-from-v1"]')).toHaveCount(1);
    await expect(list.locator('li.level[aria-label="Dropped too early"]')).toHaveCount(0); // refused, and it said so
    await list.locator('li.level[data-level-id="kept-from-v1"] button.open').click();
    await expect(page.getByLabel('Level name')).toHaveValue('Kept from schema 1');
    await expect(page.getByLabel('Moves', { exact: true })).toHaveValue('17');
    await expect(cell(page, 0, 0)).toHaveAttribute('data-tile', 'crate');
    await expect(cell(page, 5, 4)).toHaveAttribute('data-tile', 'blue');
    // the database is now at schema 2 with the new table
    const after = await page.evaluate(
      () =>
        new Promise<{ version: number; stores: string[] }>((resolve) => {
          const r = indexedDB.open('match3-studio');
          r.onsuccess = () => {
            const out = { version: r.result.version, stores: [...r.result.objectStoreNames] };
            r.result.close();
            resolve(out);
          };
        }),
    );
    expect(after.version).toBe(70);
    expect(after.stores).toEqual(expect.arrayContaining(['levels', 'packs', 'messages', 'settings', 'analyses', 'reports', 'summaries', 'games', 'folders', 'folderFiles', 'deleted', 'deletedLevels']));
    // and it saves: an edit survives a reload
    await pick(page, 'value', 'Green (square)');
    await cell(page, 2, 2).click();
    await waitSaved(page);
    await page.reload();
    await expect(grid(page)).toBeVisible();
    await page.getByRole('list', { name: 'Levels' }).locator('li.level[data-level-id="kept-from-v1"] button.open').click();
    await expect(cell(page, 2, 2)).toHaveAttribute('data-tile', 'green');
    await expect(cell(page, 0, 0)).toHaveAttribute('data-tile', 'crate');
    await context.close();
  });
}
