// Streaming chat completions through the openai SDK from the browser, with our own retries, fallback
// models and errors a designer can act on. Keys go only to the configured base URL and never appear in
// an error message.
import type OpenAI from 'openai';

// The SDK is large (most of the copilot's weight): it is loaded on the first request, not with the page.
type Sdk = typeof import('openai');
let sdk: Sdk | null = null;
let sdkLoading: Promise<Sdk> | null = null;
function loadSdk(): Promise<Sdk> {
  sdkLoading ??= import('openai').then(
    (m) => (sdk = m),
    (e) => {
      sdkLoading = null; // try again on the next request (e.g. back online)
      throw e;
    },
  );
  return sdkLoading;
}
import { ToolCallAssembler, StreamIncompleteError, type Assembled, type ChunkLike } from './assembler.ts';
import { presetOf, type ProviderConfig } from './providers.ts';

export type WireMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | {
      role: 'assistant';
      content: string | null;
      reasoning_content?: string;
      tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
    }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface WireTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface ChatRequest {
  messages: WireMessage[];
  tools?: WireTool[];
  signal?: AbortSignal;
  maxTokens?: number;
}

export interface StreamHandlers {
  onText?: (delta: string) => void;
  onReasoning?: (delta: string) => void;
  /** A retry is about to happen (shown as a notice). */
  onRetry?: (info: RetryInfo) => void;
}

export interface RetryInfo {
  attempt: number;
  delayMs: number;
  reason: string;
  model: string;
  /** The reason's catalogue key and parameters. */
  key?: string;
  params?: MessageParams;
}

/** What the agent needs from a provider; tests script their own. */
export interface ChatProvider {
  readonly model: string;
  stream(req: ChatRequest, handlers?: StreamHandlers): Promise<Assembled & { model: string; fallbackFrom?: FallbackNote[] }>;
}

export type CopilotErrorKind =
  | 'config'
  | 'auth'
  | 'quota'
  | 'rate_limit'
  | 'server'
  | 'timeout'
  | 'context'
  /** The provider's context window is smaller than the prompt (it cut it, or refused: LM Studio's n_keep >= n_ctx). */
  | 'context_cut'
  | 'network'
  | 'bad_request'
  | 'tools_unsupported'
  | 'incomplete'
  | 'aborted';

/** Parameters of a message in the designer's language (the catalogue's `err.*` keys). */
export type MessageParams = Record<string, string | number>;

