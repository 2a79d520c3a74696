// The "Tune to target" form's values, kept by its button between openings of the dialog.
import type { Lever } from '../../core/facts.ts';

export interface TuneForm {
  /** Target in percent: the bot's win rate, or players' pass rate when `terms` is 'players' (a calibration exists). */
  targetPct: number;
  terms: 'bot' | 'players';
  /** Accepted distance from the target in percent. */
  tolerancePct: number;
  tier: string;
  levers: Record<Lever, boolean>;
  /** Per lever, how far the tune may go (designer units, src/core/tune/bounds.ts); null ends keep the valid range. */
  bounds: Record<Lever, { from: number | null; to: number | null }>;
}
