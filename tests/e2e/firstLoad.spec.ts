// The copilot loads after the board (docs/performance.md, "First load"): until its code is here a
// placeholder holds its place with the same heading, nothing on the page moves when the panel
// replaces it, and the skip link `Skip to copilot` waits for it before moving focus.
import { expect, test, type Page, type Route } from '@playwright/test';
import { grid, openStudio } from './helpers';

/** Holds back the copilot panel's code until the returned function is called. */
async function holdCopilot(page: Page): Promise<() => void> {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/ChatPanel-[^/]+\.js$/, (route) => (released ? route.continue() : void held.push(route)));
  return () => {
    released = true;
    for (const r of held.splice(0)) void r.continue();
  };
}

const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;

for (const width of [1440, 1024]) {
  test(`at ${width} px the board is on screen before the copilot's code, and nothing moves when it arrives`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const release = await holdCopilot(page);
    await openStudio(page);
    // narrower than 1280 px the copilot is a closed side panel (hidden): open it to look at it
    if (width < 1280) await page.getByRole('button', { name: 'Copilot', exact: true }).click();
    const copilot = page.getByRole('region', { name: 'Copilot' });
    await expect(copilot).toBeInViewport();
    // the panel's slide-in (a 160 ms transition) has ended before its boxes are measured: waited for, not timed
    await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => undefined))));
    // the placeholder: the same heading, busy, no message box yet
    await expect(copilot).toHaveAttribute('aria-busy', 'true');
    await expect(copilot.getByRole('heading', { name: 'Copilot' })).toBeAttached();
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
    const before = { board: await box(page, 'svg[aria-label="Level grid"]'), right: await box(page, 'aside.right'), head: await box(page, 'aside.copilot header') };
    release();
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeAttached();
    await expect(copilot).not.toHaveAttribute('aria-busy', 'true');
    const after = { board: await box(page, 'svg[aria-label="Level grid"]'), right: await box(page, 'aside.right'), head: await box(page, 'aside.copilot header') };
    expect(after.board).toEqual(before.board);
    expect(after.right).toEqual(before.right);
    expect({ x: after.head.x, y: after.head.y, width: after.head.width }).toEqual({ x: before.head.x, y: before.head.y, width: before.head.width });
    expect(Math.abs(after.head.height - before.head.height)).toBeLessThanOrEqual(1);
  });

  test(`at ${width} px "Skip to copilot" waits for the copilot's code and focuses the message box`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const release = await holdCopilot(page);
    await openStudio(page);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to copilot' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
    release();
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeInViewport();
  });
}

test('the copilot works offline after one visit (its code is precached), and its strings are there in 简体中文 too', async ({ page, context }) => {
  await openStudio(page);
  await page.waitForFunction(async () => !!(await navigator.serviceWorker.ready).active);
  await page.reload();
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
  await context.setOffline(true);
  await page.reload();
  await expect(grid(page)).toBeVisible();
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('/help');
  await box.press('Enter');
  await expect(page.getByRole('log', { name: 'Conversation' })).toContainText('set_grid_size');
  await expect(page.getByRole('log', { name: 'Conversation' })).not.toContainText('slash.helpIntro');
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('dialog', { name: 'Settings' }).getByLabel('Language').selectOption('zh');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('region', { name: 'AI 助手' })).toBeVisible();
  await expect(page.getByRole('button', { name: '发送' })).toBeVisible();
  await context.setOffline(false);
});
