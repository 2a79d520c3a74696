// Injected worker faults with the real simulator: a worker that throws mid-chunk and one that hangs
// are replaced, their chunks re-run, and the merged counts equal an undisturbed run's exactly.
import { describe, expect, it } from 'vitest';
import { WorkerPool, type ChunkRunner } from '../../../src/analysis/pool.ts';
import { simApi, type SimRequest } from '../../../src/analysis/simApi.ts';
import { mergeCounts, type SimCounts } from '../../../src/core/sim/analysis/counts.ts';
import { sampleLevels } from '../../../src/core/files/index.ts';

const level = sampleLevels()[0];
const req: SimRequest = { level, tier: 'novice', curve: true };
const GAMES = 120;

type Fault = 'none' | 'throw' | 'hang';
/** An in-thread "worker" running the real simulator; `fault` strikes on its first chunk only. */
function runner(fault: Fault, log: string[]): ChunkRunner<SimRequest, SimCounts> {
  let first = true;
  return {
    async run(r, start, count) {
      await new Promise((res) => setTimeout(res, 0));
      const strike = first && fault !== 'none';
      first = false;
      if (strike && fault === 'throw') {
        simApi.playChunk(r, start, Math.ceil(count / 2)); // half the chunk played, then it dies
        log.push(`throw@${start}`);
        throw new Error('simulated crash mid-chunk');
      }
      if (strike && fault === 'hang') {
        log.push(`hang@${start}`);
        return new Promise<SimCounts>(() => {}); // never answers
      }
      return simApi.playChunk(r, start, count);
    },
    terminate() {
      log.push('terminated');
    },
  };
}

async function analyse(faults: Fault[], depth = 1) {
  const log: string[] = [];
  let spawned = 0;
  const pool = new WorkerPool<SimRequest, SimCounts>(faults.length, () => runner(faults[spawned++] ?? 'none', log), 200, depth);
  const empty = () => simApi.playChunk(req, 0, 0);
  const counts = await pool.run({ req, games: GAMES, chunkSize: 15, merge: mergeCounts, empty });
  return { counts, log, replaced: pool.replaced };
}

describe('worker faults', () => {
  it('a worker that throws mid-chunk and one that hangs: replaced, chunks re-run, the same numbers', async () => {
    const calm = await analyse(['none', 'none']);
    const hurt = await analyse(['throw', 'hang', 'none']);
    expect(hurt.log).toEqual(expect.arrayContaining(['throw@0', 'hang@15']));
    expect(hurt.log.filter((l) => l === 'terminated')).toHaveLength(2);
    expect(hurt.replaced).toBe(2);
    expect(hurt.counts).toEqual(calm.counts);
    expect(hurt.counts.games).toBe(GAMES);
  });

  it('the same with two chunks held per worker (the page pool): every held chunk re-run, the same numbers', async () => {
    const calm = await analyse(['none', 'none']);
    const hurt = await analyse(['throw', 'hang', 'none'], 2);
    // round by round: the first worker holds chunks 0 and 30, the second 15 and 45
    expect(hurt.log).toEqual(expect.arrayContaining(['throw@0', 'hang@15']));
    expect(hurt.replaced).toBe(2);
    expect(hurt.counts).toEqual(calm.counts);
    expect(hurt.counts.games).toBe(GAMES);
  });
});
