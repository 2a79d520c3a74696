// Workers in the page's pool: one per core, at most 8 (known before the pool's code loads: pagePool.ts).
export function poolSize(): number {
  const n = typeof navigator !== 'undefined' ? navigator.hardwareConcurrency || 2 : 2;
  return Math.max(1, Math.min(8, n));
}
