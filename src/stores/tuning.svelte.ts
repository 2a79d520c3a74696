// "Tune to target": runs the registry's tune_level on the open level with progress and cancel, and
// lands the result as one undo step (only if the level did not change meanwhile). A result that missed
// its band lands nothing: the closest level waits for the designer (apply it, or keep the level).
import type { StepLabel } from '../core/notice.ts';
import { levelHash, type LevelT } from '../core/level/index.ts';
import { heldIntents, outcomeIntents, runTool, type Intent, type SimRunner } from '../core/tools/index.ts';
import type { TuneResult } from '../core/tune/search.ts';
import type { SimCounts } from '../core/sim/analysis/counts.ts';
import type { EditorStore } from './editor.svelte.ts';
import { Job } from './job.ts';
import { defaultTuneForm, type TuneForm } from './tuneForm.ts';
import type { ToolContext } from '../core/tools/index.ts';
import type { PlayerTargetData } from '../core/tools/tune.ts';
import type { GameChange } from '../core/tune/search.ts';
import { gameById } from '../core/game/known.ts';
import { gamePlayHash } from '../core/game/playHash.ts';
import type { GamesStore } from './games.svelte.ts';

/** What a players' target needs from the calibration store (tune_level's context). */
export type PlayersContext = Pick<ToolContext, 'calibration' | 'playersOf'>;

/**
 * `pending`: the band was missed and the closest level waits for the designer's choice (nothing applied);
 * `kept`: they chose to keep the level as it is.
 */
export type TuneOutcome = Omit<TuneResult, 'level' | 'counts'> & { counts: SimCounts[]; applied: boolean; levelChanged: boolean; undone?: boolean; pending?: boolean; kept?: boolean; playerTarget?: PlayerTargetData } & GameOutcome;

/**
 * A result with a change to the level's game (emitter levers, RULES §12.1): `gamePending` while it waits for
 * the designer, `gameLevels` the levels of the workspace that play the game (all of them change),
 * `gameApplied` once stored as the games store's undoable step, `gameRefused` why it was not (a level of the
 * game that would break, or the game changed since the tune).
 */
export type GameOutcome = { gamePending?: boolean; gameLevels?: number; gameApplied?: boolean; gameRefused?: 'stale' | 'noGames' | 'breaks' | 'other' };

export interface TuneArgs {
  target_win_rate?: number;
  target_pass_rate?: number;
  tier: string;
  tolerance: number;
  levers: string[];
  bounds?: Record<string, { from: number; to: number }>;
}

const band = (target: number, tolerance: number) => ({ lo: Math.max(0, target - tolerance), hi: Math.min(1, target + tolerance) });

export class TuningStore {
  running = $state<null | { done: number; total: number }>(null);
  result = $state.raw<TuneOutcome | null>(null);
  error = $state<string | null>(null);
  /** The dialog's form: kept here, so it opens as the designer left it, whatever remounts its button. */
  form = $state<TuneForm>(defaultTuneForm());
  /** The target (percent) each level was last tuned to: the dialog opens at it for that level. */
  private lastTargets = new Map<string, { pct: number; terms: TuneForm['terms'] }>();
  private readonly job = new Job();
  /** The level value the last tuning landed (its Undo only takes back that step). */
  private landed: { id: string; hash: string } | null = null;
  /** A missed band's closest level, waiting for the designer: the level it was found for, its intents, its confirmation counts. */
  private waiting: { level: LevelT; intents: Intent[]; counts: SimCounts[]; label: StepLabel } | null = null;
  /** A result with a game change, waiting for the designer: the level and game (its play hash) it was found for. */
  private waitingGame: { level: LevelT; intents: Intent[]; counts: SimCounts[]; label: StepLabel; change: GameChange; hash: string } | null = null;

  constructor(
    private readonly editor: EditorStore,
    private readonly runner: () => SimRunner,
    /** Told about the confirmation run of a landed result (the analysis report shows it at once). */
    private readonly onConfirmed?: (level: LevelT, counts: SimCounts[]) => void,
    /** Told about the band the designer aims the level at (the report's fixes aim at it too). */
    private readonly onTarget?: (level: LevelT, band: { lo: number; hi: number }) => void,
    /** The players' calibration and their own counts, for a players' target (tune_level's target_pass_rate translates through it). */
    private readonly players: () => PlayersContext = () => ({ calibration: null }),
    /** The workspace's games: a game change (emitter levers) is stored through them, one undoable step. */
    private readonly games?: () => Promise<GamesStore>,
  ) {}

  /** The dialog opens: at the target this level was last tuned to, else where the form was left. */
  openFor(level: LevelT | null) {
    this.reset();
    const last = level ? this.lastTargets.get(level.id) : undefined;
    if (last) this.form = { ...this.form, targetPct: last.pct, terms: last.terms };
  }

