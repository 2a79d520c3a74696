// Files carry version 2 through the studio's own paths (issue 41 item 6), on the real storage over
// fake-indexeddb: a level exported and imported, a pack with its game, a workspace backup restored,
// Recently deleted (and a reload after), each keeping the layout and the game; a file the studio wrote
// comes back byte for byte through import → export, version 1 and version 2 alike.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseFileText, packFileText } from '../../../src/core/files/formats.ts';
import { parseGameText } from '../../../src/core/game/schema.ts';
import { forgetGames, registerGames } from '../../../src/core/game/registry.ts';
import type { GameDef } from '../../../src/core/game/types.ts';
import type { LevelT } from '../../../src/core/level/index.ts';
import { openStorage } from '../../../src/db/storage.ts';
import { Workspace } from '../../../src/stores/workspace.svelte.ts';
import { said } from '../setup/said.ts';

const ex = (p: string) => readFileSync(new URL(`../../../examples/games/${p}`, import.meta.url), 'utf8');
const game = (id: string): GameDef => {
  const r = parseGameText(ex(`${id}.game.json`));
  if (!r.ok) throw new Error(id);
  return r.game;
};
const CANDY = game('candy-kingdom');
const ROYAL = game('royal-castle');
const levelOf = (text: string): LevelT => {
  registerGames([CANDY, ROYAL]);
  const r = parseFileText(text);
  if (!r.ok || r.kind !== 'level') throw new Error(JSON.stringify(r).slice(0, 300));
  return r.level;
};
const candy = (n: number) => levelOf(ex(`candy-kingdom/level_${n}.json`));
const royal = (n: number) => levelOf(ex(`royal-castle/level_${n}.json`));
const file = (text: string, name: string) => new File([text], name, { type: 'application/json' });

let n = 0;
/** A studio on its own database, its downloads kept; `name`: the database (a reload opens the same again). */
async function studio(name = `files-v2-${++n}-${Date.now()}`) {
  forgetGames();
  const ws = new Workspace();
  await ws.startWith(await openStorage({ name, onStatus: () => {} }));
  ws.choose = async () => 'keep';
  ws.confirm = () => true;
  const downloads: { name: string; text: string }[] = [];
  ws.download = (fileName, parts) => void downloads.push({ name: fileName, text: parts.map(String).join('') });
  return { ws, name, downloads };
}

afterEach(() => forgetGames());

describe('a version 2 pack through import and export', () => {
  it('exports with its game and its levels’ layouts; the export imported again exports the same bytes', async () => {
    const levels = [candy(1), candy(2), candy(3)];
    registerGames([CANDY]);
    const text = packFileText({ id: 'candy', name: 'Candy' }, levels);
    const a = await studio();
    await a.ws.importFiles([file(text, 'candy.json')]);
    const pack = a.ws.packs.find((p) => p.name === 'Candy')!;
    await a.ws.exportPack(pack.id);
    const out = a.downloads.at(-1)!.text;
    const r = parseFileText(out);
    expect(r.ok && r.kind === 'pack' && [r.games, r.levels]).toEqual([[CANDY], levels]);
    const b = await studio();
    await b.ws.importFiles([file(out, 'again.json')]);
    await b.ws.exportPack(b.ws.packs.find((p) => p.name === 'Candy')!.id);
    expect(b.downloads.at(-1)!.text).toBe(out);
  });
});

/** The level as the studio holds it now (its stored version). */
const stored = async (ws: Workspace, id: string) => (await ws.getLevels([id]))[0];
const exportOpen = async (s: Awaited<ReturnType<typeof studio>>, id: string) => {
  await s.ws.openLevel(id);
  await s.ws.exportLevel();
  return s.downloads.at(-1)!.text;
};

