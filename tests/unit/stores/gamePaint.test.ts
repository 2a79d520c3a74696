// Painting with a game's elements (issue 31, part 3): the brush's values and intents come from the
// level's game, the tools check elements against it, exits and spawn entries are registry edits, and
// the editor store follows the open level's game. The classic game keeps its values and intents.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createLevel, parseLevel, type LevelT } from '../../../src/core/level/index.ts';
import { parseGame } from '../../../src/core/game/schema.ts';
import { CLASSIC_GAME, forgetGames, registerGames, type GameDef } from '../../../src/core/game/index.ts';
import { elementArt } from '../../../src/core/game/art.ts';
import { applyIntent, runTool } from '../../../src/core/tools/index.ts';
import { cellIntent, floodCells, paletteValues, regionIntent, startValues, valueAt } from '../../../src/stores/brush.ts';
import { EditorStore } from '../../../src/stores/editor.svelte.ts';
import { spawnFieldProblem } from '../../../src/ui/editor/spawnField.ts';
import { changedCells } from '../../../src/ui/analysis/compare.ts';
import { elementValueLabel } from '../../../src/i18n/elementLabel.ts';
import { setLocale } from '../../../src/i18n/index.svelte.ts';
import * as brushNotes from '../../../src/stores/brushNotes.ts';

const parsed = parseGame(JSON.parse(readFileSync('examples/games/sweet-saga.game.json', 'utf8')));
if (!parsed.ok) throw new Error('the example game does not parse');
const SWEET: GameDef = parsed.game;
const BUILTINS = ['random', 'red', 'green', 'blue', 'yellow', 'purple', 'orange', 'rocket_h', 'rocket_v', 'bomb', 'rainbow'];

beforeAll(() => registerGames([SWEET]));
afterAll(() => forgetGames());

function sweetLevel(): LevelT {
  return { ...createLevel({ id: 'S', seed: 3, width: 5, height: 5 }), game: 'sweet-saga' };
}
const paint = (l: LevelT, tool: string, args: Record<string, unknown>) => {
  const r = applyIntent(l, { tool, args });
  if (!r.ok) throw new Error(r.error);
  return r.level;
};