export class CopilotError extends Error {
  override name = 'CopilotError';
  /** The catalogue key and parameters of the same message, so the UI can show it in the designer's language. */
  key?: string;
  params?: MessageParams;
  constructor(
    readonly kind: CopilotErrorKind,
    message: string,
    readonly retryable = false,
    readonly status?: number,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
  withKey(key: string, params: MessageParams = {}): this {
    this.key = key;
    this.params = params;
    return this;
  }
}

const STAINLESS = [
  'X-Stainless-Lang',
  'X-Stainless-Package-Version',
  'X-Stainless-OS',
  'X-Stainless-Arch',
  'X-Stainless-Runtime',
  'X-Stainless-Runtime-Version',
  'X-Stainless-Retry-Count',
  'X-Stainless-Timeout',
  'X-Stainless-Helper-Method',
  'X-Stainless-Poll-Helper',
  'X-Stainless-Custom-Poll-Interval',
];

/** Removes a key (and anything that looks like one) from text that may be shown or logged. */
export function redact(text: string, key?: string): string {
  let out = text;
  if (key && key.length >= 4) out = out.split(key).join('[key]');
  return out.replace(/\b(sk|pk|rk|gsk|xai|AIza)[-_A-Za-z0-9]{12,}/g, '[key]').replace(/Bearer\s+[^\s"']+/gi, 'Bearer [key]');
}

function retryAfterMs(headers: Headers | Record<string, string> | undefined): number | undefined {
  if (!headers) return undefined;
  const get = (k: string) => (headers instanceof Headers ? headers.get(k) : (headers as Record<string, string>)[k]) ?? null;
  const ms = get('retry-after-ms');
  if (ms && Number.isFinite(Number(ms))) return Number(ms);
  const s = get('retry-after');
  if (!s) return undefined;
  if (Number.isFinite(Number(s))) return Number(s) * 1000;
  const at = Date.parse(s);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : undefined;
}

/** Turns whatever the SDK or fetch threw into a CopilotError with a message a designer can act on. */
export function toCopilotError(e: unknown, cfg: Pick<ProviderConfig, 'preset' | 'baseURL' | 'apiKey' | 'model'>, usedTools: boolean): CopilotError {
  if (e instanceof CopilotError) return e;
  const preset = presetOf(cfg.preset);
  const err = e as { status?: number; message?: string; name?: string; headers?: Headers; error?: { message?: string; code?: string; type?: string } };
  const providerMsg = redact(err.error?.message ?? err.message ?? '', cfg.apiKey);
  const said = providerMsg ? ` The provider said: ${providerMsg}` : '';
  const p = { provider: preset.label, model: cfg.model, said, msg: providerMsg ? ` ${providerMsg}` : '' };
  if (err.name === 'AbortError' || err.name === 'APIUserAbortError' || (sdk !== null && e instanceof sdk.default.APIUserAbortError)) return new CopilotError('aborted', 'Stopped.').withKey('err.stopped');
  if (e instanceof StreamIncompleteError) return new CopilotError('incomplete', `The answer was cut off: ${e.message}. Try again.`, true).withKey('err.incomplete', p);
  const status = err.status;
  if (err.name === 'APIConnectionTimeoutError' || (sdk !== null && e instanceof sdk.default.APIConnectionTimeoutError)) return new CopilotError('timeout', `${preset.label} did not answer in time.`, true).withKey('err.timeout', p);
  if (!status && err.error && typeof err.error === 'object' && err.error.message) {
    // an error event inside the stream (e.g. "Overloaded" mid-answer): the provider is reachable but failing
    return new CopilotError('server', `${preset.label} reported an error during the answer.${said}`, true).withKey('err.midStream', p);
  }
  if (!status && (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine === false)
    return new CopilotError('network', 'You are offline: the copilot needs the network. Slash commands (type /help) work offline.', false).withKey('err.offline');
  if (!status) {
    // the provider's own hint in a paragraph of its own, its command in a code span: no punctuation of the
    // sentence can join it
    const hint = preset.corsHint ? `\n\n${preset.corsHint}` : '';
    return new CopilotError(
      'network',
      `Could not reach ${cfg.baseURL || 'the provider'}. In a browser this means one of: the provider refused this page (CORS), it rejected the key without CORS headers, the address is wrong, or you are offline.${hint}`,
      true,
      // the address as an autolink (<…>): no punctuation of the sentence around it can join the link;
      // the hint as a catalogue key ("@…", read in the designer's language by noteText)
    ).withKey('err.network', { url: cfg.baseURL ? `<${cfg.baseURL}>` : '—', hint: preset.corsHintKey ? `@${preset.corsHintKey}` : '' });
  }
  const code = `${err.error?.code ?? ''} ${err.error?.type ?? ''} ${providerMsg}`.toLowerCase();
  const ps = { ...p, status };
  if ((status === 401 || status === 403) && !cfg.apiKey)
    // nothing to reject: no key went out (none given, or one given but not kept after a reload)
    return new CopilotError('auth', `${preset.label} asks for an API key (${status}) and none was sent. Paste the key in Settings.`, false, status).withKey('err.noKeySent', ps);
  if (status === 401 || status === 403)
    return new CopilotError('auth', `${preset.label} rejected the API key (${status}). Check the key in Settings.${said}`, false, status).withKey('err.auth', ps);
  if (status === 402 || code.includes('insufficient_quota') || code.includes('insufficient balance') || code.includes('billing'))
    return new CopilotError('quota', `${preset.label} says the account has no credit or quota left (${status}). Add credit or switch provider in Settings.`, false, status).withKey('err.quota', ps);
  if (status === 429) return new CopilotError('rate_limit', `${preset.label} is rate-limiting requests (429).`, true, status, retryAfterMs(err.headers)).withKey('err.rateLimit', ps);
  if (status === 408) return new CopilotError('timeout', `${preset.label} timed out (408).`, true, status).withKey('err.timeout408', ps);
  if (/n_keep|tokens to keep from the initial prompt/.test(code)) {
    return cutPromptError(cfg.preset);
  }
  if (status >= 500 || /overloaded/.test(code))
    return new CopilotError('server', `${preset.label} had a server error (${status}).${said}`, true, status, retryAfterMs(err.headers)).withKey('err.server', ps);
  if (/context|too long|maximum.*tokens|token limit|too many tokens/.test(code))
    return new CopilotError('context', `The conversation is too long for ${cfg.model}. Trim the history (older turns are summarised) or clear the conversation.`, false, status).withKey('err.context', ps);
  if (status === 400 && usedTools && /tool|function/.test(code))
    return new CopilotError('tools_unsupported', `${cfg.model} does not accept tools; switching to the text tool protocol.`, false, status).withKey('err.toolsUnsupported', ps);
  if (status === 404)
    return new CopilotError('bad_request', `${preset.label} does not know the model "${cfg.model}" or the address is wrong (404).${p.msg}`, false, status).withKey('err.notFound', ps);
  return new CopilotError('bad_request', `${preset.label} refused the request (${status}).${p.msg}`, false, status).withKey('err.refused', ps);
}

/** Why a model was given up, in a few words, for "answered by model-b: model-a was overloaded". */
export function giveUpReason(err: CopilotError): { text: string; key: string } {
  switch (err.kind) {
    case 'rate_limit':
      return { text: 'was rate-limited (429)', key: 'fallback.rateLimit' };
    case 'timeout':
      return { text: 'did not answer in time', key: 'fallback.timeout' };
    case 'network':
      return { text: 'could not be reached', key: 'fallback.network' };
    case 'incomplete':
      return { text: 'cut its answer off', key: 'fallback.incomplete' };
    default:
      return err.status === 503 || err.status === 529 || /overload/i.test(err.message)
        ? { text: 'was overloaded', key: 'fallback.overloaded' }
        : { text: `had a server error${err.status ? ` (${err.status})` : ''}`, key: 'fallback.server' };
  }
}

export interface RetryPolicy {
  /** Retries of the last model (the provider's `Retries` setting overrides it). */
  maxRetries: number;
  baseMs: number;
  capMs: number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
}

export const defaultRetry: RetryPolicy = {
  maxRetries: 3,
  baseMs: 800,
  capMs: 20_000,
  random: Math.random,
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      const t = setTimeout(resolve, ms);
      signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(t);
          reject(Object.assign(new Error('aborted'), { name: 'AbortError' }));
        },
        { once: true },
      );
    }),
};

