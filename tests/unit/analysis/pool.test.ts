import { describe, expect, it } from 'vitest';
import { WorkerPool, type ChunkRunner } from '../../../src/analysis/pool.ts';

type Res = { games: number; sum: number };
const merge = (a: Res, b: Res) => ({ games: a.games + b.games, sum: a.sum + b.sum });
const empty = () => ({ games: 0, sum: 0 });

/** A runner that "plays" games start..start+count-1, scoring each game i as i*i. */
function fakeRunner(opts: { failOn?: (start: number) => boolean; delay?: number } = {}): ChunkRunner<string, Res> {
  return {
    async run(_req, start, count) {
      await new Promise((r) => setTimeout(r, opts.delay ?? 0));
      if (opts.failOn?.(start)) throw new Error('worker crashed');
      let sum = 0;
      for (let i = start; i < start + count; i++) sum += i * i;
      return { games: count, sum };
    },
    terminate() {},
  };
}
const expected = (n: number) => Array.from({ length: n }, (_, i) => i * i).reduce((a, b) => a + b, 0);

describe('WorkerPool', () => {
  it('merges chunks exactly whatever the worker count and chunk size', async () => {
    for (const [workers, chunk] of [[1, 1000], [2, 37], [8, 10]]) {
      const pool = new WorkerPool(workers, () => fakeRunner());
      const r = await pool.run({ req: 'x', games: 1000, chunkSize: chunk, merge, empty });
      expect(r).toEqual({ games: 1000, sum: expected(1000) });
    }
  });

  it('reports progress up to the total', async () => {
    const pool = new WorkerPool(2, () => fakeRunner());
    const seen: number[] = [];
    await pool.run({ req: 'x', games: 100, chunkSize: 25, merge, empty, onProgress: (d) => seen.push(d) });
    expect(seen[0]).toBe(0);
    expect(seen.at(-1)).toBe(100);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
  });

  it('replaces a crashed worker and re-runs its chunk', async () => {
    let crashes = 0;
    // the first runner crashes on its first chunk; runners spawned later are healthy
    let spawned = 0;
    const pool = new WorkerPool(2, () => {
      const id = spawned++;
      return fakeRunner({ failOn: () => id === 0 && crashes++ === 0 });
    });
    const r = await pool.run({ req: 'x', games: 200, chunkSize: 20, merge, empty });
    expect(r).toEqual({ games: 200, sum: expected(200) });
    expect(pool.replaced).toBe(1);
  });

  it('fails when a chunk keeps crashing fresh workers', async () => {
    const pool = new WorkerPool(1, () => fakeRunner({ failOn: (s) => s === 40 }));
    await expect(pool.run({ req: 'x', games: 100, chunkSize: 20, merge, empty })).rejects.toThrow('worker crashed');
  });

  it('cancel stops the request: no more chunks are dispatched', async () => {
    let calls = 0;
    const pool = new WorkerPool(1, () => ({ ...fakeRunner({ delay: 5 }), run: async (q: string, s: number, c: number) => (calls++, fakeRunner({ delay: 5 }).run(q, s, c)) }));
    const ctl = new AbortController();
    const p = pool.run({ req: 'x', games: 1000, chunkSize: 10, merge, empty, signal: ctl.signal, onProgress: (d) => d >= 20 && ctl.abort() });
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    await new Promise((r) => setTimeout(r, 30));
    expect(calls).toBeLessThanOrEqual(4);
  });
});

describe('WorkerPool with several requests at once', () => {
  it('serves concurrent requests (a bug once left the second waiting forever)', async () => {
    const pool = new WorkerPool(2, () => fakeRunner({ delay: 1 }));
    const [a, b, c] = await Promise.all([
      pool.run({ req: 'a', games: 100, chunkSize: 10, merge, empty }),
      pool.run({ req: 'b', games: 50, chunkSize: 10, merge, empty }),
      pool.run({ req: 'c', games: 30, chunkSize: 7, merge, empty }),
    ]);
    expect(a).toEqual({ games: 100, sum: expected(100) });
    expect(b).toEqual({ games: 50, sum: expected(50) });
    expect(c).toEqual({ games: 30, sum: expected(30) });
  });

  it('cancelling one request leaves the others running', async () => {
    const pool = new WorkerPool(1, () => fakeRunner({ delay: 2 }));
    const ctl = new AbortController();
    const a = pool.run({ req: 'a', games: 200, chunkSize: 10, merge, empty, signal: ctl.signal });
    const b = pool.run({ req: 'b', games: 40, chunkSize: 10, merge, empty });
    ctl.abort();
    await expect(a).rejects.toMatchObject({ name: 'AbortError' });
    expect(await b).toEqual({ games: 40, sum: expected(40) });
  });
});

