// Where restored levels and packs go back in the pack list (Recently deleted, issue 32). Pure: the
// studio's restore (src/stores/restore.ts) and the tests call it with the pack list as it is now.

export interface PackList {
  id: string;
  name: string;
  levelIds: string[];
}

/** What a Recently deleted entry remembers of where it was (src/db/studioDb.ts DeletedRow). */
export interface RestoredEntry {
  kind: 'level' | 'pack';
  /** A level's pack, or the pack itself. */
  packId: string;
  packName: string;
  /** Its index in its pack (a pack: in the pack list) when it was deleted. */
  index: number;
  /** Its neighbours when it went (levels in its pack; a pack: packs), null at an end. */
  after: string | null;
  before: string | null;
  /** The nearest one before it that stayed; null when nothing before it stayed. */
  keptAfter: string | null;
  levelIds: string[];
}

/**
 * Where to insert `e` in `ids`: right after the neighbour it had before it, else right before the one it had
 * after it, else after the nearest one before it that stayed (past those this restore put there before
 * it), else at its old index.
 */
function insertAt(ids: readonly string[], e: RestoredEntry, putBefore: (id: string) => boolean): number {
  const has = (id: string | null) => (id === null ? -1 : ids.indexOf(id));
  if (e.after !== null && has(e.after) >= 0) return has(e.after) + 1;
  if (e.before !== null && has(e.before) >= 0) return has(e.before);
  if (e.after === null) return 0;
  let at = e.keptAfter === null ? 0 : has(e.keptAfter) >= 0 ? has(e.keptAfter) + 1 : Math.min(e.index, ids.length);
  while (at < ids.length && putBefore(ids[at])) at++;
  return at;
}

/**
 * The pack list with the entries' levels back at their places: a pack where it stood in the list with
 * its levels in order, a level in its pack beside the neighbour it had. A level's pack that is gone is
 * made again under its old id and name (so the pack's other levels, restored later, join it). Levels
 * already listed (another tab brought one back) stay where they are; the others are `levelIds` present.
 */
export function placeRestored(packs: readonly PackList[], entries: readonly RestoredEntry[], present: (id: string) => boolean = () => true): PackList[] {
  const out = packs.map((p) => ({ ...p, levelIds: [...p.levelIds] }));
  const listed = new Set(out.flatMap((p) => p.levelIds));
  const fresh = (ids: string[]) => ids.filter((id) => present(id) && !listed.has(id) && (listed.add(id), true));
  const packIndex = new Map<string, number>();
  for (const e of entries.filter((x) => x.kind === 'pack').sort((a, b) => a.index - b.index)) {
    const ids = fresh(e.levelIds);
    const there = out.find((p) => p.id === e.packId);
    if (there) {
      there.levelIds.push(...ids);
      continue;
    }
    const at = insertAt(out.map((p) => p.id), e, (id) => (packIndex.get(id) ?? Infinity) < e.index);
    out.splice(at, 0, { id: e.packId, name: e.packName, levelIds: ids });
    packIndex.set(e.packId, e.index);
  }
  const levelIndex = new Map<string, number>();
  for (const e of entries.filter((x) => x.kind === 'level').sort((a, b) => a.index - b.index)) {
    const ids = fresh(e.levelIds);
    if (!ids.length) continue;
    let pack = out.find((p) => p.id === e.packId);
    if (!pack) out.push((pack = { id: e.packId, name: e.packName, levelIds: [] }));
    const at = insertAt(pack.levelIds, e, (id) => (levelIndex.get(id) ?? Infinity) < e.index);
    pack.levelIds.splice(at, 0, ...ids);
    for (const id of ids) levelIndex.set(id, e.index);
  }
  return out;
}
