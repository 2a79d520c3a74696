// Issue 10's editor faults, each as the designer met it.
import { test, expect } from '@playwright/test';
import { cell, grid, openStudio, pick, setField } from './helpers.ts';

test('the board keeps its place and cell size whatever the layer or tool', async ({ page }) => {
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  await pick(page, 'layer', 'Tile');
  const box = await grid(page).boundingBox();
  const cellBox = await cell(page, 0, 0).boundingBox();
  for (const layer of ['Ground', 'Cover', 'Tile', 'Ground']) {
    await pick(page, 'layer', layer);
    expect(await grid(page).boundingBox(), layer).toEqual(box);
    expect(await cell(page, 0, 0).boundingBox(), layer).toEqual(cellBox);
  }
  for (const tool of ['Select', 'Fill', 'Eyedropper', 'Brush']) {
    const radio = page.getByRole('radio', { name: tool, exact: true });
    if (!(await radio.count())) continue; // a tool this build does not have yet
    await radio.click();
    expect(await grid(page).boundingBox(), tool).toEqual(box);
  }
});

test('the eyedropper takes what is on top of the cell and switches to its layer', async ({ page }) => {
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  await pick(page, 'value', 'Red (circle)');
  await cell(page, 1, 1).click();
  await pick(page, 'layer', 'Cover');
  await pick(page, 'value', 'Ice, 2 layers');
  await cell(page, 1, 1).click();
  await pick(page, 'layer', 'Tile');
  await pick(page, 'value', 'Crate, 2 hp');
  await cell(page, 3, 3).click();
  await pick(page, 'layer', 'Ground');
  await pick(page, 'value', 'Jelly, 2 layers');
  await cell(page, 5, 5).click();

  // on Ground, eyedropping an iced red tile picks the ice (on top), on the Cover layer
  await pick(page, 'value', 'Jelly, 1 layer');
  await pick(page, 'tool', 'Eyedropper');
  await cell(page, 1, 1).click();
  await expect(page.getByRole('radio', { name: 'Cover', exact: true })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('radio', { name: 'Ice, 2 layers', exact: true })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('radio', { name: 'Brush', exact: true })).toHaveAttribute('aria-checked', 'true');

  // on Cover, a crate: the Tile layer
  await pick(page, 'tool', 'Eyedropper');
  await cell(page, 3, 3).click();
  await expect(page.getByRole('radio', { name: 'Tile', exact: true })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('radio', { name: 'Crate, 2 hp', exact: true })).toHaveAttribute('aria-checked', 'true');

  // on Tile, jelly under a random tile: the Ground layer
  await pick(page, 'tool', 'Eyedropper');
  await cell(page, 5, 5).click();
  await expect(page.getByRole('radio', { name: 'Ground', exact: true })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('radio', { name: 'Jelly, 2 layers', exact: true })).toHaveAttribute('aria-checked', 'true');
});

test('an erase that changes nothing says so and leaves history alone', async ({ page }) => {
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  await pick(page, 'value', 'Blue (diamond)');
  await cell(page, 0, 0).click();
  await pick(page, 'value', 'Crate, 1 hp');
  await cell(page, 2, 2).click();
  await pick(page, 'layer', 'Ground');
  await pick(page, 'tool', 'Erase');
  await cell(page, 2, 2).click();
  await expect(cell(page, 2, 2)).toHaveAttribute('data-tile', 'crate');
  const notice = page.getByRole('status').filter({ hasText: 'Nothing to erase' });
  await expect(notice).toContainText('Nothing to erase on the Ground layer at C3');
  await expect(notice).toContainText('Tile layer');
  // the next undo undoes the crate, the last real change
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(cell(page, 2, 2)).toHaveAttribute('data-tile', 'random');
  await expect(cell(page, 0, 0)).toHaveAttribute('data-tile', 'blue');
});

test('the properties form words a refused value as a sentence', async ({ page }) => {
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  await setField(page, 'Width', '40');
  const alert = page.getByRole('alert').filter({ hasText: 'Width' });
  await expect(alert).toHaveText('Width must be a whole number from 3 to 16.');
  await expect(page.getByLabel('Width')).toHaveValue('9');
  await setField(page, 'Moves', '2.5');
  await expect(page.getByRole('alert').filter({ hasText: 'Moves' })).toHaveText('Moves must be a whole number from 1 to 200.');
  await setField(page, 'Level name', '   ');
  await expect(page.getByRole('alert').filter({ hasText: 'name' })).toHaveText('A level needs a name of 1 to 80 characters.');
  await expect(page.getByRole('alert')).not.toContainText('set_grid_size');
  await setField(page, 'Objective 1 count', '0');
  await expect(page.getByRole('alert').filter({ hasText: 'count' })).toHaveText('The count to collect must be a whole number from 1 to 999.');
  await expect(page.getByLabel('Objective 1 count')).toHaveValue('30');
});

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' });
  test('the properties form words a refused value as a Chinese sentence', async ({ page }) => {
    await page.goto('./');
    await expect(grid(page)).toBeVisible();
    await page.getByRole('button', { name: '新建关卡', exact: true }).click();
    await setField(page, '高度', '2');
    await expect(page.getByRole('alert').filter({ hasText: '高度' })).toHaveText('高度必须是 3 到 16 之间的整数。');
  });
});
