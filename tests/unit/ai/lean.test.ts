// A lean copilot (issue 33): the tools and rules the model reads each round within their budgets, a
// prefix (tools, then the system prompt) that stays the same bytes so providers can cache it, request
// sizes recorded, a cut prompt named with its fix and its reply not acted on.
import { describe, expect, it } from 'vitest';
import { createLevel, type LevelT } from '../../../src/core/level/index.ts';
import { runTurn, type TurnSettings } from '../../../src/ai/agent.ts';
import { toCopilotError, type ChatRequest } from '../../../src/ai/client.ts';
import { ToolCallAssembler, type Assembled } from '../../../src/ai/assembler.ts';
import { ChatMessage } from '../../../src/ai/messages.ts';
import { localRunner } from '../../../src/core/sim/analysis/index.ts';
import { modelToolSpecs, modelTools } from '../../../src/ai/toolSet.ts';
import { rulesPrompt } from '../../../src/ai/prompt.ts';
import { charsToTokens, isCutPrompt, isShrunkPrompt, requestSize } from '../../../src/ai/requestSize.ts';
import { toolSpecs } from '../../../src/core/tools/specs.ts';
import { getTool, runTool } from '../../../src/core/tools/index.ts';
import { newProvider, toolSetOf } from '../../../src/ai/providers.ts';
import { noteText } from '../../../src/i18n/chatText.ts';
import { parseSlash } from '../../../src/ai/slash.ts';
import { setLocale } from '../../../src/i18n/index.svelte.ts';
import { ScriptedProvider, toolCall as call } from '../setup/scriptedProvider.ts';

const level = (): LevelT => ({ ...createLevel({ id: 'L', seed: 11, width: 9, height: 9 }), moves: 25 });
const settings = (toolSet: 'full' | 'compact' = 'full'): TurnSettings => ({ roundLimit: 8, tokenBudget: 1_000_000, mode: 'native', toolSet });
const SEEDS = [
  'set_grid_size', 'clear_region', 'clear_all', 'set_move_limit', 'generate_random_level', 'set_objective', 'add_objective', 'remove_objective',
  'paint_tile', 'paint_tile_region', 'place_bomb', 'paint_cover', 'paint_cover_region', 'paint_ground', 'paint_ground_region',
  'analyze_level', 'deep_analyze', 'get_bottleneck',
];
const prefix = (r: ChatRequest) => JSON.stringify(r.tools ?? null) + '\n' + String(r.messages[0].content);
const fourRounds = (): Partial<Assembled>[] => [
  { toolCalls: [call('c1', 'paint_ground_region', { x1: 0, y1: 7, x2: 8, y2: 8, ground: 'jelly' })] },
  { toolCalls: [call('c2', 'set_objective', { type: 'clear_ground', ground: 'jelly' })] },
  { toolCalls: [call('c3', 'analyze_level', { games: 40 })] },
  { text: 'Jelly on the two bottom rows; the average bot wins most games.' },
];

describe('the tools the model reads', () => {
  it('full set: every registry tool, the seed names and parameters kept; tools + rules within 2,500 estimated tokens', () => {
    const full = modelToolSpecs('full');
    const registry = new Map(toolSpecs().map((s) => [s.name, s]));
    for (const name of SEEDS) expect(full.some((s) => s.name === name), name).toBe(true);
    for (const s of full) {
      const reg = registry.get(s.name)!;
      // the same parameters, and the same required ones, as the registry (the CLI's tools --json)
      expect(Object.keys((s.parameters as { properties: object }).properties)).toEqual(Object.keys((reg.parameters as { properties: object }).properties));
      expect((s.parameters as { required?: string[] }).required).toEqual((reg.parameters as { required?: string[] }).required);
      expect(s.description.length).toBeLessThanOrEqual(120);
    }
    const tokens = charsToTokens(JSON.stringify(modelTools('full')).length) + charsToTokens(rulesPrompt({ toolSet: 'full' }).length);
    expect(tokens).toBeLessThanOrEqual(2500);
  });

  it('compact set: at most 8 registry tools, within 1,500 estimated tokens with the rules', () => {
    const compact = modelTools('compact');
    expect(compact.length).toBeLessThanOrEqual(8);
    // one tool per family, in the registry's order (each entry's `model.compact` puts it there)
    expect(compact.map((t) => t.function.name)).toEqual(['set_objective', 'add_objective', 'analyze_level', 'deep_analyze', 'get_bottleneck', 'tune_level', 'paint_cells', 'set_level']);
    for (const t of compact) expect(getTool(t.function.name), t.function.name).toBeDefined();
    const tokens = charsToTokens(JSON.stringify(compact).length) + charsToTokens(rulesPrompt({ toolSet: 'compact' }).length);
    expect(tokens).toBeLessThanOrEqual(1500);
  });

  it('Ollama and LM Studio default to the compact set, the others to full; a provider\'s own choice wins', () => {
    expect(toolSetOf(newProvider('ollama'))).toBe('compact');
    expect(toolSetOf(newProvider('lmstudio'))).toBe('compact');
    expect(toolSetOf(newProvider('openai'))).toBe('full');
    expect(toolSetOf({ ...newProvider('ollama'), toolSet: 'full' })).toBe('full');
  });
});

