// The copilot's edits in the designer's words on a level of a workspace game (issue 31): the chat's
// tool lines, the review list and the exported conversation name the level's game's elements as the
// designer wrote them, in every language; a classic level's edits read as they always have.
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../src/i18n/index.svelte.ts';
import { intentLabel } from '../../../src/i18n/intentLabel.ts';
import { objectiveLabel } from '../../../src/i18n/objectiveLabel.ts';
import { noteText, toolBrief, toolLine } from '../../../src/i18n/chatText.ts';
import { gameForWords } from '../../../src/i18n/elementLabel.ts';
import { forgetGames, registerGames } from '../../../src/core/game/registry.ts';
import type { GameDef } from '../../../src/core/game/types.ts';

const sweets = {
  format: 'match3-game',
  version: 1,
  id: 'sweets',
  name: 'Sweets',
  elements: [
    { id: 'frosting', layer: 'ground', hp: 2, damage: ['cleared', 'blast'] },
    { id: 'liquorice', name: 'Liquorice 甘草', layer: 'cover', hp: 1, damage: ['match', 'blast'] },
    { id: 'meringue', name: 'Meringue', layer: 'tile', hp: 3, damage: ['adjacent', 'blast'] },
  ],
} as unknown as GameDef;

const level = { width: 9, height: 9, game: 'sweets' };
const classic = { width: 9, height: 9 };

afterEach(async () => {
  await setLocale('en');
  forgetGames();
});

describe("intentLabel on a game's level", () => {
  it('names painted elements and objectives by the game, in English', () => {
    registerGames([sweets]);
    const paint = { tool: 'paint_ground_region', args: { x1: 0, y1: 7, x2: 8, y2: 8, ground: 'frosting', layers: 2 } };
    expect(intentLabel(paint, 'x', level)).toBe('Set frosting, 2 layers on A8–I9');
    expect(intentLabel({ tool: 'paint_cells', args: { layer: 'ground', x1: 0, y1: 0, value: 'frosting' } }, 'x', level)).toBe('Set frosting, 1 layer on A1');
    expect(intentLabel({ tool: 'paint_cover', args: { x: 2, y: 0, cover: 'liquorice' } }, 'x', level)).toBe('Set Liquorice 甘草 at C1');
    expect(intentLabel({ tool: 'paint_tile', args: { x: 2, y: 0, tile: 'meringue', hp: 2 } }, 'x', level)).toBe('Paint Meringue, 2 hits at C1');
    expect(intentLabel({ tool: 'paint_tile', args: { x: 2, y: 0, tile: 'red' } }, 'x', level)).toBe('Paint Red (circle) at C1');
    expect(intentLabel({ tool: 'paint_ground', args: { x: 0, y: 0, ground: 'none' } }, 'x', level)).toBe('Set No ground at A1');
    expect(intentLabel({ tool: 'set_objective', args: { type: 'clear_ground', ground: 'frosting' } }, 'x', level)).toBe('Replace the objectives with: clear every frosting');
    // the game's first ground when the call leaves it out, as the tool itself reads it
    expect(intentLabel({ tool: 'add_objective', args: { type: 'clear_ground' } }, 'x', level)).toBe('Add an objective: clear every frosting');
    expect(intentLabel({ tool: 'add_objective', args: { type: 'clear_cover', cover: 'liquorice' } }, 'x', level)).toBe('Add an objective: clear every Liquorice 甘草');
    expect(intentLabel({ tool: 'add_objective', args: { type: 'clear', element: 'meringue' } }, 'x', level)).toBe('Add an objective: clear every Meringue');
  });

  it('keeps the names as written in 简体中文, set off in “…” inside the sentence', async () => {
    registerGames([sweets]);
    await setLocale('zh');
    expect(intentLabel({ tool: 'paint_ground_region', args: { x1: 0, y1: 7, x2: 8, y2: 8, ground: 'frosting', layers: 2 } }, 'x', level)).toBe('在 A8–I9 设置“frosting”，2 层');
    expect(intentLabel({ tool: 'paint_tile', args: { x: 2, y: 0, tile: 'meringue', hp: 2 } }, 'x', level)).toBe('在 C1 绘制“Meringue”，2 点耐久');
    expect(intentLabel({ tool: 'paint_cover', args: { x: 2, y: 0, cover: 'liquorice' } }, 'x', level)).toBe('在 C1 设置“Liquorice 甘草”');
    expect(intentLabel({ tool: 'paint_tile', args: { x: 2, y: 0, tile: 'red' } }, 'x', level)).toBe('在 C1 绘制红色（圆形）');
    expect(intentLabel({ tool: 'set_objective', args: { type: 'clear_ground', ground: 'frosting' } }, 'x', level)).toBe('将目标替换为：清除全部“frosting”');
    expect(intentLabel({ tool: 'add_objective', args: { type: 'clear_cover', cover: 'liquorice' } }, 'x', level)).toBe('添加目标：清除全部“Liquorice 甘草”');
  });

  it("reaches the chat's tool lines and stored edit notes", async () => {
    registerGames([sweets]);
    const call = { name: 'paint_ground_region', arguments: JSON.stringify({ x1: 0, y1: 7, x2: 8, y2: 8, ground: 'frosting', layers: 1 }), ok: true, result: 'Painted frosting on 18 cells.' };
    expect(toolLine(call, level)).toBe('Set frosting, 1 layer on A8–I9');
    const note = toolBrief({ tool: 'set_objective', args: { type: 'clear_ground', ground: 'frosting' } });
    expect(noteText(note, level)).toBe('Replace the objectives with: clear every frosting');
    await setLocale('zh');
    expect(toolLine(call, level)).toBe('在 A8–I9 设置“frosting”，1 层');
    expect(noteText(note, level)).toBe('将目标替换为：清除全部“frosting”');
  });

  it('a level of a game not (yet) known reads its values as element ids, never as classic words', () => {
    const away = { width: 9, height: 9, game: 'nowhere' };
    expect(intentLabel({ tool: 'paint_ground', args: { x: 0, y: 0, ground: 'frosting' } }, 'x', away)).toBe('Set frosting at A1');
    expect(intentLabel({ tool: 'paint_tile', args: { x: 0, y: 0, tile: 'red' } }, 'x', away)).toBe('Paint Red (circle) at A1');
  });
});

