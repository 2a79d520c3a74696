import { describe, expect, it } from 'vitest';
import { botTargetFor, playersAfterTune } from '../../../src/core/calibration/playerTarget.ts';
import { playerRows } from '../../../src/core/calibration/playerCurve.ts';
import { predict, type FittedModel } from '../../../src/core/calibration/fit.ts';
import { featuresOf, FEATURES } from '../../../src/core/calibration/features.ts';
import { expit, logit } from '../../../src/core/calibration/stats.ts';
import { emptyCounts } from '../../../src/core/sim/analysis/counts.ts';
import type { PackRow } from '../../../src/core/pack/curve.ts';
import type { Tier } from '../../../src/core/facts.ts';

const p = FEATURES.length;
/** A model by hand: players' logit = b0 + Σ b·x (features unstandardised), with a small coefficient covariance and spread. */
function model(b0: number, b: Partial<Record<(typeof FEATURES)[number], number>>, tau2 = 0.1): FittedModel {
  const cov = Array.from({ length: p + 1 }, (_, i) => Array.from({ length: p + 1 }, (_, j) => (i === j ? 0.01 : 0)));
  return { mean: new Array(p).fill(0), sd: new Array(p).fill(1), beta: [b0, ...FEATURES.map((f) => b[f] ?? 0)], cov, tau2, lambda: 1 };
}
const meta = { rulesVersion: 2, levelHash: 'h', width: 5, height: 5, moveLimit: 20, curveMax: 40, objectives: 1 } as const;
const counts = (tier: Tier, wins: number, games = 1000) => ({ ...emptyCounts({ ...meta, tier }), games, wins });
const tiers = { novice: counts('novice', 200), average: counts('average', 550), expert: counts('expert', 800) };
const shiftedPrediction = (m: FittedModel, tier: number, bot: number) => {
  const x = featuresOf(tiers)!;
  const d = logit(bot) - x[tier];
  return predict(m, x.map((v, i) => (i <= 2 ? v + d : v))).passRate;
};

describe('a players\' target through the calibration', () => {
  const m = model(-1, { logit_average: 0.8, logit_expert: 0.4, skill_sensitivity: -0.5 });

  it('gives the bot target at which the calibration predicts the players\' target, for each tier', () => {
    for (const [tier, k] of [['novice', 0], ['average', 1], ['expert', 2]] as const) {
      const t = botTargetFor(m, tiers, 0.4, tier)!;
      expect(shiftedPrediction(m, k, t.botTarget)).toBeCloseTo(0.4, 6);
    }
    // a harder players' target needs a lower bot target
    expect(botTargetFor(m, tiers, 0.2, 'average')!.botTarget).toBeLessThan(botTargetFor(m, tiers, 0.4, 'average')!.botTarget);
  });

  it('reports the players\' prediction before, as predict does', () => {
    const t = botTargetFor(m, tiers, 0.4, 'average')!;
    const now = predict(m, featuresOf(tiers)!);
    expect(t.before).toEqual({ passRate: now.passRate, low: now.low, high: now.high });
  });

  it('translates the tolerance into a bot band that stays inside the players\' band, touching it on one side', () => {
    const tol = 0.05;
    const t = botTargetFor(m, tiers, 0.4, 'average', tol)!;
    expect(t.botTolerance).toBeGreaterThan(0);
    const lo = shiftedPrediction(m, 1, t.botTarget - t.botTolerance!), hi = shiftedPrediction(m, 1, t.botTarget + t.botTolerance!);
    expect(lo).toBeGreaterThanOrEqual(0.4 - tol - 1e-6);
    expect(hi).toBeLessThanOrEqual(0.4 + tol + 1e-6);
    expect(Math.min(Math.abs(lo - 0.35), Math.abs(hi - 0.45))).toBeLessThan(1e-5);
    expect(botTargetFor(m, tiers, 0.4, 'average')!.botTolerance).toBeUndefined();
  });

  it('works when the model reads the bots the other way round', () => {
    const reversed = model(0.5, { logit_average: -0.7 });
    const t = botTargetFor(reversed, tiers, 0.3, 'average')!;
    expect(shiftedPrediction(reversed, 1, t.botTarget)).toBeCloseTo(0.3, 6);
  });

  it('needs the three tiers', () => {
    expect(botTargetFor(m, { average: tiers.average }, 0.4, 'average')).toBeNull();
  });
});

