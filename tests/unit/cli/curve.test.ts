// `match3 analyze` plays the move-limit curve only when it prints it (--curve): every other figure is
// the same either way, the games just stop at the move limit.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, type Io } from '../../../src/cli/main.ts';
import { mainThreadRunner } from '../../../src/cli/threads.ts';
import { WorkerPool } from '../../../src/analysis/pool.ts';
import { AnalysisRunner } from '../../../src/analysis/runner.ts';
import type { SimRequest } from '../../../src/analysis/simApi.ts';
import type { SimCounts } from '../../../src/core/sim/analysis/index.ts';
import { sampleLevels } from '../../../src/core/files/samples.ts';
import { serializeLevel } from '../../../src/core/level/index.ts';
import type { Tier } from '../../../src/core/sim/bots/types.ts';

const runnerOf = (curve: boolean) => new AnalysisRunner(() => new WorkerPool<SimRequest, SimCounts>(1, () => mainThreadRunner()), undefined, { curve });

describe('the curve is played only when it is shown', () => {
  it('without the curve every count but the curve is the same, and no game goes past the move limit', async () => {
    const on = runnerOf(true), off = runnerOf(false);
    for (const level of sampleLevels()) {
      for (const tier of ['novice', 'average'] as Tier[]) {
        const a = await on.tier(level, tier, 120), b = await off.tier(level, tier, 120);
        const { curveWins: cw1, curveMax: cm1, ...restA } = a;
        const { curveWins: cw2, curveMax: cm2, ...restB } = b;
        expect(cm1).toBe(2 * level.moves);
        expect(cm2).toBe(level.moves);
        expect(restB).toEqual(restA);
        expect(Array.from(cw2).slice(0, level.moves + 1)).toEqual(Array.from(cw1).slice(0, level.moves + 1));
      }
    }
  });

  it('match3 analyze --json: the same report with and without --curve, but for the curve itself', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'm3-curve-'));
    const file = join(dir, 'level.json');
    writeFileSync(file, serializeLevel(sampleLevels()[2]));
    const run = async (extra: string[]) => {
      const out: string[] = [];
      const io: Io = { out: (l) => out.push(l), err: () => {}, readFile: (p) => readFile(p, 'utf8') };
      expect(await runCli(['analyze', file, '--json', '--games', '150', '--tier', 'all', '--threads', '1', ...extra], io)).toBe(0);
      const r = JSON.parse(out.join('\n'));
      delete r.durationMs;
      for (const t of r.results) delete t.gamesPerSecond;
      return r;
    };
    const plain = await run([]), withCurve = await run(['--curve']);
    expect(plain.results[0].curve).toBeUndefined();
    expect(withCurve.results[0].curve.length).toBeGreaterThan(0);
    for (const t of withCurve.results) delete t.curve;
    expect(plain).toEqual(withCurve);
  });
});
