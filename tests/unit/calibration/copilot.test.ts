// The copilot and the calibration: analysis results carry predicted player figures only when a
// calibration exists, and the system prompt ties player claims to them.
import { describe, expect, it } from 'vitest';
import { createAnalysisService } from '../../../src/analysis/service.ts';
import { AnalysisRunner } from '../../../src/analysis/runner.ts';
import { WorkerPool } from '../../../src/analysis/pool.ts';
import type { SimRequest } from '../../../src/analysis/simApi.ts';
import type { SimCounts } from '../../../src/core/sim/analysis/counts.ts';
import { mainThreadRunner } from '../../../src/cli/threads.ts';
import { sampleLevels } from '../../../src/core/files/samples.ts';
import { fitModel } from '../../../src/core/calibration/fit.ts';
import { systemPrompt } from '../../../src/ai/prompt.ts';
import { makeCorpus } from '../../../scripts/calibrationCorpus.ts';

const model = fitModel(makeCorpus({ levels: 60, seed: 31 }), 1);
const runner = new AnalysisRunner(() => new WorkerPool<SimRequest, SimCounts>(1, () => mainThreadRunner()), undefined, { curve: false });
const level = sampleLevels()[0];

describe('analysis tools with and without a calibration', () => {
  it('deep_analyze adds the predicted player figures, worded as a prediction with its interval', async () => {
    const service = createAnalysisService(runner, { calibration: () => model });
    const r = await service.run('deep_analyze', level, { games: 30 });
    expect(r.summary).toMatch(/Players \(a prediction from the studio's calibration to this game's players, not a measurement\): about \d+% of attempts pass, 95% prediction interval \d+%–\d+%, [\d.]+ attempts per success\./);
    const p = (r.data as { player: { passRate: number; low: number; high: number } }).player;
    expect(p.low).toBeLessThan(p.passRate);
    expect(p.high).toBeGreaterThan(p.passRate);
  });

  it('without one, the results speak of bots only', async () => {
    for (const service of [createAnalysisService(runner), createAnalysisService(runner, { calibration: () => null })]) {
      const r = await service.run('get_bottleneck', level, { games: 30 });
      expect(r.summary).not.toContain('Players (');
      expect(r.data).not.toHaveProperty('player');
    }
  });

  it('the system prompt: win rates are bots\', player claims only from the calibration line', () => {
    const p = systemPrompt(level);
    expect(p).toContain('Every win rate is a bot\'s ("the average bot wins 61%"), never a player\'s.');
    expect(p).toContain('Claims about players\' pass rates come only from a "Players (a prediction from the studio\'s calibration …)" line');
  });
});

describe('tune_level to a players\' target', () => {
  it('is refused without a calibration, and needs one target, not two', async () => {
    const service = createAnalysisService(runner);
    await expect(service.run('tune_level', level, { target_pass_rate: 0.3 })).rejects.toThrow(/target_pass_rate needs a players' calibration/);
    const calibrated = createAnalysisService(runner, { calibration: () => model });
    await expect(calibrated.run('tune_level', level, { target_pass_rate: 0.3, target_win_rate: 0.4 })).rejects.toThrow(/one of them/);
  });

  it('translates the players\' target into the bot\'s through the calibration, and tunes to that', async () => {
    const { botTargetFor } = await import('../../../src/core/calibration/playerTarget.ts');
    const { predict } = await import('../../../src/core/calibration/fit.ts');
    const { featuresOf } = await import('../../../src/core/calibration/features.ts');
    const counts = await runner.deep(level, 1000);
    const tiers = Object.fromEntries(counts.map((c) => [c.tier, c]));
    const t = botTargetFor(model, tiers, 0.3, 'average')!;
    // the shift found gives the target: shifting the three tiers' logits to the bot target predicts 30%
    const x = featuresOf(tiers)!;
    const d = Math.log(t.botTarget / (1 - t.botTarget)) - x[1];
    expect(predict(model, x.map((v, i) => (i <= 2 ? v + d : v))).passRate).toBeCloseTo(0.3, 4);

    const service = createAnalysisService(runner, { calibration: () => model });
    const r = await service.run('tune_level', level, { target_pass_rate: 0.3, max_games: 2000 });
    expect(r.summary).toContain(`- Players: target 30.0% of attempts passing → average bot ${(Math.min(0.99, Math.max(0.01, t.botTarget)) * 100).toFixed(1)}% through the calibration`);
    expect((r.data as { target: number }).target).toBeCloseTo(Math.min(0.99, Math.max(0.01, t.botTarget)), 10);
  }, 120_000);
});
