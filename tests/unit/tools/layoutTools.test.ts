// Belts, spawners and hidden pieces as registry edits (RULES §12.3; issue 41 item 2): each call one
// undoable edit that makes a version 1 level version 2, checked with §12.3's checks on the whole layout;
// a refusal leaves the level as it was and gives §12's reason in English and as a catalogue key; the
// model is offered these tools on levels of version 2 games only; the find objective on such levels.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLevel, parseLevel, type LevelT } from '../../../src/core/level/index.ts';
import { v2Warnings } from '../../../src/core/level/warningsV2.ts';
import { applyIntent, loadTools, runTool } from '../../../src/core/tools/registry.ts';
import { forgetGames, gameById, registerGames } from '../../../src/core/game/registry.ts';
import type { GameDef } from '../../../src/core/game/types.ts';
import { modelToolSpecs } from '../../../src/ai/toolSet.ts';
import { loadFitCheck } from '../../../src/core/level/fit.ts';

type XY = [number, number];
type L = LevelT & { belts?: { cells: XY[] }[]; spawners?: { at: XY; spawn: unknown[] }[]; hidden?: { at: XY; size: XY }[]; portals?: unknown[] };
const root = new URL('../../../examples/games/', import.meta.url);
const read = <T>(p: string) => JSON.parse(readFileSync(new URL(p, root), 'utf8')) as T;
const NEW = ['add_belt', 'remove_belt', 'set_spawner', 'remove_spawner', 'add_hidden', 'remove_hidden'];
beforeAll(async () => {
  registerGames([read<GameDef>('candy-kingdom.game.json'), read<GameDef>('sweet-saga.game.json')]);
  await loadTools([...NEW, 'add_portal', 'update_objective']);
  await loadFitCheck();
});
afterAll(() => forgetGames(['candy-kingdom', 'sweet-saga']));

async function edit(level: LevelT, tool: string, args: Record<string, unknown>) {
  const r = await runTool(level, tool, args);
  if (!r.ok) throw new Error(r.error);
  return { level: r.level as L, summary: r.summary };
}
/** A refused call: its English error, and the reason's key for the UI; the level is the same object. */
function refused(level: LevelT, tool: string, args: Record<string, unknown>) {
  const r = applyIntent(level, { tool, args });
  if (r.ok) throw new Error(`${tool} was not refused`);
  return { error: r.error, key: r.reason?.key, params: r.reason?.params };
}
const parses = (l: LevelT) => {
  const p = parseLevel(l);
  return p.ok && JSON.stringify(p.level) === JSON.stringify(l);
};
const candy = (file: string) => ({ ...read<LevelT>(`candy-kingdom/${file}`), id: 'c' }) as L;
/** A 9×9 classic level with a void at E5 (x 4, y 4). */
function withVoid(): LevelT {
  const l = createLevel({ id: 'v', seed: 1 });
  return { ...l, cells: l.cells.map((row, y) => row.map((c, x) => (x === 4 && y === 4 ? { tile: 'void' } : c))) };
}

