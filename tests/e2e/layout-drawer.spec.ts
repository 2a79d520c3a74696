// A designer's first hour: at 1024 px the copilot drawer covered the level properties (opened there, or
// left open across a resize). At every width, with the copilot open or closed and after resizes both
// ways, the copilot and the properties column never overlap, every control of the properties takes a
// click where it is drawn, and the board stays on screen beside them; below 1200 px the open copilot
// takes the level list's room, and the list is back when it closes. No column hides a control past its
// side (at 1280 px the palette's Mirror and shortcuts' button were cut). Screenshots: test-results/drawer-*.
import { test, expect, type Page } from '@playwright/test';
import { openStudio, grid } from './helpers.ts';

const HEIGHT = 800;
const toggle = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Copilot' });
/** The copilot's side panel (opened from the toolbar below 1280 px); closed, it has no accessible role, so it is found by its place. */
const copilot = (page: Page) => page.locator('.app > aside.copilot');
/** The properties column: the level's name, size and limits, objectives, warnings and analysis. */
const properties = (page: Page) => page.locator('aside').filter({ has: page.getByLabel('Width', { exact: true }) });

type Box = { x: number; y: number; width: number; height: number };
const intersect = (a: Box, b: Box) => a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1;

/** Each visible control of the properties column that a click at its centre (once scrolled to) misses. */
async function unreachableControls(page: Page): Promise<string[]> {
  const controls = properties(page).locator('input:not([type=file]), select, button, textarea, summary');
  const out: string[] = [];
  for (let i = 0, n = await controls.count(); i < n; i++) {
    const c = controls.nth(i);
    if (!(await c.isVisible())) continue;
    await c.scrollIntoViewIfNeeded();
    const miss = await c.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2, y = r.top + r.height / 2;
      const name = el.getAttribute('aria-label') || (el as HTMLInputElement).labels?.[0]?.textContent?.trim() || el.textContent?.trim() || el.tagName;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return `${name} (outside the window)`;
      const hit = document.elementFromPoint(x, y);
      if (hit && (hit === el || el.contains(hit))) return null;
      return `${name} (under ${hit ? hit.tagName.toLowerCase() + '.' + [...hit.classList].join('.') : 'nothing'})`;
    });
    if (miss) out.push(miss);
  }
  return out;
}

/** The box of the copilot while any of it shows in the window, else null. */
async function shownCopilot(page: Page): Promise<Box | null> {
  const panel = copilot(page);
  if (!(await panel.isVisible())) return null;
  const box = await panel.boundingBox();
  const vp = page.viewportSize()!;
  return box && box.x < vp.width - 1 && box.x + box.width > 1 ? box : null;
}

/** What a designer sees at this width, checked: `open` is whether the copilot should be on screen. */
async function checkLayout(page: Page, shot: string, open: boolean) {
  const width = page.viewportSize()!.width;
  // wait for the state: the copilot fully in the window (open) or entirely gone (closed)
  if (open) await expect(copilot(page)).toBeInViewport({ ratio: 1 });
  else await expect(copilot(page)).not.toBeInViewport();
  const props = await properties(page).boundingBox();
  expect(props, 'the properties column has a box').not.toBeNull();
  expect(props!.x + props!.width, 'the properties column ends inside the window').toBeLessThanOrEqual(width + 1);
  const panel = await shownCopilot(page);
  if (open) {
    expect(panel, 'the copilot shows').not.toBeNull();
    expect(intersect(panel!, props!), `copilot ${JSON.stringify(panel)} and properties ${JSON.stringify(props)} overlap`).toBe(false);
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeInViewport({ ratio: 1 });
  } else expect(panel, 'the closed copilot shows nothing').toBeNull();
  // the board stays on screen, uncovered, and not squeezed to a stamp
  const board = (await grid(page).boundingBox())!;
  expect(board.width, 'the board keeps a usable size').toBeGreaterThanOrEqual(270);
  expect(intersect(board, props!), 'the board and the properties overlap').toBe(false);
  if (panel) expect(intersect(board, panel), 'the copilot covers the board').toBe(false);
  // the level list shows whenever the copilot is closed, and, where it shows, is not covered either
  const list = page.getByRole('list', { name: 'Levels' });
  if (!open || width >= 1200) await expect(list).toBeVisible();
  else await expect(list, 'below 1200 px the open copilot takes the list\'s room').toBeHidden();
  if (panel && (await list.isVisible())) expect(intersect((await list.boundingBox())!, panel), 'the copilot covers the level list').toBe(false);
  // the document never scrolls sideways
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  // no column hides a control past its side (the palette's Mirror and shortcuts' button were cut at 1280 px)
  const sideways = await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.app > *')].filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.className));
  expect(sideways, 'columns that scroll sideways').toEqual([]);
  await expect(page.getByRole('button', { name: 'Keyboard shortcuts' })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('combobox', { name: 'Mirror' })).toBeInViewport({ ratio: 1 });
  expect(await unreachableControls(page), 'controls of the properties that a click misses').toEqual([]);
  await page.evaluate(() => document.querySelectorAll('.right').forEach((el) => el.scrollTo(0, 0)));
  await page.screenshot({ path: `test-results/drawer-${shot}.png` });
}

