// `match3 analyze` over many levels: levels share the threads through one feed, and each level's
// counts are exactly those of analysing it alone; reports come out in file order.
import { describe, expect, it } from 'vitest';
import { createLevel, levelHash, type LevelT } from '../../../src/core/level/index.ts';
import { WorkerPool } from '../../../src/analysis/pool.ts';
import { AnalysisRunner } from '../../../src/analysis/runner.ts';
import { simApi, type SimRequest } from '../../../src/analysis/simApi.ts';
import type { SimCounts } from '../../../src/core/sim/analysis/index.ts';
import { analyzeAll, type AnalyzeEntry } from '../../../src/cli/analyzeAll.ts';

/** In-thread "threads" whose chunks take a varying time, so levels finish out of order. */
function pool(workers: number, starts: string[] = []) {
  let n = 0;
  return new WorkerPool<SimRequest, SimCounts>(workers, () => ({
    run: async (req, start, count) => {
      starts.push(req.level.id);
      await new Promise((r) => setTimeout(r, (n++ * 7) % 5));
      return simApi.playChunk(req, start, count);
    },
    terminate() {},
  }));
}

const levels: LevelT[] = [
  { ...createLevel({ id: 'a', seed: 1, width: 5, height: 5 }), moves: 8 },
  { ...createLevel({ id: 'b', seed: 2, width: 9, height: 7 }), moves: 12 },
  { ...createLevel({ id: 'c', seed: 3, width: 4, height: 6, colors: 4 }), moves: 6 },
  { ...createLevel({ id: 'd', seed: 4 }), moves: 5 },
];
const header = (l: LevelT) => ({ file: `${l.id}.json`, level: { id: l.id, name: l.name, hash: levelHash(l) }, warnings: [] });

describe('analyzeAll', () => {
  it('gives every level the counts of a one-level run, in file order, with problems in their place', async () => {
    const entries: AnalyzeEntry[] = [{ level: levels[0], header: header(levels[0]) }, { problems: ['x.json: bad'] }, ...levels.slice(1).map((l) => ({ level: l, header: header(l) }))];
    const starts: string[] = [];
    const p = pool(2, starts);
    const runner = new AnalysisRunner(() => p, undefined, { curve: false });
    const printed: string[] = [];
    let bStartedBeforeAPrinted = false;
    const got = new Map<string, SimCounts[]>();
    await analyzeAll(entries, { tiers: ['average', 'novice'], games: 120, threads: 2, runner }, (e, r) => {
      if ('problems' in e) printed.push('problems');
      else {
        printed.push(e.level.id);
        if (e.level.id === 'a') bStartedBeforeAPrinted = starts.includes('b');
        got.set(e.level.id, r!.tiers.map((t) => t.counts));
      }
    });
    expect(printed).toEqual(['a', 'problems', 'b', 'c', 'd']);
    // levels overlap on the pool: the next level's chunks were already playing when a level ended
    expect(bStartedBeforeAPrinted).toBe(true);

    const alone = new AnalysisRunner(() => pool(1), undefined, { curve: false });
    for (const l of levels) {
      const want = [await alone.tier(l, 'average', 120), await alone.tier(l, 'novice', 120)];
      expect(got.get(l.id)).toEqual(want);
    }
  });
});
