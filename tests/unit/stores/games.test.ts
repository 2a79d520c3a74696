// The workspace's games (issue 31): stored, registered, offered to levels; created, duplicated from
// classic, updated (its levels re-checked first, one undo step), removed when unused; the analysis
// cache key and the reports follow a game's play hash; other tabs hear of changes; workers get a
// level's game with the request.
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadFitCheck } from '../../../src/core/level/fit.ts';
import { createLevel, levelHash } from '../../../src/core/level/index.ts';
import { CLASSIC_GAME } from '../../../src/core/game/classic.ts';
import { forgetGames, gameById } from '../../../src/core/game/registry.ts';
import type { GameDef } from '../../../src/core/game/types.ts';
import { memoryStorage } from '../../../src/db/memoryStorage.ts';
import { openStorage } from '../../../src/db/storage.ts';
import { cacheKey } from '../../../src/analysis/runner.ts';
import { simApi } from '../../../src/analysis/simApi.ts';
import { Workspace } from '../../../src/stores/workspace.svelte.ts';
import { replaceElements } from '../../../src/stores/gameChanges.ts';
import { SWEET, sweetLevel } from '../game/fixtures.ts';
import { say } from '../../../src/i18n/notice.ts';
/** The editor's line as the palette words it (the store says what happened: src/core/notice.ts). */
const noticeText = (e: { notice: Parameters<typeof say>[0] | null; game: Parameters<typeof say>[1] }) => (e.notice ? say(e.notice, e.game) : null);

afterEach(() => forgetGames());
beforeAll(() => loadFitCheck());

/** A workspace with a classic pack (a) and a Sweet Saga pack (s1 with fudge at 0,0; s2 plain). */
async function workspace() {
  const ws = new Workspace();
  const s1 = sweetLevel((c) => (c[0][0] = { tile: 'fudge', hp: 2 }), { id: 's1', name: 'Sweet one' });
  const s2 = sweetLevel(() => {}, { id: 's2', name: 'Sweet two' });
  const storage = memoryStorage({
    packs: [
      { id: 'p', name: 'Classic pack', levelIds: ['a'] },
      { id: 'q', name: 'Sweet pack', levelIds: ['s1', 's2'] },
    ],
    levels: [createLevel({ id: 'a', name: 'Alpha' }), s1, s2],
  });
  await storage.games.put([SWEET]);
  await ws.startWith(storage);
  return ws;
}
const withoutFudge = (): GameDef => ({ ...SWEET, elements: SWEET.elements.filter((e) => e.id !== 'fudge') });

