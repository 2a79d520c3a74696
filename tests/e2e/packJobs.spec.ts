// A pack's long jobs in the built studio (UI-CONTRACT "long jobs", issue 18 item 5 and issue 20): the
// job's progress bar counts levels, a reload does not lose the job (it goes on where it stopped), and
// the pack table keeps only the rows on screen in the DOM.
import { test, expect, type Page } from '@playwright/test';
import { openStudio } from './helpers.ts';
import { expectHeld, holdSim, installSimHold, releaseSim, unholdSim } from './simHold.ts';
import { storedCaughtUp, storedJob } from './jobState.ts';

/**
 * A pack file of `n` levels named `Job level i`: small ones (sizes, colours and move limits vary), or
 * `slow` 9×9 ones whose score is never reached (every game plays all its moves and the curve's), so
 * that a job lasts long enough to be reloaded in the middle.
 */
function packFile(n: number, name: string, slow = false) {
  const levels = Array.from({ length: n }, (_, i) => {
    const w = slow ? 9 : 4 + (i % 3), h = slow ? 9 : 4 + ((i >> 1) % 3);
    return {
      format: 'match3-level', version: 1, id: `${name}-${i + 1}`, name: `Job level ${i + 1}`, width: w, height: h, moves: slow ? 20 : 4 + (i % 5), colors: slow ? 6 : 4 + (i % 2), seed: 100 + i,
      cells: Array.from({ length: h }, () => Array.from({ length: w }, () => ({}))),
      objectives: [{ type: 'score', target: slow ? 10_000_000 : 200 + 40 * (i % 7) }],
    };
  });
  return { name: `${name}.json`, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ format: 'match3-pack', version: 1, id: name, name, levels })) };
}

async function importPack(page: Page, n: number, name: string, slow = false) {
  await page.getByLabel('Choose level or pack files to import').setInputFiles(packFile(n, name, slow));
  // the level list is virtualised: the pack's first level is on screen, its last one may not be
  const first = page.getByRole('list', { name: 'Levels' }).getByText('Job level 1', { exact: true });
  await expect(first).toBeVisible({ timeout: 60_000 });
  // open a level of the pack: the pack view shows the open level's pack
  await first.click();
}

const progressValue = (page: Page) => page.getByRole('progressbar').first().evaluate((e) => Number((e as HTMLProgressElement).value));

