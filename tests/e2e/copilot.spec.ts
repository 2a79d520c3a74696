import { test, expect } from '@playwright/test';
import { cell, grid, openStudio, waitSaved } from './helpers.ts';
import { MOCK, log, received, script, send, setupProvider, uniqueKey, told } from './copilotHelpers.ts';

test.describe('copilot', () => {
  test('resize and paint via chat; one Undo reverts the whole turn; the conversation survives a reload', async ({ page }) => {
    const key = uniqueKey();
    await openStudio(page);
    await page.getByRole('button', { name: 'New level' }).click();
    await setupProvider(page, key);
    await script(key, [
      {
        type: 'tool_calls',
        text: 'Resizing and adding jelly.',
        calls: [
          { name: 'set_grid_size', arguments: { width: 10, height: 10 } },
          { name: 'paint_ground_region', arguments: { x1: 0, y1: 8, x2: 9, y2: 9, ground: 'jelly', layers: 2 } },
        ],
      },
      { type: 'text', text: 'Done: the board is **10×10** with two rows of double jelly at the bottom.' },
    ]);
    await send(page, 'make it 10x10, two rows of double jelly at the bottom');
    await expect(log(page).locator('[data-role="assistant"]').last()).toContainText('two rows of double jelly');
    await expect(grid(page).locator('[data-x]')).toHaveCount(100);
    await expect(cell(page, 9, 9)).toHaveAttribute('data-ground', 'jelly:2');
    await expect(cell(page, 0, 8)).toHaveAttribute('data-ground', 'jelly:2');
    await expect(cell(page, 0, 7)).toHaveAttribute('data-ground', 'none');
    // the model got the registry's tools and the level as text
    const reqs = await received(key);
    expect(reqs[0].body.tools?.length).toBeGreaterThanOrEqual(18);
    expect(told(reqs[0].body)).toContain('9×9');
    expect(reqs[1].body.messages.at(-1)!.role).toBe('tool');

    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(grid(page).locator('[data-x]')).toHaveCount(81);
    await expect(grid(page).locator('[data-ground="jelly:2"]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect(grid(page).locator('[data-x]')).toHaveCount(100);

    await waitSaved(page);
    await page.reload();
    await expect(grid(page)).toBeVisible();
    await expect(log(page).locator('[data-role="user"]')).toContainText('make it 10x10');
    await expect(log(page).locator('[data-role="assistant"]').last()).toContainText('two rows of double jelly');
  });

  test('review mode: a subset is applied and the model is told what was declined', async ({ page }) => {
    const key = uniqueKey();
    await openStudio(page);
    await page.getByRole('button', { name: 'New level' }).click();
    await setupProvider(page, key, { review: true });
    await script(key, [
      {
        type: 'tool_calls',
        calls: [
          { name: 'set_move_limit', arguments: { moves: 40 } },
          { name: 'paint_tile', arguments: { x: 0, y: 0, tile: 'bomb' } },
          { name: 'set_colors', arguments: { colors: 3 } },
        ],
      },
      { type: 'text', text: 'Here are three changes for you to review.' },
      { type: 'text', text: 'Noted.' },
    ]);
    await send(page, 'make it easier');
    const review = page.getByRole('region', { name: 'Proposed changes' });
    await expect(review).toBeVisible();
    await expect(review.getByRole('checkbox')).toHaveCount(3);
    // nothing is applied before the review
    await expect(page.getByLabel('Moves')).toHaveValue('25');
    await review.getByRole('checkbox', { name: 'Use 3 colours' }).uncheck();
    await review.getByRole('button', { name: 'Apply selected' }).click();
    await expect(review).toBeHidden();
    await expect(page.getByLabel('Moves')).toHaveValue('40');
    await expect(cell(page, 0, 0)).toHaveAttribute('data-tile', 'bomb');
    await expect(page.getByLabel('Colors')).toHaveValue('5');
    await expect(log(page).locator('[data-role="notice"]').last()).toContainText('declined');
    // applied once: the operations cannot be applied again
    await expect(page.getByRole('region', { name: 'Proposed changes' })).toHaveCount(0);

    await send(page, 'thanks');
    await expect(log(page).locator('[data-role="assistant"]').last()).toContainText('Noted.');
    const reqs = await received(key);
    const last = reqs.at(-1)!.body.messages.map((m) => m.content).join('\n');
    expect(last).toMatch(/declined: 3\. Colours set/);
  });

  test('a 429 is retried and then succeeds', async ({ page }) => {
    const key = uniqueKey();
    await openStudio(page);
    await setupProvider(page, key);
    await script(key, [{ type: 'error', status: 429, headers: { 'retry-after': '1' } }, { type: 'text', text: 'Answer after the rate limit.' }]);
    await send(page, 'hello');
    await expect(log(page).locator('[data-role="assistant"]').last()).toContainText('Answer after the rate limit.', { timeout: 20_000 });
    expect((await received(key)).length).toBe(2);
  });

  test('a bad key shows an alert and the level is untouched', async ({ page }) => {
    await openStudio(page);
    const before = await grid(page).locator('[data-x]').count();
    await setupProvider(page, 'sk-bad');
    await send(page, 'make it 12x12');
    await expect(page.getByRole('alert').filter({ hasText: 'rejected the API key' }).first()).toBeVisible();
    await expect(grid(page).locator('[data-x]')).toHaveCount(before);
    await expect(page.getByRole('alert').filter({ hasText: 'sk-bad' })).toHaveCount(0);
  });

  test('model output is sanitised: XSS in a reply does not run', async ({ page }) => {
    const key = uniqueKey();
    await openStudio(page);
    await setupProvider(page, key);
    await script(key, [
      {
        type: 'text',
        text: 'Look: <img src=x onerror="window.__xss=1"> <script>window.__xss=2</script> [click me](javascript:window.__xss=3) <a href="javascript:window.__xss=4">x</a> **bold** ok',
      },
    ]);
    await send(page, 'hi');
    const reply = log(page).locator('[data-role="assistant"]').last();
    await expect(reply).toContainText('bold');
    await expect(reply.locator('strong')).toHaveText('bold');
    await expect(reply.locator('img')).toHaveCount(0);
    await expect(reply.locator('script')).toHaveCount(0);
    const hrefs = await reply.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs.every((h) => !h || !h.startsWith('javascript:'))).toBe(true);
    await reply.getByText('click me').click();
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });

  test('Stop aborts a slow answer and leaves the level as it was', async ({ page }) => {
    const key = uniqueKey();
    await openStudio(page);
    await page.getByRole('button', { name: 'New level' }).click();
    await setupProvider(page, key);
    await script(key, [
      { type: 'tool_calls', calls: [{ name: 'set_grid_size', arguments: { width: 5, height: 5 } }] },
      // held open after its text (the scripted server's `hold`): the answer cannot end before Stop lands
      { type: 'text', text: 'This answer streams very slowly so that the designer can stop it. '.repeat(5), chunkSize: 3, delayMs: 200, hold: true },
    ]);
    await send(page, 'shrink it');
    await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
    await expect(log(page).locator('.live')).toContainText('streams', { timeout: 10_000 });
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(log(page).locator('[data-role="notice"]').last()).toContainText('Stopped');
    await expect(grid(page).locator('[data-x]')).toHaveCount(81);
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  });

  test('slash commands work with no provider and no network', async ({ page, context }) => {
    await openStudio(page);
    await page.getByRole('button', { name: 'New level' }).click();
    await context.setOffline(true);
    await send(page, 'make it bigger');
    await expect(page.getByRole('alert').filter({ hasText: 'No AI provider' }).first()).toBeVisible();
    await send(page, '/set_grid_size 10 11');
    await expect(grid(page).locator('[data-x]')).toHaveCount(110);
    await send(page, '/paint_tile x=2 y=3 tile=rainbow');
    await expect(cell(page, 2, 3)).toHaveAttribute('data-tile', 'rainbow');
    await send(page, '/help');
    await expect(log(page).locator('[data-role="notice"]').last()).toContainText('/paint_cover_region');
    await send(page, '/set_move_limit 900');
    await expect(log(page).locator('[data-role="notice"]').last()).toContainText('moves: must be 1..200');
    await context.setOffline(false);
  });

  test('the command list follows the keyboard: arrows choose, Enter and Tab take, Escape closes; an unknown command names the near ones', async ({ page }) => {
    await openStudio(page);
    await page.getByRole('button', { name: 'New level' }).click();
    const box = page.getByRole('textbox', { name: 'Message' });
    const list = page.getByRole('listbox', { name: 'Commands' });
    await box.fill('/set_m');
    await expect(list.getByRole('option')).toHaveText([/^\/set_move_limit/]);
    await box.fill('/set_');
    const options = list.getByRole('option');
    const names = (await options.locator('code').allTextContents()).map((n) => n.slice(1));
    expect(names.length).toBeGreaterThan(2);
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    await expect(options.nth(2)).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(2).getAttribute('id'))!);
    await box.press('ArrowUp');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    // Enter on a command not typed out whole takes it (nothing is sent)
    await box.press('Enter');
    await expect(box).toHaveValue(`/${names[1]} `);
    await expect(list).toBeHidden();
    await expect(log(page).locator('[data-role="user"]')).toHaveCount(0);
    // Tab takes the one pointed at; ArrowUp from the first goes round to the last
    await box.fill('/clear');
    await expect(list.getByRole('option')).toHaveCount(2);
    await box.press('ArrowUp');
    await box.press('Tab');
    await expect(box).toHaveValue('/clear_all ');
    // Escape closes the list and keeps the text; typing opens it again
    await box.fill('/pain');
    await expect(list).toBeVisible();
    await box.press('Escape');
    await expect(list).toBeHidden();
    await expect(box).toHaveValue('/pain');
    await box.press('t');
    await expect(list).toBeVisible();
    // a command typed out whole is sent by Enter
    await box.fill('/get_level');
    await box.press('Enter');
    await expect(log(page).locator('[data-role="user"]').last()).toHaveText('/get_level');
    // an unknown one (no command starts so) is answered with the commands it most likely meant
    await send(page, '/analyse');
    await expect(log(page).locator('[data-role="notice"]').last()).toHaveText('/analyse: no such command. Did you mean /analyze_level or /deep_analyze? Type /help for the list.');
  });
});