describe('a version 2 level through import and export', () => {
  it('a level of a game the studio lacks asks for its game file, then exports with its layout; exported again, the same bytes', async () => {
    for (const [def, n] of [[CANDY, 3], [CANDY, 5], [ROYAL, 2]] as const) {
      const source = ex(`${def.id}/level_${n}.json`);
      const level = levelOf(source);
      const a = await studio();
      const asked: string[] = [];
      (await a.ws.loadTransfer()).askFile = async (q) => (asked.push(said(q.text)), file(ex(`${def.id}.game.json`), `${def.id}.game.json`));
      await a.ws.importFiles([file(source, `level_${n}.json`)]);
      expect(asked).toHaveLength(1);
      expect(asked[0]).toContain(def.id);
      expect(await stored(a.ws, level.id)).toEqual(level);
      const out = await exportOpen(a, level.id);
      expect(levelOf(out)).toEqual(level);
      const b = await studio();
      (await b.ws.loadTransfer()).askFile = async () => file(ex(`${def.id}.game.json`), `${def.id}.game.json`);
      await b.ws.importFiles([file(out, 'again.json')]);
      expect(await exportOpen(b, level.id)).toBe(out);
    }
  });
});

describe('version 1 files the studio wrote come back byte for byte', () => {
  it('a v1 pack with its v1 game, a v1 level of that game and a classic v1 level: import → export is the file', async () => {
    const a = await studio();
    await a.ws.importFiles([file(ex('sweet-saga.pack.json'), 'sweet-saga.pack.json')]);
    const pack = a.ws.packs.find((p) => p.name === 'Sweet Saga, world 1')!;
    await a.ws.exportPack(pack.id);
    const packText = a.downloads.at(-1)!.text;
    expect(packText).not.toMatch(/"version": 2|"portals"|"belts"|"walls"|"spawners"|"hidden"|"colored"|"countdown"/);
    const levelText = await exportOpen(a, pack.levelIds[1]);
    expect(levelText).toContain('"version": 1');
    const b = await studio();
    await b.ws.importFiles([file(packText, 'sweet.json')]);
    await b.ws.exportPack(b.ws.packs.find((p) => p.name === 'Sweet Saga, world 1')!.id);
    expect(b.downloads.at(-1)!.text).toBe(packText);
    const c = await studio();
    (await c.ws.loadTransfer()).askFile = async () => file(ex('sweet-saga.game.json'), 'sweet-saga.game.json');
    await c.ws.importFiles([file(levelText, 'level.json')]);
    expect(await exportOpen(c, pack.levelIds[1])).toBe(levelText);
    // a new classic level (beside a classic one)
    await c.ws.openLevel(c.ws.packs[0].levelIds[0]);
    const before = c.ws.catalogue.size;
    c.ws.newLevel();
    await expect.poll(() => c.ws.catalogue.size).toBe(before + 1);
    await expect.poll(() => c.ws.editor.level?.name).toMatch(/^Level /);
    const fresh = c.ws.editor.level!;
    expect(fresh.game).toBeUndefined();
    const classic = await exportOpen(c, fresh.id);
    const d = await studio();
    await d.ws.importFiles([file(classic, 'classic.json')]);
    expect(d.ws.editor.level?.id).toBe(fresh.id);
    expect(await exportOpen(d, fresh.id)).toBe(classic);
  });
});

/** A studio holding a pack of Candy Kingdom levels and one of Royal Castle levels, each imported with its game. */
async function withV2Packs(name?: string) {
  const s = await studio(name);
  registerGames([CANDY, ROYAL]);
  const candyText = packFileText({ id: 'candy', name: 'Candy' }, [1, 2, 3, 4, 5, 6].map(candy));
  const royalText = packFileText({ id: 'royal', name: 'Royal' }, [1, 2, 3, 4].map(royal));
  forgetGames();
  await s.ws.importFiles([file(candyText, 'candy.json'), file(royalText, 'royal.json')]);
  expect(s.ws.packs.map((p) => p.id)).toEqual(expect.arrayContaining(['candy', 'royal']));
  return s;
}
/** A reload: the page's writes finished, its storage closed, the studio opened again on the same database. */
async function reopen(s: { ws: Workspace; name: string }) {
  await s.ws.deletesWritten();
  await s.ws.storage!.flush();
  s.ws.storage!.close();
  return studio(s.name);
}

