// A coloured piece's own countdown painted from the studio (issue 41; RULES §12.1: a painted piece may set
// `countdown` 1..its element's, default the element's): the brush carries it, omits it where it is the
// element's (files stay minimal), refuses a number out of range in the level model's words; the
// eyedropper brings a cell's countdown; a painted cell is one undo step; the selection's copy, flip and
// paste carry it; paint_tile and paint_tile_region take it and refuse it by field name.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLevel, parseLevel, type LevelT } from '../../../src/core/level/index.ts';
import { applyIntent, getTool, loadTools } from '../../../src/core/tools/registry.ts';
import { paramsOf } from '../../../src/core/tools/define.ts';
import { forgetGames, gameById, registerGames } from '../../../src/core/game/registry.ts';
import type { GameDef } from '../../../src/core/game/types.ts';
import { CLASSIC_GAME } from '../../../src/core/game/classic.ts';
import { cellIntent, floodCells, keepCountdown, regionIntent, valueAt, type BrushValue } from '../../../src/stores/brush.ts';
import { brushCountdown, withCountdown } from '../../../src/stores/brushCountdown.ts';
import { EditorStore } from '../../../src/stores/editor.svelte.ts';
import { BoardTools } from '../../../src/stores/boardTools.svelte.ts';
import * as brushNotes from '../../../src/stores/brushNotes.ts';
import { extractClip, placeClip, transformClip } from '../../../src/core/edit/selection.ts';
import { problemWords } from '../../../src/i18n/problemWords.ts';
import { setLocale } from '../../../src/i18n/index.svelte.ts';

const CANDY = JSON.parse(readFileSync('examples/games/candy-kingdom.game.json', 'utf8')) as GameDef;
/** Candy Kingdom with a coloured element that does not count down (the field and the schema differ for it). */
const PLAIN: GameDef = { ...CANDY, id: 'plain-colored', elements: CANDY.elements.map((e) => (e.colored ? (({ countdown: _, ...rest }) => rest)(e) : e)) } as GameDef;
beforeAll(async () => {
  registerGames([CANDY, PLAIN]);
  await loadTools(['paint_tile', 'paint_tile_region']);
});
afterAll(() => forgetGames(['candy-kingdom', 'plain-colored']));

const game = () => gameById('candy-kingdom')!;
const level = (id = 'candy-kingdom'): LevelT => ({ ...createLevel({ id: 'cd', seed: 4, width: 6, height: 6 }), game: id, version: 2 }) as LevelT;
const bomb = (color = 'red'): BrushValue => ({ layer: 'tile', tile: 'candy_bomb', color });
function apply(l: LevelT, intent: { tool: string; args: Record<string, unknown> }) {
  const r = applyIntent(l, intent);
  if (!r.ok) throw new Error(r.error);
  return r.level;
}
const brushWith = (v: BrushValue, n: number) => {
  const r = withCountdown(v, game(), n);
  if (!('value' in r)) throw new Error(r.refused.message);
  return r.value;
};