describe('add_belt and remove_belt', () => {
  it('adds a numbered belt (the level becomes version 2, and parses as is), removes it by number', async () => {
    const l = createLevel({ id: 'b', seed: 1 });
    const one = await edit(l, 'add_belt', { cells: [[0, 2], [1, 2], [1, 3]] });
    expect(one.level.version).toBe(2);
    expect(one.level.belts).toEqual([{ cells: [[0, 2], [1, 2], [1, 3]] }]);
    expect(one.summary).toBe("Added belt 1: 3 cells from A3 (x 0, y 2) to B4 (x 1, y 3); the last cell's slot moves to the first.");
    expect(parses(one.level)).toBe(true);
    const two = await edit(one.level, 'add_belt', { cells: [[5, 5], [6, 5]] });
    const gone = await edit(two.level, 'remove_belt', { n: 1 });
    expect(gone.level.belts).toEqual([{ cells: [[5, 5], [6, 5]] }]);
    expect((await edit(gone.level, 'remove_belt', { n: 1 })).level.belts).toBeUndefined();
  });

  it('refuses cells that are not neighbours, a void, a cell on two belts, a multi-cell piece, a ninth belt, a missing belt', async () => {
    const l = createLevel({ id: 'b', seed: 1 });
    expect(refused(l, 'add_belt', { cells: [[0, 0], [2, 0]] })).toMatchObject({ error: 'add_belt: belts[0].cells[1]: must be an orthogonal neighbour of cells[0]', key: 'problem.beltNeighbour', params: { cell: 'C1', prev: 'A1' } });
    expect(refused(withVoid(), 'add_belt', { cells: [[3, 4], [4, 4]] })).toMatchObject({ error: 'add_belt: belts[0].cells[1]: must not be a void cell', key: 'problem.beltVoid', params: { cell: 'E5' } });
    const one = (await edit(l, 'add_belt', { cells: [[0, 0], [1, 0]] })).level;
    expect(refused(one, 'add_belt', { cells: [[1, 1], [1, 0]] })).toMatchObject({ error: 'add_belt: belts[1].cells[1]: is already on belts[0]', key: 'problem.beltTwice', params: { n: 1 } });
    // the cake of "Cake and keys" is 2×2 on D2 (x 3, y 1): none of its cells may be on a belt
    expect(refused(candy('level_3.json'), 'add_belt', { cells: [[4, 3], [4, 2]] })).toMatchObject({ key: 'problem.beltPiece', error: 'add_belt: belts[0].cells[1]: holds "cake" at D2: a belt carries no multi-cell piece' });
    let many: LevelT = l;
    for (let i = 0; i < 8; i++) many = (await edit(many, 'add_belt', { cells: [[i, 0], [i, 1]] })).level;
    expect(refused(many, 'add_belt', { cells: [[0, 5], [1, 5]] })).toMatchObject({ key: 'problem.beltMost', error: 'add_belt: the level already has 8 belts, the most allowed; remove one first' });
    expect(refused(l, 'remove_belt', { n: 1 })).toMatchObject({ key: 'problem.noBelt', error: 'remove_belt: n: the level has no belts' });
    expect(refused(l, 'add_belt', { cells: [[0, 0]] }).error).toBe('add_belt: cells: must have 2..64 cells');
    expect(refused(l, 'add_belt', { cells: [[0, 0], [9, 0]] }).error).toBe('add_belt: cells[1][0]: must be 0..8 (the board is 9 wide)');
  });

  it('replays as an intent (undo and redo replay the call)', async () => {
    const l = createLevel({ id: 'b', seed: 1 });
    const r = await edit(l, 'add_belt', { cells: [[2, 2], [2, 3], [3, 3]] });
    const replay = applyIntent(l, { tool: 'add_belt', args: { cells: [[2, 2], [2, 3], [3, 3]] } });
    expect(replay.ok && JSON.stringify(replay.level)).toBe(JSON.stringify(r.level));
  });
});

describe('set_spawner and remove_spawner', () => {
  const entry = { element: 'cherry', chance: 0.25, max: 2, total: 3 };
  it("puts a spawner with its own list on a column's top cell, changes its list, removes it", async () => {
    const l = { ...createLevel({ id: 's', seed: 1 }), game: 'candy-kingdom' } as LevelT;
    const on = await edit(l, 'set_spawner', { x: 2, y: 0, spawn: [entry] });
    expect(on.level.version).toBe(2);
    expect(on.level.spawners).toEqual([{ at: [2, 0], spawn: [entry] }]);
    expect(on.summary).toBe('Put a spawner on C1 (x 2, y 0): cherry (chance 0.25, at most 2 on the board, 3 in all).');
    expect(parses(on.level)).toBe(true);
    const plain = await edit(on.level, 'set_spawner', { x: 2, y: 0 });
    expect(plain.level.spawners).toEqual([{ at: [2, 0], spawn: [] }]);
    expect(plain.summary).toBe('Changed the spawner on C1 (x 2, y 0): colours only.');
    expect((await edit(plain.level, 'remove_spawner', { x: 2, y: 0 })).level.spawners).toBeUndefined();
  });

  it("on a portal exit's path start below the board's top; refused off a path start, on a cell without one, with an element not of the game", async () => {
    const l = { ...createLevel({ id: 's', seed: 1 }), game: 'candy-kingdom' } as LevelT;
    expect(refused(l, 'set_spawner', { x: 2, y: 3 })).toMatchObject({ error: 'set_spawner: spawners[0].at: must be the first cell of a fall path', key: 'problem.spawnerNotStart' });
    // a portal from C3 (x 2, y 2) into G6 (x 6, y 5): C4 below the entry starts a path of its own
    const portal = (await edit(l, 'add_portal', { from_x: 2, from_y: 2, to_x: 6, to_y: 5 })).level;
    expect((await edit(portal, 'set_spawner', { x: 2, y: 3 })).level.spawners).toEqual([{ at: [2, 3], spawn: [] }]);
    expect(refused(l, 'remove_spawner', { x: 1, y: 0 })).toMatchObject({ key: 'problem.noSpawner', params: { cell: 'B1' }, error: 'remove_spawner: no spawner on B1 (x 1, y 0)' });
    expect(refused(l, 'set_spawner', { x: 2, y: 0, spawn: [{ ...entry, element: 'nope' }] }).error).toMatch(/^set_spawner: spawn\[0\]\.element: /);
  });

  it('a portal that would leave a spawner off its path start is refused with the spawner\'s reason (the whole layout is checked)', async () => {
    const l = { ...createLevel({ id: 's', seed: 1 }), game: 'candy-kingdom' } as LevelT;
    const portal = (await edit(l, 'add_portal', { from_x: 2, from_y: 2, to_x: 6, to_y: 5 })).level;
    const spawner = (await edit(portal, 'set_spawner', { x: 2, y: 3 })).level;
    expect(refused(spawner, 'remove_portal', { n: 1 })).toMatchObject({ key: 'problem.spawnerNotStart' });
  });
});

