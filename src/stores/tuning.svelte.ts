// "Tune to target": runs the registry's tune_level on the open level with progress and cancel, and
// lands the result as one undo step (only if the level did not change meanwhile).
import type { StepLabel } from '../core/notice.ts';
import { levelHash, type LevelT } from '../core/level/index.ts';
import { outcomeIntents, runTool, type SimRunner } from '../core/tools/index.ts';
import type { TuneResult } from '../core/tune/search.ts';
import type { SimCounts } from '../core/sim/analysis/counts.ts';
import type { EditorStore } from './editor.svelte.ts';
import { Job } from './job.ts';
import { defaultTuneForm, type TuneForm } from './tuneForm.ts';
import type { ToolContext } from '../core/tools/index.ts';
import type { PlayerTargetData } from '../core/tools/tune.ts';

/** What a players' target needs from the calibration store (tune_level's context). */
export type PlayersContext = Pick<ToolContext, 'calibration' | 'playersOf'>;

export type TuneOutcome = Omit<TuneResult, 'level' | 'counts'> & { counts: SimCounts[]; applied: boolean; levelChanged: boolean; undone?: boolean; playerTarget?: PlayerTargetData };

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

  constructor(
    private readonly editor: EditorStore,
    private readonly runner: () => SimRunner,
    /** Told about the confirmation run of a landed result (the analysis report shows it at once). */
    private readonly onConfirmed?: (level: LevelT, counts: SimCounts[]) => void,
    /** Told about the band the designer aims the level at (the report's fixes aim at it too). */
    private readonly onTarget?: (level: LevelT, band: { lo: number; hi: number }) => void,
    /** The players' calibration and their own counts, for a players' target (tune_level's target_pass_rate translates through it). */
    private readonly players: () => PlayersContext = () => ({ calibration: null }),
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
        const intents = outcomeIntents(r);
        // the designer may have edited while the search ran: then the result belongs to an older level
        const current = this.editor.level;
        const changed = !current || current.id !== level.id || levelHash(current) !== levelHash(level);
        let applied = false;
        if (intents.length && !changed) {
          const tx = this.editor.transact(undoLabel, intents);
          applied = tx.ok;
          if (!tx.ok) this.error = tx.error;
          else {
            this.landed = { id: tx.level.id, hash: levelHash(tx.level) };
            this.onConfirmed?.(tx.level, data.counts);
          }
        }
        this.result = { ...data, applied, levelChanged: changed && intents.length > 0 };
      },
      (message) => (this.error = message),
      () => (this.running = null),
    );
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
    this.result = null;
    this.error = null;
  }
}
