// Hardening: the play-test and the radio groups from the keyboard alone (WAI-ARIA grid and radio group
// patterns), with the names a screen reader reads and axe over the play-test dialog.
import { test, expect, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { openStudio, setField, waitSaved } from './helpers.ts';

const COLOURS = ['red', 'green', 'blue', 'yellow', 'purple', 'orange'];

/** Presses Tab until `target` has focus; fails if it is never reached. */
async function tabTo(page: Page, target: Locator, max = 150) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('not reachable with Tab');
}
const isFocused = (l: Locator) => l.evaluate((el) => el === document.activeElement);

/** The board as drawn (settled tiles), tile names by [y][x]. */
async function tilesOf(dlg: Locator, width: number, height: number): Promise<string[][]> {
  const tiles = await dlg.locator('g.tile:not(.pop)').evaluateAll((els) => els.map((e) => [Number(e.getAttribute('data-x')), Number(e.getAttribute('data-y')), e.getAttribute('data-tile') ?? '']));
  const board = Array.from({ length: height }, () => Array<string>(width).fill(''));
  for (const [x, y, tile] of tiles) board[y as number]![x as number] = tile as string;
  return board;
}

/** A swap of two plain colour tiles that lines up three of a colour through one of them (a legal move). */
function findSwap(board: string[][]): { from: [number, number]; dir: 'ArrowRight' | 'ArrowDown' } | null {
  const h = board.length,
    w = board[0]!.length;
  const at = (b: string[][], x: number, y: number) => (x >= 0 && y >= 0 && x < w && y < h ? b[y]![x]! : '');
  const lineAt = (b: string[][], x: number, y: number) => {
    const c = at(b, x, y);
    if (!COLOURS.includes(c)) return false;
    const run = (dx: number, dy: number) => {
      let n = 0;
      while (at(b, x + dx * (n + 1), y + dy * (n + 1)) === c) n++;
      return n;
    };
    return run(1, 0) + run(-1, 0) >= 2 || run(0, 1) + run(0, -1) >= 2;
  };
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      for (const [dx, dy, dir] of [
        [1, 0, 'ArrowRight'],
        [0, 1, 'ArrowDown'],
      ] as const) {
        const a = at(board, x, y),
          b = at(board, x + dx, y + dy);
        if (!COLOURS.includes(a) || !COLOURS.includes(b) || a === b) continue;
        const next = board.map((row) => [...row]);
        next[y]![x] = b;
        next[y + dy]![x + dx] = a;
        if (lineAt(next, x, y) || lineAt(next, x + dx, y + dy)) return { from: [x, y], dir };
      }
  return null;
}

/** Where the keyboard cursor is: the focused grid cell's coordinates. */
async function focusedCell(page: Page): Promise<[number, number]> {
  const xy = await page.evaluate(() => {
    const el = document.activeElement;
    return el?.getAttribute('role') === 'gridcell' ? [Number(el.getAttribute('data-x')), Number(el.getAttribute('data-y'))] : null;
  });
  if (!xy) throw new Error('focus is not on a grid cell');
  return xy as [number, number];
}

/** Walks the cursor to (x, y) with the arrow keys. */
async function arrowTo(page: Page, x: number, y: number) {
  const [cx, cy] = await focusedCell(page);
  for (let i = 0; i < Math.abs(x - cx); i++) await page.keyboard.press(x > cx ? 'ArrowRight' : 'ArrowLeft');
  for (let i = 0; i < Math.abs(y - cy); i++) await page.keyboard.press(y > cy ? 'ArrowDown' : 'ArrowUp');
  expect(await focusedCell(page)).toEqual([x, y]);
}

async function openPlayTestByKeyboard(page: Page) {
  await page.getByRole('button', { name: 'Play-test' }).focus();
  await page.keyboard.press('Enter');
  const dlg = page.getByRole('dialog', { name: 'Play-test' });
  await expect(dlg).toBeVisible();
  return dlg;
}

