import { test, expect } from '@playwright/test';
import { cell, grid, openStudio, pick, setField } from './helpers.ts';

test('after one visit the studio loads and edits with the network off', async ({ page, context }) => {
  await openStudio(page);
  // wait for the service worker to take control of the page
  await page.waitForFunction(async () => {
    const reg = await navigator.serviceWorker.ready;
    return !!reg.active;
  });
  await page.reload();
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);

  await context.setOffline(true);
  await page.reload();
  await expect(grid(page)).toBeVisible();
  await page.getByRole('button', { name: 'New level' }).click();
  await pick(page, 'value', 'Orange (hexagon)');
  await cell(page, 3, 3).click();
  await expect(cell(page, 3, 3)).toHaveAttribute('data-tile', 'orange');
  await context.setOffline(false);
});

test('after one visit the parts that load on first use work with the network off', async ({ page, context }) => {
  await openStudio(page);
  await page.waitForFunction(async () => {
    const reg = await navigator.serviceWorker.ready;
    return !!reg.active;
  });
  await page.reload();
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);

  await context.setOffline(true);
  await page.reload();
  await expect(grid(page)).toBeVisible();
  await page.getByRole('button', { name: 'New level' }).click();

  // the settings dialog (and the copilot's settings inside it)
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings.getByLabel('Language')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();

  // play-test
  await page.getByRole('button', { name: 'Play-test' }).click();
  const play = page.getByRole('dialog', { name: 'Play-test' });
  await expect(play.getByTestId('moves-left')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(play).toBeHidden();

  // the copilot's Markdown renderer: /help answers in Markdown (code spans), rendered, not plain text
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('/help');
  await box.press('Enter');
  const notice = page.getByRole('log', { name: 'Conversation' }).locator('[data-role="notice"]').last();
  await expect(notice.locator('code').first()).toBeVisible();

  // a registry tool whose parameters and work load on first use (adjust_difficulty), from a command
  await box.fill('/adjust_difficulty {"moves": 9}');
  await box.press('Enter');
  await expect(page.getByLabel('Moves', { exact: true })).toHaveValue('9');

  // the win curve of a deep analysis
  await setField(page, 'Width', '6');
  await setField(page, 'Height', '6');
  await setField(page, 'Moves', '5');
  await page.getByRole('button', { name: 'Deep analysis' }).click();
  const report = page.getByRole('region', { name: 'Analysis report' });
  await expect(report.getByRole('img', { name: /win rate against the move limit/i })).toBeVisible({ timeout: 30_000 });

  // the catalogue of the language not in use (loaded on the first switch)
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('dialog', { name: 'Settings' }).getByLabel('Language').selectOption('zh');
  await expect(page.getByRole('dialog', { name: '设置' })).toBeVisible();
  await context.setOffline(false);
});
