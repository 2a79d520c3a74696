// Issue 8 in the built studio against the scripted provider: review that tells the truth, the copilot's
// analyses in the Analysis panel, providers' real stream shapes and fallbacks, the key not kept after a
// reload, slash JSON arguments, and the conversation in Chinese.
import { test, expect } from '@playwright/test';
import { cell, grid, openStudio, setField, waitSaved } from './helpers.ts';
import { log, received, script, send, setupProvider, uniqueKey, told } from './copilotHelpers.ts';
import { expectHeld, holdSim, installSimHold, unholdSim } from './simHold.ts';

test.describe('review tells the truth', () => {
  test('proposals: the model is told they are proposals, both stay reachable, each gets its time; apply is all or nothing', async ({ page }) => {
    const key = uniqueKey();
    await openStudio(page);
    await page.getByRole('button', { name: 'New level' }).click();
    await setupProvider(page, key, { review: true });
    await script(key, [
      { type: 'tool_calls', calls: [{ name: 'set_move_limit', arguments: { moves: 40 } }, { name: 'paint_tile', arguments: { x: 8, y: 8, tile: 'bomb' } }] },
      { type: 'text', text: 'I propose two changes.' },
      { type: 'tool_calls', calls: [{ name: 'set_colors', arguments: { colors: 4 } }] },
      { type: 'text', text: 'I propose four colours.' },
    ]);
    await send(page, 'more moves and a bomb');
    await expect(log(page).locator('[data-role="assistant"]').last()).toContainText('I propose two changes.');
    await expect(log(page)).toContainText(/Proposed 2 changes, not applied yet: Set the move limit to 40; Paint bomb at I9\./i);
    await expect(log(page).locator('details[data-tool="set_move_limit"] summary')).toContainText('Proposed: Set the move limit to 40');
    await send(page, 'and fewer colours');
    await expect(log(page).locator('[data-role="assistant"]').last()).toContainText('I propose four colours.');

    // the model was told: review mode in the prompt, each edit result a proposal, the older one still pending
    const reqs = await received(key);
    expect(reqs[0].body.messages[0].content).toContain('Apply mode: AFTER REVIEW');
    expect(reqs[1].body.messages.at(-1)!.content).toContain('Proposed, not applied');
    expect(told(reqs[2].body)).toMatch(/still waiting for the designer \(NOT applied[^]*Move limit set from 25 to 40/);

    const reviews = page.getByRole('region', { name: 'Proposed changes' });
    await expect(reviews).toHaveCount(2);
    await expect(page.getByLabel('Moves')).toHaveValue('25');
    // the preview is readable and outlines what changes
    const preview = reviews.first().getByRole('img', { name: 'Preview of the level with the selected changes' });
    expect((await preview.boundingBox())!.width).toBeGreaterThanOrEqual(250);
    await expect(preview.locator('rect.changed')).toHaveCount(1);
    await page.screenshot({ path: 'test-results/issue8-review.png' });

    // meanwhile the designer shrinks the board: the bomb at (8, 8) no longer fits
    await setField(page, 'Width', '6');
    await reviews.first().getByRole('button', { name: 'Apply selected' }).click();
    const alert = reviews.first().getByRole('alert');
    await expect(alert).toContainText('Nothing was applied: change 2');
    await expect(alert).toContainText('no longer fits');
    await expect(page.getByLabel('Moves')).toHaveValue('25');
    await expect(reviews).toHaveCount(2);
    await reviews.first().getByRole('checkbox', { name: /bomb/i }).uncheck();
    await reviews.first().getByRole('button', { name: 'Apply selected' }).click();
    await expect(page.getByLabel('Moves')).toHaveValue('40');
    await expect(reviews).toHaveCount(1);
    await reviews.first().getByRole('button', { name: 'Cancel' }).click();
    await expect(reviews).toHaveCount(0);
    await expect(page.getByLabel('Colors')).toHaveValue('5');

    // the marks with their time, in the conversation and in the export
    await expect(log(page).locator('li[data-status="applied"]')).toHaveCount(1);
    await expect(log(page).locator('li[data-status="declined"]')).toHaveCount(2);
    await expect(log(page).locator('li[data-status="declined"]').first()).toContainText(/declined at \d/);
    await page.screenshot({ path: 'test-results/issue8-decided.png' });
    await page.getByLabel('Conversation menu').click();
    const [md] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export conversation (Markdown)' }).click()]);
    const { readFile } = await import('node:fs/promises');
    const text = await readFile((await md.path())!, 'utf8');
    expect(text).toMatch(/1\. Set the move limit to 40 ✔ applied \d{4}-/);
    expect(text).toMatch(/1\. Use 4 colours ✗ declined \d{4}-/);
  });
});

test('an analysis the copilot runs shows in the Analysis panel, marked as the copilot’s, and goes stale on edit', async ({ page }) => {
  const key = uniqueKey();
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  await setupProvider(page, key);
  await script(key, [{ type: 'tool_calls', calls: [{ name: 'deep_analyze', arguments: { games: 60 } }] }, { type: 'text', text: 'It is measured.' }]);
  await send(page, 'how hard is it?');
  await expect(log(page).locator('[data-role="assistant"]').last()).toContainText('It is measured.', { timeout: 60_000 });
  const report = page.getByRole('region', { name: 'Analysis report' });
  await expect(report).toBeVisible();
  await expect(report).toContainText('Run by the copilot');
  await expect(report.locator('tr[data-tier]')).toHaveCount(3);
  await report.getByRole('radio', { name: 'Clears' }).click();
  await expect(page.locator('.heat rect').first()).toBeAttached();
  // the tool line is a sentence; the details render the Markdown (no raw **)
  const tool = log(page).locator('details[data-tool="deep_analyze"]');
  await expect(tool.locator('summary')).toContainText(/Deep analysis: win rate \d+\.\d% for the average bot/);
  await tool.locator('summary').click();
  await expect(tool.locator('.result strong').first()).toBeVisible();
  await expect(tool.locator('.result')).not.toContainText('**');
  await expect(tool.locator('.result')).toContainText('get_bottleneck');
  // the model got the bottleneck section too
  const reqs = await received(key);
  expect(reqs[1].body.messages.at(-1)!.content).toContain('**get_bottleneck**');
  await page.screenshot({ path: 'test-results/issue8-analysis.png' });
  await setField(page, 'Moves', '26');
  await expect(report).toHaveAttribute('data-stale', 'true');
});

test('while the bots play inside a turn the chat shows progress, and Stop cancels the simulation', async ({ page }) => {
  const key = uniqueKey();
  await installSimHold(page);
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  await setupProvider(page, key);
  await script(key, [{ type: 'tool_calls', calls: [{ name: 'deep_analyze', arguments: { games: 20000 } }] }, { type: 'text', text: 'never reached' }]);
  // the simulation's chunks wait in the hold: it cannot end before Stop lands (60,000 games take a
  // few seconds on a fast machine)
  await holdSim(page);
  await send(page, 'analyse deeply');
  const progress = log(page).getByRole('progressbar', { name: 'Simulation progress' });
  await expect(progress).toBeVisible({ timeout: 20_000 });
  await expect(log(page)).toContainText(/Bots playing \(deep_analyze\): \d+ \/ 60000 games/);
  await expectHeld(page);
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(log(page).locator('[data-role="notice"]').last()).toContainText('Stopped');
  await expect(progress).toHaveCount(0);
  await unholdSim(page);
  // the workers are free again: the designer's own analysis runs and finishes
  await page.getByRole('button', { name: 'Analyze', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Analysis report' })).not.toContainText('Run by the copilot', { timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Analysis report' })).toContainText('1000 games', { timeout: 30_000 });
  expect((await received(key)).length).toBe(1); // the turn ended with the stop
});

