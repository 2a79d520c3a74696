// The running turn: a message sent to the provider (the loop itself is ai/agent.ts), what it says as it
// comes (`live`), the copilot's analyses to the Analysis panel, and its edits to the level (Auto mode)
// or to review. Stop cancels it; a turn that stops or fails changes nothing.
import { levelHash, type LevelT } from '../../core/level/index.ts';
import { isGameTool, type AnalysisService } from '../../core/tools/index.ts';
import { toolSetOf, type ProviderConfig } from '../../ai/providers.ts';
import type { ChatMessage, Note, Said } from '../../ai/messages.ts';
import type { TurnEvents, TurnResult } from '../../ai/agent.ts';
// the provider client (HTTP, streaming, retries) loads with the first message sent (docs/performance.md, "First load")
import type { ChatProvider, CopilotError } from '../../ai/client.ts';
import type { EditorStore } from '../editor.svelte.ts';
import type { Conversation } from './conversation.svelte.ts';
import type { ProviderSettings } from './providers.svelte.ts';
import type { Recovery } from './recovery.svelte.ts';
import { uid } from './conversation.svelte.ts';
import { analysisBrief, type AnalysisPublish } from '../../ai/briefs.ts';

/** A retry the client waits for, said while the turn runs: why, and in how many seconds. */
export interface RetryNote {
  reason: Said;
  s: string;
}

export interface LiveTurn {
  text: string;
  reasoning: string;
  tools: { id: string; name: string; arguments: string; ok?: boolean; result?: string }[];
  notices: RetryNote[];
  /** The bots' games while an analysis tool runs inside the turn. */
  progress: { tool: string; done: number; total: number } | null;
}

export interface TurnDeps {
  editor: EditorStore;
  conversation: Conversation;
  providers: ProviderSettings;
  recovery: Recovery;
  analysis: () => AnalysisService | undefined;
  makeProvider: (cfg: ProviderConfig) => ChatProvider | Promise<ChatProvider>;
  publishAnalysis: (r: AnalysisPublish) => void;
  clock: () => number;
}

/** What a turn's analyses and tool calls gather while it runs, for its end. */
interface TurnWatch {
  briefs: Map<string, Note>;
  started: Map<string, number>;
  /** Analyses of the turn's draft (after its edits): kept for the draft's version when the turn finishes; the level's figure once it is that version. */
  held: (() => void)[];
}

/** The client's CopilotError, recognised without loading the client (its class loads on first use). */
function isCopilotError(e: unknown): e is CopilotError {
  return e instanceof Error && e.name === 'CopilotError';
}

/** An error from the client, to be said in the designer's language. */
export function describeError(e: unknown): Said {
  if (isCopilotError(e)) return e.key ? { key: e.key, params: e.params } : { text: e.message };
  return { key: 'chat.err.unexpected', params: { reason: (e as Error)?.message ?? String(e) } };
}

export class CopilotTurn {
  live = $state<LiveTurn | null>(null);
  busy = $state(false);
  private ctl: AbortController | null = null;

  constructor(private readonly d: TurnDeps) {}

  /** Progress of the analysis a running turn asked for (the analysis service reports it). */
  analysisProgress(tool: string, done: number, total: number) {
    if (this.busy && this.live) this.live = { ...this.live, progress: { tool, done, total } };
  }

  stop() {
    this.ctl?.abort();
  }

  /** A turn (or a slash command) starts: busy, with its live view, and Stop cancels it. */
  begin(): AbortSignal {
    const ctl = (this.ctl = new AbortController());
    this.busy = true;
    this.live = { text: '', reasoning: '', tools: [], notices: [], progress: null };
    return ctl.signal;
  }
  end() {
    this.busy = false;
    this.live = null;
    this.ctl = null;
  }