/** Exponential backoff with full jitter, at least what the server asked for, capped. */
export function backoffMs(attempt: number, p: RetryPolicy, serverMs?: number): number {
  const exp = Math.min(p.capMs, p.baseMs * 2 ** attempt);
  const jittered = exp / 2 + p.random() * (exp / 2);
  return Math.min(p.capMs, Math.max(jittered, serverMs ?? 0));
}

/** What a model that failed before the answering one went through: for the designer and the log. */
export interface FallbackNote {
  model: string;
  reason: string;
  reasonKey: string;
}

export type StreamResult = Assembled & { model: string; fallbackFrom?: FallbackNote[] };

/** A 429 whose Retry-After is at most this is waited out on the same model even when a fallback exists. */
export const SHORT_RETRY_AFTER_MS = 5_000;

export class OpenAICompatibleProvider implements ChatProvider {
  private client: Promise<OpenAI> | null = null;
  private readonly options: ConstructorParameters<typeof OpenAI>[0];
  constructor(
    readonly cfg: ProviderConfig,
    private readonly retry: RetryPolicy = defaultRetry,
    fetchImpl?: typeof fetch,
  ) {
    if (!cfg.baseURL) throw new CopilotError('config', 'Set the provider\'s Base URL in Settings.').withKey('err.noBaseUrl');
    const preset = presetOf(cfg.preset);
    if (preset.needsKey && !cfg.apiKey)
      throw new CopilotError('config', `Paste your ${preset.label} API key in Settings (it stays in this browser).`).withKey('err.noKey', { provider: preset.label });
    const headers: Record<string, string | null> = Object.fromEntries(STAINLESS.map((h) => [h, null]));
    Object.assign(headers, preset.headers ?? {});
    if (!cfg.apiKey) headers.Authorization = null;
    this.options = {
      apiKey: cfg.apiKey || 'no-key',
      baseURL: cfg.baseURL.replace(/\/+$/, ''),
      dangerouslyAllowBrowser: true,
      maxRetries: 0,
      timeout: cfg.timeoutS ? cfg.timeoutS * 1000 : 120_000,
      defaultHeaders: headers as Record<string, string>,
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
    };
  }

