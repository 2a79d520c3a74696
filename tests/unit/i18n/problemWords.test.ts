// A game file's problems, and a level's whose game is unknown or lacks an element, in the designer's
// language: the core gives each a key and values; English words them exactly as the core's message.
import { afterEach, describe, expect, it } from 'vitest';
import { parseGame, parseGameText } from '../../../src/core/game/schema.ts';
import { parseLevel } from '../../../src/core/level/index.ts';
import type { GameDef } from '../../../src/core/game/types.ts';
import { setLocale } from '../../../src/i18n/index.svelte.ts';
import { problemLine, problemWords } from '../../../src/i18n/problemWords.ts';

const broken = {
  format: 'match3-game',
  version: 1,
  id: 'Bad Id',
  name: 'Broken',
  elements: [
    { id: 'red', layer: 'tile' },
    { id: 'mud', layer: 'floor' },
    { id: 'moss', layer: 'ground', damage: ['adjacent', 'cleared', 'cleared'], falls: true, spread: 'when-none-hit' },
    { id: 'gem', layer: 'tile', glyph: 'abc', color: 'blue', exit: true, spread: 'when-none-hit' },
    { id: 'rainbow', layer: 'cover', damage: ['boom'] },
  ],
};
const sweet: GameDef = { format: 'match3-game', version: 1, id: 'sweet', name: 'Sweet', elements: [{ id: 'fudge', layer: 'tile' }, { id: 'lace', layer: 'cover' }] };
const level = (cells: unknown[][], game = 'sweet') => ({
  format: 'match3-level', version: 1, id: 'l', name: 'L', game, width: 3, height: 3, moves: 10, colors: 4, seed: 1, cells: [cells[0], [{}, {}, {}], [{}, {}, {}]], objectives: [{ type: 'score', target: 100 }],
});

function textProblems(text: string) {
  const r = parseGameText(text);
  if (r.ok) throw new Error('expected problems');
  return r.problems;
}

function gameProblems(input: unknown) {
  const r = parseGame(input);
  if (r.ok) throw new Error('expected problems');
  return r.problems;
}

afterEach(async () => {
  await setLocale('en');
});