describe('a selection of levels of two version 2 games', () => {
  it('exports as one pack carrying both games, and imports back whole', async () => {
    const a = await withV2Packs();
    await a.ws.exportSelection([candy(5).id, royal(3).id]);
    const r = parseFileText(a.downloads.at(-1)!.text);
    expect(r.ok && r.kind === 'pack' && [r.games, r.levels]).toEqual([[CANDY, ROYAL], [candy(5), royal(3)]]);
  });
});

describe('a workspace backup with version 2 games and levels', () => {
  it('restored in another studio: the same levels (layouts), the same games, and again after a reload', async () => {
    const a = await withV2Packs();
    await a.ws.exportWorkspace();
    const backup = a.downloads.at(-1)!.text;
    const b = await studio();
    await b.ws.importFiles([file(backup, "backup.json")]);
    const expectWhole = async (ws: Workspace) => {
      expect(ws.packs.find((p) => p.id === 'candy')?.levelIds).toEqual([1, 2, 3, 4, 5, 6].map((i) => candy(i).id));
      for (const i of [1, 2, 3, 4, 5, 6]) expect(await stored(ws, candy(i).id)).toEqual(candy(i));
      for (const i of [1, 2, 3, 4]) expect(await stored(ws, royal(i).id)).toEqual(royal(i));
      const games = await ws.loadGames();
      expect([games.byId('candy-kingdom'), games.byId('royal-castle')]).toEqual([CANDY, ROYAL]);
    };
    await expectWhole(b.ws);
    // the restored workspace's backup carries the same games and levels
    await b.ws.exportWorkspace();
    const again = parseFileText(b.downloads.at(-1)!.text);
    const first = parseFileText(backup);
    if (!again.ok || again.kind !== 'workspace' || !first.ok || first.kind !== 'workspace') throw new Error('not a backup');
    expect(again.workspace.games).toEqual(first.workspace.games);
    expect(again.workspace.levels).toEqual(first.workspace.levels);
    await expectWhole((await reopen(b)).ws);
  });
});

describe('Recently deleted with version 2 levels and games', () => {
  it('a deleted v2 level and a deleted pack of a v2 game come back whole, restored after a reload too', async () => {
    const a = await withV2Packs();
    const cake = candy(3).id;
    await a.ws.deleteLevels([cake]);
    await a.ws.deletePack('royal');
    await a.ws.deletesWritten();
    expect(a.ws.catalogue.has(cake)).toBe(false);
    // a reload: what Recently deleted holds is read from the database
    const b = await reopen(a);
    const deleted = await b.ws.loadDeleted();
    await deleted.load();
    expect(deleted.entries.map((e) => e.id).sort()).toEqual([`level:${cake}`, 'pack:royal']);
    await deleted.restore(['pack:royal', `level:${cake}`]);
    expect(b.ws.packs.find((p) => p.id === 'royal')?.levelIds).toEqual([1, 2, 3, 4].map((i) => royal(i).id));
    expect(b.ws.packs.find((p) => p.id === 'candy')?.levelIds[2]).toBe(cake);
    const c = await reopen(b);
    expect(await stored(c.ws, cake)).toEqual(candy(3));
    for (const i of [1, 2, 3, 4]) expect(await stored(c.ws, royal(i).id)).toEqual(royal(i));
    expect(c.ws.catalogue.summaries.get(royal(1).id)?.game).toBe('royal-castle');
    await c.ws.openLevel(royal(2).id);
    expect(c.ws.editor.level).toEqual(royal(2));
  });

  it('a backup restored over the workspace keeps the games Recently deleted’s levels play (a restore of them after finds its game)', async () => {
    const other = await studio();
    await other.ws.exportWorkspace(); // classic levels only: no game
    const backup = other.downloads.at(-1)!.text;
    const a = await withV2Packs();
    await a.ws.deletePack('royal');
    await a.ws.deletesWritten();
    await a.ws.importFiles([file(backup, 'backup.json')]);
    const b = await reopen(a);
    expect((await b.ws.loadGames()).byId('royal-castle')).toEqual(ROYAL);
    expect((await b.ws.loadGames()).byId('candy-kingdom')).toBeUndefined(); // no level of it is left anywhere
    const out = await b.ws.restoreDeleted(['pack:royal']);
    expect(out.levels).toBe(4);
    for (const i of [1, 2, 3, 4]) expect(await stored(b.ws, royal(i).id)).toEqual(royal(i));
    expect(b.ws.catalogue.summaries.get(royal(3).id)?.game).toBe('royal-castle');
  });
});