test('provider settings persist; the key only when "Remember key" is ticked, and never in a backup', async ({ page }) => {
  const key = uniqueKey();
  await openStudio(page);
  await setupProvider(page, key);
  await waitSaved(page);
  await page.reload();
  await page.getByRole('button', { name: 'Settings' }).click();
  const dlg = page.getByRole('dialog', { name: 'Settings' });
  await expect(dlg.getByLabel('Base URL', { exact: true })).toHaveValue(`${MOCK}/v1`);
  await expect(dlg.getByLabel('Model', { exact: true })).toHaveValue('mock-1');
  await expect(dlg.getByLabel('API key', { exact: true })).toHaveValue('');
  await dlg.getByLabel('API key', { exact: true }).fill(key);
  await dlg.getByRole('checkbox', { name: 'Remember key on this device' }).check();
  await waitSaved(page);
  const [download] = await Promise.all([page.waitForEvent('download'), dlg.getByRole('button', { name: 'Export workspace backup' }).click()]);
  const { readFile } = await import('node:fs/promises');
  const backup = await readFile((await download.path())!, 'utf8');
  expect(backup).not.toContain(key);
  expect(JSON.parse(backup).format).toBe('match3-workspace');
  await page.reload();
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' }).getByLabel('API key', { exact: true })).toHaveValue(key);
});

