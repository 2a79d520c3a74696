// A tolerant assembler for streamed chat-completion chunks. Real providers differ: arguments split over
// many chunks, parallel calls, `index` missing (Gemini), a whole call in one delta without index or type
// (Mistral, Groq), indexes from 1 (Anthropic compat), continuation deltas with `id: ""` (Qwen), every
// call at index 0 told apart only by new ids (Ollama), `""` arguments, usage in odd places, reasoning
// deltas. Deltas are matched by non-empty id, then index, then the last open call; calls are only
// finalised when the stream ends, and a stream that ends without finish_reason is an error.
// Content may also arrive as an array of parts (Mistral's reasoning models: `thinking` parts go to the
// reasoning, `text` parts to the answer), and usage in a provider's own block (Groq's `x_groq.usage`,
// or on the choice itself).

export interface Usage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  /** Prompt tokens the provider read from its prompt cache, where it says (OpenAI, DeepSeek, Gemini, …). */
  cachedTokens?: number;
}

export interface AssembledCall {
  id: string;
  name: string;
  /** The raw argument text as sent ("" becomes "{}"). */
  arguments: string;
}

export interface Assembled {
  text: string;
  reasoning: string;
  toolCalls: AssembledCall[];
  finishReason: string | null;
  usage: Usage | null;
  model: string | null;
}

interface Open {
  id: string;
  index: number | null;
  name: string;
  args: string;
}

interface ToolCallDelta {
  index?: number | null;
  id?: string | null;
  type?: string | null;
  function?: { name?: string | null; arguments?: string | null } | null;
}

type UsageLike = {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
  /** OpenAI, Gemini, Groq, …: cached prompt tokens. */
  prompt_tokens_details?: { cached_tokens?: number } | null;
  /** DeepSeek. */
  prompt_cache_hit_tokens?: number;
} | null;

export interface ChunkLike {
  model?: string | null;
  choices?: { index?: number; delta?: Record<string, unknown> | null; finish_reason?: string | null; usage?: UsageLike }[] | null;
  usage?: UsageLike;
  x_groq?: { usage?: UsageLike } | null;
}

/** One part of an array-shaped `content`: `{type: "text", text}` or `{type: "thinking", thinking: [...]}`. */
interface ContentPart {
  type?: string;
  text?: unknown;
  thinking?: unknown;
  content?: unknown;
}

/** Splits `content` (a string, a part, or an array of parts) into answer text and reasoning. */
export function contentText(content: unknown): { text: string; reasoning: string } {
  if (content == null) return { text: '', reasoning: '' };
  if (typeof content === 'string') return { text: content, reasoning: '' };
  const parts = Array.isArray(content) ? content : [content];
  let text = '',
    reasoning = '';
  for (const raw of parts) {
    if (typeof raw === 'string') {
      text += raw;
      continue;
    }
    if (!raw || typeof raw !== 'object') continue;
    const part = raw as ContentPart;
    if (part.type === 'thinking' || part.type === 'reasoning') {
      // the thinking itself is text or a list of text parts; all of it is reasoning
      const inner = contentText(part.thinking ?? part.text ?? part.content);
      reasoning += inner.text + inner.reasoning;
    } else if (typeof part.text === 'string') text += part.text;
    else if (part.content !== undefined) {
      const inner = contentText(part.content);
      text += inner.text;
      reasoning += inner.reasoning;
    }
    // other part types (images, references) carry no text for the answer
  }
  return { text, reasoning };
}

/** A reasoning delta may be a string or parts too (OpenRouter `reasoning_details`). */
function reasoningText(r: unknown): string {
  if (r == null) return '';
  if (typeof r === 'string') return r;
  const c = contentText(r);
  return c.text + c.reasoning;
}

export class StreamIncompleteError extends Error {
  override name = 'StreamIncompleteError';
}

export class ToolCallAssembler {
  private calls: Open[] = [];
  private text = '';
  private reasoning = '';
  private finish: string | null = null;
  private usage: Usage | null = null;
  private model: string | null = null;
  private generated = 0;

