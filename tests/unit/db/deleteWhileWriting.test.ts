// A level deleted while its first write is under way (a pack imported, then deleted at once): the move to
// Recently deleted waits for that write, so the level is not stored again after it, outside the catalogue
// (a reload listed such levels in the first pack, and a restore of the pack then came back short).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createLevel } from '../../../src/core/level/index.ts';
import { openStorage } from '../../../src/db/storage.ts';

describe('deleting levels whose write is under way', () => {
  it('a pack deleted while its new levels are being written: none is left in the catalogue, all come back on restore', async () => {
    const name = `delete-while-writing-${Date.now()}`;
    const storage = await openStorage({ name, onStatus: () => {} });
    const { packs } = await storage.loadCatalogue();
    const levels = Array.from({ length: 12 }, (_, i) => createLevel({ id: `new-${i}`, name: `New ${i}` }));
    for (const l of levels) storage.scheduleLevel(l);
    void storage.flush(); // the writes start, one after another (as an import of a small pack's do)
    storage.savePacks([...packs, { id: 'fresh', name: 'Fresh', levelIds: levels.map((l) => l.id) }]);
    await storage.deleted.movePack({ id: 'fresh', name: 'Fresh', index: packs.length, after: null, before: null, keptAfter: null }, levels.map((l) => ({ id: l.id, level: l })));
    storage.savePacks(packs);
    await storage.flush();
    storage.close();

    const again = await openStorage({ name, onStatus: () => {} });
    const cat = await again.loadCatalogue();
    expect(cat.summaries.map((s) => s.id).filter((id) => id.startsWith('new-'))).toEqual([]);
    expect(cat.packs.flatMap((p) => p.levelIds).filter((id) => id.startsWith('new-'))).toEqual([]);
    const back = await again.deleted.restore(['pack:fresh']);
    expect(back.levels.map((l) => l.id)).toEqual(levels.map((l) => l.id));
    again.close();
  });
});
