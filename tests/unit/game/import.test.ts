// The studio stores classic levels only (games in IndexedDB come later): a level, pack or backup with
// a level of another game is refused at import, naming the game, and nothing is stored.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createLevel, serializeLevel } from '../../../src/core/level/index.ts';
import { packFileText, workspaceFileText } from '../../../src/core/files/index.ts';
import { forgetGames, registerGames } from '../../../src/core/game/registry.ts';
import { memoryStorage } from '../../../src/db/memoryStorage.ts';
import { openStorage } from '../../../src/db/storage.ts';
import { Workspace } from '../../../src/stores/workspace.svelte.ts';
import { SWEET, sweetLevel } from './fixtures.ts';

afterEach(() => forgetGames());

const REFUSED = 'game "sweet-saga": the studio stores levels of the classic game only for now';

async function workspace() {
  const ws = new Workspace();
  const a = createLevel({ id: 'a', name: 'Alpha' });
  await ws.startWith(memoryStorage({ packs: [{ id: 'p', name: 'Pack', levelIds: ['a'] }], levels: [a] }));
  ws.choose = async () => 'keep';
  return ws;
}
const file = (text: string, name: string) => new File([text], name, { type: 'application/json' });
const sweetB = sweetLevel(() => {}, { id: 'b', name: 'Sweet B' });

describe('importing levels of another game into the studio', () => {
  it('a pack carrying its game, with one such level, is refused naming the game and the level; nothing is stored', async () => {
    const ws = await workspace();
    registerGames([SWEET]);
    const text = packFileText({ id: 'q', name: 'Sweet pack' }, [createLevel({ id: 'c', name: 'Classic C' }), sweetB]);
    forgetGames();
    await ws.importFiles([file(text, 'sweet.json')]);
    const last = ws.toasts.at(-1)!;
    expect(last.kind).toBe('error');
    expect(last.text).toContain('sweet.json');
    expect(last.text).toContain(`levels[1].game: ${REFUSED}`);
    expect(ws.catalogue.ids()).toEqual(['a']);
    expect(ws.packs.map((p) => p.id)).toEqual(['p']);
  });

  it('a level file of an unknown game is refused with the same words', async () => {
    const ws = await workspace();
    await ws.importFiles([file(serializeLevel(sweetB), 'b.json')]);
    expect(ws.toasts.at(-1)!.text).toContain(`game: ${REFUSED}`);
    expect(ws.catalogue.ids()).toEqual(['a']);
  });

  it('a level file of a game the process knows is refused too', async () => {
    const ws = await workspace();
    registerGames([SWEET]);
    await ws.importFiles([file(serializeLevel(sweetB), 'b.json')]);
    expect(ws.toasts.at(-1)!.text).toContain(`game: ${REFUSED}`);
    expect(ws.catalogue.ids()).toEqual(['a']);
  });

  it('a classic pack still imports', async () => {
    const ws = await workspace();
    await ws.importFiles([file(packFileText({ id: 'q', name: 'Q' }, [createLevel({ id: 'z', name: 'Zed' })]), 'q.json')]);
    expect(ws.catalogue.ids()).toContain('z');
  });

  it('a backup with such a level is refused before anything is written', async () => {
    const storage = await openStorage({ name: `games-restore-${Date.now()}`, onStatus: () => {} });
    await storage.loadWorkspace();
    storage.scheduleLevel(createLevel({ id: 'mine', name: 'Mine' }));
    await storage.flush();
    const before = await storage.exportWorkspace();
    registerGames([SWEET]);
    const backup = workspaceFileText({ packs: [{ id: 'p', name: 'P', levelIds: ['b'] }], levels: [sweetB], conversations: [], settings: {} });
    forgetGames();
    await expect(storage.importWorkspace(backup)).rejects.toThrow(`levels[0].game: ${REFUSED}`);
    const strip = (s: string) => s.replace(/"exportedAt":\s*"[^"]*"/, '');
    expect(strip(await storage.exportWorkspace())).toBe(strip(before));
  });
});
