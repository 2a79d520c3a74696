// Issue 22: cells you can find (rulers, readout, names, outlines), the keyboard all the way (skip link,
// keyboard rectangle, Analyze without a mouse), and copilot replies that keep what was said.
import { test, expect, type Locator, type Page } from '@playwright/test';
import { cell, grid, importOpenLevel, openStudio } from './helpers.ts';
import { log, script, send, setupProvider, uniqueKey } from './copilotHelpers.ts';
import { expectHeld, holdSim, installSimHold, unholdSim } from './simHold.ts';

/**
 * Levels of our own in the open pack (9×9, a score nobody reaches: every game plays 2 × 20 moves).
 * A job no longer has to be slow to outlast the key presses and checks made while it runs (with the
 * sample pack's small levels a loaded machine once finished a job in 1.6 s, before the second Tab had
 * moved focus; 16×16 levels made it slower, but still a race): the tests hold its chunks
 * (simHold.ts) and let them go once the checks are made.
 */
async function importPackLevels(page: Page, seeds = [31, 32]) {
  for (const seed of seeds) await importOpenLevel(page, { name: `Level ${seed}`, width: 9, height: 9, moves: 20, seed, objectives: [{ type: 'score', target: 10_000_000 }] });
}

/**
 * Presses Tab until `target` has focus (at most `limit` times), keeping the trail of where focus went:
 * when it never gets there, the failure says which elements focus passed through.
 */