  /** The SDK client, made on first use (the settings are checked at once, in the constructor). */
  private sdkClient(): Promise<OpenAI> {
    this.client ??= loadSdk().then(
      (m) => new m.default(this.options),
      (e) => {
        this.client = null;
        throw e;
      },
    );
    return this.client;
  }

  get model() {
    return this.cfg.model;
  }

  private async once(model: string, req: ChatRequest, h: StreamHandlers): Promise<Assembled & { model: string }> {
    const maxTokens = req.maxTokens ?? this.cfg.maxOutputTokens;
    const client = await this.sdkClient();
    const stream = await client.chat.completions.create(
      {
        model,
        messages: req.messages as never,
        stream: true,
        stream_options: { include_usage: true },
        ...(req.tools?.length ? { tools: req.tools as never } : {}),
        // sent only when set: each provider has its own default
        ...(maxTokens ? { max_tokens: maxTokens } : {}),
        ...(this.cfg.temperature !== undefined ? { temperature: this.cfg.temperature } : {}),
      },
      { signal: req.signal },
    );
    const asm = new ToolCallAssembler();
    try {
      for await (const chunk of stream as AsyncIterable<ChunkLike>) {
        const d = asm.push(chunk);
        if (d.text) h.onText?.(d.text);
        if (d.reasoning) h.onReasoning?.(d.reasoning);
      }
    } catch (e) {
      // the provider was reached and had started answering: the connection broke, it was not refused
      if (req.signal?.aborted || (e as Error)?.name === 'AbortError' || (e as Error)?.name === 'APIUserAbortError') throw e;
      throw new StreamIncompleteError('the connection broke off in the middle of the answer');
    }
    return { ...asm.finishStream(), model };
  }

  /**
   * Each model in turn: a retryable failure is retried once on the same model, then the next fallback
   * model is tried at once; the last model gets the configured number of retries with backoff.
   * A 429 that asks for a short wait is waited out on the same model.
   */
  async stream(req: ChatRequest, h: StreamHandlers = {}): Promise<StreamResult> {
    const models = [this.cfg.model, ...this.cfg.fallbackModels.filter((m) => m && m !== this.cfg.model)];
    const lastRetries = this.cfg.retries ?? this.retry.maxRetries;
    const gaveUp: FallbackNote[] = [];
    let last: CopilotError | null = null;
    for (let mi = 0; mi < models.length; mi++) {
      const model = models[mi];
      const isLast = mi === models.length - 1;
      for (let attempt = 0; ; attempt++) {
        try {
          const r = await this.once(model, req, h);
          return gaveUp.length ? { ...r, fallbackFrom: gaveUp } : r;
        } catch (e) {
          const err = toCopilotError(e, { ...this.cfg, model }, !!req.tools?.length);
          if (err.kind === 'aborted' || req.signal?.aborted) throw new CopilotError('aborted', 'Stopped.').withKey('err.stopped');
          last = err;
          if (!err.retryable) throw err;
          const shortWait = err.kind === 'rate_limit' && err.retryAfterMs !== undefined && err.retryAfterMs <= SHORT_RETRY_AFTER_MS;
          const allowed = isLast ? (err.kind === 'network' ? Math.min(1, lastRetries) : lastRetries) : shortWait ? Math.max(1, Math.min(lastRetries, 3)) : Math.min(1, lastRetries);
          if (attempt >= allowed) {
            const why = giveUpReason(err);
            gaveUp.push({ model, reason: why.text, reasonKey: why.key });
            break; // give this model up, try the next one at once
          }
          const delayMs = backoffMs(attempt, this.retry, err.retryAfterMs);
          h.onRetry?.({ attempt: attempt + 1, delayMs, reason: err.message, model, key: err.key, params: err.params });
          await this.retry.sleep(delayMs, req.signal);
        }
      }
    }
    throw last ?? new CopilotError('server', 'No model answered.');
  }
}

