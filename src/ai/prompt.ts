// The system prompt (rules and the terms the tools share), the level's context after it, and the conversation window that fits the
// model's context: the last turns verbatim, older turns folded into a running summary.
import type { LevelT } from '../core/level/index.ts';
import { renderLevelState } from '../core/level/state.ts';
import { warningsOf } from '../core/sim/checks.ts';
import type { WireMessage } from './client.ts';
import type { ChatMessage } from './messages.ts';
import { glossary } from './glossary.ts';
import { analyzeLevel, tuneLevel } from '../core/tools/heads.ts';
import type { GameDef } from '../core/game/types.ts';

/** Said to the model in review mode: its edits are proposals, not changes. */
export const REVIEW_RULE =
  'Apply mode: AFTER REVIEW. Your edit tools do not change the level: each edit is a PROPOSAL that the designer will accept or decline after your answer. ' +
  'Never say an edit is done or describe the board as changed; say what you propose (for example "I propose 3 changes: …"). ' +
  'The level in the [Studio] message includes your proposals of this request so far, so that you can check them with the tools.';

/** Proposals of earlier requests that the designer has not decided yet, one line each. */
export function pendingProposals(history: readonly ChatMessage[]): string[] {
  return history
    .filter((m) => m.applied === 'pending' && m.operations?.length)
    .map((m) => m.operations!.map((o, i) => `${i + 1}. ${o.summary}`).join(' '));
}

/**
 * The system prompt: the same bytes every round and every turn while the settings (review mode, tool
 * protocol, tool set) and the level's game do not change, so providers can cache it with the tools before it. What changes —
 * the level, its warnings, the scores, waiting proposals, the summary — is `levelContext`, sent after it.
 */
export function rulesPrompt(opts: { textProtocol?: string; review?: boolean; toolSet?: 'full' | 'compact'; game?: GameDef; layout?: boolean } = {}): string {
  return [
    'You are the copilot of a match-3 level studio: edit the level only through the tools and answer briefly, in the user\'s language. ' +
      'Prefer region tools; after a tool error, fix the arguments and retry. ' +
      'Difficulty claims (win rates, "easy", "harder") must come from analysis or tuning tool results of this conversation, quoted with their 95% interval. ' +
      'Every win rate is a bot\'s ("the average bot wins 61%"), never a player\'s. Claims about players\' pass rates come only from a "Players (a prediction from the studio\'s calibration …)" line in a tool result, as predictions with their interval. ' +
      `For a goal ("about 30% for an average player") call ${tuneLevel.name} (or edit, then ${analyzeLevel.name}) and end measured in the band, or say the closest you got and why; ` +
      'after difficulty edits state before → after with intervals.',
    glossary(opts.toolSet, opts.game, opts.layout ?? opts.game?.version === 2),
    opts.review ? REVIEW_RULE : '',
    opts.textProtocol ? `\n${opts.textProtocol}` : '',
  ]
    .filter((s) => s !== '')
    .join('\n');
}

/** What changes from round to round: the level (with this request's edits so far), warnings, scores, waiting proposals, older turns. */
export function levelContext(level: LevelT, opts: { summary?: string; pending?: string[]; scoreHistory?: string } = {}): string {
  const warnings = warningsOf(level);
  return [
    // the level in its compact form (core/level/state.ts): the glossary says the coordinates and values once
    '[Studio] Current level ' + renderLevelState(level),
    warnings.length ? 'Warnings: ' + warnings.map((w) => w.message).join('; ') : 'Warnings: none.',
    opts.pending?.length
      ? '\nEarlier proposals still waiting for the designer (NOT applied; the level above does not include them):\n' + opts.pending.map((p) => `- ${p}`).join('\n')
      : '',
    opts.scoreHistory ? `\n${opts.scoreHistory}` : '',
    opts.summary ? `\nSummary of the earlier conversation:\n${opts.summary}` : '',
  ]
    .filter((s) => s !== '')
    .join('\n');
}

/** Everything the model is told besides the conversation, as one text (rules, then the level's context). */
export function systemPrompt(level: LevelT, opts: { textProtocol?: string; summary?: string; review?: boolean; pending?: string[]; scoreHistory?: string; game?: GameDef } = {}): string {
  return rulesPrompt(opts) + '\n\n' + levelContext(level, opts);
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
  const summary = foldSummary(older.map(turnFacts));
  return { messages: recent.flatMap((t) => t.messages).map(strip), summary };
}

/** The running summary's size limit, in characters: it is folded again whenever it grows past this. */
export const SUMMARY_BUDGET = 2400;

