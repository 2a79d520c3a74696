// The "Tune to target" form's values: kept by the tuning store, so the dialog opens where the designer
// left it (not at 30% again after a tune to 70%: issue 34, item 8), whatever remounts its button.
import { DEFAULT_TIER, LEVERS, TUNING, type Lever } from '../core/facts.ts';

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

/** The form's first values: a 30% target for the average bot, the default levers, no bounds. */
export function defaultTuneForm(): TuneForm {
  return {
    targetPct: 30,
    terms: 'bot',
    tolerancePct: TUNING.tolerance.default * 100,
    tier: DEFAULT_TIER,
    levers: Object.fromEntries(LEVERS.map((l) => [l, TUNING.defaultLevers.includes(l)])) as Record<Lever, boolean>,
    bounds: Object.fromEntries(LEVERS.map((l) => [l, { from: null, to: null }])) as TuneForm['bounds'],
  };
}