describe('a game file’s problems in the designer’s language', () => {
  it('every problem of a broken file has a key, and its English words are the core’s message', async () => {
    await setLocale('en');
    const problems = [...gameProblems(broken), ...gameProblems({ ...broken, id: 'classic', elements: [] }), ...textProblems('   ')];
    expect(problems.length).toBeGreaterThan(12);
    const keys = new Set<string>();
    for (const p of problems) {
      if (p.path.endsWith('.hp') || p.path === 'version') continue; // shared with levels: worded by problemText
      expect(p.detail, `${p.path}: ${p.message}`).toBeDefined();
      keys.add(p.detail!.key);
      expect(problemWords(p)).toBe(p.message);
    }
    expect([...keys].sort()).toEqual(
      ['classicId', 'color', 'elementCount', 'empty', 'event', 'eventOfLayer', 'exitSpread', 'gameId', 'glyph', 'layer', 'repeatsEvent', 'reservedColor', 'reservedSpecial', 'tileOnly', 'spreadOnly'].sort(),
    );
  });

  it('in 简体中文 each names its field and is in Chinese; ids, layers and events stay as the file spells them', async () => {
    await setLocale('zh');
    const lines = gameProblems(broken).map(problemLine);
    // each problem of the broken file, as the designer reads it
    for (const line of [
      'id: 必须是 1..40 个字符，只能用 a-z、0-9 和 "-"',
      'elements[0].id: "red" 是一种颜色，不能用作元素 id',
      'elements[1].layer: 必须是 tile、cover 或 ground',
      'elements[2].damage[0]: "adjacent" 不是 ground 层的事件（ground 元素只接受 cleared, blast）',
      'elements[2].damage[2]: 重复了 "cleared"',
      'elements[2].falls: 只有 tile 元素可以有 "falls"（这个是 ground 元素）',
      'elements[2].spread: ground 元素只能以 "through-matches" 方式蔓延',
      'elements[3].glyph: 必须是 1..2 个字符',
      'elements[3].color: 必须是 #rrggbb 形式的颜色',
      'elements[3].spread: 出口元素（道具）不能蔓延',
      'elements[4].id: "rainbow" 是特殊块的名称，不能用作元素 id',
      'elements[4].damage[0]: 必须是以下之一：match, adjacent, blast, cleared',
    ])
      expect(lines).toContain(line);
    for (const l of lines) expect(l, l).not.toMatch(/\b(must|only|is not|repeats|cannot)\b/);
    expect(problemLine(textProblems('')[0])).toBe('文件是空的');
    expect(problemLine(textProblems('{"format": "match3-game",')[0])).toMatch(/^不是有效的 JSON：/);
    const repeated = gameProblems({ ...broken, id: 'ok', elements: [{ id: 'box', layer: 'tile' }, { id: 'box', layer: 'tile', hp: 9 }, { id: 'box', layer: 'tile', hp: 2 }] });
    expect(repeated.map(problemLine)).toEqual(['elements[1].hp: 必须在 1..5 之间', 'elements[1].id: 与 elements[0] 的 id 重复（"box"）', 'elements[2].id: 与 elements[0] 的 id 重复（"box"）']);
  });

  it('a level whose game is unknown, or that names what its game lacks, says so in both languages', async () => {
    const unknown = parseLevel(level([[{}, {}, {}]], 'sweet'));
    const lacking = parseLevel(level([[{ tile: 'toffee' }, { cover: { type: 'fudge' } }, {}]]), { games: [sweet] });
    if (unknown.ok || lacking.ok) throw new Error('expected problems');
    await setLocale('en');
    expect(problemLine(unknown.problems[0])).toBe('game: unknown game "sweet" (import its match3-game file first)');
    expect(lacking.problems.map(problemLine)).toEqual(['A1 tile: "toffee" is not an element of game "sweet"', 'B1 cover.type: "fudge" is a tile element of game "sweet", not a cover element']);
    await setLocale('zh');
    expect(problemLine(unknown.problems[0])).toBe('game: 未知游戏 "sweet"（请先导入它的 match3-game 文件）');
    expect(lacking.problems.map(problemLine)).toEqual(['A1 tile: "toffee" 不是游戏 "sweet" 的元素', 'B1 cover.type: "fudge" 是游戏 "sweet" 的 tile 元素，不是 cover 元素']);
  });

  it('a cell is named as the rulers name it and an element by its name: "E4 hp: … Frosting", not "cells[3][4].hp: … "frosting"" (issue 40)', async () => {
    const factory: GameDef = {
      format: 'match3-game', version: 1, id: 'factory', name: 'Chocolate factory',
      elements: [{ id: 'frosting', name: 'Frosting', layer: 'tile', hp: 2 }, { id: 'cherry', name: 'Cherry', layer: 'tile', falls: true, exit: true }, { id: 'carpet', name: 'Carpet', layer: 'ground', hp: 1 }],
    };
    const l = { ...level([[{}, {}, {}]], 'factory'), width: 5, height: 5, cells: Array.from({ length: 5 }, () => Array.from({ length: 5 }, () => ({}))) } as Record<string, any>;
    l.cells[3][4] = { tile: 'frosting', hp: 3 };
    l.cells[0][2] = { tile: 'cherry', hp: 2 };
    l.cells[1][0] = { ground: { type: 'carpet', layers: 2 } };
    l.cells[2] = [{}];
    const r = parseLevel(l, { games: [factory] });
    if (r.ok) throw new Error('expected problems');
    // the core's words (the CLI's) keep the file's path and the element's id
    expect(r.problems.map((p) => `${p.path}: ${p.message}`)).toContain('cells[3][4].hp: must be 1..2 (the most hits "frosting" takes)');
    await setLocale('en');
    expect(r.problems.map(problemLine).sort()).toEqual([
      'A2 ground.layers: must be 1..1 (the most layers Carpet has)',
      'C1 hp: must be 1 or left out (Cherry is an item: it takes no hits)',
      'E4 hp: must be 1..2 (the most hits Frosting takes)',
      'row 3: must have 5 cells (width), found 1',
    ]);
    await setLocale('zh');
    expect(r.problems.map(problemLine).sort()).toEqual([
      'A2 ground.layers: 必须在 1..1 之间（“Carpet”最多 1 层）',
      'C1 hp: 必须是 1 或不填（“Cherry”是道具，不受打击）',
      'E4 hp: 必须在 1..2 之间（“Frosting”最多承受 2 次打击）',
      '第 3 行: must have 5 cells (width), found 1',
    ]);
  });
});
