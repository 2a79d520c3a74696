// Issue 40: an objective type chosen without naming its element takes one that fits the level — a
// cover objective a ground the game spreads (not the game's first ground, jelly, that the board lacks),
// a clear or bring-down objective an element the board holds — and the warnings word each objective
// with its own verb.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runTool } from '../../../src/core/tools/index.ts';
import { forgetGames, registerGames } from '../../../src/core/game/registry.ts';
import { createLevel, levelWarnings, type CellT, type LevelT } from '../../../src/core/level/index.ts';
import type { GameDef } from '../../../src/core/game/types.ts';
import { warningText } from '../../../src/i18n/warningText.ts';
import { setLocale } from '../../../src/i18n/index.svelte.ts';

const FACTORY: GameDef = {
  format: 'match3-game',
  version: 1,
  id: 'factory',
  name: 'Factory',
  elements: [
    { id: 'jelly', name: 'Jelly', layer: 'ground', hp: 2 },
    { id: 'carpet', name: 'Carpet', layer: 'ground', spread: 'through-matches' },
    { id: 'frosting', name: 'Frosting', layer: 'tile', hp: 2 },
    { id: 'chocolate', name: 'Chocolate', layer: 'tile', spread: 'when-none-hit' },
    { id: 'cherry', name: 'Cherry', layer: 'tile', falls: true, exit: true },
    { id: 'nut', name: 'Nut', layer: 'tile', falls: true, exit: true },
  ],
};

function level(edit: (cells: CellT[][]) => void = () => {}): LevelT {
  const l = createLevel({ id: 'F', name: 'F 1', seed: 3, rules: 2 });
  const cells = l.cells.map((r) => [...r]);
  edit(cells);
  return { ...l, game: 'factory', cells };
}
async function objective(l: LevelT, type: string) {
  const r = await runTool(l, 'update_objective', { index: 0, type });
  if (!r.ok) throw new Error(r.error);
  return r.level;
}

beforeEach(() => registerGames([FACTORY]));
afterEach(async () => {
  forgetGames();
  return setLocale('en');
});

describe('an objective type without its element takes one that fits the level', () => {
  it('cover: a ground the game spreads, not the first ground', async () => {
    const l = await objective(level(), 'cover');
    expect(l.objectives[0]).toEqual({ type: 'cover', element: 'carpet' });
  });
  it('cover: the spreading ground the board holds before one it does not', async () => {
    const g: GameDef = { ...FACTORY, elements: [...FACTORY.elements, { id: 'moss', layer: 'ground', spread: 'through-matches' }] };
    registerGames([g]);
    const l = await objective(level((c) => (c[2][2] = { ground: { type: 'moss' } })), 'cover');
    expect(l.objectives[0]).toEqual({ type: 'cover', element: 'moss' });
  });
  it('clear: an element the board holds; bring down: an item the board holds', async () => {
    const l = level((c) => {
      c[1][1] = { tile: 'frosting' };
      c[0][4] = { tile: 'nut' };
    });
    expect((await objective(l, 'clear')).objectives[0]).toEqual({ type: 'clear', element: 'frosting' });
    expect((await objective(l, 'bring_down')).objectives[0]).toEqual({ type: 'bring_down', element: 'nut', count: 10 });
    // nothing on the board: the game's first that fits, as before
    expect((await objective(level(), 'clear')).objectives[0]).toEqual({ type: 'clear', element: 'jelly' });
  });
  it('a named element is kept', async () => {
    const r = await runTool(level(), 'update_objective', { index: 0, type: 'cover', element: 'jelly' });
    expect(r.ok && r.level.objectives[0]).toEqual({ type: 'cover', element: 'jelly' });
  });
});

describe('warnings word each objective with its own verb', () => {
  it('cover says cover, clear says clear, in both languages', async () => {
    const l: LevelT = { ...level(), objectives: [{ type: 'cover', element: 'carpet' }, { type: 'clear', element: 'jelly' }] };
    const ws = levelWarnings(l, FACTORY).filter((w) => w.code === 'objective_unmeetable');
    expect(ws.map((w) => w.message)).toEqual(['cover carpet: the board has no carpet', 'clear jelly: the board has no jelly']);
    expect(ws.map((w) => warningText(w, FACTORY, l))).toEqual(['cover the board with Carpet: the board has no Carpet', 'clear Jelly: the board has no Jelly']);
    await setLocale('zh');
    expect(ws.map((w) => warningText(w, FACTORY, l))).toEqual(['铺满“Carpet”：棋盘上没有“Carpet”', '清除“Jelly”：棋盘上没有“Jelly”']);
  });
});