test('context too long: the alert offers to trim the history and retry', async ({ page }) => {
  const key = uniqueKey();
  await openStudio(page);
  await setupProvider(page, key);
  await script(key, [
    { type: 'text', text: 'First answer.' },
    { type: 'error', status: 400, message: "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens." },
    { type: 'text', text: 'Answer with a shorter history.' },
  ]);
  await send(page, 'first question');
  await expect(log(page).locator('[data-role="assistant"]').last()).toContainText('First answer.');
  await send(page, 'second question');
  const alert = page.getByRole('alert').filter({ hasText: 'too long' });
  await expect(alert.first()).toBeVisible();
  await page.getByRole('button', { name: 'Trim history and retry' }).click();
  await expect(log(page).locator('[data-role="assistant"]').last()).toContainText('Answer with a shorter history.');
  const reqs = await received(key);
  expect(told(reqs.at(-1)!.body)).toContain('Summary of the earlier conversation');
});

test('a model that refuses tools is switched to the text protocol, and that is remembered', async ({ page }) => {
  const key = uniqueKey();
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  await setupProvider(page, key);
  await script(key, [
    { type: 'error', status: 400, message: 'This model does not support tools.' },
    { type: 'text', text: 'Setting it.\n<tool_call>{"name": "set_move_limit", "arguments": {"moves": 31}}</tool_call>' },
    { type: 'text', text: 'The level now has 31 moves.' },
    { type: 'text', text: 'Still in text mode.' },
  ]);
  await send(page, 'give it 31 moves');
  await expect(log(page).locator('[data-role="assistant"]').last()).toContainText('31 moves');
  await expect(page.getByLabel('Moves')).toHaveValue('31');
  await expect(log(page).locator('[data-role="notice"]').first()).toContainText('text tool protocol');
  await send(page, 'thanks');
  await expect(log(page).locator('[data-role="assistant"]').last()).toContainText('Still in text mode.');
  const reqs = await received(key);
  expect(reqs[0].body.tools?.length).toBeGreaterThan(0);
  expect(reqs.slice(1).every((r) => r.body.tools === undefined)).toBe(true);
  expect(reqs[1].body.messages[0].content).toContain('<tool_call>');
  expect(reqs[2].body.messages.at(-1)!.content).toContain('<tool_response name="set_move_limit" ok="true">');
});