test.describe('providers as they really stream', () => {
  test('Mistral thinking/text parts and an answer cut off at the output limit', async ({ page }) => {
    const key = uniqueKey();
    await openStudio(page);
    await setupProvider(page, key, { fields: { 'Max output tokens': '64', Temperature: '0.3' } });
    await script(key, [
      { type: 'text', text: 'Ice belongs on the bottom row.', reasoning: 'The designer wants ice.', content: 'mistral_parts' },
      { type: 'text', text: 'The first half of a long', finish: 'length', usage: 'x_groq' },
    ]);
    await send(page, 'where does the ice go?');
    const reply = log(page).locator('[data-role="assistant"]').last();
    await expect(reply).toContainText('Ice belongs on the bottom row.');
    await expect(reply).not.toContainText('[object Object]');
    await reply.getByText('Reasoning').click();
    await expect(reply.locator('.reasoning')).toContainText('The designer wants ice.');
    await send(page, 'tell me more');
    await expect(log(page).locator('[data-role="notice"]').last()).toContainText('The answer was cut off');
    const reqs = await received(key);
    expect(reqs[0].body).toMatchObject({ max_tokens: 64, temperature: 0.3 });
  });

  test('a failing model is retried once, then the fallback answers and is named', async ({ page }) => {
    const key = uniqueKey();
    await openStudio(page);
    await setupProvider(page, key, { fallbacks: 'mock-2' });
    await script(key, [{ type: 'error', status: 503 }, { type: 'error', status: 503 }, { type: 'text', text: 'Fallback answer.' }]);
    await send(page, 'hello');
    await expect(log(page).locator('[data-role="assistant"]').last()).toContainText('Fallback answer.', { timeout: 20_000 });
    await expect(log(page).locator('[data-role="notice"]').last()).toContainText('Answered by mock-2: mock-1 was overloaded.');
    const models = (await received(key)).map((r) => (r.body as unknown as { model: string }).model);
    expect(models).toEqual(['mock-1', 'mock-1', 'mock-2']);
  });
});

