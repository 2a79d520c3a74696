// Game files among the files a designer imports (Import level, a drop, Import files… of the folder
// bar): a game file is imported on its own and before the other files, so the levels chosen with
// it find their game and no "Game file needed" question is asked; a game file alone is stored; the
// same definition as the stored one changes nothing; a different one asks as a pack carrying it
// does; a broken one is refused naming its fields (the built-in classic's id among them).
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createLevel, serializeLevel } from '../../../src/core/level/index.ts';
import { forgetGames, gameById } from '../../../src/core/game/registry.ts';
import { CLASSIC_GAME } from '../../../src/core/game/classic.ts';
import { serializeGame } from '../../../src/core/game/schema.ts';
import type { GameDef } from '../../../src/core/game/types.ts';
import { memoryStorage } from '../../../src/db/memoryStorage.ts';
import { Workspace } from '../../../src/stores/workspace.svelte.ts';
import type { Choice } from '../../../src/stores/choice.svelte.ts';
import type { FileQuestion } from '../../../src/stores/transfer.svelte.ts';
import { SWEET, sweetLevel } from './fixtures.ts';
import { said } from '../setup/said.ts';

afterEach(() => forgetGames());

/** A workspace with one classic level (and, with `sweet`, Sweet Saga stored and a level of it); questions answered with `answer`, file questions recorded. */
async function workspace(answer: string | null, sweet = false) {
  const ws = new Workspace();
  const levels = [createLevel({ id: 'a', name: 'Alpha' }), ...(sweet ? [sweetLevel(() => {}, { id: 's1', name: 'Sweet one' })] : [])];
  const storage = memoryStorage({ packs: [{ id: 'p', name: 'Pack', levelIds: levels.map((l) => l.id) }], levels });
  if (sweet) await storage.games.put([SWEET]);
  await ws.startWith(storage);
  const asked: Choice[] = [];
  ws.choose = async (c) => (asked.push(c), answer);
  const files: FileQuestion[] = [];
  (await ws.loadTransfer()).askFile = async (q) => (files.push(q), null);
  return { ws, asked, files };
}
const file = (text: string, name: string) => new File([text], name, { type: 'application/json' });
const gameFile = (g: GameDef, name = 'sweet-saga.game.json') => file(serializeGame(g), name);
const sweetB = sweetLevel(() => {}, { id: 'b', name: 'Sweet B' });
/** Theirs: toffee takes five hits. */
const HARDER: GameDef = { ...SWEET, elements: SWEET.elements.map((e) => (e.id === 'toffee' ? { ...e, hp: 5 } : e)) };
const storedGames = async (ws: Workspace) => ws.storage!.games.list();
const lastToast = (ws: Workspace) => ({ kind: ws.notices.toasts.at(-1)!.kind, text: said(ws.notices.toasts.at(-1)!.said) });