/** Opens the copilot where the toolbar opens it (below 1280 px); above, it is always a column. */
async function openCopilot(page: Page) {
  if (await toggle(page).isVisible()) {
    if ((await toggle(page).getAttribute('aria-pressed')) !== 'true') await toggle(page).click();
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true');
  }
}

for (const width of [1440, 1366, 1280, 1200, 1199, 1024]) {
  test(`at ${width} px the copilot and the level properties never overlap, open or closed`, async ({ page }) => {
    await page.setViewportSize({ width, height: HEIGHT });
    await openStudio(page);
    const drawer = width < 1280;
    await checkLayout(page, `${width}-start`, !drawer);
    await openCopilot(page);
    await checkLayout(page, `${width}-open`, true);
    if (drawer) {
      await toggle(page).click();
      await expect(toggle(page)).toHaveAttribute('aria-pressed', 'false');
      await checkLayout(page, `${width}-closed`, false);
    }
  });
}

test('open at 1440 px, resized to 1024 px and back: the copilot and the properties never overlap', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: HEIGHT });
  await openStudio(page);
  await checkLayout(page, 'resize-1440', true);
  await page.setViewportSize({ width: 1024, height: HEIGHT });
  await checkLayout(page, 'resize-1440-to-1024', false);
  await openCopilot(page);
  await checkLayout(page, 'resize-1440-to-1024-open', true);
  await page.setViewportSize({ width: 1440, height: HEIGHT });
  await checkLayout(page, 'resize-1024-open-to-1440', true);
  await page.setViewportSize({ width: 1024, height: HEIGHT });
  await checkLayout(page, 'resize-back-to-1024', true);
});

test('opened at 1024 px, resized through 1280 and 1366 px and back: the copilot and the properties never overlap', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: HEIGHT });
  await openStudio(page);
  await openCopilot(page);
  await checkLayout(page, 'resize-1024-open', true);
  for (const width of [1280, 1366, 1279, 1199, 1024]) {
    await page.setViewportSize({ width, height: HEIGHT });
    await checkLayout(page, `resize-to-${width}`, true);
  }
  // closed at 1024, the properties have the room back and the copilot is gone
  await toggle(page).click();
  await checkLayout(page, 'resize-1024-closed', false);
});

test('typing to the copilot at 1440 px and narrowing to 1024 px keeps it open (working elsewhere, it folds away: the test above)', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: HEIGHT });
  await openStudio(page);
  const message = page.getByRole('textbox', { name: 'Message' });
  await message.fill('make it harder');
  await page.setViewportSize({ width: 1024, height: HEIGHT });
  await checkLayout(page, 'in-use-1440-to-1024', true);
  await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true');
  await expect(message, 'what was typed is still there').toHaveValue('make it harder');
});
