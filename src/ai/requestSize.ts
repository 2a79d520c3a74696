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

/** A round's measure and the prompt tokens the provider counted for it, to compare with the next round. */
export interface Counted {
  sent: RequestSize;
  promptTokens: number;
}

/**
 * A later round of a turn carries the earlier round's prompt and more, so an honest tokenizer's count per
 * estimated token stays about the same from round to round. When it falls well below the previous
 * round's (under 85% of it), the provider dropped part of the prompt: Ollama keeping half of its window
 * of a prompt that has just outgrown it, where the count alone (at or over 60% of the studio's estimate,
 * because the model's tokenizer counts more than characters / 4) looks honest. Replies that report cached
 * tokens are not judged this way (a provider may count those apart), nor placeholder counts.
 */
export const SHRINK_RATIO = 0.85;
export function isShrunkPrompt(prev: Counted | undefined, sent: RequestSize, promptTokens: number, cachedTokens?: number): boolean {
  if (!prev || cachedTokens || promptTokens < MIN_KEPT || prev.promptTokens < MIN_KEPT || !sent.tokens || !prev.sent.tokens) return false;
  return promptTokens / sent.tokens < SHRINK_RATIO * (prev.promptTokens / prev.sent.tokens);
}
