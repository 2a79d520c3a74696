// Importing levels of another game into the studio (issue 31): a file that carries its games stores
// them with its levels; a level or pack whose game is unknown asks for the game file and stores
// nothing until it has it; a backup carries and restores the workspace's games.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createLevel, serializeLevel } from '../../../src/core/level/index.ts';
import { packFileText, parseFileText, workspaceFileText } from '../../../src/core/files/index.ts';
import { forgetGames, gameById, registerGames } from '../../../src/core/game/registry.ts';
import { serializeGame } from '../../../src/core/game/schema.ts';
import { memoryStorage } from '../../../src/db/memoryStorage.ts';
import { openStorage } from '../../../src/db/storage.ts';
import { Workspace } from '../../../src/stores/workspace.svelte.ts';
import type { FileQuestion } from '../../../src/stores/transfer.svelte.ts';
import { SWEET, sweetLevel } from './fixtures.ts';
import { said } from '../setup/said.ts';

afterEach(() => forgetGames());

async function workspace() {
  const ws = new Workspace();
  const a = createLevel({ id: 'a', name: 'Alpha' });
  await ws.startWith(memoryStorage({ packs: [{ id: 'p', name: 'Pack', levelIds: ['a'] }], levels: [a] }));
  ws.choose = async () => 'keep';
  return ws;
}
const file = (text: string, name: string) => new File([text], name, { type: 'application/json' });
const sweetB = sweetLevel(() => {}, { id: 'b', name: 'Sweet B' });
/** A pack file of Sweet Saga levels, written while the game is known (it carries the game). */
const sweetPack = () => {
  registerGames([SWEET]);
  const text = packFileText({ id: 'q', name: 'Sweet pack' }, [createLevel({ id: 'c', name: 'Classic C' }), sweetB]);
  forgetGames();
  return text;
};