describe('the palette of a game', () => {
  it('lists each layer’s elements with every hit or layer count, void last; the exit mark where the game has items', () => {
    const v = paletteValues(SWEET, BUILTINS);
    expect(v.tile.slice(BUILTINS.length)).toEqual([
      { layer: 'tile', tile: 'chocolate', hp: 1 },
      { layer: 'tile', tile: 'cherry', hp: 1 },
      { layer: 'tile', tile: 'meringue', hp: 1 },
      { layer: 'tile', tile: 'meringue', hp: 2 },
      { layer: 'tile', tile: 'void' },
    ]);
    expect(v.cover).toEqual([{ layer: 'cover', cover: 'liquorice' }, { layer: 'cover', cover: 'none' }]);
    expect(v.ground).toEqual([
      { layer: 'ground', ground: 'frosting', layers: 1 },
      { layer: 'ground', ground: 'frosting', layers: 2 },
      { layer: 'ground', ground: 'none' },
      { layer: 'ground', exit: true },
      { layer: 'ground', exit: false },
    ]);
  });

  it('the classic game’s palette and start values are what they were before games', () => {
    const v = paletteValues(CLASSIC_GAME, BUILTINS);
    expect(v.tile.slice(BUILTINS.length).map((x) => JSON.stringify(x))).toEqual(
      [1, 2, 3].map((hp) => JSON.stringify({ layer: 'tile', tile: 'crate', hp })).concat(JSON.stringify({ layer: 'tile', tile: 'void' })),
    );
    expect(v.cover.map((x) => JSON.stringify(x))).toEqual([
      '{"layer":"cover","cover":"ice","layers":1}', '{"layer":"cover","cover":"ice","layers":2}', '{"layer":"cover","cover":"ice","layers":3}',
      '{"layer":"cover","cover":"chain"}', '{"layer":"cover","cover":"none"}',
    ]);
    expect(v.ground.map((x) => JSON.stringify(x))).toEqual(['{"layer":"ground","ground":"jelly","layers":1}', '{"layer":"ground","ground":"jelly","layers":2}', '{"layer":"ground","ground":"none"}']);
    expect(startValues(CLASSIC_GAME)).toEqual({ tile: { layer: 'tile', tile: 'red' }, cover: { layer: 'cover', cover: 'ice', layers: 1 }, ground: { layer: 'ground', ground: 'jelly', layers: 1 } });
    // the intents the classic values paint with, as the tools always took them
    expect(cellIntent({ layer: 'tile', tile: 'crate', hp: 2 }, 1, 2)).toEqual({ tool: 'paint_tile', args: { x: 1, y: 2, tile: 'crate', hp: 2 } });
    expect(cellIntent({ layer: 'cover', cover: 'chain' }, 0, 0)).toEqual({ tool: 'paint_cover', args: { x: 0, y: 0, cover: 'chain' } });
    expect(regionIntent({ layer: 'ground', ground: 'jelly', layers: 2 }, 0, 0, 1, 1)).toEqual({ tool: 'paint_ground_region', args: { x1: 0, y1: 0, x2: 1, y2: 1, ground: 'jelly', layers: 2 } });
  });

  it('names elements by the game’s names, with hits or layers where they vary; the classic ones as the catalogue says', async () => {
    await setLocale('en');
    expect(elementValueLabel('chocolate', SWEET, 1)).toBe('Chocolate');
    expect(elementValueLabel('meringue', SWEET, 2)).toBe('Meringue, 2 hits');
    expect(elementValueLabel('frosting', SWEET, 1)).toBe('Frosting, 1 layer');
    expect(elementValueLabel('liquorice', SWEET, 1)).toBe('Liquorice lock');
    expect(elementValueLabel('crate', CLASSIC_GAME, 2)).toBe('Crate, 2 hp');
    expect(elementValueLabel('crate', CLASSIC_GAME, 2, true)).toBe('Crate, 2 hits');
    expect(elementValueLabel('ice', CLASSIC_GAME, 3)).toBe('Ice, 3 layers');
    await setLocale('zh');
    expect(elementValueLabel('meringue', SWEET, 2)).toBe('Meringue，2 点耐久');
    await setLocale('en');
  });

  it('draws the classic elements with their own art and another game’s from its glyph and colour', () => {
    expect(elementArt(CLASSIC_GAME, 'crate')?.style).toBe('planks');
    expect(elementArt(CLASSIC_GAME, 'jelly')?.style).toBe('wash');
    expect(elementArt(SWEET, 'chocolate')).toMatchObject({ style: 'token', fill: '#5c3a21', glyph: 'Ch', ink: '#ffffff' });
    expect(elementArt(SWEET, 'meringue')).toMatchObject({ style: 'token', ink: '#111827' });
    // a cover too dark to see on the board gets a light outline
    expect(elementArt(SWEET, 'liquorice')).toMatchObject({ style: 'pane', fill: '#1f1f1f', stroke: '#d1d5db' });
    expect(elementArt(SWEET, 'fudge')).toBeNull();
  });
});

