// The report of a version 2 level (issue 38 item 4, issue 41 item 4; docs/rules.md §9 "What stops players
// on a version 2 level"): Candy Kingdom's "Ticking bombs", analysed by the workers, says how many lost
// games a countdown ended, names the Candy bombs in what stops players, and draws where the countdowns
// reached 0 as a heat layer with its legend; in English and in 简体中文.
import { test, expect, type Page } from '@playwright/test';
import { openStudio } from './helpers.ts';
import { useChinese } from './gameHelpers.ts';

const GAME = 'examples/games/candy-kingdom.game.json';
const LEVEL = 'examples/games/candy-kingdom/level_1.json';

async function importLevel(page: Page) {
  await page.getByLabel('Choose level or pack files to import').setInputFiles(LEVEL);
  const question = page.getByRole('dialog', { name: 'Game file needed' });
  await question.getByLabel('Game file').setInputFiles(GAME);
  await expect(question).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Game', exact: true })).toHaveValue('candy-kingdom');
}

test('a version 2 level\'s report: lost to a countdown, the Candy bombs named in what stops players, the countdown heat layer; in both languages', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await openStudio(page);
  await importLevel(page);
  await page.getByRole('button', { name: 'Analyze', exact: true }).click();
  const report = page.getByRole('region', { name: 'Analysis report' });
  await expect(report).toBeVisible({ timeout: 45_000 });

  // the share of lost games a countdown ended, and of all games
  const line = report.getByTestId('lost-to-countdown');
  await expect(line).toHaveText(/^Lost to a countdown: \d+(\.\d)?% of lost games \(\d+(\.\d)?% of all games\)\.$/);
  const ofLost = Number(await line.getAttribute('data-share-of-lost'));
  const winRate = Number(await report.getAttribute('data-win-rate'));
  expect(ofLost).toBeGreaterThan(0.25);
  expect(Number(await line.getAttribute('data-share'))).toBeCloseTo(ofLost * (1 - winRate), 3);

  // what stops players names the countdown by the designer's element name, with the cells where it reaches 0
  const stops = page.getByRole('region', { name: 'What stops players' });
  const hint = stops.locator('li[data-kind="countdown"]');
  await expect(hint).toHaveCount(1);
  await expect(hint).toContainText(/^Candy bomb countdowns end \d+% of lost games \(\d+% of all games\), reaching 0 most at [A-I]\d/);
  await expect(hint).toHaveAttribute('data-simulated', 'false');

  // the countdown layer of the heat map, with its legend
  const heat = page.getByRole('radiogroup', { name: 'Heat map on the board' });
  await expect(heat.getByRole('radio')).toHaveText(['Off', 'Clears', 'Left in lost games', 'Countdowns at 0']);
  // the hint's button shows its cells on the board
  await hint.getByRole('button', { name: 'Show where countdowns reach 0' }).click();
  await expect(heat.getByRole('radio', { name: 'Countdowns at 0' })).toBeChecked();
  await expect(page.locator('.heat rect[data-heat]').first()).toBeAttached();
  const legend = page.getByRole('group', { name: 'Heat map legend' });
  await expect(legend).toContainText('Pieces whose countdown reached 0, per lost game (Average bot)');
  expect(Number(await legend.getAttribute('data-heat-max'))).toBeGreaterThan(0);
  await report.getByTestId('lost-to-countdown').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/report-v2-en.png' });

  // the same report in 简体中文
  await useChinese(page);
  await expect(line).toHaveText(/^因倒计时归零而失败：占失败对局的 \d+(\.\d)?%（占全部对局的 \d+(\.\d)?%）。$/);
  const hintZh = page.getByRole('region', { name: '卡住玩家的地方' }).locator('li[data-kind="countdown"]');
  await expect(hintZh).toContainText(/^“Candy bomb”的倒计时结束了 \d+% 的失败对局（占全部对局的 \d+%），最常在 [A-I]\d/);
  await expect(page.getByRole('radiogroup', { name: '棋盘热力图' }).getByRole('radio', { name: '倒计时归零' })).toBeChecked();
  await expect(page.getByRole('group', { name: '热力图图例' })).toContainText('每局失败中倒计时归零的棋子数');
  await page.screenshot({ path: 'test-results/screenshots/report-v2-zh.png' });
});

test('a classic level\'s report has no countdown line and no countdown layer', async ({ page }) => {
  await openStudio(page);
  await page.getByRole('button', { name: 'Analyze', exact: true }).click();
  const report = page.getByRole('region', { name: 'Analysis report' });
  await expect(report).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole('radiogroup', { name: 'Heat map on the board' }).getByRole('radio')).toHaveText(['Off', 'Clears', 'Left in lost games']);
  await expect(report.getByTestId('lost-to-countdown')).toHaveCount(0);
});
