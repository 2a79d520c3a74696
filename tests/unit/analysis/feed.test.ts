// The feed behind long jobs: a few items at a time, the next one started as soon as one ends, results
// in list order, a cancel or a failure stops the rest.
import { describe, expect, it } from 'vitest';
import { feed, inOrder } from '../../../src/analysis/feed.ts';

const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

describe('feed', () => {
  it('keeps at most inFlight items running, starts the next as one ends, and returns results in list order', async () => {
    let running = 0, most = 0;
    const started: number[] = [];
    const finished: number[] = [];
    // item 0 is held until item 4 has ended (not timed: a busy machine let 30 ms run out before four 5 ms ticks)
    let releaseFirst = () => {};
    const out = await feed(
      [30, 5, 5, 5, 5, 20],
      async (ms, i) => {
        started.push(i);
        most = Math.max(most, ++running);
        if (i === 0) await new Promise<void>((r) => (releaseFirst = r));
        else await tick();
        if (i === 4) setTimeout(releaseFirst, 0);
        running--;
        return ms * 2;
      },
      { inFlight: 2, onDone: (i) => finished.push(i) },
    );
    expect(out).toEqual([60, 10, 10, 10, 10, 40]);
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    // item 0 is slow: items 1..4 finish while it runs on the other lane
    expect(finished.indexOf(0)).toBeGreaterThan(finished.indexOf(4));
  });

  it('a cancel stops starting items, aborts the running ones and rejects with an AbortError', async () => {
    const ctl = new AbortController();
    const started: number[] = [];
    const aborted: number[] = [];
    const run = feed(
      [0, 1, 2, 3, 4],
      (i, _k, signal) =>
        new Promise<number>((resolve, reject) => {
          started.push(i);
          if (i === 0) return void setTimeout(() => resolve(i), 1);
          signal.addEventListener('abort', () => {
            aborted.push(i);
            reject(Object.assign(new Error('stop'), { name: 'AbortError' }));
          });
        }),
      { inFlight: 2, signal: ctl.signal },
    );
    await tick(10);
    ctl.abort();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(started).toEqual([0, 1, 2]);
    expect(aborted.sort()).toEqual([1, 2]);
  });

  it('the first failure stops the rest and is what the feed rejects with', async () => {
    const started: number[] = [];
    await expect(
      feed([0, 1, 2, 3], async (i) => {
        started.push(i);
        await tick(1);
        if (i === 1) throw new Error('level 1 is broken');
        return i;
      }, { inFlight: 2 }),
    ).rejects.toThrow('level 1 is broken');
    expect(started.length).toBeLessThan(4);
  });

  it('inOrder emits results in list order as soon as all before them are in', () => {
    const seen: string[] = [];
    const emit = inOrder<string>((i, r) => seen.push(`${i}:${r}`));
    emit(2, 'c');
    emit(1, 'b');
    expect(seen).toEqual([]);
    emit(0, 'a');
    expect(seen).toEqual(['0:a', '1:b', '2:c']);
    emit(3, 'd');
    expect(seen).toEqual(['0:a', '1:b', '2:c', '3:d']);
  });
});
