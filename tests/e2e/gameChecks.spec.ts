// A game's checks as a designer reads them (issue 40): a game change that would break a level names
// the cell as the rulers do and the element by its name ("Meringue wall: A5 hp: must be 1..1 (the most
// hits Meringue takes)", not "cells[4][0].hp … "meringue""), in English and 简体中文; an element nothing
// can hit makes its collect objective a warning in the level's Warnings.
import { test, expect, type Page } from '@playwright/test';
import { openStudio } from './helpers.ts';
import { useChinese } from './gameHelpers.ts';

const PACK = 'examples/games/sweet-saga.pack.json';
const list = (page: Page) => page.getByRole('list', { name: 'Levels' });

async function editSweetSaga(page: Page, level = 'Meringue wall', edit = 'Edit game', title = 'Game') {
  await list(page).getByText(level).click();
  await page.getByRole('button', { name: edit }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a game change that breaks levels names their cells and the element as the studio does, in both languages', async ({ page }) => {
  await openStudio(page);
  await page.getByLabel('Choose level or pack files to import').setInputFiles(PACK);
  await expect(page.getByRole('status').filter({ hasText: 'Imported pack “Sweet Saga, world 1”' })).toBeVisible();
  const dialog = await editSweetSaga(page);
  await dialog.getByRole('group', { name: 'Meringue', exact: true }).getByLabel('Hit points').fill('1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toContainText('would no longer fit this game');
  const broken = dialog.locator('.problem-list.broken li').filter({ hasText: 'Meringue wall' });
  await expect(broken).toContainText('Meringue wall: A5 hp: must be 1..1 (the most hits Meringue takes)');
  await expect(dialog.locator('.problem-list.broken')).not.toContainText('cells[');
  await expect(dialog.locator('.problem-list.broken')).not.toContainText('"meringue"');
  for (const width of [1024, 1440]) {
    await page.setViewportSize({ width, height: width === 1024 ? 768 : 900 });
    await broken.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/game-checks-broken-${width}.png` });
  }
  // nothing was saved: close without the change
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();

  await useChinese(page);
  const zh = await editSweetSaga(page, 'Meringue wall', '编辑游戏', '游戏');
  await zh.getByRole('group', { name: 'Meringue', exact: true }).getByLabel('生命值').fill('1');
  await zh.getByRole('button', { name: '保存' }).click();
  await expect(zh.locator('.problem-list.broken li').filter({ hasText: 'Meringue wall' })).toContainText('Meringue wall: A5 hp: 必须在 1..1 之间（“Meringue”最多承受 1 次打击）');
});

test('an element nothing can hit: its collect objective is a warning of the level', async ({ page }) => {
  await openStudio(page);
  await page.getByLabel('Choose level or pack files to import').setInputFiles(PACK);
  await expect(page.getByRole('status').filter({ hasText: 'Imported pack “Sweet Saga, world 1”' })).toBeVisible();
  const dialog = await editSweetSaga(page);
  const meringue = dialog.getByRole('group', { name: 'Meringue', exact: true });
  await meringue.getByRole('checkbox', { name: 'a match next to it' }).uncheck();
  await meringue.getByRole('checkbox', { name: 'a blast from a special' }).uncheck();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('status')).toContainText('Saved “Sweet Saga”');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const warnings = page.locator('section[aria-label="Warnings"]');
  await expect(warnings).toContainText('collect 9 Meringue: Meringue is never hit on this level (its damage list is empty), so none can be collected');
  for (const width of [1024, 1440]) {
    await page.setViewportSize({ width, height: width === 1024 ? 768 : 900 });
    await warnings.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/game-checks-warning-${width}.png` });
  }
  await useChinese(page);
  await expect(page.locator('section[aria-label="警告"]')).toContainText('收集 9 个“Meringue”：这个关卡上“Meringue”永远不会被击中（它的受击事件列表是空的），一个也收集不到');
});
