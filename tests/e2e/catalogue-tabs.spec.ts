// Two tabs of one browser profile: the catalogue follows what the other tab writes (Dexie's live query,
// src/db/storage.ts watchOtherTabs) without a reload: a pack imported, a level renamed or deleted there
// shows in this tab's list.
import { expect, test, type Page } from '@playwright/test';
import { openStudio, setField, waitSaved } from './helpers.ts';
import { generatedPackText } from '../fixtures/catalogue.ts';

const list = (page: Page) => page.getByRole('list', { name: 'Levels' });
const row = (page: Page, name: string) => list(page).getByRole('listitem', { name, exact: true });
const importText = (page: Page, name: string, text: string) =>
  page.getByLabel('Choose level or pack files to import').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });

test('a pack imported, a level renamed and one deleted in tab A show in tab B\'s list without a reload', async ({ browser }) => {
  test.slow();
  const context = await browser.newContext();
  const a = await context.newPage();
  await openStudio(a);
  await waitSaved(a).catch(() => {});
  const b = await context.newPage();
  await openStudio(b);
  const start = Number(await list(b).getAttribute('data-count'));
  const openInB = await b.getByLabel('Level name', { exact: true }).inputValue();

  // an import of 600 levels (more than one page of 500) in A
  await importText(a, 'episode.json', generatedPackText(600, 'Episode from A', 'tabA'));
  await expect(a.getByRole('status').filter({ hasText: 'Imported pack “Episode from A” (600 levels)' })).toBeVisible({ timeout: 60_000 });
  await expect(list(b)).toHaveAttribute('data-count', String(start + 600));
  await b.getByLabel('Search levels').fill('Level 599');
  await expect(row(b, 'Level 599')).toBeVisible();
  await b.getByLabel('Search levels').fill('');
  // B kept its own open level
  await expect(b.getByLabel('Level name', { exact: true })).toHaveValue(openInB);

  // A renames the level it has open (imported: not open in B) and B's list follows
  await expect(a.getByLabel('Level name', { exact: true })).toHaveValue('Level 1');
  await setField(a, 'Level name', 'Renamed in tab A');
  await waitSaved(a);
  await b.getByLabel('Search levels').fill('Renamed in tab A');
  await expect(row(b, 'Renamed in tab A')).toBeVisible();
  await expect(list(b)).toHaveAttribute('data-count', '1');
  await b.getByLabel('Search levels').fill('');

  // A deletes it; it leaves B's list
  await row(a, 'Renamed in tab A').getByRole('button', { name: /Delete/ }).click();
  await expect(list(b)).toHaveAttribute('data-count', String(start + 599));
  await b.getByLabel('Search levels').fill('Renamed in tab A');
  await expect(list(b)).toHaveAttribute('data-count', '0');
  await context.close();
});
