// A designer's review of the version 2 studio, its open points about words (Candy Kingdom imported with
// its game file): a designer's element named inside a sentence — the play-test's objectives — reads "clear every Sugar chest" and, in 简体中文, sets the Latin name off as the
// studio sets off names it did not write (清除全部“Sugar chest”).
import { test, expect, type Page } from '@playwright/test';
import { cell, dismissNotices } from './helpers.ts';
import { marks, startJourney, type Lang, type Tr } from './journeyHelpers.ts';

const GAME = 'examples/games/candy-kingdom.game.json';
const level = (n: number) => `examples/games/candy-kingdom/level_${n}.json`;

/** Imports a level of Candy Kingdom (the game file when the studio asks for it) and waits for it to open. */
async function importCandy(page: Page, tr: Tr, n: number, name: string) {
  await page.getByLabel(tr('file.importFile'), { exact: true }).setInputFiles(level(n));
  const question = page.getByRole('dialog', { name: tr('games.needTitle') });
  await expect(question.or(page.getByRole('listitem', { name, exact: true }))).toBeVisible();
  if (await question.isVisible()) await question.getByLabel(tr('games.fileLabel'), { exact: true }).setInputFiles(GAME);
  await expect(question).toBeHidden();
  await expect(page.getByLabel(tr('props.name'), { exact: true })).toHaveValue(name);
  await dismissNotices(page);
}

const CHEST = { en: 'clear every Sugar chest', zh: '清除全部“Sugar chest”' } as const;

for (const lang of ['en', 'zh'] as Lang[]) {
  for (const width of [1024, 1440]) {
    test(`the objective of a designer's element reads as a sentence in the play-test's objectives (${lang}, ${width} px)`, async ({ page }) => {
      const tr = await startJourney(page, lang, width);
      await importCandy(page, tr, 3, 'Cake and keys');
      await page.getByRole('button', { name: tr('play.open'), exact: true }).click();
      const play = page.getByRole('dialog', { name: tr('play.title') });
      const chest = play.locator('li[data-objective-index="0"] > span').first();
      await expect(chest).toHaveText(CHEST[lang]);
      await page.screenshot({ path: `/tmp/words-hud-${lang}-${width}.png` });
    });
  }
}

// The Tune dialog's lever for the Sugar key (a one-layer cover): its percent is of the keys taken off the
// board, said so beside its bounds (it read "% of their cells uncovered"); the lever itself is unchanged.
for (const lang of ['en', 'zh'] as Lang[]) {
  test(`the Tune dialog says what the Sugar key's lever changes (${lang})`, async ({ page }) => {
    const tr = await startJourney(page, lang, 1024);
    await importCandy(page, tr, 3, 'Cake and keys');
    await page.getByRole('button', { name: tr('tune.open'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: tr('tune.title') });
    const lever = dialog.locator('label.lever:has(input[data-lever="chains"])');
    await expect(lever).toHaveText('Sugar key');
    await expect(lever.locator('~ span.unit').first()).toHaveText(tr('tune.unit.coversRemoved'));
    await expect(lever.locator('~ span.unit').first()).toHaveText(lang === 'en' ? '% of them taken off the board (0: all stay)' : '% 移出棋盘（0：全部保留）');
    // its bounds as before: 0–100 % (an objective clears the chest, not the keys)
    await expect(dialog.getByLabel(tr('ptune.from', { lever: 'Sugar key' }), { exact: true })).toHaveAttribute('placeholder', '0');
    await expect(dialog.getByLabel(tr('ptune.to', { lever: 'Sugar key' }), { exact: true })).toHaveAttribute('placeholder', '100');
    await dialog.screenshot({ path: `/tmp/words-tune-${lang}.png` });
  });
}

// The Wall tool near the board's outer edge (RULES §12.3: a wall stands between two cells, an outer edge
// has none): the edge a click changes is drawn under the pointer, the readout says when the pointer is
// nearer the outer edge, and the click's notice says why the wall went where it went.
for (const lang of ['en', 'zh'] as Lang[]) {
  for (const width of [1024, 1440]) {
    test(`the Wall tool shows the edge a click changes, and why not the outer one (${lang}, ${width} px)`, async ({ page }) => {
      const tr = await startJourney(page, lang, width);
      await importCandy(page, tr, 3, 'Cake and keys');
      await page.getByRole('radiogroup', { name: tr('palette.tools') }).getByRole('radio', { name: tr('tool.wall'), exact: true }).click();
      // I5 (the last column, 9 wide), its outer right side: the nearest edge between two cells is its bottom one
      const b = (await cell(page, 8, 4).boundingBox())!;
      await page.mouse.move(b.x + b.width * 0.9, b.y + b.height * 0.6);
      const aim = page.getByTestId('wall-aim');
      await expect(aim).toHaveAttribute('data-wall', '8,4,bottom');
      await expect(aim).toHaveAttribute('data-outer', 'true');
      await expect(page.getByTestId('cell-readout')).toHaveText(`I5 · ${tr('wall.aim.on.bottom', { cell: 'I5' })}${tr('wall.aim.outer')}`);
      await page.screenshot({ path: `/tmp/words-wall-aim-${lang}-${width}.png` });
      await page.mouse.down();
      await page.mouse.up();
      await expect(marks(page).locator('[data-wall="8,4,bottom"]')).toHaveCount(1);
      await expect(page.getByRole('status').filter({ hasText: tr('wall.outer.on.bottom', { cell: 'I5' }) })).toBeVisible();
      // the aim now offers to take it off; an inner edge nearest says nothing of the outer one
      await expect(aim).toHaveClass(/\boff\b/);
      const c = (await cell(page, 4, 4).boundingBox())!;
      await page.mouse.move(c.x + c.width * 0.93, c.y + c.height * 0.5);
      await expect(aim).toHaveAttribute('data-wall', '4,4,right');
      await expect(aim).toHaveAttribute('data-outer', 'false');
      await expect(page.getByTestId('cell-readout')).toHaveText(`E5 · ${tr('wall.aim.on.right', { cell: 'E5' })}`);
      // off the board, no aim
      await page.mouse.move(2, 2);
      await expect(aim).toHaveCount(0);
      await page.mouse.move(b.x + b.width * 0.9, b.y + b.height * 0.6);
      await page.screenshot({ path: `/tmp/words-wall-done-${lang}-${width}.png` });
    });
  }
}