  /** A message to the active provider: asked for its key first when none is held. */
  async send(text: string, level: LevelT) {
    const { conversation, providers, recovery } = this.d;
    const cfg = providers.active;
    if (!cfg) {
      conversation.add({ id: uid(), levelId: level.id, turnId: uid(), role: 'user', content: text, createdAt: this.d.clock() });
      conversation.noteNotice({ key: 'chat.noProviderHelp' }, 'No AI provider is set up yet.', { kind: 'error' });
      conversation.error = { key: 'chat.noProviderError' };
      return;
    }
    if (providers.keyMissing(cfg)) return recovery.askKey(cfg, text);
    let provider: ChatProvider;
    try {
      provider = await this.d.makeProvider(providers.configWithKey(cfg));
    } catch (e) {
      conversation.error = describeError(e);
      return;
    }
    await this.run(text, level, cfg, provider);
  }

  private async run(text: string, level: LevelT, cfg: ProviderConfig, provider: ChatProvider) {
    const keySent = !!this.d.providers.keys[cfg.id];
    const signal = this.begin();
    const watch: TurnWatch = { briefs: new Map(), started: new Map(), held: [] };
    try {
      const r = await this.runAgent(text, level, cfg, provider, signal, watch);
      if (this.d.recovery.askKeyAfterRefusal(r, cfg, text, keySent)) return;
      this.settle(r, text, cfg, watch);
      const finished = r.status === 'done' || r.status === 'round_limit' || r.status === 'budget';
      if (!finished) return;
      // a turn that stopped or failed applies nothing: its draft's figures describe no version of the level
      for (const publish of watch.held) publish();
      if (r.intents.length) this.autoApply(r, text, level);
    } catch (e) {
      this.d.conversation.error = describeError(e);
    } finally {
      this.end();
    }
  }

  private async runAgent(text: string, level: LevelT, cfg: ProviderConfig, provider: ChatProvider, signal: AbortSignal, watch: TurnWatch): Promise<TurnResult> {
    const { providers, recovery, conversation } = this.d;
    const settings = providers.settings;
    // the agent (prompt, tool protocol, client) loads with the first turn, not with the page
    const { runTurn } = await import('../../ai/agent.ts');
    return runTurn({
      level: $state.snapshot(level) as LevelT,
      history: $state.snapshot(conversation.messages) as ChatMessage[],
      userText: text,
      provider,
      ctx: { analysis: this.d.analysis() },
      settings: {
        roundLimit: settings.roundLimit,
        tokenBudget: settings.tokenBudget,
        mode: providers.modeOf(cfg),
        autoTextFallback: cfg.toolMode !== 'native',
        keepTurns: recovery.keepTurns,
        applyMode: settings.applyMode,
        toolSet: toolSetOf(cfg),
        preset: cfg.preset,
      },
      signal,
      events: this.events(level, watch),
    });
  }

  /** What the turn shows as it runs, and what it gathers for its end. */
  private events(before: LevelT, watch: TurnWatch): TurnEvents {
    // an analysis of the level as it is goes to the panel at once; one of the turn's draft waits for the turn's end
    const beforeHash = levelHash(before);
    return {
      onMessage: (m) => {
        if (m.role === 'assistant' && this.live) this.live = { ...this.live, text: '', reasoning: '' };
        if (m.role === 'notice' && (m.kind === 'stopped' || m.kind === 'error')) this.keepCutOff(m);
        this.d.conversation.add(m);
      },
      onText: (d) => this.live && (this.live = { ...this.live, text: this.live.text + d }),
      onReasoning: (d) => this.live && (this.live = { ...this.live, reasoning: this.live.reasoning + d }),
      onToolCall: (c) => {
        watch.started.set(c.id, performance.now());
        if (this.live) this.live = { ...this.live, tools: [...this.live.tools, { ...c }] };
      },
      onToolResult: (res) => {
        const brief = res.ok && res.kind === 'analysis' ? analysisBrief(res.name, res.data) : null;
        if (brief) watch.briefs.set(res.id, brief);
        if (res.ok && res.kind === 'analysis' && res.level) {
          const { name, level: measured, data, args } = res;
          const ms = performance.now() - (watch.started.get(res.id) ?? performance.now());
          if (levelHash(measured) === beforeHash) this.publishFromTurn(name, measured, data, args, ms);
          else watch.held.push(() => this.publishFromTurn(name, measured, data, args, ms, true));
        }
        if (this.live) this.live = { ...this.live, progress: null, tools: this.live.tools.map((x) => (x.id === res.id ? { ...x, ok: res.ok, result: res.content } : x)) };
      },
      onRetry: (i) =>
        this.live &&
        (this.live = { ...this.live, notices: [...this.live.notices, { reason: i.key ? { key: i.key, params: i.params } : { text: i.reason }, s: (i.delayMs / 1000).toFixed(1) }] }),
    };
  }