test('play-test by keyboard alone: a cursor, named cells, pick and cancel, several moves with moves left and objective progress', async ({ page }) => {
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  await setField(page, 'Moves', '12');
  // a score objective: every clear counts for it
  await page.getByLabel('Objective 1 type').selectOption('score');
  await waitSaved(page);

  const dlg = await openPlayTestByKeyboard(page);
  await dlg.getByLabel('Animation speed').selectOption('4');
  const board = dlg.getByRole('grid', { name: 'Play-test board' });
  const cells = board.getByRole('gridcell');
  await expect(cells).toHaveCount(81);
  await expect(board.getByRole('row')).toHaveCount(9);
  // one tab stop for the whole board
  await expect(board.locator('[role="gridcell"][tabindex="0"]')).toHaveCount(1);

  await tabTo(page, board.locator('[role="gridcell"][tabindex="0"]'));
  expect(await focusedCell(page)).toEqual([0, 0]);
  await expect(dlg.getByTestId('play-cursor')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  expect(await focusedCell(page)).toEqual([1, 2]);
  const here = board.locator('[role="gridcell"][data-x="1"][data-y="2"]');
  await expect(here).toHaveAttribute('aria-label', /^B3: (Red|Green|Blue|Yellow|Purple) \(\w+\)$/);
  await expect(board.locator('[role="gridcell"][tabindex="0"]')).toHaveCount(1);
  await expect(here).toHaveAttribute('tabindex', '0');
  await page.keyboard.press('End');
  expect(await focusedCell(page)).toEqual([8, 2]);
  await page.keyboard.press('Control+Home');
  expect(await focusedCell(page)).toEqual([0, 0]);

  // pick, then cancel with Escape: the dialog stays open and nothing is played
  await page.keyboard.press('Enter');
  const first = board.locator('[role="gridcell"][data-x="0"][data-y="0"]');
  await expect(first).toHaveAttribute('aria-label', /, picked$/);
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(dlg.getByTestId('picked')).toBeVisible();
  await expect(dlg.getByTestId('play-said')).toContainText('Picked');
  await page.keyboard.press('Escape');
  await expect(dlg).toBeVisible();
  await expect(first).not.toHaveAttribute('aria-label', /picked/);
  await expect(dlg.getByTestId('picked')).toHaveCount(0);
  await expect(dlg.getByTestId('play-said')).toHaveText('Pick cancelled.');
  await expect(dlg.getByTestId('moves-left')).toHaveText('12');

  const objective = dlg.locator('li[data-objective-index="0"]');
  for (let move = 1; move <= 3; move++) {
    const done = Number(await objective.getAttribute('data-done'));
    const swap = findSwap(await tilesOf(dlg, 9, 9));
    expect(swap, `a legal swap on the board before move ${move}`).not.toBeNull();
    await arrowTo(page, ...swap!.from);
    await page.keyboard.press(move === 2 ? 'Space' : 'Enter'); // both pick
    await expect(board.locator(`[role="gridcell"][data-x="${swap!.from[0]}"][data-y="${swap!.from[1]}"]`)).toHaveAttribute('aria-selected', 'true');
    if (move === 3) {
      // the other way: Shift+arrow walks to the neighbour without swapping, Enter there swaps
      await page.keyboard.press(`Shift+${swap!.dir}`);
      await expect(dlg.getByTestId('moves-left')).toHaveText(String(12 - move + 1));
      expect(await focusedCell(page)).toEqual(swap!.dir === 'ArrowRight' ? [swap!.from[0] + 1, swap!.from[1]] : [swap!.from[0], swap!.from[1] + 1]);
      await page.keyboard.press('Enter');
    } else await page.keyboard.press(swap!.dir);
    await expect(dlg.getByTestId('moves-left')).toHaveText(String(12 - move));
    await expect(dlg.getByTestId('play-said')).toContainText(`${12 - move} moves left`);
    await expect(dlg.getByTestId('play-said')).toContainText(/Cleared \d+ tiles/);
    await expect(dlg.getByTestId('play-said')).toContainText(/Objectives: score 5000: \d+ of 5000\./);
    expect(Number(await objective.getAttribute('data-done'))).toBeGreaterThan(done);
    await expect(board.locator('[aria-selected="true"]')).toHaveCount(0);
    // the keyboard stays on the board for the next move
    await focusedCell(page);
  }
});

test('a swap that makes no match, played by keyboard, uses no move and says why', async ({ page }) => {
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  await waitSaved(page);
  const dlg = await openPlayTestByKeyboard(page);
  const board = dlg.getByRole('grid', { name: 'Play-test board' });
  await tabTo(page, board.locator('[role="gridcell"][tabindex="0"]'));
  // the top-left tile pushed up: no cell there
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowUp');
  await expect(dlg.getByTestId('play-said')).toHaveText('No cell that way.');
  await expect(board.locator('[aria-selected="true"]')).toHaveCount(1);
  await page.keyboard.press('Escape');
  // Escape with nothing picked closes the dialog, as before
  await page.keyboard.press('Escape');
  await expect(dlg).toBeHidden();
});

test('watching a bot: the board is explored by arrows, and Enter plays the bot\'s next move', async ({ page }) => {
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  await setField(page, 'Moves', '12');
  await waitSaved(page);
  const dlg = await openPlayTestByKeyboard(page);
  await dlg.getByLabel('Animation speed').selectOption('4');
  await dlg.getByRole('radio', { name: 'Watch a bot' }).click();
  await expect(dlg.getByText("Enter or Space plays the bot's next move")).toBeVisible();
  await dlg.screenshot({ path: 'test-results/watch-keys.png' });
  const board = dlg.getByRole('grid', { name: 'Play-test board' });
  await tabTo(page, board.locator('[role="gridcell"][tabindex="0"]'));
  await page.keyboard.press('ArrowRight');
  expect(await focusedCell(page)).toEqual([1, 0]);
  // Enter does not pick a tile here: the bot moves, and the live region says what it did
  await page.keyboard.press('Enter');
  await expect(dlg.getByTestId('moves-left')).toHaveText('11');
  await expect(dlg.getByTestId('play-said')).toContainText('11 moves left');
  await expect(board.locator('[aria-selected="true"]')).toHaveCount(0);
  await page.keyboard.press('Space');
  await expect(dlg.getByTestId('moves-left')).toHaveText('10');
  // the focus stays on the board for the next move
  await focusedCell(page);
});

test('axe: no serious or critical violations in the play-test dialog with the cursor and a pick shown', async ({ page }) => {
  await openStudio(page);
  const dlg = await openPlayTestByKeyboard(page);
  const board = dlg.getByRole('grid', { name: 'Play-test board' });
  await tabTo(page, board.locator('[role="gridcell"][tabindex="0"]'));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(board.locator('[aria-selected="true"]')).toHaveCount(1);
  await page.screenshot({ path: 'test-results/play-keyboard.png' });
  const results = await new AxeBuilder({ page }).include('dialog').analyze();
  const bad = results.violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? '')).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  expect(results.passes.length).toBeGreaterThan(0);
  expect(bad).toEqual([]);
});

