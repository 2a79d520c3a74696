// The copilot in the studio: settings and keys, the conversation of the open level, the running turn,
// review of proposed changes, slash commands. The loop itself lives in ai/agent.ts.
import type { LevelT } from '../core/level/index.ts';
import { runTool } from '../core/tools/index.ts';
import { CopilotSettings, estimateCost, newProvider, presetOf, type ProviderConfig } from '../ai/providers.ts';
import { applySelected, reviewNotice, runTurn, type Operation } from '../ai/agent.ts';
import { ChatMessage } from '../ai/messages.ts';
import { CopilotError, OpenAICompatibleProvider, type ChatProvider } from '../ai/client.ts';
import { isSlash, parseSlash, slashHelp } from '../ai/slash.ts';
import type { Storage } from '../db/storage.ts';
import type { EditorStore } from './editor.svelte.ts';
import type { AnalysisService } from '../core/tools/index.ts';
import { t } from '../i18n/index.svelte.ts';
import { intentLabel } from '../i18n/intentLabel.ts';

export interface LiveTurn {
  text: string;
  reasoning: string;
  tools: { id: string; name: string; arguments: string; ok?: boolean; result?: string }[];
  notices: string[];
}

const KEYS_SETTING = 'secret:keys';
const SETTINGS_KEY = 'copilot';

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
  /** Set when the model refused the conversation as too long: the UI offers to trim and retry. */
  contextTooLong = $state<{ text: string; turnId: string } | null>(null);
  /** Earlier turns sent verbatim; older ones are folded into a summary. Trimming lowers it. */
  keepTurns = $state(6);
  /** Drafts of pending reviews, by message id (recomputed from the operations after a reload). */
  private ctl: AbortController | null = null;

  active = $derived(this.settings.providers.find((p) => p.id === this.settings.activeId) ?? null);
  usage = $derived(
    this.messages.reduce(
      (a, m) => (m.usage ? { prompt: a.prompt + m.usage.promptTokens, completion: a.completion + m.usage.completionTokens } : a),
      { prompt: 0, completion: 0 },
    ),
  );
  cost = $derived(this.active ? estimateCost(this.active.preset, this.usage.prompt, this.usage.completion) : null);
  pendingReview = $derived([...this.messages].reverse().find((m) => m.applied === 'pending' && m.operations?.length) ?? null);

  constructor(
    private readonly editor: EditorStore,
    private readonly storage: () => Storage | null,
    private readonly analysis: () => AnalysisService | undefined,
    /** A provider factory: tests and the app may substitute. */
    private readonly makeProvider: (cfg: ProviderConfig) => ChatProvider = (cfg) => new OpenAICompatibleProvider(cfg),
  ) {}

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
    const rows = (await this.storage()?.messages.list(open)) ?? [];
    if (this.levelId !== open || this.busy) return;
    this.messages = rows.map((r) => ChatMessage.safeParse(r)).flatMap((r) => (r.success ? [r.data] : []));
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
    const rows = (await this.storage()?.messages.list(levelId)) ?? [];
    if (this.levelId !== levelId) return;
    this.messages = rows.map((r) => ChatMessage.safeParse(r)).flatMap((r) => (r.success ? [r.data] : []));
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
    this.add({ id: uid(), levelId: this.levelId ?? '', turnId: uid(), role: 'notice', content, createdAt: Date.now(), kind: 'info', ...extra });
  }

  stop() {
    this.ctl?.abort();
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
    this.notice(t('chat.trimmed', { n: this.keepTurns }));
    await this.send(retry.text);
  }

  async send(text: string) {
    const level = this.editor.level;
    if (!level || this.busy) return;
    this.error = null;
    if (isSlash(text)) return this.runSlash(text, level);
    const cfg = this.active;
    if (!cfg) {
      this.add({ id: uid(), levelId: level.id, turnId: uid(), role: 'user', content: text, createdAt: Date.now() });
      this.notice(t('chat.noProviderHelp'), { kind: 'error' });
      this.error = t('chat.noProviderError');
      return;
    }
    let provider: ChatProvider;
    try {
      provider = this.makeProvider(this.configWithKey(cfg));
    } catch (e) {
      this.error = (e as Error).message;
      return;
    }
    const ctl = (this.ctl = new AbortController());
    this.busy = true;
    this.live = { text: '', reasoning: '', tools: [], notices: [] };
    const before = level;
    const mode: 'native' | 'text' =
      cfg.toolMode === 'text' || (cfg.toolMode === 'auto' && this.settings.textModeModels.includes(`${cfg.baseURL}|${cfg.model}`)) ? 'text' : 'native';
    try {
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
        },
        signal: ctl.signal,
        events: {
          onMessage: (m) => {
            if (m.role === 'assistant' && this.live) this.live = { ...this.live, text: '', reasoning: '' };
            this.add(m);
          },
          onText: (d) => this.live && (this.live = { ...this.live, text: this.live.text + d }),
          onReasoning: (d) => this.live && (this.live = { ...this.live, reasoning: this.live.reasoning + d }),
          onToolCall: (c) => this.live && (this.live = { ...this.live, tools: [...this.live.tools, { ...c }] }),
          onToolResult: (res) =>
            this.live && (this.live = { ...this.live, tools: this.live.tools.map((t) => (t.id === res.id ? { ...t, ok: res.ok, result: res.content } : t)) }),
          onRetry: (i) => this.live && (this.live = { ...this.live, notices: [...this.live.notices, `${i.reason} Retrying in ${(i.delayMs / 1000).toFixed(1)} s…`] }),
        },
      });
      // messages were added as they came; store their final form (tool results, operations)
      for (const m of r.messages) this.replace({ ...m, toolCalls: m.toolCalls?.map((c) => ({ ...c })) });
      if (r.switchedToTextMode) this.updateSettings({ textModeModels: [...new Set([...this.settings.textModeModels, `${cfg.baseURL}|${cfg.model}`])] });
      if (r.error) this.error = r.error.message;
      this.contextTooLong = r.error?.kind === 'context' ? { text, turnId: r.messages[0]?.turnId ?? '' } : null;
      if (r.intents.length && (r.status === 'done' || r.status === 'round_limit' || r.status === 'budget')) {
        const final = [...r.messages].reverse().find((m) => m.operations?.length);
        if (this.settings.applyMode === 'auto' && final) {
          const label = `AI: ${text.slice(0, 60)}`;
          const res = this.editor.level?.id === before.id ? this.editor.transact(label, r.intents) : { ok: false as const, error: 'another level is open' };
          if (res.ok) this.replace({ ...final, applied: 'auto', appliedIndexes: r.operations.map((_, i) => i) });
          else {
            this.replace({ ...final, applied: 'pending' });
            this.notice(t('chat.autoFailed', { error: res.error }), { kind: 'error' });
          }
        }
      }
    } catch (e) {
      this.error = e instanceof CopilotError ? e.message : `Something went wrong: ${(e as Error).message}`;
    } finally {
      this.busy = false;
      this.live = null;
      this.ctl = null;
    }
  }

  /** The operations of a pending review replayed on the current level, for the preview. */
  preview(m: ChatMessage, selected: number[]): LevelT | null {
    const level = this.editor.level;
    if (!level || !m.operations) return null;
    return applySelected(level, m.operations as Operation[], selected).level;
  }

  applyReview(messageId: string, selected: number[]) {
    const m = this.messages.find((x) => x.id === messageId);
    const level = this.editor.level;
    if (!m || !level || m.applied !== 'pending' || !m.operations) return;
    const ops = m.operations as Operation[];
    const r = applySelected(level, ops, selected);
    if (r.applied.length) this.editor.commit(`AI: ${r.applied.length} of ${ops.length} changes`, r.intents, level, r.level);
    this.replace({ ...m, applied: r.applied.length === ops.length ? 'applied' : r.applied.length ? 'partial' : 'cancelled', appliedIndexes: r.applied });
    this.notice(reviewNotice(ops, r.applied, r.failed), { forModel: true, turnId: m.turnId });
  }

  cancelReview(messageId: string) {
    const m = this.messages.find((x) => x.id === messageId);
    if (!m || m.applied !== 'pending' || !m.operations) return;
    this.replace({ ...m, applied: 'cancelled', appliedIndexes: [] });
    this.notice(reviewNotice(m.operations as Operation[], []), { forModel: true, turnId: m.turnId });
  }

  private async runSlash(text: string, level: LevelT) {
    const turnId = uid();
    this.add({ id: uid(), levelId: level.id, turnId, role: 'user', content: text, createdAt: Date.now() });
    const cmd = parseSlash(text);
    if ('error' in cmd) return this.notice(cmd.error, { kind: 'error', turnId });
    if (cmd.name === 'help') return this.notice(slashHelp(), { turnId });
    this.busy = true;
    try {
      const r = await runTool(level, cmd.name, cmd.args, { analysis: this.analysis() });
      if (!r.ok) return this.notice(r.error, { kind: 'error', turnId });
      if (r.kind === 'edit' && r.intent) {
        const t = this.editor.transact(text.slice(0, 60), [r.intent]);
        if (!t.ok) return this.notice(t.error, { kind: 'error', turnId });
      }
      this.notice(r.kind === 'edit' && r.intent ? intentLabel(r.intent, r.summary) : r.summary, { turnId });
    } finally {
      this.busy = false;
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

  exportMarkdown(levelName: string): string {
    const lines = [`# Conversation about “${levelName}”`, ''];
    for (const m of this.messages) {
      if (m.role === 'user') lines.push(`**Designer:** ${m.content}`, '');
      else if (m.role === 'assistant') {
        if (m.content) lines.push(`**Copilot${m.model ? ` (${m.model})` : ''}:** ${m.content}`, '');
        for (const c of m.toolCalls ?? []) lines.push(`- \`${c.name}(${c.arguments})\` → ${c.ok === false ? 'error: ' : ''}${(c.result ?? '').split('\n')[0]}`);
        if (m.operations?.length) {
          lines.push('', `Operations (${m.applied ?? 'pending'}):`);
          m.operations.forEach((o, i) => lines.push(`${i + 1}. ${o.summary}${m.appliedIndexes?.includes(i) ? ' ✔' : ''}`));
        }
        lines.push('');
      } else if (m.role === 'notice') lines.push(`> ${m.content.replace(/\n/g, '\n> ')}`, '');
    }
    lines.push(`Tokens: ${this.usage.prompt} in, ${this.usage.completion} out.`);
    return lines.join('\n');
  }

  presetLabel(p: ProviderConfig) {
    return presetOf(p.preset).label;
  }
}