describe('add_hidden and remove_hidden', () => {
  it('adds a numbered rectangle (version 2, parses), removes it', async () => {
    const l = createLevel({ id: 'h', seed: 1 });
    const one = await edit(l, 'add_hidden', { x: 1, y: 2, width: 2, height: 3 });
    expect(one.level.version).toBe(2);
    expect(one.level.hidden).toEqual([{ at: [1, 2], size: [2, 3] }]);
    expect(one.summary).toBe('Added hidden piece 1: 2×3 on B3–C5 (x 1–2, y 2–4).');
    expect(parses(one.level)).toBe(true);
    expect((await edit(one.level, 'remove_hidden', { n: 1 })).level.hidden).toBeUndefined();
  });

  it('refuses a rectangle off the board, an overlap, a seventeenth, a missing number', async () => {
    const l = createLevel({ id: 'h', seed: 1 });
    expect(refused(l, 'add_hidden', { x: 7, y: 0, width: 3, height: 1 })).toMatchObject({ key: 'problem.hiddenOutside', error: 'add_hidden: hidden[0]: must be inside the board' });
    const one = (await edit(l, 'add_hidden', { x: 0, y: 0, width: 2, height: 2 })).level;
    expect(refused(one, 'add_hidden', { x: 1, y: 1, width: 2, height: 2 })).toMatchObject({ key: 'problem.hiddenOverlap', params: { n: 1 }, error: 'add_hidden: hidden[1]: overlaps hidden[0]' });
    let many: LevelT = l;
    for (let i = 0; i < 16; i++) many = (await edit(many, 'add_hidden', { x: i % 8, y: Math.floor(i / 8), width: 1, height: 1 })).level;
    expect(refused(many, 'add_hidden', { x: 0, y: 5, width: 1, height: 1 })).toMatchObject({ key: 'problem.hiddenMost' });
    expect(refused(l, 'remove_hidden', { n: 2 })).toMatchObject({ key: 'problem.noHidden', error: 'remove_hidden: n: the level has no hidden rectangles' });
  });

  it('a removal below the find objective\'s count lowers it in the same step; with none left the objective stays and the level warns', async () => {
    // "Bears below": three rectangles, find 3
    const bears = candy('level_5.json');
    const two = await edit(bears, 'remove_hidden', { n: 1 });
    expect(two.level.hidden).toHaveLength(2);
    expect(two.level.objectives).toEqual([{ type: 'find', count: 2 }]);
    expect(two.summary).toBe('Removed hidden piece 1 (2×2 at A1 (x 0, y 0)). The find objective now counts 2 (the hidden pieces left).');
    expect(parses(two.level)).toBe(true);
    // a find below what is left is kept as it is
    const one = await edit((await edit(bears, 'update_objective', { index: 0, type: 'find', count: 1 })).level, 'remove_hidden', { n: 1 });
    expect(one.level.objectives).toEqual([{ type: 'find', count: 1 }]);
    expect(one.summary).not.toContain('find');
    // the last one: the objective stays (find 1 cannot go lower) and the level warns
    const none = await edit((await edit(two.level, 'remove_hidden', { n: 1 })).level, 'remove_hidden', { n: 1 });
    expect(none.level.hidden).toBeUndefined();
    expect(none.level.objectives).toEqual([{ type: 'find', count: 1 }]);
    expect(none.summary).toContain('The find objective has no hidden piece left to find');
    expect(v2Warnings(none.level as Parameters<typeof v2Warnings>[0], undefined).map((w) => w.message)).toContain('find 1: the level has no hidden rectangle');
  });
});

describe('the find objective and what the model is offered', () => {
  it("update_objective sets find on a version 2 game's level with hidden pieces, within their number", async () => {
    const bears = candy('level_5.json');
    const r = await edit(bears, 'update_objective', { index: 0, type: 'find', count: 1 });
    expect(r.level.objectives).toEqual([{ type: 'find', count: 1 }]);
    expect(refused(bears, 'update_objective', { index: 0, type: 'find', count: 4 })).toMatchObject({ error: "update_objective: count: must be 1..3 (the level's hidden pieces)", key: 'problem.findCount', params: { max: 3 } });
    // a version 1 game's levels are offered no find
    expect(refused({ ...createLevel({ id: 's', seed: 1 }), game: 'sweet-saga' } as LevelT, 'update_objective', { index: 0, type: 'find' }).error).toMatch(/^update_objective: type: /);
  });

  const names = (g?: GameDef) => modelToolSpecs('full', g).map((s) => s.name);
  it("the belt, spawner and hidden tools on a version 2 game's levels only", () => {
    for (const t of NEW) {
      expect(names(gameById('candy-kingdom')!)).toContain(t);
      expect(names(gameById('sweet-saga')!)).not.toContain(t);
      expect(names()).not.toContain(t);
    }
  });
});
