// Deleting levels and packs (issue 32): they leave the list at once and move to Recently deleted in one
// transaction (src/db/deleted.ts); the notice's Undo is a restore of what that delete made. Loaded with
// the first delete, not with the first page (docs/performance.md, "First load").
import { notice, shownLevelName, shownPackName } from '../core/notice.ts';
import { levelEntryId, packEntryId, type Neighbours, type PackRecord } from '../db/storage.ts';
import type { DeleteHost } from './host.ts';

/**
 * Deletes levels (one, or a selection) as one step: they move to Recently deleted (one transaction,
 * kept RECENTLY_DELETED_DAYS), and the notice's Undo brings every one back where it was. A workspace
 * keeps at least one level.
 */
export async function deleteLevels(ws: DeleteHost, ids: string[]) {
  const places = ids.map((id) => ws.catalogue.placeOf.get(id)).filter((p) => !!p);
  if (!places.length) return;
  if (places.length >= ws.catalogue.size) return ws.toast(notice('levels.lastLevel'), 'error');
  const gone = new Set(places.map((p) => p.id));
  const firstName = shownLevelName(places[0].id, ws.catalogue.nameOf(places[0].id) ?? '');
  const near = neighboursOf(ws.packs, gone);
  const items = places.map((p) => ({
    id: p.id,
    level: ws.current(p.id),
    place: { packId: p.packId, packName: ws.packs.find((x) => x.id === p.packId)?.name ?? '', index: p.index, listed: ws.packs.find((x) => x.id === p.packId)?.levelIds, ...near.get(p.id)! },
  }));
  const order = ws.catalogue.ids();
  const wasOpen = ws.editor.level && gone.has(ws.editor.level.id) ? ws.editor.level.id : null;
  ws.catalogue.remove(gone);
  for (const id of gone) ws.cache.delete(id);
  ws.setPacks(ws.packs.map((p) => ({ ...p, levelIds: p.levelIds.filter((x) => !gone.has(x)) })));
  ws.trackMove(ws.storage?.deleted.moveLevels(items));
  for (const p of places) ws.deletedHere.set(p.id, { packId: p.packId, index: p.index });
  ws.list.prune();
  if (wasOpen) {
    const at = order.indexOf(wasOpen);
    const next = order.slice(at + 1).find((x) => !gone.has(x)) ?? order.slice(0, at).reverse().find((x) => !gone.has(x));
    if (next) void ws.openLevel(next);
  }
  const said = places.length === 1 ? notice('levels.deleted', { name: firstName }) : notice('cat.deletedMany', { n: places.length });
  const entryIds = places.map((p) => levelEntryId(p.id));
  ws.toast(said, 'info', { label: notice('toast.undo'), run: () => void ws.restoreDeleted(entryIds) }, 10000);
}

/** For each level of `gone`, its neighbours in its pack and the nearest level before it that stays (one pass over the packs). */
function neighboursOf(packs: readonly PackRecord[], gone: ReadonlySet<string>): Map<string, Neighbours> {
  const out = new Map<string, Neighbours>();
  for (const p of packs) {
    let kept: string | null = null;
    p.levelIds.forEach((id, i) => {
      if (gone.has(id)) out.set(id, { after: p.levelIds[i - 1] ?? null, before: p.levelIds[i + 1] ?? null, keptAfter: kept });
      else kept = id;
    });
  }
  return out;
}

/**
 * Deletes a pack with its levels: it moves to Recently deleted as one entry (one transaction), and the
 * notice's Undo brings it back where it was. An empty pack just goes.
 */
export async function deletePack(ws: DeleteHost, id: string) {
  const index = ws.packs.findIndex((p) => p.id === id);
  const pack = ws.packs[index];
  if (!pack || ws.packs.length <= 1) return;
  const listed = pack.levelIds.filter((x) => ws.catalogue.has(x));
  if (listed.length && listed.length >= ws.catalogue.size) {
    ws.toast(notice('pack.lastPack'), 'error');
    return;
  }
  const gone = new Set(pack.levelIds);
  ws.catalogue.remove(gone);
  for (const x of gone) ws.cache.delete(x);
  const levels = listed.map((x) => ({ id: x, level: ws.current(x) }));
  const after = ws.packs[index - 1]?.id ?? null;
  const packNeighbours = { after, before: ws.packs[index + 1]?.id ?? null, keptAfter: after };
  ws.setPacks(ws.packs.filter((p) => p.id !== id));
  if (listed.length) ws.trackMove(ws.storage?.deleted.movePack({ id: pack.id, name: pack.name, index, ...packNeighbours }, levels));
  // a level of a deleted pack that comes back goes to the first pack
  pack.levelIds.forEach((x, i) => ws.deletedHere.set(x, { packId: pack.id, index: i }));
  ws.list.prune();
  if (ws.editor.level && gone.has(ws.editor.level.id)) {
    const next = ws.catalogue.atNumber(1);
    if (next) void ws.openLevel(next);
  }
  if (!listed.length) return;
  ws.toast(notice('pack.deleted', { name: shownPackName(pack.name, pack.levelIds), n: listed.length }), 'info', { label: notice('toast.undo'), run: () => void ws.restoreDeleted([packEntryId(pack.id)]) }, 10000);
}

