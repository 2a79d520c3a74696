// Providers as they really stream, over real HTTP against the scripted server: content parts, reasoning
// fields, usage blocks, cut-off answers, mid-stream errors; the fallback order; per-provider settings.
import { describe, expect, it } from 'vitest';
import type { Reply } from '../../mock-llm/server.ts';
import { OpenAICompatibleProvider, defaultRetry, type StreamResult } from '../../../src/ai/client.ts';
import { ProviderConfig } from '../../../src/ai/providers.ts';
import { useMockLlm } from '../setup/mockLlm.ts';

const llm = useMockLlm('sk-prov');
const setup = (replies: Reply[], extra: Partial<ProviderConfig> = {}) => llm.script(replies, { cfg: { model: 'model-a', ...extra } });
const requests = (key: string) => llm.requests<{ body: Record<string, unknown> }>(key);
const sleeps: number[] = [];
const fast = { ...defaultRetry, sleep: async (ms: number) => void sleeps.push(ms) };
const ask = (cfg: ProviderConfig, onText?: (d: string) => void) =>
  new OpenAICompatibleProvider(cfg, fast).stream({ messages: [{ role: 'user', content: 'x' }] }, { onText }) as Promise<StreamResult>;

describe('stream shapes', () => {
  it('Mistral thinking/text parts: thinking to the reasoning, text to the answer, never [object Object]', async () => {
    const { cfg } = await setup([{ type: 'text', text: 'Ice on the bottom row.', reasoning: 'Where is the ice?', content: 'mistral_parts' }]);
    const live: string[] = [];
    const r = await ask(cfg, (d) => live.push(d));
    expect(r.text).toBe('Ice on the bottom row.');
    expect(r.reasoning).toBe('Where is the ice?');
    expect(live.join('')).toBe('Ice on the bottom row.');
    expect(r.text).not.toContain('[object');
  });

  it('reasoning in `reasoning`, usage in Groq\'s x_groq block', async () => {
    const { cfg } = await setup([{ type: 'text', text: 'Hi.', reasoning: 'Think.', reasoningField: 'reasoning', usage: 'x_groq' }]);
    const r = await ask(cfg);
    expect(r).toMatchObject({ text: 'Hi.', reasoning: 'Think.', usage: { totalTokens: 150 } });
  });

  it('a final chunk with finish_reason "length" comes back as such', async () => {
    const { cfg } = await setup([{ type: 'text', text: 'Half', finish: 'length', usage: 'none' }]);
    const r = await ask(cfg);
    expect(r).toMatchObject({ text: 'Half', finishReason: 'length', usage: null });
  });

  it('an error event inside the stream ("Overloaded") is a retryable server error, not "could not reach"', async () => {
    const { cfg, key } = await setup([{ type: 'stream_error', text: 'Par', message: 'Overloaded' }, { type: 'text', text: 'Whole answer.' }], { retries: 1 });
    const r = await ask(cfg);
    expect(r.text).toBe('Whole answer.');
    expect((await requests(key)).length).toBe(2);
  });
});

describe('fallback models', () => {
  it('a retryable failure is retried once on the same model, then the next model is tried at once and named', async () => {
    sleeps.length = 0;
    const { cfg, key } = await setup([{ type: 'error', status: 503 }, { type: 'error', status: 503 }, { type: 'text', text: 'from b' }], { fallbackModels: ['model-b', 'model-c'] });
    const r = await ask(cfg);
    expect(r.text).toBe('from b');
    expect(r.model).toBe('model-b');
    expect(r.fallbackFrom).toEqual([{ model: 'model-a', reason: 'was overloaded', reasonKey: 'fallback.overloaded' }]);
    expect((await requests(key)).map((q) => q.body.model)).toEqual(['model-a', 'model-a', 'model-b']);
    expect(sleeps).toHaveLength(1); // one backoff, not three
  });

  it('429 is named as rate-limited; a 429 asking for a short wait is waited out on the same model', async () => {
    const long = await setup([{ type: 'error', status: 429, headers: { 'retry-after': '60' } }, { type: 'error', status: 429, headers: { 'retry-after': '60' } }, { type: 'text', text: 'b' }], { fallbackModels: ['model-b'] });
    const r1 = await ask(long.cfg);
    expect(r1.fallbackFrom?.[0]).toMatchObject({ model: 'model-a', reasonKey: 'fallback.rateLimit' });
    const short = await setup([{ type: 'error', status: 429, headers: { 'retry-after': '1' } }, { type: 'error', status: 429, headers: { 'retry-after': '1' } }, { type: 'text', text: 'a' }], { fallbackModels: ['model-b'] });
    const r2 = await ask(short.cfg);
    expect(r2.model).toBe('model-a');
    expect(r2.fallbackFrom).toBeUndefined();
  });

  it('without fallbacks the Retries setting counts the retries of the one model', async () => {
    const three = await setup(Array.from({ length: 5 }, () => ({ type: 'error' as const, status: 500 })));
    const e = await ask(three.cfg).catch((x) => x);
    expect(e.kind).toBe('server');
    expect((await requests(three.key)).length).toBe(4); // the default: 3 retries
    const one = await setup(Array.from({ length: 5 }, () => ({ type: 'error' as const, status: 500 })), { retries: 1 });
    await ask(one.cfg).catch(() => null);
    expect((await requests(one.key)).length).toBe(2);
    const none = await setup([{ type: 'error', status: 500 }, { type: 'text', text: 'never' }], { retries: 0 });
    await ask(none.cfg).catch(() => null);
    expect((await requests(none.key)).length).toBe(1);
  });
});

describe('per-provider settings', () => {
  it('temperature and max output tokens are sent only when set', async () => {
    const plain = await setup([{ type: 'text', text: 'a' }]);
    await ask(plain.cfg);
    const [q1] = await requests(plain.key);
    expect(q1.body).not.toHaveProperty('temperature');
    expect(q1.body).not.toHaveProperty('max_tokens');
    const tuned = await setup([{ type: 'text', text: 'a' }], { temperature: 0.2, maxOutputTokens: 800 });
    await ask(tuned.cfg);
    const [q2] = await requests(tuned.key);
    expect(q2.body).toMatchObject({ temperature: 0.2, max_tokens: 800 });
  });

  it('the timeout ends a request that does not answer in time', async () => {
    const { cfg } = await setup([{ type: 'text', text: 'late', headerDelayMs: 2500 }], { timeoutS: 1, retries: 0 });
    const e = await ask(cfg).catch((x) => x);
    expect(e.kind).toBe('timeout');
    expect(e.key).toBe('err.timeout');
  });

  it('old settings without the new fields still load; empty means not set', () => {
    const p = ProviderConfig.parse({ id: 'x', preset: 'openai', name: 'OpenAI', baseURL: 'u', model: 'm' });
    expect(p.temperature).toBeUndefined();
    expect(p.maxOutputTokens).toBeUndefined();
    expect(() => ProviderConfig.parse({ ...p, temperature: 5 })).toThrow();
  });
});
