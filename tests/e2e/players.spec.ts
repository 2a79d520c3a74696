// Players' calibration in the pack view: import a CSV of live pass rates, read the Calibration
// report, see every level's players' figure (own rate or prediction) in the pack table.
import { test, expect, type Page } from '@playwright/test';
import { openStudio } from './helpers.ts';
import { expectHeld, holdSim, installSimHold, unholdSim } from './simHold.ts';

const N = 10;
/** Small quick levels whose move limits spread the bots' win rates. */
const level = (i: number) => ({
  format: 'match3-level', version: 1, id: `pl-${i}`, name: `Players ${i}`, width: 5, height: 5, moves: 4 + 2 * i, colors: 4, seed: 100 + i, rules: 2,
  cells: Array.from({ length: 5 }, () => Array.from({ length: 5 }, () => ({}))),
  objectives: [{ type: 'collect', color: 'red', count: 18 }],
});
const PACK = { format: 'match3-pack', version: 1, id: 'players-pack', name: 'Live pack', levels: Array.from({ length: N }, (_, i) => level(i + 1)) };
/** Players pass more often with more moves: data the bots' figures can explain. Level 10 has none. */
const csv = (rows: number) =>
  ['Level Name;Attempts;Pass Rate', ...Array.from({ length: rows }, (_, i) => `Players ${i + 1};${3000 + 250 * i};${(8 + 8 * i).toFixed(0)}%`), 'Level 99;100;50%', 'Players 3;x;10%'].join('\n');

/**
 * Opens a level from the list and waits until it is open (it is read from IndexedDB: a button clicked
 * before would act on the level still open). Clicked again if it did not open: in the full CI run the
 * click once landed while the list was re-laid out (see the session note), and the level stayed.
 */
async function openLevel(page: Page, name: string) {
  const row = page.getByRole('list', { name: 'Levels' }).getByRole('listitem', { name, exact: true });
  await expect(async () => {
    await row.getByRole('button').first().click();
    await expect(page.getByLabel('Level name', { exact: true })).toHaveValue(name, { timeout: 3000 });
  }).toPass({ timeout: 30_000 });
}