export interface ConnectionReport {
  reachable: boolean;
  keyAccepted: boolean;
  toolsSupported: boolean;
  streamingSupported: boolean;
  message: string;
  /** The message as a catalogue key and parameters, for the designer's language. */
  note?: { key: string; params?: MessageParams };
}

/** One tiny request with one tool: reachable, key accepted, tools supported, streaming supported. */
export async function testConnection(cfg: ProviderConfig, fetchImpl?: typeof fetch): Promise<ConnectionReport> {
  const report: ConnectionReport = { reachable: false, keyAccepted: false, toolsSupported: false, streamingSupported: false, message: '' };
  let provider: OpenAICompatibleProvider;
  try {
    provider = new OpenAICompatibleProvider({ ...cfg, fallbackModels: [], retries: 0 }, { ...defaultRetry, maxRetries: 0 }, fetchImpl);
  } catch (e) {
    report.message = (e as Error).message;
    const ce = e as CopilotError;
    if (ce.key) report.note = { key: ce.key, params: ce.params };
    return report;
  }
  const tool: WireTool = {
    type: 'function',
    function: { name: 'ping', description: 'Answer the connection test.', parameters: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } },
  };
  try {
    const r = await provider.stream({ messages: [{ role: 'user', content: 'Connection test: call the ping tool with ok=true.' }], tools: [tool], maxTokens: 64 });
    report.reachable = report.keyAccepted = report.streamingSupported = true;
    report.toolsSupported = r.toolCalls.some((c) => c.name === 'ping');
    report.message = report.toolsSupported ? 'Connected: key accepted, streaming and tools work.' : 'Connected and streaming, but the model did not call the test tool: the text tool protocol will be used if needed.';
    report.note = { key: report.toolsSupported ? 'conn.ok' : 'conn.noToolCall' };
  } catch (e) {
    const err = e as CopilotError;
    report.reachable = err.kind !== 'network';
    report.keyAccepted = report.reachable && err.kind !== 'auth';
    if (err.kind === 'tools_unsupported') {
      report.streamingSupported = true;
      report.message = 'Connected, but this model refuses tools: the copilot will use the text tool protocol.';
      report.note = { key: 'conn.toolsRefused' };
    } else {
      report.message = err.message;
      if (err.key) report.note = { key: err.key, params: err.params };
    }
  }
  return report;
}

/** The fix for a provider whose window was too small, in English (the note's key gives the designer's language). */
const FIX: Record<string, { text: string; key: string }> = {
  ollama: {
    text: 'Ollama keeps 4,096 tokens of context by default: start it with OLLAMA_CONTEXT_LENGTH=16384 (for example `OLLAMA_CONTEXT_LENGTH=16384 ollama serve`) or set num_ctx in a Modelfile',
    key: 'chat.note.contextCut.ollama',
  },
  lmstudio: { text: 'In LM Studio, load the model again with a larger context length (for example 16384)', key: 'chat.note.contextCut.lmstudio' },
};
const OTHER = { text: 'Choose a model or server with a larger context window', key: 'chat.note.contextCut.other' };

/**
 * The error of a cut prompt: the cause (the provider's context window), the fix for that provider,
 * the compact tool set as the other way out, and that nothing from the reply was applied.
 * `got`/`sent` absent: the server refused outright (LM Studio's `n_keep >= n_ctx`).
 */
export function cutPromptError(preset: string | undefined, got?: number, sent?: number): CopilotError {
  const fix = FIX[preset ?? ''] ?? OTHER;
  const why =
    got !== undefined && sent !== undefined
      ? `The provider read only ${got} prompt tokens of about ${sent} sent: its context window is smaller than the prompt, so it dropped the start (the rules and the tools).`
      : 'The prompt does not fit the model\'s context window (n_keep >= n_ctx).';
  return new CopilotError('context_cut', `${why} Nothing from this reply was applied. ${fix.text}, or use the compact tool set (Settings, Tool set).`, false).withKey(got !== undefined && sent !== undefined ? fix.key : `${fix.key}.refused`, { got: got ?? 0, sent: sent ?? 0 });
}