describe('the brush’s countdown', () => {
  it('is the element’s by default; a set countdown is carried, the element’s own is omitted', () => {
    expect(game().elements.find((e) => e.id === 'candy_bomb')!.countdown).toBe(10);
    expect(brushCountdown(bomb(), game())).toEqual({ n: 10, max: 10 });
    const four = brushWith(bomb(), 4);
    expect(four).toEqual({ layer: 'tile', tile: 'candy_bomb', color: 'red', countdown: 4 });
    expect(brushCountdown(four, game())).toEqual({ n: 4, max: 10 });
    expect(brushWith(four, 10)).toEqual(bomb());
    expect(cellIntent(four, 1, 2)).toEqual({ tool: 'paint_tile', args: { x: 1, y: 2, tile: 'candy_bomb', color: 'red', countdown: 4 } });
    // a brush that paints no countdown: a colour, an element that does not count down, a coloured one without
    expect(brushCountdown({ layer: 'tile', tile: 'red' }, game())).toBeNull();
    expect(brushCountdown({ layer: 'tile', tile: 'chocolate', hp: 1 }, game())).toBeNull();
    expect(brushCountdown(bomb(), gameById('plain-colored')!)).toBeNull();
  });

  it('is kept when another colour of the same element is chosen, and not for any other swatch', () => {
    const four = brushWith(bomb('red'), 4);
    expect(keepCountdown(four, bomb('green'))).toEqual({ layer: 'tile', tile: 'candy_bomb', color: 'green', countdown: 4 });
    expect(brushCountdown(keepCountdown(four, bomb('green')), game())).toEqual({ n: 4, max: 10 });
    // another element, a plain colour, another layer, a brush at the element's own: the swatch as it is
    const other: BrushValue = { layer: 'tile', tile: 'chocolate', hp: 1 };
    expect(keepCountdown(four, other)).toBe(other);
    expect(keepCountdown(four, { layer: 'tile', tile: 'red' })).toEqual({ layer: 'tile', tile: 'red' });
    expect(keepCountdown(four, { layer: 'cover', cover: 'ice', layers: 1 })).toEqual({ layer: 'cover', cover: 'ice', layers: 1 });
    expect(keepCountdown(bomb('red'), bomb('blue'))).toEqual(bomb('blue'));
  });

  it('refuses a countdown outside 1..the element’s, in the level model’s words (English and Chinese), and an element without one', async () => {
    for (const n of [0, 11, 2.5, NaN]) {
      const r = withCountdown(bomb(), game(), n);
      expect(r).toEqual({ refused: { message: 'must be 1..10 (the countdown of "candy_bomb")', detail: { key: 'countdownRange', params: { max: 10, id: 'candy_bomb' } } } });
    }
    const r = withCountdown(bomb(), game(), 11);
    if (!('refused' in r)) throw new Error('not refused');
    expect(problemWords(r.refused)).toBe('must be 1..10 (the countdown of "candy_bomb")');
    await setLocale('zh');
    try {
      expect(problemWords(r.refused)).toBe('必须在 1..10 之间（"candy_bomb" 的倒计时）');
    } finally {
      await setLocale('en');
    }
    // the level's check says the same of a file's cell
    const file = level();
    file.cells[0][0] = { tile: 'candy_bomb', color: 'red', countdown: 11 } as LevelT['cells'][0][0];
    const parsed = parseLevel(file);
    expect(parsed.ok).toBe(false);
    expect(JSON.stringify(parsed)).toContain('must be 1..10 (the countdown of \\"candy_bomb\\")');
    expect(withCountdown(bomb(), gameById('plain-colored')!, 3)).toMatchObject({ refused: { detail: { key: 'noCountdown' } } });
    expect(withCountdown({ layer: 'tile', tile: 'red' }, game(), 3)).toMatchObject({ refused: { detail: { key: 'onlyColored' } } });
  });

  it('painting writes the countdown only where it is not the element’s; one undo step; the eyedropper brings it back', () => {
    const ed = new EditorStore();
    ed.open(level());
    const tools = new BoardTools(() => ed);
    ed.tool = 'brush';
    ed.setValue(brushWith(bomb('blue'), 4));
    const before = ed.level!;
    tools.down([1, 1], 0);
    tools.up();
    expect(ed.level!.cells[1][1]).toEqual({ tile: 'candy_bomb', color: 'blue', countdown: 4 });
    expect(ed.historyOf('cd').entries.length).toBe(1);
    ed.setValue(bomb('blue'));
    tools.down([2, 1], 0);
    tools.up();
    expect(ed.level!.cells[1][2]).toEqual({ tile: 'candy_bomb', color: 'blue' });
    expect(ed.historyOf('cd').entries.length).toBe(2);
    ed.undo();
    ed.undo();
    expect(ed.level).toEqual(before);
    ed.redo();
    brushNotes.pickAt(ed, 1, 1);
    expect(ed.value).toEqual({ layer: 'tile', tile: 'candy_bomb', color: 'blue', countdown: 4 });
    // a countdown written out at the element's own is picked as the default brush
    expect(valueAt({ tile: 'candy_bomb', color: 'blue', countdown: 10 } as LevelT['cells'][0][0], 'tile', game())).toEqual(bomb('blue'));
  });

  it('a fill spreads over pieces of the same countdown only', () => {
    let l = apply(level(), regionIntent(bomb(), 0, 0, 2, 0));
    l = apply(l, cellIntent(brushWith(bomb(), 4), 1, 0));
    expect(floodCells(l, 'tile', 0, 0, game())).toEqual([[0, 0]]);
    expect(floodCells(l, 'tile', 1, 0, game())).toEqual([[1, 0]]);
  });

  it('the selection’s copy, flip and paste carry a piece’s countdown', () => {
    const l = apply(level(), cellIntent(brushWith(bomb('green'), 8), 0, 0));
    const clip = transformClip(extractClip(l, { x1: 0, y1: 0, x2: 1, y2: 0 }), 'flip_x');
    const pasted = placeClip(l, clip, 3, 3).level;
    expect(pasted.cells[3][4]).toEqual({ tile: 'candy_bomb', color: 'green', countdown: 8 });
    expect(parseLevel(pasted).ok).toBe(true);
  });
});

