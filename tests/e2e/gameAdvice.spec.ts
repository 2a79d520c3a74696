// Figures and advice a designer trusts on their own game (issue 40), on a §11 game level (the Trust Saga pack,
// tests/fixtures/trust-pack.json: chocolate that spreads, carpet the objective asks to spread): Suggested
// fixes name only the level's own spreading and never the spreading its objective wants; a missed Tune to
// target applies nothing until the designer chooses and states one figure; a copilot draft's analysis is the
// draft's, not the level's badge or report, and Undo after Apply brings the designer's report back.
import { test, expect, type Page } from '@playwright/test';
import { dismissNotices, openStudio } from './helpers.ts';
import { useChinese } from './gameHelpers.ts';
import { log, received, script, send, setupProvider, uniqueKey } from './copilotHelpers.ts';

const PACK = 'tests/fixtures/trust-pack.json';
const list = (page: Page) => page.getByRole('list', { name: /Levels|关卡/ });
const badgeOf = (page: Page, name: string) => list(page).locator('li', { hasText: name }).locator('.badge');
const report = (page: Page) => page.locator('[data-win-rate].report, section.report[data-win-rate]').first();
const shot = (name: string) => `test-results/screenshots/${name}`;

async function importPack(page: Page) {
  await openStudio(page);
  await page.getByLabel('Choose level or pack files to import').setInputFiles(PACK);
  await expect(list(page).getByText('Carpet hall')).toBeVisible();
}
async function openLevel(page: Page, name: string) {
  await list(page).getByText(name, { exact: true }).click();
  await expect(page.getByLabel(/Level name|关卡名称/)).toHaveValue(name);
}
/** The designer's Analyze on the open level; resolves when its report is of the level as it is. */
async function analyze(page: Page, label = 'Analyze') {
  await page.getByRole('button', { name: label, exact: true }).click();
  const fixes = page.locator('section.bottleneck');
  await expect(fixes).toBeVisible({ timeout: 60_000 });
  await expect(report(page)).toHaveAttribute('data-stale', 'false');
  return fixes;
}

test('Suggested fixes name the level’s own spreading only, and never the Carpet its objective asks for (English, 简体中文, 1024 and 1440 px)', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await importPack(page);
  // the carpet level: "cover the board with Carpet", no chocolate
  await openLevel(page, 'Carpet hall');
  const fixes = await analyze(page);
  await expect(fixes.locator('li').first()).toBeVisible();
  await expect(fixes.locator('li[data-kind="spread"]')).toHaveCount(0);
  await expect(fixes).not.toContainText('Chocolate');
  await expect(fixes).not.toContainText('fewer pieces');
  // its stall cells hold nothing to take off: no "fewer layers there"
  await expect(fixes.locator('li[data-kind="cells"]')).toContainText('put a rocket or bomb next to them');
  await expect(fixes).not.toContainText('fewer layers');
  await dismissNotices(page);
  await fixes.scrollIntoViewIfNeeded();
  await fixes.screenshot({ path: shot('fixes-carpet-1440-en.png') });

  // the chocolate level, no carpet: Chocolate only
  await openLevel(page, 'Chocolate room');
  const choc = await analyze(page);
  const spread = choc.locator('li[data-kind="spread"]');
  await expect(spread).toHaveCount(1);
  await expect(spread).toContainText(/^Chocolate spread to \d+\.\d cells a game on average/);
  await expect(choc).not.toContainText('Carpet');
  await page.setViewportSize({ width: 1024, height: 800 });
  await dismissNotices(page);
  await choc.scrollIntoViewIfNeeded();
  await choc.screenshot({ path: shot('fixes-chocolate-1024-en.png') });

  await useChinese(page);
  await expect(spread).toContainText(/^“Chocolate”平均每局蔓延 \d+\.\d 格/);
  await expect(choc).not.toContainText('Carpet');
  await choc.screenshot({ path: shot('fixes-chocolate-1024-zh.png') });
  await openLevel(page, 'Carpet hall');
  const carpetZh = page.locator('section.bottleneck');
  await expect(carpetZh.locator('li[data-kind="cells"]')).toContainText('在旁边放火箭或炸弹');
  await expect(carpetZh.locator('li[data-kind="spread"]')).toHaveCount(0);
  await page.setViewportSize({ width: 1440, height: 900 });
  await carpetZh.scrollIntoViewIfNeeded();
  await carpetZh.screenshot({ path: shot('fixes-carpet-1440-zh.png') });
});

