// Review of the copilot's proposals: the chosen operations applied as one undo step (all or nothing),
// a change to the level's game stored through the games store, and the model told what became of each.
import type { LevelT } from '../../core/level/index.ts';
import { getTool, isGameTool, validateArgs, type GameTool } from '../../core/tools/index.ts';
import { gameById } from '../../core/game/known.ts';
import { CLASSIC_ID, type GameDef } from '../../core/game/types.ts';
import type { Operation } from '../../ai/agent.ts';
import { applySelected, reviewNotice } from '../../ai/review.ts';
import type { ChatMessage } from '../../ai/messages.ts';
import type { GameResult, GamesStore } from '../games.svelte.ts';
import type { EditorStore } from '../editor.svelte.ts';
import type { Conversation } from './conversation.svelte.ts';

/** Why an operation could not be applied: the UI words it (src/ui/chat/words.ts, reviewErrorText). */
export type ReviewProblem =
  /** The operation's own error (a tool's message, worded by problemText). */
  | { kind: 'problem'; text: string }
  /** The games store could not be loaded. */
  | { kind: 'noGames' }
  /** The level's game is not known here (or the game tool's arguments could not be checked against it). */
  | { kind: 'unknownGame'; game: string }
  /** The games store refused the change. */
  | { kind: 'refused'; refusal: Exclude<GameResult, { ok: true }> };

/** Why Apply selected refused: which operation (its place in the list, and the level it was labelled on) and why. */
export interface ReviewError {
  index: number;
  op: Pick<Operation, 'intent' | 'summary'>;
  /** The level as it was when the operation failed (its size and game name the operation's cells). */
  place?: { width: number; height: number; game?: string };
  problem: ReviewProblem;
}

const problem = (text: string): ReviewProblem => ({ kind: 'problem', text });
const placeOf = (l: LevelT | null | undefined) => (l ? { width: l.width, height: l.height, ...(l.game !== undefined ? { game: l.game } : {}) } : undefined);

export class ChatReview {
  /** Why Apply selected refused, by proposal message id (the panel stays open). */
  errors = $state<Record<string, ReviewError>>({});

  constructor(
    private readonly conversation: Conversation,
    private readonly editor: EditorStore,
    private readonly games: () => GamesStore | Promise<GamesStore> | null | undefined,
    private readonly clock: () => number,
  ) {}

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
  apply(messageId: string, selected: number[]): boolean | Promise<boolean> {
    const m = this.conversation.messages.find((x) => x.id === messageId);
    const level = this.editor.level;
    if (!m || !level || m.applied !== 'pending' || !m.operations) return false;
    const ops = m.operations as Operation[];
    const open = selected.filter((i) => m.operations![i] && !m.operations![i].status);
    const gameIdx = open.filter((i) => isGameTool(ops[i].intent.tool));
    if (gameIdx.length) return this.applyGameChange(m, ops, gameIdx, open.filter((i) => !gameIdx.includes(i)));
    const r = applySelected(level, ops, open);
    if (!r.ok) return this.failed(m.id, ops, r.failed.index, problem(r.failed.error));
    this.clearError(messageId);
    if (r.applied.length) this.editor.commit(`AI: ${r.applied.length} of ${ops.length} changes`, r.intents, level, r.level);
    this.decide(m, r.applied);
    return true;
  }

  cancel(messageId: string) {
    const m = this.conversation.messages.find((x) => x.id === messageId);
    if (!m || m.applied !== 'pending' || !m.operations) return;
    this.clearError(messageId);
    this.decide(m, []);
  }

  private clearError(messageId: string) {
    const { [messageId]: _done, ...rest } = this.errors;
    this.errors = rest;
  }

  private failed(messageId: string, ops: readonly Operation[], index: number, why: ReviewProblem, level: LevelT | null = this.editor.level): false {
    const { intent, summary } = ops[index];
    this.errors = { ...this.errors, [messageId]: { index, op: { intent, summary }, place: placeOf(level), problem: why } };
    return false;
  }

  /**
   * A reviewed change to the level's game: each operation proposed again on the game as it is now
   * (checked like a game file), then stored as one step of the games store, which re-validates the
   * game's levels and refuses, naming them, when any would break. The level's chosen edits follow.
   */
  private async applyGameChange(m: ChatMessage, ops: readonly Operation[], gameIdx: number[], levelIdx: number[]): Promise<boolean> {
    const games = await this.games();
    const level = this.editor.level;
    if (!games || !level) return this.failed(m.id, ops, gameIdx[0], { kind: 'noGames' });
    const proposed = await this.proposeAgain(m.id, ops, gameIdx, level.game ?? CLASSIC_ID);
    if (!proposed) return false;
    // the games store's step label is a string: the model's own summaries of the operations (not the studio's words)
    const res = await games.update(proposed, { label: `AI: ${gameIdx.map((i) => ops[i].summary).join('; ').slice(0, 80)}` });
    if (!res.ok) return this.failed(m.id, ops, gameIdx[0], { kind: 'refused', refusal: res });
    const applied = [...gameIdx, ...this.applyLevelEdits(m.id, ops, levelIdx)];
    if (!this.errors[m.id] || applied.length === gameIdx.length + levelIdx.length) this.clearError(m.id);
    this.decide(m, applied);
    return true;
  }

  /** The game after the chosen game operations, each proposed again on the game as it is now; undefined when one fails (said). */
  private async proposeAgain(messageId: string, ops: readonly Operation[], gameIdx: number[], id: string): Promise<GameDef | undefined> {
    let game: GameDef | undefined = gameById(id);
    for (const i of gameIdx) {
      const tool = getTool(ops[i].intent.tool) as GameTool;
      const v = game && validateArgs(tool.name, ops[i].intent.args, game);
      if (!game || !v) return void this.failed(messageId, ops, i, { kind: 'unknownGame', game: id });
      if (!v.ok) return void this.failed(messageId, ops, i, problem(v.error));
      try {
        game = (await tool.propose(game, v.args)).game;
      } catch (e) {
        return void this.failed(messageId, ops, i, problem(`${tool.name}: ${(e as Error).message}`));
      }
    }
    return game;
  }

  /** The level's own chosen edits, on the level as the game change left it: the indexes applied. */
  private applyLevelEdits(messageId: string, ops: readonly Operation[], levelIdx: number[]): number[] {
    const now = this.editor.level;
    if (!levelIdx.length || !now) return [];
    const r = applySelected(now, ops, levelIdx);
    if (r.ok && r.applied.length) {
      this.editor.commit(`AI: ${r.applied.length} of ${ops.length} changes`, r.intents, now, r.level);
      return r.applied;
    }
    if (!r.ok) this.failed(messageId, ops, r.failed.index, problem(r.failed.error), now);
    return [];
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
    this.conversation.replace({
      ...m,
      applied: appliedAll.length === ops.length ? 'applied' : appliedAll.length ? 'partial' : 'cancelled',
      appliedIndexes: appliedAll,
      decidedAt: at,
      operations,
    });
    const fresh = ops.flatMap((o, i) => (o.status ? [] : [i]));
    const now = applied.filter((i) => fresh.includes(i));
    const told = fresh.map((i) => ops[i] as Operation);
    this.conversation.notice(reviewNotice(told, now.map((i) => fresh.indexOf(i))), {
      forModel: true,
      turnId: m.turnId,
      note: {
        key: now.length ? 'chat.note.reviewApplied' : fresh.length === 1 ? 'chat.note.reviewDeclined1' : 'chat.note.reviewDeclined',
        params: { applied: now.length, n: fresh.length },
      },
    });
  }
}