describe('painting a game’s level through the registry', () => {
  it('paints tile, cover and ground elements and exits; the level stays valid and reads back as the brush values', () => {
    let l = sweetLevel();
    l = paint(l, cellIntent({ layer: 'tile', tile: 'meringue', hp: 2 }, 0, 0).tool, cellIntent({ layer: 'tile', tile: 'meringue', hp: 2 }, 0, 0).args);
    const cover = regionIntent({ layer: 'cover', cover: 'liquorice' }, 1, 0, 2, 0);
    l = paint(l, cover.tool, cover.args);
    const ground = regionIntent({ layer: 'ground', ground: 'frosting', layers: 2 }, 0, 4, 4, 4);
    l = paint(l, ground.tool, ground.args);
    const exit = regionIntent({ layer: 'ground', exit: true }, 0, 4, 4, 4);
    l = paint(l, exit.tool, exit.args);
    expect(l.cells[0][0]).toEqual({ tile: 'meringue', hp: 2 });
    expect(l.cells[0][1].cover).toEqual({ type: 'liquorice' });
    expect(l.cells[4][2]).toEqual({ ground: { type: 'frosting', layers: 2 }, exit: true });
    expect(parseLevel(l).ok).toBe(true);
    expect(valueAt(l.cells[0][0], 'tile', SWEET)).toEqual({ layer: 'tile', tile: 'meringue', hp: 2 });
    expect(valueAt(l.cells[4][2], 'ground', SWEET)).toEqual({ layer: 'ground', ground: 'frosting', layers: 2 });
    expect(valueAt(l.cells[4][2], 'ground', SWEET, true)).toEqual({ layer: 'ground', exit: true });
    // a fill of exits spreads over the cells alike in their exit mark only
    expect(floodCells(l, 'ground', 0, 4, SWEET, true)).toHaveLength(5);
    expect(floodCells(l, 'ground', 0, 0, SWEET, true)).toHaveLength(20);
    const off = regionIntent({ layer: 'ground', exit: false }, 0, 4, 1, 4);
    expect(paint(l, off.tool, off.args).cells[4][0]).toEqual({ ground: { type: 'frosting', layers: 2 } });
  });

  it('refuses an element of another layer or game, hits beyond the element’s, and an exit on a void, with the values the game takes', async () => {
    const l = sweetLevel();
    expect(await runTool(l, 'paint_tile', { x: 0, y: 0, tile: 'crate' })).toMatchObject({ ok: false, error: 'paint_tile: tile: must be one of random, red, green, blue, yellow, purple, orange, rocket_h, rocket_v, bomb, rainbow, chocolate, cherry, meringue, void' });
    expect(await runTool(l, 'paint_tile', { x: 0, y: 0, tile: 'frosting' })).toMatchObject({ ok: false, error: expect.stringMatching(/^paint_tile: tile: must be one of random, .*, meringue, void$/) });
    expect(await runTool(l, 'paint_tile', { x: 0, y: 0, tile: 'meringue', hp: 3 })).toMatchObject({ ok: false, error: 'paint_tile: hp: must be 1..2' });
    expect(await runTool(l, 'paint_cover', { x: 0, y: 0, cover: 'ice' })).toMatchObject({ ok: false, error: 'paint_cover: cover: must be one of liquorice, none' });
    const v = paint(l, 'paint_tile', { x: 0, y: 0, tile: 'void' });
    expect(await runTool(v, 'paint_exit_region', { x1: 0, y1: 0, x2: 0, y2: 0 })).toMatchObject({ ok: false, error: 'paint_exit_region: A1 (x 0, y 0) is void: a void cell cannot be an exit' });
    // classic levels keep §1's messages
    expect(await runTool(createLevel({ id: 'C' }), 'paint_tile', { x: 0, y: 0, tile: 'chocolate' })).toMatchObject({ ok: false, error: expect.stringMatching(/^paint_tile: tile: must be one of random, red/) });
  });

  it('sets objectives on the game’s elements, checked against it', async () => {
    const l = sweetLevel();
    const r = await runTool(l, 'update_objective', { index: 0, type: 'bring_down', element: 'cherry', count: 2 });
    expect(r.ok && r.level.objectives[0]).toEqual({ type: 'bring_down', element: 'cherry', count: 2 });
    const d = await runTool(l, 'update_objective', { index: 0, type: 'bring_down' });
    expect(d.ok && d.level.objectives[0]).toEqual({ type: 'bring_down', element: 'cherry', count: 10 });
    const c = await runTool(l, 'add_objective', { type: 'clear', element: 'chocolate' });
    expect(c.ok && c.level.objectives[1]).toEqual({ type: 'clear', element: 'chocolate' });
    const cover = await runTool(l, 'add_objective', { type: 'cover' });
    expect(cover.ok && cover.level.objectives[1]).toEqual({ type: 'cover', element: 'frosting' });
    expect(await runTool(l, 'add_objective', { type: 'bring_down', element: 'chocolate' })).toMatchObject({ ok: false, error: 'add_objective: element: a bring_down objective needs an item (a tile element with exit); "chocolate" is not one' });
    expect(await runTool(l, 'add_objective', { type: 'collect', element: 'cherry' })).toMatchObject({ ok: false });
  });

  it('adds, changes and removes spawn entries; at most four; a tile element of the game', async () => {
    let l = sweetLevel();
    l = paint(l, 'add_spawn', { element: 'cherry', chance: 0.2, max: 2, total: 5 });
    l = paint(l, 'update_spawn', { index: 0, total: 7 });
    expect(l.spawn).toEqual([{ element: 'cherry', chance: 0.2, max: 2, total: 7 }]);
    expect(parseLevel(l).ok).toBe(true);
    expect(await runTool(l, 'add_spawn', { element: 'frosting', chance: 0.1, max: 1, total: 1 })).toMatchObject({ ok: false });
    expect(await runTool(l, 'add_spawn', { element: 'cherry', chance: 0, max: 1, total: 1 })).toMatchObject({ ok: false });
    for (let i = 0; i < 3; i++) l = paint(l, 'add_spawn', { element: 'chocolate', chance: 0.1, max: 1, total: 1 });
    expect(await runTool(l, 'add_spawn', { element: 'cherry', chance: 0.1, max: 1, total: 1 })).toMatchObject({ ok: false });
    l = paint(l, 'remove_spawn', { index: 0 });
    expect(l.spawn).toHaveLength(3);
    for (let i = 0; i < 3; i++) l = paint(l, 'remove_spawn', { index: 0 });
    expect('spawn' in l).toBe(false);
  });

  it('the spawn fields’ problems, as typed', async () => {
    await setLocale('en');
    expect(spawnFieldProblem('chance', '150')).toBe('Spawn chance must be a percent above 0 and at most 100.');
    expect(spawnFieldProblem('chance', '0')).not.toBeNull();
    expect(spawnFieldProblem('chance', '12.5')).toBeNull();
    expect(spawnFieldProblem('max', '21')).toBe('At most on the board must be a whole number from 1 to 20.');
    expect(spawnFieldProblem('total', '999')).toBeNull();
    expect(spawnFieldProblem('total', '')).not.toBeNull();
  });
});

