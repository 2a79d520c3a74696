// Issue 34, "a designer's first hour": each item seen on screen, with the test that would have caught it.
// Every wait is for a state (a row's figure, the board no longer animating), never for time.
import { test, expect, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { openStudio } from './helpers.ts';

const list = (page: Page) => page.getByRole('list', { name: 'Levels' });
const importJson = (page: Page, name: string, data: unknown) =>
  page.getByLabel('Choose level or pack files to import').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(data)) });

/** Small quick levels whose move limits spread the bots' win rates (as players.spec's). */
const small = (prefix: string, i: number, name = `${prefix} ${i}`) => ({
  format: 'match3-level', version: 1, id: `${prefix.toLowerCase()}-${i}`, name, width: 5, height: 5, moves: 4 + 2 * (i % 10), colors: 4, seed: 100 + i, rules: 2,
  cells: Array.from({ length: 5 }, () => Array.from({ length: 5 }, () => ({}))),
  objectives: [{ type: 'collect', color: 'red', count: 18 }],
});
const pack = (id: string, name: string, levels: unknown[]) => ({ format: 'match3-pack', version: 1, id, name, levels });

async function openPackOf(page: Page, levelName: string) {
  await list(page).getByRole('listitem', { name: levelName, exact: true }).getByRole('button').first().click();
  await expect(page.getByLabel('Level name', { exact: true })).toHaveValue(levelName);
  await page.getByRole('button', { name: 'Pack difficulty' }).click();
  const view = page.getByRole('region', { name: 'Pack difficulty' });
  await expect(view).toBeVisible();
  return view;
}

/** Each pair of text boxes of the charts in `root` that intersect (as trust.spec's). */
async function overlaps(root: Locator) {
  return root.locator('svg[role="img"]').evaluateAll((svgs) => {
    const out: string[] = [];
    for (const svg of svgs) {
      const boxes = [...svg.querySelectorAll('text')].map((t) => ({ text: t.textContent ?? '', r: t.getBoundingClientRect() })).filter((b) => b.r.width > 0);
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) {
          const a = boxes[i].r, b = boxes[j].r;
          if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5) out.push(`"${boxes[i].text}" × "${boxes[j].text}"`);
        }
    }
    return out;
  });
}