test('radio groups answer the arrow keys: one tab stop each, arrows, Home and End choose and move the focus', async ({ page }) => {
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  await waitSaved(page);
  await page.locator('body').focus();

  const tools = page.getByRole('radiogroup', { name: 'Tools' });
  await expect(tools.locator('[role="radio"][tabindex="0"]')).toHaveCount(1);
  await tabTo(page, tools.getByRole('radio', { name: 'Brush' }));
  await page.keyboard.press('ArrowRight');
  await expect(tools.getByRole('radio', { name: 'Rectangle' })).toBeChecked();
  expect(await isFocused(tools.getByRole('radio', { name: 'Rectangle' }))).toBe(true);
  await page.keyboard.press('End');
  await expect(tools.getByRole('radio', { name: 'Select' })).toBeChecked();
  await page.keyboard.press('ArrowDown'); // wraps to the first
  await expect(tools.getByRole('radio', { name: 'Brush' })).toBeChecked();
  await page.keyboard.press('ArrowLeft'); // wraps to the last
  await expect(tools.getByRole('radio', { name: 'Select' })).toBeChecked();
  await page.keyboard.press('Home');
  await expect(tools.getByRole('radio', { name: 'Brush' })).toBeChecked();
  expect(await isFocused(tools.getByRole('radio', { name: 'Brush' }))).toBe(true);
  await expect(tools.locator('[role="radio"][tabindex="0"]')).toHaveAttribute('aria-label', 'Brush');
  // Tab leaves the group at once
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('[role="radiogroup"]')?.getAttribute('aria-label') ?? null)).not.toBe('Tools');

  // a tool chosen elsewhere (its key) moves the group's tab stop with it
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('f');
  await expect(tools.getByRole('radio', { name: 'Fill' })).toBeChecked();
  await expect(tools.locator('[role="radio"][tabindex="0"]')).toHaveAttribute('aria-label', 'Fill');
  await page.keyboard.press('b');

  const layers = page.getByRole('radiogroup', { name: 'Layer' });
  await tabTo(page, layers.getByRole('radio', { name: 'Tile' }));
  await page.keyboard.press('ArrowRight');
  await expect(layers.getByRole('radio', { name: 'Cover' })).toBeChecked();
  expect(await isFocused(layers.getByRole('radio', { name: 'Cover' }))).toBe(true);
  await page.keyboard.press('ArrowUp');
  await expect(layers.getByRole('radio', { name: 'Tile' })).toBeChecked();

  const paint = page.getByRole('radiogroup', { name: 'Paint' });
  await expect(paint.locator('[role="radio"][tabindex="0"]')).toHaveCount(1);
  await tabTo(page, paint.getByRole('radio', { name: 'Red (circle)' })); // the checked value is the tab stop
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(paint.getByRole('radio', { name: 'Blue (diamond)' })).toBeChecked();
  await page.keyboard.press('ArrowLeft');
  await expect(paint.getByRole('radio', { name: 'Green (square)' })).toBeChecked();
  await page.keyboard.press('End');
  await expect(paint.getByRole('radio', { name: 'Void (no cell)' })).toBeChecked();
  expect(await isFocused(paint.getByRole('radio', { name: 'Void (no cell)' }))).toBe(true);
  await page.keyboard.press('Home');
  await expect(paint.getByRole('radio', { name: 'Random tile' })).toBeChecked();

  // the play-test's "Who plays" group
  const dlg = await openPlayTestByKeyboard(page);
  const who = dlg.getByRole('radiogroup', { name: 'Who plays' });
  await tabTo(page, who.getByRole('radio', { name: 'Play by hand' }));
  await page.keyboard.press('ArrowRight');
  await expect(who.getByRole('radio', { name: 'Watch a bot' })).toBeChecked();
  await expect(dlg.getByRole('button', { name: 'Next move' })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(who.getByRole('radio', { name: 'Play by hand' })).toBeChecked();
});