test('Analyze pack runs in the background; a reload goes on where it stopped; the table shows every level measured', async ({ page }) => {
  test.setTimeout(240_000);
  await installSimHold(page);
  await openStudio(page);
  const N = 40;
  await importPack(page, N, 'Jobs', true);
  await page.getByRole('button', { name: 'Pack difficulty' }).click();
  const view = page.getByRole('region', { name: 'Pack difficulty' });
  await view.getByRole('button', { name: 'Analyze pack' }).click();
  const bar = view.getByRole('progressbar');
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('max', String(N));
  await expect(view.getByRole('button', { name: 'Cancel' })).toBeVisible();
  // the view can close while the job runs: the job goes on, its bar under the level list
  await view.getByRole('button', { name: 'Close pack difficulty' }).click();
  const job = page.getByRole('group', { name: 'Pack job' });
  await expect(job.getByRole('progressbar')).toBeVisible();
  await expect.poll(() => progressValue(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
  await page.screenshot({ path: 'test-results/pack-job-aside.png' });
  // a reload in the middle of the job: hold the job where it is (simHold.ts; also after the reload,
  // so it cannot end before the checks below) and wait until the stored queue, written at most every
  // second, holds what is left
  await holdSim(page);
  await expectHeld(page);
  const before = await storedCaughtUp(page);
  expect(before).toBeLessThan(N - 5);
  await page.reload();
  await expect(page.getByRole('grid', { name: 'Level grid' })).toBeVisible();
  // it goes on by itself, from where it stopped (the bar never starts again from 0)
  await expect(job.getByRole('progressbar')).toBeVisible({ timeout: 30_000 });
  expect(await progressValue(page)).toBeGreaterThanOrEqual(before);
  await expect(job.getByRole('progressbar')).toHaveAttribute('max', String(N));
  await unholdSim(page);
  await expect(job).toBeHidden({ timeout: 180_000 });
  // every level measured
  await page.getByRole('button', { name: 'Pack difficulty' }).click();
  const rows = view.locator('tbody tr[data-level-id]');
  await expect(rows.first()).toBeVisible();
  await expect.poll(() => rows.evaluateAll((els) => els.filter((e) => e.getAttribute('data-win-rate') === '').length)).toBe(0);
  // no job left in storage: a reload has nothing to go on with, and nothing runs
  await expect.poll(() => storedJob(page)).toBeNull();
  await page.reload();
  await expect(page.getByRole('grid', { name: 'Level grid' })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
});

test('Cancel stops the pack job and forgets it: a reload does not start it again', async ({ page }) => {
  test.setTimeout(120_000);
  await installSimHold(page);
  await openStudio(page);
  await importPack(page, 30, 'Cancelled', true);
  await page.getByRole('button', { name: 'Pack difficulty' }).click();
  const view = page.getByRole('region', { name: 'Pack difficulty' });
  // the job's chunks wait in the hold: it cannot end before Cancel lands
  await holdSim(page);
  await view.getByRole('button', { name: 'Analyze pack' }).click();
  await expect(view.getByRole('progressbar')).toBeVisible();
  await expectHeld(page);
  await view.getByRole('button', { name: 'Cancel' }).click();
  await expect(view.getByRole('progressbar')).toHaveCount(0);
  await unholdSim(page);
  await expect(view.getByRole('button', { name: 'Analyze pack' })).toBeEnabled();
  const measured = await view.locator('tbody tr[data-level-id]').evaluateAll((els) => els.filter((e) => e.getAttribute('data-win-rate') !== '').length);
  expect(measured).toBeLessThan(30);
  // Cancel forgot the stored queue: a reload has nothing to go on with
  await expect.poll(() => storedJob(page)).toBeNull();
  await page.reload();
  await expect(page.getByRole('grid', { name: 'Level grid' })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
});

test('the pack table of a large pack is virtualised: only rows on screen are in the DOM, each with its level id and win rate', async ({ page }) => {
  test.setTimeout(180_000);
  await openStudio(page);
  const N = 400;
  await importPack(page, N, 'Large');
  await page.getByRole('button', { name: 'Pack difficulty' }).click();
  const view = page.getByRole('region', { name: 'Pack difficulty' });
  const rows = view.locator('tbody tr[data-level-id]');
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  expect(count).toBeGreaterThan(5);
  expect(count).toBeLessThan(60);
  await expect(rows.first()).toHaveAttribute('data-win-rate', '');
  await expect(view.getByRole('table')).toHaveAttribute('aria-rowcount', String(N + 1));
  // the chart draws groups of levels, not 400 dots and labels
  expect(await view.getByRole('img').locator('text').count()).toBeLessThan(30);
  // scrolled to the end: the last levels are there, the first ones are not
  await view.locator('table').evaluate((t) => (t.scrollTop = t.scrollHeight));
  await expect(view.locator(`tbody tr[data-level-id="Large-${N}"]`)).toBeVisible();
  await expect(view.locator('tbody tr[data-level-id="Large-1"]')).toHaveCount(0);
  // sorting by name keeps the rows virtual and reorders them
  await view.getByRole('button', { name: '#' }).click(); // descending by position
  await view.locator('table').evaluate((t) => (t.scrollTop = 0));
  await expect(rows.first()).toHaveAttribute('data-level-id', `Large-${N}`);
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: 'test-results/pack-large-1024.png' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: 'test-results/pack-large-1440.png' });
});

test('Tune pack to curve runs as a job and ends in the review; a reload in the middle still lists every level, nothing changed', async ({ page }) => {
  test.setTimeout(240_000);
  await installSimHold(page);
  await openStudio(page);
  const N = 8;
  await importPack(page, N, 'TuneJob', true);
  await page.getByRole('button', { name: 'Pack difficulty' }).click();
  const view = page.getByRole('region', { name: 'Pack difficulty' });
  await view.getByLabel('Target curve', { exact: true }).selectOption('ramp');
  // every chunk of games waits for the test from the start: on a busy machine the job could otherwise
  // end, or have its next chunks still under way, before the test holds it
  await holdSim(page);
  await view.getByRole('button', { name: 'Tune pack to curve' }).click();
  await expect(view.getByRole('progressbar')).toHaveAttribute('max', String(N));
  await view.getByRole('button', { name: 'Close pack difficulty' }).click();
  const job = page.getByRole('group', { name: 'Pack job' });
  // a level's row is stored with the queue as soon as it is tuned: the held chunks go a round at a
  // time until the first levels are tuned, then stay held (also after the reload), so the job cannot
  // end before the reload and the checks after it
  await expect.poll(async () => (await releaseSim(page), progressValue(page)), { timeout: 120_000 }).toBeGreaterThanOrEqual(2);
  await expectHeld(page, 1, 60_000);
  const before = await storedCaughtUp(page);
  expect(before).toBeLessThan(N);
  await page.reload();
  await expect(page.getByRole('grid', { name: 'Level grid' })).toBeVisible();
  await expect(job.getByRole('progressbar')).toBeVisible({ timeout: 30_000 });
  expect(await progressValue(page)).toBeGreaterThanOrEqual(before);
  await unholdSim(page);
  await expect(job).toBeHidden({ timeout: 180_000 });
  // the review waits in the pack view: every level, the ones tuned before the reload too, none left "not tuned"
  await page.getByRole('button', { name: 'Pack difficulty' }).click();
  const review = view.getByRole('region', { name: 'Review the tuning' });
  await expect(review.locator('li[data-level-id]')).toHaveCount(N);
  await expect(review.locator('li[data-status="error"]')).toHaveCount(0);
  await expect(review.locator('li[data-status="noTarget"]')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/pack-tune-job-review.png' });
  // nothing was changed: the open level (tuned before the reload) has no step to undo
  await view.getByRole('button', { name: 'Close pack difficulty' }).click();
  await expect(page.getByRole('button', { name: 'Undo', exact: true })).toBeDisabled();
});
