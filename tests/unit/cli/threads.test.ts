// `--threads N` means N threads playing: N − 1 worker threads and the main thread, which plays its
// chunks between the workers' answers; `--threads 1` starts no worker thread.
import { describe, expect, it } from 'vitest';
import { createLevel } from '../../../src/core/level/index.ts';
import { simApi, type SimRequest } from '../../../src/analysis/simApi.ts';
import { PRIME_FROM_GAMES, cliPool, cliRunners, mainThreadRunner, primes } from '../../../src/cli/threads.ts';
import { mergeCounts, type SimCounts } from '../../../src/core/sim/analysis/index.ts';

const req: SimRequest = { level: { ...createLevel({ id: 't', seed: 5, width: 6, height: 6 }), moves: 10 }, tier: 'average', curve: true };

describe('CLI threads', () => {
  it('the main thread plays a chunk on the next turn of the event loop, not when it is handed out', async () => {
    const events: string[] = [];
    const chunk = mainThreadRunner().run(req, 0, 20).then((c) => (events.push('played'), c));
    events.push('handed out');
    await new Promise((r) => setImmediate(r));
    expect(await chunk).toEqual(simApi.playChunk(req, 0, 20));
    expect(events).toEqual(['handed out', 'played']);
  });

  it('the main thread plays a chunk in slices with a turn of the event loop between them, to the same counts', async () => {
    const events: string[] = [];
    const chunk = mainThreadRunner({ slice: 5 }).run(req, 0, 20).then((c) => (events.push('played'), c));
    // answers from worker threads arrive as events: one queued after the first slice starts is
    // dealt with before the chunk ends
    await new Promise((r) => setImmediate(r));
    setImmediate(() => events.push('a worker answered'));
    expect(await chunk).toEqual(simApi.playChunk(req, 0, 20));
    expect(events).toEqual(['a worker answered', 'played']);
  });

  it('--threads 1 is the main thread alone; --threads N puts the main thread last, after N − 1 worker threads holding two chunks each', () => {
    const one = cliRunners(1)(0);
    expect(one.depth).toBeUndefined();
    const three = cliRunners(3);
    expect(three(2).depth).toBeUndefined();
    const thread = three(0);
    try {
      expect(thread.depth).toBe(2);
    } finally {
      thread.terminate();
    }
  });

  it('a pool of the main thread and a worker thread gives the counts of the main thread alone, primed or not', async () => {
    const run = (threads: number, prime = false) => {
      const pool = cliPool(threads, { prime: () => prime });
      return pool
        .run({ req, games: 300, chunkSize: 25, empty: () => null as unknown as SimCounts, merge: (a, b) => (a ? mergeCounts(a, b) : b) })
        .finally(() => pool.terminate());
    };
    const alone = await run(1);
    expect(await run(2)).toEqual(alone);
    expect(await run(2, true)).toEqual(alone);
    expect(await run(1, true)).toEqual(alone);
  });

  it('a run primes its threads only when it has several levels and enough games a level (one level gains nothing from it)', () => {
    expect(primes(13, 1000, 1)).toBe(true);
    expect(primes(2, PRIME_FROM_GAMES / 2, 2)).toBe(true);
    expect(primes(1, 5000, 3)).toBe(false);
    expect(primes(0, 5000, 3)).toBe(false);
    expect(primes(13, PRIME_FROM_GAMES - 1, 1)).toBe(false);
  });
});
