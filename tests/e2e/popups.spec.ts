// Issue 22: popups stay inside the window. Each popup of the main screens — the difficulty explainer
// (in the report and in Compare), the conversation menu, the slash-command suggestions, the dialogs (Tune
// to target, Pack difficulty, Compare, Settings, Keyboard shortcuts, Play-test) — opened near the bottom or
// the right edge of the window at 1024×700 and 1440×900, lies wholly inside it.
import { test, expect, type Locator, type Page } from '@playwright/test';
import { openStudio } from './helpers.ts';

/** The locator's box lies inside the window (half a pixel of rounding allowed). */
async function expectInside(page: Page, what: Locator, name: string) {
  await expect(what).toBeVisible();
  const vp = page.viewportSize()!;
  // the popup is placed in the frame after it opens, and may be re-placed as it settles: wait on its box
  await expect
    .poll(async () => {
      const b = await what.boundingBox();
      if (!b) return 'no box';
      const out = [b.x < -0.5 && 'left', b.y < -0.5 && 'top', b.x + b.width > vp.width + 0.5 && 'right', b.y + b.height > vp.height + 0.5 && 'bottom'].filter(Boolean);
      return out.length ? `${name} sticks out at the ${out.join(', ')}: ${JSON.stringify(b)} in ${vp.width}×${vp.height}` : 'inside';
    })
    .toBe('inside');
}

async function analyze(page: Page) {
  await page.getByRole('button', { name: 'Analyze', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Analysis report' })).toHaveAttribute('data-stale', 'false', { timeout: 90_000 });
}

const sizes = [
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
];

for (const size of sizes) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('the difficulty explainer opens inside the window, flipped above its label at the bottom edge', async ({ page }) => {
      test.slow(); // an analysis runs; the machine is shared
      await openStudio(page);
      await page.getByRole('button', { name: 'New level' }).click();
      // a level with four objectives and a crate row (two warnings): the column is taller than a 900 px
      // window, as a real level's often is, so the label can be scrolled to the window's bottom edge
      for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Add objective' }).click();
      const message = page.getByRole('textbox', { name: 'Message' });
      if (size.width < 1280) await page.getByRole('banner').getByRole('button', { name: 'Copilot' }).click();
      await message.fill('/paint_tile_region {"x1": 0, "y1": 3, "x2": 8, "y2": 3, "tile": "crate"}');
      await message.press('Enter');
      if (size.width < 1280) await page.getByRole('banner').getByRole('button', { name: 'Copilot' }).click();
      await expect(page.getByRole('region', { name: 'Warnings' })).toContainText('A4–I4');
      await analyze(page);
      const report = page.getByRole('region', { name: 'Analysis report' });
      const label = report.locator('.explain button');
      const body = report.getByTestId('difficulty-explain');
      // its name says the label once, in the question (it was "Hard What does “Hard” mean?")
      const shown = (await label.locator('.label').textContent())!.trim();
      await expect(label).toHaveAccessibleName(`What does “${shown}” mean?`);

      // the label at the very bottom of the window (the column scrolled so), then opened
      await label.evaluate((b) => b.scrollIntoView({ block: 'end' }));
      const at = (await label.boundingBox())!;
      expect(at.y + at.height).toBeGreaterThan(size.height - 60);
      await label.click();
      await expectInside(page, body, 'explainer at the bottom');
      await expect(body).toHaveAttribute('data-side', 'above');
      // all of it readable: every band, the last one included, inside the window
      await expectInside(page, body.locator('li[data-band="impossible"]'), 'last band');
      await page.screenshot({ path: `test-results/popups-${size.width}-explain-bottom.png` });
      await page.keyboard.press('Escape');
      await expect(body).toBeHidden();
      await expect(label).toBeFocused();

      // at the top of the column, by keyboard: it opens below, still inside the window (the label sits at
      // the column's right, so the explainer is shifted left to fit)
      await label.evaluate((b) => b.scrollIntoView({ block: 'start' }));
      await page.keyboard.press('Enter');
      await expectInside(page, body, 'explainer at the top');
      await expect(body).toHaveAttribute('data-side', 'below');
      // it follows its label when the column scrolls, and stays inside the window
      await page.locator('aside.right').evaluate((c) => c.scrollBy(0, 40));
      await expectInside(page, body, 'explainer after a scroll');
      await page.mouse.click(5, size.height / 2); // a click elsewhere closes it
      await expect(body).toBeHidden();

      // Compare puts two reports side by side: the right one's explainer near the window's right edge
      await page.getByRole('button', { name: 'Compare' }).click();
      const cmp = page.getByRole('dialog', { name: /Compare/ });
      await expectInside(page, cmp, 'Compare dialog');
      // the analysed version's report is on the right (the version before the analysis has none)
      const explainer = cmp.locator('.side[data-side="right"] .explain button');
      await explainer.click();
      await expectInside(page, cmp.locator('.side[data-side="right"]').getByTestId('difficulty-explain'), 'explainer in Compare');
    });

    test('the conversation menu, the command suggestions and the dialogs open inside the window', async ({ page }) => {
      test.slow();
      await openStudio(page);
      await page.getByRole('button', { name: 'New level' }).click();
      if (size.width < 1280) await page.getByRole('banner').getByRole('button', { name: 'Copilot' }).click();
      await expectInside(page, page.locator('.copilot'), 'copilot panel');

      // the ⋯ menu at the copilot's top right corner
      await page.getByRole('button', { name: 'Conversation menu' }).click();
      const items = page.locator('#chat-menu');
      await expectInside(page, items, 'conversation menu');
      await expectInside(page, page.getByRole('button', { name: 'Export conversation (Markdown)' }), 'menu item');
      await page.screenshot({ path: `test-results/popups-${size.width}-menu.png` });
      await page.keyboard.press('Escape');
      await expect(items).toBeHidden();

      // the slash commands' suggestions above the message box at the bottom
      const box = page.getByRole('textbox', { name: 'Message' });
      await box.fill('/');
      const suggest = page.getByRole('listbox', { name: 'Commands' });
      await expectInside(page, suggest, 'command suggestions');
      await box.fill('');

      // dialogs: each wholly inside the window (scrolling inside itself when taller)
      const dialogs: { open: () => Promise<unknown>; name: string | RegExp }[] = [
        { open: () => page.getByRole('button', { name: 'Tune to target' }).click(), name: 'Tune to target' },
        { open: () => page.getByRole('button', { name: 'Pack difficulty' }).click(), name: 'Pack difficulty' },
        { open: () => page.getByRole('banner').getByRole('button', { name: 'Settings' }).click(), name: 'Settings' },
        { open: () => page.getByRole('button', { name: 'Keyboard shortcuts' }).click(), name: 'Keyboard shortcuts' },
        { open: () => page.getByRole('button', { name: 'Play-test' }).click(), name: 'Play-test' },
      ];
      if (size.width < 1280) await page.getByRole('banner').getByRole('button', { name: 'Copilot' }).click();
      for (const d of dialogs) {
        await d.open();
        const dlg = page.getByRole('dialog', { name: d.name });
        await expectInside(page, dlg, `dialog ${d.name}`);
        await page.keyboard.press('Escape');
        await expect(dlg).toBeHidden();
      }
    });
  });
}
