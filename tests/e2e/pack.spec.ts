import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { openStudio } from './helpers.ts';
import { expectHeld, holdSim, installSimHold, unholdSim } from './simHold.ts';

test('pack difficulty: analyze the pack, sort, set a ramp, tune the pack to it (reviewed, one undo step for the pack), export CSV', async ({ page }) => {
  test.setTimeout(180_000);
  await installSimHold(page);
  await openStudio(page);
  await page.getByRole('button', { name: 'Pack difficulty' }).click();
  const view = page.getByRole('region', { name: 'Pack difficulty' });
  await expect(view).toBeVisible();
  const rows = view.locator('tbody tr[data-level-id]');
  await expect(rows).toHaveCount(4);
  await expect(view.getByRole('img')).toBeVisible();

  // held until its progress bar is seen: the sample pack's four small levels can be done first
  await holdSim(page);
  await view.getByRole('button', { name: 'Analyze pack' }).click();
  await expect(view.getByRole('progressbar')).toBeVisible();
  await expectHeld(page);
  await unholdSim(page);
  await expect(view.getByRole('progressbar')).toBeHidden({ timeout: 120_000 });
  const rates = async () => (await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-win-rate')))).map(Number);
  const measured = await rates();
  for (const r of measured) {
    expect(r).toBeGreaterThanOrEqual(0);
    expect(r).toBeLessThanOrEqual(1);
  }
  expect(await rows.evaluateAll((els) => els.every((e) => e.getAttribute('data-win-rate') !== ''))).toBe(true);

  // sortable: by win rate, ascending then descending
  await view.getByRole('button', { name: 'Win rate' }).click();
  const asc = await rates();
  expect(asc).toEqual([...measured].sort((a, b) => a - b));
  await view.getByRole('button', { name: 'Win rate' }).click();
  expect(await rates()).toEqual([...measured].sort((a, b) => b - a));
  await view.getByRole('button', { name: '#' }).click();

  // a ramp target, then tune the pack to it
  await view.getByLabel('Target curve', { exact: true }).selectOption('ramp');
  await page.screenshot({ path: 'test-results/pack-view.png' });
  // the editor's field (the pack view's lever checkbox "Moves" is no spinbutton)
  const movesField = page.getByRole('spinbutton', { name: 'Moves', exact: true });
  const moves0 = await movesField.count(); // the editor stays usable under the dialog
  expect(moves0).toBe(1);
  // the levels off the ramp before tuning, with their move limits
  const offBefore = await rows.evaluateAll((els) => els.filter((e) => e.getAttribute('data-off-target') === 'true').map((e) => e.children[1].textContent!.trim()));
  expect(offBefore.length).toBeGreaterThan(0);
  const movesOf = async (name: string) => {
    await page.getByRole('list', { name: 'Levels' }).getByText(name, { exact: true }).click();
    return movesField.inputValue();
  };
  await view.getByRole('button', { name: 'Close pack difficulty' }).click();
  const firstOff = offBefore[0];
  const movesBefore = await movesOf(firstOff);
  await page.getByRole('button', { name: 'Pack difficulty' }).click();
  await expect(view.getByLabel('Target curve', { exact: true })).toHaveValue('ramp');
  await holdSim(page);
  await view.getByRole('button', { name: 'Tune pack to curve' }).click();
  await expect(view.getByRole('progressbar')).toBeVisible();
  await expectHeld(page);
  await unholdSim(page);
  await expect(view.getByRole('progressbar')).toBeHidden({ timeout: 150_000 });
  await expect(view.getByRole('alert')).toHaveCount(0);
  // a review first: nothing applied until Apply tuning (the levels in the band are chosen)
  await expect(view.getByRole('region', { name: 'Review the tuning' }).getByRole('checkbox')).toHaveCount(4);
  await view.getByRole('button', { name: 'Apply tuning' }).click();
  await expect(view.getByRole('status')).toContainText('as one undo step');
  const after = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-off-target')));
  expect(after.filter((x) => x === 'false').length).toBeGreaterThanOrEqual(3);
  await page.screenshot({ path: 'test-results/pack-view-tuned.png' });

  // CSV export: a header and one line per level, with the same win rates as the table
  const [download] = await Promise.all([page.waitForEvent('download'), view.getByRole('button', { name: 'Export CSV' }).click()]);
  const csv = readFileSync((await download.path())!, 'utf8').trim().split('\n');
  expect(csv[0]).toBe('index,id,name,win_rate,ci95_low,ci95_high,games,target,flag,off_target');
  expect(csv).toHaveLength(5);
  const tableRates = await rates();
  expect(csv.slice(1).map((l) => Number(l.split(',')[3]))).toEqual(tableRates);

  // the pack tuning is one undo step: Undo on another tuned level brings back this one's move limit too
  await view.getByRole('button', { name: 'Close pack difficulty' }).click();
  expect(await movesOf(firstOff)).not.toBe(movesBefore);
  await page.getByRole('list', { name: 'Levels' }).getByText('Jelly rows', { exact: true }).click();
  const jellyTuned = await movesField.inputValue();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(movesField).not.toHaveValue(jellyTuned);
  expect(await movesOf(firstOff)).toBe(movesBefore);
});

test('pack difficulty: the ramp and sawtooth ends and the group length are the designer\'s to set', async ({ page }) => {
  await openStudio(page);
  await page.getByRole('button', { name: 'Pack difficulty' }).click();
  const view = page.getByRole('region', { name: 'Pack difficulty' });
  const targets = () => view.locator('tbody tr[data-level-id]').evaluateAll((els) => els.map((e) => e.children[3].textContent!.trim()));
  await view.getByLabel('Target curve', { exact: true }).selectOption('ramp');
  await expect.poll(targets).toEqual(['85%', '67%', '48%', '30%']); // the defaults
  await view.getByLabel('Easiest target (%)').fill('90');
  await view.getByLabel('Easiest target (%)').press('Tab');
  await view.getByLabel('Hardest target (%)').fill('40');
  await view.getByLabel('Hardest target (%)').press('Tab');
  await expect.poll(targets).toEqual(['90%', '73%', '57%', '40%']);
  await expect(view.getByLabel('Levels per group')).toHaveCount(0); // only for the sawtooth
  await view.getByLabel('Target curve', { exact: true }).selectOption('sawtooth');
  await view.getByLabel('Levels per group').fill('2');
  await view.getByLabel('Levels per group').press('Tab');
  await expect.poll(targets).toEqual(['90%', '40%', '90%', '40%']);
  // out of range is clamped, not stored as nonsense
  await view.getByLabel('Easiest target (%)').fill('150');
  await view.getByLabel('Easiest target (%)').press('Tab');
  await expect.poll(targets).toEqual(['99%', '40%', '99%', '40%']);
  await expect(view.getByLabel('Easiest target (%)')).toHaveValue('99');
  await page.screenshot({ path: 'test-results/pack-curve-params.png' });
});
