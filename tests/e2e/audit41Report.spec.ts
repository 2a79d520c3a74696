// Issue 41 item 4, what stops players on a version 2 level beyond the countdown (reportV2.spec): a gate
// that never opens, an emitter that outruns the player, items stalled at a portal or on a belt — each
// from a real analysis of a Candy Kingdom level a designer changed by the UI alone (fewer moves, a belt
// or a portal laid with the tools), named by the game's element names, in English and 简体中文.
// Screenshots: test-results/screenshots/report-stops-*-{en,zh}.png.
import { test, expect, type Page } from '@playwright/test';
import { cell, dismissNotices, drag, openStudio, setField } from './helpers.ts';
import { useChinese } from './gameHelpers.ts';

const GAME = 'examples/games/candy-kingdom.game.json';
const level = (n: number) => `examples/games/candy-kingdom/level_${n}.json`;

async function importCandy(page: Page, file: string, name: string) {
  await page.getByLabel('Choose level or pack files to import', { exact: true }).setInputFiles(file);
  const question = page.getByRole('dialog', { name: 'Game file needed' });
  await question.getByLabel('Game file').setInputFiles(GAME);
  await expect(question).toBeHidden();
  await expect(page.getByLabel('Level name')).toHaveValue(name);
  await dismissNotices(page);
}

/** Analyses the open level; returns the what-stops-players hint of `kind`. */
async function analyse(page: Page, kind: string) {
  await page.getByRole('button', { name: 'Analyze', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Analysis report' })).toBeVisible({ timeout: 90_000 });
  const hint = page.getByRole('region', { name: 'What stops players' }).locator(`li[data-kind="${kind}"]`);
  await expect(hint).toHaveCount(1);
  return hint;
}

async function shot(page: Page, name: string, lang: 'en' | 'zh') {
  const region = page.getByRole('region', { name: lang === 'en' ? 'What stops players' : '卡住玩家的地方' });
  await region.scrollIntoViewIfNeeded();
  await region.screenshot({ path: `test-results/screenshots/report-stops-${name}-${lang}.png` });
}

const zhHint = (page: Page, kind: string) => page.getByRole('region', { name: '卡住玩家的地方' }).locator(`li[data-kind="${kind}"]`);

test.beforeEach(async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await openStudio(page);
});

test('a gate that never opens: "Cake and keys" with 8 moves — the Sugar chest stays shut, counted by the Sugar key', async ({ page }) => {
  await importCandy(page, level(3), 'Cake and keys');
  await setField(page, 'Moves', '8');
  const hint = await analyse(page, 'gate');
  await expect(hint).toContainText(/^Sugar chest stays shut in \d+% of lost games: it opens when “keys” reaches 3 \(counted by Sugar key\)/);
  await expect(hint).toHaveAttribute('data-simulated', 'false');
  await shot(page, 'gate', 'en');
  await useChinese(page);
  await expect(zhHint(page, 'gate')).toContainText(/^“Sugar chest”的门在 \d+% 的失败对局中一直没有打开：计数器“keys”达到 3 时门才打开（由“Sugar key”加一）/);
  await shot(page, 'gate', 'zh');
});

test('an emitter in the way: "Fountains and a mixer" — the Magic mixer and the Liquorice swirl it places, by name', async ({ page }) => {
  await importCandy(page, level(2), 'Fountains and a mixer');
  const hint = await analyse(page, 'emitter');
  await expect(hint).toContainText(/^Magic mixer adds \d+\.\d Liquorice swirl a game on average/);
  await shot(page, 'emitter', 'en');
  await useChinese(page);
  await expect(zhHint(page, 'emitter')).toContainText(/^“Magic mixer”平均每局放出 \d+\.\d 个“Liquorice swirl”/);
  await shot(page, 'emitter', 'zh');
});

test('items stalled on a belt: "Cherry cannons" with a belt laid along B8–E8 — the Cherry pieces lost games leave stand on it', async ({ page }) => {
  await importCandy(page, level(6), 'Cherry cannons');
  await page.keyboard.press('l');
  await drag(page, [1, 7], [4, 7], 10);
  await expect(page.getByTestId('layout-marks').locator('[data-belt="1"] [data-order]')).toHaveCount(4);
  const hint = await analyse(page, 'layout');
  await expect(hint).toContainText(/^\d+% of the Cherry pieces that lost games leave stand on the belt at B8, C8, D8, E8: put exits on or below the belt/);
  await shot(page, 'belt', 'en');
  await useChinese(page);
  await expect(zhHint(page, 'layout')).toContainText(/^失败对局留下的“Cherry”有 \d+% 停在 B8、C8、D8、E8 的传送带上/);
  await shot(page, 'belt', 'zh');
});

test('items stalled at a portal: "Cherry cannons" with a portal from D7 into E8 — named by its two ends', async ({ page }) => {
  await importCandy(page, level(6), 'Cherry cannons');
  await page.keyboard.press('o');
  await cell(page, 3, 6).click();
  await cell(page, 4, 7).click();
  await expect(page.getByTestId('layout-marks').locator('[data-portal]')).toHaveCount(1);
  const hint = await analyse(page, 'layout');
  await expect(hint).toContainText(/^\d+% of the Cherry pieces that lost games leave stand at the portal D7 → E8: keep the cells below E8 free of blockers/);
  await shot(page, 'portal', 'en');
  await useChinese(page);
  await expect(zhHint(page, 'layout')).toContainText(/^失败对局留下的“Cherry”有 \d+% 停在传送门 D7 → E8/);
  await shot(page, 'portal', 'zh');
});
