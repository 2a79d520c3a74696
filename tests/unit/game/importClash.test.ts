// A pack file that carries a game the workspace already has under the same id (issue 31): the same
// definition asks nothing; a different one asks — keep mine, take theirs (offered only when no stored
// level would break under it, and then one step of the game history), or import theirs under a new
// id — and nothing is stored before the answer; Cancel stores nothing.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createLevel } from '../../../src/core/level/index.ts';
import { packFileText } from '../../../src/core/files/index.ts';
import { forgetGames, gameById } from '../../../src/core/game/registry.ts';
import type { GameDef } from '../../../src/core/game/types.ts';
import { memoryStorage } from '../../../src/db/memoryStorage.ts';
import { Workspace } from '../../../src/stores/workspace.svelte.ts';
import type { Choice } from '../../../src/stores/choice.svelte.ts';
import { freeGameId } from '../../../src/stores/gameClash.ts';
import { SWEET, sweetLevel } from './fixtures.ts';
import { said } from '../setup/said.ts';

afterEach(() => forgetGames());

/** A workspace with a classic level and a stored Sweet Saga level (fudge at 0,0), answering questions with `answer`. */
async function workspace(answer: string | null) {
  const ws = new Workspace();
  const s1 = sweetLevel((c) => (c[0][0] = { tile: 'fudge', hp: 2 }), { id: 's1', name: 'Sweet one' });
  const storage = memoryStorage({ packs: [{ id: 'p', name: 'Pack', levelIds: ['a', 's1'] }], levels: [createLevel({ id: 'a', name: 'Alpha' }), s1] });
  await storage.games.put([SWEET]);
  await ws.startWith(storage);
  const asked: Choice[] = [];
  ws.choose = async (c) => (asked.push(c), answer);
  return { ws, asked };
}
/** A pack file of one Sweet Saga level (`b`, its cells edited by `edit`) carrying `game`. */
const packFile = (game: GameDef, edit: Parameters<typeof sweetLevel>[0] = () => {}) =>
  new File([packFileText({ id: 'q', name: 'Sweet pack' }, [sweetLevel(edit, { id: 'b', name: 'Sweet B' })], [game])], 'sweet.json', { type: 'application/json' });
/** Theirs: toffee takes five hits (the stored level still fits). */
const HARDER: GameDef = { ...SWEET, elements: SWEET.elements.map((e) => (e.id === 'toffee' ? { ...e, hp: 5 } : e)) };
/** Theirs: no fudge (the stored level, which has fudge, would break). */
const NO_FUDGE: GameDef = { ...SWEET, elements: SWEET.elements.filter((e) => e.id !== 'fudge') };
const stored = async (ws: Workspace) => (await ws.storage!.games.list()).find((g) => g.id === 'sweet-saga')!;

describe('importing a pack whose game differs from the stored one of the same id', () => {
  it('the same definition asks nothing and keeps the stored game', async () => {
    const { ws, asked } = await workspace('cancel');
    await ws.importFiles([packFile(SWEET)]);
    expect(asked).toEqual([]);
    expect(ws.catalogue.ids()).toEqual(['a', 's1', 'b']);
    expect((await ws.loadGames()).list.map((g) => g.id)).toEqual(['sweet-saga']);
  });

  it('a different one asks first; Cancel stores nothing', async () => {
    const { ws, asked } = await workspace('cancel');
    await ws.importFiles([packFile(HARDER)]);
    expect(asked).toHaveLength(1);
    expect(said(asked[0].title)).toBe('The file has another “Sweet Saga”');
    expect(said(asked[0].text)).toContain('sweet.json carries the game “sweet-saga”');
    expect(said(asked[0].text)).toContain('Every stored level of it fits');
    expect(asked[0].options.map((o) => o.id)).toEqual(['mine', 'theirs', 'new', 'cancel']);
    expect(ws.catalogue.ids()).toEqual(['a', 's1']);
    expect((await stored(ws)).elements.find((e) => e.id === 'toffee')!.hp).toBe(4);
    expect(said(ws.notices.toasts.at(-1)!.said)).toBe('sweet.json: import cancelled; nothing of it was kept.');
  });

  it('Take theirs is not offered while stored levels would break under it, and the question names them', async () => {
    const { ws, asked } = await workspace('mine');
    await ws.importFiles([packFile(NO_FUDGE)]);
    expect(asked[0].options.map((o) => o.id)).toEqual(['mine', 'new', 'cancel']);
    expect(said(asked[0].text)).toContain('this stored level would break: “Sweet one”');
    // Keep mine: the file's level is stored, playing the stored game
    expect(ws.catalogue.ids()).toEqual(['a', 's1', 'b']);
    expect(ws.catalogue.summaries.get('b')!.game).toBe('sweet-saga');
    expect((await stored(ws)).elements.map((e) => e.id)).toContain('fudge');
  });

  it("Keep mine is not offered when the file's levels need theirs", async () => {
    const gum: GameDef = { ...SWEET, elements: [...SWEET.elements, { id: 'gum', layer: 'tile' }] };
    const { ws, asked } = await workspace('cancel');
    await ws.importFiles([packFile(gum, (c) => (c[2][2] = { tile: 'gum' as never }))]);
    expect(asked[0].options.map((o) => o.id)).toEqual(['theirs', 'new', 'cancel']);
    expect(said(asked[0].text)).toContain('“Sweet B”');
  });

  it("Take theirs replaces the stored game as one undo step, and writes its levels again (their hashes follow)", async () => {
    const { ws } = await workspace('theirs');
    const hash = ws.catalogue.summaries.get('s1')!.hash;
    await ws.importFiles([packFile(HARDER)]);
    expect((await stored(ws)).elements.find((e) => e.id === 'toffee')!.hp).toBe(5);
    expect(gameById('sweet-saga')!.elements.find((e) => e.id === 'toffee')!.hp).toBe(5);
    expect(ws.catalogue.summaries.get('s1')!.hash).not.toBe(hash);
    expect(ws.catalogue.ids()).toEqual(['a', 's1', 'b']);
    const games = await ws.loadGames();
    expect(games.history.undo).toBe('Take “Sweet Saga” from a file');
    expect(await games.undo()).toBe(true);
    expect((await stored(ws)).elements.find((e) => e.id === 'toffee')!.hp).toBe(4);
    expect(ws.catalogue.summaries.get('s1')!.hash).toBe(hash);
  });

  it('Import theirs as a new game: stored under a free id, and the file’s levels play it', async () => {
    const { ws } = await workspace('new');
    await ws.importFiles([packFile(NO_FUDGE)]);
    const games = await ws.loadGames();
    expect(games.list.map((g) => [g.id, g.name])).toEqual([['sweet-saga', 'Sweet Saga'], ['sweet-saga-2', 'Sweet Saga (2)']]);
    expect(games.byId('sweet-saga')!.elements.map((e) => e.id)).toContain('fudge');
    expect(ws.catalogue.summaries.get('b')!.game).toBe('sweet-saga-2');
    expect((await ws.getLevel('b'))!.game).toBe('sweet-saga-2');
    expect(ws.catalogue.summaries.get('s1')!.game).toBe('sweet-saga');
  });

  it('a free id keeps within 40 characters and skips the taken ones', () => {
    expect(freeGameId('g', (id) => id === 'g-2')).toEqual({ id: 'g-3', n: 3 });
    expect(freeGameId('x'.repeat(40), () => false).id).toBe('x'.repeat(38) + '-2');
  });
});