describe('the editor store with a game’s level', () => {
  it('follows the open level’s game: its values, then the classic ones again; the eyedropper picks elements', () => {
    const ed = new EditorStore();
    ed.open(createLevel({ id: 'C' }));
    expect(ed.game).toBe(CLASSIC_GAME);
    const l = sweetLevel();
    l.cells[1][1] = { tile: 'chocolate' };
    ed.open(l);
    expect(ed.game.id).toBe('sweet-saga');
    expect(ed.values.cover).toEqual({ layer: 'cover', cover: 'liquorice' });
    brushNotes.pickAt(ed, 1, 1);
    expect(ed.value).toEqual({ layer: 'tile', tile: 'chocolate', hp: 1 });
    ed.open(createLevel({ id: 'C' }));
    expect(ed.values).toEqual(startValues(CLASSIC_GAME));
  });

  it('compare sees a changed element, hits or exit, and not a layer count written out', () => {
    const a = sweetLevel();
    const b = { ...a, cells: a.cells.map((r) => r.map((c) => ({ ...c }))) };
    b.cells[0][0] = { ground: { type: 'frosting', layers: 1 } };
    const a2 = { ...a, cells: a.cells.map((r) => r.map((c) => ({ ...c }))) };
    a2.cells[0][0] = { ground: { type: 'frosting' } };
    expect(changedCells(a2, b).size).toBe(0);
    b.cells[1][1] = { exit: true };
    b.cells[2][2] = { tile: 'meringue', hp: 2 };
    expect([...changedCells(a, b)].sort()).toEqual(['0,0', '1,1', '2,2']);
  });
});
