// The Belt, Spawner and Hidden piece tools (issue 41 item 2; RULES §12.3) on a version 2 level: each by
// mouse and by keyboard, one undo step each (undo and redo), Delete removes what is picked, a refusal
// leaves the level as it was and says §12's reason in the designer's language; a spawner's own list is
// edited in the level properties; the find objective is offered once the level has hidden pieces.
// Screenshots of each tool in use, English and 简体中文, 1024 and 1440 px wide.
import { test, expect, type Page } from '@playwright/test';
import { cell, dismissNotices, drag, grid, openStudio } from './helpers.ts';

const GAME = 'examples/games/candy-kingdom.game.json';
const BOMBS = 'examples/games/candy-kingdom/level_1.json';
const SHOTS = 'test-results/screenshots';

const W = {
  en: { import: 'Choose level or pack files to import', need: 'Game file needed', gameFile: 'Game file', undo: 'Undo', redo: 'Redo', tools: 'Tools', belt: 'Belt', spawn: 'Spawner', hidden: 'Hidden piece' },
  zh: { import: '选择要导入的关卡或关卡包文件', need: '需要游戏文件', gameFile: '游戏文件', undo: '撤销', redo: '重做', tools: '工具', belt: '传送带', spawn: '生成点', hidden: '隐藏物' },
};
type Lang = keyof typeof W;

/** Imports "Ticking bombs" (a version 2 level of Candy Kingdom, no layout yet) with its game file and opens it. */
async function openBombs(page: Page, lang: Lang = 'en') {
  await openStudio(page);
  await page.getByLabel(W[lang].import, { exact: true }).setInputFiles(BOMBS);
  const question = page.getByRole('dialog', { name: W[lang].need });
  await question.getByLabel(W[lang].gameFile).setInputFiles(GAME);
  await expect(question).toBeHidden();
  await expect(page.getByRole('radiogroup', { name: W[lang].tools }).getByRole('radio', { name: W[lang].belt })).toBeVisible();
  await dismissNotices(page);
}
const marks = (page: Page) => page.getByTestId('layout-marks');
const status = (page: Page) => page.locator('.palette [role="status"]');
const undo = (page: Page, lang: Lang = 'en') => page.getByRole('button', { name: W[lang].undo, exact: true }).click();
const redo = (page: Page, lang: Lang = 'en') => page.getByRole('button', { name: W[lang].redo, exact: true }).click();
async function shots(page: Page, name: string) {
  for (const width of [1440, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
}

test('the shortcuts dialog lists the layout tools with their keys, on a classic level too', async ({ page }) => {
  await openStudio(page);
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  for (const [key, name] of [['L', 'Belt'], ['N', 'Spawner'], ['H', 'Hidden piece'], ['W', 'Wall']]) await expect(dialog.getByRole('row', { name: `${key} ${name}` })).toHaveCount(1);
});

test('Belt: a drag lays a belt numbered in path order; undo, redo; a belt over another is refused with the reason; the keyboard lays one; Delete removes it', async ({ page }) => {
  await openBombs(page);
  await page.keyboard.press('l');
  await expect(page.getByRole('radio', { name: 'Belt' })).toHaveAttribute('aria-checked', 'true');
  // B3 → C3 → D3 by the mouse
  await drag(page, [1, 2], [3, 2], 12);
  const belt = marks(page).locator('[data-belt="1"]');
  await expect(belt).toHaveCount(1);
  await expect(belt.locator('[data-order]')).toHaveText(['1', '2', '3']);
  await expect(grid(page).getByRole('gridcell', { name: /^B3: .*belt 1, cell 1 of 3/ })).toHaveCount(1);
  await expect(grid(page).getByRole('gridcell', { name: /^D3: .*belt 1, cell 3 of 3/ })).toHaveCount(1);
  await expect(status(page)).toHaveText('Belt of 3 cells from B3 to D3 laid.');
  await undo(page);
  await expect(marks(page).locator('[data-belt]')).toHaveCount(0);
  await redo(page);
  await expect(marks(page).locator('[data-belt]')).toHaveCount(1);
  // a second belt dragged onto the first one's cell D3: refused, the level unchanged, the reason said
  await drag(page, [3, 1], [3, 2], 4);
  await expect(status(page)).toHaveText('Not changed: D3 is already on belt 1: a cell is on one belt at most');
  await expect(marks(page).locator('[data-belt]')).toHaveCount(1);

  // the keyboard: Space starts at the cursor, arrows and Space add, Enter on the last cell lays it
  await grid(page).focus();
  await page.keyboard.press('ArrowDown'); // A2
  await page.keyboard.press('Space');
  await expect(page.getByTestId('belt-pending')).toHaveAttribute('data-cells', '0,1');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('belt-pending')).toHaveAttribute('data-cells', '0,1 0,2 0,3');
  await dismissNotices(page);
  await shots(page, 'tool-belt-en');
  await page.keyboard.press('Enter');
  await expect(marks(page).locator('[data-belt]')).toHaveCount(2);
  await expect(grid(page).getByRole('gridcell', { name: /^A4: .*belt 2, cell 3 of 3/ })).toHaveCount(1);
  // Delete on a belt's cell (the cursor is on A4) removes that belt; undo brings it back
  await page.keyboard.press('Delete');
  await expect(marks(page).locator('[data-belt]')).toHaveCount(1);
  await undo(page);
  await expect(marks(page).locator('[data-belt]')).toHaveCount(2);
  // by the mouse: a click picks belt 1, Delete removes it
  await cell(page, 2, 2).click();
  await expect(page.getByTestId('belt-picked')).toHaveCount(3);
  await page.keyboard.press('Delete');
  await expect(marks(page).locator('[data-belt="1"] [data-order]')).toHaveCount(3); // the keyboard's belt is belt 1 now
});

test("Spawner: a click on a column's top puts one, its own list edited in the level properties; off a path start refused; the keyboard puts one; Delete removes it", async ({ page }) => {
  await openBombs(page);
  await page.keyboard.press('n');
  await expect(page.getByRole('radio', { name: 'Spawner' })).toHaveAttribute('aria-checked', 'true');
  await cell(page, 2, 0).click();
  await expect(marks(page).locator('[data-spawner]')).toHaveCount(1);
  await expect(page.getByTestId('spawner-picked')).toHaveCount(1);
  await expect(grid(page).getByRole('gridcell', { name: /^C1: .*spawner 1/ })).toHaveCount(1);
  const list = page.getByRole('group', { name: 'Spawner on C1' });
  await expect(list).toContainText('No entries: this spawner brings colours only.');
  await list.getByRole('button', { name: 'Add spawn' }).click();
  await expect(list.getByRole('group', { name: 'Spawn entry 1' })).toHaveCount(1);
  await undo(page);
  await expect(list.getByRole('group', { name: 'Spawn entry 1' })).toHaveCount(0);
  await redo(page);
  await expect(list.getByRole('group', { name: 'Spawn entry 1' })).toHaveCount(1);
  await dismissNotices(page);
  await shots(page, 'tool-spawner-en');
  // D4 starts no fall path: refused with §12's reason
  await cell(page, 3, 3).click();
  await expect(status(page)).toHaveText('Not changed: must be the first cell of a fall path');
  await expect(marks(page).locator('[data-spawner]')).toHaveCount(1);
  // the keyboard: E1 with Enter
  await grid(page).focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(marks(page).locator('[data-spawner]')).toHaveCount(2);
  await expect(page.getByRole('group', { name: 'Spawner on E1' })).toBeVisible();
  await page.keyboard.press('Delete');
  await expect(marks(page).locator('[data-spawner]')).toHaveCount(1);
  await undo(page);
  await expect(marks(page).locator('[data-spawner]')).toHaveCount(2);
});

test('Hidden piece: a dragged rectangle hides a piece, find is offered; an overlap refused; the keyboard marks one; Delete removes it', async ({ page }) => {
  await openBombs(page);
  // find is not offered before the level has a hidden piece
  const type = page.getByLabel('Objective 1 type');
  await expect(type.locator('option', { hasText: 'Find hidden pieces' })).toHaveCount(0);
  await page.keyboard.press('h');
  await expect(page.getByRole('radio', { name: 'Hidden piece' })).toHaveAttribute('aria-checked', 'true');
  await drag(page, [1, 1], [2, 2]);
  await expect(marks(page).locator('[data-hidden="1"]')).toHaveCount(1);
  await expect(grid(page).getByRole('gridcell', { name: /^C3: .*hidden piece 1/ })).toHaveCount(1);
  await expect(status(page)).toHaveText('Hidden piece placed on B2–C3.');
  await undo(page);
  await expect(marks(page).locator('[data-hidden]')).toHaveCount(0);
  await redo(page);
  await expect(marks(page).locator('[data-hidden]')).toHaveCount(1);
  // the find objective is offered now
  await type.selectOption({ label: 'Find hidden pieces' });
  await expect(page.locator('[data-objective-type="find"]')).toHaveCount(1);
  // a rectangle over the first: refused
  await drag(page, [3, 3], [2, 2]);
  await expect(status(page)).toHaveText('Not changed: it overlaps hidden piece 1');
  await expect(marks(page).locator('[data-hidden]')).toHaveCount(1);
  // the keyboard: Space on F6, arrows, Enter
  await grid(page).focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('hidden-pending')).toHaveCount(1);
  await dismissNotices(page);
  await shots(page, 'tool-hidden-en');
  await page.keyboard.press('Enter');
  await expect(marks(page).locator('[data-hidden]')).toHaveCount(2);
  await expect(grid(page).getByRole('gridcell', { name: /^G7: .*hidden piece 2/ })).toHaveCount(1);
  // Delete on a picked piece
  await cell(page, 1, 1).click();
  await expect(page.getByTestId('hidden-picked')).toHaveCount(1);
  await page.keyboard.press('Delete');
  await expect(marks(page).locator('[data-hidden]')).toHaveCount(1);
});

