import { test, expect } from '@playwright/test';
import { grid, openStudio, setField } from './helpers.ts';

test('the studio in English and in 简体中文, switched in Settings and remembered', async ({ page }) => {
  await openStudio(page);
  await expect(page.getByRole('button', { name: 'New level' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/studio-en.png' });

  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByLabel('Language').selectOption('zh');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: '新建关卡', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '撤销' })).toBeVisible();
  await expect(page.getByLabel('宽度')).toBeVisible();
  // data-* hooks stay the same in every language
  await expect(grid(page).locator('[data-x="0"][data-y="0"]')).toHaveAttribute('data-tile', /.+/);
  await page.screenshot({ path: 'test-results/screenshots/studio-zh.png' });
  // warnings are worded in the chosen language too
  await page.getByRole('button', { name: '新建关卡', exact: true }).click();
  await page.getByLabel('目标 1 类型').selectOption('clear_crates');
  await expect(page.getByRole('region', { name: '警告' })).toContainText('清除木箱：棋盘上没有木箱');

  await page.reload();
  await expect(page.getByRole('button', { name: '新建关卡', exact: true })).toBeVisible();
});

test.describe('browser language', () => {
  test.use({ locale: 'zh-CN' });
  test('a Chinese browser gets the Chinese studio on first visit', async ({ page }) => {
    await page.goto('./');
    await expect(page.getByRole('button', { name: '新建关卡', exact: true })).toBeVisible();
  });
});

// issue 39: an undo step says what it did ({ key, params }) and the toolbar words it when it shows it,
// so a step made in English reads in Chinese after the switch (it kept the old language before)
test('an undo step made before a language switch is labelled in the new language', async ({ page }) => {
  await openStudio(page);
  await setField(page, 'Moves', '31');
  const undo = page.getByRole('button', { name: 'Undo' });
  await expect(undo).toHaveAttribute('title', 'Undo: Moves');
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('dialog', { name: 'Settings' }).getByLabel('Language').selectOption('zh');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: '撤销' })).toHaveAttribute('title', '撤销：步数');
});
