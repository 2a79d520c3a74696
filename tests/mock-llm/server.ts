// A scripted OpenAI-compatible server for tests, on 127.0.0.1 only. Each test uses its own API key;
// replies for that key are queued with POST /__script and served in order by /v1/chat/completions as
// SSE streams. Its CORS preflight allows only authorization, content-type and the Anthropic header,
// as strict providers do, so a client that sends x-stainless-* headers fails here as it would there.
//   npx tsx tests/mock-llm/server.ts --port 4010
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { requestSize, type RequestSize } from '../../src/ai/requestSize.ts';

/** How a text reply is laid out on the wire, as different providers stream it. */
export interface TextShape {
  /** `string` (default); `mistral_parts`: content as [{type: "thinking", thinking: [{type: "text"}]}, {type: "text"}] parts. */
  content?: 'string' | 'mistral_parts';
  /** Where the reasoning goes: `reasoning_content` (DeepSeek, default) or `reasoning` (OpenRouter, Groq). */
  reasoningField?: 'reasoning_content' | 'reasoning';
  /** Where usage goes: a final `usage` chunk (default), Groq's `x_groq.usage`, or nowhere. */
  usage?: 'standard' | 'x_groq' | 'none';
  /** The finish reason of the last chunk: `stop` (default) or `length` (cut off at max_tokens). */
  finish?: 'stop' | 'length';
}

/** The usage it reports: prompt tokens (default 120; a local server with a small window reports what it kept) and cached ones. */
export interface UsageShape {
  promptTokens?: number;
  cachedTokens?: number;
}

export type Reply =
  /**
   * `hold`: after its text the stream stays open, unfinished, until the client goes (Stop): the answer
   * cannot end before a test's click, however fast or busy the machine (issue 30).
   */
  | ({ type: 'text'; text: string; reasoning?: string; chunkSize?: number; delayMs?: number; headerDelayMs?: number; hold?: boolean } & TextShape & UsageShape)
  | ({ type: 'tool_calls'; calls: { name: string; arguments: unknown }[]; text?: string } & UsageShape)
  | { type: 'error'; status: number; message?: string; code?: string; headers?: Record<string, string> }
  | { type: 'no_finish'; text: string }
  /** Some text, then an error event inside the stream (e.g. "Overloaded"), as providers do mid-answer. */
  | { type: 'stream_error'; text: string; message: string }
  // faults: the connection dropped in the middle of a tool call's arguments; a provider that never answers
  | { type: 'cut_mid_tool'; name: string; partialArguments: string; text?: string }
  | { type: 'never_answer' };

/**
 * An emulated local server's context window (issue 33), set per key with the script: the server measures
 * each request it receives with the studio's own estimate (`requestSize`: characters / 4 of the tools'
 * JSON, the system prompt and the other messages' JSON — no tokenizer is at hand) and answers as the
 * documented server would at that window. This is an emulation of documented behaviour, not the servers:
 * - `ollama`: its OpenAI-compatible endpoint cannot raise the window per request; a longer prompt is
 *   answered (HTTP 200) after the front of the prompt is dropped, and only `usage.prompt_tokens` shows it:
 *   the server reports `keep` tokens (default half the window) and serves the script's next reply, which
 *   the model would have written without the rules and tools. A prompt that fits reports its estimate.
 * - `lmstudio`: a longer prompt is refused, 400 `n_keep >= n_ctx`, and the script's next reply waits.
 * Either way the scripted `promptTokens` is replaced by what the emulated server reports.
 */
export interface Window {
  tokens: number;
  kind: 'ollama' | 'lmstudio';
  /** Ollama: prompt tokens it keeps of a longer prompt (default half the window). */
  keep?: number;
  /**
   * Characters a token for the server's count (default 4: the studio's estimate). Below 4 it stands for a
   * model's tokenizer that counts JSON higher than the studio does, as real ones do.
   */
  charsPerToken?: number;
}

/** What the server measured of a request under an emulated window, kept with the request for tests. */
export interface Measured extends RequestSize {
  window: number;
  kind: Window['kind'];
  outcome: 'fits' | 'cut' | 'refused';
  /** What the emulated server reports in `usage.prompt_tokens` (absent when it refused). */
  promptTokens?: number;
}

interface Session {
  queue: Reply[];
  requests: unknown[];
  window?: Window;
}

const sessions = new Map<string, Session>();
const session = (key: string) => {
  let s = sessions.get(key);
  if (!s) sessions.set(key, (s = { queue: [], requests: [] }));
  return s;
};

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'authorization, content-type, anthropic-dangerous-direct-browser-access',
  'Access-Control-Max-Age': '60',
};

