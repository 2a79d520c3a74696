// The copilot's turn (no DOM): stream the model, run its tool calls on the turn's DRAFT level, send the
// results back, repeat until it answers without tools or a limit is hit. The draft's edits come back as
// intents for one transaction; a stopped or failed turn leaves the level as it was.
import type { LevelT } from '../core/level/index.ts';
import { applyIntent, applyIntents, gameOfLevel, outcomeIntents, runTool, type Intent, type ToolContext } from '../core/tools/index.ts';
import { modelToolSpecs, modelTools, type ToolSet } from './toolSet.ts';
import type { Usage } from './assembler.ts';
import { CopilotError, cutPromptError, type ChatProvider, type RetryInfo, type WireMessage } from './client.ts';
import { ChatMessage } from './messages.ts';
import { toTurns } from './turns.ts';
import { estimateTokens, levelContext, pendingProposals, rulesPrompt, trimToolResult, windowTurns } from './prompt.ts';
import { isCutPrompt, isShrunkPrompt, requestSize, type Counted, type RequestSize } from './requestSize.ts';
import { parseTextToolCalls, textProtocolPrompt } from './textProtocol.ts';
import { measuredEffect, measuredEffectNote, scoreHistoryText, scoresFromResult, type ScoreEntry } from './scores.ts';
import { levelHash } from '../core/level/index.ts';
import type { Operation } from './operation.ts';

export interface TurnSettings {
  roundLimit: number;
  tokenBudget: number;
  mode: 'native' | 'text';
  /** Switch to the text protocol when the provider refuses `tools` (default true). */
  autoTextFallback?: boolean;
  keepTurns?: number;
  /** Review mode: edits are proposals the designer accepts or declines; the model is told so. */
  applyMode?: 'auto' | 'review';
  /** The tools offered to the model (default full); a call to any registry tool is run either way. */
  toolSet?: ToolSet;
  /** The provider's preset (ollama, lmstudio, …): names the fix when a prompt was cut. */
  preset?: string;
}

/** Appended to each proposed game change, whatever the mode: a change to the game is always reviewed. */
export const GAME_PROPOSAL_NOTE =
  '(Proposed, not applied: a change to the game changes every level of the game, so the designer always reviews it after your answer. Do not say it is done; the element cannot be painted until the designer approves it.)';

/** Appended to each edit result in review mode, so the model never reports a proposal as done. */
export const PROPOSAL_NOTE = '(Proposed, not applied: the designer will accept or decline it after your answer. Do not say it is done.)';

export interface TurnEvents {
  onText?: (delta: string) => void;
  onReasoning?: (delta: string) => void;
  onRoundStart?: (round: number) => void;
  onToolCall?: (call: { id: string; name: string; arguments: string }) => void;
  /** A tool has run: `level` is the draft it ran on, `data` its structured result (analysis figures). */
  onToolResult?: (r: { id: string; name: string; ok: boolean; content: string; kind?: 'edit' | 'read' | 'analysis' | 'game'; data?: unknown; level?: LevelT; args?: Record<string, unknown> }) => void;
  onMessage?: (m: ChatMessage) => void;
  onRetry?: (info: RetryInfo) => void;
}

export type { Operation };

export interface TurnResult {
  status: 'done' | 'stopped' | 'error' | 'round_limit' | 'budget';
  messages: ChatMessage[];
  draft: LevelT;
  intents: Intent[];
  operations: Operation[];
  usage: Usage;
  error?: CopilotError;
  switchedToTextMode?: boolean;
}

export interface TurnInput {
  level: LevelT;
  history: readonly ChatMessage[];
  userText: string;
  provider: ChatProvider;
  ctx?: ToolContext;
  settings: TurnSettings;
  signal?: AbortSignal;
  events?: TurnEvents;
  turnId?: string;
  now?: () => number;
  newId?: () => string;
}

