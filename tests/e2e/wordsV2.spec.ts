// A designer's review of the version 2 studio, its open points about words (Candy Kingdom imported with
// its game file): a designer's element named inside a sentence — the play-test's objectives — reads "clear every Sugar chest" and, in 简体中文, sets the Latin name off as the
// studio sets off names it did not write (清除全部“Sugar chest”).
import { test, expect, type Page } from '@playwright/test';
import { dismissNotices } from './helpers.ts';
import { startJourney, type Lang, type Tr } from './journeyHelpers.ts';

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