describe('broken version 2 files are refused on import, naming the field', () => {
  const changed = (path: string, change: (j: Record<string, unknown> & { cells: object[][] }) => void) => {
    const j = JSON.parse(ex(path));
    change(j);
    return JSON.stringify(j, null, 2);
  };
  it('a portal loop, a cake off the board, an unknown effect: refused, and the catalogue keeps what it had', async () => {
    const a = await withV2Packs();
    const ids = a.ws.catalogue.ids();
    const games = (await a.ws.loadGames()).list;
    const refusal = async (text: string, name: string) => {
      await a.ws.importFiles([file(text, name)]);
      const t = a.ws.notices.toasts.at(-1)!;
      expect(t.kind).toBe('error');
      return said(t.said) + (t.details ?? []).map((d) => ` | ${said(d)}`).join('');
    };
    const loop = await refusal(changed('candy-kingdom/level_5.json', (j) => ((j.id = 'loop'), (j.portals = [{ from: [1, 8], to: [1, 0] }]))), 'loop.json');
    expect(loop).toBe('loop.json was not imported: portals[0]: makes a closed loop');
    const cake = await refusal(changed('candy-kingdom/level_3.json', (j) => ((j.id = 'cake'), (j.cells[0][8] = { tile: 'cake' }))), 'cake.json');
    expect(cake).toBe('cake.json was not imported: I1 tile: "cake" is 2×2: it does not fit on the board here'); // cells[0][8], as the board names it
    const broken = JSON.parse(ex('royal-castle.game.json'));
    const lava = broken.elements.findIndex((e: { onDestroy?: unknown }) => e.onDestroy);
    broken.elements[lava].onDestroy = [{ do: 'explode' }];
    registerGames([ROYAL]);
    const pack = JSON.parse(packFileText({ id: 'bad', name: 'Bad' }, [royal(1)]));
    pack.games[0] = broken;
    const effect = await refusal(JSON.stringify(pack, null, 2), 'bad-pack.json');
    expect(effect).toBe(`bad-pack.json was not imported: games[0].elements[${lava}].onDestroy[0].do: must be an effect {"do": hit_neighbours, hit_linked, hit_all, tick, credit}`);
    expect(a.ws.catalogue.ids()).toEqual(ids);
    expect((await a.ws.loadGames()).list).toEqual(games);
  });

  it('a pack carrying a broken game the studio lacks: its problems are said, naming the field, no game file asked for', async () => {
    const a = await studio();
    const ids = a.ws.catalogue.ids();
    const asked: string[] = [];
    (await a.ws.loadTransfer()).askFile = async (q) => (asked.push(said(q.text)), null);
    const broken = JSON.parse(ex('royal-castle.game.json'));
    broken.elements[0].onDestroy = [{ do: 'explode' }];
    const pack = { format: 'match3-pack', version: 1, id: 'bad', name: 'Bad', games: [broken], levels: [JSON.parse(ex('royal-castle/level_1.json'))] };
    await a.ws.importFiles([file(JSON.stringify(pack), 'bad.json')]);
    expect(asked).toEqual([]);
    const t = a.ws.notices.toasts.at(-1)!;
    expect([t.kind, said(t.said)]).toEqual(['error', 'bad.json was not imported: it has 2 problems.']);
    expect((t.details ?? []).map(said)[0]).toBe('games[0].elements[0].onDestroy[0].do: must be an effect {"do": hit_neighbours, hit_linked, hit_all, tick, credit}');
    expect(a.ws.catalogue.ids()).toEqual(ids);
    expect((await a.ws.loadGames()).list).toEqual([]);
  });
});
