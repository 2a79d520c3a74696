// The scripted OpenAI-compatible server (tests/mock-llm/server.ts) for node tests that talk to it over
// real HTTP with the studio's client: started on a free port before a file's tests and closed after them.
// Each script goes under a key of its own, so the tests of a file never read each other's requests.
import { afterAll, beforeAll } from 'vitest';
import { startMockLlm, type Reply, type Window } from '../../mock-llm/server.ts';
import { newProvider, type ProviderConfig } from '../../../src/ai/providers.ts';

export interface MockLlm {
  /** The server's address (`http://127.0.0.1:<port>`), once it has started. */
  readonly base: string;
  /**
   * Queues `replies` under a new key (`<prefix>-<n>-abcdefghijklmnop`) and returns the key with a provider
   * pointed at the server with it: the `preset`'s defaults (openai unless given), then `cfg`. With `window`,
   * the server emulates a local server's context window for that key.
   */
  script(replies: Reply[], opts?: { preset?: string; cfg?: Partial<ProviderConfig>; window?: Window }): Promise<{ key: string; cfg: ProviderConfig }>;
  /** What the server received under a key, in order. */
  requests<T>(key: string): Promise<T[]>;
}

/** Starts the server for this test file; `keyPrefix` names the file's keys (`sk-test`, `sk-prov`, …). */
export function useMockLlm(keyPrefix: string): MockLlm {
  let server: { close: () => Promise<void>; port: number } | null = null;
  let n = 0;
  beforeAll(async () => {
    server = await startMockLlm(0);
  });
  afterAll(() => server?.close());
  const llm: MockLlm = {
    get base() {
      if (!server) throw new Error('the mock server has not started (useMockLlm runs it for the tests of a file)');
      return `http://127.0.0.1:${server.port}`;
    },
    async script(replies, opts = {}) {
      const key = `${keyPrefix}-${++n}-abcdefghijklmnop`;
      const r = await fetch(`${llm.base}/__script`, { method: 'POST', body: JSON.stringify({ key, replies, ...(opts.window ? { window: opts.window } : {}) }) });
      if (!r.ok) throw new Error(`the mock server refused the script: HTTP ${r.status}`);
      const cfg: ProviderConfig = { ...newProvider(opts.preset ?? 'openai'), baseURL: `${llm.base}/v1`, apiKey: key, ...opts.cfg };
      return { key, cfg };
    },
    async requests<T>(key: string) {
      return (await (await fetch(`${llm.base}/__requests?key=${encodeURIComponent(key)}`)).json()) as T[];
    },
  };
  return llm;
}
