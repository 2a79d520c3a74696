// A folder of version 2 files (issue 41 item 6): its *.game.json games and the levels that play them read
// with their layouts; untouched files are never written; an edited v2 level (a field, a wall) is written
// back with its layout, a file the studio wrote changing by the edited line only; a deleted and restored
// v2 level comes back to its file; broken v2 files (a portal loop, a cake off the board, an unknown
// effect) are listed naming the field, never written, and the catalogue keeps what it had.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { levelFileText } from '../../../src/core/files/levelFile.ts';
import { parseLevelText, type LevelT } from '../../../src/core/level/index.ts';
import { parseGameText } from '../../../src/core/game/schema.ts';
import { forgetGames, gameById } from '../../../src/core/game/registry.ts';
import type { GameDef } from '../../../src/core/game/types.ts';
import { memoryStorage } from '../../../src/db/memoryStorage.ts';
import { createLevel } from '../../../src/core/level/index.ts';
import { Workspace } from '../../../src/stores/workspace.svelte.ts';
import { MemoryFs } from './memoryDir.ts';

const EX = new URL('../../../examples/games/', import.meta.url);
const ex = (p: string) => readFileSync(new URL(p, EX), 'utf8');
const gameOf = (id: string): GameDef => {
  const r = parseGameText(ex(`${id}.game.json`));
  if (!r.ok) throw new Error(id);
  return r.game;
};
const CANDY = gameOf('candy-kingdom');
const ROYAL = gameOf('royal-castle');
const levelOf = (text: string): LevelT => {
  const r = parseLevelText(text, { games: [CANDY, ROYAL] });
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.level;
};
const files = (game: string) => readdirSync(new URL(`${game}/`, EX)).filter((f) => f.endsWith('.json')).sort();

/** The example games as a folder: each game file beside its sub-folder of levels, as the examples have them. */
function examplesFs(): MemoryFs {
  const fs = new MemoryFs('games');
  for (const g of ['candy-kingdom', 'royal-castle']) {
    fs.put(`${g}.game.json`, ex(`${g}.game.json`));
    for (const f of files(g)) fs.put(`${g}/${f}`, ex(`${g}/${f}`));
  }
  return fs;
}
async function studio(fs: MemoryFs) {
  const ws = new Workspace();
  await ws.startWith(memoryStorage({ packs: [{ id: 'mine', name: 'Mine', levelIds: ['m'] }], levels: [createLevel({ id: 'm', name: 'Browser level', seed: 1 })] }));
  const folder = await ws.loadFolder();
  await folder.open(fs.root);
  return { ws, folder };
}
const settle = async (ws: Workspace) => {
  await new Promise((r) => setTimeout(r, 200)); // the write pass runs after WRITE_DELAY_MS
  await ws.folder!.settled();
};
const snapshot = (fs: MemoryFs) => new Map(fs.paths().map((p) => [p, fs.get(p)]));
/** Lines of `b` not in `a` at the same place. */
const diff = (a: string, b: string) => b.split('\n').filter((l, i) => l !== a.split('\n')[i]);

afterEach(() => forgetGames());

