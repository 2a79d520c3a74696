import { describe, expect, it } from 'vitest';
import { fitModel, predict, attemptsPerSuccess } from '../../../src/core/calibration/fit.ts';
import { calibrate, foldsOf, MIN_LEVELS, directionOf } from '../../../src/core/calibration/calibrate.ts';
import { featuresOf, bestRunsMoves, shortfallOnLoss, FEATURES } from '../../../src/core/calibration/features.ts';
import { emptyCounts } from '../../../src/core/sim/analysis/counts.ts';
import { makeCorpus } from '../../../scripts/calibrationCorpus.ts';
import { playGames } from '../../../src/core/sim/analysis/play.ts';
import { sampleLevels } from '../../../src/core/files/samples.ts';
import { TIERS } from '../../../src/core/facts.ts';

// A tiny dataset: 6 levels, 2 features, counts.
const tiny = [
  { x: [0.1, 2], attempts: 400, successes: 120 },
  { x: [0.5, 1], attempts: 250, successes: 140 },
  { x: [0.9, 3], attempts: 600, successes: 500 },
  { x: [0.3, 0], attempts: 300, successes: 60 },
  { x: [0.7, 2], attempts: 500, successes: 340 },
  { x: [0.2, 1], attempts: 350, successes: 90 },
];

/**
 * Reference: the penalised binomial log-likelihood maximised by plain gradient ascent on the
 * standardised design (an independent, slow method: no IRLS, no Cholesky).
 */
function referenceFit(data: typeof tiny, lambda: number): number[] {
  const p = data[0].x.length, k = data.length;
  const mean = Array.from({ length: p }, (_, j) => data.reduce((s, d) => s + d.x[j], 0) / k);
  const sd = mean.map((m, j) => Math.sqrt(data.reduce((s, d) => s + (d.x[j] - m) ** 2, 0) / (k - 1)));
  const X = data.map((d) => [1, ...d.x.map((v, j) => (v - mean[j]) / sd[j])]);
  const beta = new Array(p + 1).fill(0);
  for (let it = 0; it < 200000; it++) {
    const grad = beta.map((b, j) => (j > 0 ? -lambda * b : 0));
    data.forEach((d, i) => {
      const eta = X[i].reduce((s, v, j) => s + v * beta[j], 0);
      const mu = 1 / (1 + Math.exp(-eta));
      X[i].forEach((v, j) => (grad[j] += (d.successes - d.attempts * mu) * v));
    });
    let max = 0;
    for (let j = 0; j <= p; j++) {
      beta[j] += grad[j] / 2000;
      max = Math.max(max, Math.abs(grad[j]));
    }
    if (max < 1e-9) break;
  }
  return beta;
}

describe('the fit against a reference computation', () => {
  it('with no level-to-level term, is the (penalised) maximum-likelihood logistic regression on counts', () => {
    for (const lambda of [0, 5]) {
      const model = fitModel(tiny, lambda, { tau2: 0 });
      const ref = referenceFit(tiny, lambda);
      model.beta.forEach((b, j) => expect(b).toBeCloseTo(ref[j], 5));
    }
  });

  it('a larger penalty shrinks the coefficients toward 0 but not the intercept', () => {
    const loose = fitModel(tiny, 0.01, { tau2: 0 }), tight = fitModel(tiny, 1e6, { tau2: 0 });
    expect(Math.hypot(...tight.beta.slice(1))).toBeLessThan(1e-3);
    expect(Math.hypot(...loose.beta.slice(1))).toBeGreaterThan(0.5);
    // the intercept of a featureless model: the pooled logit
    const pooled = tiny.reduce((s, d) => s + d.successes, 0) / tiny.reduce((s, d) => s + d.attempts, 0);
    expect(tight.beta[0]).toBeCloseTo(Math.log(pooled / (1 - pooled)), 3);
  });

  it('estimates the level-to-level spread of a simulated corpus', () => {
    for (const spread of [0.2, 0.5]) {
      const corpus = makeCorpus({ levels: 300, seed: 3, spread, bend: 0 });
      const model = fitModel(corpus, 1);
      expect(Math.sqrt(model.tau2)).toBeGreaterThan(spread * 0.75);
      expect(Math.sqrt(model.tau2)).toBeLessThan(spread * 1.25);
    }
  });

  it('finds no spread in data with none beyond binomial noise', () => {
    const corpus = makeCorpus({ levels: 200, seed: 4, spread: 0, bend: 0 });
    expect(fitModel(corpus, 1).tau2).toBeLessThan(0.005);
  });
});

describe('prediction intervals', () => {
  it('cover about 95% of held-out levels\' true pass rates on simulated data', () => {
    let covered = 0, total = 0;
    for (const seed of [11, 12, 13]) {
      const corpus = makeCorpus({ levels: 300, seed });
      const model = fitModel(corpus.slice(0, 150), 3);
      for (const l of corpus.slice(150)) {
        const p = predict(model, l.x);
        covered += +(l.truePassRate >= p.low && l.truePassRate <= p.high);
        total++;
      }
    }
    expect(covered / total).toBeGreaterThan(0.88);
    expect(covered / total).toBeLessThan(0.99);
  });

  it('widen with the level-to-level spread, not only with attempts', () => {
    const model = fitModel(tiny, 1, { tau2: 0 });
    const wider = { ...model, tau2: 0.5 };
    const a = predict(model, [0.5, 1]), b = predict(wider, [0.5, 1]);
    expect(b.high - b.low).toBeGreaterThan(a.high - a.low);
    expect(b.passRate).toBeCloseTo(a.passRate, 10);
    expect(b.low).toBeLessThan(b.passRate);
    expect(b.high).toBeGreaterThan(b.passRate);
  });

  it('attempts per success is 1 / pass rate', () => {
    expect(attemptsPerSuccess(0.25)).toBe(4);
    expect(attemptsPerSuccess(0)).toBe(Infinity);
  });
});

