// Issue 41: a board cell that shows two glyph words — a ground's "Fr" under a tile's "Ch", a cover's
// "Li" over a ground's "Fr", a ground's glyph beside its layer count — failed axe's
// label-content-name-mismatch: the cell's text read "FrCh" while its name says "Chocolate “Ch”,
// Frosting “Fr”". The drawing is one picture beside the cells now; each cell's name still carries every
// word drawn on it. Axe on the board at 1024 and 1440 px, in English and in 简体中文.
import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { cell, grid, levelFile, openStudio } from './helpers.ts';
import { useChinese } from './gameHelpers.ts';

const PACK = 'examples/games/sweet-saga.pack.json';
const SHOTS = '/tmp/shots-editor41';

/** A level of the pack's game whose cells draw two glyph words each (and a ground's glyph with its count). */
const LEVEL = (() => {
  const l = levelFile({ id: 'e2e-glyphs', name: 'Two glyphs', game: 'sweet-saga', width: 6, height: 6, moves: 20, seed: 41, objectives: [{ type: 'collect', color: 'red', count: 10 }] });
  const cells = l.cells as Record<string, unknown>[][];
  cells[0][0] = { tile: 'chocolate', ground: { type: 'frosting', layers: 1 } };
  cells[0][1] = { tile: 'chocolate', ground: { type: 'frosting', layers: 2 } };
  cells[0][2] = { tile: 'meringue', hp: 2, ground: { type: 'frosting', layers: 2 } };
  cells[0][3] = { cover: { type: 'liquorice' }, ground: { type: 'frosting', layers: 2 } };
  return l;
})();

const levels = (page: Page) => page.getByRole('list', { name: 'Levels' });
/** Opens a level of the list by the keyboard (a click after the virtual list scrolls can land on its neighbour). */
async function open(page: Page, name: string) {
  const button = levels(page).locator('li', { hasText: name }).locator('button.open');
  await button.focus();
  await button.press('Enter');
  await expect(button).toHaveAttribute('aria-current', 'true');
}

async function axeBoard(page: Page) {
  const r = await new AxeBuilder({ page }).include('svg[role="grid"]').analyze();
  return r.violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? '')).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const lang of ['en', 'zh'] as const)
  test(`two glyph words on one cell pass axe on the board at 1024 and 1440 px (${lang})`, async ({ page }) => {
    test.setTimeout(180_000); // axe three times on a shared 2-core machine
    await openStudio(page);
    await page.getByLabel('Choose level or pack files to import').setInputFiles(PACK);
    await expect(levels(page).getByText('Chocolate and frosting')).toBeVisible();
    await page.getByLabel('Choose level or pack files to import').setInputFiles({ name: 'glyphs.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(LEVEL)) });
    await open(page, 'Two glyphs');
    await expect(cell(page, 1, 0)).toHaveAttribute('data-ground', 'frosting:2');
    await expect(cell(page, 0, 0)).toHaveAttribute('data-tile', 'chocolate');
    if (lang === 'zh') await useChinese(page);
    // every word drawn is in the cell's name
    await expect(cell(page, 0, 0)).toHaveAccessibleName(lang === 'en' ? 'A1: Chocolate “Ch”, Frosting “Fr”, 1 layer' : /A1.*Chocolate “Ch”.*Frosting “Fr”.*1/);
    await expect(cell(page, 3, 0)).toHaveAccessibleName(/Liquorice lock “Li”.*Frosting “Fr”.*2/);
    for (const width of [1024, 1440]) {
      await page.setViewportSize({ width, height: width === 1440 ? 900 : 768 });
      await expect(grid(page)).toBeInViewport();
      expect(await axeBoard(page), `${lang} ${width}`).toEqual([]);
      await grid(page).screenshot({ path: `${SHOTS}/axe-glyphs-${lang}-${width}.png` });
    }
    // the pack's own level: frosting under chocolate (E7) and under a liquorice lock (B5)
    await open(page, 'Chocolate and frosting');
    await expect(cell(page, 4, 6)).toHaveAttribute('data-ground', 'frosting:1');
    expect(await axeBoard(page), `${lang} pack level`).toEqual([]);
  });
