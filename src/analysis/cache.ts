// Cache writes of a long job, batched: a pack run finishes a level every few tens of milliseconds,
// and each cache entry written on its own is a structured clone and an IndexedDB transaction on the
// page's main thread while the workers want the cores. The entries wait (readable from memory
// meanwhile) and are written together at most every `ms`, and at once by `flush()`.
import type { SimCounts } from '../core/sim/analysis/counts.ts';
import type { AnalysisCache } from './runner.ts';

export interface BatchedCache extends AnalysisCache {
  /** Writes every waiting entry now; resolves when they are stored (or failed: a lost entry costs a re-run, never a result). */
  flush(): Promise<void>;
  /** Entries waiting to be written. */
  readonly waiting: number;
}

export function batchedCache(cache: AnalysisCache, ms: number): BatchedCache {
  const pending = new Map<string, SimCounts>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = async () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const rows = [...pending];
    pending.clear();
    await Promise.all(rows.map(([k, v]) => cache.put(k, v).catch(() => undefined)));
  };
  return {
    get: async (key) => pending.get(key) ?? cache.get(key),
    put: async (key, counts) => {
      pending.set(key, counts);
      timer ??= setTimeout(() => void flush(), ms);
    },
    flush,
    get waiting() {
      return pending.size;
    },
  };
}