test.describe('简体中文', () => {
  test.use({ locale: 'zh-CN' });
  test('the tools and their refusals in Chinese; screenshots', async ({ page }) => {
    await openBombs(page, 'zh');
    await page.keyboard.press('l');
    await drag(page, [1, 2], [3, 2], 8);
    await drag(page, [3, 1], [3, 2], 4);
    await expect(status(page)).toHaveText('未更改：D3 已在传送带 1 上：一个格子最多属于一条传送带');
    await shots(page, 'tool-belt-zh');
    await page.keyboard.press('n');
    await cell(page, 6, 0).click();
    await cell(page, 3, 3).click();
    await expect(status(page)).toHaveText('未更改：必须是一条下落路径的第一格');
    await expect(page.getByRole('group', { name: 'G1 的生成点' })).toBeVisible();
    await shots(page, 'tool-spawner-zh');
    await page.keyboard.press('h');
    await drag(page, [5, 5], [6, 6]);
    await drag(page, [7, 7], [6, 6]);
    await expect(status(page)).toHaveText('未更改：与隐藏物 1 重叠');
    await undo(page, 'zh');
    await expect(marks(page).locator('[data-hidden]')).toHaveCount(0);
    await redo(page, 'zh');
    await expect(marks(page).locator('[data-hidden]')).toHaveCount(1);
    await shots(page, 'tool-hidden-zh');
  });
});
