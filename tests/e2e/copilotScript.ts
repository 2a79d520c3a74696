// Shared by the hardening specs: set up the copilot against the scripted mock server, as a user would.
import { expect, type Page } from '@playwright/test';
import type { Reply } from '../mock-llm/server.ts';

export const MOCK = `http://127.0.0.1:${process.env.PW_MOCK_LLM_PORT ?? 4010}`;
export const uniqueKey = () => `sk-hard-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;

export async function script(key: string, replies: Reply[]) {
  const r = await fetch(`${MOCK}/__script`, { method: 'POST', body: JSON.stringify({ key, replies }) });
  expect(r.ok).toBe(true);
}

export async function setupProvider(page: Page, key: string, opts: { remember?: boolean; timeout?: string } = {}) {
  await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
  const dlg = page.getByRole('dialog', { name: 'Settings' });
  await dlg.getByLabel('Provider').selectOption('openai');
  await dlg.getByLabel('Base URL', { exact: true }).fill(`${MOCK}/v1`);
  await dlg.getByLabel('Base URL', { exact: true }).press('Tab');
  await dlg.getByLabel('API key', { exact: true }).fill(key);
  await dlg.getByLabel('Model', { exact: true }).fill('mock-1');
  await dlg.getByLabel('Model', { exact: true }).press('Tab');
  if (opts.remember) await dlg.getByLabel('Remember key on this device').check();
  if (opts.timeout) {
    await dlg.getByLabel('Timeout (s)', { exact: true }).fill(opts.timeout);
    await dlg.getByLabel('Timeout (s)', { exact: true }).press('Tab');
  }
  await dlg.getByRole('button', { name: 'Done' }).click();
  await expect(dlg).toBeHidden();
}

export async function send(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

export const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' });