describe('a folder of version 2 games and levels', () => {
  it('reads every game and level (layouts, coloured pieces) and writes nothing', async () => {
    const fs = examplesFs();
    const before = snapshot(fs);
    const { ws, folder } = await studio(fs);
    expect(folder.broken).toEqual([]);
    expect(gameById('candy-kingdom')).toEqual(CANDY);
    expect(gameById('royal-castle')).toEqual(ROYAL);
    expect(ws.packs.map((p) => p.name)).toEqual(['candy-kingdom', 'royal-castle', 'Mine']);
    for (const g of ['candy-kingdom', 'royal-castle'])
      for (const f of files(g)) {
        const level = levelOf(ex(`${g}/${f}`));
        expect((await ws.getLevels([level.id]))[0]).toEqual(level);
      }
    await expect.poll(async () => (await ws.loadGames()).byId('candy-kingdom')).toEqual(CANDY);
    await settle(ws);
    expect(fs.counters.writes).toBe(0);
    expect(snapshot(fs)).toEqual(before);
  });

  it('an edited v2 level is written with its layout; the other files stay byte for byte', async () => {
    const fs = examplesFs();
    // a file the studio wrote: an edit changes its own line only
    fs.put('candy-kingdom/level_5.json', levelFileText(levelOf(ex('candy-kingdom/level_5.json'))));
    const before = snapshot(fs);
    const { ws } = await studio(fs);
    const portals = levelOf(ex('candy-kingdom/level_5.json'));
    await ws.openLevel(portals.id);
    ws.editor.transact('moves', [{ tool: 'set_move_limit', args: { moves: portals.moves + 3 } }]);
    await settle(ws);
    const text = fs.get('candy-kingdom/level_5.json')!;
    expect(diff(before.get('candy-kingdom/level_5.json')!, text)).toEqual([`  "moves": ${portals.moves + 3},`]);
    ws.editor.transact('wall', [{ tool: 'set_wall', args: { x: 0, y: 0, side: 'right', on: true } }]);
    await settle(ws);
    const written = levelOf(fs.get('candy-kingdom/level_5.json')!);
    expect(written).toEqual(ws.editor.level);
    expect(written.walls).toContainEqual({ x: 0, y: 0, side: 'right' });
    expect(written.portals).toEqual(portals.portals);
    // a hand-written file, edited: written in the studio's form, every field and the layout kept
    const royal = levelOf(ex('royal-castle/level_2.json'));
    await ws.openLevel(royal.id);
    ws.editor.transact('moves', [{ tool: 'set_move_limit', args: { moves: royal.moves + 1 } }]);
    await settle(ws);
    expect(levelOf(fs.get('royal-castle/level_2.json')!)).toEqual({ ...royal, moves: royal.moves + 1 });
    for (const [path, t] of before) if (path !== 'candy-kingdom/level_5.json' && path !== 'royal-castle/level_2.json') expect(fs.get(path)).toBe(t);
  });

  it('a deleted v2 level leaves its file; restored, its file comes back with its layout', async () => {
    const fs = examplesFs();
    fs.put('candy-kingdom/level_3.json', levelFileText(levelOf(ex('candy-kingdom/level_3.json'))));
    const text = fs.get('candy-kingdom/level_3.json')!;
    const { ws } = await studio(fs);
    const cake = levelOf(text);
    await ws.deleteLevels([cake.id]);
    await ws.deletesWritten();
    await settle(ws);
    expect(fs.get('candy-kingdom/level_3.json')).toBeUndefined();
    await (await ws.loadDeleted()).restore([`level:${cake.id}`]);
    await settle(ws);
    expect(fs.get('candy-kingdom/level_3.json')).toBe(text);
    expect((await ws.getLevels([cake.id]))[0]).toEqual(cake);
  });
});

describe('broken version 2 files in a folder', () => {
  /** The example level with one thing changed in its JSON. */
  const changed = (path: string, change: (j: Record<string, unknown> & { cells: object[][] }) => void) => {
    const j = JSON.parse(ex(path));
    change(j);
    return JSON.stringify(j, null, 2);
  };

  it('a portal loop, a cake off the board and an unknown effect are listed naming the field; nothing written, nothing lost', async () => {
    const fs = examplesFs();
    fs.put('candy-kingdom/level_5.json', changed('candy-kingdom/level_5.json', (j) => (j.portals = [{ from: [1, 8], to: [1, 0] }])));
    fs.put('candy-kingdom/level_3.json', changed('candy-kingdom/level_3.json', (j) => (j.cells[0][8] = { tile: 'cake' })));
    const royal = JSON.parse(ex('royal-castle.game.json'));
    const lava = royal.elements.findIndex((e: { onDestroy?: unknown }) => e.onDestroy);
    royal.elements[lava].onDestroy = [{ do: 'explode' }];
    fs.put('royal-castle.game.json', JSON.stringify(royal, null, 2));
    const before = snapshot(fs);
    const { ws, folder } = await studio(fs);
    const byPath = new Map(folder.broken.map((b) => [b.path, b.problem]));
    expect(byPath.get('candy-kingdom/level_5.json')).toBe('portals[0]: makes a closed loop');
    expect(byPath.get('candy-kingdom/level_3.json')).toBe('cells[0][8].tile: "cake" is 2×2: it does not fit on the board here');
    expect(byPath.get('royal-castle.game.json')).toMatch(new RegExp(`^elements\\[${lava}\\]\\.onDestroy\\[0\\]\\.do: must be an effect`));
    // the good files of Candy Kingdom read; the browser's own level is still there
    expect(ws.catalogue.nameOf('m')).toBe('Browser level');
    expect(ws.catalogue.has(levelOf(ex('candy-kingdom/level_1.json')).id)).toBe(true);
    await settle(ws);
    expect(fs.counters.writes).toBe(0);
    expect(snapshot(fs)).toEqual(before);
  });
});