  /** Tunes to a bot's target (target_win_rate) or a players' (target_pass_rate, through the calibration). */
  async tune(args: TuneArgs, undoLabel: StepLabel) {
    const level = this.editor.level;
    if (!level || this.running) return;
    this.error = null;
    this.result = null;
    this.landed = null;
    this.waiting = null;
    this.waitingGame = null;
    this.running = { done: 0, total: 1 };
    if (args.target_win_rate !== undefined) this.onTarget?.(level, band(args.target_win_rate, args.tolerance));
    const aim = args.target_pass_rate ?? args.target_win_rate;
    if (aim !== undefined) this.lastTargets.set(level.id, { pct: Math.round(aim * 100), terms: args.target_pass_rate !== undefined ? 'players' : 'bot' });
    await this.job.run(
      async (signal) => {
        const r = await runTool(level, 'tune_level', args, {
          runner: this.runner(),
          ...this.players(),
          signal,
          onProgress: (done, total) => {
            if (this.running) this.running = { done, total };
          },
        });
        if (!r.ok) {
          this.error = r.error;
          return;
        }
        const data = r.data as Omit<TuneOutcome, 'applied' | 'levelChanged'>;
        // a players' target: the report's fixes aim at the bot band it was translated into
        if (data.playerTarget) this.onTarget?.(level, band(data.playerTarget.botTarget, data.playerTarget.botTolerance));
        const intents = outcomeIntents(r), held = heldIntents(r);
        // the designer may have edited while the search ran: then the result belongs to an older level
        const changed = this.changedSince(level);
        if (data.gameChange && !changed) return this.holdGameChange(level, data, [...intents, ...held], undoLabel);
        if (held.length && !changed) {
          // a missed band: nothing lands until the designer chooses (applyClosest, keep)
          this.waiting = { level, intents: held, counts: data.counts, label: undoLabel };
          this.result = { ...data, applied: false, levelChanged: false, pending: true };
          return;
        }
        const applied = intents.length > 0 && !changed && this.land(undoLabel, intents, data.counts);
        this.result = { ...data, applied, levelChanged: changed && intents.length + held.length > 0 };
      },
      (message) => (this.error = message),
      () => (this.running = null),
    );
  }

  /** A game change waits for the designer's word (it changes every level of the game); the levels that play it are counted. */
  private async holdGameChange(level: LevelT, data: Omit<TuneOutcome, 'applied' | 'levelChanged'>, intents: Intent[], label: StepLabel) {
    const change = data.gameChange!;
    const game = gameById(change.id);
    this.waitingGame = { level, intents, counts: data.counts, label, change, hash: game ? gamePlayHash(game) : '' };
    const store = await this.games?.().catch(() => undefined);
    this.result = { ...data, applied: false, levelChanged: false, gamePending: true, ...(store ? { gameLevels: store.levelsOf(change.id).length } : {}) };
  }

  /**
   * The designer applies a result's game change: stored through the games store (the path the copilot's
   * reviewed game changes take: checked against every level of the game, one undoable step labelled
   * `gameLabel`), then the result's level edits, if any, as the level's own undo step.
   */
  async applyGameChange(gameLabel: string): Promise<boolean> {
    const w = this.waitingGame;
    if (!w || !this.result?.gamePending) return false;
    const refuse = (why: NonNullable<GameOutcome['gameRefused']>) => ((this.result = { ...this.result!, gamePending: false, gameRefused: why }), false);
    this.waitingGame = null;
    if (this.changedSince(w.level)) {
      this.result = { ...this.result, gamePending: false, levelChanged: true };
      return false;
    }
    const now = gameById(w.change.id);
    if (!now || gamePlayHash(now) !== w.hash) return refuse('stale');
    const store = await this.games?.().catch(() => undefined);
    if (!store) return refuse('noGames');
    const res = await store.update(w.change.game, { label: gameLabel });
    if (!res.ok) return refuse(res.reason === 'breaks' ? 'breaks' : 'other');
    const applied = w.intents.length > 0 && this.land(w.label, w.intents, w.counts);
    this.result = { ...this.result, gamePending: false, gameApplied: true, applied, gameLevels: res.ok ? store.levelsOf(w.change.id).length : this.result.gameLevels };
    return true;
  }

  private changedSince(level: LevelT): boolean {
    const current = this.editor.level;
    return !current || current.id !== level.id || levelHash(current) !== levelHash(level);
  }

  /** Lands a tuning as one undo step and shows its confirmation run as the level's report. */
  private land(label: StepLabel, intents: Intent[], counts: SimCounts[]): boolean {
    const tx = this.editor.transact(label, intents);
    if (!tx.ok) {
      this.error = tx.error;
      return false;
    }
    this.landed = { id: tx.level.id, hash: levelHash(tx.level) };
    this.onConfirmed?.(tx.level, counts);
    return true;
  }

  /** The designer applies a missed band's closest level (one undo step), if the level is still as it was tuned. */
  applyClosest(): boolean {
    const w = this.waiting;
    if (!w || !this.result?.pending) return false;
    this.waiting = null;
    if (this.changedSince(w.level)) {
      this.result = { ...this.result, pending: false, levelChanged: true };
      return false;
    }
    const applied = this.land(w.label, w.intents, w.counts);
    this.result = { ...this.result, pending: false, applied };
    return applied;
  }

  /** The designer keeps the level as it is: the closest level is dropped (a game change too). */
  keep() {
    if (this.waitingGame && this.result?.gamePending) {
      this.waitingGame = null;
      this.result = { ...this.result, gamePending: false, kept: true };
      return;
    }
    if (!this.waiting || !this.result?.pending) return;
    this.waiting = null;
    this.result = { ...this.result, pending: false, kept: true };
  }

  cancel() {
    this.job.cancel();
  }

  /** Takes back the tuning just applied (the dialog's Undo), if the level is still as the tuning left it. */
  undo(): boolean {
    const l = this.editor.level;
    if (!this.landed || !this.result?.applied || !l || l.id !== this.landed.id || levelHash(l) !== this.landed.hash) return false;
    this.editor.undo();
    this.landed = null;
    this.result = { ...this.result, applied: false, undone: true };
    return true;
  }

  reset() {
    this.waiting = null;
    this.waitingGame = null;
    this.result = null;
    this.error = null;
  }
}