async function tabTo(page: Page, target: Locator, limit: number) {
  const trail: string[] = [];
  for (let i = 0; i < limit && !(await target.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
    trail.push(await page.evaluate(() => {
      const a = document.activeElement;
      return a ? `${a.tagName.toLowerCase()} "${a.getAttribute('aria-label') ?? a.textContent?.trim().slice(0, 24) ?? ''}"` : 'none';
    }));
  }
  await expect(target, `reached by Tab; focus went: ${trail.join(' → ')}`).toBeFocused();
}

test('the board has rulers, a readout of the cell under the pointer, and cells named as the rulers read them', async ({ page }) => {
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  await expect(grid(page).locator('[data-ruler="x"]')).toHaveCount(9);
  await expect(grid(page).locator('[data-ruler="y"]')).toHaveCount(9);
  await expect(grid(page).locator('[data-ruler="x"]').first()).toHaveText('A');
  await expect(grid(page).locator('[data-ruler="y"]').last()).toHaveText('9');
  await cell(page, 2, 4).hover();
  await expect(page.getByTestId('cell-readout')).toHaveText(/^C5 · Random tile$/);
  await expect(cell(page, 2, 4)).toHaveAttribute('aria-label', 'C5: Random tile');
});

test('a cell reference in a warning outlines that cell on the board', async ({ page }) => {
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  // a crate row starves the cells under it: the warning names them
  await page.getByRole('textbox', { name: 'Message' }).fill('/paint_tile_region {"x1": 0, "y1": 3, "x2": 8, "y2": 3, "tile": "crate"}');
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  const warnings = page.getByRole('region', { name: 'Warnings' });
  await expect(warnings).toContainText('no new tiles reach A5–A9');
  await expect(warnings).toContainText('crates at A4–I4');
  await warnings.getByRole('button', { name: 'A4–I4' }).click();
  await expect(grid(page).getByTestId('cell-outline')).toHaveAttribute('data-cells', 'A4–I4');
  await expect(page.getByTestId('live-region')).toContainText('Outlined A4–I4 on the board');
  await expect(cell(page, 0, 3)).toHaveAttribute('aria-label', 'A4: Crate, 1 hit');
});

test('keyboard only: skip to the board, paint a rectangle, run Analyze and read the result', async ({ page }) => {
  test.slow(); // an analysis runs; the machine is shared
  await installSimHold(page);
  await openStudio(page);
  // the analysis is held until the check that focus waits on Analyze is made (a 9×9 level's analysis
  // could land first on a loaded machine, and focus had rightly moved to the report)
  await importPackLevels(page, [33]);
  // from here on no mouse: a fresh page load, the first Tab reaches the skip link
  await page.reload();
  await expect(grid(page)).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to board' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(grid(page)).toBeFocused();
  await expect(page.getByTestId('cell-readout')).toHaveText(/^A1 · /);
  // R: the rectangle tool, painting the tile layer's current value
  await page.keyboard.press('r');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowDown');
  await expect(page.getByTestId('cell-readout')).toContainText('Rectangle B2–D3');
  await page.keyboard.press('Enter');
  const painted = await cell(page, 1, 1).getAttribute('data-tile');
  expect(painted).not.toBe('random');
  for (const [x, y] of [[1, 1], [2, 1], [3, 1], [1, 2], [2, 2], [3, 2]]) await expect(cell(page, x, y)).toHaveAttribute('data-tile', painted!);
  for (const [x, y] of [[0, 1], [4, 1], [1, 0], [1, 3]]) await expect(cell(page, x, y)).toHaveAttribute('data-tile', 'random');

  // Tab on to Analyze, press it: focus stays there while the bots play, then moves to the report
  const analyze = page.getByRole('button', { name: 'Analyze', exact: true });
  await tabTo(page, analyze, 60);
  await holdSim(page);
  await page.keyboard.press('Enter');
  await expect(analyze).toHaveAttribute('aria-disabled', 'true');
  await expectHeld(page);
  await expect(analyze).toBeFocused();
  await unholdSim(page);
  const report = page.getByRole('region', { name: 'Analysis report' });
  await expect(report).toBeFocused({ timeout: 60_000 });
  await expect(page.getByTestId('live-region')).toContainText(/Analysis ready: win rate \d/);
  // reading on from the report with the keyboard reaches its figures
  await expect(report).toContainText('%');
});

test('a stopped reply keeps what it had said, marked cut off, and the level as it was', async ({ page }) => {
  const key = uniqueKey();
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  await setupProvider(page, key);
  // held open after its text (the scripted server's `hold`): the reply cannot end before Stop lands
  await script(key, [{ type: 'text', text: 'Let me think about this level very carefully before I change anything at all. '.repeat(4), chunkSize: 4, delayMs: 150, hold: true }]);
  await send(page, 'think first');
  await expect(log(page).locator('.live')).toContainText('very carefully', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Stop' }).click();
  const kept = log(page).locator('[data-role="assistant"]').last();
  await expect(kept).toContainText('Let me think about this level very carefully');
  await expect(kept.locator('[data-cut-off="stopped"]')).toContainText('Cut off');
  await expect(log(page).locator('[data-role="notice"]').last()).toContainText('Stopped');
  await expect(grid(page).locator('[data-x]')).toHaveCount(81);
  // it survives a reload
  await page.reload();
  await expect(log(page).locator('[data-cut-off="stopped"]')).toHaveCount(1);
});

test("a 503 shows the provider's message once, with Retry, and Retry succeeds", async ({ page }) => {
  const key = uniqueKey();
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  await setupProvider(page, key, { fields: { Retries: '0' } });
  await script(key, [
    { type: 'error', status: 503, message: 'The server is overloaded' },
    { type: 'text', text: 'Here is my answer after all.' },
  ]);
  await send(page, 'hello');
  const alerts = page.getByRole('alert').filter({ hasText: 'The server is overloaded' });
  await expect(alerts).toHaveCount(1);
  await expect(alerts).toContainText('server error (503)');
  await expect(page.getByText('The server is overloaded')).toHaveCount(1); // once: no banner repeating it
  await alerts.getByRole('button', { name: 'Retry' }).click();
  await expect(log(page).locator('[data-role="assistant"]').last()).toContainText('Here is my answer after all.');
  await expect(page.getByText('The server is overloaded')).toHaveCount(0);
  await expect(log(page).locator('[data-role="user"]')).toHaveCount(1); // the same request, sent again
  await expect(log(page).locator('[data-role="user"]')).toHaveText('hello');
});

test('keyboard only: open Pack difficulty, run Analyze pack; focus waits on the button, then moves to the table, announced', async ({ page }) => {
  test.slow(); // six levels' analyses run; the machine is shared
  await installSimHold(page);
  await openStudio(page);
  await importPackLevels(page);
  // no mouse from here: a fresh load, Tab to the pack's button
  await page.reload();
  await expect(grid(page)).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Pack difficulty' }), 80);
  await page.keyboard.press('Enter');
  const view = page.getByRole('region', { name: 'Pack difficulty' });
  await expect(view).toBeVisible();
  const analyzePack = view.getByRole('button', { name: 'Analyze pack' });
  await tabTo(page, analyzePack, 30);
  // the job's chunks wait in the hold until the checks made while it runs are done
  await holdSim(page);
  await page.keyboard.press('Enter');
  // while the bots play: the button says it is busy and keeps focus (not the page body)
  await expect(analyzePack).toHaveAttribute('aria-disabled', 'true');
  await expect(view.getByRole('progressbar')).toBeVisible();
  await expectHeld(page);
  await expect(analyzePack).toBeFocused();
  // Enter again does not start a second job
  await page.keyboard.press('Enter');
  await expect(view.getByRole('progressbar')).toHaveCount(1);
  await expect(analyzePack).toHaveAttribute('aria-disabled', 'true');
  await unholdSim(page);
  // when it lands: focus on the table of results, and the live region says so
  const table = view.getByRole('table', { name: 'Pack difficulty' });
  await expect(table).toBeFocused({ timeout: 120_000 });
  await expect(page.getByTestId('live-region')).toContainText('Pack analysis ready');
  await expect(view.locator('tbody tr[data-win-rate=""]')).toHaveCount(0);
  await expect(analyzePack).not.toHaveAttribute('aria-disabled', 'true');
  // reading on from the table with the keyboard reaches its sort buttons
  await page.keyboard.press('Tab');
  await expect(view.getByRole('button', { name: '#' })).toBeFocused();
});

test('keyboard only: Cancel gives focus back to Analyze pack; a job that lands with the view closed is announced', async ({ page }) => {
  test.slow();
  await installSimHold(page);
  await openStudio(page);
  await importPackLevels(page);
  const packButton = page.getByRole('button', { name: 'Pack difficulty' });
  await packButton.focus();
  await page.keyboard.press('Enter');
  const view = page.getByRole('region', { name: 'Pack difficulty' });
  const analyzePack = view.getByRole('button', { name: 'Analyze pack' });
  await analyzePack.focus();
  // the job's chunks wait in the hold: it outlasts the key presses that reach its Cancel
  await holdSim(page);
  await page.keyboard.press('Enter');
  await expect(view.getByRole('progressbar')).toBeVisible();
  await expectHeld(page);
  // Tab on to the job's Cancel, press it: focus goes back to the button that started the job
  const cancel = view.getByRole('group', { name: 'Pack job' }).getByRole('button', { name: 'Cancel' });
  await tabTo(page, cancel, 10);
  await page.keyboard.press('Enter');
  await expect(view.getByRole('progressbar')).toHaveCount(0);
  await expect(analyzePack).toBeFocused(); // (it went to the table, as if the job had landed, before)
  await expect(page.getByTestId('live-region')).toContainText('Pack job cancelled');

  // again, and close the view while the bots play: focus back on Pack difficulty, and the job's end is said
  await page.keyboard.press('Enter');
  await expect(view.getByRole('progressbar')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(view).toBeHidden();
  await expect(packButton).toBeFocused();
  await expect(page.getByRole('group', { name: 'Pack job' })).toBeVisible();
  // still held: the job cannot have landed yet; now it may
  await unholdSim(page);
  await expect(page.getByRole('group', { name: 'Pack job' })).toBeHidden({ timeout: 120_000 });
  await expect(page.getByTestId('live-region')).toContainText('Pack analysis ready');
  await expect(packButton).toBeFocused();
});

test("play-test: \"That swap makes no match…\" goes when a bot takes over, on a new game, and never lands after the switch", async ({ page }) => {
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  await page.getByRole('button', { name: 'Play-test' }).click();
  const dlg = page.getByRole('dialog', { name: 'Play-test' });
  const board = dlg.getByRole('grid', { name: 'Play-test board' });
  const noMatch = dlg.getByText('That swap makes no match');
  const byHand = dlg.getByRole('radio', { name: 'Play by hand' });
  const watch = dlg.getByRole('radio', { name: 'Watch a bot' });

  /** Swaps two neighbours of one colour by keyboard: a swap that can make no match (the board stays the same). */
  async function swapTwins() {
    const pair = await board.evaluate((svg) => {
      const at = new Map<string, string>();
      for (const g of svg.querySelectorAll('[data-tile]')) at.set(`${g.getAttribute('data-x')},${g.getAttribute('data-y')}`, g.getAttribute('data-tile')!);
      const colours = ['red', 'green', 'blue', 'yellow', 'purple', 'orange'];
      for (const [k, tile] of at) {
        const [x, y] = k.split(',').map(Number);
        if (!colours.includes(tile)) continue;
        if (at.get(`${x + 1},${y}`) === tile) return { x, y, key: 'ArrowRight' };
        if (at.get(`${x},${y + 1}`) === tile) return { x, y, key: 'ArrowDown' };
      }
      return null;
    });
    expect(pair, 'two neighbours of one colour on the board').not.toBeNull();
    await board.locator(`[role="gridcell"][data-x="${pair!.x}"][data-y="${pair!.y}"]`).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press(pair!.key);
  }

  await swapTwins();
  await expect(noMatch).toBeVisible();
  await watch.click();
  await expect(noMatch).toHaveCount(0);
  await byHand.click();

  await swapTwins();
  await expect(noMatch).toBeVisible();
  await dlg.getByRole('button', { name: 'Restart with a new seed' }).click();
  await expect(noMatch).toHaveCount(0);

  // switching while the swap still animates (slowed down): its message must not land in the bot's view
  await dlg.getByLabel('Animation speed').selectOption('0.5');
  await swapTwins();
  await watch.click();
  // the swap has played out once the board no longer animates (its message came just before that)
  await expect(dlg.getByRole('grid', { name: 'Play-test board' })).toHaveAttribute('data-animating', 'false');
  await expect(noMatch).toHaveCount(0);
});