test('a conversation exports as JSON and Markdown with its operations, and can be cleared', async ({ page }) => {
  const key = uniqueKey();
  await openStudio(page);
  await page.getByRole('button', { name: 'New level' }).click();
  await setupProvider(page, key);
  await script(key, [{ type: 'tool_calls', calls: [{ name: 'set_move_limit', arguments: { moves: 19 } }] }, { type: 'text', text: 'Moves set to 19.' }]);
  await send(page, 'make it 19 moves');
  await expect(log(page).locator('[data-role="assistant"]').last()).toContainText('Moves set to 19.');
  const { readFile } = await import('node:fs/promises');
  const menu = page.getByLabel('Conversation menu');
  await menu.click();
  const [md] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export conversation (Markdown)' }).click()]);
  const text = await readFile((await md.path())!, 'utf8');
  expect(text).toContain('**Designer:** make it 19 moves');
  expect(text).toContain('set_move_limit');
  expect(text).toContain('- `set_move_limit` → Set the move limit to 19');
  expect(text).toMatch(/Operations \(applied automatically\):\n1\. Set the move limit to 19 ✔ applied \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
  expect(text).not.toContain(key);
  // a menu closes once an item is chosen (as menus do): open it again for the next
  await expect(page.getByRole('button', { name: 'Export conversation (JSON)' })).toBeHidden();
  await menu.click();
  const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export conversation (JSON)' }).click()]);
  const data = JSON.parse(await readFile((await json.path())!, 'utf8'));
  expect(data.format).toBe('match3-conversation');
  expect(data.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
  await menu.click();
  await page.getByRole('button', { name: 'Clear conversation' }).click();
  await expect(log(page).locator('[data-role]')).toHaveCount(0);
  await page.reload();
  await expect(grid(page)).toBeVisible();
  await expect(log(page).locator('[data-role]')).toHaveCount(0);
});
