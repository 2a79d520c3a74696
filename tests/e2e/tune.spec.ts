import { test, expect } from '@playwright/test';
import { importOpenLevel, openStudio, setField } from './helpers.ts';
import { expectHeld, holdSim, installSimHold, unholdSim } from './simHold.ts';

test.describe('tune to target', () => {
  test('the dialog tunes a level into the band as one undo step; the report shows the confirmed figures', async ({ page }) => {
    await openStudio(page);
    // a fixed seed: the search and its confirmation play the same games on every run (with New level's
    // random seed the confirmed figure could land just outside the band on an unlucky board)
    await importOpenLevel(page, { name: 'Tune me', width: 8, height: 8, moves: 20, seed: 42 });
    await page.getByRole('button', { name: 'Tune to target' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tune to target' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Target win rate').fill('50');
    await dialog.getByLabel('Bot tier').selectOption('average');
    await expect(dialog.getByRole('checkbox', { name: 'Moves' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Colors' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Objective counts' })).not.toBeChecked();
    await page.screenshot({ path: 'test-results/tune-dialog.png' });
    await dialog.getByRole('button', { name: 'Tune', exact: true }).click();
    const result = dialog.getByRole('status');
    await expect(result).toBeVisible({ timeout: 60_000 });
    await expect(result).toHaveAttribute('data-hit', 'true');
    const rate = Number(await result.getAttribute('data-win-rate'));
    expect(Math.abs(rate - 0.5)).toBeLessThanOrEqual(0.05);
    await expect(result).toContainText('In the band');
    await expect(result).toContainText(/moves 20 → \d+/);
    await expect(result).toHaveAttribute('data-applied', 'true');
    await page.screenshot({ path: 'test-results/tune-result.png' });
    // after a tune that landed: Undo and Close, no Cancel (which read as "discard" but kept the change)
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Undo' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    // closed is not enough: the dialog leaves the page (its "Moves" lever would shadow the editor's field);
    // it goes a moment after it closes (the dialog's close event is asynchronous)
    await expect(page.locator('dialog.tune')).toHaveCount(0);

    // the level has the tuned move limit, and the report shows the confirmation run's figures
    const moves = page.getByLabel('Moves', { exact: true });
    const tuned = await moves.inputValue();
    expect(Number(tuned)).toBeLessThan(20);
    const report = page.getByRole('region', { name: 'Analysis report' });
    await expect(report).toHaveAttribute('data-win-rate', rate.toFixed(4));
    // Analyze gives the same figures: the confirmation played the games an analysis plays
    await page.getByRole('button', { name: 'Analyze', exact: true }).click();
    await expect(report).toHaveAttribute('data-win-rate', rate.toFixed(4));

    // one undo step back to 20 moves, and redo again
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(moves).toHaveValue('20');
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect(moves).toHaveValue(tuned);
  });

  test(`bounds: the tune keeps inside "Moves from" / "Moves to", names them, and the dialog's Undo takes it back`, async ({ page }) => {
    await openStudio(page);
    await importOpenLevel(page, { name: 'Bounded', width: 8, height: 8, moves: 20, seed: 42 });
    await page.getByRole('button', { name: 'Tune to target' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tune to target' });
    // the bounds default to the valid range (shown as placeholders)
    await expect(dialog.getByLabel('Moves from')).toHaveAttribute('placeholder', '1');
    await expect(dialog.getByLabel('Moves to')).toHaveAttribute('placeholder', '200');
    await dialog.getByLabel('Target win rate').fill('10');
    await dialog.getByLabel('Moves from').fill('17');
    await dialog.getByLabel('Moves to').fill('23');
    await dialog.getByLabel('Moves to').press('Tab');
    await page.screenshot({ path: 'test-results/tune-dialog-bounds.png' });
    await dialog.getByRole('button', { name: 'Tune', exact: true }).click();
    const result = dialog.getByRole('status');
    await expect(result).toBeVisible({ timeout: 60_000 });
    // 10% needs far fewer moves than 17 on this open board: missed, said why, the closest inside the bounds
    await expect(result).toHaveAttribute('data-hit', 'false');
    await expect(result).toContainText('within moves 17–23');
    await expect(result).toContainText('the bounds (moves 17–23');
    await expect(result).toContainText(/moves 20 → 17/);
    // a miss lands nothing until the designer chooses (issue 40): the closest waits for Apply the closest
    await expect(result).toHaveAttribute('data-pending', 'true');
    await expect(result).toHaveAttribute('data-applied', 'false');
    await dialog.getByRole('button', { name: 'Apply the closest' }).click();
    await expect(result).toHaveAttribute('data-applied', 'true');
    await dialog.getByRole('button', { name: 'Close' }).waitFor();
    await dialog.getByRole('button', { name: 'Undo' }).click();
    await expect(result).toContainText('The tuning was undone');
    await expect(dialog.getByRole('button', { name: 'Undo' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Tune', exact: true })).toBeEnabled();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.locator('dialog.tune')).toHaveCount(0);
    await expect(page.getByLabel('Moves', { exact: true })).toHaveValue('20');
  });

  test('Cancel stops a running search and leaves the level as it was', async ({ page }) => {
    await installSimHold(page);
    await openStudio(page);
    await page.getByRole('button', { name: 'New level' }).click();
    await setField(page, 'Width', '16');
    await setField(page, 'Height', '16');
    await setField(page, 'Moves', '60');
    await page.getByRole('button', { name: 'Tune to target' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tune to target' });
    await dialog.getByLabel('Target win rate').fill('20');
    // the search's chunks wait in the test's hold: it cannot end before Cancel lands, however fast or
    // busy the machine (a loaded CI run once saw a 3,250-game search end between the progress bar and the click)
    await holdSim(page);
    await dialog.getByRole('button', { name: 'Tune', exact: true }).click();
    await expect(dialog.getByRole('progressbar', { name: 'Tuning progress' })).toBeVisible();
    await expectHeld(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog.getByRole('progressbar')).toBeHidden();
    // the held chunks go to the workers now, for a search that was cancelled
    await unholdSim(page);
    await expect(dialog.getByRole('status')).toHaveCount(0);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.locator('dialog.tune')).toHaveCount(0);
    await expect(page.getByLabel('Moves', { exact: true })).toHaveValue('60');
    await expect(page.getByRole('button', { name: 'Undo' })).toBeEnabled(); // the size edits, not a tuning
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByLabel('Moves', { exact: true })).not.toHaveValue('60');
  });
});
