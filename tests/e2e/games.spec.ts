// Games in the studio (issue 31, part 1): a pack that carries its game stores both; the level
// properties' `Game` select shows the level's game; a pack export carries `games`; the game is still
// there after a reload. A level of an unknown game asks for the game file: cancelled, nothing is
// stored; given, the level and its game are stored. English, and the question in 简体中文.
import { test, expect, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { grid, openStudio } from './helpers.ts';

const PACK = 'examples/games/sweet-saga.pack.json';
const GAME = 'examples/games/sweet-saga.game.json';
const LEVEL = 'examples/games/sweet-saga/level_1.json';

const list = (page: Page) => page.getByRole('list', { name: 'Levels' });
const importInput = (page: Page) => page.getByLabel('Choose level or pack files to import');

test('a pack carrying its game: imported, shown, exported with its game, kept after a reload', async ({ page }) => {
  await openStudio(page);
  await importInput(page).setInputFiles(PACK);
  await expect(page.getByRole('status').filter({ hasText: 'Imported pack “Sweet Saga, world 1”' })).toBeVisible();
  await expect(list(page).getByText('Chocolate factory')).toBeVisible();
  await expect(list(page).getByText('Sweet shop')).toBeVisible();
  await list(page).getByText('Chocolate factory').click();
  await expect(page.getByLabel('Level name')).toHaveValue('Chocolate factory');
  const select = page.getByLabel('Game', { exact: true });
  await expect(select).toHaveValue('sweet-saga');
  await expect(select.locator('option:checked')).toHaveText('Sweet Saga');
  await expect(select.locator('option[value="classic"]')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Edit game' })).toBeVisible();
  await expect(grid(page)).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: 'test-results/screenshots/games-level-1440.png' });
  await page.setViewportSize({ width: 1024, height: 800 });
  await expect(page.getByRole('button', { name: 'Edit game' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/games-level-1024.png' });

  // the pack's export carries the game its levels play (and never classic)
  const exports = page.getByRole('button', { name: 'Export pack' });
  const [download] = await Promise.all([page.waitForEvent('download'), exports.last().click()]);
  const pack = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(pack.name).toBe('Sweet Saga, world 1');
  expect(pack.games.map((g: { id: string }) => g.id)).toEqual(['sweet-saga']);
  expect(pack.levels).toHaveLength(7);

  await page.reload();
  await expect(grid(page)).toBeVisible();
  await expect(page.getByLabel('Level name')).toHaveValue('Chocolate factory');
  await expect(page.getByLabel('Game', { exact: true })).toHaveValue('sweet-saga');
  await expect(page.getByLabel('Game', { exact: true }).locator('option')).toHaveText(['Classic', 'Sweet Saga']);
});

test('a level of an unknown game asks for its game file: cancelled stores nothing, given stores both', async ({ page }) => {
  await openStudio(page);
  const count = await list(page).locator('li.level').count();
  await importInput(page).setInputFiles(LEVEL);
  const question = page.getByRole('dialog', { name: 'Game file needed' });
  await expect(question).toContainText('sweet-saga');
  await expect(question).toContainText('level_1.json');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'level_1.json was not imported: it needs the game “sweet-saga”. Nothing was stored.' })).toBeVisible();
  await expect(list(page).locator('li.level')).toHaveCount(count);
  await expect(page.getByLabel('Game', { exact: true }).locator('option')).toHaveText(['Classic']);

  await importInput(page).setInputFiles(LEVEL);
  await question.getByLabel('Game file').setInputFiles(GAME);
  await expect(question).toBeHidden();
  await expect(list(page).locator('li.level')).toHaveCount(count + 1);
  await expect(page.getByLabel('Level name')).toHaveValue('Chocolate factory');
  await expect(page.getByLabel('Game', { exact: true })).toHaveValue('sweet-saga');
  await page.reload();
  await expect(page.getByLabel('Game', { exact: true })).toHaveValue('sweet-saga');
});

test('the game file question in 简体中文', async ({ page }) => {
  await openStudio(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('dialog', { name: 'Settings' }).getByLabel('Language').selectOption('zh');
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('游戏', { exact: true })).toHaveValue('classic');
  await expect(page.getByRole('button', { name: '编辑游戏' })).toBeVisible();
  await page.getByLabel('选择要导入的关卡或关卡包文件').setInputFiles(LEVEL);
  const question = page.getByRole('dialog', { name: '需要游戏文件' });
  await expect(question).toContainText('sweet-saga');
  await question.getByLabel('游戏文件').setInputFiles(GAME);
  await expect(page.getByLabel('游戏', { exact: true })).toHaveValue('sweet-saga');
  await expect(page.getByLabel('游戏', { exact: true }).locator('option:checked')).toHaveText('Sweet Saga');
});

test('Tune to target on a level of a game: the blocker levers are its elements, and the change names them', async ({ page }) => {
  await openStudio(page);
  await importInput(page).setInputFiles(PACK);
  // Sweet shop holds a one-layer cover, a two-layer ground and a two-hit tile: one lever each, by its name
  await list(page).getByText('Sweet shop').click();
  await page.getByRole('button', { name: 'Tune to target' }).click();
  let dialog = page.getByRole('dialog', { name: 'Tune to target' });
  for (const name of ['Liquorice lock', 'Frosting', 'Meringue']) await expect(dialog.getByRole('checkbox', { name, exact: true })).toBeVisible();
  for (const name of ['Ice', 'Chains', 'Jelly', 'Crates']) await expect(dialog.getByRole('checkbox', { name, exact: true })).toHaveCount(0);
  await expect(dialog.getByText('% of their cells uncovered')).toBeVisible();
  await page.screenshot({ path: 'test-results/tune-game-levers.png' });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Meringue wall, tuned easier with its meringue alone: one hit point off every meringue
  await list(page).getByText('Meringue wall').click();
  await page.getByRole('button', { name: 'Tune to target' }).click();
  dialog = page.getByRole('dialog', { name: 'Tune to target' });
  await dialog.getByRole('checkbox', { name: 'Moves' }).uncheck();
  await dialog.getByRole('checkbox', { name: 'Colors' }).uncheck();
  await dialog.getByRole('checkbox', { name: 'Meringue', exact: true }).check();
  await dialog.getByLabel('Target win rate').fill('95');
  await dialog.getByRole('button', { name: 'Tune', exact: true }).click();
  const result = dialog.getByRole('status');
  await expect(result).toContainText('Meringue hit points -1', { timeout: 120_000 });
});