describe('prompts that cache', () => {
  for (const set of ['full', 'compact'] as const) {
    it(`${set}: tools and system prompt are the same bytes in every round and in the next turn; the level's state comes after them`, async () => {
      const p = new ScriptedProvider(fourRounds());
      const r = await runTurn({ level: level(), history: [], userText: 'jelly on the bottom two rows, then how hard?', provider: p, settings: settings(set), ctx: { runner: localRunner() } });
      expect(r.status).toBe('done');
      expect(p.requests).toHaveLength(4);
      const next = new ScriptedProvider([{ text: 'Yes.' }]);
      await runTurn({ level: r.draft, history: r.messages, userText: 'thanks', provider: next, settings: settings(set), ctx: { runner: localRunner() } });
      const all = [...p.requests, ...next.requests];
      for (const q of all) expect(prefix(q)).toBe(prefix(all[0]));
      // the level as it is now: a [Studio] message just before the request, with this turn's edits
      const context = (q: ChatRequest) => q.messages.find((m) => m.role === 'user' && m.content.startsWith('[Studio] Current level'))!.content;
      expect(context(p.requests[1])).not.toBe(context(p.requests[0]));
      expect(String(p.requests[0].messages[0].content)).not.toContain('9×9');
    });
  }

  it('a change of settings (review mode) changes the system prompt; the level does not', async () => {
    const a = new ScriptedProvider([{ text: 'a' }]);
    const b = new ScriptedProvider([{ text: 'b' }]);
    await runTurn({ level: level(), history: [], userText: 'x', provider: a, settings: settings() });
    await runTurn({ level: { ...level(), moves: 40, width: 8 }, history: [], userText: 'x', provider: b, settings: { ...settings(), applyMode: 'review' } });
    expect(prefix(b.requests[0])).not.toBe(prefix(a.requests[0]));
    const c = new ScriptedProvider([{ text: 'c' }]);
    await runTurn({ level: { ...level(), moves: 40 }, history: [], userText: 'x', provider: c, settings: settings() });
    expect(prefix(c.requests[0])).toBe(prefix(a.requests[0]));
  });
});

describe('the compact set', () => {
  it('a call to a registry tool the set did not offer is still run', async () => {
    const p = new ScriptedProvider([{ toolCalls: [call('c1', 'set_move_limit', { moves: 31 })] }, { text: 'ok' }]);
    const r = await runTurn({ level: level(), history: [], userText: 'x', provider: p, settings: settings('compact') });
    expect(p.requests[0].tools!.some((t) => t.function.name === 'set_move_limit')).toBe(false);
    expect(r.status).toBe('done');
    expect(r.draft.moves).toBe(31);
  });

  it('paint_cells paints any layer on a cell or a rectangle, refused the way the seed tools refuse', async () => {
    const l = level();
    const a = await runTool(l, 'paint_cells', { layer: 'ground', x1: 0, y1: 7, x2: 8, y2: 8, value: 'jelly' });
    expect(a.ok && a.level.cells[8][4].ground).toEqual({ type: 'jelly', layers: 1 });
    const b = await runTool(l, 'paint_cells', { layer: 'cover', x1: 2, y1: 2, value: 'ice', layers: 2 });
    expect(b.ok && b.level.cells[2][2].cover).toEqual({ type: 'ice', layers: 2 });
    expect(b.ok && b.level.cells[2][3].cover).toBeFalsy();
    const c = await runTool(l, 'paint_cells', { layer: 'tile', x1: 1, y1: 1, value: 'crate', layers: 3 });
    expect(c.ok && c.level.cells[1][1]).toEqual({ tile: 'crate', hp: 3 });
    const bad = await runTool(l, 'paint_cells', { layer: 'tile', x1: 1, y1: 1, value: 'lava' });
    expect(!bad.ok && bad.error).toMatch(/^paint_cells: value: must be one of/);
    const off = await runTool(l, 'paint_cells', { layer: 'tile', x1: 12, y1: 1, value: 'red' });
    expect(!off.ok && off.error).toMatch(/x1: must be 0\.\.8/);
  });

  it('the compact tools are registry tools: slash commands reach them, by name or by position', async () => {
    const named = parseSlash('/paint_cells layer=ground x1=0 y1=7 x2=8 y2=8 value=jelly');
    const byPosition = parseSlash('/paint_cells cover 2 2 3 3 ice 2');
    for (const cmd of [named, byPosition]) {
      expect('args' in cmd).toBe(true);
      const r = await runTool(level(), 'paint_cells', (cmd as { args: Record<string, unknown> }).args);
      expect(r.ok).toBe(true);
    }
    const sized = parseSlash('/set_level {"width": 7, "moves": 18}') as { args: Record<string, unknown> };
    const r = await runTool(level(), 'set_level', sized.args);
    expect(r.ok && [r.level.width, r.level.moves]).toEqual([7, 18]);
  });

  it('set_level changes several settings as one edit, and needs at least one', async () => {
    const r = await runTool(level(), 'set_level', { width: 7, moves: 18, colors: 4 });
    expect(r.ok && [r.level.width, r.level.height, r.level.moves, r.level.colors]).toEqual([7, 9, 18, 4]);
    const none = await runTool(level(), 'set_level', {});
    expect(none.ok).toBe(false);
  });
});

