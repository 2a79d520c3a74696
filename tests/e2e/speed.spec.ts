import { test, expect } from '@playwright/test';
import { openStudio, setField } from './helpers.ts';

test('Analyze shows a first estimate as games arrive, then the full report', async ({ page }) => {
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  // a big level, so the run lasts long enough to see its estimate
  await setField(page, 'Width', '16');
  await setField(page, 'Height', '16');
  await setField(page, 'Moves', '60');
  await page.getByRole('button', { name: 'Analyze', exact: true }).click();
  const estimate = page.getByTestId('estimate');
  await expect(estimate).toHaveText(/First estimate: win rate \d+\.\d% \(\d+\.\d%–\d+\.\d%\) after \d+ games/);
  await page.screenshot({ path: 'test-results/speed-estimate.png' });
  const report = page.getByRole('region', { name: 'Analysis report' });
  await expect(report).toBeVisible({ timeout: 60_000 });
  await expect(estimate).toHaveCount(0);
  await expect(report).toContainText('1000 games');
});
