// Analyze selection is a pack job (src/stores/jobs.svelte.ts, the same as Analyze pack): the chosen
// levels are fed to the pool together, the job shows a progressbar with Cancel, goes on after a
// reload, and each level's badge fills with its measured win rate.
import { expect, test, type Page } from '@playwright/test';
import { openStudio, waitSaved } from './helpers.ts';
import { expectHeld, holdSim, installSimHold, unholdSim } from './simHold.ts';
import { storedJob } from './jobState.ts';

const list = (page: Page) => page.getByRole('list', { name: 'Levels' });
const row = (page: Page, name: string) => list(page).getByRole('listitem', { name, exact: true });
const three = ['Jelly rows', 'Ice and crates', 'Chains and voids'];

test('Analyze selection of 3 levels shows the pack job\'s progressbar, goes on after a reload, and fills their badges', async ({ page }) => {
  test.slow(); // 3 × 1,000 games on a shared machine
  await installSimHold(page);
  await openStudio(page);
  await waitSaved(page).catch(() => {});
  for (const name of three) await expect(row(page, name).locator('.badge')).toHaveCount(0);
  await row(page, three[0]).locator('button.open').click();
  await row(page, three[2]).locator('button.open').click({ modifiers: ['Shift'] });
  const bar = page.getByRole('toolbar', { name: 'Selection' });
  await expect(bar).toContainText('3 selected');
  // the job's chunks wait in the hold (simHold.ts, also after the reload): it cannot end before the
  // checks made while it runs and the reload in its middle
  await holdSim(page);
  await bar.getByRole('button', { name: 'Analyze selection' }).click();
  const job = page.getByRole('group', { name: 'Pack job' });
  const progress = job.getByRole('progressbar', { name: 'Pack progress' });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('max', '3');
  await expect(job.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(job).toContainText('Analyzing the selection');
  await expect(bar.getByRole('button', { name: 'Analyze selection' })).toBeDisabled();
  await expectHeld(page);

  // a reload while it runs: the stored queue goes on by itself
  await expect.poll(async () => (await storedJob(page))?.total).toBe(3);
  await page.reload();
  await expect(page.getByRole('group', { name: 'Pack job' }).getByRole('progressbar', { name: 'Pack progress' })).toBeVisible();
  await unholdSim(page);
  for (const name of three) await expect(row(page, name).locator('.badge')).toHaveAttribute('data-stale', 'false', { timeout: 90_000 });
  await expect(page.getByRole('group', { name: 'Pack job' })).toHaveCount(0);
  // the level not chosen was not analysed
  await expect(row(page, 'Tutorial: collect').locator('.badge')).toHaveCount(0);
});

test('Cancel stops Analyze selection, and nothing resumes after a reload', async ({ page }) => {
  test.slow();
  await installSimHold(page);
  await openStudio(page);
  await waitSaved(page).catch(() => {});
  await row(page, three[0]).locator('button.open').click();
  await row(page, three[2]).locator('button.open').click({ modifiers: ['Shift'] });
  // the job's chunks wait in the hold: it cannot end before Cancel lands
  await holdSim(page);
  await page.getByRole('toolbar', { name: 'Selection' }).getByRole('button', { name: 'Analyze selection' }).click();
  const job = page.getByRole('group', { name: 'Pack job' });
  await expectHeld(page);
  await job.getByRole('button', { name: 'Cancel' }).click();
  await expect(job).toHaveCount(0);
  await unholdSim(page);
  // Cancel forgot the stored queue: a reload has nothing to go on with
  await expect.poll(() => storedJob(page)).toBeNull();
  await page.reload();
  await expect(list(page)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Pack job' })).toHaveCount(0);
});
