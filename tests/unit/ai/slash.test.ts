import { describe, expect, it } from 'vitest';
import { nearCommands, parseSlash, slashHelp, slashUsage } from '../../../src/ai/slash.ts';

describe('slash commands', () => {
  it('JSON arguments after the command work (quotes are kept for JSON.parse)', () => {
    expect(parseSlash('/paint_tile {"x": 1, "y": 2, "tile": "red"}')).toEqual({ name: 'paint_tile', args: { x: 1, y: 2, tile: 'red' } });
    expect(parseSlash('/rename_level {"name": "Two words"}')).toEqual({ name: 'rename_level', args: { name: 'Two words' } });
  });

  it('positional values, name=value and quoted values', () => {
    expect(parseSlash('/set_grid_size 10 11')).toEqual({ name: 'set_grid_size', args: { width: '10', height: '11' } });
    expect(parseSlash('/paint_tile x=3 y=4 tile=red')).toEqual({ name: 'paint_tile', args: { x: '3', y: '4', tile: 'red' } });
    expect(parseSlash('/rename_level name="Level of ice"')).toEqual({ name: 'rename_level', args: { name: 'Level of ice' } });
    expect(parseSlash('/rename_level "Level of ice"')).toEqual({ name: 'rename_level', args: { name: 'Level of ice' } });
  });

  it('a malformed command answers with its usage and never throws', () => {
    const bad = parseSlash('/paint_tile {"x": 1, "y": ');
    expect(bad).toMatchObject({ error: expect.stringMatching(/^\/paint_tile: the JSON arguments are not valid/), usage: slashUsage('paint_tile') });
    expect((bad as { error: string }).error).toContain('Usage: /paint_tile x y tile [hp]');
    expect(parseSlash('/paint_tile {"x": 1} y=2')).toMatchObject({ error: expect.stringContaining('the JSON arguments are not valid') });
    expect(parseSlash('/set_grid_size 1 2 center 4')).toMatchObject({ error: expect.stringMatching(/too many values.*Usage: \/set_grid_size/) });
    expect(parseSlash('/no_such_thing 1')).toMatchObject({ error: expect.stringContaining('no such command') });
    const nasty = ['/', '/ ', '/paint_tile {', '/paint_tile }', '/paint_tile "', "/paint_tile '", '/paint_tile x=', '/paint_tile =3', '/paint_tile {"x":}', '/help me', '/paint_tile {"__proto__": {"a": 1}}', '/set_grid_size\n10\n10'];
    for (const s of nasty) expect(() => parseSlash(s), s).not.toThrow();
  });

  it('an unknown command offers the ones it most likely meant: a start, a typo, shared words; nothing when none is near', () => {
    expect(nearCommands('analyze')).toEqual(['analyze_level', 'deep_analyze']);
    expect(nearCommands('analyse')).toEqual(['analyze_level', 'deep_analyze']);
    expect(nearCommands('analyse_level')[0]).toBe('analyze_level');
    expect(nearCommands('set_move_limt')[0]).toBe('set_move_limit');
    expect(nearCommands('set_moves')[0]).toBe('set_move_limit');
    expect(nearCommands('tune')).toEqual(['tune_level']);
    expect(nearCommands('hel')).toEqual(['help']);
    expect(nearCommands('spawner')[0]).toBe('set_spawner');
    expect(nearCommands('paint')).toHaveLength(3);
    expect(nearCommands('undo')).toEqual([]);
    expect(nearCommands('x')).toEqual([]);
    // a short name is not taken for a typo two letters off (belt is not help)
    expect(nearCommands('belt')).not.toContain('help');
    expect(parseSlash('/analyze')).toEqual({ error: '/analyze: no such command. Did you mean /analyze_level, /deep_analyze? Type /help for the list.', name: 'analyze', near: ['analyze_level', 'deep_analyze'] });
    expect(parseSlash('/undo')).toEqual({ error: '/undo: no such command. Type /help for the list.', name: 'undo', near: [] });
  });

  it('the unknown command\'s answer in the designer\'s language lists the near ones as alternatives', async () => {
    const { noteText } = await import('../../../src/i18n/chatText.ts');
    const { setLocale } = await import('../../../src/i18n/index.svelte.ts');
    const note = { key: 'slash.unknownNear', params: { name: 'analyze', near: 'analyze_level deep_analyze' } };
    expect(noteText(note)).toBe('/analyze: no such command. Did you mean /analyze_level or /deep_analyze? Type /help for the list.');
    await setLocale('zh');
    try {
      expect(noteText(note)).toBe('/analyze：没有这个命令。你是想用 /analyze_level或/deep_analyze 吗？输入 /help 查看列表。');
    } finally {
      await setLocale('en');
    }
  });

  it('/help lists every command; the UI can word it in the designer\'s language', () => {
    expect(slashHelp()).toContain('/paint_cover_region');
    const zh = slashHelp({ intro: '斜杠命令', describe: (name) => `说明 ${name}` });
    expect(zh.startsWith('斜杠命令')).toBe(true);
    expect(zh).toContain('`/paint_tile x y tile [hp]` — 说明 paint_tile');
  });
});

