// Issue 22, layout: at 1024 px no label of the main screen is cut to a stub and the copilot panel sits
// inside the window, in English and in 简体中文 (with the real CJK font); at 1200 and 1440 px too.
import { test, expect, type Page } from '@playwright/test';
import { openStudio } from './helpers.ts';
import { cutLabels } from './cutLabels.ts';

/** The element's box lies inside the window (1 px of rounding allowed). */
async function insideWindow(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  const vp = page.viewportSize()!;
  expect(box, `${selector} has a box`).not.toBeNull();
  return { box: box!, ok: box!.x >= -1 && box!.y >= -1 && box!.x + box!.width <= vp.width + 1 && box!.y + box!.height <= vp.height + 1 };
}

for (const lang of ['en', 'zh'] as const) {
  test.describe(`layout in ${lang}`, () => {
    test.use({ locale: lang === 'zh' ? 'zh-CN' : 'en-US' });
    for (const width of [1024, 1200, 1440]) {
      test(`${lang} at ${width} px: the copilot inside the window, no label cut to a stub`, async ({ page }) => {
        await page.setViewportSize({ width, height: 760 });
        await openStudio(page);
        // the document itself never scrolls sideways
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        if (width < 1280) {
          const toggle = page.getByRole('banner').getByRole('button', { name: lang === 'zh' ? 'AI 助手' : 'Copilot' });
          await toggle.click();
          await expect(toggle).toHaveAttribute('aria-pressed', 'true');
        }
        const panel = page.getByRole('region', { name: lang === 'zh' ? 'AI 助手' : 'Copilot' });
        await expect(panel).toBeVisible();
        // once it has slid in, all of it is in the window, below the toolbar
        await expect.poll(async () => (await insideWindow(page, '.copilot')).ok, { message: 'copilot panel inside the window' }).toBe(true);
        const bar = await page.getByRole('banner').boundingBox();
        const box = (await insideWindow(page, '.copilot')).box;
        expect.soft(box.y, 'the panel starts below the toolbar').toBeGreaterThanOrEqual(bar!.y + bar!.height - 1);
        await expect(panel.getByRole('heading')).toBeVisible();
        await expect(page.getByRole('textbox', { name: 'Message' })).toBeInViewport({ ratio: 1 });
        await page.screenshot({ path: `test-results/layout-${lang}-${width}-copilot.png` });

        // the labels: level names in the list, the copilot's heading, the toolbar's buttons, the rest of the screen
        const names = page.locator('[data-level-id] .name');
        // below 1200 px the open copilot takes the level list's room (layout-drawer.spec)
        if (width < 1200) await expect(names.first()).toBeHidden();
        else await expect(names.first()).toBeVisible();
        expect.soft(await cutLabels(page, '.app'), 'labels cut with the copilot open').toEqual([]);
        if (width < 1280) {
          // closed again, the panel leaves the screen entirely and the list is back; the editor's labels
          // are whole with it closed too
          await page.getByRole('banner').getByRole('button', { name: lang === 'zh' ? 'AI 助手' : 'Copilot' }).click();
          await expect(page.locator('.copilot')).not.toBeInViewport();
          await expect(names.first()).toBeVisible();
          expect.soft(await cutLabels(page, '.app'), 'labels cut with the copilot closed').toEqual([]);
        }
        await page.screenshot({ path: `test-results/layout-${lang}-${width}-editor.png` });
      });
    }

    test(`${lang} at 1024 px: the analysis report's labels are whole (no short word broken over lines)`, async ({ page }) => {
      await page.setViewportSize({ width: 1024, height: 760 });
      await openStudio(page);
      // a version 2 level with countdowns: the heat map offers four views
      await page.locator('input[type=file]').first().setInputFiles(['examples/games/royal-castle.game.json', 'examples/games/royal-castle/level_4.json']);
      await expect(page.getByRole('combobox', { name: lang === 'zh' ? '游戏' : 'Game', exact: true })).toHaveValue('royal-castle');
      await page.getByRole('button', { name: lang === 'zh' ? '分析' : 'Analyze', exact: true }).click();
      const report = page.getByRole('region', { name: 'Analysis report' });
      await expect(report).toBeVisible({ timeout: 60_000 });
      const heat = report.getByRole('radiogroup').last();
      await heat.scrollIntoViewIfNeeded();
      await expect(heat.getByRole('radio')).toHaveCount(4);
      expect(await cutLabels(page, '.app')).toEqual([]);
      await page.screenshot({ path: `test-results/layout-${lang}-1024-report.png` });
    });

    test(`${lang} at 1024×768: a long tune result keeps the dialog's buttons in the window (its body scrolls)`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width: 1024, height: 768 });
      await openStudio(page);
      await page.locator('input[type=file]').first().setInputFiles(['examples/games/candy-kingdom.game.json', 'examples/games/candy-kingdom/level_2.json']);
      await expect(page.getByRole('combobox', { name: lang === 'zh' ? '游戏' : 'Game', exact: true })).toHaveValue('candy-kingdom');
      await page.getByRole('button', { name: lang === 'zh' ? '调到目标难度' : 'Tune to target', exact: true }).click();
      const dlg = page.getByRole('dialog', { name: lang === 'zh' ? '调到目标难度' : 'Tune to target' });
      await expect(dlg).toBeVisible();
      // the game's levers (a change to the game: the longest result, with its note and two buttons)
      for (const box of await dlg.locator('input[data-lever]').all()) await box.setChecked(['emit_every', 'emit_count'].includes((await box.getAttribute('data-lever'))!));
      await dlg.getByLabel(lang === 'zh' ? '目标胜率' : 'Target win rate', { exact: true }).fill('50');
      await dlg.getByRole('button', { name: lang === 'zh' ? '开始调整' : 'Tune', exact: true }).click();
      await expect(dlg.locator('[role="status"][data-hit]')).toBeVisible({ timeout: 150_000 });
      const apply = dlg.getByRole('button', { name: lang === 'zh' ? '应用到游戏' : 'Apply to the game', exact: true });
      await expect(apply).toBeVisible();
      const vp = page.viewportSize()!, box = (await apply.boundingBox())!, frame = (await dlg.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(Math.min(vp.height, frame.y + frame.height) + 1);
      expect(frame.y + frame.height).toBeLessThanOrEqual(vp.height + 1);
      await page.screenshot({ path: `test-results/layout-${lang}-1024-tune.png` });
    });
  });
}