test('Tune to target that misses applies nothing until the designer chooses, with one figure (English, 简体中文, 1024 and 1440 px)', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await importPack(page);
  await openLevel(page, 'Chocolate room');
  // the editor's field (the dialog's Moves lever is a checkbox of the same name)
  const moves = page.getByRole('spinbutton', { name: 'Moves', exact: true });
  await expect(moves).toHaveValue('10');
  await page.getByRole('button', { name: 'Tune to target' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tune to target' });
  await dialog.getByLabel('Target win rate').fill('95');
  await dialog.getByRole('checkbox', { name: 'Colors' }).uncheck();
  await dialog.getByLabel('Moves from').fill('10');
  await dialog.getByLabel('Moves to').fill('12');
  await dialog.getByLabel('Moves to').press('Tab');
  await dialog.getByRole('button', { name: 'Tune', exact: true }).click();
  const result = dialog.getByRole('status');
  await expect(result).toBeVisible({ timeout: 90_000 });
  await expect(result).toHaveAttribute('data-hit', 'false');
  // nothing applied: the level, its history and its badge as they were
  await expect(result).toHaveAttribute('data-pending', 'true');
  await expect(result).toHaveAttribute('data-applied', 'false');
  await expect(moves).toHaveValue('10');
  await expect(result).toContainText('Nothing is applied yet');
  await expect(result).toContainText('The closest level would change: moves 10 → 12');
  // one figure: the headline's confirmed rate is the one the reason quotes
  const rate = `${(Number(await result.getAttribute('data-win-rate')) * 100).toFixed(1)}%`;
  await expect(result.locator('.headline')).toContainText(`Closest found: ${rate}`);
  await expect(result.locator('.headline')).toContainText('on 1000 fresh games');
  await expect(result.locator('.why')).toContainText(`wins ${rate}`);
  const est = result.locator('[data-search-estimate]');
  if (await est.count()) await expect(est).toContainText('The search’s own games estimated');
  await expect(dialog.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  await dismissNotices(page);
  await dialog.screenshot({ path: shot('tune-miss-1440-en.png') });
  await page.setViewportSize({ width: 1024, height: 800 });
  await dialog.screenshot({ path: shot('tune-miss-1024-en.png') });
  // the designer applies the closest: one undo step
  await dialog.getByRole('button', { name: 'Apply the closest' }).click();
  await expect(result).toHaveAttribute('data-applied', 'true');
  await expect(result).toContainText('Applied as one undo step');
  await expect(moves).toHaveValue('12');
  await dialog.getByRole('button', { name: 'Undo' }).click();
  await expect(result).toContainText('The tuning was undone');
  await expect(moves).toHaveValue('10');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.locator('dialog.tune')).toHaveCount(0);

  // in Chinese: the same miss, and Keep the level keeps it
  await useChinese(page);
  await page.getByRole('button', { name: '调到目标难度' }).click();
  const zh = page.getByRole('dialog', { name: '调到目标难度' });
  await zh.getByRole('button', { name: '开始调整', exact: true }).click();
  const zr = zh.getByRole('status');
  await expect(zr).toHaveAttribute('data-pending', 'true', { timeout: 90_000 });
  await expect(zr).toContainText('尚未应用任何修改');
  await expect(zr.locator('.headline')).toContainText('1000 局新对局');
  await zh.screenshot({ path: shot('tune-miss-1024-zh.png') });
  await page.setViewportSize({ width: 1440, height: 900 });
  await zh.screenshot({ path: shot('tune-miss-1440-zh.png') });
  await zh.getByRole('button', { name: '保持关卡不变' }).click();
  await expect(zr).toContainText('关卡保持不变');
  await expect(zr).toHaveAttribute('data-applied', 'false');
  await zh.getByRole('button', { name: '关闭' }).click();
  await expect(page.getByRole('spinbutton', { name: '步数', exact: true })).toHaveValue('10');
});

test('a copilot draft’s analysis in review mode is the draft’s: the level’s badge and report stay its own; Apply → Undo brings the designer’s back', async ({ page }) => {
  const key = uniqueKey();
  await importPack(page);
  await openLevel(page, 'Chocolate room');
  await analyze(page);
  const own = await report(page).getAttribute('data-win-rate');
  const badge = badgeOf(page, 'Chocolate room');
  await expect(badge).toHaveAttribute('data-win-rate', own!);
  await expect(badge).toHaveAttribute('data-stale', 'false');

  await setupProvider(page, key, { review: true });
  await script(key, [
    { type: 'tool_calls', text: 'Fewer moves, then a measurement.', calls: [{ name: 'set_move_limit', arguments: { moves: 5 } }, { name: 'analyze_level', arguments: { games: 200 } }] },
    { type: 'text', text: 'Proposed 5 moves; the draft measured above.' },
  ]);
  await send(page, 'make it harder and measure');
  await expect(log(page).locator('[data-role="assistant"]').last()).toContainText('the draft measured above', { timeout: 60_000 });
  const review = page.getByRole('region', { name: 'Proposed changes' });
  await expect(review).toBeVisible();
  // the draft was measured, but the level's badge and report are still the designer's, current
  await expect(badge).toHaveAttribute('data-win-rate', own!);
  await expect(badge).toHaveAttribute('data-stale', 'false');
  await expect(report(page)).toHaveAttribute('data-win-rate', own!);
  await expect(report(page)).toHaveAttribute('data-stale', 'false');
  await expect(page.locator('[data-origin="copilot"]')).toHaveCount(0);

  // applied: the level is the draft's version, so the draft's figure is now its own, current
  await review.getByRole('button', { name: 'Apply selected' }).click();
  await expect(page.getByLabel('Moves', { exact: true })).toHaveValue('5');
  await expect(page.locator('[data-origin="copilot"]')).toBeVisible();
  await expect(report(page)).toHaveAttribute('data-stale', 'false');
  await expect(badge).not.toHaveAttribute('data-win-rate', own!);
  await expect(badge).toHaveAttribute('data-stale', 'false');

  // Undo: the designer's 1000-game report comes back, current, and the badge with it
  await page.getByRole('button', { name: 'Undo' }).first().click();
  await expect(page.getByLabel('Moves', { exact: true })).toHaveValue('10');
  await expect(report(page)).toHaveAttribute('data-win-rate', own!);
  await expect(report(page)).toHaveAttribute('data-stale', 'false');
  await expect(page.locator('[data-origin="copilot"]')).toHaveCount(0);
  await expect(badge).toHaveAttribute('data-win-rate', own!);
  await expect(badge).toHaveAttribute('data-stale', 'false');
});

test('the copilot’s tune_level that misses its band applies nothing, in Auto mode too, and the model is told the figures', async ({ page }) => {
  const key = uniqueKey();
  await importPack(page);
  await openLevel(page, 'Chocolate room');
  await setupProvider(page, key);
  await script(key, [
    { type: 'tool_calls', text: 'Tuning to 95%.', calls: [{ name: 'tune_level', arguments: { target_win_rate: 0.95, tier: 'average', levers: ['moves'], bounds: { moves: { from: 10, to: 12 } } } }] },
    { type: 'text', text: 'The target was missed; nothing was applied.' },
  ]);
  await send(page, 'make it very easy: 95% for an average player');
  await expect(log(page).locator('[data-role="assistant"]').last()).toContainText('nothing was applied', { timeout: 90_000 });
  const reqs = await received(key);
  const toolMsg = reqs[1].body.messages.find((m) => m.role === 'tool')!;
  expect(toolMsg.content).toContain('**target not reached**');
  expect(toolMsg.content).toMatch(/After .*\*\*[\d.]+%\*\* \(95% CI/);
  expect(toolMsg.content).toContain('Not applied: the band was missed');
  // the level as it was: no operation landed, nothing to review, nothing to undo from the turn
  await expect(page.getByRole('spinbutton', { name: 'Moves', exact: true })).toHaveValue('10');
  await expect(page.getByRole('region', { name: 'Proposed changes' })).toHaveCount(0);
});
