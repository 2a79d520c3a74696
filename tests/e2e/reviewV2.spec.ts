// A designer's review of the version 2 studio (Candy Kingdom imported with its game file), the small
// things it found: a countdown of two digits (the candy bomb's own 10) drawn past its round badge on
// the board and in the play-test; the game editor's folded "Behaviours (version 2)" running its
// "· in use" into the title (Svelte trimmed the space); the report's table heads in 简体中文 breaking
// inside a word at 1024 px (机器/人, 剩/余).
import { test, expect, type Locator, type Page } from '@playwright/test';
import { cell, dismissNotices } from './helpers.ts';
import { analyze, paint, startJourney, type Lang, type Tr } from './journeyHelpers.ts';

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

/** Whether the number's drawn box sits inside its badge's (the shape drawn just before it), in the SVG's units. */
async function badgeFits(text: Locator) {
  return text.evaluate((el) => {
    const t = (el as SVGGraphicsElement).getBBox();
    const b = (el.previousElementSibling as SVGGraphicsElement).getBBox();
    // a margin of 1.5 units each side: a round badge is narrower than its box above and below its middle
    return { text: t.width, badge: b.width, inside: t.x >= b.x + 1.5 && t.x + t.width <= b.x + b.width - 1.5 };
  });
}

test('a countdown of 10 fits its badge on the board and in the play-test', async ({ page }) => {
  const tr = await startJourney(page, 'en', 1440);
  await importCandy(page, tr);
  // the candy bomb's own countdown is 10: a bomb painted with the brush as it comes shows 10
  await paint(page, tr, 'tile', tr('value.coloredPiece', { name: 'Candy bomb', color: tr('color.red') }), [[0, 0]]);
  await expect(cell(page, 0, 0)).toHaveAttribute('data-countdown', '10');
  const onBoard = page.getByTestId('layout-marks').locator('g.colored[data-at="0,0"] text.count');
  await expect(onBoard).toHaveText('10');
  const board = await badgeFits(onBoard);
  expect(board.inside, `board: the number ${board.text} wide in a badge ${board.badge} wide`).toBe(true);

  await page.getByRole('button', { name: tr('play.open'), exact: true }).click();
  const play = page.getByRole('dialog', { name: tr('play.title') });
  const ten = play.getByTestId('countdown').filter({ hasText: /^10$/ });
  await expect(ten).toHaveCount(1);
  const inPlay = await badgeFits(ten);
  expect(inPlay.inside, `play-test: the number ${inPlay.text} wide in a badge ${inPlay.badge} wide`).toBe(true);
});

for (const lang of ['en', 'zh'] as Lang[]) {
  test(`the game editor's folded behaviours say "· in use" apart from their title (${lang})`, async ({ page }) => {
    const tr = await startJourney(page, lang, 1440);
    await importCandy(page, tr);
    await page.getByRole('button', { name: tr('props.editGame'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: tr('gameEd.title') });
    // the fountain's behaviours (it emits chocolate) start open; folded, the title says they are in use
    const fountain = dialog.getByRole('group', { name: 'Chocolate fountain', exact: true });
    await expect(fountain.locator('details.v2')).toHaveAttribute('open', '');
    await fountain.locator('details.v2 > summary').click();
    await expect(fountain.locator('details.v2')).not.toHaveAttribute('open');
    await expect(fountain.locator('details.v2 > summary')).toHaveText(`${tr('gameEd.v2.title')} · ${tr('gameEd.v2.inUse')}`);
  });
}

test('the report\'s table heads in 简体中文 keep their words whole at 1024 px', async ({ page }) => {
  test.setTimeout(120_000);
  const tr = await startJourney(page, 'zh', 1024);
  await importCandy(page, tr);
  const report = await analyze(page, tr);
  const heads = report.locator('thead th');
  await expect(heads).toHaveText([tr('an.tier'), tr('an.winRate'), tr('an.interval'), tr('an.movesLeft')]);
  // each line of a head, as drawn: no word of two or three characters split across two lines
  const lines = await heads.evaluateAll((ths) =>
    ths.map((th) => {
      const node = th.firstChild!;
      const text = node.textContent ?? '';
      const out: string[] = [];
      let top = NaN;
      for (let i = 0; i < text.length; i++) {
        const r = document.createRange();
        r.setStart(node, i);
        r.setEnd(node, i + 1);
        const y = r.getBoundingClientRect().top;
        if (text[i] === '\u200b') continue;
        if (out.length === 0 || Math.abs(y - top) > 2) out.push('');
        out[out.length - 1] += text[i];
        top = y;
      }
      return out.map((l) => l.trim());
    }),
  );
  expect(lines[0]).toEqual(['机器人']);
  expect(lines[3].every((l) => ['获胜时', '剩余步数', '获胜时剩余步数'].includes(l)), lines[3].join(' | ')).toBe(true);
});

test('a notice said again counts its repeat apart from its words ("… ×2")', async ({ page }) => {
  const tr = await startJourney(page, 'en', 1024);
  const bad = { name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{ not json') };
  for (let i = 0; i < 2; i++) await page.getByLabel(tr('file.importFile'), { exact: true }).setInputFiles(bad);
  const said = page.locator('.toast .said').filter({ has: page.locator('.count') });
  await expect(said).toHaveCount(1);
  await expect(said.locator('.count')).toHaveText(/^ ×2 \(said 2 times\)$/);
  expect(await said.evaluate((el) => el.textContent)).toMatch(/\S ×2 \(said 2 times\)$/);
});

for (const lang of ['en', 'zh'] as Lang[]) {
  test(`a narrower board says what of the layout it took off, and the find objective follows the pieces left (${lang})`, async ({ page }) => {
    const tr = await startJourney(page, lang, 1024);
    await page.getByLabel(tr('file.importFile'), { exact: true }).setInputFiles('examples/games/candy-kingdom/level_5.json');
    const question = page.getByRole('dialog', { name: tr('games.needTitle') });
    await question.getByLabel(tr('games.fileLabel'), { exact: true }).setInputFiles(GAME);
    await expect(question).toBeHidden();
    await expect(page.getByLabel(tr('props.name'), { exact: true })).toHaveValue('Bears below');
    await dismissNotices(page);
    const marks = page.getByTestId('layout-marks');
    await expect(marks.locator('[data-hidden]')).toHaveCount(3);
    // "Bears below" at 5 columns: both portals, the belt and two of its three hidden pieces are cut
    const width = page.getByLabel(tr('props.width'), { exact: true });
    await width.fill('5');
    await width.press('Enter');
    await expect(marks.locator('[data-hidden]')).toHaveCount(1);
    await expect(marks.locator('[data-portal], [data-belt]')).toHaveCount(0);
    await expect(page.locator('.props [role="status"]')).toHaveText(tr('layout.resizeDroppedFind', { n: 5, count: 1 }));
    await expect(page.getByLabel(tr('obj.count', { n: 1 }), { exact: true })).toHaveValue('1');
    // one step: Undo brings the layout and the objective back
    await page.getByRole('button', { name: tr('history.undo'), exact: true }).click();
    await expect(marks.locator('[data-hidden]')).toHaveCount(3);
    await expect(page.getByLabel(tr('obj.count', { n: 1 }), { exact: true })).toHaveValue('3');
  });
}