let idSeq = 0;
const defaultId = () => `m${Date.now().toString(36)}${(++idSeq).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export async function runTurn(input: TurnInput): Promise<TurnResult> {
  const { level, provider, settings, signal } = input;
  const toolSet: ToolSet = settings.toolSet ?? 'full';
  const ev = input.events ?? {};
  const now = input.now ?? Date.now;
  const newId = input.newId ?? defaultId;
  const turnId = input.turnId ?? newId();
  let mode = settings.mode;
  const review = settings.applyMode === 'review';
  let switched = false;
  const usage: Usage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };
  const out: ChatMessage[] = [];
  const emit = (m: Omit<ChatMessage, 'id' | 'levelId' | 'turnId' | 'createdAt'>) => {
    const full: ChatMessage = { id: newId(), levelId: level.id, turnId, createdAt: now() + out.length * 1e-3, ...m };
    out.push(full);
    ev.onMessage?.(full);
    return full;
  };
  let draft = level;
  // the tools and the glossary are the level's game's (the same bytes while the game does not change: a game change is a proposal)
  const game = gameOfLevel(level);
  const intents: Intent[] = [];
  const operations: Operation[] = [];
  // the judge's memory: scores of earlier turns, this turn's, and the edits since the last measurement
  const pastScores: ScoreEntry[] = input.history.flatMap((m) => m.scores ?? []);
  const turnScores: ScoreEntry[] = [];
  let editsSince: string[] = [];
  const versionLabel = () => (editsSince.length ? `after ${editsSince.join('; ')}` : pastScores.some((x) => x.hash === levelHash(draft)) || turnScores.length ? 'unchanged' : 'the level as the designer left it');

  emit({ role: 'user', content: input.userText });

  const result = (status: TurnResult['status'], error?: CopilotError): TurnResult => {
    if (status === 'stopped' || status === 'error') {
      // nothing from an interrupted turn reaches the level
      return { status, messages: out, draft: level, intents: [], operations: [], usage, error, switchedToTextMode: switched };
    }
    return { status, messages: out, draft, intents, operations, usage, error, switchedToTextMode: switched };
  };

  // the rules (the same bytes every round: cached with the tools), the conversation so far within the
  // context window, the level's context as it is now, then this turn's messages
  const buildWire = (): WireMessage[] => {
    const earlier = windowTurns(toTurns(input.history, mode), settings.keepTurns ?? 6);
    const current = toTurns(out, mode).flatMap((t) => t.messages);
    const rules = rulesPrompt({ textProtocol: mode === 'text' ? textProtocolPrompt(modelToolSpecs(toolSet, game)) : undefined, review, toolSet, game });
    const context = levelContext(draft, {
      summary: earlier.summary,
      pending: pendingProposals(input.history),
      scoreHistory: scoreHistoryText([...pastScores, ...turnScores], levelHash(draft)),
    });
    return [{ role: 'system', content: rules }, ...earlier.messages, { role: 'user', content: context }, ...current];
  };

  let counted: Counted | undefined; // the previous round's measure and count, to catch a count that shrank
  for (let round = 1; round <= settings.roundLimit; round++) {
    if (signal?.aborted) return stopped();
    ev.onRoundStart?.(round);
    let resp;
    const wire = buildWire();
    const tools = mode === 'native' ? modelTools(toolSet, game) : undefined;
    const sent: RequestSize = { ...requestSize(wire, tools), toolSet, round };
    try {
      resp = await provider.stream({ messages: wire, tools, signal }, { onText: ev.onText, onReasoning: ev.onReasoning, onRetry: ev.onRetry });
    } catch (e) {
      const err = e instanceof CopilotError ? e : new CopilotError('bad_request', (e as Error).message);
      if (err.kind === 'aborted' || signal?.aborted) return stopped();
      if (err.kind === 'context_cut') return cutPrompt(err);
      if (err.kind === 'tools_unsupported' && mode === 'native' && settings.autoTextFallback !== false) {
        mode = 'text';
        switched = true;
        emit({
          role: 'notice',
          content: `${provider.model} does not accept tools here: switched to the text tool protocol for this model.`,
          kind: 'info',
          note: { key: 'chat.note.textMode', params: { model: provider.model } },
        });
        round--; // the refused request does not count as a round
        continue;
      }
      emit({ role: 'notice', content: err.message, kind: 'error', ...(err.key ? { note: { key: err.key, params: err.params } } : {}) });
      return result('error', err);
    }
    if (resp.fallbackFrom?.length) {
      // the designer sees which model answered and why the others did not
      const why = resp.fallbackFrom.map((f) => `${f.model} ${f.reason}`).join('; ');
      emit({
        role: 'notice',
        content: `Answered by ${resp.model}: ${why}.`,
        kind: 'info',
        note: { key: 'chat.note.fallback', params: { model: resp.model }, list: resp.fallbackFrom.map((f) => ({ key: f.reasonKey, params: { model: f.model } })) },
      });
    }
    if (resp.usage && (isCutPrompt(sent, resp.usage.promptTokens) || isShrunkPrompt(counted, sent, resp.usage.promptTokens, resp.usage.cachedTokens))) {
      usage.promptTokens += resp.usage.promptTokens;
      usage.completionTokens += resp.usage.completionTokens;
      usage.totalTokens += resp.usage.totalTokens;
      // the provider kept only part of the prompt (the front goes first: rules and tools): its reply is not acted on
      return cutPrompt(cutPromptError(settings.preset, resp.usage.promptTokens, sent.tokens), { usage: resp.usage, request: sent });
    }
    if (resp.usage) {
      counted = { sent, promptTokens: resp.usage.promptTokens };
      if (resp.usage.cachedTokens) usage.cachedTokens = (usage.cachedTokens ?? 0) + resp.usage.cachedTokens;
      usage.promptTokens += resp.usage.promptTokens;
      usage.completionTokens += resp.usage.completionTokens;
      usage.totalTokens += resp.usage.totalTokens;
    } else {
      // providers that send no usage still count against the budget, by estimate
      const est = estimateTokens(wire) + estimateTokens(resp.text);
      usage.promptTokens += est;
      usage.totalTokens += est;
    }

    const parsed = mode === 'text' ? parseTextToolCalls(resp.text) : null;
    const calls =
      mode === 'native' ? resp.toolCalls : parsed!.calls.map((c, i) => ({ id: `text_${turnId}_${round}_${i}`, name: c.name, arguments: c.arguments }));
    const visible = mode === 'text' ? parsed!.visibleText : resp.text;
    const assistant = emit({
      role: 'assistant',
      content: visible,
      reasoning: resp.reasoning || undefined,
      toolCalls: calls.length ? calls.map((c) => ({ ...c })) : undefined,
      raw: mode === 'text' ? resp.text : undefined,
      usage: resp.usage ?? undefined,
      request: sent,
      model: resp.model,
      mode,
    });
    reportShortAnswer(resp.finishReason, visible, calls.length + (parsed?.errors.length ?? 0), resp.reasoning);
    if (parsed?.errors.length) {
      // unreadable blocks go back to the model like a failed call
      for (const msg of parsed.errors) emit({ role: 'tool', content: `Error: ${msg}`, toolName: 'tool_call', ok: false, toolCallId: 'invalid' });
      if (!calls.length) continue;
    }
    if (!calls.length) {
      finalize(assistant);
      statedEffect();
      return result('done');
    }

    for (const call of calls) {
      if (signal?.aborted) return stopped();
      ev.onToolCall?.(call);
      let outcome: { ok: boolean; content: string; scores?: ScoreEntry[] };
      try {
        outcome = await runCall(call);
      } catch (e) {
        if ((e as Error)?.name === 'AbortError' || signal?.aborted) return stopped();
        throw e;
      }
      const tc = assistant.toolCalls?.find((c) => c.id === call.id);
      if (tc) {
        tc.ok = outcome.ok;
        tc.result = outcome.content;
      }
      emit({ role: 'tool', content: outcome.content, toolCallId: call.id, toolName: call.name, ok: outcome.ok, ...(outcome.scores ? { scores: outcome.scores } : {}) });
    }
    if (usage.totalTokens >= settings.tokenBudget) {
      emit({
        role: 'notice',
        content: `Stopped after ${usage.totalTokens} tokens: the per-turn token budget (${settings.tokenBudget}) is used up.`,
        kind: 'info',
        note: { key: 'chat.note.budget', params: { used: usage.totalTokens, budget: settings.tokenBudget } },
      });
      finalize(assistant);
      return result('budget');
    }
  }
  emit({
    role: 'notice',
    content: `Stopped after ${settings.roundLimit} rounds of tool calls (the round limit in Settings).`,
    kind: 'info',
    note: { key: 'chat.note.rounds', params: { n: settings.roundLimit } },
  });
  const last = [...out].reverse().find((m) => m.role === 'assistant');
  if (last) finalize(last);
  return result('round_limit');

  /** One tool call on the draft: its result text for the model (edits in review mode marked as proposals). */
  async function runCall(call: { id: string; name: string; arguments: string }): Promise<{ ok: boolean; content: string; scores?: ScoreEntry[] }> {
    let args: Record<string, unknown>;
    try {
      args = call.arguments.trim() === '' ? {} : JSON.parse(call.arguments);
    } catch (e) {
      const content = `Error: ${call.name}: the arguments are not valid JSON (${(e as Error).message}). Send a JSON object.`;
      ev.onToolResult?.({ id: call.id, name: call.name, ok: false, content });
      return { ok: false, content };
    }
    const ranOn = draft;
    const r = await runTool(draft, call.name, args, { ...input.ctx, signal }).catch((e: unknown) => {
      if ((e as Error)?.name === 'AbortError') throw e;
      return { ok: false as const, tool: call.name, error: `${call.name}: ${(e as Error).message}` };
    });
    if (!r.ok) {
      const content = `Error: ${r.error}`;
      ev.onToolResult?.({ id: call.id, name: call.name, ok: false, content });
      return { ok: false, content };
    }
    let content = trimToolResult(forModel(r.summary), r.kind === 'analysis' || r.kind === 'read' ? 4000 : 1500);
    if (r.gameChange) {
      // a game change is never applied by the turn: it waits for the designer's review in every mode
      operations.push({ intent: r.gameChange.intent, summary: r.summary });
      content += `\n${GAME_PROPOSAL_NOTE}`;
      ev.onToolResult?.({ id: call.id, name: call.name, ok: true, content, kind: 'game', args: r.gameChange.intent.args });
      return { ok: true, content };
    }
    // analyses and tunings are scored against the version they measured
    const scores = scoresFromResult(call.name, r.data, { before: { hash: levelHash(draft), moves: draft.moves }, after: { hash: levelHash(r.level), moves: r.level.moves } }, {
      before: versionLabel(),
      after: `${call.name}: ${((r.data as { changes?: { text: string }[] } | undefined)?.changes ?? []).map((c) => c.text).join('; ') || 'no change'}`,
    });
    if (scores.length) {
      turnScores.push(...scores);
      editsSince = [];
    }
    // edits, and tuning results, change the draft; their intents become the turn's operations
    const made = outcomeIntents(r);
    if (made.length && !scores.length) editsSince.push(r.summary.replace(/\s+/g, ' ').slice(0, 120));
    if (made.length) {
      // a plain edit's summary is its own; a tuning's operations get the edit's words, not the whole report
      let at = draft;
      for (const intent of made) {
        const step = applyIntent(at, intent);
        const words = step.ok ? step.summary : intent.tool;
        if (step.ok) at = step.level;
        operations.push({ intent, summary: r.kind === 'edit' && made.length === 1 ? r.summary : `${r.tool}: ${words}` });
      }
      draft = r.level;
      intents.push(...made);
      if (review) content += `\n${PROPOSAL_NOTE}`;
    }
    // the data's counts belong to the level it measured: the tuned one when a tuning changed it
    ev.onToolResult?.({ id: call.id, name: call.name, ok: true, content, kind: r.kind, data: r.data, level: made.length && r.kind === 'analysis' ? r.level : ranOn, args: r.intent?.args ?? (args as Record<string, unknown>) });
    return { ok: true, content, ...(scores.length ? { scores } : {}) };
  }

  /** An answer cut off at the output limit, or with no text at all, is said so (never an empty bubble). */
  function reportShortAnswer(finish: string | null, visible: string, nCalls: number, reasoning: string) {
    if (finish === 'length')
      emit({
        role: 'notice',
        content: `The answer was cut off: the model reached its output limit (Max output tokens in Settings).`,
        kind: 'error',
        note: { key: 'chat.note.cutOff' },
      });
    else if (!visible.trim() && !nCalls)
      emit({
        role: 'notice',
        content: reasoning ? 'The model only reasoned and sent no answer. Ask again, or rephrase.' : 'The model sent an empty answer. Ask again, or rephrase.',
        kind: 'error',
        note: { key: reasoning ? 'chat.note.onlyReasoning' : 'chat.note.empty' },
      });
  }

  /** A prompt the provider cut (its context window is smaller): said once, with the provider's fix; nothing applied. */
  function cutPrompt(err: CopilotError, spent?: Pick<ChatMessage, 'usage' | 'request'>): TurnResult {
    // the tokens were spent all the same: the notice carries them (the conversation's totals count them)
    emit({ role: 'notice', content: err.message, kind: 'error', note: { key: err.key ?? 'chat.note.contextCut', params: err.params }, ...spent });
    return result('error', err);
  }

  function stopped(): TurnResult {
    emit({ role: 'notice', content: 'Stopped. The level is as it was before this request.', kind: 'stopped', note: { key: 'chat.note.stopped' } });
    return result('stopped');
  }
  /** After an edit turn measured before and after, the effect in figures (never a claim without them). */
  function statedEffect() {
    if (!intents.length) return;
    const scores = [...pastScores, ...turnScores], start = levelHash(level), end = levelHash(draft);
    const effect = measuredEffect(scores, start, end);
    if (effect) emit({ role: 'notice', content: effect, kind: 'info', note: measuredEffectNote(scores, start, end) ?? undefined });
  }
  /** The turn's last assistant message carries the operations for review and for the log. */
  function finalize(m: ChatMessage) {
    if (operations.length) {
      m.operations = operations.map((o) => ({ intent: o.intent, summary: o.summary }));
      m.applied = 'pending';
    } else m.applied = 'none';
  }
}

/** A result as the model needs it: the simulator's speed is for the designer's report, not for the model (and differs every run). */
function forModel(summary: string): string {
  return summary.replace(/\n- Speed: [^\n]*/g, '');
}

// Review of proposed operations lives in review.ts (light: the page loads it with the chat, the agent on first use).
export { applySelected, reviewNotice, type ApplyOutcome } from './review.ts';
