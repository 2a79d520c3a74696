// The copilot in the studio: one object the app builds and the chat's panel reads, made of small stores,
// one job each (src/stores/chat/): the providers and keys, the conversation of the open level, the
// running turn, recovery of a request that got no answer, review of proposals, slash commands. The loop
// itself lives in ai/agent.ts; the words are the UI's (a store says what happened as a `Note`).
import type { LevelT } from '../core/level/index.ts';
import type { AnalysisService } from '../core/tools/index.ts';
import type { CopilotSettings, ProviderConfig } from '../ai/providers.ts';
import type { ChatMessage, Said } from '../ai/messages.ts';
import type { ChatProvider } from '../ai/client.ts';
import { isSlash } from '../ai/slash.ts';
import type { AnalysisPublish } from '../ai/briefs.ts';
import type { Storage } from '../db/storage.ts';
import type { EditorStore } from './editor.svelte.ts';
import type { GamesStore } from './games.svelte.ts';
import { ProviderSettings } from './chat/providers.svelte.ts';
import { Conversation, type ConversationExport } from './chat/conversation.svelte.ts';
import { CopilotTurn, describeError } from './chat/turn.svelte.ts';
import { Recovery } from './chat/recovery.svelte.ts';
import { ChatReview, type ReviewError } from './chat/review.svelte.ts';
import { runSlash } from './chat/slash.ts';

export type { LiveTurn, RetryNote } from './chat/turn.svelte.ts';
export type { KeyRequest } from './chat/recovery.svelte.ts';
export type { ConversationExport } from './chat/conversation.svelte.ts';

export class ChatStore {
  readonly providers: ProviderSettings;
  readonly conversation: Conversation;
  readonly turn: CopilotTurn;
  readonly recovery: Recovery;
  readonly review: ChatReview;

  constructor(
    private readonly editor: EditorStore,
    storage: () => Storage | null,
    private readonly analysis: () => AnalysisService | undefined,
    /** A provider factory: tests and the app may substitute. */
    makeProvider: (cfg: ProviderConfig) => ChatProvider | Promise<ChatProvider> = async (cfg) => new (await import('../ai/client.ts')).OpenAICompatibleProvider(cfg),
    /** Where the copilot's analyses go so that the Analysis panel shows them (the workspace wires it). */
    publishAnalysis: (r: AnalysisPublish) => void = () => {},
    private readonly clock: () => number = Date.now,
    /** The workspace's games: an approved change to a game (define_element, update_element) is stored through it. */
    games: () => GamesStore | Promise<GamesStore> | null | undefined = () => undefined,
  ) {
    this.providers = new ProviderSettings(storage);
    this.conversation = new Conversation(storage, clock);
    this.recovery = new Recovery(this.conversation, this.providers, () => this.turn.busy, (text) => this.send(text));
    this.turn = new CopilotTurn({ editor, conversation: this.conversation, providers: this.providers, recovery: this.recovery, analysis, makeProvider, publishAnalysis, clock });
    this.review = new ChatReview(this.conversation, editor, games, clock);
  }

  // the providers and keys
  get settings(): CopilotSettings {
    return this.providers.settings;
  }
  get keys(): Record<string, string> {
    return this.providers.keys;
  }
  get active() {
    return this.providers.active;
  }
  get cost() {
    return this.providers.costOf(this.conversation.usage);
  }
  load() {
    return this.providers.load();
  }
  applyStoredSetting(key: string, value: unknown) {
    this.providers.applyStoredSetting(key, value);
  }
  updateSettings(patch: Partial<CopilotSettings>) {
    this.providers.updateSettings(patch);
  }
  addProvider(presetId: string): ProviderConfig {
    return this.providers.addProvider(presetId);
  }
  updateProvider(id: string, patch: Partial<ProviderConfig>) {
    this.providers.updateProvider(id, patch);
  }
  removeProvider(id: string) {
    this.providers.removeProvider(id);
  }
  setKey(id: string, key: string) {
    this.providers.setKey(id, key);
  }
  configWithKey(p: ProviderConfig): ProviderConfig {
    return this.providers.configWithKey(p);
  }

  // the conversation
  get messages(): ChatMessage[] {
    return this.conversation.messages;
  }
  get levelId(): string | null {
    return this.conversation.levelId;
  }
  set levelId(id: string | null) {
    this.conversation.levelId = id;
  }
  get error(): Said | null {
    return this.conversation.error;
  }
  get usage() {
    return this.conversation.usage;
  }
  get pendingReviews() {
    return this.conversation.pendingReviews;
  }
  get pendingReview() {
    return this.conversation.pendingReview;
  }
  /** Shows the conversation of another level. */
  async open(levelId: string) {
    if (this.conversation.levelId === levelId) return;
    this.stop();
    this.recovery.failed = null;
    await this.conversation.open(levelId);
  }
  /** Another tab wrote to a conversation: show it, unless a turn is running here. */
  reload(levelId: string | null) {
    return this.conversation.reload(levelId, () => this.turn.busy);
  }
  clear() {
    return this.conversation.clear();
  }
  exportJson(levelName: string): string {
    return this.conversation.exportJson(levelName);
  }
  /** The conversation for the Markdown export, worded by the UI (ui/chat/exportMarkdown.ts). */
  exportData(levelName: string): ConversationExport {
    return this.conversation.exportData(levelName);
  }

  // the running turn
  get live() {
    return this.turn.live;
  }
  get busy(): boolean {
    return this.turn.busy;
  }
  analysisProgress(tool: string, done: number, total: number) {
    this.turn.analysisProgress(tool, done, total);
  }
  stop() {
    this.turn.stop();
  }
  /** An error from the client, to be said in the designer's language. */
  describeError(e: unknown): Said {
    return describeError(e);
  }
  async send(text: string) {
    const level = this.editor.level;
    if (!level || this.turn.busy) return;
    this.conversation.error = null;
    this.recovery.failed = null;
    if (isSlash(text)) return runSlash({ editor: this.editor, conversation: this.conversation, turn: this.turn, analysis: this.analysis, clock: this.clock }, text, level);
    await this.turn.send(text, level);
  }

  // recovery
  get failed() {
    return this.recovery.failed;
  }
  get contextTooLong() {
    return this.recovery.contextTooLong;
  }
  get contextCut() {
    return this.recovery.contextCut;
  }
  get keepTurns(): number {
    return this.recovery.keepTurns;
  }
  get keyRequest() {
    return this.recovery.keyRequest;
  }
  retry() {
    return this.recovery.retry();
  }
  useCompactAndRetry() {
    return this.recovery.useCompactAndRetry();
  }
  trimAndRetry() {
    return this.recovery.trimAndRetry();
  }
  provideKey(key: string, remember: boolean) {
    return this.recovery.provideKey(key, remember);
  }
  cancelKeyRequest() {
    this.recovery.cancelKeyRequest();
  }

  // review
  get reviewErrors(): Record<string, ReviewError> {
    return this.review.errors;
  }
  preview(m: ChatMessage, selected: number[]): LevelT | null {
    return this.review.preview(m, selected);
  }
  applyReview(messageId: string, selected: number[]): boolean | Promise<boolean> {
    return this.review.apply(messageId, selected);
  }
  cancelReview(messageId: string) {
    this.review.cancel(messageId);
  }
}
