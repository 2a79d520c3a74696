// A studio (the Workspace) on a fresh IndexedDB database holding only the given packs: the sample levels
// the first start writes are deleted, each pack's levels written (named by their ids in capitals), then a
// workspace starts on the database as the page's does. The test file imports 'fake-indexeddb/auto' first.
import { createLevel } from '../../../src/core/level/index.ts';
import { openStorage } from '../../../src/db/storage.ts';
import { Workspace } from '../../../src/stores/workspace.svelte.ts';

let n = 0;
/** `label` names the database (each call opens a new one); returns the started workspace and the database's name. */
export async function studioOnDb(label: string, packs: { id: string; name: string; levelIds: string[] }[]): Promise<{ ws: Workspace; name: string }> {
  const name = `${label}-${++n}-${Date.now()}`;
  const seed = await openStorage({ name, onStatus: () => {} });
  const samples = await seed.loadCatalogue();
  await seed.deleteLevels(samples.summaries.map((s) => s.id));
  await seed.putLevels(packs.flatMap((p) => p.levelIds).map((id) => createLevel({ id, name: id.toUpperCase() })));
  seed.savePacks(packs);
  await seed.flush();
  seed.close();
  const ws = new Workspace();
  await ws.startWith(await openStorage({ name, onStatus: () => {} }));
  return { ws, name };
}