describe('cross-validation and the report', () => {
  const obs = (corpus: ReturnType<typeof makeCorpus>) => corpus.map((l) => ({ id: l.id, x: l.x, attempts: l.attempts, successes: l.successes }));

  it('deals levels into balanced folds, the same every time', () => {
    const f = foldsOf(23, 10);
    expect(f).toEqual(foldsOf(23, 10));
    const sizes = Array.from({ length: 10 }, (_, k) => f.filter((x) => x === k).length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
  });

  it('predicts each level from a model fitted without its fold (recomputed by hand for one λ)', () => {
    const data = obs(makeCorpus({ levels: 30, seed: 5 }));
    const cal = calibrate(data, { lambdas: [3] });
    if (cal.status !== 'fitted') throw new Error('expected a fit');
    const fold = foldsOf(30, 10);
    for (const i of [0, 7, 29]) {
      const model = fitModel(data.filter((_, j) => fold[j] !== fold[i]), 3);
      expect(cal.levels[i].predicted).toBeCloseTo(predict(model, data[i].x).passRate, 6);
    }
    const mae = cal.levels.reduce((s, l) => s + Math.abs(l.predicted - l.successes / l.attempts), 0) / 30;
    expect(cal.cvMae).toBeCloseTo(mae, 12);
  });

  it('fits nothing with fewer than 8 levels', () => {
    const cal = calibrate(obs(makeCorpus({ levels: MIN_LEVELS - 1, seed: 6 })));
    expect(cal).toEqual({ status: 'too-few', levels: 7, minLevels: 8 });
    expect(calibrate(obs(makeCorpus({ levels: MIN_LEVELS, seed: 6 }))).status).toBe('fitted');
  });

  it('reports a useful fit on related data, far better than the constant baseline', () => {
    const cal = calibrate(obs(makeCorpus({ levels: 120, seed: 8 })));
    if (cal.status !== 'fitted') throw new Error('expected a fit');
    expect(cal.useful).toBe(true);
    expect(cal.cvMae).toBeLessThan(cal.baselineMae / 2);
    expect(cal.worst).toHaveLength(5);
    const err = (l: (typeof cal.worst)[number]) => Math.abs(l.passRate - l.predicted);
    expect(err(cal.worst[0])).toBeGreaterThanOrEqual(Math.max(...cal.levels.map(err)));
  });

  it('says "not useful" for players unrelated to the levels', () => {
    const cal = calibrate(obs(makeCorpus({ levels: 120, seed: 9, unrelated: true })));
    if (cal.status !== 'fitted') throw new Error('expected a fit');
    expect(cal.useful).toBe(false);
  });

  it('words the direction of a surprise', () => {
    expect(directionOf({ passRate: 0.21, predicted: 0.45 })).toBe('harder');
    expect(directionOf({ passRate: 0.6, predicted: 0.45 })).toBe('easier');
  });
});

describe('features from analysis counts', () => {
  const meta = { rulesVersion: 2, levelHash: 'h', width: 3, height: 3, moveLimit: 20, curveMax: 20, objectives: 1 } as const;
  it('need all three tiers', () => {
    const c = { ...emptyCounts({ ...meta, tier: 'average' }), games: 10, wins: 5 };
    expect(featuresOf({ average: c })).toBeNull();
    const all = featuresOf({ novice: { ...c, tier: 'novice' }, average: c, expert: { ...c, tier: 'expert' } });
    expect(all).toHaveLength(FEATURES.length);
  });
  it('best runs: the move by which the quickest 5% had won, as a share of the limit', () => {
    const c = emptyCounts({ ...meta, tier: 'expert' });
    c.games = 100;
    c.curveWins[8] = 3;
    c.curveWins[10] = 4;
    c.wins = 7;
    expect(bestRunsMoves(c)).toBe(10 / 20);
    c.curveWins[10] = 0;
    c.wins = 3; // only 3% won: beyond the limit, by the missing share
    expect(bestRunsMoves(c)).toBeCloseTo(1 + 0.4 * 0.5, 10);
  });
  it('shortfall: units missing over units needed in lost games', () => {
    const c = emptyCounts({ ...meta, objectives: 2, tier: 'average' });
    c.objTotalOnLoss = [100, 50];
    c.objDoneOnLoss = [80, 10];
    expect(shortfallOnLoss(c)).toBeCloseTo(60 / 150, 12);
  });
  it('are the same whether or not the analysis played on for the curve', () => {
    const level = sampleLevels()[0];
    const of = (curve: boolean) => featuresOf(Object.fromEntries(TIERS.map((tier) => [tier, playGames(level, { tier, count: 30, curve })])));
    expect(of(true)).toEqual(of(false));
  });
});