describe('operation labels the designer reads', () => {
  it('objective operations name the whole objective ("clear all ice", not "clear cover")', async () => {
    const { intentLabel } = await import('../../../src/i18n/intentLabel.ts');
    const { setLocale } = await import('../../../src/i18n/index.svelte.ts');
    expect(intentLabel({ tool: 'set_objective', args: { type: 'clear_cover', cover: 'ice' } }, '')).toBe('Replace the objectives with: clear all ice');
    expect(intentLabel({ tool: 'add_objective', args: { type: 'clear_cover', cover: 'chain' } }, '')).toBe('Add an objective: clear all chains');
    expect(intentLabel({ tool: 'add_objective', args: { type: 'collect', color: 'red', count: 40 } }, '')).toMatch(/^Add an objective: collect 40 /);
    await setLocale('zh');
    try {
      expect(intentLabel({ tool: 'set_objective', args: { type: 'clear_cover', cover: 'ice' } }, '')).toBe('将目标替换为：清除全部冰块');
    } finally {
      await setLocale('en');
    }
  });
});

describe('validation messages in Chinese', () => {
  it('the registry’s refusals are worded in Chinese, names and values kept', async () => {
    const { problemText } = await import('../../../src/i18n/chatText.ts');
    const { setLocale } = await import('../../../src/i18n/index.svelte.ts');
    const { runTool } = await import('../../../src/core/tools/index.ts');
    const { createLevel } = await import('../../../src/core/level/index.ts');
    const level = createLevel({ id: 'Z', seed: 1 });
    const refusals = await Promise.all([
      runTool(level, 'paint_tile', { x: 12, y: 1, tile: 'red' }),
      runTool(level, 'set_move_limit', { moves: 900 }),
      runTool(level, 'paint_tile', { x: 1, y: 1, tile: 'pink' }),
      runTool(level, 'remove_objective', { index: 3 }),
    ]);
    await setLocale('zh');
    try {
      const texts = refusals.map((r) => (r.ok ? '' : problemText(r.error)));
      expect(texts[0]).toBe('paint_tile: x: 必须在 0..8 之间（棋盘宽 9 格）');
      expect(texts[1]).toBe('set_move_limit: moves: 必须在 1..200 之间');
      expect(texts[2]).toMatch(/^paint_tile: tile: 必须是以下之一：/);
      expect(texts[3]).toMatch(/必须在 0\.\.0 之间（关卡有 1 个目标）/);
    } finally {
      await setLocale('en');
    }
    expect(problemText('set_move_limit: moves: must be 1..200')).toBe('set_move_limit: moves: must be 1..200');
  });
});