describe('WorkerPool with two chunks held per worker', () => {
  it('keeps the next chunk waiting in each worker and merges exactly', async () => {
    let inFlight = 0, most = 0;
    const counting = (): ChunkRunner<string, Res> => {
      const inner = fakeRunner({ delay: 1 });
      let mine = 0, mostMine = 0;
      return {
        async run(req, start, count) {
          inFlight++, mine++;
          most = Math.max(most, inFlight);
          mostMine = Math.max(mostMine, mine);
          expect(mostMine).toBeLessThanOrEqual(2);
          try {
            return await inner.run(req, start, count);
          } finally {
            inFlight--, mine--;
          }
        },
        terminate() {},
      };
    };
    const pool = new WorkerPool(2, counting, Infinity, 2);
    expect(await pool.run({ req: 'x', games: 500, merge, empty })).toEqual({ games: 500, sum: expected(500) });
    expect(most).toBe(4); // two workers × two chunks
  });

  it('hands out chunks round by round: each worker starts on one of the small first chunks', async () => {
    const firsts: number[] = [];
    const pool = new WorkerPool(2, () => {
      let first = true;
      return { ...fakeRunner({ delay: 1 }), run: (r: string, s: number, c: number) => (first && firsts.push(c), (first = false), fakeRunner({ delay: 1 }).run(r, s, c)) };
    }, Infinity, 2);
    await pool.run({ req: 'x', games: 1000, merge, empty });
    const small = WorkerPool.chunkPlan(1000, 2, WorkerPool.chunkSizeFor(1000, 2))[0].count;
    expect(firsts).toEqual([small, small]);
  });

  it('a crash re-runs both chunks the worker held; a cancel stops the rest', async () => {
    let spawned = 0;
    const pool = new WorkerPool(1, () => fakeRunner({ failOn: (s) => spawned++ === 0 && s === 0 }), Infinity, 2);
    expect(await pool.run({ req: 'x', games: 200, chunkSize: 20, merge, empty })).toEqual({ games: 200, sum: expected(200) });
    expect(pool.replaced).toBe(1);

    const ctl = new AbortController();
    let started = 0;
    const slow = new WorkerPool(1, () => ({ ...fakeRunner({ delay: 5 }), run: (r: string, s: number, c: number) => (started++, fakeRunner({ delay: 5 }).run(r, s, c)) }), Infinity, 2);
    const run = slow.run({ req: 'x', games: 1000, chunkSize: 10, merge, empty, signal: ctl.signal });
    ctl.abort();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    await new Promise((r) => setTimeout(r, 30));
    expect(started).toBeLessThanOrEqual(2);
  });
});

describe('WorkerPool chunk plan and first estimates', () => {
  it('gives each worker a small first chunk, then full ones, covering every game once', () => {
    for (const [games, workers] of [[1000, 2], [1000, 8], [30, 4], [7, 2], [100_000, 2]]) {
      const size = WorkerPool.chunkSizeFor(games, workers);
      const plan = WorkerPool.chunkPlan(games, workers, size);
      let next = 0;
      for (const c of plan) {
        expect(c.start).toBe(next);
        expect(c.count).toBeGreaterThan(0);
        expect(c.count).toBeLessThanOrEqual(size);
        next += c.count;
      }
      expect(next).toBe(games);
      if (size > 10) expect(plan[0].count).toBeLessThan(size);
    }
  });

  it('shrinks the chunks towards the end, so no worker idles through a full last chunk', () => {
    for (const [games, workers] of [[1000, 2], [3000, 2], [1000, 8], [100_000, 4]]) {
      const size = WorkerPool.chunkSizeFor(games, workers);
      const plan = WorkerPool.chunkPlan(games, workers, size).slice(workers); // after the small first chunks
      for (let i = 1; i < plan.length; i++) expect(plan[i].count).toBeLessThanOrEqual(plan[i - 1].count);
      expect(plan[0].count).toBe(size);
      // the last chunk each worker takes is at most a fifth of a full one (or the 10-game floor)
      for (const c of plan.slice(-workers)) expect(c.count).toBeLessThanOrEqual(Math.max(10, size / 5));
    }
    // an explicit chunk size keeps every chunk that size
    expect(WorkerPool.chunkPlan(95, 2, 20, false).map((c) => c.count)).toEqual([20, 20, 20, 20, 15]);
  });

  it('reports the merged result so far after each chunk but the last, and the final merge is exact', async () => {
    const pool = new WorkerPool(2, () => fakeRunner());
    const partials: { games: number; done: number }[] = [];
    const r = await pool.run({ req: 'x', games: 1000, merge, empty, onPartial: (p, done) => partials.push({ games: p.games, done }) });
    expect(r).toEqual({ games: 1000, sum: expected(1000) });
    expect(partials.length).toBeGreaterThan(1);
    // the first estimate comes from a small first chunk
    expect(partials[0].games).toBeLessThan(WorkerPool.chunkSizeFor(1000, 2));
    for (const p of partials) expect(p.games).toBe(p.done);
    expect(partials.at(-1)!.games).toBeLessThan(1000);
  });

  it('warms every runner that can be warmed', async () => {
    let warmed = 0;
    const pool = new WorkerPool(3, () => ({ ...fakeRunner(), warm: async () => void warmed++ }));
    await pool.warm();
    expect(warmed).toBe(3);
  });
});

