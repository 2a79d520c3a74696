// The copilot's turn (no DOM): stream the model, run its tool calls on the turn's DRAFT level, send the
// results back, repeat until it answers without tools or a limit is hit. The draft's edits come back as
// intents for one transaction; a stopped or failed turn leaves the level as it was.
import type { LevelT } from '../core/level/index.ts';
import { applyIntent, gameOfLevel, heldIntents, outcomeIntents, runTool, type Intent, type ToolContext, type ToolOutcome } from '../core/tools/index.ts';
import type { GameDef } from '../core/game/types.ts';
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

type Call = { id: string; name: string; arguments: string };
type CallOutcome = { ok: boolean; content: string; scores?: ScoreEntry[] };
type Reply = Awaited<ReturnType<ChatProvider['stream']>>;
/** What one round's request came to: the reply, or the turn's end, or a request to send again (the text protocol). */
type Asked = { reply: Reply; wire: WireMessage[]; sent: RequestSize } | { end: TurnResult } | { again: true };

export async function runTurn(input: TurnInput): Promise<TurnResult> {
  return new Turn(input).run();
}

/** One turn's state — the draft, its intents and operations, the scores, the usage — and its named steps. */
class Turn {
  private readonly settings: TurnSettings;
  private readonly signal?: AbortSignal;
  private readonly toolSet: ToolSet;
  private readonly ev: TurnEvents;
  private readonly now: () => number;
  private readonly newId: () => string;
  private readonly turnId: string;
  private readonly review: boolean;
  // the tools and the glossary are the level's game's (the same bytes while the game does not change: a game change is a proposal)
  private readonly game: GameDef | undefined;
  /** The board-layout tools are offered: the level or its game is version 2 (decided at the turn's start, so every round sends the same tools). */
  private readonly layout: boolean;
  private mode: 'native' | 'text';
  private switched = false;
  private readonly usage: Usage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };
  private readonly out: ChatMessage[] = [];
  private draft: LevelT;
  private readonly intents: Intent[] = [];
  private readonly operations: Operation[] = [];
  // the judge's memory: scores of earlier turns, this turn's, and the edits since the last measurement
  private readonly pastScores: ScoreEntry[];
  private readonly turnScores: ScoreEntry[] = [];
  private editsSince: string[] = [];
  /** The previous round's measure and count, to catch a count that shrank. */
  private counted: Counted | undefined;

  constructor(private readonly input: TurnInput) {
    this.settings = input.settings;
    this.signal = input.signal;
    this.toolSet = input.settings.toolSet ?? 'full';
    this.ev = input.events ?? {};
    this.now = input.now ?? Date.now;
    this.newId = input.newId ?? defaultId;
    this.turnId = input.turnId ?? this.newId();
    this.mode = input.settings.mode;
    this.review = input.settings.applyMode === 'review';
    this.draft = input.level;
    this.game = gameOfLevel(input.level);
    // (as core/level/layout.ts's layoutToolsOn says, without loading the layout's checks with the agent)
    this.layout = (input.level as { version?: number }).version === 2 || this.game?.version === 2;
    this.pastScores = input.history.flatMap((m) => m.scores ?? []);
  }

  async run(): Promise<TurnResult> {
    this.emit({ role: 'user', content: this.input.userText });
    for (let round = 1; round <= this.settings.roundLimit; round++) {
      if (this.signal?.aborted) return this.stopped();
      this.ev.onRoundStart?.(round);
      const asked = await this.ask(round);
      if ('again' in asked) {
        round--; // the refused request does not count as a round
        continue;
      }
      if ('end' in asked) return asked.end;
      const end = await this.answer(asked, round);
      if (end) return end;
    }
    return this.roundLimitReached();
  }

  private emit(m: Omit<ChatMessage, 'id' | 'levelId' | 'turnId' | 'createdAt'>): ChatMessage {
    const full: ChatMessage = { id: this.newId(), levelId: this.input.level.id, turnId: this.turnId, createdAt: this.now() + this.out.length * 1e-3, ...m };
    this.out.push(full);
    this.ev.onMessage?.(full);
    return full;
  }

  private result(status: TurnResult['status'], error?: CopilotError): TurnResult {
    const { out: messages, usage, switched: switchedToTextMode } = this;
    // nothing from an interrupted turn reaches the level
    if (status === 'stopped' || status === 'error') return { status, messages, draft: this.input.level, intents: [], operations: [], usage, error, switchedToTextMode };
    return { status, messages, draft: this.draft, intents: this.intents, operations: this.operations, usage, error, switchedToTextMode };
  }

  /**
   * The rules (the same bytes every round: cached with the tools), the conversation so far within the
   * context window, the level's context as it is now, then this turn's messages.
   */
  private buildWire(): WireMessage[] {
    const { input, mode, toolSet, game, layout } = this;
    const earlier = windowTurns(toTurns(input.history, mode), this.settings.keepTurns ?? 6);
    const current = toTurns(this.out, mode).flatMap((t) => t.messages);
    const rules = rulesPrompt({ textProtocol: mode === 'text' ? textProtocolPrompt(modelToolSpecs(toolSet, game, layout)) : undefined, review: this.review, toolSet, game, layout });
    const context = levelContext(this.draft, {
      summary: earlier.summary,
      pending: pendingProposals(input.history),
      scoreHistory: scoreHistoryText([...this.pastScores, ...this.turnScores], levelHash(this.draft)),
    });
    return [{ role: 'system', content: rules }, ...earlier.messages, { role: 'user', content: context }, ...current];
  }

  /** One round's request, streamed; a refusal of `tools` switches to the text protocol and asks again. */
  private async ask(round: number): Promise<Asked> {
    const wire = this.buildWire();
    const tools = this.mode === 'native' ? modelTools(this.toolSet, this.game, this.layout) : undefined;
    const sent: RequestSize = { ...requestSize(wire, tools), toolSet: this.toolSet, round };
    const { onText, onReasoning, onRetry } = this.ev;
    try {
      return { reply: await this.input.provider.stream({ messages: wire, tools, signal: this.signal }, { onText, onReasoning, onRetry }), wire, sent };
    } catch (e) {
      const err = e instanceof CopilotError ? e : new CopilotError('bad_request', (e as Error).message);
      if (err.kind === 'aborted' || this.signal?.aborted) return { end: this.stopped() };
      if (err.kind === 'context_cut') return { end: this.cutPrompt(err) };
      if (err.kind === 'tools_unsupported' && this.mode === 'native' && this.settings.autoTextFallback !== false) return this.switchToText();
      this.emit({ role: 'notice', content: err.message, kind: 'error', ...(err.key ? { note: { key: err.key, params: err.params } } : {}) });
      return { end: this.result('error', err) };
    }
  }

  private switchToText(): Asked {
    const model = this.input.provider.model;
    this.mode = 'text';
    this.switched = true;
    this.emit({
      role: 'notice',
      content: `${model} does not accept tools here: switched to the text tool protocol for this model.`,
      kind: 'info',
      note: { key: 'chat.note.textMode', params: { model } },
    });
    return { again: true };
  }

  /** A round's reply: counted, said, and its tool calls run; the turn's end when it ends here. */
  private async answer({ reply, wire, sent }: { reply: Reply; wire: WireMessage[]; sent: RequestSize }, round: number): Promise<TurnResult | undefined> {
    this.noteFallback(reply);
    const cut = this.count(reply, wire, sent);
    if (cut) return cut;
    const { mode } = this;
    const parsed = mode === 'text' ? parseTextToolCalls(reply.text) : null;
    const calls: Call[] = parsed ? parsed.calls.map((c, i) => ({ id: `text_${this.turnId}_${round}_${i}`, name: c.name, arguments: c.arguments })) : reply.toolCalls;
    const visible = parsed ? parsed.visibleText : reply.text;
    const assistant = this.emit({
      role: 'assistant',
      content: visible,
      reasoning: reply.reasoning || undefined,
      toolCalls: calls.length ? calls.map((c) => ({ ...c })) : undefined,
      raw: mode === 'text' ? reply.text : undefined,
      usage: reply.usage ?? undefined,
      request: sent,
      model: reply.model,
      mode,
    });
    this.reportShortAnswer(reply.finishReason, visible, calls.length + (parsed?.errors.length ?? 0), reply.reasoning);
    if (parsed?.errors.length) {
      // unreadable blocks go back to the model like a failed call
      for (const msg of parsed.errors) this.emit({ role: 'tool', content: `Error: ${msg}`, toolName: 'tool_call', ok: false, toolCallId: 'invalid' });
      if (!calls.length) return undefined;
    }
    if (!calls.length) {
      this.finalize(assistant);
      this.statedEffect();
      return this.result('done');
    }
    return (await this.runCalls(assistant, calls)) ?? this.overBudget(assistant);
  }

  /** The designer sees which model answered and why the others did not. */
  private noteFallback(reply: Reply) {
    if (!reply.fallbackFrom?.length) return;
    const why = reply.fallbackFrom.map((f) => `${f.model} ${f.reason}`).join('; ');
    this.emit({
      role: 'notice',
      content: `Answered by ${reply.model}: ${why}.`,
      kind: 'info',
      note: { key: 'chat.note.fallback', params: { model: reply.model }, list: reply.fallbackFrom.map((f) => ({ key: f.reasonKey, params: { model: f.model } })) },
    });
  }

  /** The reply's tokens join the turn's usage; a prompt the provider cut ends the turn (its reply is not acted on). */
  private count(reply: Reply, wire: WireMessage[], sent: RequestSize): TurnResult | undefined {
    const { usage } = this;
    const u = reply.usage;
    if (!u) {
      // providers that send no usage still count against the budget, by estimate
      const est = estimateTokens(wire) + estimateTokens(reply.text);
      usage.promptTokens += est;
      usage.totalTokens += est;
      return undefined;
    }
    const cut = isCutPrompt(sent, u.promptTokens) || isShrunkPrompt(this.counted, sent, u.promptTokens, u.cachedTokens);
    if (!cut) {
      this.counted = { sent, promptTokens: u.promptTokens };
      if (u.cachedTokens) usage.cachedTokens = (usage.cachedTokens ?? 0) + u.cachedTokens;
    }
    usage.promptTokens += u.promptTokens;
    usage.completionTokens += u.completionTokens;
    usage.totalTokens += u.totalTokens;
    // the provider kept only part of the prompt (the front goes first: rules and tools)
    return cut ? this.cutPrompt(cutPromptError(this.settings.preset, u.promptTokens, sent.tokens), { usage: u, request: sent }) : undefined;
  }

  /** The round's calls in order, each result back to the model as a tool message; the turn's end if it was stopped. */
  private async runCalls(assistant: ChatMessage, calls: readonly Call[]): Promise<TurnResult | undefined> {
    for (const call of calls) {
      if (this.signal?.aborted) return this.stopped();
      this.ev.onToolCall?.(call);
      let outcome: CallOutcome;
      try {
        outcome = await this.runCall(call);
      } catch (e) {
        if ((e as Error)?.name === 'AbortError' || this.signal?.aborted) return this.stopped();
        throw e;
      }
      const tc = assistant.toolCalls?.find((c) => c.id === call.id);
      if (tc) {
        tc.ok = outcome.ok;
        tc.result = outcome.content;
      }
      this.emit({ role: 'tool', content: outcome.content, toolCallId: call.id, toolName: call.name, ok: outcome.ok, ...(outcome.scores ? { scores: outcome.scores } : {}) });
    }
    return undefined;
  }

  private overBudget(assistant: ChatMessage): TurnResult | undefined {
    const { usage, settings } = this;
    if (usage.totalTokens < settings.tokenBudget) return undefined;
    this.emit({
      role: 'notice',
      content: `Stopped after ${usage.totalTokens} tokens: the per-turn token budget (${settings.tokenBudget}) is used up.`,
      kind: 'info',
      note: { key: 'chat.note.budget', params: { used: usage.totalTokens, budget: settings.tokenBudget } },
    });
    this.finalize(assistant);
    return this.result('budget');
  }

  private roundLimitReached(): TurnResult {
    const n = this.settings.roundLimit;
    this.emit({ role: 'notice', content: `Stopped after ${n} rounds of tool calls (the round limit in Settings).`, kind: 'info', note: { key: 'chat.note.rounds', params: { n } } });
    const last = [...this.out].reverse().find((m) => m.role === 'assistant');
    if (last) this.finalize(last);
    return this.result('round_limit');
  }

  /** One tool call on the draft: its result text for the model (edits in review mode marked as proposals). */
  private async runCall(call: Call): Promise<CallOutcome> {
    const refused = (content: string): CallOutcome => {
      this.ev.onToolResult?.({ id: call.id, name: call.name, ok: false, content });
      return { ok: false, content };
    };
    let args: Record<string, unknown>;
    try {
      args = call.arguments.trim() === '' ? {} : JSON.parse(call.arguments);
    } catch (e) {
      return refused(`Error: ${call.name}: the arguments are not valid JSON (${(e as Error).message}). Send a JSON object.`);
    }
    const ranOn = this.draft;
    const r = await runTool(ranOn, call.name, args, { ...this.input.ctx, signal: this.signal }).catch((e: unknown): ToolOutcome => {
      if ((e as Error)?.name === 'AbortError') throw e;
      return { ok: false, tool: call.name, error: `${call.name}: ${(e as Error).message}` };
    });
    if (!r.ok) return refused(`Error: ${r.error}`);
    let content = trimToolResult(forModel(r.summary), r.kind === 'analysis' || r.kind === 'read' ? 4000 : 1500);
    if (r.gameChange) {
      // a game change is never applied by the turn: it waits for the designer's review in every mode
      this.operations.push({ intent: r.gameChange.intent, summary: r.summary });
      content += `\n${GAME_PROPOSAL_NOTE}`;
      this.ev.onToolResult?.({ id: call.id, name: call.name, ok: true, content, kind: 'game', args: r.gameChange.intent.args });
      return { ok: true, content };
    }
    const scores = this.scored(call.name, r);
    const made = this.landEdits(r, scores.length > 0);
    if (made.length && this.review) content += `\n${PROPOSAL_NOTE}`;
    if (this.proposeGameChanges(r)) content += `\n${GAME_PROPOSAL_NOTE}`;
    // the data's counts belong to the level it measured: the tuned one when a tuning changed it
    this.ev.onToolResult?.({ id: call.id, name: call.name, ok: true, content, kind: r.kind, data: r.data, level: made.length && r.kind === 'analysis' ? r.level : ranOn, args: r.intent?.args ?? args });
    return { ok: true, content, ...(scores.length ? { scores } : {}) };
  }

  /** Analyses and tunings are scored against the version they measured. */
  private scored(tool: string, r: Extract<ToolOutcome, { ok: true }>): ScoreEntry[] {
    const { draft } = this;
    const changes = (r.data as { changes?: { text: string }[] } | undefined)?.changes ?? [];
    const scores = scoresFromResult(tool, r.data, { before: { hash: levelHash(draft), moves: draft.moves }, after: { hash: levelHash(r.level), moves: r.level.moves } }, {
      before: this.versionLabel(),
      after: `${tool}: ${changes.map((c) => c.text).join('; ') || 'no change'}`,
    });
    if (scores.length) {
      this.turnScores.push(...scores);
      this.editsSince = [];
    }
    return scores;
  }

  private versionLabel(): string {
    if (this.editsSince.length) return `after ${this.editsSince.join('; ')}`;
    return this.pastScores.some((x) => x.hash === levelHash(this.draft)) || this.turnScores.length ? 'unchanged' : 'the level as the designer left it';
  }

  /** Edits, and tuning results, change the draft; their intents become the turn's operations. */
  private landEdits(r: Extract<ToolOutcome, { ok: true }>, scored: boolean): Intent[] {
    const made = outcomeIntents(r);
    if (!made.length) return made;
    if (!scored) this.editsSince.push(r.summary.replace(/\s+/g, ' ').slice(0, 120));
    // a plain edit's summary is its own; a tuning's operations get the edit's words, not the whole report
    let at = this.draft;
    for (const intent of made) {
      const step = applyIntent(at, intent);
      const words = step.ok ? step.summary : intent.tool;
      if (step.ok) at = step.level;
      this.operations.push({ intent, summary: r.kind === 'edit' && made.length === 1 ? r.summary : `${r.tool}: ${words}` });
    }
    this.draft = r.level;
    this.intents.push(...made);
    return made;
  }

  /**
   * A change to the game that came with an analysis (a tuning's emitters): its game tools' calls become
   * operations to review, and the level edits measured with it (held by the tool) go with them, waiting
   * for the same review in every mode. Whether there was one.
   */
  private proposeGameChanges(r: Extract<ToolOutcome, { ok: true }>): boolean {
    if (!r.gameProposals?.length) return false;
    for (const p of r.gameProposals) this.operations.push({ intent: p.intent, summary: p.summary });
    let at = this.draft;
    for (const intent of heldIntents(r)) {
      const step = applyIntent(at, intent);
      if (step.ok) at = step.level;
      this.operations.push({ intent, summary: `${r.tool}: ${step.ok ? step.summary : intent.tool}`, withGame: true });
    }
    return true;
  }

  /** An answer cut off at the output limit, or with no text at all, is said so (never an empty bubble). */
  private reportShortAnswer(finish: string | null, visible: string, nCalls: number, reasoning: string) {
    if (finish === 'length')
      this.emit({
        role: 'notice',
        content: `The answer was cut off: the model reached its output limit (Max output tokens in Settings).`,
        kind: 'error',
        note: { key: 'chat.note.cutOff' },
      });
    else if (!visible.trim() && !nCalls)
      this.emit({
        role: 'notice',
        content: reasoning ? 'The model only reasoned and sent no answer. Ask again, or rephrase.' : 'The model sent an empty answer. Ask again, or rephrase.',
        kind: 'error',
        note: { key: reasoning ? 'chat.note.onlyReasoning' : 'chat.note.empty' },
      });
  }

  /** A prompt the provider cut (its context window is smaller): said once, with the provider's fix; nothing applied. */
  private cutPrompt(err: CopilotError, spent?: Pick<ChatMessage, 'usage' | 'request'>): TurnResult {
    // the tokens were spent all the same: the notice carries them (the conversation's totals count them)
    this.emit({ role: 'notice', content: err.message, kind: 'error', note: { key: err.key ?? 'chat.note.contextCut', params: err.params }, ...spent });
    return this.result('error', err);
  }

  private stopped(): TurnResult {
    this.emit({ role: 'notice', content: 'Stopped. The level is as it was before this request.', kind: 'stopped', note: { key: 'chat.note.stopped' } });
    return this.result('stopped');
  }

  /** After an edit turn measured before and after, the effect in figures (never a claim without them). */
  private statedEffect() {
    if (!this.intents.length) return;
    const scores = [...this.pastScores, ...this.turnScores], start = levelHash(this.input.level), end = levelHash(this.draft);
    const effect = measuredEffect(scores, start, end);
    if (effect) this.emit({ role: 'notice', content: effect, kind: 'info', note: measuredEffectNote(scores, start, end) ?? undefined });
  }

  /** The turn's last assistant message carries the operations for review and for the log. */
  private finalize(m: ChatMessage) {
    if (this.operations.length) {
      m.operations = this.operations.map((o) => ({ intent: o.intent, summary: o.summary, ...(o.withGame ? { withGame: true } : {}) }));
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