/** What one older turn contributes to the summary, sorted by what must survive folding. */
export interface TurnFacts {
  request: string;
  tools: string[];
  /** Applied / declined proposals, from the studio's notes to the model. */
  decisions: string[];
  /** Measured figures (win rates, difficulty) from analysis results. */
  figures: string[];
  answer: string;
}

const text = (c: unknown) => (typeof c === 'string' ? c : '');
const clip = (s: string, n: number) => (s.length <= n ? s : s.slice(0, Math.max(0, n - 1)) + '…');

export function turnFacts(t: Turn): TurnFacts {
  const users = t.messages.filter((m) => m.role === 'user').map((m) => text(m.content));
  const request = users.find((u) => !u.startsWith('[Studio]') && !u.startsWith('<tool_response')) ?? '';
  const decisions = users.filter((u) => u.startsWith('[Studio]')).map((u) => u.replace(/^\[Studio\]\s*/, '').replace(/\s+/g, ' '));
  const tools = t.messages
    .filter((m): m is Extract<WireMessage, { role: 'assistant' }> => m.role === 'assistant')
    .flatMap((m) => m.tool_calls?.map((c) => c.function.name) ?? []);
  const results = [...t.messages.filter((m) => m.role === 'tool').map((m) => text(m.content)), ...users.filter((u) => u.startsWith('<tool_response'))];
  const figures = results.flatMap((r) => {
    const out: string[] = [];
    for (const m of r.matchAll(/win rate[^0-9\n]*(\d+(?:\.\d+)?%)/gi)) out.push(`win rate ${m[1]}`);
    const diff = r.match(/→\s*(easy|medium|hard|very hard|extreme|impossible)|Difficulty[^*\n]*\*\*([a-z ]+)\*\*/i);
    if (diff) out.push(diff[1] ?? diff[2]);
    return out.slice(0, 3);
  });
  const answer = text([...t.messages].reverse().find((m) => m.role === 'assistant' && m.content)?.content);
  return { request, tools, decisions, figures, answer };
}

/**
 * Older turns as one summary within SUMMARY_BUDGET characters. Each fold keeps decisions and figures
 * first: full lines; then lines without the model's answers; then only decisions and figures; then the
 * oldest lines are dropped (counted), the newest kept.
 */
export function foldSummary(turns: readonly TurnFacts[], budget = SUMMARY_BUDGET): string {
  const line = (f: TurnFacts, level: 0 | 1 | 2) => {
    const parts: string[] = [];
    if (level < 2) parts.push(`User: ${clip(f.request, level === 0 ? 160 : 80)}`);
    if (level < 2 && f.tools.length) parts.push(`tools: ${[...new Set(f.tools)].join(', ')}`);
    if (f.figures.length) parts.push(`measured: ${[...new Set(f.figures)].join(', ')}`);
    if (f.decisions.length) parts.push(`decided: ${clip(f.decisions.join(' '), level === 0 ? 300 : 200)}`);
    if (level === 0 && f.answer) parts.push(`answer: ${clip(f.answer, 160)}`);
    return parts.length ? `- ${parts.join(' → ')}` : '';
  };
  const fits = (lines: string[]) => lines.join('\n').length <= budget;
  for (const level of [0, 1] as const) {
    const lines = turns.map((f) => line(f, level)).filter(Boolean);
    if (fits(lines)) return lines.join('\n');
  }
  // over budget: every turn's decisions and figures first (oldest dropped only if even those do not fit),
  // then the newest turns get their request and tools back while there is room
  const room = budget - 100; // leaves room for the "left out" line
  const level: (1 | 2 | null)[] = turns.map((f) => (f.decisions.length || f.figures.length ? 2 : null));
  const len = (i: number, l: 1 | 2 | null) => (l === null ? 0 : line(turns[i], l).length + 1);
  let size = level.reduce<number>((a, l, i) => a + len(i, l), 0);
  for (let i = 0; i < turns.length && size > room; i++) {
    size -= len(i, level[i]);
    level[i] = null;
  }
  for (let i = turns.length - 1; i >= 0; i--) {
    const grown = size - len(i, level[i]) + len(i, 1);
    if (grown > room) break;
    size = grown;
    level[i] = 1;
  }
  const omitted = level.filter((l) => l === null).length;
  const lines = level.flatMap((l, i) => (l === null ? [] : [line(turns[i], l)]));
  return [omitted ? `- (${omitted} earlier requests left out: nothing was decided or measured in them)` : '', ...lines].filter(Boolean).join('\n');
}
