// Issue 34, item 1: what a calibration measures (each level's average-bot analysis, the same games
// Analyze runs) becomes the level's figure at once, so the pack view's chart and table show it
// without being closed and opened again; a level's own current report is left as it is.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createLevel, levelHash } from '../../../src/core/level/index.ts';
import { AnalysisRunner } from '../../../src/analysis/runner.ts';
import { WorkerPool } from '../../../src/analysis/pool.ts';
import { simApi, type SimRequest } from '../../../src/analysis/simApi.ts';
import type { SimCounts } from '../../../src/core/sim/analysis/index.ts';
import { AnalysisStore } from '../../../src/stores/analysis.svelte.ts';
import { CalibrationStore } from '../../../src/stores/calibration.svelte.ts';

const pool = () => new WorkerPool<SimRequest, SimCounts>(1, () => ({ run: async (req, s, c) => simApi.playChunk(req, s, c), terminate() {} }));

describe('a calibration\'s measurements reach the levels\' reports', () => {
  it('fills the reports of levels without one; keeps a current one', async () => {
    const runner = new AnalysisRunner(pool);
    const analysis = new AnalysisStore(() => runner);
    const calibration = new CalibrationStore(() => null, () => runner, () => [], (level, counts) => analysis.showUnlessCurrent(level, counts));
    const small = (id: string, moves: number) => ({ ...createLevel({ id, name: id, width: 5, height: 5, seed: 7 }), moves });
    const levels = [small('c1', 4), small('c2', 6)];
    // c2 already has a report of its current version (say, a Deep analysis): the fit's reading does not replace it
    const own = await runner.tier(levels[1], 'average', 200);
    analysis.show(levels[1], [own]);
    expect(analysis.reports.c1).toBeUndefined();
    await calibration.ensureFeatures(levels);
    expect(analysis.reports.c1?.hash).toBe(levelHash(levels[0]));
    expect(analysis.reports.c1?.counts.map((c) => [c.tier, c.games])).toEqual([['average', 1000]]);
    expect(analysis.reports.c2?.counts[0]?.games).toBe(200);
  }, 120_000);
});