test('axe: no serious or critical violations in the other dialogs (shortcuts, tune to target, compare, pack difficulty)', async ({ page }) => {
  test.slow(); // axe walks each dialog; the machine is shared
  await openStudio(page);
  const opened: [string, () => Promise<void>, Locator][] = [
    ['shortcuts', () => page.getByRole('button', { name: 'Keyboard shortcuts' }).click(), page.getByRole('dialog', { name: 'Keyboard shortcuts' })],
    ['tune to target', () => page.getByRole('button', { name: 'Tune to target' }).click(), page.getByRole('dialog', { name: 'Tune to target' })],
    ['compare', () => page.getByRole('button', { name: 'Compare', exact: true }).click(), page.getByRole('dialog', { name: 'Compare versions' })],
    ['pack difficulty', () => page.getByRole('button', { name: 'Pack difficulty' }).click(), page.getByRole('region', { name: 'Pack difficulty' })],
  ];
  for (const [what, open, dialog] of opened) {
    await open();
    await expect(dialog).toBeVisible();
    const results = await new AxeBuilder({ page }).include('dialog[open]').analyze();
    const bad = results.violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? '')).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
    expect(results.passes.length, `${what}: axe checked something`).toBeGreaterThan(0);
    expect(bad, what).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.locator('dialog[open]')).toHaveCount(0);
  }
});

test.describe('in 简体中文', () => {
  test.use({ locale: 'zh-CN' });
  test('the play-test grid names its cells and says what happened in Chinese', async ({ page }) => {
    await openStudio(page);
    await page.getByRole('button', { name: '试玩' }).click();
    const dlg = page.getByRole('dialog', { name: '试玩' });
    const board = dlg.getByRole('grid', { name: '试玩棋盘' });
    await tabTo(page, board.locator('[role="gridcell"][tabindex="0"]'));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const picked = board.locator('[role="gridcell"][data-x="0"][data-y="1"]');
    await expect(picked).toHaveAttribute('aria-label', /^A2：.+，已选中$/);
    await expect(dlg.getByTestId('play-said')).toContainText('已选中 A2 的');
    await expect(dlg).toContainText('键盘：方向键在棋盘上移动');
    await page.screenshot({ path: 'test-results/play-keyboard-zh.png' });
    await page.keyboard.press('Escape');
    await expect(dlg.getByTestId('play-said')).toHaveText('已取消选中。');
  });
});

test('the heat-map radio group answers the arrow keys too', async ({ page }) => {
  test.slow(); // one analysis first
  await openStudio(page);
  await page.getByRole('button', { name: 'Analyze', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Analysis report' })).toBeVisible({ timeout: 45_000 });
  const heat = page.getByRole('radiogroup', { name: 'Heat map on the board' });
  await expect(heat.locator('[role="radio"][tabindex="0"]')).toHaveCount(1);
  await heat.getByRole('radio', { name: 'Off' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(heat.getByRole('radio', { name: 'Clears' })).toBeChecked();
  await expect(page.locator('.heat rect[data-heat]').first()).toBeAttached();
  await page.keyboard.press('End');
  await expect(heat.getByRole('radio', { name: 'Left in lost games' })).toBeChecked();
  expect(await isFocused(heat.getByRole('radio', { name: 'Left in lost games' }))).toBe(true);
  await page.keyboard.press('Home');
  await expect(heat.getByRole('radio', { name: 'Off' })).toBeChecked();
  await expect(page.locator('.heat rect[data-heat]')).toHaveCount(0);
});