  /** Feeds one chunk; returns the text and reasoning it added (for live display). */
  push(chunk: ChunkLike): { text: string; reasoning: string } {
    if (chunk.model) this.model = chunk.model;
    this.takeUsage(chunk.usage ?? chunk.x_groq?.usage);
    let text = '',
      reasoning = '';
    for (const choice of chunk.choices ?? []) {
      if ((choice.index ?? 0) !== 0) continue; // we ask for one choice
      const d = (choice.delta ?? {}) as {
        content?: unknown;
        reasoning_content?: unknown;
        reasoning?: unknown;
        tool_calls?: ToolCallDelta[] | null;
      };
      const c = contentText(d.content);
      text += c.text;
      reasoning += c.reasoning + reasoningText(d.reasoning_content ?? d.reasoning);
      for (const tc of d.tool_calls ?? []) this.pushCall(tc);
      this.takeUsage(choice.usage);
      if (choice.finish_reason) this.finish = choice.finish_reason;
    }
    this.text += text;
    this.reasoning += reasoning;
    return { text, reasoning };
  }

  private takeUsage(u: UsageLike | undefined) {
    if (!u || typeof u !== 'object') return;
    const prompt = Number(u.prompt_tokens) || 0,
      completion = Number(u.completion_tokens) || 0;
    if (!prompt && !completion && !u.total_tokens) return;
    const cached = Number(u.prompt_tokens_details?.cached_tokens ?? u.prompt_cache_hit_tokens) || 0;
    this.usage = { promptTokens: prompt, completionTokens: completion, totalTokens: Number(u.total_tokens) || prompt + completion, ...(cached > 0 ? { cachedTokens: cached } : {}) };
  }

  private pushCall(tc: ToolCallDelta) {
    const id = typeof tc.id === 'string' && tc.id !== '' ? tc.id : null;
    const index = typeof tc.index === 'number' ? tc.index : null;
    const name = tc.function?.name ?? '';
    const args = tc.function?.arguments ?? '';
    let call: Open | undefined;
    if (id) {
      call = this.calls.find((c) => c.id === id);
      if (!call) {
        // a new id is a new call, even at an index already used (Ollama puts every call at 0)
        call = { id, index, name: '', args: '' };
        this.calls.push(call);
      }
    } else if (index !== null) {
      // the most recent call at this index (ids may repeat the index)
      call = [...this.calls].reverse().find((c) => c.index === index);
      if (!call || (name && call.name && call.args && isCompleteJson(call.args))) {
        call = { id: '', index, name: '', args: '' };
        this.calls.push(call);
      }
    } else {
      // no id, no index: a continuation of the last call, unless this delta starts a new one
      call = this.calls.at(-1);
      if (!call || (name && call.name)) {
        call = { id: '', index: null, name: '', args: '' };
        this.calls.push(call);
      }
    }
    // most providers send the name once; some repeat it whole, a few split it
    if (name) call.name = !call.name || name.startsWith(call.name) ? name : call.name === name ? call.name : call.name + name;
    call.args += args;
  }

  /** Finalises at the end of the stream. */
  finishStream(): Assembled {
    const hasContent = this.text.length > 0 || this.calls.length > 0 || this.reasoning.length > 0;
    if (this.finish === null && !hasContent) throw new StreamIncompleteError('the provider closed the stream without an answer');
    if (this.finish === null) throw new StreamIncompleteError('the stream ended before the model finished (no finish_reason); the answer may be cut off');
    const toolCalls = this.calls
      .filter((c) => c.name)
      .map((c) => ({ id: c.id || `call_${++this.generated}_${Date.now().toString(36)}`, name: c.name, arguments: c.args.trim() === '' ? '{}' : c.args }));
    return { text: this.text, reasoning: this.reasoning, toolCalls, finishReason: this.finish, usage: this.usage, model: this.model };
  }
}

function isCompleteJson(s: string): boolean {
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
}
