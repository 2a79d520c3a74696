// Recovery of a request that did not get its answer: Retry sends a failed request again, a conversation
// the model found too long is trimmed and sent again, a prompt the provider cut is sent again with the
// compact tool set, and a message waiting for an API key that was not kept is sent once it is given.
import type { CopilotError } from '../../ai/client.ts';
import { presetOf, type ProviderConfig } from '../../ai/providers.ts';
import type { ChatMessage } from '../../ai/messages.ts';
import type { Conversation } from './conversation.svelte.ts';
import type { ProviderSettings } from './providers.svelte.ts';

/** A message that waits for the key of a provider whose key was not kept (Remember key off, after a reload). */
export interface KeyRequest {
  providerId: string;
  /** The provider as the designer named it (a preset's name by default; the UI translates a preset's). */
  provider: string;
  text: string;
  /** `notKept` (default): asked before sending; `refused`: the provider answered `status` to a request sent without a key. */
  reason?: 'notKept' | 'refused';
  status?: number;
}

type Sent = { text: string; turnId: string };

/** The provider as the designer named it (a preset's name by default). */
const providerName = (cfg: ProviderConfig) => cfg.name || presetOf(cfg.preset).label;

export class Recovery {
  /** The last request whose reply failed (its turn ends with an error notice): Retry sends it again. */
  failed = $state.raw<Sent | null>(null);
  /** Set when the model refused the conversation as too long: the UI offers to trim and retry. */
  contextTooLong = $state<Sent | null>(null);
  /** Set when the provider cut the prompt (its context window is too small): the UI offers the compact tool set. */
  contextCut = $state<(Sent & { providerId: string }) | null>(null);
  /** Earlier turns sent verbatim; older ones are folded into a summary. Trimming lowers it. */
  keepTurns = $state(6);
  /** Set when a message waits for an API key that was not kept: the UI asks for it. */
  keyRequest = $state<KeyRequest | null>(null);

  constructor(
    private readonly conversation: Conversation,
    private readonly providers: ProviderSettings,
    private readonly busy: () => boolean,
    private readonly send: (text: string) => Promise<void>,
  ) {}

  /** What a finished turn leaves to recover from: its failure, a conversation too long, a cut prompt. */
  noteOutcome(r: { status: string; error?: CopilotError; messages: readonly ChatMessage[] }, text: string, cfg: ProviderConfig) {
    const turnId = r.messages[0]?.turnId ?? '';
    this.failed = r.status === 'error' ? { text, turnId } : null;
    this.contextTooLong = r.error?.kind === 'context' ? { text, turnId } : null;
    this.contextCut = r.error?.kind === 'context_cut' ? { text, turnId, providerId: cfg.id } : null;
  }

  /** The failed request sent again, as it was: the failed attempt leaves the conversation first. */
  async retry() {
    const again = this.failed;
    if (!again || this.busy()) return;
    this.failed = null;
    this.contextTooLong = null;
    this.contextCut = null;
    await this.conversation.removeTurn(again.turnId);
    await this.send(again.text);
  }

  /** After a cut prompt: the provider uses the compact tool set from now on, and the request goes again. */
  async useCompactAndRetry() {
    const cut = this.contextCut;
    if (!cut || this.busy()) return;
    this.providers.updateProvider(cut.providerId, { toolSet: 'compact' });
    await this.retry();
  }

  /** After "context too long": send fewer earlier turns verbatim (the rest as a summary) and retry. */
  async trimAndRetry() {
    const retry = this.contextTooLong;
    if (!retry) return;
    // the refused request leaves the conversation; it is sent again with a shorter history
    await this.conversation.removeTurn(retry.turnId);
    const turns = new Set(this.conversation.messages.filter((m) => m.role === 'user').map((m) => m.turnId)).size;
    this.keepTurns = Math.max(0, Math.floor(Math.min(this.keepTurns, turns) / 2));
    this.contextTooLong = null;
    this.conversation.error = null;
    this.failed = null;
    const n = this.keepTurns;
    this.conversation.noteNotice(
      { key: 'chat.trimmed', params: { n } },
      `History trimmed: the last ${n === 1 ? 'exchange is' : `${n} exchanges are`} sent in full, older ones as a summary.`,
    );
    await this.send(retry.text);
  }

  /** The key was not kept (or never given): asked for before anything goes out. */
  askKey(cfg: ProviderConfig, text: string) {
    this.keyRequest = { providerId: cfg.id, provider: providerName(cfg), text };
  }

  /** The key asked for by `keyRequest`: kept (remembered if ticked), then the waiting message is sent. */
  async provideKey(key: string, remember: boolean) {
    const req = this.keyRequest;
    if (!req || !key.trim()) return;
    this.keyRequest = null;
    const { providers } = this;
    if (remember !== providers.settings.providers.find((p) => p.id === req.providerId)?.rememberKey) providers.updateProvider(req.providerId, { rememberKey: remember });
    providers.setKey(req.providerId, key);
    await this.send(req.text);
  }
  cancelKeyRequest() {
    this.keyRequest = null;
  }

  /**
   * A turn sent without a key that the provider refused (401/403) and that changed nothing: the provider
   * was not wrong about a key, there was none. The attempt leaves the conversation, the key is asked for
   * and the message waits for it (`provideKey` sends it).
   */
  askKeyAfterRefusal(r: { error?: CopilotError; intents: readonly unknown[]; messages: readonly ChatMessage[] }, cfg: ProviderConfig, text: string, keySent: boolean): boolean {
    if (keySent || r.error?.kind !== 'auth' || r.intents.length) return false;
    this.conversation.drop(new Set(r.messages.map((m) => m.id)));
    this.keyRequest = { providerId: cfg.id, provider: providerName(cfg), text, reason: 'refused', status: r.error.status };
    return true;
  }
}