async function body(req: IncomingMessage): Promise<string> {
  let s = '';
  for await (const c of req) s += c;
  return s;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const USAGE = { prompt_tokens: 120, completion_tokens: 30, total_tokens: 150 };
function usageOf(u: UsageShape) {
  if (u.promptTokens === undefined && u.cachedTokens === undefined) return USAGE;
  const prompt = u.promptTokens ?? USAGE.prompt_tokens;
  return { prompt_tokens: prompt, completion_tokens: 30, total_tokens: prompt + 30, ...(u.cachedTokens ? { prompt_tokens_details: { cached_tokens: u.cachedTokens } } : {}) };
}

async function stream(res: ServerResponse, reply: Reply, model: string) {
  if (reply.type === 'text' && reply.headerDelayMs) await sleep(reply.headerDelayMs);
  if (res.destroyed) return;
  res.writeHead(200, { ...CORS, 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
  const send = (obj: unknown) => res.write(`data: ${JSON.stringify(obj)}\n\n`);
  const chunk = (delta: unknown, finish: string | null = null, extra: Record<string, unknown> = {}) => ({
    id: 'chatcmpl-mock',
    object: 'chat.completion.chunk',
    created: 0,
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
    ...extra,
  });
  if (reply.type === 'stream_error') {
    send(chunk({ role: 'assistant', content: reply.text }));
    send({ error: { message: reply.message, type: 'overloaded_error' } });
    return res.end();
  }
  if (reply.type === 'text' || reply.type === 'no_finish') {
    const shape: TextShape = reply.type === 'text' ? reply : {};
    const parts = shape.content === 'mistral_parts';
    if (reply.type === 'text' && reply.reasoning) {
      if (parts) send(chunk({ role: 'assistant', content: [{ type: 'thinking', thinking: [{ type: 'text', text: reply.reasoning }] }] }));
      else send(chunk({ role: 'assistant', [shape.reasoningField ?? 'reasoning_content']: reply.reasoning }));
    }
    const size = (reply.type === 'text' && reply.chunkSize) || 12;
    for (let i = 0; i < reply.text.length; i += size) {
      if (res.destroyed) return;
      const piece = reply.text.slice(i, i + size);
      send(chunk({ content: parts ? [{ type: 'text', text: piece }] : piece }));
      if (reply.type === 'text' && reply.delayMs) await sleep(reply.delayMs);
    }
    if (reply.type === 'no_finish') return res.end();
    if (reply.type === 'text' && reply.hold) return; // open until the client goes
    if (shape.usage === 'x_groq') {
      send(chunk({}, shape.finish ?? 'stop', { x_groq: { id: 'req_mock', usage: USAGE } }));
      res.write('data: [DONE]\n\n');
      return res.end();
    }
    send(chunk({}, shape.finish ?? 'stop'));
    if (shape.usage === 'none') {
      res.write('data: [DONE]\n\n');
      return res.end();
    }
  } else if (reply.type === 'tool_calls') {
    if (reply.text) send(chunk({ role: 'assistant', content: reply.text }));
    reply.calls.forEach((c, index) => {
      const args = typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments);
      const id = `call_${Math.random().toString(36).slice(2, 10)}`;
      send(chunk({ tool_calls: [{ index, id, type: 'function', function: { name: c.name, arguments: '' } }] }));
      // arguments arrive in pieces, as real providers send them
      for (let i = 0; i < args.length; i += 7) send(chunk({ tool_calls: [{ index, function: { arguments: args.slice(i, i + 7) } }] }));
    });
    send(chunk({}, 'tool_calls'));
  }
  const usage = reply.type === 'text' || reply.type === 'tool_calls' ? usageOf(reply) : USAGE;
  res.write(`data: ${JSON.stringify({ id: 'chatcmpl-mock', object: 'chat.completion.chunk', created: 0, model, choices: [], usage })}\n\n`);
  res.write('data: [DONE]\n\n');
  res.end();
}

/** Measures a request as the emulated server at `w` would, and says what it does with it. */
export function measure(payload: { messages?: { role: string; content: unknown }[]; tools?: unknown[] }, w: Window): Measured {
  const studio = requestSize((payload.messages ?? []) as Parameters<typeof requestSize>[0], payload.tools as Parameters<typeof requestSize>[1]);
  const size = w.charsPerToken ? { ...studio, tokens: Math.ceil((studio.toolsChars + studio.systemChars + studio.messagesChars) / w.charsPerToken) } : studio;
  const base = { ...size, window: w.tokens, kind: w.kind };
  if (size.tokens <= w.tokens) return { ...base, outcome: 'fits', promptTokens: size.tokens };
  if (w.kind === 'lmstudio') return { ...base, outcome: 'refused' };
  return { ...base, outcome: 'cut', promptTokens: w.keep ?? Math.floor(w.tokens / 2) };
}

/** Starts a tool call, sends part of its arguments, then drops the connection. */
function cutMidTool(res: ServerResponse, reply: Extract<Reply, { type: 'cut_mid_tool' }>, model: string) {
  res.writeHead(200, { ...CORS, 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  const chunk = (delta: unknown) => ({ id: 'chatcmpl-mock', object: 'chat.completion.chunk', created: 0, model, choices: [{ index: 0, delta, finish_reason: null }] });
  if (reply.text) res.write(`data: ${JSON.stringify(chunk({ role: 'assistant', content: reply.text }))}\n\n`);
  res.write(`data: ${JSON.stringify(chunk({ tool_calls: [{ index: 0, id: 'call_cut', type: 'function', function: { name: reply.name, arguments: reply.partialArguments } }] }))}\n\n`);
  setTimeout(() => res.destroy(), 50);
}

export function startMockLlm(port: number) {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'OPTIONS') {
      const asked = (req.headers['access-control-request-headers'] ?? '').toString().toLowerCase().split(',').map((s) => s.trim()).filter(Boolean);
      const allowed = CORS['Access-Control-Allow-Headers'].split(', ');
      const refused = asked.filter((h) => !allowed.includes(h));
      if (refused.length) {
        // a strict provider: the preflight fails and the browser never sends the request
        res.writeHead(403, { 'Content-Type': 'text/plain' });
        return res.end(`headers not allowed: ${refused.join(', ')}`);
      }
      res.writeHead(204, CORS);
      return res.end();
    }
    if (url.pathname === '/__script' && req.method === 'POST') {
      const { key, replies, window } = JSON.parse(await body(req)) as { key: string; replies: Reply[]; window?: Window };
      session(key).queue.push(...replies);
      if (window) session(key).window = window;
      res.writeHead(200, { ...CORS, 'Content-Type': 'application/json' });
      return res.end('{"ok":true}');
    }
    if (url.pathname === '/__requests') {
      const key = url.searchParams.get('key') ?? '';
      res.writeHead(200, { ...CORS, 'Content-Type': 'application/json' });
      return res.end(JSON.stringify(session(key).requests));
    }
    if (url.pathname.endsWith('/chat/completions') && req.method === 'POST') {
      const auth = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
      const payload = JSON.parse(await body(req));
      const s = session(auth);
      const measured = s.window ? measure(payload, s.window) : undefined;
      s.requests.push({ headers: req.headers, body: payload, ...(measured ? { measured } : {}) });
      if (auth === 'sk-bad' || auth === '') {
        res.writeHead(401, { ...CORS, 'Content-Type': 'application/json' });
        return res.end(JSON.stringify({ error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' } }));
      }
      if (measured?.outcome === 'refused') {
        // LM Studio's refusal of a prompt longer than the loaded context length
        res.writeHead(400, { ...CORS, 'Content-Type': 'application/json' });
        const message = `The number of tokens to keep from the initial prompt is greater than the context length (n_keep: ${measured.tokens} >= n_ctx: ${measured.window}). Try to load the model with a larger context length, or provide a shorter input.`;
        return res.end(JSON.stringify({ error: { message, type: 'invalid_request_error', code: null } }));
      }
      const next: Reply = s.queue.shift() ?? { type: 'text', text: 'I am the mock model; nothing is scripted for this key.' };
      const reply: Reply = measured && (next.type === 'text' || next.type === 'tool_calls') ? { ...next, promptTokens: measured.promptTokens } : next;
      if (reply.type === 'error') {
        res.writeHead(reply.status, { ...CORS, 'Access-Control-Expose-Headers': 'retry-after, retry-after-ms', 'Content-Type': 'application/json', ...(reply.headers ?? {}) });
        return res.end(JSON.stringify({ error: { message: reply.message ?? `mock error ${reply.status}`, code: reply.code ?? null, type: 'mock' } }));
      }
      if (reply.type === 'never_answer') return; // the socket stays open, nothing is ever written
      if (reply.type === 'cut_mid_tool') return cutMidTool(res, reply, payload.model ?? 'mock-model');
      return stream(res, reply, payload.model ?? 'mock-model');
    }
    res.writeHead(404, CORS);
    res.end();
  });
  return new Promise<{ close: () => Promise<void>; port: number }>((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const addr = server.address();
      resolve({ port: typeof addr === 'object' && addr ? addr.port : port, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

// run directly: npx tsx tests/mock-llm/server.ts --port 4010
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const i = process.argv.indexOf('--port');
  const port = Number(i >= 0 ? process.argv[i + 1] : process.env.MOCK_LLM_PORT ?? 4010);
  startMockLlm(port).then(({ port: p }) => console.log(`mock LLM on http://127.0.0.1:${p}/v1`));
}
