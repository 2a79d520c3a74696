import { test, expect } from '@playwright/test';
import { openStudio, setField } from './helpers.ts';
import { expectHeld, holdSim, installSimHold, releaseSim, unholdSim } from './simHold.ts';

test('Analyze shows a first estimate as games arrive, then the full report', async ({ page }) => {
  // the run's chunks wait in the test-only hold (tests/e2e/simHold.ts): the analysis cannot end before
  // its first estimate is seen, however fast or busy the machine (a loaded CI run once finished it first)
  await installSimHold(page);
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  await setField(page, 'Width', '16');
  await setField(page, 'Height', '16');
  await setField(page, 'Moves', '60');
  await holdSim(page);
  await page.getByRole('button', { name: 'Analyze', exact: true }).click();
  await expectHeld(page);
  const estimate = page.getByTestId('estimate');
  // let the chunks go one at a time until the first estimate shows (the rest of the run stays held)
  await expect
    .poll(async () => {
      if ((await estimate.count()) > 0) return true;
      await releaseSim(page, 1);
      return false;
    }, { timeout: 30_000 })
    .toBe(true);
  await expect(estimate).toHaveText(/First estimate: win rate \d+\.\d% \(\d+\.\d%–\d+\.\d%\) after \d+ games/);
  await page.screenshot({ path: 'test-results/speed-estimate.png' });
  await unholdSim(page);
  const report = page.getByRole('region', { name: 'Analysis report' });
  await expect(report).toBeVisible({ timeout: 60_000 });
  await expect(estimate).toHaveCount(0);
  await expect(report).toContainText('1000 games');
});
