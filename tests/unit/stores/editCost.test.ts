// An edit's cost does not depend on the catalogue's size: the same edit in a catalogue of 100 levels
// and of 5,000 makes the same IndexedDB requests (one level and one summary written, nothing listed,
// and the live query over other tabs' writes reads just that level's summary),
// replaces one summary, and leaves the list's shape alone (its order, search and filters are not
// recomputed). Counted, not timed (the timings are in `npm run bench:scale`).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { parseLevel, type LevelT } from '../../../src/core/level/index.ts';
import { openStorage } from '../../../src/db/storage.ts';
import { Workspace } from '../../../src/stores/workspace.svelte.ts';
import { generatedLevel } from '../../fixtures/catalogue.ts';

const REQUESTS = ['get', 'getAll', 'getAllKeys', 'put', 'add', 'delete', 'clear', 'count', 'openCursor', 'openKeyCursor'] as const;

/** Counts IndexedDB requests by kind while `fn` runs (every store, every index). */
async function countRequests(fn: (counts: Record<string, number>) => Promise<void>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const restore: (() => void)[] = [];
  for (const proto of [IDBObjectStore.prototype, IDBIndex.prototype] as unknown as Record<string, unknown>[]) {
    for (const name of REQUESTS) {
      const real = proto[name] as ((...a: unknown[]) => unknown) | undefined;
      if (!real) continue;
      proto[name] = function (this: unknown, ...args: unknown[]) {
        counts[name] = (counts[name] ?? 0) + 1;
        return real.apply(this, args);
      };
      restore.push(() => (proto[name] = real));
    }
  }
  try {
    await fn(counts);
  } finally {
    restore.forEach((r) => r());
  }
  return counts;
}

let n = 0;
async function catalogueOf(size: number) {
  const storage = await openStorage({ name: `edit-cost-${size}-${++n}-${Date.now()}`, onStatus: () => {} });
  await storage.loadCatalogue(); // seeds the sample pack
  const levels = Array.from({ length: size }, (_, i) => {
    const r = parseLevel(generatedLevel(i, `c${size}`));
    if (!r.ok) throw new Error('bad fixture');
    return r.level;
  });
  await storage.putLevels(levels);
  const { packs } = await storage.loadCatalogue();
  storage.savePacks([...packs, { id: 'big', name: 'Big', levelIds: levels.map((l) => l.id) }]);
  await storage.flush();
  const ws = new Workspace();
  await ws.startWith(storage);
  const far = levels[size - 3];
  await ws.openLevel(far.id);
  // opening stores which level is open (a setting): let that write land before counting the edit's
  await new Promise((r) => setTimeout(r, 50));
  await storage.flush();
  return { ws, storage, far };
}

async function oneEdit(size: number) {
  const { ws, storage, far } = await catalogueOf(size);
  expect(ws.catalogue.size).toBeGreaterThanOrEqual(size);
  const shape = ws.catalogue.shape;
  const packs = ws.catalogue.packs;
  const contents = ws.catalogue.contents;
  const summaries = ws.catalogue.summaries.size;
  const requests = await countRequests(async (counts) => {
    const r = ws.editor.transact('Moves', [{ tool: 'set_move_limit', args: { moves: (far as LevelT).moves === 33 ? 34 : 33 } }]);
    expect(r.ok).toBe(true);
    await storage.flush();
    // Dexie re-runs the live query over other tabs' writes after the commit: counted with the edit
    // (it has run once it has read the edited level's summary, the second get)
    for (let i = 0; i < 400 && (counts.get ?? 0) < 2; i++) await new Promise((res) => setTimeout(res, 5));
  });
  const after = {
    shapeChanged: ws.catalogue.shape !== shape,
    packsReplaced: ws.catalogue.packs !== packs,
    contentsBumps: ws.catalogue.contents - contents,
    summaries: ws.catalogue.summaries.size - summaries,
  };
  storage.close();
  return { requests, after };
}

describe('an edit in a catalogue of thousands', () => {
  it('costs the same IndexedDB requests and list work at 100 and at 5,000 levels', async () => {
    const small = await oneEdit(100);
    const big = await oneEdit(5000);
    // one level and its summary written, after one read of the stored revision; then the live query's
    // run (src/db/storage.ts watchOtherTabs): the pack list and the settings (small tables), the keys
    // of the levels written since its last run, the edited level's summary, the level count — no
    // listing of levels or summaries
    expect(small.requests).toEqual({ get: 2, put: 2, getAll: 2, getAllKeys: 2, count: 1 });
    expect(big.requests).toEqual(small.requests);
    // one summary replaced; the list's order, search and filters (which depend on its shape) are left alone
    expect(small.after).toEqual({ shapeChanged: false, packsReplaced: false, contentsBumps: 1, summaries: 0 });
    expect(big.after).toEqual(small.after);
  });
});