describe('request sizes and cached tokens', () => {
  it('each assistant message records its request\'s size; the turn sums cached tokens', async () => {
    const p = new ScriptedProvider([
      { toolCalls: [call('c1', 'set_move_limit', { moves: 30 })], usage: { promptTokens: 3000, completionTokens: 20, totalTokens: 3020, cachedTokens: 0 } },
      { text: 'Done.', usage: { promptTokens: 3100, completionTokens: 10, totalTokens: 3110, cachedTokens: 2560 } },
    ]);
    const r = await runTurn({ level: level(), history: [], userText: 'x', provider: p, settings: settings() });
    const replies = r.messages.filter((m) => m.role === 'assistant');
    expect(replies).toHaveLength(2);
    const size = requestSize(p.requests[0].messages, p.requests[0].tools);
    expect(replies[0].request).toMatchObject({ ...size, toolSet: 'full', round: 1 });
    expect(replies[0].request!.systemChars).toBe(String(p.requests[0].messages[0].content).length);
    expect(r.usage.cachedTokens).toBe(2560);
    // stored as they are
    expect(ChatMessage.parse(JSON.parse(JSON.stringify(replies[1]))).usage?.cachedTokens).toBe(2560);
  });

  it('the assembler reads cached tokens where providers put them (OpenAI and Gemini, DeepSeek)', () => {
    const a = new ToolCallAssembler();
    a.push({ choices: [{ index: 0, delta: { content: 'hi' }, finish_reason: 'stop' }] });
    a.push({ choices: [], usage: { prompt_tokens: 2000, completion_tokens: 5, total_tokens: 2005, prompt_tokens_details: { cached_tokens: 1536 } } });
    expect(a.finishStream().usage).toMatchObject({ promptTokens: 2000, cachedTokens: 1536 });
    const d = new ToolCallAssembler();
    d.push({ choices: [{ index: 0, delta: { content: 'hi' }, finish_reason: 'stop' }], usage: { prompt_tokens: 900, completion_tokens: 5, total_tokens: 905, prompt_cache_hit_tokens: 640 } });
    expect(d.finishStream().usage).toMatchObject({ cachedTokens: 640 });
  });
});

