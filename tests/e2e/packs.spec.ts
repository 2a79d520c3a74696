import { test, expect, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { openStudio, setField } from './helpers.ts';

const list = (page: Page) => page.getByRole('list', { name: 'Levels' });

for (const width of [1024, 1440]) {
  test(`every pack's Export button is whole and inside the level list at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await openStudio(page);
    await page.getByRole('button', { name: '+ New pack' }).click();
    await page.getByLabel('Pack name').last().fill('A pack with a rather long name for its header');
    await page.getByLabel('Pack name').last().press('Enter');
    const aside = (await page.locator('aside.left').boundingBox())!;
    const buttons = page.getByRole('button', { name: 'Export pack' });
    await expect(buttons).toHaveCount(2);
    for (const b of await buttons.all()) {
      const box = (await b.boundingBox())!;
      expect(box.width).toBeGreaterThan(10);
      expect(box.x).toBeGreaterThanOrEqual(aside.x);
      // inside the column's visible part (its scrollbar-free width)
      const visibleRight = await page.locator('aside.left').evaluate((el) => el.getBoundingClientRect().left + el.clientWidth);
      expect(box.x + box.width).toBeLessThanOrEqual(visibleRight + 0.5);
    }
    await page.locator('aside.left').screenshot({ path: `test-results/screenshots/packs-${width}.png` });
  });
}

async function exportSamplePack(page: Page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export pack' }).first().click()]);
  return (await download.path())!;
}

test('importing a pack whose levels are already here asks: cancel, keep both, or replace', async ({ page }) => {
  await openStudio(page);
  const path = await exportSamplePack(page);
  const pack = JSON.parse(await readFile(path, 'utf8'));
  const n = pack.levels.length;
  const count = await list(page).locator('li.level').count();
  const question = page.getByRole('dialog', { name: 'These levels are already here' });

  // cancel: nothing changes
  await page.getByLabel('Choose level or pack files to import').setInputFiles(path);
  await expect(question).toBeVisible();
  await expect(question).toContainText(`${n} of its ${n} levels have the same ids`);
  await page.screenshot({ path: 'test-results/screenshots/pack-question.png' });
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await expect(list(page).locator('li.level')).toHaveCount(count);

  // Escape is cancel too
  await page.getByLabel('Choose level or pack files to import').setInputFiles(path);
  await expect(question).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(list(page).locator('li.level')).toHaveCount(count);

  // keep both: new ids, "(2)" names, in a new pack
  await page.getByLabel('Choose level or pack files to import').setInputFiles(path);
  await question.getByRole('button', { name: 'Keep both' }).click();
  await expect(list(page).locator('li.level')).toHaveCount(count + n);
  await expect(list(page).getByRole('listitem', { name: `${pack.levels[0].name} (2)` })).toBeVisible();
  const ids = await list(page).locator('li.level').evaluateAll((els) => els.map((e) => e.getAttribute('data-level-id')));
  expect(new Set(ids).size).toBe(ids.length);

  // replace: the first level's name changed here; the file's version takes its place, no level added
  await list(page).locator('li.level').first().getByRole('button').first().click();
  await setField(page, 'Level name', 'Renamed here');
  await expect(list(page).getByRole('listitem', { name: 'Renamed here' })).toBeVisible();
  await page.getByLabel('Choose level or pack files to import').setInputFiles(path);
  await question.getByRole('button', { name: 'Replace them' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Replaced ${n} levels` })).toBeVisible();
  await expect(list(page).locator('li.level')).toHaveCount(count + n);
  await expect(list(page).getByRole('listitem', { name: 'Renamed here' })).toHaveCount(0);
  await expect(page.getByLabel('Level name')).toHaveValue(pack.levels[0].name);
  // and Undo on the notice puts the replaced levels back
  await page.getByRole('status').filter({ hasText: `Replaced ${n} levels` }).getByRole('button', { name: 'Undo' }).click();
  await expect(list(page).getByRole('listitem', { name: 'Renamed here' })).toBeVisible();
  await expect(page.getByLabel('Level name')).toHaveValue('Renamed here');
});

test('a pack with levels can be deleted, and Undo brings it back', async ({ page }) => {
  await openStudio(page);
  await page.getByRole('button', { name: '+ New pack' }).click();
  await page.getByLabel('Pack name').last().fill('Doomed');
  await page.getByLabel('Pack name').last().press('Enter');
  // a level into the new pack: New level right after New pack goes there (issue 40)
  const doomed = page.locator('li.pack').last();
  await page.getByRole('button', { name: 'New level' }).click();
  await setField(page, 'Level name', 'Doomed one');
  const packId = await doomed.getAttribute('data-pack-id');
  await expect(page.locator(`li.pack[data-pack-id="${packId}"] + li.level`)).toHaveAttribute('aria-label', 'Doomed one');
  const count = await list(page).locator('li.level').count();

  await page.getByRole('button', { name: 'Delete pack Doomed' }).click();
  await expect(page.getByLabel('Pack name')).toHaveCount(1);
  await expect(list(page).locator('li.level')).toHaveCount(count - 1);
  await expect(list(page).getByRole('listitem', { name: 'Doomed one' })).toHaveCount(0);
  const notice = page.getByRole('status').filter({ hasText: 'Deleted pack “Doomed” with the levels in it (1).' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByLabel('Pack name').last()).toHaveValue('Doomed');
  await expect(list(page).getByRole('listitem', { name: 'Doomed one' })).toBeVisible();
  await expect(page.getByLabel('Level name')).toHaveValue('Doomed one');

  // the last pack cannot go: its delete button is not offered
  await page.getByRole('button', { name: 'Delete pack Sample pack' }).click();
  await expect(page.getByLabel('Pack name')).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^Delete pack/ })).toHaveCount(0);
});
