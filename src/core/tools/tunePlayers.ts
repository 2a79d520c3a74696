// tune_level's players' target (issue 19), loaded only when one is given: the translation through the
// calibration (src/core/calibration/playerTarget.ts, the one translation every caller uses) from a deep
// analysis of the level, and the players' prediction after the tune.
import { intervalText, pct } from '../format.ts';
import type { LevelT } from '../level/index.ts';
import { ANALYSIS_GAMES, TUNING, type Tier } from '../facts.ts';
import type { SimCounts } from '../sim/analysis/counts.ts';
import { botTargetFor, playersAfterTune } from '../calibration/playerTarget.ts';
import type { SimRunner, ToolContext } from './define.ts';

/** What a tune to a players' target reports besides the bot's figures (the tool's data `playerTarget`). */
export interface PlayerTargetData {
  target: number;
  tolerance: number;
  botTarget: number;
  botTolerance: number;
  /** The players' prediction before the tune and after it (after: from the confirmed win rate, the same shift assumption). */
  before: { passRate: number; low: number; high: number };
  /** True when the level has players' own data: before is their rate, and after keeps its deviation from the model. */
  measured?: boolean;
  after: { passRate: number; low: number; high: number; attemptsPerSuccess: number } | null;
}

/** target_pass_rate → the tier's win-rate target and tolerance, through the calibration, from a deep analysis of the level. */
export async function playerTarget(level: LevelT, target: number, tier: Tier, tolerance: number, ctx: ToolContext & { runner: SimRunner }) {
  if (!ctx.calibration) throw new Error('tune_level: target_pass_rate needs a players\' calibration (import player data in the pack view); give target_win_rate for a bot\'s target');
  const counts = await ctx.runner.deep(level, ANALYSIS_GAMES.default, { signal: ctx.signal });
  const tiers = Object.fromEntries(counts.map((c) => [c.tier, c]));
  // a level with players' own data starts from their rate (its deviation from the model is kept)
  const own = ctx.playersOf?.(level.id);
  const measured = own ? { attempts: own.attempts, successes: own.successes } : undefined;
  const t = botTargetFor(ctx.calibration, tiers, target, tier, tolerance, measured);
  if (!t) throw new Error('tune_level: the level\'s analysis lacks a tier the calibration needs');
  const botTarget = Math.min(TUNING.target.max, Math.max(TUNING.target.min, t.botTarget));
  const botTolerance = Math.min(TUNING.tolerance.max, Math.max(TUNING.tolerance.min, t.botTolerance ?? tolerance));
  const note = `- Players: target ${pct(target)} of attempts passing → ${tier} bot ${pct(botTarget)} through the calibration (a prediction; players before: ${measured ? `their own rate ${pct(t.before.passRate)}` : `about ${pct(t.before.passRate)}, 95% prediction interval ${intervalText(t.before, 0)}`})`;
  return { target, tolerance, botTarget, botTolerance, before: t.before, note, tiers, model: ctx.calibration, measured };
}

/** The players' prediction after the tune, from the tuned tier's confirmed counts. */
export function playersAfter(p: Awaited<ReturnType<typeof playerTarget>>, tier: Tier, confirmed: SimCounts) {
  const figures = playersAfterTune(p.model, p.tiers, tier, confirmed, p.measured);
  return figures && { figures, note: `- Players after (a prediction): about ${pct(figures.passRate)} of attempts pass, 95% prediction interval ${intervalText(figures, 0)}` };
}

