// Long jobs over many levels (Analyze pack, Tune pack, `match3 analyze DIR`): the levels' runs go to
// the pool together, a few at a time, so the pool's one queue always holds the next level's chunks
// when a level's last chunks are being played: no worker waits at a level's end for the caller to
// store, show or print the result and start the next one (docs/performance.md, "Long jobs").
//
// Each item is still run by its own call (the same runner.tier / registry tool a one-level run uses),
// so its counts and its cache entry are exactly a one-level run's; only the order of chunks on the
// pool changes, and chunks merge to the same counts whatever their order.
import { AbortedError } from './aborted.ts';

export interface FeedOptions<R> {
  /**
   * Items run at once. Enough that the pool's queue is never empty at an item's end (the pool's
   * workers + 1 or 2), few enough that the first items finish early (results stream in order of the
   * list, more or less) and a 2,000-level pack does not start 2,000 cache lookups at once.
   */
  inFlight: number;
  signal?: AbortSignal;
  /** After each item, in the order items finish (not list order). */
  onDone?: (index: number, result: R) => void;
}

/**
 * Runs `work` for every item, `inFlight` at a time, starting the next item as soon as one ends.
 * Resolves with the results in list order. The first failure (or a cancel) stops starting new items,
 * aborts the ones running (through the signal given to `work`) and rejects.
 */
export async function feed<T, R>(items: readonly T[], work: (item: T, index: number, signal: AbortSignal) => Promise<R>, o: FeedOptions<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  const stop = new AbortController();
  const follow = () => stop.abort();
  if (o.signal?.aborted) throw new AbortedError();
  o.signal?.addEventListener('abort', follow, { once: true });
  let next = 0;
  let failure: unknown = null;
  const lane = async () => {
    while (next < items.length && !stop.signal.aborted) {
      const i = next++;
      try {
        results[i] = await work(items[i], i, stop.signal);
      } catch (e) {
        failure ??= e;
        stop.abort();
        return;
      }
      if (!stop.signal.aborted) o.onDone?.(i, results[i]);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(o.inFlight, items.length)) }, lane));
  } finally {
    o.signal?.removeEventListener('abort', follow);
  }
  if (o.signal?.aborted) throw new AbortedError();
  if (failure) throw failure;
  return results;
}

/**
 * Results in list order as they become ready: `emit(i, r)` for item 0, 1, 2, … as soon as every item
 * before it is done (the CLI prints levels in the order of its files while later ones already run).
 */
export function inOrder<R>(emit: (index: number, result: R) => void): (index: number, result: R) => void {
  const ready = new Map<number, R>();
  let next = 0;
  return (index, result) => {
    ready.set(index, result);
    while (ready.has(next)) {
      const r = ready.get(next)!;
      ready.delete(next);
      emit(next++, r);
    }
  };
}