test('a key that was not remembered is asked for after a reload, before anything is sent', async ({ page }) => {
  const key = uniqueKey();
  await openStudio(page);
  await setupProvider(page, key);
  await script(key, [{ type: 'text', text: 'Hello again, with the key.' }]);
  await waitSaved(page);
  await page.reload();
  await expect(grid(page)).toBeVisible();
  await send(page, 'are you there?');
  const ask = page.getByRole('form', { name: 'API key' });
  await expect(ask).toContainText('not kept after a reload');
  await page.screenshot({ path: 'test-results/issue8-key.png' });
  expect(await received(key)).toHaveLength(0);
  await ask.getByLabel('API key', { exact: true }).fill(key);
  await ask.getByRole('checkbox', { name: 'Remember key on this device' }).check();
  await ask.getByRole('button', { name: 'Send with this key' }).click();
  await expect(log(page).locator('[data-role="assistant"]').last()).toContainText('Hello again, with the key.');
  expect(await received(key)).toHaveLength(1);
  await expect(page.getByRole('alert').filter({ hasText: 'rejected the API key' })).toHaveCount(0);
});

test('slash commands: JSON arguments work, a malformed one answers with its usage', async ({ page }) => {
  await installSimHold(page);
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  await send(page, '/paint_tile {"x": 1, "y": 2, "tile": "red"}');
  await expect(cell(page, 1, 2)).toHaveAttribute('data-tile', 'red');
  await send(page, '/paint_tile {"x": 1, "y": ');
  await expect(log(page).locator('[data-role="notice"]').last()).toContainText('Usage: /paint_tile x y tile [hp]');
  // the message box is free again: nothing hangs
  await send(page, '/set_move_limit 30');
  await expect(page.getByLabel('Moves')).toHaveValue('30');
  // an analysis command shows the bots' progress, and Stop cancels it (held: it cannot end first)
  await holdSim(page);
  await send(page, '/deep_analyze {"games": 20000}');
  await expect(log(page).getByRole('progressbar', { name: 'Simulation progress' })).toBeVisible({ timeout: 20_000 });
  await expectHeld(page);
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(log(page).locator('[data-role="notice"]').last()).toContainText('Stopped');
  await unholdSim(page);
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
});

test('the copilot in Chinese: /help, tool results, provider errors and review labels', async ({ page }) => {
  const key = uniqueKey();
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  await setupProvider(page, key, { review: true });
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('dialog', { name: 'Settings' }).getByLabel('Language').selectOption('zh');
  await page.keyboard.press('Escape');
  await send(page, '/help');
  await expect(log(page).locator('[data-role="notice"]').last()).toContainText('斜杠命令直接运行工作室的工具');
  await expect(log(page).locator('[data-role="notice"]').last()).toContainText('绘制一个格子');
  await send(page, '/set_move_limit 900');
  await expect(log(page).locator('[data-role="notice"]').last()).toContainText('必须在 1..200 之间');
  await script(key, [
    { type: 'tool_calls', calls: [{ name: 'set_objective', arguments: { type: 'clear_cover', cover: 'ice' } }] },
    { type: 'text', text: '建议清除冰块。' },
    { type: 'error', status: 402, message: 'insufficient balance' },
  ]);
  await send(page, '目标改成清除冰块');
  const review = page.getByRole('region', { name: 'Proposed changes' });
  await expect(review).toContainText('将目标替换为：清除全部冰块');
  await expect(log(page).locator('details[data-tool="set_objective"] summary')).toContainText('将目标替换为：清除全部冰块');
  await page.screenshot({ path: 'test-results/issue8-zh.png' });
  await send(page, '再来');
  await expect(page.getByRole('alert').filter({ hasText: '没有余额或配额' }).first()).toBeVisible();
  await expect(log(page)).not.toContainText('Move limit');
});