test('at 1024 px the closed copilot is out of the tab order, and Skip to copilot opens it with focus in the message box', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 760 });
  await openStudio(page);
  const message = page.getByRole('textbox', { name: 'Message' });
  await expect(message).toBeHidden(); // closed: nothing of it can take focus unseen
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to copilot' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(message).toBeFocused();
  await expect(page.locator('.copilot')).toBeInViewport({ ratio: 1 });
});

test('the message box grows with what is typed, every line shown, up to 180 px, then scrolls', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openStudio(page);
  const box = page.getByRole('textbox', { name: 'Message' });
  const height = () => box.evaluate((el) => el.getBoundingClientRect().height);
  const empty = await height();
  // the placeholder's lines all show (the last was cut by the box's borders)
  expect(await box.evaluate((el) => el.scrollHeight <= el.clientHeight), 'the placeholder all shown').toBe(true);
  await box.fill('one\ntwo\nthree\nfour\nfive');
  const five = await height();
  expect(five, 'five lines are taller than the empty box').toBeGreaterThan(empty + 15);
  expect(await box.evaluate((el) => el.scrollHeight <= el.clientHeight + 1), 'five lines all shown').toBe(true);
  await box.fill(Array.from({ length: 40 }, (_, i) => `line ${i + 1}`).join('\n'));
  expect(await height()).toBeLessThanOrEqual(181);
  expect(await box.evaluate((el) => el.scrollHeight > el.clientHeight), 'forty lines scroll').toBe(true);
  await box.fill('');
  expect(await height()).toBeCloseTo(empty, 0);
});

test('the placeholder shows whole after the window is resized, and in the copilot opened at 1024 px', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 760 });
  await openStudio(page);
  const box = page.getByRole('textbox', { name: 'Message' });
  const whole = () => box.evaluate((el) => el.clientHeight > 0 && el.scrollHeight <= el.clientHeight);
  // the panel starts closed at 1024 px: the box is measured when it opens, not when it was made
  await page.getByRole('banner').getByRole('button', { name: 'Copilot' }).click();
  await expect(box).toBeVisible();
  await expect.poll(whole, { message: 'the placeholder whole in the opened drawer' }).toBe(true);
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect.poll(whole, { message: 'the placeholder whole at 1440 px' }).toBe(true);
});
