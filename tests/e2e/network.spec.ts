// Network faults during a copilot turn, against the scripted server over real HTTP: offline half-way,
// a stream cut inside a tool call's arguments, a provider that never answers. Each turn ends with a
// clear message and the level exactly as before the turn.
import { test, expect, type Page } from '@playwright/test';
import { boardState, grid, openStudio } from './helpers.ts';
import { MOCK, script, send, setupProvider, uniqueKey } from './copilotHelpers.ts';

async function levelSnapshot(page: Page) {
  return { board: await boardState(page), moves: await page.getByLabel('Moves', { exact: true }).inputValue() };
}

/** The page's clock jumps past each request's time limit and each retry's wait until the turn ends. */
async function endTurnByClock(page: Page) {
  for (let i = 0; i < 12 && (await page.getByRole('button', { name: 'Stop' }).isVisible()); i++) {
    await page.clock.fastForward('02:10');
    await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden({ timeout: 1000 }).catch(() => {});
  }
  await expectTurnOver(page);
}

async function expectTurnOver(page: Page) {
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
}

test('offline in the middle of a turn: a clear message and the level as before the turn', async ({ page, context }) => {
  await page.clock.install();
  const key = uniqueKey();
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  await setupProvider(page, key);
  const before = await levelSnapshot(page);
  // round one edits the turn's draft; round two hangs, and the network goes away meanwhile
  await script(key, [
    { type: 'tool_calls', calls: [{ name: 'set_grid_size', arguments: { width: 5, height: 5 } }, { name: 'set_move_limit', arguments: { moves: 44 } }] },
    ...Array.from({ length: 8 }, () => ({ type: 'never_answer' as const })),
  ]);
  await send(page, 'shrink it and give 44 moves');
  // round two has been asked for (and hangs) once the server has seen two requests for this key
  await expect.poll(async () => ((await (await fetch(`${MOCK}/__requests?key=${key}`)).json()) as unknown[]).length, { timeout: 15_000 }).toBe(2);
  await context.setOffline(true);
  await page.clock.fastForward('02:10'); // the hanging request times out; its retry meets no network
  await endTurnByClock(page);
  await expect(page.getByRole('alert').filter({ hasText: 'You are offline: the copilot needs the network.' }).first()).toBeVisible();
  expect(await levelSnapshot(page)).toEqual(before);
  await expect(grid(page).locator('[data-x]')).toHaveCount(81);
  await context.setOffline(false);
});

test('a stream cut inside a tool call: a clear message and the level as before the turn', async ({ page }) => {
  const key = uniqueKey();
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  await setupProvider(page, key);
  const before = await levelSnapshot(page);
  // every attempt (the client retries a dropped connection) is cut the same way
  const cut = { type: 'cut_mid_tool' as const, name: 'set_grid_size', partialArguments: '{"width": 5, "hei', text: 'Shrinking…' };
  await script(key, [
    { type: 'tool_calls', calls: [{ name: 'set_move_limit', arguments: { moves: 12 } }] },
    cut, cut, cut, cut, cut, cut,
  ]);
  await send(page, 'shrink it');
  await expectTurnOver(page);
  const alert = page.getByRole('alert').first();
  await expect(alert).toBeVisible();
  // said as what happened (it used to say "Could not reach … CORS …", and was not retried)
  await expect(alert).toContainText('The answer was cut off');
  await expect(alert).not.toContainText('Could not reach');
  await expect(alert).not.toContainText(/undefined|\[object|TypeError/);
  expect(await levelSnapshot(page)).toEqual(before);
});

test('a provider that never answers: the turn times out with a clear message, the level as before', async ({ page }) => {
  await page.clock.install();
  const key = uniqueKey();
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  await setupProvider(page, key);
  const before = await levelSnapshot(page);
  await script(key, Array.from({ length: 12 }, () => ({ type: 'never_answer' as const })));
  await send(page, 'make it harder');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  await endTurnByClock(page);
  // named as what it is (it used to say "Could not reach … CORS … offline")
  await expect(page.getByRole('alert').filter({ hasText: 'OpenAI did not answer in time.' }).first()).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Could not reach' })).toHaveCount(0);
  expect(await levelSnapshot(page)).toEqual(before);
});