async function openPack(page: Page) {
  await openStudio(page);
  await page.getByLabel('Choose level or pack files to import').setInputFiles({ name: 'pack.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(PACK)) });
  const list = page.getByRole('list', { name: 'Levels' });
  await list.getByRole('listitem', { name: 'Players 1' }).getByRole('button').first().click();
  await page.getByRole('button', { name: 'Pack difficulty' }).click();
  const view = page.getByRole('region', { name: 'Pack difficulty' });
  await expect(view.locator('tbody tr[data-level-id]')).toHaveCount(N);
  return view;
}

const importCsv = (page: Page, text: string, name = 'live.csv') => page.getByLabel('Choose a player-data CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

test('import player data: the calibration report, the Players column with predictions, kept after a reload', async ({ page }) => {
  test.setTimeout(300_000);
  await installSimHold(page);
  const view = await openPack(page);
  const region = view.getByRole('region', { name: 'Calibration' });
  await expect(region).toContainText('No calibration yet');
  // no calibration: rows carry no players' figure
  await expect(view.locator('tbody tr[data-player-pass-rate]')).toHaveCount(0);

  await expect(view.getByRole('button', { name: 'Import player data' })).toBeVisible();
  // held until its progress bar is seen (its levels' games wait in simHold.ts), then let go
  await holdSim(page);
  await importCsv(page, csv(N - 1));
  await expect(view.getByRole('progressbar', { name: 'Calibration progress' })).toBeVisible();
  await expectHeld(page);
  await unholdSim(page);
  await expect(view.getByRole('progressbar', { name: 'Calibration progress' })).toBeHidden({ timeout: 280_000 });
  await expect(view.getByRole('alert')).toHaveCount(0);
  await expect(view).toContainText('live.csv: 9 levels matched.');
  await expect(view).toContainText('Not found in the catalogue: Level 99');
  await expect(view).toContainText('line 12: attempts: "x" is not a whole number of at least 1');

  await expect(region).toContainText('Fitted on 9 levels');
  await expect(region).toContainText(/Error on levels the model had not seen: \d+\.\d points of pass rate\./);
  await expect(region).toContainText(/A constant guess \(the mean pass rate\) is off by \d+\.\d points\./);
  await expect(region.getByRole('img')).toBeVisible();
  await expect(region.locator('circle')).toHaveCount(9);
  await expect(region).toContainText(/players find it (harder|easier) than predicted/);

  // every row: the players' own rate where there is data, the prediction elsewhere (if the fit is useful)
  const rows = view.locator('tbody tr[data-level-id]');
  const rates = await rows.evaluateAll((els) => Object.fromEntries(els.map((e) => [e.getAttribute('data-level-id'), e.getAttribute('data-player-pass-rate')])));
  expect(Number(rates['pl-1'])).toBeCloseTo(0.08, 3);
  expect(Number(rates['pl-9'])).toBeCloseTo(0.72, 3);
  const useful = (await region.getAttribute('data-useful')) === 'true';
  if (useful) {
    expect(Number(rates['pl-10'])).toBeGreaterThan(0);
    expect(Number(rates['pl-10'])).toBeLessThan(1);
    await expect(rows.filter({ has: page.locator('td.players') }).last()).toContainText('≈');
  } else {
    expect(rates['pl-10']).toBe('');
    await expect(region).toContainText('Not useful');
  }
  await region.screenshot({ path: 'test-results/calibration-region.png' });
  await page.screenshot({ path: 'test-results/calibration-pack-1440.png' });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: 'test-results/calibration-pack-1024.png' });

  // the analysis report: the prediction for a level without data, the players' own rate for one with data
  await page.setViewportSize({ width: 1440, height: 900 });
  await view.getByRole('button', { name: 'Close pack difficulty' }).click();
  const list = page.getByRole('list', { name: 'Levels' });
  await openLevel(page, 'Players 10');
  await page.getByRole('button', { name: 'Deep analysis' }).click();
  const report = page.getByRole('region', { name: 'Analysis report' });
  if (useful) {
    await expect(report).toContainText(/Players, predicted: \d+% \([\d.]+%–[\d.]+%\) · [\d.]+ attempts per success/, { timeout: 60_000 });
    await expect(report.locator('[data-player-pass-rate]')).toHaveAttribute('data-player-pass-rate', rates['pl-10']!);
    await report.screenshot({ path: 'test-results/calibration-report-line.png' });
  }
  if (useful) {
    // a tune to a players' target (a slash command: the registry's tune_level through the copilot's analysis service)
    const movesBefore = Number(await page.getByLabel('Moves', { exact: true }).inputValue());
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('/tune_level target_pass_rate=0.4');
    await box.press('Enter');
    const log = page.getByRole('log', { name: 'Conversation' });
    await expect(log).toContainText(/Players: target 40\.0% of attempts passing → average bot [\d.]+% through the calibration/, { timeout: 120_000 });
    await expect.poll(async () => Number(await page.getByLabel('Moves', { exact: true }).inputValue()), { timeout: 30_000 }).toBeLessThan(movesBefore);
    await page.screenshot({ path: 'test-results/calibration-tune-players.png' });
  }
  await openLevel(page, 'Players 1');
  await page.getByRole('button', { name: 'Deep analysis' }).click();
  await expect(report).toContainText('Players: 8% (3000 attempts) · 12.5 attempts per success', { timeout: 60_000 });

  // kept: the player data and the calibration come back after a reload
  await page.reload();
  await page.getByRole('button', { name: 'Pack difficulty' }).click();
  const again = page.getByRole('region', { name: 'Calibration' });
  await expect(again).toContainText('Fitted on 9 levels');
  await expect(page.locator('tbody tr[data-level-id="pl-1"]')).toHaveAttribute('data-player-pass-rate', rates['pl-1']!);
});

test('player data: an unreadable file stores nothing; too few levels fit nothing', async ({ page }) => {
  test.setTimeout(120_000);
  const view = await openPack(page);
  const region = view.getByRole('region', { name: 'Calibration' });
  await importCsv(page, 'foo,bar\n1,2\n', 'bad.csv');
  await expect(view.getByRole('alert')).toContainText('Nothing was imported from bad.csv: line 1: no level column');
  await expect(region).toContainText('No calibration yet');

  await importCsv(page, csv(5), 'few.csv');
  await expect(region).toContainText('Too few levels with player data: 5 matched, at least 8 are needed. No calibration was fitted.');
  await expect(view.locator('tbody tr[data-player-pass-rate]')).toHaveCount(0);
});