  /** The turn's messages in their final form, and what is left to recover from. */
  private settle(r: TurnResult, text: string, cfg: ProviderConfig, watch: TurnWatch) {
    const { conversation, providers, recovery } = this.d;
    // messages were added as they came; store their final form (tool results, analysis briefs, operations)
    for (const m of r.messages)
      conversation.replace({ ...m, toolCalls: m.toolCalls?.map((c) => ({ ...c, ...(watch.briefs.has(c.id) ? { brief: watch.briefs.get(c.id) } : {}) })) });
    if (r.switchedToTextMode) providers.rememberTextMode(cfg);
    // a turn's error is a notice in the conversation (shown once, there), with Retry
    if (r.error && !r.messages.some((m) => m.role === 'notice' && m.kind === 'error')) conversation.error = describeError(r.error);
    recovery.noteOutcome(r, text, cfg);
  }

  /** Auto mode: the turn's edits land as one undo step; a change to the game stays for review. */
  private autoApply(r: TurnResult, text: string, before: LevelT) {
    const { conversation, editor } = this.d;
    const final = [...r.messages].reverse().find((m) => m.operations?.length);
    if (this.d.providers.settings.applyMode !== 'auto' || !final) return;
    const label = `AI: ${text.slice(0, 60)}`;
    const res = editor.level?.id === before.id ? editor.transact(label, r.intents) : { ok: false as const, error: 'another level is open' };
    if (!res.ok) {
      conversation.replace({ ...final, applied: 'pending' });
      conversation.noteNotice({ key: 'chat.autoFailed', params: { problem: res.error } }, `The changes could not be applied automatically (${res.error}).`, { kind: 'error' });
      return;
    }
    const at = this.d.clock();
    // a change to the game is never applied automatically: it stays for review, with the level edits
    // measured with it (a tuning's), the level's other edits marked applied
    const waits = (o: { intent: { tool: string }; withGame?: boolean }) => isGameTool(o.intent.tool) || !!o.withGame;
    const gameOps = final.operations!.some(waits);
    conversation.replace({
      ...final,
      applied: gameOps ? 'pending' : 'auto',
      appliedIndexes: final.operations!.flatMap((o, i) => (waits(o) ? [] : [i])),
      decidedAt: gameOps ? undefined : at,
      operations: final.operations!.map((o) => (waits(o) ? o : { ...o, status: 'applied' as const, at })),
    });
  }

  /**
   * A reply stopped or failed mid-stream: what it had said stays in the conversation as an assistant
   * message marked cut off, before the notice (the level is untouched either way: the agent applies nothing).
   */
  private keepCutOff(notice: ChatMessage) {
    const said = this.live?.text ?? '';
    if (!said.trim()) return;
    const reasoning = this.live?.reasoning || undefined;
    this.live = this.live && { ...this.live, text: '', reasoning: '' };
    this.d.conversation.add({
      id: uid(),
      levelId: notice.levelId,
      turnId: notice.turnId,
      role: 'assistant',
      content: said,
      reasoning,
      createdAt: notice.createdAt,
      cutOff: notice.kind === 'stopped' ? 'stopped' : 'failed',
    });
  }

  /** An analysis the copilot ran, to the Analysis panel (marked as the copilot's, on the level it ran on). */
  publishFromTurn(tool: string, level: LevelT, data: unknown, args: Record<string, unknown> | undefined, durationMs = 0, draft = false) {
    try {
      const games = Number(args?.games);
      this.d.publishAnalysis({ tool, level, data, games: Number.isInteger(games) && games > 0 ? games : 1000, durationMs, draft });
    } catch {
      // the panel is a view; a result it cannot show must not break the turn
    }
  }
}
