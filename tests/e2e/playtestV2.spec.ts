// Issue 41 item 3: the play-test shows a version 2 level as it plays — the belt shifts, portals carry
// pieces, countdowns tick on the coloured pieces (their number going down each move) — within the
// move's second, and a game lost to a countdown says so, naming the element, in English and 简体中文.
// Mid-animation screenshots: test-results/screenshots/playtest-v2-*.png.
import { test, expect, type Page } from '@playwright/test';
import { dismissNotices, openStudio } from './helpers.ts';

const GAME = 'examples/games/candy-kingdom.game.json';
const list = (page: Page) => page.getByRole('list', { name: 'Levels' });

/** Imports a level of Candy Kingdom (its game file when the studio asks for it) and opens it. */
async function importCandy(page: Page, file: string, name: string) {
  await page.getByLabel('Choose level or pack files to import').setInputFiles(file);
  const question = page.getByRole('dialog', { name: 'Game file needed' });
  await expect(question.or(list(page).getByRole('listitem', { name, exact: true }))).toBeVisible();
  if (await question.isVisible()) await question.getByLabel('Game file').setInputFiles(GAME);
  await expect(page.getByLabel('Level name')).toHaveValue(name);
  await dismissNotices(page);
}

/** Holds the page's clock (installed by the test, running as usual until then): the play-test's beats then wait for stepClock. */
async function holdClock(page: Page) {
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
}

/**
 * With the clock held: moves it on 8 ms at a time until the board draws `beat` (any beat when
 * empty) with at least `lit` cells lit as `flash` — a state of the animation, reached however
 * loaded the machine is; returns how many are lit.
 */
async function stepClock(page: Page, beat: string, flash: string, lit = 1, limitMs = 60_000): Promise<number> {
  const seen = () =>
    page.evaluate(([b, f]) => {
      const svg = document.querySelector('dialog.playtest svg.board');
      if (!svg || (b !== '' && svg.getAttribute('data-beat') !== b)) return 0;
      return svg.querySelectorAll(`[data-flash="${f}"]`).length;
    }, [beat, flash]);
  for (let t = 0; t < limitMs; t += 8) {
    const n = await seen();
    if (n >= lit) return n;
    await page.clock.runFor(8);
  }
  return seen();
}

const countdowns = async (page: Page) =>
  (await page.locator('dialog.playtest svg.board g.tile[data-countdown]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-countdown'))))).sort((a, b) => a - b);

test('a belt shifts and portals carry pieces while a bot plays "Bears below"', async ({ page }) => {
  await page.clock.install();
  await openStudio(page);
  await importCandy(page, 'examples/games/candy-kingdom/level_5.json', 'Bears below');
  await page.getByRole('button', { name: 'Play-test' }).click();
  const dlg = page.getByRole('dialog', { name: 'Play-test' });
  const board = dlg.getByRole('grid', { name: 'Play-test board' });
  await dlg.getByLabel('Animation speed').selectOption('0.5');
  await dlg.getByRole('radio', { name: 'Watch a bot' }).click();
  // the belt's cells are lit while its pieces move one cell along (pictured mid-shift, the clock held)
  await holdClock(page);
  await dlg.getByRole('button', { name: 'Next move' }).click();
  expect(await stepClock(page, 'belt', 'belt')).toBeGreaterThan(0);
  await dlg.screenshot({ path: 'test-results/screenshots/playtest-v2-belt-en.png' });
  await page.clock.resume();
  await expect(board).toHaveAttribute('data-animating', 'false');
  // with reduced motion the beat's marks are drawn still (no fading)
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await dlg.getByRole('button', { name: 'Next move' }).click();
  await page.waitForFunction(() => {
    const f = document.querySelector('dialog.playtest svg.board [data-flash="belt"]');
    return !!f && getComputedStyle(f).animationName === 'none';
  }, null, { polling: 'raf', timeout: 15_000 });
  await expect(board).toHaveAttribute('data-animating', 'false');
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  // a few more moves: a piece falls through a portal (it comes out in the other column, its portal lit)
  await dlg.getByLabel('Animation speed').selectOption('1');
  await holdClock(page);
  await dlg.getByRole('button', { name: 'Play on' }).click();
  expect(await stepClock(page, '', 'portal')).toBeGreaterThan(0);
  await dlg.screenshot({ path: 'test-results/screenshots/playtest-v2-portal-en.png' });
  await page.clock.resume();
});

