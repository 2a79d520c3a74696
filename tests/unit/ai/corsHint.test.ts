// Issue 22: the Ollama / LM Studio hints of a network error come from the catalogue (Chinese in 简体中文),
// in a paragraph of their own with the command in a code span, and the address stays a link of its own.
import { afterEach, describe, expect, it } from 'vitest';
import { toCopilotError } from '../../../src/ai/client.ts';
import { noteText } from '../../../src/i18n/chatText.ts';
import { setLocale } from '../../../src/i18n/index.svelte.ts';

afterEach(() => setLocale('en'));

const unreachable = (preset: string) => {
  const e = toCopilotError(new TypeError('Failed to fetch'), { preset, baseURL: 'http://localhost:11434/v1', model: 'm' }, false);
  expect(e.kind).toBe('network');
  return { key: e.key!, params: e.params };
};

describe('CORS hints of a network error', () => {
  it('English: the sentence, then the hint as its own paragraph, the command in a code span', () => {
    const text = noteText(unreachable('ollama'));
    expect(text).toContain('<http://localhost:11434/v1>.');
    expect(text).toMatch(/offline\.\n\nStart Ollama with OLLAMA_ORIGINS/);
    expect(text).toContain('`OLLAMA_ORIGINS="*" ollama serve`');
    expect(noteText(unreachable('lmstudio'))).toMatch(/\n\nIn LM Studio, open the Developer tab/);
  });

  it('简体中文: the hints in Chinese, no English sentence of theirs', async () => {
    await setLocale('zh');
    const ollama = noteText(unreachable('ollama'));
    expect(ollama).toContain('无法连接 <http://localhost:11434/v1>。');
    expect(ollama).toContain('启动 Ollama 时把 OLLAMA_ORIGINS 设为本页面的来源');
    expect(ollama).toContain('`OLLAMA_ORIGINS="*" ollama serve`');
    expect(ollama).not.toMatch(/Start Ollama|this page/);
    const lm = noteText(unreachable('lmstudio'));
    expect(lm).toContain('在 LM Studio 中打开');
    expect(lm).not.toMatch(/open the Developer tab/);
  });

  it('a provider without a hint ends with the sentence', () => {
    expect(noteText(unreachable('openai')).trimEnd()).toMatch(/offline\.$/);
  });
});