describe('paint_tile and paint_tile_region with a countdown', () => {
  it('paint it, omitting the element’s own, and say it', () => {
    const r = applyIntent(level(), { tool: 'paint_tile', args: { x: 2, y: 3, tile: 'candy_bomb', color: 'red', countdown: 6 } });
    expect(r.ok && r.level.cells[3][2]).toEqual({ tile: 'candy_bomb', color: 'red', countdown: 6 });
    expect(r.ok && r.summary).toBe('Painted candy_bomb (red, countdown 6) at C4 (x 2, y 3).');
    const rect = apply(level(), { tool: 'paint_tile_region', args: { x1: 0, y1: 0, x2: 1, y2: 1, tile: 'candy_bomb', color: 'blue', countdown: 3 } });
    expect(rect.cells.slice(0, 2).map((row) => row.slice(0, 2))).toEqual([[0, 0], [0, 0]].map((row) => row.map(() => ({ tile: 'candy_bomb', color: 'blue', countdown: 3 }))));
    expect(parseLevel(rect).ok).toBe(true);
    const own = apply(level(), { tool: 'paint_tile', args: { x: 0, y: 0, tile: 'candy_bomb', color: 'red', countdown: 10 } });
    expect(own.cells[0][0]).toEqual({ tile: 'candy_bomb', color: 'red' });
  });

  it('refuse a countdown out of range, on an element without one, on a tile that is not coloured — by field name, the level unchanged', () => {
    const at = (tool: string) => (tool === 'paint_tile' ? { x: 0, y: 0 } : { x1: 0, y1: 0, x2: 1, y2: 1 });
    const refused = (args: Record<string, unknown>, tool = 'paint_tile') => applyIntent(level(), { tool, args: { ...at(tool), ...args } });
    expect(refused({ tile: 'candy_bomb', color: 'red', countdown: 11 })).toMatchObject({ ok: false, error: expect.stringContaining('countdown: must be 1..10 (the countdown of "candy_bomb")') });
    expect(refused({ tile: 'candy_bomb', color: 'red', countdown: 11 }, 'paint_tile_region')).toMatchObject({ ok: false, error: expect.stringContaining('countdown: must be 1..10 (the countdown of "candy_bomb")') });
    expect(refused({ tile: 'candy_bomb', color: 'red', countdown: 0 })).toMatchObject({ ok: false, error: expect.stringMatching(/countdown/) });
    expect(refused({ tile: 'chocolate', hp: 1, countdown: 3 })).toMatchObject({ ok: false, error: expect.stringContaining('countdown: only with a coloured element (chocolate is not one)') });
    expect(refused({ tile: 'red', countdown: 3 }, 'paint_tile_region')).toMatchObject({ ok: false, error: expect.stringContaining('countdown: only with a coloured element') });
    const plain = applyIntent(level('plain-colored'), { tool: 'paint_tile', args: { x: 0, y: 0, tile: 'candy_bomb', color: 'red', countdown: 3 } });
    expect(plain.ok).toBe(false);
  });

  it('the countdown field is in the schema only where the game has a coloured element that counts down', () => {
    const shape = (g: GameDef, tool: string) => Object.keys(paramsOf(getTool(tool)!, g).def.shape);
    for (const tool of ['paint_tile', 'paint_tile_region']) {
      expect(shape(CLASSIC_GAME, tool)).not.toContain('countdown');
      expect(shape(gameById('plain-colored')!, tool)).toContain('color');
      expect(shape(gameById('plain-colored')!, tool)).not.toContain('countdown');
      expect(shape(game(), tool)).toContain('countdown');
    }
  });
});