test('countdowns tick on the coloured pieces, and a game lost to one says so, in English and 简体中文', async ({ page }) => {
  test.setTimeout(120_000);
  await page.clock.install();
  await openStudio(page);
  await importCandy(page, 'examples/games/candy-kingdom/level_1.json', 'Ticking bombs');
  await page.getByRole('button', { name: 'Play-test' }).click();
  const dlg = page.getByRole('dialog', { name: 'Play-test' });
  const board = dlg.getByRole('grid', { name: 'Play-test board' });
  // the three candy bombs in their colours, with their countdowns drawn on them
  await expect(board.locator('g.tile[data-tile="candy_bomb"][data-color]')).toHaveCount(3);
  expect(await countdowns(page)).toEqual([4, 6, 8]);
  await expect(board.getByTestId('countdown')).toHaveText(['4', '6', '8']);
  await expect(board.getByRole('gridcell', { name: /Candy bomb.*, red, countdown 4$/ })).toHaveCount(1);

  await dlg.getByLabel('Animation speed').selectOption('0.5');
  await dlg.getByRole('radio', { name: 'Watch a bot' }).click();
  await dlg.getByLabel('Bot').selectOption('novice');
  await holdClock(page);
  await dlg.getByRole('button', { name: 'Next move' }).click();
  // the three pieces' countdowns tick together (pictured mid-tick, the clock held)
  expect(await stepClock(page, 'tick', 'tick', 3)).toBe(3);
  await dlg.screenshot({ path: 'test-results/screenshots/playtest-v2-tick-en.png' });
  await page.clock.resume();
  await expect(board).toHaveAttribute('data-animating', 'false');
  expect(await countdowns(page)).toEqual([3, 5, 7]);
  await expect(board.getByRole('gridcell', { name: /Candy bomb.*, red, countdown 3$/ })).toHaveCount(1);

  // the novice bot's game from the level's seed is lost to the red bomb's countdown
  await dlg.getByLabel('Animation speed').selectOption('4');
  await dlg.getByRole('button', { name: 'Play on' }).click();
  const end = dlg.getByRole('status').filter({ hasText: 'Lost: Candy bomb reached 0' });
  await expect(end).toBeVisible({ timeout: 30_000 });
  expect(await countdowns(page)).toContain(0);
  await dlg.screenshot({ path: 'test-results/screenshots/playtest-v2-lost-en.png' });

  // 简体中文: the same moves, mid-animation, and the same end in Chinese
  await dlg.getByRole('button', { name: 'Close play-test' }).click();
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('dialog', { name: 'Settings' }).getByLabel('Language').selectOption('zh');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: '试玩' }).click();
  const zh = page.getByRole('dialog', { name: '试玩' });
  await zh.getByLabel('动画速度').selectOption('0.5');
  await zh.getByRole('radio', { name: '观看机器人' }).click();
  await zh.getByLabel('机器人').selectOption('novice');
  await holdClock(page);
  await zh.getByRole('button', { name: '下一步' }).click();
  expect(await stepClock(page, 'tick', 'tick', 3)).toBe(3);
  await zh.screenshot({ path: 'test-results/screenshots/playtest-v2-tick-zh.png' });
  await page.clock.resume();
  await expect(zh.getByRole('grid', { name: '试玩棋盘' })).toHaveAttribute('data-animating', 'false');
  await zh.getByLabel('动画速度').selectOption('4');
  await zh.getByRole('button', { name: '自动播放' }).click();
  await expect(zh.getByRole('status').filter({ hasText: '失败：“Candy bomb”的倒计时归零' })).toBeVisible({ timeout: 30_000 });
  await zh.screenshot({ path: 'test-results/screenshots/playtest-v2-lost-zh.png' });
});

