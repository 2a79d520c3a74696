// Restore order (issue 32): levels deleted in any number of steps and brought back in any groups and any
// order come back in the order they had, through the workspace's own delete and restore on fake-indexeddb
// (src/stores/deleting.ts, src/db/deleted.ts, src/core/catalogue/restorePlaces.ts). Property-style: random
// deletions and restores, the pack's order checked after every step.
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { studioOnDb } from '../setup/studioOnDb.ts';
import type { Workspace } from '../../../src/stores/workspace.svelte.ts';
import { ORDER_SPAN } from '../../../src/core/catalogue/restorePlaces.ts';

const ORIGINAL = [...'abcdefghij'];
/** A studio on IndexedDB with pack p (a…j) and pack q (x, y), so p can lose every level. */
async function studio() {
  const { ws } = await studioOnDb('restore-order', [{ id: 'p', name: 'Pack', levelIds: ORIGINAL }, { id: 'q', name: 'Other', levelIds: ['x', 'y'] }]);
  return { ws, store: await ws.loadDeleted() };
}
const pack = (ws: Workspace) => ws.packs.find((p) => p.id === 'p')?.levelIds ?? [];
/** Whether `ids` keeps the original order (each level after the ones it followed). */
const inOrder = (ids: readonly string[]) => ids.every((id, i) => i === 0 || ORIGINAL.indexOf(ids[i - 1]) < ORIGINAL.indexOf(id));

/** One step: delete some of the levels listed (picked by `pick`), or restore some entries (picked by `pick`), in the order given. */
type Step = { kind: 'delete' | 'restore'; pick: number[] };
const step = fc.record({ kind: fc.constantFrom<'delete' | 'restore'>('delete', 'restore'), pick: fc.array(fc.nat(), { minLength: 1, maxLength: 6 }) });

async function run(steps: Step[], lastOneByOne: number[]) {
  const { ws, store } = await studio();
  const chosen = (from: readonly string[], pick: number[]) => [...new Set(pick.map((i) => from[i % from.length]))];
  for (const s of steps) {
    if (s.kind === 'delete') {
      const listed = pack(ws);
      if (listed.length) await ws.deleteLevels(chosen(listed, s.pick));
      await ws.deletesWritten();
    } else {
      await store.load();
      const ids = store.entries.map((e) => e.id);
      if (ids.length) await store.restore(chosen(ids, s.pick));
    }
    expect(inOrder(pack(ws)), `${JSON.stringify(steps)}: ${pack(ws).join('')}`).toBe(true);
  }
  // the rest comes back one by one, in an order of the test's choosing
  await store.load();
  const rest = store.entries.map((e) => e.id);
  while (rest.length) {
    const [id] = rest.splice((lastOneByOne.shift() ?? 0) % rest.length, 1);
    await store.restore([id]);
    expect(inOrder(pack(ws)), `${JSON.stringify(steps)}: ${pack(ws).join('')}`).toBe(true);
  }
  expect(pack(ws)).toEqual(ORIGINAL);
}

describe('restore order over random deletions and restores', () => {
  it('five consecutive levels deleted together come back in place, restored together or one by one in any order', async () => {
    const run5 = [...'cdefg'];
    const orders = fc.sample(fc.shuffledSubarray(run5, { minLength: 5, maxLength: 5 }), { numRuns: 12, seed: 32 });
    for (const order of [run5, [...run5].reverse(), ...orders]) {
      const { ws, store } = await studio();
      await ws.deleteLevels(run5);
      await ws.deletesWritten();
      for (const id of order) {
        await store.restore([`level:${id}`]);
        expect(inOrder(pack(ws)), order.join('')).toBe(true);
      }
      expect(pack(ws)).toEqual(ORIGINAL);
    }
    const { ws, store } = await studio();
    await ws.deleteLevels(run5);
    await ws.deletesWritten();
    await store.restore(run5.map((id) => `level:${id}`).reverse());
    expect(pack(ws)).toEqual(ORIGINAL);
  });

  it('levels deleted in several steps, restored in random groups and orders, keep their order after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), fc.array(fc.nat(), { maxLength: 10 }), (steps, last) => run(steps, last)),
      { numRuns: 40, seed: 3232 },
    );
  }, 120_000);

  it('a long run deleted together: every entry keeps a short order (not the whole run), and Undo brings the exact order back', async () => {
    // 1,500 levels of one pack deleted at once (a pack of thousands; every entry holding the whole run
    // made deleting 10,000 levels quadratic in time and storage), then all restored at once and in halves
    const many = Array.from({ length: 1500 }, (_, i) => `m${String(i).padStart(4, '0')}`);
    const { ws } = await studioOnDb('restore-long', [{ id: 'p', name: 'Pack', levelIds: ['a', ...many, 'z'] }, { id: 'q', name: 'Other', levelIds: ['x'] }]);
    const store = await ws.loadDeleted();
    await ws.deleteLevels(many);
    await ws.deletesWritten();
    expect(pack(ws)).toEqual(['a', 'z']);
    await store.load();
    expect(store.entries.length).toBe(1500);
    const orders = store.entries.map((e) => (e as { order?: string[] }).order ?? []);
    expect(Math.max(...orders.map((o) => o.length))).toBeLessThanOrEqual(2 * ORDER_SPAN + 1);
    expect(orders.every((o, i) => o.includes(store.entries[i].levelIds[0]))).toBe(true);
    await store.restore(store.entries.map((e) => e.id));
    expect(pack(ws)).toEqual(['a', ...many, 'z']);
    // deleted again, the later half back first, then the first half: the same order
    await ws.deleteLevels(many);
    await ws.deletesWritten();
    await store.load();
    const entryOf = (id: string) => `level:${id}`;
    await store.restore(many.slice(750).map(entryOf));
    await store.restore(many.slice(0, 750).map(entryOf));
    expect(pack(ws)).toEqual(['a', ...many, 'z']);
  }, 120_000);
});
