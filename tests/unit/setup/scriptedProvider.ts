// A model that plays a script, for the copilot's node tests and scripts/bench-copilot.ts: each request is
// answered with the script's next step (a missing step is a test's mistake: it throws), and every request
// is kept as sent (a copy without its abort signal) for the test to read. No network.
import type { ChatProvider, ChatRequest } from '../../../src/ai/client.ts';
import type { Assembled, Usage } from '../../../src/ai/assembler.ts';

/** Made-up usage a step reports unless it says its own (the figures a test of usage can tell apart). */
export const SCRIPTED_USAGE: Usage = { promptTokens: 10, completionTokens: 5, totalTokens: 15 };

export class ScriptedProvider implements ChatProvider {
  requests: ChatRequest[] = [];
  readonly model: string;
  private readonly usage: Usage | null;
  /** `usage`: what each step reports when it names none (null: the provider says nothing of tokens). */
  constructor(
    private steps: Partial<Assembled>[],
    opts: { model?: string; usage?: Usage | null } = {},
  ) {
    this.model = opts.model ?? 'scripted';
    this.usage = opts.usage === undefined ? SCRIPTED_USAGE : opts.usage;
  }
  async stream(req: ChatRequest) {
    this.requests.push(structuredClone({ ...req, signal: undefined }));
    const r = this.steps.shift();
    if (!r) throw new Error('script exhausted');
    return { text: '', reasoning: '', toolCalls: [], finishReason: 'stop', usage: this.usage, ...r, model: this.model };
  }
}

/** A tool call as the model sends it: its arguments as JSON text. */
export const toolCall = (id: string, name: string, args: unknown) => ({ id, name, arguments: JSON.stringify(args) });
