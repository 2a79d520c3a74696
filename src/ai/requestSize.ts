// How big each request is (the studio's measure of what it sends: characters, and tokens estimated as
// characters / 4), and what it means when the provider says it read far fewer prompt tokens: a local
// server with a small context window dropped the front of the prompt — the rules and the tools.
import type { WireMessage, WireTool } from './client.ts';

export interface RequestSize {
  /** Characters of the tools (the JSON sent), the system prompt, and the other messages (as JSON). */
  toolsChars: number;
  systemChars: number;
  messagesChars: number;
  /** The whole request's estimated tokens. */
  tokens: number;
  toolSet?: 'full' | 'compact';
  round?: number;
}

/** The studio's token estimate: about four characters a token (JSON and English alike, roughly). */
export const charsToTokens = (chars: number) => Math.ceil(chars / 4);

export function requestSize(messages: readonly WireMessage[], tools?: readonly WireTool[]): RequestSize {
  const [first, ...rest] = messages;
  const system = first?.role === 'system' ? first.content : '';
  const toolsChars = tools?.length ? JSON.stringify(tools).length : 0;
  const messagesChars = JSON.stringify(first?.role === 'system' ? rest : messages).length;
  return { toolsChars, systemChars: system.length, messagesChars, tokens: charsToTokens(toolsChars + system.length + messagesChars) };
}

/**
 * A prompt was cut when the provider counted well under what was sent: under 60% of the estimate
 * (real tokenizers count JSON and English at or above characters / 4, so an honest count is not that
 * far below), for prompts big enough that the estimate means something. A count under 256 is not
 * taken for a cut: no server keeps that little (Ollama keeps at least half of its window, 1,024
 * tokens or more), so it is a placeholder (scripted servers, proxies that make usage up).
 */
export const CUT_RATIO = 0.6;
export const MIN_KEPT = 256;
export function isCutPrompt(sent: RequestSize, promptTokens: number): boolean {
  return promptTokens >= MIN_KEPT && sent.tokens >= 1000 && promptTokens < sent.tokens * CUT_RATIO;
}
