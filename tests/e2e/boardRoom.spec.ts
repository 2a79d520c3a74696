// The board's room on a short window. At 1024 × 700 a level of Candy Kingdom (a version 2 game: 36 tile
// swatches) left the board 138 px tall: the swatches wrapped to four rows, the countdown field kept a row
// of its own and the hint two lines (a classic level had 338 px). The swatches are now a compact grid
// that scrolls in its own box on a short window, the chosen one kept in view; the countdown field sits
// beside a one-line hint. And the first visit's "works offline" notice took a second toolbar row at
// 1024 px (Copilot and Settings under the rest): it now takes the row's free room only. `Preview start`
// had a row of its own above the board (40 px): its buttons now sit at the end of the board's readout
// line, which keeps room for them (a classic level's board at 1024 × 700: 338 px before, 374 after).
import { test, expect, type Locator, type Page } from '@playwright/test';
import { cell, dismissNotices, grid } from './helpers.ts';
import { startJourney, words, type Lang, type Tr } from './journeyHelpers.ts';

const GAME = 'examples/games/candy-kingdom.game.json';
const LEVEL = 'examples/games/candy-kingdom/level_1.json';

async function importCandy(page: Page, tr: Tr) {
  await page.getByLabel(tr('file.importFile'), { exact: true }).setInputFiles(LEVEL);
  const question = page.getByRole('dialog', { name: tr('games.needTitle') });
  await question.getByLabel(tr('games.fileLabel'), { exact: true }).setInputFiles(GAME);
  await expect(question).toBeHidden();
  await expect(page.getByLabel(tr('props.name'), { exact: true })).toHaveValue('Ticking bombs');
  await dismissNotices(page);
}

/** The shown layer's swatches (the other layers' sets are hidden from the tree). */
const values = (page: Page, tr: Tr) => page.getByRole('radiogroup', { name: tr('palette.values') });
const boardHeight = async (page: Page) => (await grid(page).boundingBox())!.height;

/** Whether `el` is drawn whole inside the box of its scrolling group. */
async function inView(group: Locator, el: Locator) {
  const [g, r] = [(await group.boundingBox())!, (await el.boundingBox())!];
  return r.y >= g.y - 0.5 && r.y + r.height <= g.y + g.height + 0.5;
}

for (const lang of ['en', 'zh'] as Lang[]) {
  test(`at 1024 × 700 a Candy Kingdom level's board has room, and every swatch is reached by keyboard and shown when chosen (${lang})`, async ({ page }) => {
    const tr = await startJourney(page, lang, 1024);
    await page.setViewportSize({ width: 1024, height: 700 });
    await expect(async () => expect(await boardHeight(page)).toBeGreaterThanOrEqual(320)).toPass(); // a classic level's
    await importCandy(page, tr);
    await expect(async () => expect(await boardHeight(page)).toBeGreaterThanOrEqual(320)).toPass();
    await page.screenshot({ path: `test-results/screenshots/board-room-${lang}-1024x700.png` });

    // the swatches: smaller than a classic game's, in a box of two rows and a half that scrolls
    const group = values(page, tr);
    const radios = group.getByRole('radio');
    const n = await radios.count();
    // a coloured element has one swatch per colour of the level (RULES §12.1): 36 with 6 colours
    const colours = Number(await page.getByLabel(tr('props.colors'), { exact: true }).inputValue());
    expect(n).toBe(30 + colours);
    expect((await radios.first().boundingBox())!.width).toBeLessThanOrEqual(34);
    expect((await group.boundingBox())!.height).toBeLessThanOrEqual(100);
    expect(await group.evaluate((g) => g.scrollHeight > g.clientHeight)).toBe(true);
    // the hint is one line (whole in its title); the board stays where it is when the countdown field shows
    const hint = page.locator('.palette .hint');
    await expect(hint).toHaveAttribute('title', tr('hint.brush'));
    expect((await hint.boundingBox())!.height).toBeLessThanOrEqual(20);

    // by keyboard, from the first to the last: each one chosen, focused and drawn whole in the box
    await radios.first().click();
    const names = new Set<string>();
    for (let i = 0; i < n; i++) {
      if (i > 0) await page.keyboard.press('ArrowRight');
      const chosen = group.getByRole('radio', { checked: true });
      await expect(chosen).toBeFocused();
      await expect.poll(() => inView(group, chosen), { message: `swatch ${i}` }).toBe(true);
      names.add((await chosen.getAttribute('aria-label'))!);
    }
    expect(names.size).toBe(n);
    // chosen elsewhere (the eyedropper on C3's red candy bomb): the grid scrolls back up to it
    const top = await group.evaluate((g) => g.scrollTop);
    expect(top).toBeGreaterThan(0);
    const bomb = group.getByRole('radio', { name: tr('value.coloredPiece', { name: 'Candy bomb', color: tr('color.red') }), exact: true });
    expect(await inView(group, bomb)).toBe(false);
    const before = await boardHeight(page);
    await page.getByRole('radiogroup', { name: tr('palette.tools') }).getByRole('radio', { name: tr('tool.eyedropper'), exact: true }).click();
    await cell(page, 2, 2).click();
    await expect(bomb).toBeChecked();
    await expect.poll(() => inView(group, bomb)).toBe(true);
    // its countdown field shows beside the hint: the board does not move
    await expect(page.locator('.palette').getByLabel(tr('brush.countdown'), { exact: true })).toBeVisible();
    expect(await boardHeight(page)).toBe(before);
    await page.screenshot({ path: `test-results/screenshots/board-room-countdown-${lang}-1024x700.png` });
  });
}

