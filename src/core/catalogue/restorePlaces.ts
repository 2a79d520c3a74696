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
  /**
   * A level's pack as it was when the level went, the levels deleted from it before and not yet back
   * included at their places (orderAtDeletion); entries older than this field lack it.
   */
  order?: string[];
}

/**
 * A pack's order when levels leave it: the levels listed now, with the levels deleted from it before
 * (and still in Recently deleted: `stillDeleted`) put back in at their places, taken from the older
 * entries' orders (oldest first). So a level restored later finds its place among levels deleted before
 * it, even once those are back.
 */
export function orderAtDeletion(listed: readonly string[], older: readonly { order?: readonly string[] }[], stillDeleted: (id: string) => boolean): string[] {
  const out = [...listed];
  const has = new Set(out);
  for (const o of older) {
    const order = o.order ?? [];
    order.forEach((id, i) => {
      if (has.has(id) || !stillDeleted(id)) return;
      let at = -1;
      for (let j = i - 1; j >= 0 && at < 0; j--) if (has.has(order[j])) at = out.indexOf(order[j]) + 1;
      for (let j = i + 1; j < order.length && at < 0; j++) if (has.has(order[j])) at = out.indexOf(order[j]);
      out.splice(at < 0 ? out.length : at, 0, id);
      has.add(id);
    });
  }
  return out;
}

/** Levels kept on each side of a deleted level in its entry's order (a long pack is not copied into every entry). */
export const ORDER_REACH = 8;
/**
 * At most this many levels on each side in all: a run of thousands deleted together keeps each entry's
 * order short (the whole run in every entry made deleting a 10,000-level pack quadratic). The levels
 * just before and after it are always kept, so Undo (every entry back at once, in order) is exact.
 */
export const ORDER_SPAN = 256;

/**
 * The part of a pack's order an entry keeps: around `id` (at `me`), out to ORDER_REACH levels on each side
 * that stay (`stays`), the levels going or gone between them kept too, ORDER_SPAN levels on a side at most.
 */
export function orderAround(order: readonly string[], id: string, stays: (id: string) => boolean, me = order.indexOf(id)): string[] {
  if (me < 0 || order[me] !== id) return [];
  let from = me;
  for (let n = 0; from > 0 && n < ORDER_REACH && me - from < ORDER_SPAN; ) if (stays(order[--from])) n++;
  let to = me;
  for (let n = 0; to < order.length - 1 && n < ORDER_REACH && to - me < ORDER_SPAN; ) if (stays(order[++to])) n++;
  return order.slice(from, to + 1);
}

/**
 * The orders of levels deleted together (each with its pack's levels as listed then, `listed`), from the
 * older entries still in Recently deleted (oldest first): level id → the order its entry keeps.
 */
export function entryOrders(items: readonly { id: string; packId: string; listed?: readonly string[] }[], older: readonly Pick<RestoredEntry, 'kind' | 'packId' | 'levelIds' | 'order'>[]): Map<string, string[]> {
  const going = new Set(items.map((x) => x.id));
  // per pack, once: its order at deletion and each level's place in it; per listed array, its set
  const full = new Map<string, { order: string[]; at: Map<string, number> }>();
  const sets = new Map<readonly string[], Set<string>>();
  const out = new Map<string, string[]>();
  for (const x of items) {
    if (!x.listed) continue;
    let pack = full.get(x.packId);
    if (!pack) {
      const ofPack = older.filter((e) => e.kind === 'level' && e.packId === x.packId);
      const gone = new Set(ofPack.flatMap((e) => e.levelIds));
      const order = orderAtDeletion(x.listed, ofPack, (id) => gone.has(id));
      full.set(x.packId, (pack = { order, at: new Map(order.map((id, i) => [id, i])) }));
    }
    let listed = sets.get(x.listed);
    if (!listed) sets.set(x.listed, (listed = new Set(x.listed)));
    const inList = listed;
    out.set(x.id, orderAround(pack.order, x.id, (id) => inList.has(id) && !going.has(id), pack.at.get(x.id) ?? -1));
  }
  return out;
}

/**
 * Where its order puts a level among `ids` (`listed`: the same ids as a set): after the nearest one before
 * it listed, else before the nearest one after it (-1: none listed). `hint`: where the last level went (a
 * restore of many finds its neighbour there without a search).
 */
function byOrder(ids: readonly string[], listed: ReadonlySet<string>, e: RestoredEntry, hint: number): number {
  const order = e.order ?? [];
  const me = order.indexOf(e.levelIds[0]);
  if (me < 0) return -1;
  const at = (id: string) => (ids[hint] === id ? hint : ids.indexOf(id));
  for (let i = me - 1; i >= 0; i--) if (listed.has(order[i])) return at(order[i]) + 1;
  for (let i = me + 1; i < order.length; i++) if (listed.has(order[i])) return at(order[i]);
  return -1;
}

/**
 * Where to insert `e` in `ids`: by its order (a level deleted with one) — right after the nearest level
 * before it that is listed, else right before the nearest after it; else right after the neighbour it had before it, else right before the one it had
 * after it, else after the nearest one before it that stayed (past those this restore put there before
 * it), else at its old index.
 */
function insertAt(ids: readonly string[], e: RestoredEntry, putBefore: (id: string) => boolean, listed: ReadonlySet<string> = new Set(ids), hint = -1): number {
  const placed = byOrder(ids, listed, e, hint);
  if (placed >= 0) return placed;
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
  // per pack: its levels as a set and where the last one went, kept as levels go in
  const inPack = new Map<string, { set: Set<string>; last: number }>();
  for (const e of entries.filter((x) => x.kind === 'level').sort((a, b) => a.index - b.index)) {
    const ids = fresh(e.levelIds);
    if (!ids.length) continue;
    let pack = out.find((p) => p.id === e.packId);
    if (!pack) out.push((pack = { id: e.packId, name: e.packName, levelIds: [] }));
    let known = inPack.get(pack.id);
    if (!known) inPack.set(pack.id, (known = { set: new Set(pack.levelIds), last: -1 }));
    const at = insertAt(pack.levelIds, e, (id) => (levelIndex.get(id) ?? Infinity) < e.index, known.set, known.last);
    pack.levelIds.splice(at, 0, ...ids);
    for (const id of ids) (levelIndex.set(id, e.index), known.set.add(id));
    known.last = at + ids.length - 1;
  }
  return out;
}
