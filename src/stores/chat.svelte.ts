// The copilot in the studio: settings and keys, the conversation of the open level, the running turn,
// review of proposed changes, slash commands. The loop itself lives in ai/agent.ts.
import { levelHash, type LevelT } from '../core/level/index.ts';
import { getTool, isGameTool, loadToolsOf, outcomeIntents, runTool, validateArgs, type GameTool } from '../core/tools/index.ts';
import { gameById } from '../core/game/known.ts';
import { CLASSIC_ID, type GameDef } from '../core/game/types.ts';
import type { GameResult, GamesStore } from './games.svelte.ts';
import { CopilotSettings, estimateCost, newProvider, presetOf, toolSetOf, type ProviderConfig } from '../ai/providers.ts';
import type { Operation } from '../ai/agent.ts';
import { applySelected, reviewNotice } from '../ai/review.ts';
import { ChatMessage, type Note } from '../ai/messages.ts';
// the provider client (HTTP, streaming, retries) loads with the first message sent (docs/performance.md, "First load")
import type { ChatProvider, CopilotError } from '../ai/client.ts';
import { isSlash, parseSlash, slashHelp } from '../ai/slash.ts';
import { analysisBrief, noteText, problemText, toolBrief, type AnalysisPublish } from '../i18n/chatText.ts';
import type { Storage } from '../db/storage.ts';
import type { EditorStore } from './editor.svelte.ts';
import type { AnalysisService } from '../core/tools/index.ts';
import { addCatalogPart, t } from '../i18n/index.svelte.ts';
import { intentLabel } from '../i18n/intentLabel.ts';
import { presetLabel, translatePresetLabel } from '../i18n/presetLabel.ts';
import { toolLine } from '../i18n/chatText.ts';
import copilotStrings from '../i18n/catalog/lazy/copilot.ts';
addCatalogPart(copilotStrings); // the copilot's strings load with its code, not with the first page

export interface LiveTurn {
  text: string;
  reasoning: string;
  tools: { id: string; name: string; arguments: string; ok?: boolean; result?: string }[];
  notices: string[];
  /** The bots' games while an analysis tool runs inside the turn. */
  progress: { tool: string; done: number; total: number } | null;
}

/** A message that waits for the key of a provider whose key was not kept (Remember key off, after a reload). */
export interface KeyRequest {
  providerId: string;
  provider: string;
  text: string;
  /** `notKept` (default): asked before sending; `refused`: the provider answered `status` to a request sent without a key. */
  reason?: 'notKept' | 'refused';
  status?: number;
}

const KEYS_SETTING = 'secret:keys';
const SETTINGS_KEY = 'copilot';

/** The provider as the designer named it (a preset's name by default). */
const providerName = (cfg: ProviderConfig) => translatePresetLabel(cfg.name || presetOf(cfg.preset).label);