describe('a level with players\' own data', () => {
  const m = model(-0.5, { logit_average: 1 });
  const own = { attempts: 4000, successes: 1000 }; // players pass 25%, whatever the model says
  it('starts from the players\' own rate and keeps the level\'s deviation from the model', () => {
    const plain = botTargetFor(m, tiers, 0.4, 'average')!;
    const t = botTargetFor(m, tiers, 0.4, 'average', undefined, own)!;
    expect(t.before.passRate).toBeCloseTo(1000.5 / 4001, 6);
    // the model alone predicts far more than 25% here: players find the level harder, so the bot must win more often
    expect(plain.before.passRate).toBeGreaterThan(0.4);
    expect(t.botTarget).toBeGreaterThan(plain.botTarget);
    // at the bot target, the model's prediction plus the level's own deviation is the target
    const x = featuresOf(tiers)!;
    const u = logit(1000.5 / 4001) - predict(m, x).eta;
    const d = logit(t.botTarget) - x[1];
    expect(expit(predict(m, x.map((v, i) => (i <= 2 ? v + d : v))).eta + u)).toBeCloseTo(0.4, 6);
  });
  it('predicts after a tune from the players\' own rate, with the model\'s uncertainty only', () => {
    const same = playersAfterTune(m, tiers, 'average', tiers.average, own)!;
    expect(same.passRate).toBeCloseTo(1000.5 / 4001, 4);
    const unanchored = playersAfterTune(m, tiers, 'average', tiers.average)!;
    // no level-to-level spread left in the interval: narrower than the plain prediction's (on the logit scale)
    const width = (f: { low: number; high: number }) => logit(f.high) - logit(f.low);
    expect(width(same)).toBeLessThan(width(unanchored));
  });
});

describe('the players\' prediction after a tune', () => {
  const m = model(-0.5, { logit_average: 1 });
  it('is the target when the tuned tier lands on the bot target, and the prediction before when nothing moved', () => {
    const t = botTargetFor(m, tiers, 0.35, 'average')!;
    // the confirmed counts at the bot target (smoothed logit (w+½)/(l+½) as the features read it)
    const games = 1_000_000, wins = Math.round(t.botTarget * games);
    const after = playersAfterTune(m, tiers, 'average', { wins, games })!;
    expect(after.passRate).toBeCloseTo(0.35, 3);
    expect(after.low).toBeLessThan(after.passRate);
    expect(after.high).toBeGreaterThan(after.passRate);
    const same = playersAfterTune(m, tiers, 'average', tiers.average)!;
    expect(same.passRate).toBeCloseTo(t.before.passRate, 4);
  });
  it('is null without a model, without the tiers before, or without games', () => {
    expect(playersAfterTune(null, tiers, 'average', tiers.average)).toBeNull();
    expect(playersAfterTune(m, { average: tiers.average }, 'average', tiers.average)).toBeNull();
    expect(playersAfterTune(m, tiers, 'average', { wins: 0, games: 0 })).toBeNull();
  });
});

describe('the pack curve in players\' terms', () => {
  const row = (i: number, winRate: number | null, target: number | null): PackRow => ({ id: `l${i}`, index: i, name: `L${i}`, winRate, low: null, high: null, games: 1000, target, flag: null, offTarget: false, staleWinRate: null });
  const figures: Record<string, { passRate: number; low: number; high: number; attemptsPerSuccess: number; measured: boolean }> = {
    l0: { passRate: 0.6, low: 0.58, high: 0.62, attemptsPerSuccess: 1.7, measured: true },
    l1: { passRate: 0.2, low: 0.12, high: 0.3, attemptsPerSuccess: 5, measured: false },
    l2: { passRate: 0.53, low: 0.45, high: 0.65, attemptsPerSuccess: 1.8, measured: false },
  };
  it('puts the players\' figures in place of the bot\'s, with flags and off-target on the players\' figures', () => {
    const rows = playerRows([row(0, 0.9, 0.6), row(1, 0.85, 0.5), row(2, 0.8, 0.5), row(3, 0.7, 0.4)], (id) => figures[id] ?? null, 0.05);
    expect(rows.map((r) => r.winRate)).toEqual([0.6, 0.2, 0.53, null]);
    expect(rows.map((r) => [r.low, r.high])).toEqual([[0.58, 0.62], [0.12, 0.3], [0.45, 0.65], [null, null]]);
    expect(rows.map((r) => r.measured)).toEqual([true, false, false, null]);
    // the players' level 2 is a spike (much harder than both neighbours); the bot's curve had none
    expect(rows.map((r) => r.flag)).toEqual([null, 'spike', null, null]);
    // targets are read as players' pass rates: level 1 (20% against 50%) is off; level 0 (60%) and 2 (53%) are within 5 points
    expect(rows.map((r) => r.offTarget)).toEqual([false, true, false, false]);
    expect(rows.map((r) => r.target)).toEqual([0.6, 0.5, 0.5, 0.4]);
  });
});

// expit is the inverse the translation relies on
it('expit inverts logit', () => expect(expit(logit(0.37))).toBeCloseTo(0.37, 12));