const box = async (l: Locator) => (await l.boundingBox())!;

for (const lang of ['en', 'zh'] as Lang[])
  test(`at 1024 × 700 Preview start sits at the end of the board's readout line, under the board, in both states; the toggle keeps the focus (${lang})`, async ({ page }) => {
    const tr = await startJourney(page, lang, 1024);
    await page.setViewportSize({ width: 1024, height: 700 });
    const toggle = page.getByRole('button', { name: tr('sp.toggle'), exact: true });
    const readout = page.getByTestId('cell-readout');
    await expect(async () => expect(await boardHeight(page)).toBeGreaterThanOrEqual(360)).toPass();
    // the readout's longest words (a keyboard rectangle's hint) stay clear of the buttons, on their line, under the board
    await grid(page).focus();
    await page.keyboard.press('r');
    await page.keyboard.press('Space');
    await page.keyboard.press('Shift+ArrowRight');
    await expect(readout).toContainText(tr('readout.rectHint'));
    const [b, g, r] = [await box(toggle), await box(grid(page)), await box(readout)];
    expect(b.y, 'the toggle is under the board').toBeGreaterThanOrEqual(g.y + g.height - 0.5);
    expect(b.y + b.height / 2, 'on the readout line').toBeGreaterThan(r.y);
    expect(b.y + b.height / 2, 'on the readout line').toBeLessThan(r.y + r.height);
    const text = await readout.evaluate((p) => {
      const range = document.createRange();
      range.selectNodeContents(p);
      const rect = range.getBoundingClientRect();
      return { left: rect.left, right: rect.right };
    });
    expect(text.right, 'the readout text ends before the toggle').toBeLessThanOrEqual(b.x);
    await page.keyboard.press('Escape');
    // pressed by keyboard: the start board shows, the toggle keeps the focus and its place, the caption is above the buttons
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('grid', { name: tr('sp.board', { n: 1 }) })).toBeVisible();
    await expect(toggle).toBeFocused();
    const [on, caption, next] = [await box(toggle), await box(page.locator('.start-board figcaption')), await box(page.getByRole('button', { name: tr('sp.next'), exact: true }))];
    expect(Math.abs(on.y - b.y), 'the toggle stays on its line').toBeLessThanOrEqual(1);
    expect(Math.abs(on.x + on.width - (b.x + b.width)), 'and at its end').toBeLessThanOrEqual(1);
    expect(caption.y + caption.height, 'the caption is above the buttons').toBeLessThanOrEqual(Math.min(on.y, next.y) + 0.5);
    await page.screenshot({ path: `test-results/screenshots/board-room-preview-${lang}-1024x700.png` });
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(grid(page)).toBeVisible();
    await expect(toggle).toBeFocused();
  });

for (const lang of ['en', 'zh'] as Lang[])
  test.describe(() => {
    test.use({ locale: lang === 'en' ? 'en-US' : 'zh-CN' });
    test(`on a first visit at 1024 × 700 the "works offline" notice leaves Copilot and Settings on the toolbar's one row (${lang})`, async ({ page }) => {
      const tr = words(lang);
      await page.setViewportSize({ width: 1024, height: 700 });
      await page.goto('./');
      await expect(grid(page)).toBeVisible({ timeout: 30_000 });
      const notice = page.getByRole('status').filter({ hasText: tr('pwa.offlineReady') });
      await expect(notice).toBeVisible({ timeout: 30_000 });
      const bar = page.locator('header.toolbar');
      const tops = await Promise.all(
        [tr('file.new'), tr('chat.title'), tr('settings.open')].map(async (name) => Math.round((await bar.getByRole('button', { name, exact: true }).boundingBox())!.y)),
      );
      expect(new Set(tops).size, `New level, Copilot and Settings at ${tops.join(', ')}`).toBe(1);
      // the words it shows are whole (the short ones where the room is narrow), the sentence in its title
      const cut = await notice.locator('span').evaluateAll((spans) =>
        spans
          .filter((s) => s.getBoundingClientRect().width > 1) // the words drawn (the sentence is kept for a screen reader in 1 px)
          .filter((s) => {
            const whole = document.createElement('span');
            whole.style.cssText = `position: absolute; white-space: nowrap; visibility: hidden; font: ${getComputedStyle(s).font}`;
            whole.textContent = s.textContent;
            document.body.append(whole);
            const need = whole.getBoundingClientRect().width;
            whole.remove();
            return need > s.getBoundingClientRect().width + 0.01;
          })
          .map((s) => s.textContent),
      );
      expect(cut, 'words cut short').toEqual([]);
      await expect(notice).toHaveAttribute('title', tr('pwa.offlineReady'));
      await page.screenshot({ path: `test-results/screenshots/board-room-offline-${lang}-1024x700.png` });
    });
  });
