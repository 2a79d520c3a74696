// A 401/403 to a request that carried no key is not "the provider rejected the key" (issue 23).
import { describe, expect, it } from 'vitest';
import { toCopilotError } from '../../../src/ai/client.ts';
import { catalogs } from '../../../src/i18n/catalog/index.ts';

const custom = { preset: 'custom', baseURL: 'http://127.0.0.1:9/v1', model: 'm' };
const refused = { status: 401, error: { message: 'Incorrect API key provided.', code: 'invalid_api_key' } };

describe('a provider that refuses a request sent without a key', () => {
  it('says no key was sent, not that the key was rejected, and does not repeat the provider blaming a key', () => {
    for (const status of [401, 403]) {
      const e = toCopilotError({ ...refused, status }, { ...custom, apiKey: undefined }, false);
      expect(e.kind).toBe('auth');
      expect(e.key).toBe('err.noKeySent');
      expect(e.message).toBe(`Custom (OpenAI-compatible) asks for an API key (${status}) and none was sent. Paste the key in Settings.`);
      expect(e.message).not.toMatch(/rejected|Incorrect/);
    }
  });

  it('with a key sent, a 401 is still the key being rejected', () => {
    const e = toCopilotError(refused, { ...custom, apiKey: 'sk-something-long-enough' }, false);
    expect(e.key).toBe('err.auth');
    expect(e.message).toMatch(/rejected the API key \(401\)/);
  });

  it('the new strings exist in both languages', () => {
    for (const k of ['err.noKeySent', 'key.refused']) {
      expect(catalogs.en[k]).toMatch(/\{provider\}.*\{status\}/);
      expect(catalogs.zh[k]).toMatch(/\{provider\}.*\{status\}/);
    }
  });
});
