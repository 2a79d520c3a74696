import { test, expect } from '@playwright/test';
import { boardState, cell, drag, grid, openStudio, pick, waitSaved, setField } from './helpers.ts';

test.describe('editor', () => {
  test('New level makes a 9×9 board, 25 moves, 5 colours, one collect objective', async ({ page }) => {
    await openStudio(page);
    await page.getByRole('button', { name: 'New level' }).click();
    await expect(grid(page).locator('[data-x]')).toHaveCount(81);
    await expect(page.getByLabel('Width')).toHaveValue('9');
    await expect(page.getByLabel('Height')).toHaveValue('9');
    await expect(page.getByLabel('Moves')).toHaveValue('25');
    await expect(page.getByLabel('Colors')).toHaveValue('5');
    await expect(page.getByLabel('Objective 1 type')).toHaveValue('collect');
    await expect(page.getByLabel('Objective 2 type')).toHaveCount(0);
    const current = page.getByRole('list', { name: 'Levels' }).locator('li.current');
    await expect(current).toHaveCount(1);
  });

  test('brush, rectangle, fill, eyedropper and erase on each layer, with undo and redo', async ({ page }) => {
    await openStudio(page);
    await page.getByRole('button', { name: 'New level' }).click();

    // brush on the tile layer: a drag paints every cell it crosses, as one undo step
    await pick(page, 'tool', 'Brush');
    await pick(page, 'layer', 'Tile');
    await pick(page, 'value', 'Blue (diamond)');
    await drag(page, [0, 0], [4, 0]);
    for (let x = 0; x <= 4; x++) await expect(cell(page, x, 0)).toHaveAttribute('data-tile', 'blue');
    await expect(cell(page, 5, 0)).toHaveAttribute('data-tile', 'random');

    // rectangle on the cover layer
    await pick(page, 'layer', 'Cover');
    await pick(page, 'tool', 'Rectangle');
    await pick(page, 'value', 'Ice, 2 layers');
    await drag(page, [6, 6], [2, 4]);
    await expect(cell(page, 2, 4)).toHaveAttribute('data-cover', 'ice:2');
    await expect(cell(page, 6, 6)).toHaveAttribute('data-cover', 'ice:2');
    await expect(cell(page, 7, 6)).toHaveAttribute('data-cover', 'none');

    // fill on the ground layer: the whole connected area without jelly
    await pick(page, 'layer', 'Ground');
    await pick(page, 'tool', 'Fill');
    await pick(page, 'value', 'Jelly, 1 layer');
    await cell(page, 8, 8).click();
    await expect(grid(page).locator('[data-ground="jelly:1"]')).toHaveCount(81);

    // chain with the brush, then eyedropper picks it back up from the cover layer
    await pick(page, 'layer', 'Cover');
    await pick(page, 'tool', 'Brush');
    await pick(page, 'value', 'Chain');
    await cell(page, 8, 0).click();
    await expect(cell(page, 8, 0)).toHaveAttribute('data-cover', 'chain');
    await pick(page, 'value', 'Ice, 1 layer');
    await pick(page, 'tool', 'Eyedropper');
    await cell(page, 8, 0).click();
    await expect(page.getByRole('radio', { name: 'Chain', exact: true })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('radio', { name: 'Brush', exact: true })).toHaveAttribute('aria-checked', 'true');

    // erase on the tile layer resets the tile to random
    await pick(page, 'layer', 'Tile');
    await pick(page, 'tool', 'Erase');
    await cell(page, 1, 0).click();
    await expect(cell(page, 1, 0)).toHaveAttribute('data-tile', 'random');

    // specials, crates and voids from the palette
    await pick(page, 'tool', 'Brush');
    for (const [name, x, y, code] of [
      ['Bomb', 0, 8, 'bomb'],
      ['Rainbow', 1, 8, 'rainbow'],
      ['Horizontal rocket', 2, 8, 'rocket_h'],
      ['Vertical rocket', 3, 8, 'rocket_v'],
      ['Crate, 3 hp', 4, 8, 'crate'],
      ['Void (no cell)', 5, 8, 'void'],
    ] as const) {
      await pick(page, 'value', name);
      await cell(page, x, y).click();
      await expect(cell(page, x, y)).toHaveAttribute('data-tile', code);
    }
    await expect(cell(page, 5, 8)).toHaveAttribute('data-ground', 'none'); // a void holds no ground

    // undo walks back one action at a time; redo replays it exactly
    const before = await boardState(page);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(cell(page, 5, 8)).toHaveAttribute('data-tile', 'random');
    await expect(cell(page, 5, 8)).toHaveAttribute('data-ground', 'jelly:1');
    await page.getByRole('button', { name: 'Redo' }).click();
    expect(await boardState(page)).toEqual(before);

    // keyboard: Ctrl+Z twice, Ctrl+Shift+Z once
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    await expect(cell(page, 4, 8)).toHaveAttribute('data-tile', 'random');
    await page.keyboard.press('Control+Shift+z');
    await expect(cell(page, 4, 8)).toHaveAttribute('data-tile', 'crate');

    // undo everything: the board is back to a fresh level
    for (let i = 0; i < 30; i++) {
      const undo = page.getByRole('button', { name: 'Undo' });
      if (await undo.isDisabled()) break;
      await undo.click();
    }
    const fresh = await boardState(page);
    expect(fresh.every((c) => c === 'random|none|none')).toBe(true);
  });

  test('resize keeps the cells that fit; refused values show the reason', async ({ page }) => {
    await openStudio(page);
    await page.getByRole('button', { name: 'New level' }).click();
    await pick(page, 'value', 'Red (circle)');
    await cell(page, 2, 2).click();
    await setField(page, 'Width', '12');
    await setField(page, 'Height', '5');
    await expect(grid(page).locator('[data-x]')).toHaveCount(60);
    await expect(cell(page, 2, 2)).toHaveAttribute('data-tile', 'red');
    await expect(cell(page, 11, 4)).toBeVisible();

    await setField(page, 'Width', '40');
    await expect(page.getByRole('alert').filter({ hasText: 'Width must be a whole number from 3 to 16.' })).toBeVisible();
    await expect(page.getByLabel('Width')).toHaveValue('12');
    await expect(grid(page).locator('[data-x]')).toHaveCount(60);

    await setField(page, 'Moves', '31');
    await setField(page, 'Colors', '6');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByLabel('Colors')).toHaveValue('5');
    await expect(page.getByLabel('Moves')).toHaveValue('31');
  });

  test('objectives: all five types can be set, added and removed', async ({ page }) => {
    await openStudio(page);
    await page.getByRole('button', { name: 'New level' }).click();
    await setField(page, 'Objective 1 count', '45');
    await page.getByLabel('Objective 1 colour').selectOption('purple');
    await expect(page.getByLabel('Objective 1 colour')).toHaveValue('purple');
    await expect(page.getByLabel('Objective 1 count')).toHaveValue('45');

    await page.getByRole('button', { name: 'Add objective' }).click();
    await page.getByLabel('Objective 2 type').selectOption('clear_cover');
    await page.getByLabel('Objective 2 cover').selectOption('chain');
    await page.getByRole('button', { name: 'Add objective' }).click();
    await page.getByLabel('Objective 3 type').selectOption('score');
    await setField(page, 'Objective 3 target score', '12000');
    await page.getByRole('button', { name: 'Add objective' }).click();
    await page.getByLabel('Objective 4 type').selectOption('clear_crates');
    await expect(page.getByRole('button', { name: 'Add objective' })).toBeDisabled();

    // unmeetable objectives are warned about
    const warnings = page.getByRole('region', { name: 'Warnings' });
    await expect(warnings).toContainText('clear chain: the board has no chain');
    await expect(warnings).toContainText('clear crates: the board has no crates');

    await page.getByRole('button', { name: 'Remove objective 2' }).click();
    await expect(page.getByLabel('Objective 2 type')).toHaveValue('score');
    await page.getByLabel('Objective 3 type').selectOption('clear_ground');
    await expect(warnings).toContainText('clear jelly: the board has no jelly');
    await expect(page.getByLabel('Objective 3 type')).toHaveValue('clear_ground');
  });

  test('levels: duplicate, reorder, delete with undo', async ({ page }) => {
    await openStudio(page);
    const list = page.getByRole('list', { name: 'Levels' });
    await page.getByRole('button', { name: 'New level' }).click();
    await setField(page, 'Level name', 'Alpha');
    await expect(list.getByRole('listitem', { name: 'Alpha' })).toBeVisible();
    await page.getByRole('button', { name: 'Duplicate Alpha' }).click();
    await expect(list.getByRole('listitem', { name: 'Alpha copy' })).toBeVisible();
    const names = () => list.locator('li.level').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    let order = await names();
    expect(order.indexOf('Alpha copy')).toBe(order.indexOf('Alpha') + 1);

    await page.getByRole('button', { name: 'Move Alpha copy up' }).click();
    order = await names();
    expect(order.indexOf('Alpha copy')).toBe(order.indexOf('Alpha') - 1);

    const count = order.length;
    await page.getByRole('button', { name: 'Delete Alpha copy' }).click();
    await expect(list.locator('li.level')).toHaveCount(count - 1);
    await page.getByRole('status').getByRole('button', { name: 'Undo' }).click();
    await expect(list.locator('li.level')).toHaveCount(count);
    expect(await names()).toEqual(order);
  });

  test('everything is still there after a reload', async ({ page }) => {
    await openStudio(page);
    await page.getByRole('button', { name: 'New level' }).click();
    await setField(page, 'Level name', 'Persisted');
    await pick(page, 'value', 'Yellow (star)');
    await drag(page, [0, 2], [3, 2]);
    await pick(page, 'layer', 'Ground');
    await pick(page, 'value', 'Jelly, 2 layers');
    await cell(page, 5, 5).click();
    await setField(page, 'Moves', '42');
    const before = await boardState(page);
    await waitSaved(page);
    await page.reload();
    await expect(grid(page)).toBeVisible();
    await expect(page.getByLabel('Level name')).toHaveValue('Persisted');
    await expect(page.getByLabel('Moves')).toHaveValue('42');
    expect(await boardState(page)).toEqual(before);
  });
});

test('the board can be painted from the keyboard', async ({ page }) => {
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  await pick(page, 'value', 'Purple (triangle)');
  await grid(page).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(cell(page, 2, 1)).toHaveAttribute('data-tile', 'purple');
  await page.keyboard.press('Control+z');
  await expect(cell(page, 2, 1)).toHaveAttribute('data-tile', 'random');
});
