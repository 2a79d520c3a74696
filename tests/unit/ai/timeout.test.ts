// Found while injecting "a provider that never answers": the SDK's timeout error is named "Error",
// so it was reported as "Could not reach … (CORS) … or you are offline" and never retried.
import { describe, expect, it } from 'vitest';
import OpenAI from 'openai';
import { toCopilotError } from '../../../src/ai/client.ts';
import { newProvider } from '../../../src/ai/providers.ts';

describe('a provider that never answers', () => {
  it('is a timeout (retried), not a connection refused', () => {
    const e = new OpenAI.APIConnectionTimeoutError();
    expect(e.name).toBe('Error'); // why the name check alone missed it
    const err = toCopilotError(e, { ...newProvider('openai'), apiKey: 'k' }, true);
    expect(err.kind).toBe('timeout');
    expect(err.retryable).toBe(true);
    expect(err.message).toBe('OpenAI did not answer in time.');
  });
});
