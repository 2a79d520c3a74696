import { describe, expect, it } from 'vitest';
import type { Reply } from '../../mock-llm/server.ts';
import { OpenAICompatibleProvider, backoffMs, defaultRetry, redact, testConnection, toCopilotError, CopilotError } from '../../../src/ai/client.ts';
import { newProvider, type ProviderConfig } from '../../../src/ai/providers.ts';
import { useMockLlm } from '../setup/mockLlm.ts';

const llm = useMockLlm('sk-test');
const setup = (replies: Reply[], extra: Partial<ProviderConfig> = {}) => llm.script(replies, { cfg: { model: 'mock-1', ...extra } });
const sleeps: number[] = [];
const fastRetry = { ...defaultRetry, sleep: async (ms: number) => void sleeps.push(ms) };

describe('client over real HTTP', () => {
  it('streams text and tool calls, sends no x-stainless headers, usage from the final chunk', async () => {
    const { cfg, key } = await setup([{ type: 'tool_calls', calls: [{ name: 'set_grid_size', arguments: { width: 10, height: 10 } }] }]);
    const p = new OpenAICompatibleProvider(cfg, fastRetry);
    const r = await p.stream({ messages: [{ role: 'user', content: 'hi' }], tools: [] });
    expect(r.toolCalls).toEqual([expect.objectContaining({ name: 'set_grid_size', arguments: '{"width":10,"height":10}' })]);
    expect(r.usage?.totalTokens).toBe(150);
    const reqs = await llm.requests<{ headers: Record<string, string>; body: { stream: boolean; stream_options: unknown } }>(key);
    expect(Object.keys(reqs[0].headers).filter((h) => h.startsWith('x-stainless'))).toEqual([]);
    expect(reqs[0].body.stream).toBe(true);
    expect(reqs[0].body.stream_options).toEqual({ include_usage: true });
  });

  it('429 is retried with backoff honouring retry-after, then succeeds', async () => {
    sleeps.length = 0;
    const { cfg } = await setup([{ type: 'error', status: 429, headers: { 'retry-after': '2' } }, { type: 'text', text: 'after the wait' }]);
    const retries: number[] = [];
    const r = await new OpenAICompatibleProvider(cfg, fastRetry).stream({ messages: [{ role: 'user', content: 'x' }] }, { onRetry: (i) => retries.push(i.delayMs) });
    expect(r.text).toBe('after the wait');
    expect(sleeps[0]).toBeGreaterThanOrEqual(2000);
    expect(retries).toHaveLength(1);
  });

  it('5xx is retried, then the next fallback model answers', async () => {
    const { cfg, key } = await setup([
      { type: 'error', status: 503 },
      { type: 'error', status: 503 },
      { type: 'text', text: 'fallback here' },
    ]);
    const p = new OpenAICompatibleProvider({ ...cfg, fallbackModels: ['mock-2'] }, { ...fastRetry, maxRetries: 1 });
    const r = await p.stream({ messages: [{ role: 'user', content: 'x' }] });
    expect(r.text).toBe('fallback here');
    expect(r.model).toBe('mock-2');
    const reqs = await llm.requests<{ body: { model: string } }>(key);
    expect(reqs.map((q) => q.body.model)).toEqual(['mock-1', 'mock-1', 'mock-2']);
  });

  it('401 and 402 are not retried; the message never contains the key', async () => {
    const bad = new OpenAICompatibleProvider({ ...newProvider('openai'), baseURL: `${llm.base}/v1`, model: 'm', apiKey: 'sk-bad' }, fastRetry);
    const e1 = await bad.stream({ messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(e1).toBeInstanceOf(CopilotError);
    expect(e1.kind).toBe('auth');
    const { cfg } = await setup([{ type: 'error', status: 402, message: `balance too low for ${'sk-test'}` }]);
    const e2 = await new OpenAICompatibleProvider(cfg, fastRetry).stream({ messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(e2.kind).toBe('quota');
    expect(e2.message).not.toContain(cfg.apiKey!);
  });

  it('a stream that ends without finish_reason is an error', async () => {
    const { cfg } = await setup([{ type: 'no_finish', text: 'half' }]);
    const e = await new OpenAICompatibleProvider(cfg, { ...fastRetry, maxRetries: 0 }).stream({ messages: [{ role: 'user', content: 'x' }] }).catch((x) => x);
    expect(e.kind).toBe('incomplete');
  });

  it('a closed port is a network error with the provider hint', async () => {
    const cfg = { ...newProvider('ollama'), baseURL: 'http://127.0.0.1:9/v1' };
    const e = await new OpenAICompatibleProvider(cfg, fastRetry).stream({ messages: [{ role: 'user', content: 'x' }] }).catch((x) => x);
    expect(e.kind).toBe('network');
    expect(e.message).toMatch(/OLLAMA_ORIGINS/);
  });

  it('Test connection reports reachable, key, tools and streaming', async () => {
    const { cfg } = await setup([{ type: 'tool_calls', calls: [{ name: 'ping', arguments: { ok: true } }] }]);
    expect(await testConnection(cfg)).toMatchObject({ reachable: true, keyAccepted: true, toolsSupported: true, streamingSupported: true });
    const badKey = await testConnection({ ...cfg, apiKey: 'sk-bad' });
    expect(badKey).toMatchObject({ reachable: true, keyAccepted: false });
    const missing = await testConnection({ ...cfg, apiKey: undefined });
    expect(missing.message).toMatch(/API key/);
  });
});

describe('errors and backoff', () => {
  it('maps statuses to kinds; context-length and tools-refused are recognised', () => {
    const cfg = { preset: 'openai', baseURL: 'x', model: 'm', apiKey: 'sk-verysecretkey12345' };
    expect(toCopilotError({ status: 400, error: { message: "This model's maximum context length is 8192 tokens" } }, cfg, false).kind).toBe('context');
    expect(toCopilotError({ status: 400, error: { message: 'tools is not supported for this model' } }, cfg, true).kind).toBe('tools_unsupported');
    expect(toCopilotError({ status: 500 }, cfg, false).retryable).toBe(true);
    expect(toCopilotError({ status: 401, error: { message: 'bad key sk-verysecretkey12345' } }, cfg, false).message).not.toContain('sk-verysecretkey12345');
  });

  it('backoff grows, has jitter, honours the server and is capped', () => {
    const p = { ...defaultRetry, random: () => 0.5 };
    expect(backoffMs(0, p)).toBeLessThan(backoffMs(2, p));
    expect(backoffMs(10, p)).toBeLessThanOrEqual(p.capMs);
    expect(backoffMs(0, p, 5000)).toBe(5000);
    expect(backoffMs(0, p, 999_999)).toBe(p.capMs);
  });

  it('redact removes keys and bearer tokens', () => {
    expect(redact('Authorization: Bearer abc.def key sk-proj-1234567890abcdefgh', 'abc.def')).not.toMatch(/abc\.def|sk-proj/);
  });
});
