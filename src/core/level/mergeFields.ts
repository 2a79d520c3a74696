// The small part of the three-way merge that every tab needs at once (settings are merged on each
// save); the level and pack-list merges in merge.ts load when a conflict first happens.

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** One value edited on two sides from one base: the changed side wins; `null` when both changed it differently. */
export function mergeScalar<T>(base: T, mine: T, theirs: T): { value: T } | null {
  if (same(mine, theirs) || same(theirs, base)) return { value: mine };
  if (same(mine, base)) return { value: theirs };
  return null;
}

/**
 * Merges two edits of a settings value: a plain object is merged key by key (a key changed on both
 * sides keeps this side's value — the designer's latest act); anything else is this side's value.
 */
export function mergeFields(base: unknown, mine: unknown, theirs: unknown): unknown {
  const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isRecord(mine) || !isRecord(theirs)) return mine;
  const b = isRecord(base) ? base : {};
  const out: Record<string, unknown> = {};
  for (const k of new Set([...Object.keys(theirs), ...Object.keys(mine), ...Object.keys(b)])) {
    const m = mergeScalar(b[k], mine[k], theirs[k]);
    const v = m ? m.value : mine[k];
    if (v !== undefined) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  }
  return out;
}
