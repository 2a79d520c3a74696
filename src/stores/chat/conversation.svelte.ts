// The conversation of the open level: its messages as stored (read back checked, saved as they come),
// the notices the studio adds to it, its totals, and its export as data.
import { loadToolsOf } from '../../core/tools/index.ts';
import { ChatMessage, type Note, type Said } from '../../ai/messages.ts';
import type { Storage } from '../../db/storage.ts';

let seq = 0;
export const uid = () => `c${Date.now().toString(36)}${(++seq).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The conversation for an export: its messages and totals, worded by the UI (ui/chat/exportMarkdown.ts). */
export interface ConversationExport {
  levelName: string;
  messages: ChatMessage[];
  usage: { prompt: number; completion: number; cached: number };
}

export class Conversation {
  messages = $state.raw<ChatMessage[]>([]);
  levelId = $state<string | null>(null);
  /** What went wrong outside the conversation's own notices (a save, a provider that could not be made). */
  error = $state.raw<Said | null>(null);
  usage = $derived(
    this.messages.reduce(
      (a, m) => (m.usage ? { prompt: a.prompt + m.usage.promptTokens, completion: a.completion + m.usage.completionTokens, cached: a.cached + (m.usage.cachedTokens ?? 0) } : a),
      { prompt: 0, completion: 0, cached: 0 },
    ),
  );
  /** Every proposal not yet applied or cancelled, oldest first: each stays reachable until decided. */
  pendingReviews = $derived(this.messages.filter((m) => m.applied === 'pending' && !!m.operations?.length));
  pendingReview = $derived(this.pendingReviews.at(-1) ?? null);

  constructor(
    private readonly storage: () => Storage | null,
    private readonly clock: () => number,
  ) {}

  /** Shows the conversation of another level (the caller stops a running turn first). */
  async open(levelId: string) {
    this.levelId = levelId;
    this.error = null;
    const rows = await this.readBack((await this.storage()?.messages.list(levelId)) ?? []);
    if (this.levelId !== levelId) return;
    this.messages = rows;
  }

  /** Another tab wrote to a conversation: show it, unless a turn is running here (`busy`). */
  async reload(levelId: string | null, busy: () => boolean) {
    const open = this.levelId;
    if (!open || busy() || (levelId !== null && levelId !== open)) return;
    const rows = await this.readBack((await this.storage()?.messages.list(open)) ?? []);
    if (this.levelId !== open || busy()) return;
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
      .catch(() => (this.error = { key: 'chat.err.notSaved' }));
  }
  add(m: ChatMessage) {
    // a turn still running when the designer opens another level keeps writing to its own level
    if (m.levelId === this.levelId) this.messages = [...this.messages, m];
    this.persist(m);
  }
  replace(m: ChatMessage) {
    if (m.levelId === this.levelId) this.messages = this.messages.map((x) => (x.id === m.id ? m : x));
    this.persist(m);
  }
  /** A notice; with `note`, shown in the designer's language (`content` keeps the English for logs and the model). */
  notice(content: string, extra: Partial<ChatMessage> = {}) {
    this.add({ id: uid(), levelId: this.levelId ?? '', turnId: uid(), role: 'notice', content, createdAt: this.clock(), kind: 'info', ...extra });
  }
  noteNotice(note: Note, english: string, extra: Partial<ChatMessage> = {}) {
    this.notice(english, { note, ...extra });
  }

  /** The messages of a turn leave the conversation and the device (a request sent again). */
  async removeTurn(turnId: string) {
    const gone = this.messages.filter((m) => m.turnId === turnId);
    this.messages = this.messages.filter((m) => m.turnId !== turnId);
    await this.storage()?.messages.remove(gone.map((m) => m.id));
  }
  /** Messages shown and stored, taken out (an attempt that is asked again). */
  drop(ids: ReadonlySet<string>) {
    this.messages = this.messages.filter((m) => !ids.has(m.id));
    void this.storage()?.messages.remove([...ids]);
  }

  async clear() {
    if (!this.levelId) return;
    await this.storage()?.messages.clear(this.levelId);
    this.messages = [];
  }

  exportJson(levelName: string): string {
    return JSON.stringify({ format: 'match3-conversation', version: 1, level: levelName, exportedAt: new Date().toISOString(), messages: $state.snapshot(this.messages) }, null, 1);
  }

  exportData(levelName: string): ConversationExport {
    return { levelName, messages: this.messages, usage: this.usage };
  }
}
