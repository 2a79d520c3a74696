// Version 2 levels in the studio (issue 38: "pack, workspace and folder files carry version 2 games
// like version 1 ones"; issue 41 item 6): a level of a version 2 game — portals, a belt — imports
// with its game file, opens on the board, is analysed by the workers with §12's rules, exports as the
// same version 2 level, survives a reload, a delete and a restore from Recently deleted.
import { test, expect, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { cell, dismissNotices, grid, openStudio, waitSaved } from './helpers.ts';

const GAME = 'examples/games/candy-kingdom.game.json';
const LEVEL = 'examples/games/candy-kingdom/level_5.json';

const list = (page: Page) => page.getByRole('list', { name: 'Levels' });
const row = (page: Page, name: string) => list(page).getByRole('listitem', { name, exact: true });

/** The open level's export, parsed. */
async function exportLevel(page: Page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export level' }).click()]);
  return JSON.parse(await readFile((await download.path())!, 'utf8'));
}

/** The source file less its id (an import stores a copy under a new id). */
const withoutId = (l: Record<string, unknown>) => {
  const { id: _id, ...rest } = l;
  return rest;
};

test('a version 2 level with portals and a belt: imported with its game, analysed, exported the same, kept after a reload, a delete and a restore', async ({ page }) => {
  const source = JSON.parse(await readFile(LEVEL, 'utf8'));
  expect(source.version).toBe(2);
  expect(source.portals.length).toBeGreaterThan(0);
  expect(source.belts.length).toBeGreaterThan(0);
  await openStudio(page);
  await page.getByLabel('Choose level or pack files to import').setInputFiles(LEVEL);
  const question = page.getByRole('dialog', { name: 'Game file needed' });
  await expect(question).toContainText('candy-kingdom');
  await question.getByLabel('Game file').setInputFiles(GAME);
  await expect(question).toBeHidden();
  await expect(page.getByLabel('Level name')).toHaveValue(source.name);
  await expect(page.getByRole('combobox', { name: 'Game', exact: true })).toHaveValue('candy-kingdom');
  await expect(grid(page)).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/level-v2-1440.png' });

  // the workers play it by §12's rules: a report with a win rate within 0..1
  await page.getByRole('button', { name: 'Analyze', exact: true }).click();
  const report = page.getByRole('region', { name: 'Analysis report' });
  await expect(report).toBeVisible({ timeout: 30_000 });
  await expect(report).toContainText('1000 games');
  const winRate = Number(await report.getAttribute('data-win-rate'));
  expect(winRate).toBeGreaterThanOrEqual(0);
  expect(winRate).toBeLessThanOrEqual(1);

  // exported as the same version 2 level: layout, pieces and rules kept
  const exported = await exportLevel(page);
  expect(withoutId(exported)).toEqual(withoutId(source));

  await waitSaved(page);
  await page.reload();
  await expect(page.getByLabel('Level name')).toHaveValue(source.name);
  await expect(page.getByRole('combobox', { name: 'Game', exact: true })).toHaveValue('candy-kingdom');
  expect(withoutId(await exportLevel(page))).toEqual(withoutId(source));

  // deleted, then restored from Recently deleted: still the same level
  await row(page, source.name).getByRole('button', { name: `Delete ${source.name}` }).click();
  await expect(row(page, source.name)).toHaveCount(0);
  await page.getByRole('button', { name: 'Recently deleted' }).click();
  const panel = page.getByRole('region', { name: 'Recently deleted' });
  await expect(panel).toBeVisible();
  await panel.getByRole('listitem').filter({ hasText: source.name }).getByRole('button', { name: 'Restore' }).click();
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(row(page, source.name)).toHaveCount(1);
  await row(page, source.name).locator('button.open').press('Enter');
  await expect(page.getByLabel('Level name')).toHaveValue(source.name);
  expect(withoutId(await exportLevel(page))).toEqual(withoutId(source));
});

/** Imports a level of Candy Kingdom (the game file once, when the studio asks for it) and opens it. */
async function importCandy(page: Page, file: string, name: string) {
  await page.getByLabel('Choose level or pack files to import').setInputFiles(file);
  const question = page.getByRole('dialog', { name: 'Game file needed' });
  const opened = page.getByLabel('Level name');
  await expect(question.or(row(page, name))).toBeVisible();
  if (await question.isVisible()) await question.getByLabel('Game file').setInputFiles(GAME);
  await expect(opened).toHaveValue(name);
  await dismissNotices(page);
}

test('the board draws a version 2 layout: portals, belt, hidden pieces, walls, spawners, a 2×2 cake and countdowns, named in each cell', async ({ page }) => {
  await openStudio(page);
  await importCandy(page, LEVEL, 'Bears below');
  const marks = page.getByTestId('layout-marks');
  await expect(marks.locator('[data-portal]')).toHaveCount(2);
  await expect(marks.locator('[data-belt]')).toHaveCount(1);
  await expect(marks.locator('[data-belt] line')).toHaveCount(14);
  await expect(marks.locator('[data-hidden]')).not.toHaveCount(0);
  // portal 1 leads from B4 down into H6 (the file's [1, 3] → [7, 5])
  await expect(grid(page).getByRole('gridcell', { name: /^B4: .*portal 1 entry/ })).toHaveCount(1);
  await expect(grid(page).getByRole('gridcell', { name: /^H6: .*portal 1 exit/ })).toHaveCount(1);
  await expect(grid(page).getByRole('gridcell', { name: /^B8: .*belt 1, cell 1 of 14/ })).toHaveCount(1);
  for (const w of [1440, 1024]) {
    await page.setViewportSize({ width: w, height: 900 });
    await grid(page).screenshot({ path: `test-results/screenshots/layout-portals-belt-${w}.png` });
  }

  await importCandy(page, 'examples/games/candy-kingdom/level_6.json', 'Cherry cannons');
  await expect(marks.locator('[data-wall]')).not.toHaveCount(0);
  await expect(marks.locator('[data-spawner]')).not.toHaveCount(0);
  await expect(grid(page).getByRole('gridcell', { name: /wall (on the right|below|on the left|above)/ }).first()).toBeVisible();
  await grid(page).screenshot({ path: 'test-results/screenshots/layout-walls-spawners.png' });

  await importCandy(page, 'examples/games/candy-kingdom/level_3.json', 'Cake and keys');
  const cake = marks.locator('[data-piece="cake"]');
  await expect(cake).toHaveCount(1);
  await expect(cake).toHaveAttribute('data-size', '2x2');
  await grid(page).screenshot({ path: 'test-results/screenshots/layout-cake.png' });

  await importCandy(page, 'examples/games/candy-kingdom/level_1.json', 'Ticking bombs');
  const bombs = marks.locator('[data-countdown]');
  await expect(bombs).toHaveCount(3);
  await expect(bombs.locator('text')).toHaveText(['4', '6', '8']);
  await expect(grid(page).getByRole('gridcell', { name: /countdown 4/ })).toHaveCount(1);
  await grid(page).screenshot({ path: 'test-results/screenshots/layout-countdowns.png' });
});

for (const [file, name] of [['examples/games/candy-kingdom/level_1.json', 'Ticking bombs'], [LEVEL, 'Bears below']] as const) {
  test(`play-test a version 2 level: a bot plays "${name}" to its end by §12's rules`, async ({ page }) => {
    await openStudio(page);
    await importCandy(page, file, name);
    await page.getByRole('button', { name: 'Play-test' }).click();
    const dlg = page.getByRole('dialog', { name: 'Play-test' });
    await expect(dlg).toBeVisible();
    await dlg.getByLabel('Animation speed').selectOption('4');
    // the layout stays drawn in play: portals and a belt on "Bears below"
    if (name === 'Bears below') await expect(dlg.getByTestId('layout-marks').locator('[data-portal]')).toHaveCount(2);
    await dlg.getByRole('radio', { name: 'Watch a bot' }).click();
    await dlg.getByRole('button', { name: 'Play on' }).click();
    await expect(dlg.getByRole('status').filter({ hasText: /Level complete|Out of moves|reached 0/ })).toBeVisible({ timeout: 60_000 });
    await dlg.screenshot({ path: `test-results/screenshots/playtest-v2-${name.replace(/\W+/g, '-')}.png` });
  });
}

test('the Wall and Portal tools: by mouse and keyboard, one undo step each, refused with a reason, offered on version 2 levels only', async ({ page }) => {
  await openStudio(page);
  // a classic level: no layout tools in the palette
  const tools = page.getByRole('radiogroup', { name: 'Tools' });
  await expect(tools.getByRole('radio', { name: 'Wall' })).toHaveCount(0);
  await importCandy(page, 'examples/games/candy-kingdom/level_1.json', 'Ticking bombs');
  const marks = page.getByTestId('layout-marks');
  await tools.getByRole('radio', { name: 'Wall' }).click();
  // a click near the right edge of C3 puts a wall there
  const c3 = cell(page, 2, 2);
  const box = (await c3.boundingBox())!;
  await c3.click({ position: { x: box.width - 3, y: box.height / 2 } });
  await expect(marks.locator('[data-wall="2,2,right"]')).toHaveCount(1);
  await expect(grid(page).getByRole('gridcell', { name: /^C3: .*wall on the right/ })).toHaveCount(1);
  await expect(grid(page).getByRole('gridcell', { name: /^D3: .*wall on the left/ })).toHaveCount(1);
  // near the top edge of E5: the bottom edge of E4
  const e5 = cell(page, 4, 4);
  const b5 = (await e5.boundingBox())!;
  await e5.click({ position: { x: b5.width / 2, y: 2 } });
  await expect(marks.locator('[data-wall="4,3,bottom"]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(marks.locator('[data-wall="4,3,bottom"]')).toHaveCount(0);
  await expect(marks.locator('[data-wall="2,2,right"]')).toHaveCount(1);
  // the keyboard: the cursor's right edge with Enter, its bottom edge with Shift+Enter; again takes it off
  await grid(page).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(marks.locator('[data-wall="1,0,right"]')).toHaveCount(1);
  await page.keyboard.press('Shift+Enter');
  await expect(marks.locator('[data-wall="1,0,bottom"]')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(marks.locator('[data-wall="1,0,right"]')).toHaveCount(0);

  // Portal: entry, then exit; a portal's cell picks it and Delete removes the pair; undo brings it back
  await page.keyboard.press('o');
  await expect(tools.getByRole('radio', { name: 'Portal' })).toHaveAttribute('aria-checked', 'true');
  await cell(page, 1, 1).click();
  await expect(page.getByTestId('portal-pending')).toHaveCount(1);
  await cell(page, 6, 5).click();
  await expect(marks.locator('[data-portal]')).toHaveCount(1);
  await expect(grid(page).getByRole('gridcell', { name: /^B2: .*portal 1 entry/ })).toHaveCount(1);
  await expect(grid(page).getByRole('gridcell', { name: /^G6: .*portal 1 exit/ })).toHaveCount(1);
  await dismissNotices(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await grid(page).screenshot({ path: 'test-results/screenshots/tools-wall-portal-1440.png' });
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.screenshot({ path: 'test-results/screenshots/tools-wall-portal-1024.png' });
  // a second portal from the first one's exit back to its entry would close a loop: refused, said
  await cell(page, 6, 5).click();
  await expect(page.getByTestId('portal-picked')).toHaveCount(2);
  await page.keyboard.press('Escape');
  await cell(page, 3, 3).click();
  await cell(page, 3, 3).click();
  await expect(page.getByText('No portal added.')).toBeVisible();
  await cell(page, 1, 1).click();
  await page.keyboard.press('Delete');
  await expect(marks.locator('[data-portal]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(marks.locator('[data-portal]')).toHaveCount(1);

  // exported: a version 2 level with the layout drawn
  const exported = await exportLevel(page);
  expect(exported.version).toBe(2);
  expect(exported.walls).toEqual([{ x: 2, y: 2, side: 'right' }, { x: 1, y: 0, side: 'bottom' }]);
  expect(exported.portals).toEqual([{ from: [1, 1], to: [6, 5] }]);
});

test('a game change the level does not fit is refused in the designer\'s words, cells named, and the note goes with the level (en, zh)', async ({ page }) => {
  await openStudio(page);
  await page.getByLabel('Choose level or pack files to import').setInputFiles([GAME, LEVEL, 'examples/games/candy-kingdom/level_1.json']);
  await expect(row(page, 'Bears below')).toBeVisible();
  await row(page, 'Bears below').locator('button.open').click();
  await expect(page.getByLabel('Level name')).toHaveValue('Bears below');
  const game = page.getByRole('combobox', { name: 'Game', exact: true });
  const refusal = page.locator('.props [role="alert"]');
  await game.selectOption('classic');
  await expect(refusal).toContainText(/^The level does not fit “Classic”: A1 ground\.type: .+ \(and \d+ more problems\)\. The game was not changed\.$/);
  await expect(refusal).not.toContainText('set_game');
  await expect(refusal).not.toContainText('cells[');
  await expect(game).toHaveValue('candy-kingdom');
  // another level opened: the note was about Bears below, and goes
  await row(page, 'Ticking bombs').locator('button.open').click();
  await expect(page.getByLabel('Level name')).toHaveValue('Ticking bombs');
  await expect(refusal).toHaveCount(0);
  // 简体中文
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('dialog', { name: 'Settings' }).getByLabel('Language').selectOption('zh');
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: '游戏', exact: true }).selectOption('classic');
  await expect(refusal).toContainText(/^关卡不符合“经典”：.+。游戏未更改。$/);
});

test('Ctrl+Z in Width just confirmed with Enter undoes the resize, layout and all; nothing is resized again when the field is left', async ({ page }) => {
  await openStudio(page);
  await page.getByLabel('Choose level or pack files to import').setInputFiles([GAME, LEVEL]);
  await expect(page.getByLabel('Level name')).toHaveValue('Bears below');
  const marks = page.getByTestId('layout-marks');
  const belts = 1;
  await expect(marks.locator('[data-belt]')).toHaveCount(belts);
  const width = page.getByLabel('Width', { exact: true });
  await width.fill('7');
  await width.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'no longer fit the board and were removed' })).toBeVisible();
  await expect(marks.locator('[data-belt]')).toHaveCount(0);
  // the focus is still in the field, holding the value the level took: Ctrl+Z is the level's undo
  await expect(width).toBeFocused();
  await width.press('Control+z');
  await expect(width).toHaveValue('9');
  await expect(marks.locator('[data-belt]')).toHaveCount(belts);
  await expect(page.getByRole('button', { name: /Redo/ })).toBeEnabled();
  // leaving the field makes no new step: Redo still redoes the resize
  await page.getByLabel('Moves', { exact: true }).click();
  await expect(page.getByRole('button', { name: /Redo/ })).toBeEnabled();
  await width.press('Control+Shift+z');
  await expect(width).toHaveValue('7');
  // typed but not confirmed: Ctrl+Z is the field's own text undo, the level is left alone
  await width.fill('8');
  await width.press('Control+z');
  await expect(page.getByRole('button', { name: /Undo/ })).toBeEnabled();
  await expect(marks.locator('[data-belt]')).toHaveCount(0);
});
