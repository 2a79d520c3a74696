// `Preview start` (issue 23): the board shows the start board the simulator deals — coloured tiles where
// the level has random cells — read-only, and changes nothing in the level or its history.
import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { boardState, grid, openStudio, waitSaved } from './helpers.ts';

const COLOURS = ['red', 'green', 'blue', 'yellow', 'purple'];
const W = 7, H = 6;

/** A level of random cells with a few placed ones: a blue tile, a crate, ice over random, a void, jelly. */
async function importMixedLevel(page: Page) {
  const cells: Record<string, unknown>[][] = Array.from({ length: H }, () => Array.from({ length: W }, () => ({})));
  cells[0][0] = { tile: 'void' };
  cells[1][1] = { tile: 'blue' };
  cells[2][3] = { tile: 'crate', hp: 2 };
  cells[3][4] = { cover: { type: 'ice', layers: 1 } };
  cells[5][6] = { ground: { type: 'jelly', layers: 1 } };
  const level = { format: 'match3-level', version: 1, id: 'e2e-start-preview', name: 'Start preview', width: W, height: H, moves: 20, colors: 5, seed: 31337, rules: 2, cells, objectives: [{ type: 'collect', color: 'red', count: 30 }] };
  await page.getByLabel('Choose level or pack files to import').setInputFiles({ name: 'start-preview.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(level)) });
  await expect(page.getByLabel('Level name')).toHaveValue('Start preview');
}

async function exportedLevel(page: Page): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export level' }).click()]);
  const stream = await download.createReadStream();
  let text = '';
  for await (const chunk of stream) text += chunk;
  return text;
}

const startBoard = (page: Page, game: number) => page.getByRole('grid', { name: `Start board of game ${game}` });
/** The start board's tiles, once it is drawn (evaluateAll does not wait: it read [] in a CI run, before the board was there). */
async function dealt(page: Page, game: number) {
  const cells = startBoard(page, game).locator('[role="gridcell"]');
  await expect(cells).toHaveCount(W * H);
  return cells.evaluateAll((els) => els.map((e) => e.getAttribute('data-tile')!));
}

test('Preview start shows the dealt start board, read-only; Next start board deals the next game; nothing in the level changes', async ({ page }) => {
  await openStudio(page);
  await importMixedLevel(page);
  await waitSaved(page);
  const designed = await boardState(page);
  expect(designed.filter((c) => c.startsWith('random|')).length).toBe(W * H - 3);
  const undo = page.getByRole('button', { name: 'Undo' });
  const redo = page.getByRole('button', { name: 'Redo' });
  const undoBefore = await undo.isEnabled();
  const redoBefore = await redo.isEnabled();
  const fileBefore = await exportedLevel(page);

  const toggle = page.getByRole('button', { name: 'Preview start' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('button', { name: 'Next start board' })).toHaveCount(0);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(startBoard(page, 1)).toBeVisible();
  await expect(grid(page)).toHaveCount(0); // the editable grid is not there to paint on

  const game1 = await dealt(page, 1);
  expect(game1).toHaveLength(W * H);
  // every random cell got a colour of the level; placed cells are as placed
  designed.forEach((cell, i) => {
    if (cell.startsWith('random|')) expect(COLOURS, `cell ${i % W},${Math.floor(i / W)}`).toContain(game1[i]);
  });
  expect(game1[0]).toBe('void');
  expect(game1[1 * W + 1]).toBe('blue');
  expect(game1[2 * W + 3]).toBe('crate');
  await expect(startBoard(page, 1).locator('[data-x="3"][data-y="2"]')).toHaveAttribute('aria-label', 'D3: Crate, 2 hp');
  await expect(startBoard(page, 1).locator('[data-x="4"][data-y="3"]')).toHaveAttribute('aria-label', /^E4: .+, Ice, 1 layer$/);
  await page.screenshot({ path: 'test-results/issue23-preview-start-1440.png' });
  // the preview and its buttons pass axe (no serious or critical finding in them)
  const found = (await new AxeBuilder({ page }).include('.start-board').include('.start-preview').analyze()).violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? ''));
  expect(found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ') + ' ' + n.failureSummary).join('; ')}`)).toEqual([]);

  await page.getByRole('button', { name: 'Next start board' }).click();
  await expect(startBoard(page, 2)).toBeVisible();
  await expect(page.getByText('Game 2', { exact: true })).toBeVisible();
  const game2 = await dealt(page, 2);
  expect(game2).not.toEqual(game1);
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: 'test-results/issue23-preview-start-1024.png' });
  await page.setViewportSize({ width: 1440, height: 900 });

  // clicking the preview paints nothing
  await startBoard(page, 2).locator('[data-x="2"][data-y="2"]').click();

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(grid(page)).toBeVisible();
  expect(await boardState(page)).toEqual(designed);
  expect(await undo.isEnabled()).toBe(undoBefore);
  expect(await redo.isEnabled()).toBe(redoBefore);
  expect(await exportedLevel(page)).toBe(fileBefore);
  await page.screenshot({ path: 'test-results/issue23-preview-off.png' });
});

test('game 1 of the preview is the play-test’s first game', async ({ page }) => {
  await openStudio(page);
  await importMixedLevel(page);
  await page.getByRole('button', { name: 'Preview start' }).click();
  const game1 = await dealt(page, 1);
  await page.getByRole('button', { name: 'Preview start' }).click();

  await page.getByRole('button', { name: 'Play-test' }).click();
  const play = page.getByRole('dialog', { name: 'Play-test' });
  await expect(play.getByTestId('moves-left')).toBeVisible();
  const tiles = await play.locator('g.tile[data-tile]').evaluateAll((els) =>
    els.map((e) => [Number(e.getAttribute('data-x')), Number(e.getAttribute('data-y')), e.getAttribute('data-tile')] as const),
  );
  const played = Array.from({ length: W * H }, () => 'empty');
  for (const [x, y, tile] of tiles) played[y * W + x] = tile!;
  played[0] = 'void';
  expect(played).toEqual(game1.map((t) => (t === 'void' ? 'void' : t)));
});
