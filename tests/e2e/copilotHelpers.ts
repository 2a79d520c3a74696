// Shared by the copilot specs: the scripted provider (tests/mock-llm/server.ts) and setting it up as a user would.
import { expect, type Locator, type Page } from '@playwright/test';
import type { Measured, Reply, Window } from '../mock-llm/server.ts';

export const MOCK = `http://127.0.0.1:${process.env.PW_MOCK_LLM_PORT ?? 4010}`;

/** Queues replies for a key; `window` makes the server emulate a local server's context window for that key (issue 33). */
export async function script(key: string, replies: Reply[], opts: { window?: Window } = {}) {
  const r = await fetch(`${MOCK}/__script`, { method: 'POST', body: JSON.stringify({ key, replies, ...opts }) });
  expect(r.ok).toBe(true);
}
/** What the server received for a key; under an emulated window each request carries what the server `measured`. */
export async function received(key: string): Promise<{ body: { messages: { role: string; content: string }[]; tools?: unknown[] }; measured?: Measured }[]> {
  return (await fetch(`${MOCK}/__requests?key=${encodeURIComponent(key)}`)).json();
}

/** What the model is told besides the conversation: the system prompt and the level's [Studio] context message (issue 33). */
export function told(body: { messages: { role: string; content: string }[] }): string {
  return body.messages
    .filter((m) => m.role === 'system' || (m.role === 'user' && String(m.content).startsWith('[Studio] Current level')))
    .map((m) => String(m.content))
    .join('\n');
}

/** Opens Settings from the toolbar, in English or 简体中文; returns the dialog. */
export async function openSettings(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: /Settings|设置/ }).click();
  return page.getByRole('dialog', { name: /Settings|设置/ });
}

/** Points the Settings dialog's provider at the mock server: base URL, the key that routes the script, a model. */
async function pointAtMock(dlg: Locator, key: string) {
  await dlg.getByLabel('Base URL', { exact: true }).fill(`${MOCK}/v1`);
  await dlg.getByLabel('Base URL', { exact: true }).press('Tab');
  await dlg.getByLabel('API key', { exact: true }).fill(key);
  await dlg.getByLabel('Model', { exact: true }).fill('mock-1');
  await dlg.getByLabel('Model', { exact: true }).press('Tab');
}

/**
 * A local-server preset pointed at the mock server (local presets take a key optionally; here it routes the
 * mock's script). Its tool set starts compact, as the preset's default; `toolSet` then chooses one.
 */
export async function setupLocal(page: Page, key: string, preset: 'ollama' | 'lmstudio', toolSet?: 'full' | 'compact') {
  const dlg = await openSettings(page);
  await dlg.getByLabel('Provider').selectOption(preset);
  await pointAtMock(dlg, key);
  await expect(dlg.getByLabel('Tool set')).toHaveValue('compact');
  if (toolSet) await dlg.getByLabel('Tool set').selectOption(toolSet);
  await dlg.getByRole('button', { name: /Done|完成/ }).click();
  await expect(dlg).toBeHidden();
}

/** Sets up the copilot against the mock server through the Settings dialog, as a user would. */
export async function setupProvider(
  page: Page,
  key: string,
  opts: { review?: boolean; remember?: boolean; fallbacks?: string; fields?: Partial<Record<'Temperature' | 'Max output tokens' | 'Timeout (s)' | 'Retries', string>> } = {},
) {
  await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
  const dlg = page.getByRole('dialog', { name: 'Settings' });
  await dlg.getByLabel('Provider').selectOption('openai');
  await pointAtMock(dlg, key);
  if (opts.remember) await dlg.getByLabel('Remember key on this device').check();
  if (opts.fallbacks) {
    await dlg.getByLabel('Fallback models (comma-separated)').fill(opts.fallbacks);
    await dlg.getByLabel('Fallback models (comma-separated)').press('Tab');
  }
  for (const [label, value] of Object.entries(opts.fields ?? {})) {
    await dlg.getByLabel(label, { exact: true }).fill(value);
    await dlg.getByLabel(label, { exact: true }).press('Tab');
  }
  if (opts.review) await dlg.getByRole('radio', { name: 'After review' }).check();
  await dlg.getByRole('button', { name: 'Done' }).click();
  await expect(dlg).toBeHidden();
}

export async function send(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

export const log = (page: Page) => page.getByRole('log', { name: 'Conversation' });
export const conversation = log;
export const uniqueKey = () => `sk-e2e-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;


/**
 * Shows the copilot after a resize. Below the wide layout it is a panel opened from the toolbar, and the
 * studio opens it by itself when the copilot was in use as the window narrowed — that change can land
 * after the toolbar's button reads closed, so a click may close it again: retry until it shows.
 */
export async function showCopilot(page: Page) {
  const toggle = page.locator('button.copilot-toggle');
  const input = page.getByRole('textbox', { name: /Message|消息/ });
  await expect(async () => {
    if (!(await input.isVisible()) && (await toggle.isVisible()) && (await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
    await expect(input).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(page.locator('.copilot')).toBeInViewport({ ratio: 1 });
}
