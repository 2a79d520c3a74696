// A copilot turn that hits a difficulty target, against the scripted OpenAI-compatible server over HTTP.
import { test, expect } from '@playwright/test';
import { importOpenLevel, openStudio } from './helpers.ts';
import { log, received, script, setupProvider, told } from './copilotHelpers.ts';

test('a difficulty goal: the copilot calls tune_level, the level lands in the band as one undo step, and the effect is stated in figures', async ({ page }) => {
  const key = `sk-e2e-tune-${Math.random().toString(36).slice(2)}`;
  await openStudio(page);
  // a fixed seed: the search and its confirmation play the same games on every run (with New level's
  // random seed the confirmed figure could land just outside the band on an unlucky board)
  await importOpenLevel(page, { name: 'Tune me', width: 8, height: 8, moves: 20, seed: 42 });
  await setupProvider(page, key);
  await script(key, [
    { type: 'tool_calls', text: 'Tuning to 30% for an average player.', calls: [{ name: 'tune_level', arguments: { target_win_rate: 0.3, tier: 'average' } }] },
    { type: 'text', text: 'Done: the tuning result above is measured by the simulator.' },
  ]);
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('make it hard: about 30% for an average player');
  await box.press('Enter');
  await expect(log(page).locator('[data-role="assistant"]').last()).toContainText('measured by the simulator', { timeout: 60_000 });

  // the model received the tool result with the figures it must quote, and the score history
  const reqs = await received(key);
  expect(reqs).toHaveLength(2);
  const toolMsg = reqs[1].body.messages.find((m) => m.role === 'tool')!;
  expect(toolMsg.content).toMatch(/\*\*in the band\*\*/); // not "Why not in the band"
  expect(toolMsg.content).toMatch(/After .*\*\*([\d.]+)%\*\* \(95% CI/);
  const after = Number(/After .*\*\*([\d.]+)%\*\*/.exec(toolMsg.content)![1]) / 100;
  expect(Math.abs(after - 0.3)).toBeLessThanOrEqual(0.05);
  expect(reqs[0].body.messages[0].content).toMatch(/Difficulty claims/);
  expect(told(reqs[1].body)).toMatch(/Score history of this level/);

  // the turn states the measured effect, before → after with intervals
  await expect(log(page).locator('[data-role="notice"]').filter({ hasText: 'Measured effect' })).toContainText(/→ [\d.]+% \(95% CI/);
  await page.screenshot({ path: 'test-results/copilot-tune.png' });

  // the level changed in one undo step
  const moves = page.getByLabel('Moves', { exact: true });
  const tuned = Number(await moves.inputValue());
  expect(tuned).toBeLessThan(20);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(moves).toHaveValue('20');
});