let seq = 0;
const uid = () => `c${Date.now().toString(36)}${(++seq).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export class ChatStore {
  settings = $state<CopilotSettings>(CopilotSettings.parse({}));
  /** API keys by provider id: in memory unless the provider says remember. */
  keys = $state<Record<string, string>>({});
  messages = $state.raw<ChatMessage[]>([]);
  levelId = $state<string | null>(null);
  live = $state<LiveTurn | null>(null);
  busy = $state(false);
  error = $state<string | null>(null);
  /** The last request whose reply failed (its turn ends with an error notice): Retry sends it again. */
  failed = $state.raw<{ text: string; turnId: string } | null>(null);
  /** Set when the model refused the conversation as too long: the UI offers to trim and retry. */
  contextTooLong = $state<{ text: string; turnId: string } | null>(null);
  /** Set when the provider cut the prompt (its context window is too small): the UI offers the compact tool set. */
  contextCut = $state<{ text: string; turnId: string; providerId: string } | null>(null);
  /** Earlier turns sent verbatim; older ones are folded into a summary. Trimming lowers it. */
  keepTurns = $state(6);
  /** Set when a message waits for an API key that was not kept: the UI asks for it. */
  keyRequest = $state<KeyRequest | null>(null);
  /** Why Apply selected refused, by proposal message id (the panel stays open). */
  reviewErrors = $state<Record<string, string>>({});
  private ctl: AbortController | null = null;

  active = $derived(this.settings.providers.find((p) => p.id === this.settings.activeId) ?? null);
  usage = $derived(
    this.messages.reduce(
      (a, m) => (m.usage ? { prompt: a.prompt + m.usage.promptTokens, completion: a.completion + m.usage.completionTokens, cached: a.cached + (m.usage.cachedTokens ?? 0) } : a),
      { prompt: 0, completion: 0, cached: 0 },
    ),
  );
  cost = $derived(this.active ? estimateCost(this.active.preset, this.usage.prompt, this.usage.completion) : null);
  /** Every proposal not yet applied or cancelled, oldest first: each stays reachable until decided. */
  pendingReviews = $derived(this.messages.filter((m) => m.applied === 'pending' && !!m.operations?.length));
  pendingReview = $derived(this.pendingReviews.at(-1) ?? null);

  constructor(
    private readonly editor: EditorStore,
    private readonly storage: () => Storage | null,
    private readonly analysis: () => AnalysisService | undefined,
    /** A provider factory: tests and the app may substitute. */
    private readonly makeProvider: (cfg: ProviderConfig) => ChatProvider | Promise<ChatProvider> = async (cfg) => new (await import('../ai/client.ts')).OpenAICompatibleProvider(cfg),
    /** Where the copilot's analyses go so that the Analysis panel shows them (the workspace wires it). */
    private readonly publishAnalysis: (r: AnalysisPublish) => void = () => {},
    private readonly clock: () => number = Date.now,
    /** The workspace's games: an approved change to a game (define_element, update_element) is stored through it. */
    private readonly games: () => GamesStore | Promise<GamesStore> | null | undefined = () => undefined,
  ) {}

  /** Progress of the analysis a running turn asked for (the analysis service reports it). */
  analysisProgress(tool: string, done: number, total: number) {
    if (this.busy && this.live) this.live = { ...this.live, progress: { tool, done, total } };
  }

  async load() {
    const s = this.storage();
    if (!s) return;
    const saved = await s.getSetting<unknown>(SETTINGS_KEY);
    const parsed = CopilotSettings.safeParse(saved ?? {});
    if (parsed.success) this.settings = parsed.data;
    this.keys = (await s.getSetting<Record<string, string>>(KEYS_SETTING)) ?? {};
  }

  /** A setting saved in another tab (or merged with one): shown here without saving it again. */
  applyStoredSetting(key: string, value: unknown) {
    if (key === SETTINGS_KEY) {
      const parsed = CopilotSettings.safeParse(value ?? {});
      if (parsed.success) this.settings = parsed.data;
    } else if (key === KEYS_SETTING && value && typeof value === 'object') {
      // remembered keys join the keys this tab holds in memory; a key forgotten there stays here for the session
      this.keys = { ...this.keys, ...(value as Record<string, string>) };
    }
  }

  /** Another tab wrote to a conversation: show it, unless a turn is running here. */
  async reload(levelId: string | null) {
    const open = this.levelId;
    if (!open || this.busy || (levelId !== null && levelId !== open)) return;
    const rows = await this.readBack((await this.storage()?.messages.list(open)) ?? []);
    if (this.levelId !== open || this.busy) return;
    this.messages = rows;
  }

  private async saveSettings() {
    const s = this.storage();
    if (!s) return;
    // keys are never part of the settings record
    const snap = $state.snapshot(this.settings) as CopilotSettings;
    const clean = { ...snap, providers: snap.providers.map(({ apiKey: _k, ...p }) => p) };
    const remembered = Object.fromEntries(this.settings.providers.filter((p) => p.rememberKey && this.keys[p.id]).map((p) => [p.id, this.keys[p.id]]));
    // both writes are queued at once, so "All changes saved" means both are on disk
    await Promise.all([s.setSetting(SETTINGS_KEY, clean), s.setSetting(KEYS_SETTING, $state.snapshot(remembered))]);
  }

  updateSettings(patch: Partial<CopilotSettings>) {
    this.settings = { ...this.settings, ...patch };
    void this.saveSettings();
  }
  addProvider(presetId: string): ProviderConfig {
    const p = newProvider(presetId);
    this.updateSettings({ providers: [...this.settings.providers, p], activeId: p.id });
    return p;
  }
  updateProvider(id: string, patch: Partial<ProviderConfig>) {
    this.updateSettings({ providers: this.settings.providers.map((p) => (p.id === id ? { ...p, ...patch } : p)) });
  }
  removeProvider(id: string) {
    const providers = this.settings.providers.filter((p) => p.id !== id);
    const { [id]: _gone, ...keys } = this.keys;
    this.keys = keys;
    this.updateSettings({ providers, activeId: this.settings.activeId === id ? (providers[0]?.id ?? null) : this.settings.activeId });
  }
  setKey(id: string, key: string) {
    this.keys = { ...this.keys, [id]: key.trim() };
    // whether a key was given is kept (not the key): a reload that drops the key then asks for it
    const given = key.trim() !== '';
    if (this.settings.providers.some((p) => p.id === id && !!p.keyGiven !== given))
      this.settings = { ...this.settings, providers: this.settings.providers.map((p) => (p.id === id ? { ...p, keyGiven: given } : p)) };
    void this.saveSettings();
  }
  configWithKey(p: ProviderConfig): ProviderConfig {
    return { ...$state.snapshot(p), apiKey: this.keys[p.id] || undefined } as ProviderConfig;
  }

  /** Shows the conversation of another level. */
  async open(levelId: string) {
    if (this.levelId === levelId) return;
    this.stop();
    this.levelId = levelId;
    this.error = null;
    this.failed = null;
    const rows = await this.readBack((await this.storage()?.messages.list(levelId)) ?? []);
    if (this.levelId !== levelId) return;
    this.messages = rows;
  }

  /**
   * Stored messages, checked; the tools their proposals name are loaded first (some load on first
   * use, and a review replays its proposals synchronously). A tool that cannot load leaves its
   * proposal to fail, named, when reviewed.
   */
  private async readBack(rows: unknown[]): Promise<ChatMessage[]> {
    const messages = rows.map((r) => ChatMessage.safeParse(r)).flatMap((r) => (r.success ? [r.data] : []));
    await loadToolsOf(messages.flatMap((m) => (m.operations ?? []).map((o) => o.intent))).catch(() => {});
    return messages;
  }

  private persist(m: ChatMessage) {
    void this.storage()
      ?.messages.put($state.snapshot(m) as ChatMessage)
      .catch(() => (this.error = t('chat.err.notSaved')));
  }
  private add(m: ChatMessage) {
    // a turn still running when the designer opens another level keeps writing to its own level
    if (m.levelId === this.levelId) this.messages = [...this.messages, m];
    this.persist(m);
  }
  private replace(m: ChatMessage) {
    if (m.levelId === this.levelId) this.messages = this.messages.map((x) => (x.id === m.id ? m : x));
    this.persist(m);
  }
  private notice(content: string, extra: Partial<ChatMessage> = {}) {
    this.add({ id: uid(), levelId: this.levelId ?? '', turnId: uid(), role: 'notice', content, createdAt: this.clock(), kind: 'info', ...extra });
  }
  /** A notice shown to the designer in their language (`content` keeps the English for logs and the model). */
  private noteNotice(note: Note, english: string, extra: Partial<ChatMessage> = {}) {
    this.notice(english, { note, ...extra });
  }
  /** An error from the client in the designer's language. */
  describeError(e: unknown): string {
    if (isCopilotError(e)) return e.key ? noteText({ key: e.key, params: e.params }) : e.message;
    return t('chat.err.unexpected', { reason: (e as Error)?.message ?? String(e) });
  }

  stop() {
    this.ctl?.abort();
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
    this.add({
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

  /** The failed request sent again, as it was: the failed attempt leaves the conversation first. */
  async retry() {
    const again = this.failed;
    if (!again || this.busy) return;
    this.failed = null;
    this.contextTooLong = null;
    this.contextCut = null;
    const gone = this.messages.filter((m) => m.turnId === again.turnId);
    this.messages = this.messages.filter((m) => m.turnId !== again.turnId);
    await this.storage()?.messages.remove(gone.map((m) => m.id));
    await this.send(again.text);
  }

  /** After a cut prompt: the provider uses the compact tool set from now on, and the request goes again. */
  async useCompactAndRetry() {
    const cut = this.contextCut;
    if (!cut || this.busy) return;
    this.updateProvider(cut.providerId, { toolSet: 'compact' });
    await this.retry();
  }

  /** After "context too long": send fewer earlier turns verbatim (the rest as a summary) and retry. */
  async trimAndRetry() {
    const retry = this.contextTooLong;
    if (!retry) return;
    // the refused request leaves the conversation; it is sent again with a shorter history
    const failed = this.messages.filter((m) => m.turnId === retry.turnId);
    this.messages = this.messages.filter((m) => m.turnId !== retry.turnId);
    await this.storage()?.messages.remove(failed.map((m) => m.id));
    const turns = new Set(this.messages.filter((m) => m.role === 'user').map((m) => m.turnId)).size;
    this.keepTurns = Math.max(0, Math.floor(Math.min(this.keepTurns, turns) / 2));
    this.contextTooLong = null;
    this.error = null;
    this.failed = null;
    this.notice(t('chat.trimmed', { n: this.keepTurns }));
    await this.send(retry.text);
  }

  async send(text: string) {
    const level = this.editor.level;
    if (!level || this.busy) return;
    this.error = null;
    this.failed = null;
    if (isSlash(text)) return this.runSlash(text, level);
    const cfg = this.active;
    if (!cfg) {
      this.add({ id: uid(), levelId: level.id, turnId: uid(), role: 'user', content: text, createdAt: this.clock() });
      this.noteNotice({ key: 'chat.noProviderHelp' }, 'No AI provider is set up yet.', { kind: 'error' });
      this.error = t('chat.noProviderError');
      return;
    }
    if (this.keyMissing(cfg)) {
      // the key was not kept (or never given): ask for it before anything goes out
      this.keyRequest = { providerId: cfg.id, provider: providerName(cfg), text };
      return;
    }
    let provider: ChatProvider;
    try {
      provider = await this.makeProvider(this.configWithKey(cfg));
    } catch (e) {
      this.error = this.describeError(e);
      return;
    }
    await this.runConversationTurn(text, level, cfg, provider);
  }

  /** The key asked for by `keyRequest`: kept (remembered if ticked), then the waiting message is sent. */
  async provideKey(key: string, remember: boolean) {
    const req = this.keyRequest;
    if (!req || !key.trim()) return;
    this.keyRequest = null;
    if (remember !== this.settings.providers.find((p) => p.id === req.providerId)?.rememberKey) this.updateProvider(req.providerId, { rememberKey: remember });
    this.setKey(req.providerId, key);
    await this.send(req.text);
  }
  cancelKeyRequest() {
    this.keyRequest = null;
  }
  /** The provider needs a key (its preset does, or one was given before) and none is held now. */
  private keyMissing(cfg: ProviderConfig): boolean {
    return (presetOf(cfg.preset).needsKey || !!cfg.keyGiven) && !this.keys[cfg.id];
  }
  /**
   * A turn sent without a key that the provider refused (401/403) and that changed nothing: the provider
   * was not wrong about a key, there was none. The attempt leaves the conversation, the key is asked for
   * and the message waits for it (`provideKey` sends it).
   */
  private askKeyAfterRefusal(r: { error?: CopilotError; intents: readonly unknown[]; messages: readonly ChatMessage[] }, cfg: ProviderConfig, text: string, keySent: boolean): boolean {
    if (keySent || r.error?.kind !== 'auth' || r.intents.length) return false;
    const ids = new Set(r.messages.map((m) => m.id));
    this.messages = this.messages.filter((m) => !ids.has(m.id));
    void this.storage()?.messages.remove([...ids]);
    this.keyRequest = { providerId: cfg.id, provider: providerName(cfg), text, reason: 'refused', status: r.error.status };
    return true;
  }

  private async runConversationTurn(text: string, level: LevelT, cfg: ProviderConfig, provider: ChatProvider) {
    const ctl = (this.ctl = new AbortController());
    const keySent = !!this.keys[cfg.id];
    this.busy = true;
    this.live = { text: '', reasoning: '', tools: [], notices: [], progress: null };
    const briefs = new Map<string, Note>();
    const started = new Map<string, number>();
    const before = level;
    // an analysis of the level as it is goes to the panel at once; one of the turn's draft (after its
    // edits) waits for the turn's end, and goes only when the edits reach the level or its review
    const beforeHash = levelHash(before);
    const heldAnalyses: (() => void)[] = [];
    const mode: 'native' | 'text' =
      cfg.toolMode === 'text' || (cfg.toolMode === 'auto' && this.settings.textModeModels.includes(`${cfg.baseURL}|${cfg.model}`)) ? 'text' : 'native';
    try {
      // the agent (prompt, tool protocol, client) loads with the first turn, not with the page
      const { runTurn } = await import('../ai/agent.ts');
      const r = await runTurn({
        level: $state.snapshot(level) as LevelT,
        history: $state.snapshot(this.messages) as ChatMessage[],
        userText: text,
        provider,
        ctx: { analysis: this.analysis() },
        settings: {
          roundLimit: this.settings.roundLimit,
          tokenBudget: this.settings.tokenBudget,
          mode,
          autoTextFallback: cfg.toolMode !== 'native',
          keepTurns: this.keepTurns,
          applyMode: this.settings.applyMode,
          toolSet: toolSetOf(cfg),
          preset: cfg.preset,
        },
        signal: ctl.signal,
        events: {
          onMessage: (m) => {
            if (m.role === 'assistant' && this.live) this.live = { ...this.live, text: '', reasoning: '' };
            if (m.role === 'notice' && (m.kind === 'stopped' || m.kind === 'error')) this.keepCutOff(m);
            this.add(m);
          },
          onText: (d) => this.live && (this.live = { ...this.live, text: this.live.text + d }),
          onReasoning: (d) => this.live && (this.live = { ...this.live, reasoning: this.live.reasoning + d }),
          onToolCall: (c) => {
            started.set(c.id, performance.now());
            if (this.live) this.live = { ...this.live, tools: [...this.live.tools, { ...c }] };
          },
          onToolResult: (res) => {
            const brief = res.ok && res.kind === 'analysis' ? analysisBrief(res.name, res.data) : null;
            if (brief) briefs.set(res.id, brief);
            if (res.ok && res.kind === 'analysis' && res.level) {
              const { name, level: measured, data, args } = res;
              const publish = ((ms: number) => () => this.publishFromTurn(name, measured, data, args, ms))(performance.now() - (started.get(res.id) ?? performance.now()));
              if (levelHash(measured) === beforeHash) publish();
              else heldAnalyses.push(publish);
            }
            if (this.live) this.live = { ...this.live, progress: null, tools: this.live.tools.map((x) => (x.id === res.id ? { ...x, ok: res.ok, result: res.content } : x)) };
          },
          onRetry: (i) =>
            this.live &&
            (this.live = {
              ...this.live,
              notices: [...this.live.notices, t('chat.retrying', { reason: i.key ? noteText({ key: i.key, params: i.params }) : i.reason, s: (i.delayMs / 1000).toFixed(1) })],
            }),
        },
      });
      if (this.askKeyAfterRefusal(r, cfg, text, keySent)) return;
      // messages were added as they came; store their final form (tool results, analysis briefs, operations)
      for (const m of r.messages)
        this.replace({ ...m, toolCalls: m.toolCalls?.map((c) => ({ ...c, ...(briefs.has(c.id) ? { brief: briefs.get(c.id) } : {}) })) });
      if (r.switchedToTextMode) this.updateSettings({ textModeModels: [...new Set([...this.settings.textModeModels, `${cfg.baseURL}|${cfg.model}`])] });
      // a turn's error is a notice in the conversation (shown once, there), with Retry
      if (r.error && !r.messages.some((m) => m.role === 'notice' && m.kind === 'error')) this.error = this.describeError(r.error);
      this.failed = r.status === 'error' ? { text, turnId: r.messages[0]?.turnId ?? '' } : null;
      this.contextTooLong = r.error?.kind === 'context' ? { text, turnId: r.messages[0]?.turnId ?? '' } : null;
      this.contextCut = r.error?.kind === 'context_cut' ? { text, turnId: r.messages[0]?.turnId ?? '', providerId: cfg.id } : null;
      const finished = r.status === 'done' || r.status === 'round_limit' || r.status === 'budget';
      // a turn that stopped or failed applies nothing: its draft's figures describe no version of the level
      if (finished) for (const publish of heldAnalyses) publish();
      if (r.intents.length && finished) {
        const final = [...r.messages].reverse().find((m) => m.operations?.length);
        if (this.settings.applyMode === 'auto' && final) {
          const label = `AI: ${text.slice(0, 60)}`;
          const res = this.editor.level?.id === before.id ? this.editor.transact(label, r.intents) : { ok: false as const, error: 'another level is open' };
          const at = this.clock();
          // a change to the game is never applied automatically: it stays for review with the level's edits marked applied
          const gameOps = final.operations!.some((o) => isGameTool(o.intent.tool));
          if (res.ok)
            this.replace({
              ...final,
              applied: gameOps ? 'pending' : 'auto',
              appliedIndexes: final.operations!.flatMap((o, i) => (isGameTool(o.intent.tool) ? [] : [i])),
              decidedAt: gameOps ? undefined : at,
              operations: final.operations!.map((o) => (isGameTool(o.intent.tool) ? o : { ...o, status: 'applied' as const, at })),
            });
          else {
            this.replace({ ...final, applied: 'pending' });
            this.noteNotice({ key: 'chat.autoFailed', params: { error: problemText(res.error) } }, `The changes could not be applied automatically (${res.error}).`, { kind: 'error' });
          }
        }
      }
    } catch (e) {
      this.error = this.describeError(e);
    } finally {
      this.busy = false;
      this.live = null;
      this.ctl = null;
    }
  }

  /** The operations of a pending review replayed on the current level, for the preview (null if one fails). */
  preview(m: ChatMessage, selected: number[]): LevelT | null {
    const level = this.editor.level;
    if (!level || !m.operations) return null;
    const r = applySelected(level, m.operations as Operation[], selected);
    return r.ok ? r.level : null;
  }

  /**
   * Applies the chosen operations as one undo step — all or nothing: if one no longer applies to the
   * current level, nothing is applied, the panel stays open and says which one and why. Operations
   * decided already (a level's edits applied in Auto mode beside a game change) are left as they are.
   * A change to the game (define_element, update_element) is stored through the games store first
   * (async: the promise says whether it was applied).
   */
  applyReview(messageId: string, selected: number[]): boolean | Promise<boolean> {
    const m = this.messages.find((x) => x.id === messageId);
    const level = this.editor.level;
    if (!m || !level || m.applied !== 'pending' || !m.operations) return false;
    const ops = m.operations as Operation[];
    const open = selected.filter((i) => m.operations![i] && !m.operations![i].status);
    const gameIdx = open.filter((i) => isGameTool(ops[i].intent.tool));
    if (gameIdx.length) return this.applyGameReview(m, ops, gameIdx, open.filter((i) => !gameIdx.includes(i)));
    const r = applySelected(level, ops, open);
    if (!r.ok) return this.reviewFailed(m.id, ops, r.failed.index, problemText(r.failed.error));
    const { [messageId]: _done, ...rest } = this.reviewErrors;
    this.reviewErrors = rest;
    if (r.applied.length) this.editor.commit(`AI: ${r.applied.length} of ${ops.length} changes`, r.intents, level, r.level);
    this.decide(m, r.applied);
    return true;
  }

  private reviewFailed(messageId: string, ops: readonly Operation[], index: number, error: string): false {
    const label = intentLabel(ops[index].intent, ops[index].summary, this.editor.level ?? undefined);
    this.reviewErrors = { ...this.reviewErrors, [messageId]: t(isGameTool(ops[index].intent.tool) ? 'review.gameFailed' : 'review.failed', { n: index + 1, op: label, error }) };
    return false;
  }

  /**
   * A reviewed change to the level's game: each operation proposed again on the game as it is now
   * (checked like a game file), then stored as one step of the games store, which re-validates the
   * game's levels and refuses, naming them, when any would break. The level's chosen edits follow.
   */
  private async applyGameReview(m: ChatMessage, ops: readonly Operation[], gameIdx: number[], levelIdx: number[]): Promise<boolean> {
    const games = await this.games();
    const level = this.editor.level;
    if (!games || !level) return this.reviewFailed(m.id, ops, gameIdx[0], t('review.noGames'));
    const id = level.game ?? CLASSIC_ID;
    let game: GameDef | undefined = gameById(id);
    for (const i of gameIdx) {
      const tool = getTool(ops[i].intent.tool) as GameTool;
      const v = game && validateArgs(tool.name, ops[i].intent.args, game);
      if (!game || !v) return this.reviewFailed(m.id, ops, i, t('review.unknownGame', { game: id }));
      if (!v.ok) return this.reviewFailed(m.id, ops, i, problemText(v.error));
      try {
        game = (await tool.propose(game, v.args)).game;
      } catch (e) {
        return this.reviewFailed(m.id, ops, i, problemText(`${tool.name}: ${(e as Error).message}`));
      }
    }
    const res = await games.update(game!, { label: `AI: ${gameIdx.map((i) => intentLabel(ops[i].intent, ops[i].summary, level)).join('; ').slice(0, 80)}` });
    if (!res.ok) return this.reviewFailed(m.id, ops, gameIdx[0], refusalText(res));
    // the level's own edits, on the level as the game change left it
    const now = this.editor.level;
    let applied = [...gameIdx];
    if (levelIdx.length && now) {
      const r = applySelected(now, ops, levelIdx);
      if (r.ok && r.applied.length) {
        this.editor.commit(`AI: ${r.applied.length} of ${ops.length} changes`, r.intents, now, r.level);
        applied = [...applied, ...r.applied];
      } else if (!r.ok) this.reviewErrors = { ...this.reviewErrors, [m.id]: t('review.failed', { n: r.failed.index + 1, op: intentLabel(ops[r.failed.index].intent, ops[r.failed.index].summary, now), error: problemText(r.failed.error) }) };
    }
    if (!this.reviewErrors[m.id] || applied.length === gameIdx.length + levelIdx.length) {
      const { [m.id]: _done, ...rest } = this.reviewErrors;
      this.reviewErrors = rest;
    }
    this.decide(m, applied);
    return true;
  }

  cancelReview(messageId: string) {
    const m = this.messages.find((x) => x.id === messageId);
    if (!m || m.applied !== 'pending' || !m.operations) return;
    const { [messageId]: _done, ...rest } = this.reviewErrors;
    this.reviewErrors = rest;
    this.decide(m, []);
  }

  /**
   * Marks each undecided operation applied or declined with the time (one decided before keeps its
   * mark), and tells the model what became of those decided now.
   */
  private decide(m: ChatMessage, applied: number[]) {
    const ops = m.operations!;
    const at = this.clock();
    const operations = ops.map((o, i) => (o.status ? o : { ...o, status: applied.includes(i) ? ('applied' as const) : ('declined' as const), at }));
    const appliedAll = operations.flatMap((o, i) => (o.status === 'applied' ? [i] : []));
    this.replace({
      ...m,
      applied: appliedAll.length === ops.length ? 'applied' : appliedAll.length ? 'partial' : 'cancelled',
      appliedIndexes: appliedAll,
      decidedAt: at,
      operations,
    });
    const fresh = ops.flatMap((o, i) => (o.status ? [] : [i]));
    const now = applied.filter((i) => fresh.includes(i));
    const told = fresh.map((i) => ops[i] as Operation);
    this.notice(reviewNotice(told, now.map((i) => fresh.indexOf(i))), {
      forModel: true,
      turnId: m.turnId,
      note: {
        key: now.length ? 'chat.note.reviewApplied' : fresh.length === 1 ? 'chat.note.reviewDeclined1' : 'chat.note.reviewDeclined',
        params: { applied: now.length, n: fresh.length },
      },
    });
  }

  /** An analysis the copilot ran, to the Analysis panel (marked as the copilot's, on the level it ran on). */
  private publishFromTurn(tool: string, level: LevelT, data: unknown, args: Record<string, unknown> | undefined, durationMs = 0) {
    try {
      const games = Number(args?.games);
      this.publishAnalysis({ tool, level, data, games: Number.isInteger(games) && games > 0 ? games : 1000, durationMs });
    } catch {
      // the panel is a view; a result it cannot show must not break the turn
    }
  }

  private async runSlash(text: string, level: LevelT) {
    const turnId = uid();
    this.add({ id: uid(), levelId: level.id, turnId, role: 'user', content: text, createdAt: this.clock() });
    const cmd = parseSlash(text);
    if ('error' in cmd) {
      const note: Note = cmd.usage ? { key: 'slash.malformed', params: { error: problemText(cmd.error), usage: cmd.usage } } : { key: 'slash.unknown', params: { name: cmd.name ?? '' } };
      return this.noteNotice(note, cmd.error, { kind: 'error', turnId });
    }
    if (cmd.name === 'help') return this.noteNotice({ key: 'slash.help' }, slashHelp(), { turnId });
    this.busy = true;
    const t0 = performance.now();
    // an analysis command shows the bots' progress like a turn does, and Stop cancels it
    const ctl = (this.ctl = new AbortController());
    this.live = { text: '', reasoning: '', tools: [], notices: [], progress: null };
    try {
      const r = await runTool(level, cmd.name, cmd.args, { analysis: this.analysis(), signal: ctl.signal });
      if (!r.ok) return this.noteNotice({ key: 'slash.refused', params: { error: problemText(r.error) } }, r.error, { kind: 'error', turnId });
      if (r.kind === 'game' && r.gameChange) {
        // a change to the game is never applied at once, not even by a command: it waits for review
        this.add({ id: uid(), levelId: level.id, turnId, role: 'assistant', content: '', createdAt: this.clock(), operations: [{ intent: r.gameChange.intent, summary: r.summary }], applied: 'pending' });
        return;
      }
      const made = outcomeIntents(r);
      if (r.kind === 'edit' && r.intent && made.length === 1) {
        const tr = this.editor.transact(text.slice(0, 60), [r.intent]);
        if (!tr.ok) return this.noteNotice({ key: 'slash.refused', params: { error: problemText(tr.error) } }, tr.error, { kind: 'error', turnId });
        return this.noteNotice(toolBrief(r.intent), r.summary, { turnId });
      }
      // a tuning (or a generation with a target) lands as one undo step of all its intents
      if (made.length) {
        const tr = this.editor.transact(text.slice(0, 60), made);
        if (!tr.ok) return this.noteNotice({ key: 'slash.refused', params: { error: problemText(tr.error) } }, tr.error, { kind: 'error', turnId });
      }
      if (r.kind === 'analysis') this.publishFromTurn(cmd.name, made.length ? r.level : level, r.data, cmd.args, performance.now() - t0);
      const brief = r.kind === 'analysis' ? analysisBrief(cmd.name, r.data) : null;
      // the full result stays readable (Markdown, sanitised); the first line is in the designer's language
      this.noteNotice(brief ? { key: 'slash.result', params: { brief: noteText(brief), details: r.summary } } : { key: 'slash.raw', params: { details: r.summary } }, r.summary, { turnId });
    } catch (e) {
      if ((e as Error)?.name === 'AbortError') this.noteNotice({ key: 'chat.note.stopped' }, 'Stopped.', { kind: 'stopped', turnId });
      else this.noteNotice({ key: 'slash.refused', params: { error: (e as Error)?.message ?? String(e) } }, String(e), { kind: 'error', turnId });
    } finally {
      this.busy = false;
      this.live = null;
      this.ctl = null;
    }
  }

  async clear() {
    if (!this.levelId) return;
    await this.storage()?.messages.clear(this.levelId);
    this.messages = [];
  }

  exportJson(levelName: string): string {
    return JSON.stringify({ format: 'match3-conversation', version: 1, level: levelName, exportedAt: new Date().toISOString(), messages: $state.snapshot(this.messages) }, null, 1);
  }

  /** The conversation as Markdown in the designer's language (the model's own words stay as written). */
  exportMarkdown(levelName: string): string {
    const time = (ms: number | undefined) => (ms ? new Date(ms).toISOString().replace('T', ' ').slice(0, 19) + ' UTC' : '');
    const lines = [t('md.title', { name: levelName }), ''];
    const level = this.editor.level ?? undefined; // its game names the elements the edits paint
    for (const m of this.messages) {
      if (m.role === 'user') lines.push(`**${t('md.designer')}:** ${m.content}`, '');
      else if (m.role === 'assistant') {
        if (m.content) lines.push(`**${t('md.copilot')}${m.model ? ` (${m.model})` : ''}:** ${m.content}`, '');
        for (const c of m.toolCalls ?? []) lines.push(`- \`${c.name}\` → ${c.ok === false ? t('md.error') + ': ' : ''}${toolLine(c, level)}`);
        if (m.operations?.length) {
          lines.push('', `${t('md.operations', { state: t('md.state.' + (m.applied ?? 'pending')) })}:`);
          m.operations.forEach((o, i) => {
            const decided = o.status ? ` ${o.status === 'applied' ? '✔' : '✗'} ${t('md.op.' + o.status)} ${time(o.at)}` : m.appliedIndexes?.includes(i) ? ' ✔' : '';
            lines.push(`${i + 1}. ${intentLabel(o.intent, o.summary, level)}${decided}`);
          });
        }
        lines.push('');
      } else if (m.role === 'notice') lines.push(`> ${(m.note ? noteText(m.note, level) : m.content).replace(/\n/g, '\n> ')}`, '');
    }
    lines.push(t('md.tokens', { prompt: this.usage.prompt, completion: this.usage.completion }));
    return lines.join('\n');
  }

  presetLabel(p: ProviderConfig) {
    return presetLabel(p.preset);
  }
}

/** The client's CopilotError, recognised without loading the client (its class loads on first use). */
function isCopilotError(e: unknown): e is CopilotError {
  return e instanceof Error && e.name === 'CopilotError';
}

/** Why the games store refused a reviewed game change, in the designer's language. */
function refusalText(r: Exclude<GameResult, { ok: true }>): string {
  switch (r.reason) {
    case 'classic':
      return t('review.gameClassic');
    case 'unknown':
      return t('review.unknownGame', { game: r.id });
    case 'exists':
      return t('review.unknownGame', { game: r.id });
    case 'invalid':
      return r.problems.map((p) => problemText(`${p.path}: ${p.message}`)).join('; ');
    case 'breaks':
      return t('review.gameBreaks', { n: r.levels.length, list: r.levels.slice(0, 5).map((l) => `${l.name} (${l.problems[0] ? `${l.problems[0].path}: ${l.problems[0].message}` : ''})`).join('; ') });
    case 'used':
    case 'changed': // an undo's refusal: a review never gets it
      return t('review.gameBreaks', { n: r.levels.length, list: r.levels.slice(0, 5).map((l) => l.name).join('; ') });
  }
}
