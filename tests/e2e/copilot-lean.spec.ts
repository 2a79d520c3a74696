// A lean copilot (issue 33): the Tool set setting per provider (Ollama and LM Studio start compact), the
// prefix that stays the same from round to round, and a cut prompt named with its fix, nothing applied,
// and the compact set one click away. Screenshots of the setting and the notice (1024 and 1440 px, both
// languages) go to LEAN_SHOTS when set, else to the test's output folder.
import { test, expect, type Page } from '@playwright/test';
import { openStudio } from './helpers.ts';
import { log, openSettings, received, script, send, setupLocal, showCopilot, uniqueKey } from './copilotHelpers.ts';

const shot = (name: string) => (process.env.LEAN_SHOTS ? `${process.env.LEAN_SHOTS}/${name}` : test.info().outputPath(name));

async function language(page: Page, lang: 'en' | 'zh') {
  const dlg = await openSettings(page);
  await dlg.getByLabel('Language').selectOption(lang);
  await dlg.getByRole('button', { name: /Done|完成/ }).click();
  await expect(dlg).toBeHidden();
}

test('Tool set per provider: Ollama starts compact (8 tools); full sends every tool; the prefix is the same every round', async ({ page }) => {
  const key = uniqueKey();
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  await setupLocal(page, key, 'ollama');
  await script(key, [
    { type: 'tool_calls', calls: [{ name: 'paint_cells', arguments: { layer: 'ground', x1: 0, y1: 7, x2: 8, y2: 8, value: 'jelly' } }] },
    { type: 'tool_calls', calls: [{ name: 'set_move_limit', arguments: { moves: 31 } }] },
    { type: 'text', text: 'Jelly at the bottom, 31 moves.', promptTokens: 1400, cachedTokens: 1024 },
  ]);
  await send(page, 'jelly on the two bottom rows and 31 moves');
  await expect(log(page).locator('[data-role="assistant"]').last()).toContainText('31 moves');
  // set_move_limit was not offered in the compact set, and ran all the same
  await expect(page.getByLabel('Moves')).toHaveValue('31');
  // the conversation's totals say how much the provider read from its cache: 1,024 of 1,640 prompt tokens
  await expect(page.locator('footer.usage-total')).toContainText('1640 tokens in');
  await expect(page.locator('footer.usage-total')).toContainText('62% of it read from the provider’s cache');
  // each reply says what its request weighed (estimated tokens of tools, rules and messages) and what was cached
  const usageLine = log(page).locator('[data-role="assistant"]').last().locator('.usage');
  await expect(usageLine).toContainText('1024 cached');
  await expect(usageLine).toContainText(/sent ≈\d+ \(tools \d+, rules \d+, messages \d+\)/);
  const reqs = await received(key);
  expect(reqs).toHaveLength(3);
  for (const r of reqs) {
    expect(r.body.tools).toHaveLength(8);
    expect(JSON.stringify(r.body.tools) + r.body.messages[0].content).toBe(JSON.stringify(reqs[0].body.tools) + reqs[0].body.messages[0].content);
  }
  expect(reqs[0].body.messages[0].content).not.toContain('9×9');

  const dlg = await openSettings(page);
  await dlg.getByLabel('Tool set').selectOption('full');
  await dlg.getByRole('button', { name: 'Done' }).click();
  await script(key, [{ type: 'text', text: 'All tools now.' }]);
  await send(page, 'hello');
  await expect(log(page).locator('[data-role="assistant"]').last()).toContainText('All tools now.');
  const all = await received(key);
  expect(all[3].body.tools!.length).toBeGreaterThanOrEqual(26);
});

test('a cut prompt: one alert names the context window and the fix, nothing is applied, the compact set is one click away', async ({ page }) => {
  const key = uniqueKey();
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  await setupLocal(page, key, 'ollama', 'full');
  // Ollama at its default window: it read 700 tokens of about 2,800 sent, and answers without the tools' rules
  await script(key, [
    { type: 'tool_calls', calls: [{ name: 'set_move_limit', arguments: { moves: 3 } }], promptTokens: 700 },
    { type: 'tool_calls', calls: [{ name: 'set_move_limit', arguments: { moves: 30 } }], promptTokens: 1400 },
    { type: 'text', text: 'Thirty moves.', promptTokens: 1500 },
  ]);
  await send(page, 'give it 30 moves');
  const alert = log(page).getByRole('alert');
  await expect(alert).toHaveCount(1);
  await expect(alert).toContainText('context');
  await expect(alert).toContainText('OLLAMA_CONTEXT_LENGTH=16384');
  await expect(page.getByLabel('Moves')).toHaveValue('25');
  await expect(log(page).locator('[data-role="assistant"]')).toHaveCount(0);
  const useCompact = log(page).getByRole('button', { name: 'Use the compact tool set and retry' });
  await expect(useCompact).toBeVisible();
  for (const width of [1024, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await showCopilot(page);
    await expect(alert).toBeInViewport();
    await page.screenshot({ path: shot(`cut-notice-en-${width}.png`) });
  }
  await language(page, 'zh');
  await expect(alert).toContainText('context');
  await expect(alert).toContainText('精简工具集');
  await expect(log(page).getByRole('button', { name: '改用精简工具集并重试' })).toBeVisible();
  for (const width of [1024, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await showCopilot(page);
    await expect(alert).toBeInViewport();
    await page.screenshot({ path: shot(`cut-notice-zh-${width}.png`) });
  }
  await language(page, 'en');
  await useCompact.click();
  await expect(log(page).locator('[data-role="assistant"]').last()).toContainText('Thirty moves.');
  await expect(page.getByLabel('Moves')).toHaveValue('30');
  await expect(log(page).getByRole('alert')).toHaveCount(0);
  const reqs = await received(key);
  expect(reqs[0].body.tools!.length).toBeGreaterThanOrEqual(26);
  expect(reqs[1].body.tools).toHaveLength(8);
  const dlg = await openSettings(page);
  await expect(dlg.getByLabel('Tool set')).toHaveValue('compact');
});

test('LM Studio refusing the prompt (n_keep >= n_ctx) is named with its fix', async ({ page }) => {
  const key = uniqueKey();
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  await setupLocal(page, key, 'lmstudio', 'full');
  await script(key, [{ type: 'error', status: 400, message: 'The number of tokens to keep from the initial prompt is greater than the context length (n_keep: 3012 >= n_ctx: 2048). Try to load the model with a larger context length.' }]);
  await send(page, 'hello');
  const alert = log(page).getByRole('alert');
  await expect(alert).toHaveCount(1);
  await expect(alert).toContainText('context');
  await expect(alert).toContainText('LM Studio');
  await expect(log(page).getByRole('button', { name: 'Use the compact tool set and retry' })).toBeVisible();
});

test('screenshots: the Tool set select in Settings, 1024 and 1440 px, English and 简体中文', async ({ page }) => {
  await openStudio(page);
  await setupLocal(page, uniqueKey(), 'ollama');
  for (const lang of ['en', 'zh'] as const) {
    await language(page, lang);
    const dlg = await openSettings(page);
    const select = dlg.getByLabel('Tool set');
    await select.scrollIntoViewIfNeeded();
    await expect(select).toHaveValue('compact');
    for (const width of [1024, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      await expect(select).toBeInViewport();
      await page.screenshot({ path: shot(`toolset-${lang}-${width}.png`) });
    }
    await dlg.getByRole('button', { name: /Done|完成/ }).click();
  }
});
