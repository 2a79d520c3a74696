import { describe, expect, it } from 'vitest';
import { calibrate } from '../../../src/core/calibration/calibrate.ts';
import { predict } from '../../../src/core/calibration/fit.ts';
import { parseModelFile, predictWith, toModelFile } from '../../../src/core/calibration/modelFile.ts';
import { makeCorpus } from '../../../scripts/calibrationCorpus.ts';

const corpus = makeCorpus({ levels: 40, seed: 21 });
const cal = calibrate(corpus.map((l) => ({ id: l.id, x: l.x, attempts: l.attempts, successes: l.successes })));
if (cal.status !== 'fitted') throw new Error('expected a fit');
const file = toModelFile(cal, { created: new Date('2026-11-25T04:00:00Z'), rulesVersion: 2, botsVersion: 2, games: 1000, names: { L0001: 'First' } });

describe('the calibration model file', () => {
  it('round-trips through JSON and predicts exactly as the fitted model', () => {
    const back = parseModelFile(JSON.stringify(file));
    if (!back.ok) throw new Error(back.error);
    expect(back.model).toEqual(file);
    expect(predictWith(back.model, corpus[3].x)).toEqual(predict(cal.model, corpus[3].x));
  });

  it('carries the data it was fitted on, the versions and the date', () => {
    expect(file.data).toHaveLength(40);
    expect(file.data[0]).toEqual({ id: 'L0001', name: 'First', attempts: corpus[0].attempts, successes: corpus[0].successes });
    expect(file.created).toBe('2026-11-25T04:00:00.000Z');
    expect([file.rulesVersion, file.botsVersion, file.format, file.version]).toEqual([2, 2, 'match3-calibration', 1]);
    expect(file.report.levels).toBe(40);
  });

  it('refuses broken files with the field and the reason', () => {
    expect(parseModelFile('{')).toMatchObject({ ok: false, error: expect.stringMatching(/^not valid JSON/) });
    expect(parseModelFile(JSON.stringify({ ...file, format: 'x' }))).toMatchObject({ ok: false, error: expect.stringMatching(/^format: /) });
    expect(parseModelFile(JSON.stringify({ ...file, tau2: -1 }))).toMatchObject({ ok: false, error: expect.stringMatching(/^tau2: /) });
    expect(parseModelFile(JSON.stringify({ ...file, features: ['a'] }))).toMatchObject({ ok: false, error: expect.stringMatching(/^features: /) });
    expect(parseModelFile(JSON.stringify({ ...file, coefficients: [1] }))).toMatchObject({ ok: false, error: expect.stringMatching(/^coefficients: /) });
    expect(parseModelFile(JSON.stringify({ ...file, covariance: [[1]] }))).toMatchObject({ ok: false, error: expect.stringMatching(/^covariance: /) });
  });

  it('gives no prediction from a model that is not useful', () => {
    expect(predictWith({ ...file, report: { ...file.report, useful: false } }, corpus[0].x)).toBeNull();
  });
});