test('1 · the pack view shows what a calibration measured without being reopened; 7 · its words compare players with the prediction', async ({ page }) => {
  test.setTimeout(300_000);
  await openStudio(page);
  const N = 10;
  await importJson(page, 'live-pack.json', pack('live', 'Live pack', Array.from({ length: N }, (_, i) => small('Live', i + 1))));
  const view = await openPackOf(page, 'Live 1');
  const rows = view.locator('tbody tr[data-level-id]');
  await expect(rows).toHaveCount(N);
  // nothing measured yet: every Win rate cell is empty, the chart has no point
  await expect(view.locator('tbody tr[data-win-rate=""]')).toHaveCount(N);
  const csv = ['Level Name;Attempts;Pass Rate', ...Array.from({ length: N - 1 }, (_, i) => `Live ${i + 1};${3000 + 250 * i};${8 + 8 * i}%`)].join('\n');
  await page.getByLabel('Choose a player-data CSV file').setInputFiles({ name: 'live.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(view.getByRole('progressbar', { name: 'Calibration progress' })).toBeHidden({ timeout: 280_000 });
  await expect(view.getByRole('region', { name: 'Calibration' })).toContainText('Fitted on 9 levels');
  // the same view, not closed: every level's figure and a chart point each
  await expect(view.locator('tbody tr[data-win-rate=""]')).toHaveCount(0);
  await expect(view.locator('svg[role="img"] circle[data-level-id]')).toHaveCount(N);
  for (const rate of await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-win-rate')))) expect(rate).toMatch(/^[01]\.\d{4}$/);
  // the levels that differ most: players against the model's prediction, not against "the bots"
  const region = view.getByRole('region', { name: 'Calibration' });
  await expect(region).toContainText(/players find it (harder|easier) than predicted/);
  await expect(region).not.toContainText('than the bots do');
});

test('7 · Analyze pack says it analyzes the pack; each pack\'s download button is named after its pack', async ({ page }) => {
  test.setTimeout(180_000);
  await openStudio(page);
  await importJson(page, 'w-pack.json', pack('w', 'W pack', Array.from({ length: 12 }, (_, i) => ({ ...small('W', i + 1), width: 8, height: 8, cells: Array.from({ length: 8 }, () => Array.from({ length: 8 }, () => ({}))) }))));
  const exports = page.getByRole('button', { name: /^Export pack / });
  await expect(page.getByRole('button', { name: 'Export pack W pack' })).toBeAttached();
  await expect.poll(() => exports.count()).toBeGreaterThanOrEqual(2);
  const names = await exports.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  expect(names.length).toBeGreaterThanOrEqual(2);
  expect(new Set(names).size).toBe(names.length);
  expect(names).toContain('Export pack W pack');
  const view = await openPackOf(page, 'W 1');
  await view.getByRole('button', { name: 'Analyze pack' }).click();
  await expect(view.getByText(/Analyzing the pack: \d+ of 12 levels done/)).toBeVisible();
  await expect(view.getByText(/Analyzing the selection/)).toHaveCount(0);
  await expect(view.locator('tbody tr[data-win-rate=""]')).toHaveCount(0, { timeout: 150_000 });
});

/** A 5×5 board drawn tile by tile: a blue under ice at A1 that would make three with B1's red swapped in, a red under a chain at E2. */
const HELD = (() => {
  const L: Record<string, string> = { B: 'blue', R: 'red', G: 'green', Y: 'yellow' };
  const rows = ['B R B B G', 'G Y G Y R', 'Y G R G Y', 'R Y Y R G', 'G R G Y Y'];
  const cells = rows.map((r, y) => r.split(' ').map((c, x) => ({ tile: L[c], ...(x === 0 && y === 0 ? { cover: { type: 'ice', layers: 1 } } : {}), ...(x === 4 && y === 1 ? { cover: { type: 'chain' } } : {}) })));
  return { format: 'match3-level', version: 1, id: 'held', name: 'Held tiles', width: 5, height: 5, moves: 10, colors: 4, seed: 1, rules: 2, cells, objectives: [{ type: 'collect', color: 'red', count: 10 }] };
})();

test('2 · a tile under ice or a chain cannot be swapped, and the play-test and the palette say so', async ({ page }) => {
  await openStudio(page);
  await importJson(page, 'held.json', HELD);
  await expect(page.getByLabel('Level name', { exact: true })).toHaveValue('Held tiles');
  // the palette: the cover layer says what a cover does to play
  await page.getByRole('radio', { name: 'Cover', exact: true }).click();
  await expect(page.getByText('Ice and chains hold a tile in place: it still matches, but cannot be swapped or fall.')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Chain', exact: true })).toHaveAccessibleDescription(/hold a tile in place/);

  await page.getByRole('button', { name: 'Play-test' }).click();
  const dlg = page.getByRole('dialog', { name: 'Play-test' });
  const board = dlg.getByRole('grid', { name: 'Play-test board' });
  const at = (x: number, y: number) => board.locator(`[role="gridcell"][data-x="${x}"][data-y="${y}"]`);
  // by mouse: drag the iced blue onto its neighbour (blue would make three there)
  const a = (await at(0, 0).boundingBox())!, b = (await at(1, 0).boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(dlg.getByText('A tile under ice cannot be swapped: ice holds it in place.')).toBeVisible();
  await expect(dlg.getByText('That swap makes no match')).toHaveCount(0);
  await expect(dlg.getByTestId('moves-left')).toHaveText('10');
  // by keyboard: picking the chained red says it is held, and picks nothing
  await at(0, 0).focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(dlg.getByTestId('play-said')).toContainText('Red');
  await expect(dlg.getByTestId('play-said')).toContainText('at E2: not picked. A tile under a chain cannot be swapped: the chain holds it in place.');
  await expect(board.locator('[aria-selected="true"]')).toHaveCount(0);
  await expect(dlg.getByTestId('play-said')).not.toContainText('Press an arrow');
});

test('3 · input during a play-test animation is queued, never dropped: three quick Next moves play three moves', async ({ page }) => {
  await openStudio(page);
  await importJson(page, 'ice-crates-jelly.json', JSON.parse(readFileSync(new URL('../fixtures/ice-crates-jelly.json', import.meta.url), 'utf8')));
  await expect(page.getByLabel('Level name', { exact: true })).toHaveValue('Ice row, crate row, jelly rows (issue 34)');
  await page.getByRole('button', { name: 'Play-test' }).click();
  const dlg = page.getByRole('dialog', { name: 'Play-test' });
  await dlg.getByRole('radio', { name: 'Watch a bot' }).click();
  const board = dlg.getByRole('grid', { name: 'Play-test board' });
  const next = dlg.getByRole('button', { name: 'Next move' });
  await next.click();
  // the counter says the move at once, while the board still animates (1×)
  await expect(dlg.getByTestId('moves-left')).toHaveText('24');
  await next.click();
  await next.click();
  await expect(dlg.getByTestId('moves-left')).toHaveText('22');
  await expect(board).toHaveAttribute('data-animating', 'false');
  await expect(dlg.getByTestId('play-said')).toContainText('22 moves left');
});

test('4 · a level\'s number in the catalogue and in its pack; the search says which level a number finds', async ({ page }) => {
  await openStudio(page);
  const before = Number(await list(page).getAttribute('data-count'));
  await importJson(page, 'w3.json', pack('w3', 'W pack', [1, 2, 3].map((i) => small('W', i, `W00${i}`))));
  const row = list(page).getByRole('listitem', { name: 'W002', exact: true });
  const n = before + 2;
  await expect(row.locator('.index')).toHaveText(String(n));
  await expect(row).toContainText('No. 2 in its pack');
  await expect(page.getByRole('textbox', { name: 'Go to level' })).toHaveAccessibleDescription('Number in the whole catalogue, not in its pack');
  await page.getByRole('searchbox', { name: 'Search levels' }).fill(String(n));
  await expect(page.getByText(`“${n}” finds level ${n} of the catalogue (W002, No. 2 in its pack) and the names containing ${n}.`)).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search levels' })).toHaveAccessibleDescription(/finds level/);
});

const LONG = (k: number) => `Jelly everywhere with crates and ice · ${k} moves`;
for (const width of [1024, 1440])
  test(`6 · names cut where they are alike, the end that tells them apart kept whole (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openStudio(page);
    await importJson(page, 'jelly.json', pack('jelly', 'Jelly', [15, 18, 20].map((k, i) => small('Jelly', i + 1, LONG(k)))));
    for (const k of [15, 18, 20]) {
      const row = list(page).getByRole('listitem', { name: LONG(k), exact: true });
      const cut = row.locator('.name-cut');
      await expect(cut).toHaveAttribute('title', LONG(k));
      await expect(cut.locator('.tail')).toHaveText(` · ${k} moves`);
      // the tail is inside the row's name box, whole; the head gives way
      const [tail, box] = [await cut.locator('.tail').boundingBox(), await row.locator('.name').boundingBox()];
      expect(tail!.x + tail!.width).toBeLessThanOrEqual(box!.x + box!.width + 0.5);
      expect(await cut.evaluate((e) => e.textContent)).toBe(LONG(k));
    }
    // a series numbered at the start and told apart at the end: both stay ("W012 S… crates 11")
    await importJson(page, 'sparse.json', pack('sparse', 'Sparse', [11, 12].map((k) => small('S', k, `W0${k + 1} Sparse with crates ${k}`))));
    for (const k of [11, 12]) {
      const row = list(page).getByRole('listitem', { name: `W0${k + 1} Sparse with crates ${k}`, exact: true });
      await expect(row.locator('.lead')).toHaveText(`W0${k + 1} `);
      await expect(row.locator('.tail')).toHaveText(` crates ${k}`);
      const [tail, box] = [await row.locator('.tail').boundingBox(), await row.locator('.name').boundingBox()];
      expect(tail!.x + tail!.width).toBeLessThanOrEqual(box!.x + box!.width + 0.5);
    }
    const view = await openPackOf(page, LONG(15));
    for (const k of [15, 18, 20]) await expect(view.locator('tbody .tail', { hasText: `${k} moves` })).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/firsthour-names-${width}.png` });
  });

test('5 · one scale in the pack view: the chart reads win rates, the quantity the ramp is typed in; 8 · its 40 level numbers never run together', async ({ page }) => {
  await openStudio(page);
  await importJson(page, 'forty.json', pack('forty', 'Forty', Array.from({ length: 40 }, (_, i) => small('F', i + 1))));
  const view = await openPackOf(page, 'F 1');
  await view.getByLabel('Target curve', { exact: true }).selectOption('ramp');
  await expect(view.getByLabel('Easiest target (%)')).toHaveValue('85');
  await expect(view.getByLabel('Hardest target (%)')).toHaveValue('30');
  const chart = view.getByRole('img', { name: /Chart of the difficulty/ });
  await expect(chart).toContainText('Win rate (average bot), harder up');
  await expect(chart).toHaveAttribute('data-orientation', 'win-rate-down');
  expect(await view.locator('figure').first().evaluate((f) => /fail/i.test(f.textContent ?? ''))).toBe(false);
  // the axis reads win rates: 0% at the top, 100% at the bottom; the target line starts at 85% and ends at 30%
  const ticks = await chart.locator('text.axis').evaluateAll((els) => els.filter((e) => e.textContent!.endsWith('%')).map((e) => ({ t: e.textContent, y: Number(e.getAttribute('y')) })));
  expect(ticks.sort((a, b) => a.y - b.y).map((t) => t.t)).toEqual(['0%', '25%', '50%', '75%', '100%']);
  const d = (await chart.locator('path.target').getAttribute('d'))!;
  const ys = [...d.matchAll(/[ML][\d.]+ ([\d.]+)/g)].map((m) => Number(m[1]));
  const y = (w: number) => ticks.find((t) => t.t === `${w}%`)!.y - 3.5;
  expect(ys[0]).toBeCloseTo(y(0) + 0.85 * (y(100) - y(0)), 0);
  expect(ys[ys.length - 1]).toBeCloseTo(y(0) + 0.3 * (y(100) - y(0)), 0);
  // 40 levels: the last two numbers do not run together ("3940")
  for (const width of [1024, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await overlaps(view)).toEqual([]);
    const labels = await chart.locator('text.axis').evaluateAll((els) => els.map((e) => e.textContent).filter((t) => /^\d+$/.test(t!)));
    expect(labels.slice(-2)).toEqual(['37', '40']);
  }
});

test('8 · Tune to target opens at the target the level was last tuned to', async ({ page }) => {
  test.setTimeout(180_000);
  await openStudio(page);
  await importJson(page, 'tune.json', pack('tune', 'Tune', [small('T', 1), small('T', 2)]));
  await list(page).getByRole('listitem', { name: 'T 1', exact: true }).getByRole('button').first().click();
  await expect(page.getByLabel('Level name', { exact: true })).toHaveValue('T 1');
  await page.getByRole('button', { name: 'Tune to target' }).click();
  const dlg = page.getByRole('dialog', { name: 'Tune to target' });
  await dlg.getByLabel('Target win rate').fill('70');
  await dlg.getByRole('button', { name: 'Tune', exact: true }).click();
  // the result is said (in the band or not), then the dialog is closed
  await expect(dlg.getByRole('status')).toContainText(/before \d+(\.\d)?%/, { timeout: 150_000 });
  await dlg.getByRole('button', { name: 'Close' }).click();
  await expect(dlg).toBeHidden();
  // another level, and back: the dialog opens at 70% for T 1
  await list(page).getByRole('listitem', { name: 'T 2', exact: true }).getByRole('button').first().click();
  await expect(page.getByLabel('Level name', { exact: true })).toHaveValue('T 2');
  await list(page).getByRole('listitem', { name: 'T 1', exact: true }).getByRole('button').first().click();
  await expect(page.getByLabel('Level name', { exact: true })).toHaveValue('T 1');
  await page.getByRole('button', { name: 'Tune to target' }).click();
  await expect(dlg.getByLabel('Target win rate')).toHaveValue('70');
});

test('8 · the first launch\'s "works offline" notice covers nothing: the Pack difficulty button stays clickable', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openStudio(page);
  const notice = page.getByRole('status').filter({ hasText: 'The studio now works offline.' });
  await expect(notice).toBeVisible({ timeout: 30_000 });
  const button = page.getByRole('button', { name: 'Pack difficulty' });
  const [n, b] = [(await notice.boundingBox())!, (await button.boundingBox())!];
  const apart = n.x + n.width <= b.x || b.x + b.width <= n.x || n.y + n.height <= b.y || b.y + b.height <= n.y;
  expect(apart, 'the notice and the Pack difficulty button do not overlap').toBe(true);
  // the point under the button's centre is the button (nothing drawn over it)
  expect(await button.evaluate((el) => { const r = el.getBoundingClientRect(); return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === el; })).toBe(true);
  await page.screenshot({ path: 'test-results/screenshots/firsthour-offline-1024.png' });
});