test('a coloured piece is picked by a click or Enter like a colour tile, and the arrow swaps it', async ({ page }) => {
  await openStudio(page);
  await importCandy(page, 'examples/games/candy-kingdom/level_1.json', 'Ticking bombs');
  await page.getByRole('button', { name: 'Play-test' }).click();
  const dlg = page.getByRole('dialog', { name: 'Play-test' });
  const board = dlg.getByRole('grid', { name: 'Play-test board' });
  const said = dlg.getByTestId('play-said');
  const found = board.getByRole('gridcell', { name: /Candy bomb.*, red, countdown 4$/ });
  const bomb = board.locator(`[role="gridcell"][data-x="${await found.getAttribute('data-x')}"][data-y="${await found.getAttribute('data-y')}"]`);
  // by mouse: a click on the bomb picks it (it swaps like a colour tile, RULES §12.1)
  const box = (await bomb.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(said).toContainText('Picked Candy bomb');
  await expect(said).toContainText('Press an arrow to swap it');
  await expect(board.locator('[aria-selected="true"]')).toHaveCount(1);
  // by keyboard: Escape on the board lets it go, Enter on the bomb picks it again, and an arrow plays the swap
  await bomb.focus();
  await page.keyboard.press('Escape');
  await expect(board.locator('[aria-selected="true"]')).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(said).toContainText('Picked Candy bomb');
  const left = Number(await dlg.getByTestId('moves-left').textContent());
  await page.keyboard.press('ArrowDown');
  await expect(dlg.getByTestId('moves-left')).toHaveText(String(left - 1));
  await expect(board).toHaveAttribute('data-animating', 'false');
});

test('a 2×2 cake is one piece, effects fire in a wave after the clear, and a gate opens on "Cake and keys"', async ({ page }) => {
  test.setTimeout(120_000);
  await page.clock.install();
  await openStudio(page);
  await importCandy(page, 'examples/games/candy-kingdom/level_3.json', 'Cake and keys');
  await page.getByRole('button', { name: 'Play-test' }).click();
  const dlg = page.getByRole('dialog', { name: 'Play-test' });
  const board = dlg.getByRole('grid', { name: 'Play-test board' });
  await expect(board.locator('g.tile[data-tile="cake"]')).toHaveCount(1);
  await expect(board.locator('g.tile[data-tile="cake"] [data-size="2x2"]')).toHaveCount(1);
  await dlg.screenshot({ path: 'test-results/screenshots/playtest-v2-cake-en.png' });
  await dlg.getByRole('radio', { name: 'Watch a bot' }).click();
  // the average bot's game from the level's seed: a wave of effects on move 4, the chests' gate opening on move 13
  await holdClock(page);
  await dlg.getByRole('button', { name: 'Play on' }).click();
  expect(await stepClock(page, 'wave', 'effect')).toBeGreaterThan(0);
  await dlg.screenshot({ path: 'test-results/screenshots/playtest-v2-wave-en.png' });
  expect(await stepClock(page, 'wave', 'gate')).toBeGreaterThan(0);
  await dlg.screenshot({ path: 'test-results/screenshots/playtest-v2-gate-en.png' });
  await page.clock.resume();
  await expect(dlg.getByRole('status').filter({ hasText: 'Level complete!' })).toBeVisible({ timeout: 30_000 });
});

/** Imports a level with its game file (asked for once) and opens it. */
async function importWithGame(page: Page, file: string, game: string, name: string) {
  await page.getByLabel('Choose level or pack files to import').setInputFiles(file);
  const question = page.getByRole('dialog', { name: 'Game file needed' });
  await question.getByLabel('Game file').setInputFiles(game);
  await expect(question).toBeHidden();
  await expect(page.getByLabel('Level name')).toHaveValue(name);
  await dismissNotices(page);
}

// Items brought down leave at their exit cells during the move (the exit lit, the item gone in that
// beat), under either rules version and on a version 1 level too (there they used to vanish only after
// the move was drawn). Screenshots: test-results/screenshots/playtest-exit-*.png.
for (const c of [
  { file: 'examples/games/candy-kingdom/level_6.json', game: GAME, name: 'Cherry cannons', rules: '1', item: 'cherry' },
  { file: 'examples/games/candy-kingdom/level_6.json', game: GAME, name: 'Cherry cannons', rules: '2', item: 'cherry' },
  { file: 'examples/games/home-garden/level_5.json', game: 'examples/games/home-garden.game.json', name: 'Acorn drop', rules: '1', item: 'acorn' },
]) {
  test(`items leave at the exits while the move is drawn: "${c.name}" under rules ${c.rules}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.clock.install();
    await openStudio(page);
    await importWithGame(page, c.file, c.game, c.name);
    const rules = page.getByLabel('Rules', { exact: true });
    if ((await rules.inputValue()) !== c.rules) await rules.selectOption(c.rules);
    await expect(rules).toHaveValue(c.rules);
    await page.getByRole('button', { name: 'Play-test' }).click();
    const dlg = page.getByRole('dialog', { name: 'Play-test' });
    const board = dlg.getByRole('grid', { name: 'Play-test board' });
    await dlg.getByLabel('Animation speed').selectOption('4');
    await dlg.getByRole('radio', { name: 'Watch a bot' }).click();
    const done = dlg.locator(`[data-objective-index="0"]`);
    const before = Number(await done.getAttribute('data-done'));
    await holdClock(page);
    await dlg.getByRole('button', { name: 'Play on' }).click();
    // the beat an item leaves in: its exit cell lit, and no item drawn on that cell any more
    expect(await stepClock(page, 'slides', 'exit', 1, 240_000)).toBeGreaterThan(0);
    const gone = await page.evaluate((item) => {
      const svg = document.querySelector('dialog.playtest svg.board')!;
      const lit = [...svg.querySelectorAll('[data-flash="exit"]')].map((r) => [Math.round(Number(r.getAttribute('x')) / 40), Math.round(Number(r.getAttribute('y')) / 40)]);
      const items = [...svg.querySelectorAll(`g.tile[data-tile="${item}"]:not(.pop)`)].map((g) => [Number(g.getAttribute('data-x')), Number(g.getAttribute('data-y'))]);
      return lit.every(([x, y]) => !items.some(([ix, iy]) => ix === x && iy === y));
    }, c.item);
    expect(gone).toBe(true);
    await dlg.screenshot({ path: `test-results/screenshots/playtest-exit-${c.item}-rules${c.rules}.png` });
    await page.clock.resume();
    // the objective counts the item once its move is drawn
    await expect.poll(async () => Number(await done.getAttribute('data-done')), { timeout: 30_000 }).toBeGreaterThan(before);
    await expect(board).toBeVisible();
  });
}

test('emitters place pieces while a bot plays "Fountains and a mixer": the emitter and its targets lit, the placed piece drawn there', async ({ page }) => {
  test.setTimeout(120_000);
  await page.clock.install();
  await openStudio(page);
  await importCandy(page, 'examples/games/candy-kingdom/level_2.json', 'Fountains and a mixer');
  await page.getByRole('button', { name: 'Play-test' }).click();
  const dlg = page.getByRole('dialog', { name: 'Play-test' });
  await dlg.getByRole('radio', { name: 'Watch a bot' }).click();
  await holdClock(page);
  await dlg.getByRole('button', { name: 'Play on' }).click();
  // the Magic mixer places every 3 moves: within a few moves an 'emit' beat lights the mixer and where its swirls go
  expect(await stepClock(page, 'emit', 'emit', 2)).toBeGreaterThanOrEqual(2);
  const placed = await page.evaluate(() => {
    const svg = document.querySelector('dialog.playtest svg.board')!;
    const lit = [...svg.querySelectorAll('[data-flash="emit"]')].map((r) => `${Math.round(Number(r.getAttribute('x')) / 40)},${Math.round(Number(r.getAttribute('y')) / 40)}`);
    const at = (tile: string) => [...svg.querySelectorAll(`g.tile[data-tile="${tile}"]:not(.pop)`)].map((g) => `${g.getAttribute('data-x')},${g.getAttribute('data-y')}`);
    const pieces = [...at('swirl'), ...at('chocolate')];
    return lit.filter((c) => pieces.includes(c)).length;
  });
  expect(placed).toBeGreaterThan(0);
  await dlg.screenshot({ path: 'test-results/screenshots/playtest-v2-emit-en.png' });
  await page.clock.resume();
});