describe('game files among the imported files', () => {
  it('a level chosen with its game file (listed after it) imports with no question, and both are stored', async () => {
    const { ws, files } = await workspace('cancel');
    await ws.importFiles([file(serializeLevel(sweetB), 'b.json'), gameFile(SWEET)]);
    expect(files).toEqual([]);
    expect(ws.catalogue.ids()).toEqual(['a', 'b']);
    expect((await storedGames(ws)).map((g) => g.id)).toEqual(['sweet-saga']);
    expect(gameById('sweet-saga')?.name).toBe('Sweet Saga');
    expect(ws.editor.level?.game).toBe('sweet-saga');
    expect(ws.notices.toasts.map((t) => said(t.said))).toEqual(['Imported the game “Sweet Saga”.', 'Imported level “Sweet B”.']);
  });

  it('a game file alone is stored and offered to levels; the same file again changes nothing and says so', async () => {
    const { ws, asked } = await workspace('cancel');
    await ws.importFiles([gameFile(SWEET)]);
    expect(lastToast(ws)).toEqual({ kind: 'info', text: 'Imported the game “Sweet Saga”.' });
    expect((await ws.loadGames()).all.map((g) => g.id)).toEqual(['classic', 'sweet-saga']);
    expect(ws.catalogue.ids()).toEqual(['a']);
    await ws.importFiles([gameFile(SWEET)]);
    expect(asked).toEqual([]);
    expect(lastToast(ws)).toEqual({ kind: 'info', text: 'sweet-saga.game.json is the game “Sweet Saga” as it is stored here: nothing to import.' });
    expect(await storedGames(ws)).toHaveLength(1);
    // two game files with no level: each is said; beside a level the unchanged one is simply its game
    const other: GameDef = { ...SWEET, id: 'other-saga', name: 'Other Saga' };
    await ws.importFiles([gameFile(SWEET), gameFile(other, 'other.game.json')]);
    expect(ws.notices.toasts.slice(-2).map((t) => said(t.said))).toEqual(['sweet-saga.game.json is the game “Sweet Saga” as it is stored here: nothing to import.', 'Imported the game “Other Saga”.']);
    const before = ws.notices.toasts.length;
    await ws.importFiles([gameFile(SWEET), file(serializeLevel(sweetB), 'b.json')]);
    expect(ws.notices.toasts.slice(before).map((t) => said(t.said))).toEqual(['Imported level “Sweet B”.']);
  });

  it('a different definition of a stored game asks as a pack carrying it does: Cancel stores nothing, Take theirs replaces it', async () => {
    const { ws, asked } = await workspace('cancel', true);
    await ws.importFiles([gameFile(HARDER)]);
    expect(asked).toHaveLength(1);
    expect(said(asked[0].title)).toBe('The file has another “Sweet Saga”');
    expect(said(asked[0].text)).toContain('sweet-saga.game.json carries the game “sweet-saga”');
    expect(asked[0].options.map((o) => o.id)).toEqual(['mine', 'theirs', 'new', 'cancel']);
    expect((await storedGames(ws))[0].elements.find((e) => e.id === 'toffee')!.hp).toBe(4);
    expect(lastToast(ws).text).toBe('sweet-saga.game.json: import cancelled; nothing of it was kept.');

    ws.choose = async () => 'theirs';
    await ws.importFiles([gameFile(HARDER)]);
    expect((await storedGames(ws))[0].elements.find((e) => e.id === 'toffee')!.hp).toBe(5);
    expect(gameById('sweet-saga')!.elements.find((e) => e.id === 'toffee')!.hp).toBe(5);
    expect(lastToast(ws)).toEqual({ kind: 'info', text: 'Imported the game “Sweet Saga”.' });
  });

  it('Keep mine keeps the stored game and says the file was not imported; Import theirs as a new game stores it under a free id', async () => {
    const { ws } = await workspace('mine', true);
    await ws.importFiles([gameFile(HARDER)]);
    expect((await storedGames(ws)).map((g) => g.id)).toEqual(['sweet-saga']);
    expect(lastToast(ws).text).toBe('Kept your “Sweet Saga”: sweet-saga.game.json was not imported.');
    ws.choose = async () => 'new';
    await ws.importFiles([gameFile(HARDER)]);
    expect((await storedGames(ws)).map((g) => g.id).sort()).toEqual(['sweet-saga', 'sweet-saga-2']);
    expect(lastToast(ws).text).toBe('Imported the game “Sweet Saga (2)”.');
  });

  it('the levels chosen with a game file imported as a new game play that new game; with Keep mine, the stored one', async () => {
    const { ws } = await workspace('new', true);
    const sweetC = sweetLevel(() => {}, { id: 'c', name: 'Sweet C' });
    // a pack carrying no game, listing a level of the game and a classic one
    const pack = JSON.stringify({ format: 'match3-pack', version: 1, id: 'pk', name: 'Loose pack', levels: [JSON.parse(serializeLevel(sweetC)), JSON.parse(serializeLevel(createLevel({ id: 'k', name: 'Plain' })))] });
    await ws.importFiles([file(serializeLevel(sweetB), 'b.json'), gameFile(HARDER), file(pack, 'loose.pack.json')]);
    expect((await storedGames(ws)).map((g) => g.id).sort()).toEqual(['sweet-saga', 'sweet-saga-2']);
    const played = async (id: string) => (await ws.getLevel(id))?.game ?? 'classic';
    expect(await played('b')).toBe('sweet-saga-2');
    expect(await played('c')).toBe('sweet-saga-2');
    expect(await played('k')).toBe('classic');
    expect(await played('s1')).toBe('sweet-saga'); // the level stored before keeps the stored game
    // Keep mine: a level chosen with the file plays the stored game
    ws.choose = async () => 'mine';
    await ws.importFiles([gameFile(HARDER), file(serializeLevel(sweetLevel(() => {}, { id: 'd', name: 'Sweet D' })), 'd.json')]);
    expect(await played('d')).toBe('sweet-saga');
    expect(ws.notices.toasts.slice(-2).map((t) => said(t.said))).toEqual(['Kept your “Sweet Saga”: sweet-saga.game.json was not imported.', 'Imported level “Sweet D”.']);
  });

  it('a broken game file is refused naming its field, and the level beside it still asks for its game', async () => {
    const { ws, files } = await workspace('cancel');
    const broken = { ...SWEET, elements: SWEET.elements.map((e, i) => (i === 0 ? { ...e, hp: 0 } : e)) };
    await ws.importFiles([file(JSON.stringify(broken), 'sweet-saga.game.json'), file(serializeLevel(sweetB), 'b.json')]);
    const texts = ws.notices.toasts.map((t) => said(t.said));
    expect(texts[0]).toMatch(/^sweet-saga\.game\.json was not imported: elements\[0\]\.hp: /);
    expect(files).toHaveLength(1);
    expect(said(files[0].text)).toContain('b.json');
    expect(ws.catalogue.ids()).toEqual(['a']);
    expect(await storedGames(ws)).toEqual([]);
    expect(gameById('sweet-saga')).toBeUndefined();
  });

  it('the built-in classic game is refused, changed or not: its id is the built-in one', async () => {
    const { ws, asked } = await workspace('theirs');
    for (const g of [{ ...CLASSIC_GAME, name: 'My classic' }, CLASSIC_GAME]) {
      await ws.importFiles([gameFile(g, 'classic.game.json')]);
      expect(lastToast(ws)).toEqual({ kind: 'error', text: 'classic.game.json was not imported: id: "classic" is the built-in game\'s id: give a copy another id' });
    }
    expect(asked).toEqual([]);
    expect(gameById('classic')!.name).toBe(CLASSIC_GAME.name);
    expect(await storedGames(ws)).toEqual([]);
  });

  it('a file that only mentions match3-game, or is not JSON, is still taken for what its format says', async () => {
    const { ws } = await workspace('cancel');
    const level = { ...createLevel({ id: 'm', name: 'About match3-game files' }) };
    await ws.importFiles([file(serializeLevel(level), 'm.json'), file('{"format": "match3-game", ', 'torn.json')]);
    expect(ws.catalogue.ids()).toEqual(['a', 'm']);
    const toasts = ws.notices.toasts.map((t) => ({ kind: t.kind, text: said(t.said) }));
    expect(toasts).toEqual([
      { kind: 'error', text: expect.stringMatching(/^torn\.json was not imported: /) },
      { kind: 'info', text: 'Imported level “About match3-game files”.' },
    ]);
  });

  it('level files chosen together are said in one notice naming the first three; a refused one keeps its own', async () => {
    const { setLocale } = await import('../../../src/i18n/index.svelte.ts');
    const { ws } = await workspace('cancel');
    const names = ['One', 'Two', 'Three', 'Four', 'Five'];
    const levels = names.map((name, i) => file(serializeLevel(createLevel({ id: `l${i}`, name })), `${name}.json`));
    await ws.importFiles([levels[0], file('{', 'broken.json'), ...levels.slice(1)]);
    expect(ws.catalogue.ids()).toEqual(['a', 'l0', 'l1', 'l2', 'l3', 'l4']);
    const toasts = ws.notices.toasts.map((t) => ({ kind: t.kind, text: said(t.said) }));
    expect(toasts).toEqual([
      { kind: 'error', text: expect.stringMatching(/^broken\.json was not imported: /) },
      { kind: 'info', text: 'Imported 5 levels (“One”, “Two”, “Three” and 2 more).' },
    ]);
    await setLocale('zh');
    try {
      expect(said(ws.notices.toasts.at(-1)!.said)).toBe('已导入 5 个关卡（“One”、“Two”、“Three”等）。');
    } finally {
      await setLocale('en');
    }
    await ws.importFiles(levels.slice(0, 2));
    expect(lastToast(ws).text).toBe('Imported 2 levels (“One”, “Two”).');
  });
});