describe('the games store', () => {
  it('loads the stored games and registers them; classic comes first in the list a level is offered', async () => {
    const ws = await workspace();
    expect((await ws.loadGames()).all.map((g) => g.id)).toEqual(['classic', 'sweet-saga']);
    expect(gameById('sweet-saga')?.name).toBe('Sweet Saga');
    expect((await ws.loadGames()).levelsOf('sweet-saga').map((l) => l.name)).toEqual(['Sweet one', 'Sweet two']);
  });

  it('creates a game, refuses classic, a used id and an invalid definition (with the problem)', async () => {
    const ws = await workspace();
    expect(await (await ws.loadGames()).create({ ...SWEET, id: 'classic' })).toEqual({ ok: false, reason: 'classic' });
    expect(await (await ws.loadGames()).create(SWEET)).toEqual({ ok: false, reason: 'exists', id: 'sweet-saga' });
    const bad = await (await ws.loadGames()).create({ ...SWEET, id: 'bad', elements: [] });
    expect(bad.ok === false && bad.reason === 'invalid' && bad.problems[0].path).toBe('elements');
    const made = await (await ws.loadGames()).create({ ...SWEET, id: 'sweet-two', name: 'Sweet Two' });
    expect(made.ok).toBe(true);
    expect((await ws.storage!.games.list()).map((g) => g.id)).toEqual(['sweet-saga', 'sweet-two']);
    expect(gameById('sweet-two')?.name).toBe('Sweet Two');
  });

  it('duplicates classic under a new id and name; classic itself stays built in', async () => {
    const ws = await workspace();
    const r = await (await ws.loadGames()).duplicate('classic', 'my-classic', 'My classic');
    expect(r.ok && r.game.elements.map((e) => e.id)).toEqual(CLASSIC_GAME.elements.map((e) => e.id));
    expect((await ws.loadGames()).byId('my-classic')?.name).toBe('My classic');
    expect(await (await ws.loadGames()).update({ ...CLASSIC_GAME, name: 'Changed' })).toEqual({ ok: false, reason: 'classic' });
    expect(await (await ws.loadGames()).remove('classic')).toEqual({ ok: false, reason: 'classic' });
    expect(gameById('classic')).toBe(CLASSIC_GAME);
  });

  it('an update that breaks levels is refused with their names and reasons; nothing is saved', async () => {
    const ws = await workspace();
    const r = await (await ws.loadGames()).update(withoutFudge());
    expect(r.ok).toBe(false);
    if (r.ok || r.reason !== 'breaks') throw new Error('expected breaks');
    expect(r.levels.map((l) => l.name)).toEqual(['Sweet one']);
    expect(r.levels[0].problems[0].message).toContain('fudge');
    expect((await ws.loadGames()).byId('sweet-saga')!.elements).toHaveLength(SWEET.elements.length);
    expect((await ws.storage!.games.list())[0].elements).toHaveLength(SWEET.elements.length);
  });

  it('removing an element can replace it in the levels: one undo step takes back the game and the levels', async () => {
    const ws = await workspace();
    const hashBefore = ws.catalogue.summaries.get('s2')!.hash;
    const r = await (await ws.loadGames()).update(withoutFudge(), { replace: { fudge: 'choc' }, label: 'Remove fudge' });
    expect(r.ok && r.changedLevels).toBe(1);
    const s1 = (await ws.getLevel('s1'))!;
    expect(s1.cells[0][0].tile).toBe('choc');
    expect((await ws.loadGames()).history.undo).toBe('Remove fudge');
    // every level of the game has a new hash: its report reads as measured on an older game
    expect(ws.catalogue.summaries.get('s2')!.hash).not.toBe(hashBefore);
    expect(await (await ws.loadGames()).undo()).toBe(true);
    expect((await ws.loadGames()).byId('sweet-saga')!.elements.map((e) => e.id)).toContain('fudge');
    expect((await ws.getLevel('s1'))!.cells[0][0].tile).toBe('fudge');
    expect(ws.catalogue.summaries.get('s2')!.hash).toBe(hashBefore);
    expect((await ws.loadGames()).history).toEqual({ undo: null, redo: 'Remove fudge' });
    expect(await (await ws.loadGames()).redo()).toBe(true);
    expect((await ws.getLevel('s1'))!.cells[0][0].tile).toBe('choc');
  });

  it('the analysis cache key follows the game definition: a changed game never meets its old entries', async () => {
    const ws = await workspace();
    const level = (await ws.getLevel('s2'))!;
    const before = cacheKey(level, 'average', 100);
    const changed = { ...SWEET, elements: SWEET.elements.map((e) => (e.id === 'toffee' ? { ...e, hp: 5 } : e)) };
    expect((await (await ws.loadGames()).update(changed)).ok).toBe(true);
    expect(cacheKey(level, 'average', 100)).not.toBe(before);
    // a name is not play: renaming the game keeps the key
    const key = cacheKey(level, 'average', 100);
    expect((await (await ws.loadGames()).update({ ...changed, name: 'Sweeter' })).ok).toBe(true);
    expect(cacheKey(level, 'average', 100)).toBe(key);
  });

  it('removes a game no level plays; one that levels play is refused with their names', async () => {
    const ws = await workspace();
    const used = await (await ws.loadGames()).remove('sweet-saga');
    expect(used.ok === false && used.reason === 'used' && used.levels.map((l) => l.name)).toEqual(['Sweet one', 'Sweet two']);
    await (await ws.loadGames()).create({ ...SWEET, id: 'spare', name: 'Spare' });
    expect((await (await ws.loadGames()).remove('spare')).ok).toBe(true);
    expect(gameById('spare')).toBeUndefined();
    expect((await ws.storage!.games.list()).map((g) => g.id)).toEqual(['sweet-saga']);
  });

  it('a new level takes its pack game (the first level of the pack), else classic', async () => {
    const ws = await workspace();
    await ws.openLevel('s2');
    ws.newLevel();
    await new Promise((r) => setTimeout(r, 0));
    expect(ws.editor.level?.game).toBe('sweet-saga');
    expect(ws.catalogue.packOf(ws.editor.level!.id)?.id).toBe('q');
    await ws.openLevel('a');
    ws.newLevel();
    await new Promise((r) => setTimeout(r, 0));
    expect(ws.editor.level?.game).toBeUndefined();
  });

  it("changing a level's game is one undo step, and is refused with the reason when the level does not fit", async () => {
    const ws = await workspace();
    await ws.openLevel('a');
    const r = ws.editor.transact('Game', [{ tool: 'set_game', args: { game: 'sweet-saga' } }]);
    expect(r.ok).toBe(true);
    expect(ws.editor.level?.game).toBe('sweet-saga');
    expect(ws.catalogue.summaries.get('a')?.game).toBe('sweet-saga');
    ws.editor.undo();
    expect(ws.editor.level?.game).toBeUndefined();
    await ws.openLevel('s1'); // fudge is not a classic element
    const refused = ws.editor.transact('Game', [{ tool: 'set_game', args: { game: 'classic' } }]);
    expect(refused.ok === false && refused.error).toMatch(/does not fit the game "Classic": cells\[0\]\[0\]\.tile: /);
    expect(ws.editor.level?.game).toBe('sweet-saga');
    const unknown = ws.editor.transact('Game', [{ tool: 'set_game', args: { game: 'nope' } }]);
    expect(unknown.ok === false && unknown.error).toContain('unknown game "nope"');
  });

  it("the toolbar's Undo and Redo reach game changes in order with the open level's steps", async () => {
    const ws = await workspace();
    const games = await ws.loadGames();
    await ws.openLevel('s1');
    const ed = ws.editor;
    expect(ed.transact('Paint', [{ tool: 'paint_tile', args: { x: 1, y: 1, tile: 'red' } }]).ok).toBe(true);
    expect((await games.update(withoutFudge(), { replace: { fudge: 'choc' }, label: 'Remove fudge' })).ok).toBe(true);
    // the game change rewrote the open level: shown, but not a step of the level's own history
    expect(ed.level!.cells[0][0].tile).toBe('choc');
    expect(ed.historyOf('s1').entries.map((e) => e.label)).toEqual(['Paint']);
    expect(ed.nextUndo).toEqual({ label: 'Remove fudge', outer: true });
    expect(await ed.undoStep()).toMatchObject({ ok: true });
    expect(games.byId('sweet-saga')!.elements.map((e) => e.id)).toContain('fudge');
    expect(ed.level!.cells[0][0].tile).toBe('fudge');
    expect(ed.level!.cells[1][1].tile).toBe('red'); // the paint made before the game change stays
    expect(ed.nextUndo).toEqual({ label: 'Paint', outer: false });
    await ed.undoStep();
    expect(ed.level!.cells[1][1].tile).toBeUndefined();
    expect(ed.nextUndo).toBeNull();
    // redo: the step undone last comes back first
    expect(ed.nextRedo).toEqual({ label: 'Paint', outer: false });
    await ed.redoStep();
    expect(ed.nextRedo).toEqual({ label: 'Remove fudge', outer: true });
    await ed.redoStep();
    expect(ed.level!.cells[0][0].tile).toBe('choc');
    expect(ed.level!.cells[1][1].tile).toBe('red');
    expect(games.byId('sweet-saga')!.elements.map((e) => e.id)).not.toContain('fudge');
    expect(ed.nextRedo).toBeNull();

    // an edit after the game change comes first; the game editor's own Undo, which skips it, is refused
    // naming the level the change rewrote, and nothing changes
    expect(ed.transact('Paint', [{ tool: 'paint_tile', args: { x: 0, y: 0, tile: 'blue' } }]).ok).toBe(true);
    expect(ed.nextUndo).toEqual({ label: 'Paint', outer: false });
    expect(await games.step('undo')).toEqual({ ok: false, reason: 'changed', levels: [{ id: 's1', name: 'Sweet one' }] });
    expect(games.history.undo).toBe('Remove fudge');
    expect(ed.level!.cells[0][0].tile).toBe('blue');
    expect((await ws.getLevel('s1'))!.cells[0][0].tile).toBe('blue');
    // the toolbar's order: the paint, then the game change
    await ed.undoStep();
    expect(await ed.undoStep()).toMatchObject({ ok: true });
    expect(ed.level!.cells[0][0].tile).toBe('fudge');
    expect((await ws.getLevel('s1'))!.cells[0][0].tile).toBe('fudge');
    expect(ws.catalogue.summaries.get('s1')!.hash).toBe(levelHash(ed.level!));
  });

  it("a step made after an undo ends that undo's redo in the toolbar, whichever history each is in", async () => {
    const ws = await workspace();
    const games = await ws.loadGames();
    await ws.openLevel('s1');
    const ed = ws.editor;
    // a game change undone, then a level edit: Redo no longer brings the game change back over the edit
    expect((await games.update(withoutFudge(), { replace: { fudge: 'choc' }, label: 'Remove fudge' })).ok).toBe(true);
    expect(await ed.undoStep()).toMatchObject({ ok: true });
    expect(ed.nextRedo).toEqual({ label: 'Remove fudge', outer: true });
    expect(ed.transact('Paint', [{ tool: 'paint_tile', args: { x: 1, y: 1, tile: 'red' } }]).ok).toBe(true);
    expect(ed.nextRedo).toBeNull();
    expect(await ed.redoStep()).toBeNull();
    expect(games.byId('sweet-saga')!.elements.map((e) => e.id)).toContain('fudge');
    // undoing the edit makes the game change the latest undone step again
    expect(await ed.undoStep()).toMatchObject({ ok: true });
    expect(ed.nextRedo).toEqual({ label: 'Paint', outer: false });
    // a level edit undone, then a game change that rewrites the level: Redo no longer brings back the
    // cells of the game before it
    expect(ed.transact('Paint', [{ tool: 'paint_tile', args: { x: 0, y: 0, tile: 'blue' } }]).ok).toBe(true);
    expect(await ed.undoStep()).toMatchObject({ ok: true });
    expect(ed.nextRedo).toEqual({ label: 'Paint', outer: false });
    expect(ed.level!.cells[0][0].tile).toBe('fudge');
    expect((await games.update(withoutFudge(), { replace: { fudge: 'choc' }, label: 'Remove fudge' })).ok).toBe(true);
    expect(ed.level!.cells[0][0].tile).toBe('choc');
    expect(ed.nextRedo).toBeNull();
    expect(await ed.redoStep()).toBeNull();
    expect(ed.level!.cells[0][0].tile).toBe('choc');
  });

  it('a refused toolbar Undo of a game change says which levels are in the way, in the notice line', async () => {
    const ws = await workspace();
    const games = await ws.loadGames();
    expect((await games.update(withoutFudge(), { replace: { fudge: 'choc' }, label: 'Remove fudge' })).ok).toBe(true);
    // a level the change rewrote is edited after it, then another level of the game is opened: its
    // history is empty, so the toolbar's Undo reaches the game change, which the edit is in the way of
    await ws.openLevel('s1');
    expect(ws.editor.transact('Paint', [{ tool: 'paint_tile', args: { x: 0, y: 0, tile: 'red' } }]).ok).toBe(true);
    await ws.openLevel('s2');
    expect(ws.editor.nextUndo).toEqual({ label: 'Remove fudge', outer: true });
    expect(await ws.editor.undoStep()).toMatchObject({ ok: false, reason: 'changed' });
    expect(noticeText(ws.editor)).toBe('“Remove fudge” was not undone or redone: Sweet one changed since.');
    expect(games.byId('sweet-saga')!.elements.map((e) => e.id)).not.toContain('fudge');
    expect((await ws.getLevel('s1'))!.cells[0][0].tile).toBe('red');
  });

  it('replaceElements swaps element ids in cells and objectives, and returns the same level when none is named', () => {
    const l = sweetLevel((c) => (c[1][1] = { tile: 'fudge' }));
    expect(replaceElements(l, { wrap: 'toffee' })).toBe(l);
    expect(replaceElements(l, { fudge: 'choc' }).cells[1][1].tile).toBe('choc');
  });
});

describe('games across tabs and threads', () => {
  it("another tab hears that the games changed and gets the stored list", async () => {
    const name = `games-tabs-${Date.now()}`;
    const a = await openStorage({ name, onStatus: () => {} });
    const b = await openStorage({ name, onStatus: () => {} });
    await a.loadWorkspace();
    await b.loadWorkspace();
    const heard = new Promise<GameDef[]>((resolve) => (b.sync.remoteGames = resolve));
    await a.games.put([SWEET]);
    expect((await heard).map((g) => g.id)).toEqual(['sweet-saga']);
    a.close();
    b.close();
  });

  it("a worker's request carries the level's game: a thread that never saw it plays the level", () => {
    forgetGames();
    const level = sweetLevel(() => {}, { id: 'w' });
    const counts = simApi.playChunk({ level, tier: 'novice', curve: false, game: SWEET }, 0, 2);
    expect(counts.games).toBe(2);
    expect(levelHash(level)).toBeTruthy();
  });
});
