// The system prompt (registry + the current level as text) and the conversation window that fits the
// model's context: the last turns verbatim, older turns folded into a running summary.
import { BOARD_LEGEND, renderLevelText, type LevelT } from '../core/level/index.ts';
import { warningsOf } from '../core/sim/checks.ts';
import type { WireMessage } from './client.ts';

export function systemPrompt(level: LevelT, opts: { textProtocol?: string; summary?: string } = {}): string {
  const warnings = warningsOf(level);
  return [
    'You are the copilot of a match-3 level studio. The designer describes what they want; you change the level with the tools and answer briefly.',
    'Rules: edits go through the tools only (never describe JSON for the user to paste). Prefer region tools over many single-cell calls. ' +
      'Coordinates: x = column from the left, y = row from the top, both from 0; regions are inclusive and corners can be in any order. ' +
      'When asked how hard a level is, or to check an edit, call analyze_level (or deep_analyze / get_bottleneck) and report the figures it returns — never invent figures. ' +
      'If a tool returns an error, read it, fix the arguments and try again. Answer in the language the user writes in.',
    '',
    'Current level:',
    renderLevelText(level),
    BOARD_LEGEND,
    warnings.length ? 'Warnings: ' + warnings.map((w) => w.message).join('; ') : 'Warnings: none.',
    opts.summary ? `\nSummary of the earlier conversation:\n${opts.summary}` : '',
    opts.textProtocol ? `\n${opts.textProtocol}` : '',
  ]
    .filter((s) => s !== '')
    .join('\n');
}

/** A rough token count (about four characters a token), enough to keep within a budget. */
export function estimateTokens(x: string | WireMessage[]): number {
  const s = typeof x === 'string' ? x : x.map((m) => (m.content ?? '') + JSON.stringify((m as { tool_calls?: unknown }).tool_calls ?? '')).join('');
  return Math.ceil(s.length / 4);
}

/** Tool results are trimmed to what the model needs. */
export function trimToolResult(text: string, max = 1500): string {
  return text.length <= max ? text : text.slice(0, max) + `\n… (${text.length - max} more characters trimmed)`;
}

export interface Turn {
  messages: WireMessage[];
}

/**
 * Keeps the last `keep` turns verbatim; earlier turns become one summary line each (the user's request
 * and what was done), so long conversations stay within the context. Reasoning is dropped from earlier turns.
 */
export function windowTurns(turns: Turn[], keep = 6, maxTokens = 24_000): { messages: WireMessage[]; summary: string } {
  const strip = (m: WireMessage): WireMessage => {
    if (m.role === 'assistant') {
      const { reasoning_content: _r, ...rest } = m;
      return rest;
    }
    if (m.role === 'tool') return { ...m, content: trimToolResult(m.content, 600) };
    return m;
  };
  let recent = keep > 0 ? turns.slice(-keep) : [];
  let older = keep > 0 ? turns.slice(0, -keep) : turns;
  // shrink the window further while it is over the token budget
  while (recent.length > 1 && estimateTokens(recent.flatMap((t) => t.messages)) > maxTokens) {
    older = [...older, recent[0]];
    recent = recent.slice(1);
  }
  const summary = older
    .map((t) => {
      const user = t.messages.find((m) => m.role === 'user')?.content ?? '';
      const done = t.messages
        .filter((m): m is Extract<WireMessage, { role: 'assistant' }> => m.role === 'assistant')
        .flatMap((m) => m.tool_calls?.map((c) => c.function.name) ?? []);
      const answer = [...t.messages].reverse().find((m) => m.role === 'assistant' && m.content)?.content ?? '';
      return `- User: ${String(user).slice(0, 160)}${done.length ? ` → tools: ${done.join(', ')}` : ''}${answer ? ` → answer: ${String(answer).slice(0, 160)}` : ''}`;
    })
    .join('\n');
  return { messages: recent.flatMap((t) => t.messages).map(strip), summary };
}
