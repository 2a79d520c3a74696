// Issue 41: a designer sets one painted coloured piece's own countdown from the studio (RULES §12.1: a
// painted piece's `countdown` 1..its element's, default the element's). On a version 2 level of Candy
// Kingdom imported with its game file through the import button: the candy bomb brush shows the palette's
// countdown field (the board does not move when it shows), a number above the element's is refused in the
// level model's words beside it, two bombs painted with 4 and 8 show their numbers on the board and in
// their cells' names, Undo takes the second one back and Redo brings it, the eyedropper brings a piece's
// countdown to the field, and the exported file's cells carry "countdown": 4 and 8 (a bomb painted at the
// element's own countdown carries none). English and 简体中文 at 1440 and 1024 px; screenshots of the
// palette with the field and the board with the bombs in /tmp/shots-countdown/.
import { test, expect, type Page } from '@playwright/test';
import { cell, dismissNotices, grid } from './helpers.ts';
import { exportLevel, namedCell, paint, startJourney, words, type Lang, type Tr } from './journeyHelpers.ts';
import { radio } from './gameHelpers.ts';

const GAME = 'examples/games/candy-kingdom.game.json';
const LEVEL = 'examples/games/candy-kingdom/level_1.json';
const SHOTS = '/tmp/shots-countdown';

/** Imports Candy Kingdom's first level with its game file, as a designer does, and waits for it to open. */
async function importCandy(page: Page, tr: Tr) {
  await page.getByLabel(tr('file.importFile'), { exact: true }).setInputFiles(LEVEL);
  const question = page.getByRole('dialog', { name: tr('games.needTitle') });
  await question.getByLabel(tr('games.fileLabel'), { exact: true }).setInputFiles(GAME);
  await expect(question).toBeHidden();
  await expect(page.getByLabel(tr('props.name'), { exact: true })).toHaveValue('Ticking bombs');
  await dismissNotices(page);
}

const field = (page: Page, tr: Tr) => page.locator('.palette').getByLabel(tr('brush.countdown'), { exact: true });
const bomb = (tr: Tr, color: string) => tr('value.coloredPiece', { name: 'Candy bomb', color: tr('color.' + color) });
const top = async (page: Page) => (await grid(page).boundingBox())!.y;

for (const [lang, width] of [['en', 1440], ['en', 1024], ['zh', 1440], ['zh', 1024]] as [Lang, number][]) {
  test(`a candy bomb's own countdown painted from the palette: refused above the element's, shown on the board, one undo step, exported (${lang}, ${width} px)`, async ({ page }) => {
    test.setTimeout(120_000);
    const tr = await startJourney(page, lang, width);
    await importCandy(page, tr);
    expect(words(lang)('brush.countdown')).toBe(lang === 'en' ? 'Countdown' : '倒计时');

    // a plain colour brush: no field; the candy bomb's brush: the field, at the element's 10, the board where it was
    await paint(page, tr, 'tile', tr('value.red'), []);
    await expect(field(page, tr)).toHaveCount(0);
    const before = await top(page);
    await radio(page, bomb(tr, 'red')).click();
    await expect(field(page, tr)).toHaveValue('10');
    await expect(field(page, tr)).toHaveAttribute('max', '10');
    expect(await top(page)).toBe(before);

    // above the element's countdown: refused in the model's words, beside the field
    await field(page, tr).fill('11');
    const refusal = tr('problem.countdownRange', { max: 10, id: 'candy_bomb' });
    await expect(page.locator('#brush-countdown-refused')).toHaveText(refusal);
    await expect(field(page, tr)).toHaveAttribute('aria-invalid', 'true');
    expect(await top(page)).toBe(before);
    // another brush takes the refusal and the refused number back, even at the same countdown
    await radio(page, bomb(tr, 'blue')).click();
    await expect(field(page, tr)).toHaveValue('10');
    await expect(page.locator('#brush-countdown-refused')).toHaveText('');
    await radio(page, bomb(tr, 'red')).click();

    // 4 on B1, then 8 on H1 in green: the numbers on the board and in the cells' names
    await field(page, tr).fill('4');
    await expect(page.locator('#brush-countdown-refused')).toHaveText('');
    await cell(page, 1, 0).click();
    // another colour of the bomb keeps the countdown set; another element's brush does not carry it
    await radio(page, bomb(tr, 'green')).click();
    await expect(field(page, tr)).toHaveValue('4');
    await field(page, tr).fill('8');
    await cell(page, 7, 0).click();
    await expect(cell(page, 1, 0)).toHaveAttribute('data-countdown', '4');
    await expect(cell(page, 7, 0)).toHaveAttribute('data-countdown', '8');
    await expect(namedCell(page, tr, 'B1', tr('layout.countdown', { n: 4 }))).toHaveCount(1);
    await expect(namedCell(page, tr, 'H1', tr('layout.countdown', { n: 8 }))).toHaveCount(1);
    await expect(page.getByTestId('layout-marks').locator('[data-at="1,0"]')).toHaveAttribute('data-countdown', '4');
    await expect(page.getByTestId('layout-marks').locator('[data-at="7,0"]')).toHaveAttribute('data-countdown', '8');
    await field(page, tr).fill('11'); // refused again: the field says so, and the screenshot shows it
    await expect(page.locator('#brush-countdown-refused')).toHaveText(refusal);
    await page.locator('.palette').screenshot({ path: `${SHOTS}/palette-${lang}-${width}.png` });
    await page.screenshot({ path: `${SHOTS}/board-${lang}-${width}.png` });

    // one undo step each: Undo takes H1's bomb back, Redo brings it
    await page.getByRole('button', { name: tr('history.undo'), exact: true }).click();
    await expect(cell(page, 7, 0)).not.toHaveAttribute('data-countdown');
    await expect(namedCell(page, tr, 'H1', tr('layout.countdown', { n: 8 }))).toHaveCount(0);
    await expect(cell(page, 1, 0)).toHaveAttribute('data-countdown', '4');
    await page.getByRole('button', { name: tr('history.redo'), exact: true }).click();
    await expect(cell(page, 7, 0)).toHaveAttribute('data-countdown', '8');

    // the eyedropper brings B1's countdown to the field; at the element's own 10 a bomb's cell carries none
    await radio(page, tr('tool.eyedropper')).click();
    await cell(page, 1, 0).click();
    await expect(field(page, tr)).toHaveValue('4');
    await field(page, tr).fill('10');
    await cell(page, 4, 0).click();
    await expect(cell(page, 4, 0)).toHaveAttribute('data-countdown', '10');

    const { level } = await exportLevel(page, tr);
    expect(level.version).toBe(2);
    expect(level.cells[0][1]).toEqual({ tile: 'candy_bomb', color: 'red', countdown: 4 });
    expect(level.cells[0][7]).toEqual({ tile: 'candy_bomb', color: 'green', countdown: 8 });
    expect(level.cells[0][4]).toEqual({ tile: 'candy_bomb', color: 'red' });
  });
}