describe('a classic level reads as before', () => {
  it('in English and 简体中文, with or without the level', async () => {
    for (const where of [undefined, classic]) {
      expect(intentLabel({ tool: 'paint_ground_region', args: { x1: 0, y1: 7, x2: 8, y2: 8, ground: 'jelly', layers: 2 } }, 'x', where)).toBe('Set Jelly, 2 layers on A8–I9');
      expect(intentLabel({ tool: 'paint_ground', args: { x: 0, y: 0, ground: 'none' } }, 'x', where)).toBe('Set No ground at A1');
      expect(intentLabel({ tool: 'paint_cover', args: { x: 0, y: 0, cover: 'ice', layers: 3 } }, 'x', where)).toBe('Set Ice, 3 layers at A1');
      expect(intentLabel({ tool: 'paint_cover', args: { x: 0, y: 0, cover: 'chain' } }, 'x', where)).toBe('Set Chain at A1');
      expect(intentLabel({ tool: 'paint_cover', args: { x: 0, y: 0, cover: 'none' } }, 'x', where)).toBe('Set No cover at A1');
      expect(intentLabel({ tool: 'paint_tile', args: { x: 0, y: 0, tile: 'crate', hp: 2 } }, 'x', where)).toBe('Paint Crate, 2 hp at A1');
      expect(intentLabel({ tool: 'paint_tile', args: { x: 0, y: 0, tile: 'crate' } }, 'x', where)).toBe('Paint Crate, 1 hp at A1');
      expect(intentLabel({ tool: 'set_objective', args: { type: 'clear_ground' } }, 'x', where)).toBe('Replace the objectives with: clear all jelly');
      expect(intentLabel({ tool: 'add_objective', args: { type: 'clear_crates' } }, 'x', where)).toBe('Add an objective: clear all crates');
    }
    const g = gameForWords(undefined); // a level without `game` plays the classic game
    expect([{ type: 'clear_ground', ground: 'jelly' }, { type: 'clear_cover', cover: 'ice' }, { type: 'clear_cover', cover: 'chain' }, { type: 'clear_crates' }].map((o) => objectiveLabel(o as never, g))).toEqual([
      'clear all jelly',
      'clear all ice',
      'clear all chains',
      'clear all crates',
    ]);
    await setLocale('zh');
    expect(intentLabel({ tool: 'paint_ground_region', args: { x1: 0, y1: 7, x2: 8, y2: 8, ground: 'jelly', layers: 2 } }, 'x', classic)).toBe('在 A8–I9 设置果冻，2 层');
    expect(intentLabel({ tool: 'paint_tile', args: { x: 0, y: 0, tile: 'crate', hp: 2 } }, 'x')).toBe('在 A1 绘制木箱，2 点耐久');
    expect(intentLabel({ tool: 'paint_cover', args: { x: 0, y: 0, cover: 'none' } }, 'x')).toBe('在 A1 设置无覆盖物');
    expect([{ type: 'clear_ground', ground: 'jelly' }, { type: 'clear_cover', cover: 'ice' }, { type: 'clear_cover', cover: 'chain' }, { type: 'clear_crates' }].map((o) => objectiveLabel(o as never, g))).toEqual([
      '清除全部果冻',
      '清除全部冰块',
      '清除全部锁链',
      '清除全部木箱',
    ]);
  });
});

describe('a refusal naming a tile element, in Chinese', () => {
  it("the classic crate reads as before; another game's tile keeps its id", async () => {
    const { problemText } = await import('../../../src/i18n/chatText.ts');
    await setLocale('zh');
    expect(problemText('paint_tile: hp: only allowed with tile "crate"')).toBe('paint_tile: hp: 只能用于木箱（tile "crate"）');
    expect(problemText('paint_tile: hp: only allowed with tile "meringue"')).toBe('paint_tile: hp: 只能用于meringue（tile "meringue"）');
  });
});
