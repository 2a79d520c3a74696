// A cancelled analysis's error: in a module of its own, so the page's runner and feed need not load the
// pool's code to recognise it (the pool loads on first use: src/analysis/pagePool.ts).
export class AbortedError extends Error {
  override name = 'AbortError';
  constructor() {
    super('analysis cancelled');
  }
}
