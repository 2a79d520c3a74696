// The page's simulation pool as the analysis runner sees it. Its code — the pool, Comlink and the
// workers' spawning (browserPool.ts) — loads when the page is idle after its first paint (the warm-up)
// or with the first analysis, whichever comes first: not with the page (docs/performance.md, "First load").
import type { SimCounts } from '../core/sim/analysis/counts.ts';
import type { PoolJob } from './pool.ts';
import type { SimPool } from './runner.ts';
import type { SimRequest } from './simApi.ts';
import { poolSize } from './poolSize.ts';

let loading: Promise<typeof import('./browserPool.ts')> | null = null;
const code = () =>
  (loading ??= import('./browserPool.ts').catch((e: unknown) => {
    loading = null; // a failed fetch is tried again by the next analysis
    throw e;
  }));

/** The page's pool: runs wait for its code once, then go straight to the shared WorkerPool. */
export const pagePool: SimPool = {
  size: poolSize(),
  run: async (job: PoolJob<SimRequest, SimCounts>) => (await code()).getPool().run(job),
};

/**
 * Once the page is idle after its first paint: load the pool's code, start the workers, load their
 * code and let each play a few throwaway games (simApi.warm), so the first Analyze neither waits for
 * the script nor runs the simulator cold.
 */
export function warmPoolWhenIdle(): void {
  whenIdle(() => void code().then((m) => m.getPool().warm(), () => {}));
}

/** Runs `go` once the page is idle after its first paint (at the latest after 2 s). */
export function whenIdle(go: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(go, { timeout: 2000 });
  else setTimeout(go, 500);
}
