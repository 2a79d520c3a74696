// Recently deleted in storage (issue 32), on fake-indexeddb with a clock the test moves: a move takes
// levels out of the catalogue into entries (one transaction), a restore stores them again, entries older
// than 30 days are purged with their conversations and reports, Empty purges everything.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createLevel } from '../../../src/core/level/index.ts';
import { openStorage } from '../../../src/db/storage.ts';
import { openStudioDb } from '../../../src/db/studioDb.ts';
import { RECENTLY_DELETED_MS } from '../../../src/core/facts.ts';

const DAY = 24 * 60 * 60 * 1000;
let n = 0;

/** A stored catalogue of one pack `p` (a…e), with a clock starting at `clock.now`. */
async function stored() {
  const clock = { now: Date.UTC(2026, 0, 10) };
  const name = `deleted-${++n}-${Date.now()}`;
  const storage = await openStorage({ name, onStatus: () => {}, now: () => clock.now });
  const samples = await storage.loadCatalogue();
  await storage.deleteLevels(samples.summaries.map((s) => s.id));
  const levels = ['a', 'b', 'c', 'd', 'e'].map((id) => createLevel({ id, name: id.toUpperCase() }));
  await storage.putLevels(levels);
  storage.savePacks([{ id: 'p', name: 'Pack', levelIds: levels.map((l) => l.id) }]);
  await storage.flush();
  return { storage, clock, name, levels };
}
const place = (index: number, after: string | null) => ({ packId: 'p', packName: 'Pack', index, after, before: null, keptAfter: after });

describe('Recently deleted in storage', () => {
  it('moves levels out of the catalogue into one entry each, with where they were and when', async () => {
    const { storage, clock, name } = await stored();
    const edited = { ...createLevel({ id: 'b', name: 'B' }), moves: 44 };
    await storage.deleted.moveLevels([{ id: 'b', level: edited, place: place(1, 'a') }, { id: 'd', place: place(3, 'c') }]);
    const cat = await storage.loadCatalogue();
    expect(cat.summaries.map((s) => s.id).sort()).toEqual(['a', 'c', 'e']);
    expect(await storage.readLevels(['b', 'd'])).toEqual([undefined, undefined]);
    const list = await storage.deleted.list();
    expect(list.map((e) => [e.id, e.kind, e.name, e.packName, e.index, e.after, e.at])).toEqual(
      expect.arrayContaining([
        ['level:b', 'level', 'B', 'Pack', 1, 'a', clock.now],
        ['level:d', 'level', 'D', 'Pack', 3, 'c', clock.now],
      ]),
    );
    // the version this tab held goes with it (not the stored one)
    const db = await openStudioDb(name);
    expect((await db.deletedLevels.get('b'))?.level.moves).toBe(44);
    db.close();
  });

  it('a restore stores the levels again (newer revisions) and drops the entries', async () => {
    const { storage } = await stored();
    await storage.deleted.moveLevels([{ id: 'b', place: place(1, 'a') }]);
    const r = await storage.deleted.restore(['level:b']);
    expect(r.levels.map((l) => l.id)).toEqual(['b']);
    expect(r.summaries[0].rev).toBeGreaterThan(1);
    expect((await storage.readLevels(['b']))[0]?.name).toBe('B');
    expect(await storage.deleted.list()).toEqual([]);
  });

  it('a pack moves as one entry with its levels in order, and comes back whole', async () => {
    const { storage, levels } = await stored();
    await storage.deleted.movePack({ id: 'p', name: 'Pack', index: 0, after: null, before: null, keptAfter: null }, levels.map((l) => ({ id: l.id })));
    const [entry] = await storage.deleted.list();
    expect(entry).toMatchObject({ id: 'pack:p', kind: 'pack', name: 'Pack', levelIds: ['a', 'b', 'c', 'd', 'e'] });
    expect((await storage.loadCatalogue()).summaries).toHaveLength(0);
    const r = await storage.deleted.restore(['pack:p']);
    expect(r.levels.map((l) => l.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect((await storage.loadCatalogue()).summaries).toHaveLength(5);
  });

  it('purges entries older than 30 days (with their conversations and reports), keeps younger ones', async () => {
    const { storage, clock } = await stored();
    await storage.messages.put({ id: 'm1', levelId: 'b', createdAt: 1, role: 'user', content: 'hi' });
    await storage.putReport({ levelId: 'b', at: 1 });
    await storage.deleted.moveLevels([{ id: 'b', place: place(1, 'a') }]);
    clock.now += 20 * DAY;
    await storage.deleted.moveLevels([{ id: 'c', place: place(1, 'a') }]);
    clock.now += 29 * DAY; // b: 49 days, c: 29 days
    expect(await storage.deleted.purgeExpired()).toEqual(['b']);
    expect((await storage.deleted.list()).map((e) => e.id)).toEqual(['level:c']);
    expect(await storage.messages.list('b')).toEqual([]);
    expect(await storage.listReports()).toEqual([]);
    clock.now += RECENTLY_DELETED_MS - 29 * DAY; // c: exactly 30 days: still kept
    expect(await storage.deleted.purgeExpired()).toEqual([]);
    clock.now += 1;
    expect(await storage.deleted.purgeExpired()).toEqual(['c']);
    expect(await storage.deleted.list()).toEqual([]);
  });

  it('keeps a level’s conversation while it is deleted; Empty removes it for good', async () => {
    const { storage } = await stored();
    await storage.messages.put({ id: 'm1', levelId: 'b', createdAt: 1, role: 'user', content: 'make it harder' });
    await storage.messages.put({ id: 'm2', levelId: 'a', createdAt: 1, role: 'user', content: 'stays' });
    await storage.deleted.moveLevels([{ id: 'b', place: place(1, 'a') }]);
    await storage.deleted.movePack({ id: 'p', name: 'Pack', index: 0, after: null, before: null, keptAfter: null }, [{ id: 'c' }, { id: 'd' }]);
    expect((await storage.messages.list('b')).map((m) => m.id)).toEqual(['m1']);
    expect((await storage.deleted.empty()).sort()).toEqual(['b', 'c', 'd']);
    expect(await storage.deleted.list()).toEqual([]);
    expect(await storage.messages.list('b')).toEqual([]);
    expect((await storage.messages.list('a')).map((m) => m.id)).toEqual(['m2']);
  });

  it('Delete forever removes one entry and leaves the others', async () => {
    const { storage } = await stored();
    await storage.deleted.moveLevels([{ id: 'b', place: place(1, 'a') }, { id: 'c', place: place(2, 'a') }]);
    expect(await storage.deleted.purge(['level:b'])).toEqual(['b']);
    expect((await storage.deleted.list()).map((e) => e.id)).toEqual(['level:c']);
    expect((await storage.deleted.restore(['level:b'])).levels).toEqual([]);
  });
});