describe('WorkerPool places, per-runner depth and keepToRequest (the CLI: main thread beside worker threads)', () => {
  it('spawns each place with its index, and a replacement for the same place', async () => {
    const spawned: number[] = [];
    let crashed = false;
    const pool = new WorkerPool(3, (slot) => {
      spawned.push(slot);
      return fakeRunner({ failOn: () => slot === 1 && !crashed && (crashed = true) });
    });
    expect(spawned).toEqual([0, 1, 2]);
    expect(await pool.run({ req: 'x', games: 300, chunkSize: 10, merge, empty })).toEqual({ games: 300, sum: expected(300) });
    expect(spawned).toEqual([0, 1, 2, 1]);
  });

  it("a runner's own depth overrides the pool's: a thread holds two chunks while the main thread holds one", async () => {
    const most = [0, 0];
    const pool = new WorkerPool(2, (slot): ChunkRunner<string, Res> => {
      let mine = 0;
      return {
        depth: slot === 0 ? 2 : undefined,
        async run(req, start, count) {
          most[slot] = Math.max(most[slot], ++mine);
          try {
            return await fakeRunner({ delay: 1 }).run(req, start, count);
          } finally {
            mine--;
          }
        },
        terminate() {},
      };
    });
    expect(await pool.run({ req: 'x', games: 400, chunkSize: 10, merge, empty })).toEqual({ games: 400, sum: expected(400) });
    expect(most).toEqual([2, 1]);
  });

  /** Two runners recording, in order, which runner played a chunk of which request. */
  function recording(keepToRequest: boolean) {
    const played: { slot: number; req: string }[] = [];
    const pool = new WorkerPool(2, (slot) => ({ ...fakeRunner(), run: (req: string, s: number, c: number) => (played.push({ slot, req }), fakeRunner({ delay: 1 }).run(req, s, c)) }));
    pool.keepToRequest = keepToRequest;
    const jobs = () => Promise.all(['a', 'b', 'c'].map((req) => pool.run({ req, games: 200, chunkSize: 10, merge, empty })));
    /** The runner that started `req`, and the share of its chunks that runner played. */
    const starter = (req: string) => {
      const mine = played.filter((p) => p.req === req);
      return { slot: mine[0].slot, share: mine.filter((p) => p.slot === mine[0].slot).length / mine.length };
    };
    return { played, jobs, starter };
  }

  it('keepToRequest: each runner keeps to its own request and helps with the others only when its own has no chunk left; the same results', async () => {
    const kept = recording(true);
    const results = await kept.jobs();
    expect(results).toEqual([0, 1, 2].map(() => ({ games: 200, sum: expected(200) })));
    // a is queued (and handed out) before b and c exist, so both start on it; then one runner starts
    // b and the other c (the request nobody is on), and each plays most of its own
    expect(kept.played.slice(0, 2).map((p) => p.req)).toEqual(['a', 'a']);
    expect(kept.starter('b').slot).not.toBe(kept.starter('c').slot);
    expect(kept.starter('b').share).toBeGreaterThanOrEqual(0.75);
    expect(kept.starter('c').share).toBeGreaterThanOrEqual(0.75);
    // every chunk played once, and both runners busy: no runner idled while work remained
    expect(kept.played.length).toBe(60);
    expect(kept.played.filter((p) => p.slot === 0).length).toBeGreaterThanOrEqual(25);

    // off (the page's pool): the oldest chunk first, so the two runners share every request
    const oldest = recording(false);
    expect(await oldest.jobs()).toEqual(results);
    expect(oldest.starter('b').share).toBeLessThan(0.75);
    expect(oldest.starter('c').share).toBeLessThan(0.75);
  });

  it('keepToRequest: a cancelled request frees its runner for the others', async () => {
    const pool = new WorkerPool(2, () => fakeRunner({ delay: 1 }));
    pool.keepToRequest = true;
    const ctl = new AbortController();
    const a = pool.run({ req: 'a', games: 1000, chunkSize: 10, merge, empty, signal: ctl.signal, onProgress: (d) => d >= 30 && ctl.abort() });
    const b = pool.run({ req: 'b', games: 100, chunkSize: 10, merge, empty });
    await expect(a).rejects.toMatchObject({ name: 'AbortError' });
    expect(await b).toEqual({ games: 100, sum: expected(100) });
  });
});
