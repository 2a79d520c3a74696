import { test, expect } from '@playwright/test';
import { cell, openStudio, pick, setField } from './helpers.ts';
import { expectHeld, holdSim, installSimHold, unholdSim } from './simHold.ts';

test.describe('analysis', () => {
  test('Analyze shows progress, then a report with win rate, interval, curve and heat map; it goes stale on edit', async ({ page }) => {
    await openStudio(page);
    await page.getByRole('button', { name: 'New level' }).click();
    await page.getByRole('button', { name: 'Analyze', exact: true }).click();
    const report = page.getByRole('region', { name: 'Analysis report' });
    await expect(report).toBeVisible({ timeout: 30_000 });
    const winRate = Number(await report.getAttribute('data-win-rate'));
    expect(winRate).toBeGreaterThanOrEqual(0);
    expect(winRate).toBeLessThanOrEqual(1);
    const deadlock = Number(await report.getAttribute('data-deadlock-rate'));
    expect(deadlock).toBeGreaterThanOrEqual(0);
    await expect(report).toContainText('1000 games');
    await expect(report).toContainText('95% interval');
    await expect(report.getByRole('img', { name: /win rate against the move limit/i })).toBeVisible();

    // heat map over the board
    await report.getByRole('radio', { name: 'Clears' }).click();
    await expect(page.locator('.heat rect').first()).toBeAttached();

    // the same request again is answered from the cache at once, with the same figures
    await setField(page, 'Moves', '26');
    await expect(report).toHaveAttribute('data-stale', 'true');
    await expect(report).toContainText('The level changed since this report');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(report).toHaveAttribute('data-stale', 'false');
    await page.getByRole('button', { name: 'Analyze', exact: true }).click();
    await expect(report).toHaveAttribute('data-win-rate', winRate.toFixed(4));
    await expect(page.getByRole('progressbar')).toBeHidden();

    // the run started beside that cache lookup was stopped: the pool is free, and a level never
    // analysed gets a full, fresh run
    await setField(page, 'Moves', '27');
    await expect(report).toHaveAttribute('data-stale', 'true');
    await page.getByRole('button', { name: 'Analyze', exact: true }).click();
    await expect(report).toHaveAttribute('data-stale', 'false', { timeout: 30_000 });
    await expect(report).toContainText('1000 games');
  });

  test('Deep analysis reports all three tiers; Cancel analysis stops it', async ({ page }) => {
    await installSimHold(page);
    await openStudio(page);
    await page.getByRole('button', { name: 'New level' }).click();
    await setField(page, 'Width', '16');
    await setField(page, 'Height', '16');
    await setField(page, 'Moves', '60');
    // the analysis's chunks wait in the test's hold: it cannot end before Cancel analysis lands
    await holdSim(page);
    await page.getByRole('button', { name: 'Deep analysis' }).click();
    await expect(page.getByRole('progressbar')).toBeVisible();
    await expectHeld(page);
    await page.getByRole('button', { name: 'Cancel analysis' }).click();
    await expect(page.getByRole('progressbar')).toBeHidden();
    await unholdSim(page);
    await expect(page.getByRole('region', { name: 'Analysis report' })).toHaveCount(0);

    // a smaller level runs to the end
    await setField(page, 'Width', '8');
    await setField(page, 'Height', '8');
    await setField(page, 'Moves', '20');
    await page.getByRole('button', { name: 'Deep analysis' }).click();
    const report = page.getByRole('region', { name: 'Analysis report' });
    await expect(report).toBeVisible({ timeout: 45_000 });
    for (const tier of ['novice', 'average', 'expert']) await expect(report.locator(`tr[data-tier="${tier}"]`)).toBeVisible();
    await expect(report).toContainText('Skill sensitivity');
  });
});

test.describe('play-test', () => {
  test('swap by two clicks uses a move; watch a bot play to the end', async ({ page }) => {
    await openStudio(page);
    await page.getByRole('button', { name: 'New level' }).click();
    await setField(page, 'Moves', '6');
    await page.getByRole('button', { name: 'Play-test' }).click();
    const dlg = page.getByRole('dialog', { name: 'Play-test' });
    await expect(dlg).toBeVisible();
    await expect(dlg.getByTestId('moves-left')).toHaveText('6');
    await dlg.getByLabel('Animation speed').selectOption('4');
    // find a legal swap by trying each cell's right and lower neighbours (invalid swaps use no move; a
    // board can have legal swaps in one direction only, so both are tried)
    let moved = false;
    for (let y = 0; y < 9 && !moved; y++)
      for (let x = 0; x < 9 && !moved; x++)
        for (const [dx, dy] of [[1, 0], [0, 1]]) {
          if (moved || x + dx > 8 || y + dy > 8) continue;
          await dlg.locator(`g.tile[data-x="${x}"][data-y="${y}"]`).first().click({ force: true });
          await dlg.locator(`g.tile[data-x="${x + dx}"][data-y="${y + dy}"]`).first().click({ force: true });
          // the move has played out (or been refused and swapped back) when the board no longer animates
          await expect(dlg.getByRole('grid', { name: 'Play-test board' })).toHaveAttribute('data-animating', 'false');
          await expect(dlg.locator('svg.board')).toBeVisible();
          moved = (await dlg.getByTestId('moves-left').textContent()) === '5';
        }
    expect(moved).toBe(true);

    await dlg.getByRole('radio', { name: 'Watch a bot' }).click();
    await dlg.getByRole('button', { name: 'Play on' }).click();
    await expect(dlg.getByRole('status').filter({ hasText: /Level complete|Out of moves/ })).toBeVisible({ timeout: 30_000 });
    await dlg.getByRole('button', { name: 'Play again (new seed)' }).click();
    await expect(dlg.getByTestId('moves-left')).toHaveText('6');
  });
});

test('a worker that crashes mid-analysis is replaced and the analysis completes', async ({ page }) => {
  await installSimHold(page);
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  await setField(page, 'Moves', '40');
  // warm the pool so its workers exist, then crash one while Deep analysis runs
  await page.getByRole('button', { name: 'Analyze', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Analysis report' })).toBeVisible({ timeout: 30_000 });
  await setField(page, 'Moves', '41');
  const before = page.workers().length;
  expect(before).toBeGreaterThan(0);
  let spawned = 0;
  page.on('worker', () => spawned++);
  // held: the analysis is still running when the worker crashes (a 9×9 Deep analysis can end first on
  // a fast machine, and then no worker is replaced)
  await holdSim(page);
  await page.getByRole('button', { name: 'Deep analysis' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expectHeld(page);
  await page.workers()[0].evaluate(() => {
    setTimeout(() => {
      throw new Error('simulated crash');
    }, 0);
  });
  await expect.poll(() => spawned, { message: 'the crashed worker is replaced' }).toBeGreaterThanOrEqual(1);
  await unholdSim(page);
  const report = page.getByRole('region', { name: 'Analysis report' });
  await expect(report.locator('tr[data-tier="expert"]')).toBeVisible({ timeout: 45_000 });
  await expect(report).toHaveAttribute('data-stale', 'false');
  await expect(report).toContainText('1000 games');
  expect(spawned).toBeGreaterThanOrEqual(1); // the crashed worker was replaced
});