describe('importing levels of another game into the studio', () => {
  it('a pack carrying its game stores the game and the levels, and the level plays it', async () => {
    const ws = await workspace();
    await ws.importFiles([file(sweetPack(), 'sweet.json')]);
    expect(ws.notices.toasts.at(-1)!.kind).toBe('info');
    expect(ws.catalogue.ids()).toEqual(['a', 'c', 'b']);
    expect((await ws.loadGames()).list.map((g) => g.id)).toEqual(['sweet-saga']);
    expect(await ws.storage!.games.list()).toEqual([SWEET].map((g) => expect.objectContaining({ id: g.id, name: g.name })));
    expect(gameById('sweet-saga')?.name).toBe('Sweet Saga');
    expect(ws.catalogue.summaries.get('b')?.game).toBe('sweet-saga');
    expect(ws.catalogue.summaries.get('c')?.game).toBeUndefined();
  });

  it('a level of an unknown game asks for its game file, naming the game; cancelled, nothing is stored', async () => {
    const ws = await workspace();
    const asked: FileQuestion[] = [];
    (await ws.loadTransfer()).askFile = async (q) => (asked.push(q), null);
    await ws.importFiles([file(serializeLevel(sweetB), 'b.json')]);
    expect(asked).toHaveLength(1);
    expect(said(asked[0].text)).toContain('b.json');
    expect(said(asked[0].text)).toContain('sweet-saga');
    expect(ws.notices.toasts.at(-1)!.kind).toBe('error');
    expect(said(ws.notices.toasts.at(-1)!.said)).toContain('sweet-saga');
    expect(ws.catalogue.ids()).toEqual(['a']);
    expect((await ws.loadGames()).list).toEqual([]);
    expect(await ws.storage!.games.list()).toEqual([]);
    expect(gameById('sweet-saga')).toBeUndefined();
  });

  it('given the game file, the level and its game are both stored', async () => {
    const ws = await workspace();
    (await ws.loadTransfer()).askFile = async () => file(serializeGame(SWEET), 'sweet-saga.game.json');
    await ws.importFiles([file(serializeLevel(sweetB), 'b.json')]);
    expect(ws.catalogue.ids()).toEqual(['a', 'b']);
    expect((await ws.storage!.games.list()).map((g) => g.id)).toEqual(['sweet-saga']);
    expect(ws.editor.level?.game).toBe('sweet-saga');
  });

  it('a file that is another game (or not a game) stores nothing and says so', async () => {
    const ws = await workspace();
    (await ws.loadTransfer()).askFile = async () => file(serializeGame({ ...SWEET, id: 'other-game' }), 'other.game.json');
    await ws.importFiles([file(serializeLevel(sweetB), 'b.json')]);
    expect(said(ws.notices.toasts.at(-1)!.said)).toContain('other-game');
    (await ws.loadTransfer()).askFile = async () => file('{"format":"match3-game"}', 'broken.json');
    await ws.importFiles([file(serializeLevel(sweetB), 'b.json')]);
    expect(ws.notices.toasts.at(-1)!.kind).toBe('error');
    expect(ws.catalogue.ids()).toEqual(['a']);
    expect(await ws.storage!.games.list()).toEqual([]);
    expect(gameById('other-game')).toBeUndefined();
  });

  it('a classic pack still imports and stores no game', async () => {
    const ws = await workspace();
    await ws.importFiles([file(packFileText({ id: 'q', name: 'Q' }, [createLevel({ id: 'z', name: 'Zed' })]), 'q.json')]);
    expect(ws.catalogue.ids()).toContain('z');
    expect((await ws.loadGames()).list).toEqual([]);
  });

  it('exports of a pack and of a selection carry the games their levels use, never classic', async () => {
    const ws = await workspace();
    await ws.importFiles([file(sweetPack(), 'sweet.json')]);
    const files: { name: string; text: string }[] = [];
    ws.download = (name, parts) => void files.push({ name, text: parts.join('') });
    const packId = ws.catalogue.packOf('b')!.id;
    await ws.exportPack(packId);
    await ws.exportSelection(['a']);
    const pack = JSON.parse(files[0].text);
    expect(pack.games.map((g: { id: string }) => g.id)).toEqual(['sweet-saga']);
    expect(JSON.parse(files[1].text).games).toBeUndefined();
    // and the file reads back in an empty studio
    forgetGames();
    const r = parseFileText(files[0].text);
    expect(r.ok && r.kind === 'pack' && r.levels.map((l) => l.id)).toEqual(['c', 'b']);
  });
});

describe('backups carry the workspace games', () => {
  it('a backup holds the stored games, and restoring one stores its games with its levels', async () => {
    const name = `games-restore-${Date.now()}`;
    const storage = await openStorage({ name, onStatus: () => {} });
    await storage.loadWorkspace();
    await storage.games.put([SWEET]);
    registerGames([SWEET]);
    storage.scheduleLevel(sweetB);
    await storage.flush();
    const backup = await storage.exportWorkspace();
    expect(JSON.parse(backup).games.map((g: { id: string }) => g.id)).toEqual(['sweet-saga']);
    storage.close();
    forgetGames();

    const other = await openStorage({ name: `${name}-b`, onStatus: () => {} });
    await other.loadWorkspace();
    await other.importWorkspace(backup);
    expect((await other.games.list()).map((g) => g.id)).toEqual(['sweet-saga']);
    expect((await other.readLevels(['b']))[0]?.game).toBe('sweet-saga');
    other.close();
  });

  it('a backup whose level plays an unknown game is refused before anything is written', async () => {
    const storage = await openStorage({ name: `games-refuse-${Date.now()}`, onStatus: () => {} });
    await storage.loadWorkspace();
    registerGames([SWEET]);
    const backup = workspaceFileText({ packs: [{ id: 'p', name: 'P', levelIds: ['b'] }], levels: [sweetB], games: [], conversations: [], settings: {} });
    forgetGames();
    await expect(storage.importWorkspace(backup)).rejects.toThrow('levels[0].game: unknown game "sweet-saga"');
    expect(await storage.games.list()).toEqual([]);
    storage.close();
  });
});
