// Found while injecting "a provider that never answers": the SDK's timeout error is named "Error",
// so it was reported as "Could not reach … (CORS) … or you are offline" and never retried.
import { describe, expect, it } from 'vitest';
import OpenAI from 'openai';
import { toCopilotError } from '../../../src/ai/client.ts';
import { newProvider } from '../../../src/ai/providers.ts';

describe('a provider that never answers', () => {
  it('is a timeout (retried), not a connection refused', async () => {
    // the client loads the SDK on its first request (as in the page): make one
    const { OpenAICompatibleProvider } = await import('../../../src/ai/client.ts');
    const refuse = (async () => Promise.reject(new TypeError('fetch failed'))) as unknown as typeof fetch;
    const noRetry = { maxRetries: 0, baseMs: 1, capMs: 1, random: () => 0, sleep: async () => {} };
    await new OpenAICompatibleProvider({ ...newProvider('ollama'), baseURL: 'http://x.invalid/v1', model: 'm' }, noRetry, refuse).stream({ messages: [{ role: 'user', content: 'x' }] }).catch(() => {});
    const e = new OpenAI.APIConnectionTimeoutError();
    expect(e.name).toBe('Error'); // why the name check alone missed it
    const err = toCopilotError(e, { ...newProvider('openai'), apiKey: 'k' }, true);
    expect(err.kind).toBe('timeout');
    expect(err.retryable).toBe(true);
    expect(err.message).toBe('OpenAI did not answer in time.');
  });
});

describe('a stream cut in the middle', () => {
  it('is an answer cut off (retried), not a provider that could not be reached', async () => {
    const { OpenAICompatibleProvider } = await import('../../../src/ai/client.ts');
    let calls = 0;
    const fetchImpl = (async () => {
      calls++;
      const enc = new TextEncoder();
      return new Response(
        new ReadableStream<Uint8Array>({
          start(c) {
            c.enqueue(enc.encode('data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"a","type":"function","function":{"name":"set_grid_size","arguments":"{\\"wi"}}]}}]}\n\n'));
            c.error(new TypeError('network error'));
          },
        }),
        { status: 200, headers: { 'content-type': 'text/event-stream' } },
      );
    }) as unknown as typeof fetch;
    const retry = { maxRetries: 2, baseMs: 1, capMs: 1, random: () => 0, sleep: async () => {} };
    const p = new OpenAICompatibleProvider({ ...newProvider('ollama'), baseURL: 'http://x.invalid/v1', model: 'm' }, retry, fetchImpl);
    const err = await p.stream({ messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(err.kind).toBe('incomplete');
    expect(err.message).toBe('The answer was cut off: the connection broke off in the middle of the answer. Try again.');
    expect(calls).toBe(3); // tried, then retried twice
  });
});
