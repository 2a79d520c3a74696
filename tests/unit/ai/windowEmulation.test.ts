// The scripted server's emulation of a local server's context window (issue 33): it measures each request
// with the studio's estimate and answers as Ollama (a cut prompt, HTTP 200, only usage.prompt_tokens shows
// it) or LM Studio (400, n_keep >= n_ctx) are documented to. Checked over real HTTP with the studio's client.
import { describe, expect, it } from 'vitest';
import { measure, type Reply, type Window } from '../../mock-llm/server.ts';
import { OpenAICompatibleProvider, CopilotError, defaultRetry, type StreamResult } from '../../../src/ai/client.ts';
import type { ProviderConfig } from '../../../src/ai/providers.ts';
import { requestSize } from '../../../src/ai/requestSize.ts';
import type { WireMessage } from '../../../src/ai/client.ts';
import { useMockLlm } from '../setup/mockLlm.ts';

const llm = useMockLlm('sk-window');

/** A prompt of `chars` characters in all (the system prompt padded). */
function prompt(chars: number): WireMessage[] {
  const user: WireMessage = { role: 'user', content: 'hi' };
  const rest = JSON.stringify([user]).length;
  return [{ role: 'system', content: 'x'.repeat(chars - rest) }, user];
}

describe('measure', () => {
  it('uses the studio estimate (characters / 4 of tools, system prompt and messages) and fits up to the window', () => {
    const w: Window = { tokens: 2048, kind: 'ollama' };
    expect(measure({ messages: prompt(8192) }, w)).toMatchObject({ tokens: 2048, outcome: 'fits', promptTokens: 2048 });
    expect(measure({ messages: prompt(8193) }, w)).toMatchObject({ tokens: 2049, outcome: 'cut', promptTokens: 1024 });
    const tools = [{ type: 'function', function: { name: 'a', parameters: {} } }];
    expect(measure({ messages: prompt(400), tools }, w).tokens).toBe(requestSize(prompt(400), tools as never).tokens);
    // a tokenizer that counts 3 characters a token: the same prompt no longer fits
    expect(measure({ messages: prompt(8000) }, { ...w, charsPerToken: 3 })).toMatchObject({ tokens: 2667, outcome: 'cut', promptTokens: 1024 });
  });

  it('Ollama keeps half its window of a longer prompt unless told; LM Studio refuses it', () => {
    expect(measure({ messages: prompt(40_000) }, { tokens: 4096, kind: 'ollama' })).toMatchObject({ outcome: 'cut', promptTokens: 2048 });
    expect(measure({ messages: prompt(40_000) }, { tokens: 4096, kind: 'ollama', keep: 4000 })).toMatchObject({ outcome: 'cut', promptTokens: 4000 });
    const lm = measure({ messages: prompt(40_000) }, { tokens: 4096, kind: 'lmstudio' });
    expect(lm.outcome).toBe('refused');
    expect(lm.promptTokens).toBeUndefined();
  });
});

const setup = (replies: Reply[], window: Window) => llm.script(replies, { preset: window.kind, cfg: { model: 'local' }, window });
const ask = (cfg: ProviderConfig, messages: WireMessage[]) =>
  new OpenAICompatibleProvider(cfg, { ...defaultRetry, sleep: async () => {} }).stream({ messages }, {}) as Promise<StreamResult>;

describe('over HTTP, as the studio reads it', () => {
  it('Ollama: a prompt that fits reports its estimate; a longer one is answered (200) with the kept count, the scripted reply served', async () => {
    const { cfg, key } = await setup(
      [{ type: 'text', text: 'fits', promptTokens: 7 }, { type: 'tool_calls', calls: [{ name: 'set_level', arguments: { moves: 3 } }] }],
      { tokens: 2048, kind: 'ollama' },
    );
    const small = await ask(cfg, prompt(4000));
    expect(small.text).toBe('fits');
    expect(small.usage?.promptTokens).toBe(1000); // the measure, not the script's 7
    const big = await ask(cfg, prompt(12_000));
    expect(big.toolCalls).toHaveLength(1);
    expect(big.usage?.promptTokens).toBe(1024);
    const seen = await llm.requests<{ measured: { outcome: string; tokens: number } }>(key);
    expect(seen.map((r) => [r.measured.outcome, r.measured.tokens])).toEqual([['fits', 1000], ['cut', 3000]]);
  });

  it('LM Studio: a longer prompt is refused with n_keep >= n_ctx, which the studio names as a cut prompt; the script waits', async () => {
    const { cfg } = await setup([{ type: 'text', text: 'after' }], { tokens: 2048, kind: 'lmstudio' });
    const err = await ask(cfg, prompt(12_000)).catch((e) => e);
    expect(err).toBeInstanceOf(CopilotError);
    expect(err).toMatchObject({ kind: 'context_cut', key: 'chat.note.contextCut.lmstudio.refused' });
    expect((await ask(cfg, prompt(4000))).text).toBe('after');
  });
});
