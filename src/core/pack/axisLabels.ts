// Which level numbers the pack chart writes under its axis: every k-th, and always the last — and so
// that the last never lands beside the one before it (40 levels at every 2nd read "3940": issue 34).

/** Indices (0-based) of the labels shown for n levels, keeping at least `every` levels between two labels. */
export function axisLabels(n: number, every: number): number[] {
  if (n <= 0) return [];
  const k = Math.max(1, Math.floor(every));
  const out: number[] = [];
  for (let i = 0; i < n; i += k) out.push(i);
  const last = n - 1;
  if (out[out.length - 1] !== last) {
    // the last level is always numbered; a label closer than the gap makes way for it (not the first)
    if (out.length > 1 && last - out[out.length - 1] < k) out.pop();
    out.push(last);
  }
  return out;
}