describe('a cut prompt', () => {
  it('a reply to a prompt the provider cut is not acted on: one notice names the cause and the fix', async () => {
    await setLocale('en');
    const p = new ScriptedProvider([{ toolCalls: [call('c1', 'set_move_limit', { moves: 5 })], usage: { promptTokens: 900, completionTokens: 20, totalTokens: 920 } }]);
    const r = await runTurn({ level: level(), history: [], userText: 'fewer moves', provider: p, settings: { ...settings(), preset: 'ollama' } });
    expect(r.status).toBe('error');
    expect(r.error?.kind).toBe('context_cut');
    expect(r.intents).toEqual([]);
    expect(r.messages.some((m) => m.role === 'tool')).toBe(false);
    const notices = r.messages.filter((m) => m.role === 'notice');
    expect(notices).toHaveLength(1);
    expect(notices[0].content).toMatch(/context window/);
    expect(notices[0].content).toContain('OLLAMA_CONTEXT_LENGTH=16384');
    expect(noteText(notices[0].note!)).toMatch(/context window[^]*OLLAMA_CONTEXT_LENGTH=16384[^]*compact tool set/);
    await setLocale('zh');
    expect(noteText(notices[0].note!)).toMatch(/context[^]*OLLAMA_CONTEXT_LENGTH=16384[^]*精简工具集/);
    await setLocale('en');
  });

  it('a count that shrinks from one round to the next is a cut, though over 60% of the estimate (Ollama at 2,048 with a tokenizer above characters / 4)', async () => {
    await setLocale('en');
    // rounds 1-3 counted about 4/3 of the estimate; round 4 outgrew the window and Ollama kept 1,024
    const u = (promptTokens: number) => ({ promptTokens, completionTokens: 10, totalTokens: promptTokens + 10 });
    const p = new ScriptedProvider([
      { toolCalls: [call('c1', 'set_move_limit', { moves: 30 })], usage: u(1700) },
      { toolCalls: [call('c2', 'set_move_limit', { moves: 29 })], usage: u(1800) },
      { text: 'Done.', usage: u(1024) },
    ]);
    const r = await runTurn({ level: level(), history: [], userText: 'x', provider: p, settings: { ...settings('compact'), preset: 'ollama' } });
    expect(requestSize(p.requests[2].messages, p.requests[2].tools).tokens * 0.6).toBeLessThan(1024); // the count alone looks honest
    expect(r.status).toBe('error');
    expect(r.error?.kind).toBe('context_cut');
    expect(r.intents).toEqual([]);
    expect(r.messages.filter((m) => m.role === 'notice')[0].content).toContain('read only 1024 prompt tokens');
  });

  it('a count that grows with the prompt, one with cached tokens, or a placeholder is not taken for a shrunk one', () => {
    const sent = (tokens: number) => ({ toolsChars: 0, systemChars: 0, messagesChars: tokens * 4, tokens });
    const prev = { sent: sent(1200), promptTokens: 1600 };
    expect(isShrunkPrompt(undefined, sent(1300), 1024)).toBe(false); // the first round has nothing to compare with
    expect(isShrunkPrompt(prev, sent(1300), 1700)).toBe(false);
    expect(isShrunkPrompt(prev, sent(1300), 1500)).toBe(false); // within 85% of the previous ratio
    expect(isShrunkPrompt(prev, sent(1300), 1024)).toBe(true);
    expect(isShrunkPrompt(prev, sent(1300), 1024, 512)).toBe(false); // the provider counts cached tokens apart
    expect(isShrunkPrompt({ sent: sent(1200), promptTokens: 120 }, sent(1300), 120)).toBe(false);
    expect(isShrunkPrompt(prev, sent(1300), 200)).toBe(false);
  });

  it('an honest count, or a placeholder count, is not a cut', () => {
    const sent = { toolsChars: 8000, systemChars: 1700, messagesChars: 1300, tokens: 2750 };
    expect(isCutPrompt(sent, 2600)).toBe(false); // a tokenizer a little off the estimate
    expect(isCutPrompt(sent, 3400)).toBe(false);
    expect(isCutPrompt(sent, 120)).toBe(false); // made-up usage (scripted servers)
    expect(isCutPrompt(sent, 1024)).toBe(true); // Ollama kept half its 2,048 window
    expect(isCutPrompt({ ...sent, tokens: 600 }, 300)).toBe(false); // too small to judge
  });

  it('LM Studio\'s refusal (n_keep >= n_ctx) is a cut prompt with LM Studio\'s fix', () => {
    const cfg = { preset: 'lmstudio', baseURL: 'http://localhost:1234/v1', model: 'local-model' };
    const e = toCopilotError({ status: 400, error: { message: 'The number of tokens to keep from the initial prompt is greater than the context length (n_keep: 3112 >= n_ctx: 2048).' } }, cfg, true);
    expect(e.kind).toBe('context_cut');
    expect(e.key).toBe('chat.note.contextCut.lmstudio.refused');
    expect(e.message).toMatch(/larger context length/);
    const other = toCopilotError({ status: 400, error: { message: "This model's maximum context length is 8192 tokens" } }, cfg, false);
    expect(other.kind).toBe('context');
  });
});
