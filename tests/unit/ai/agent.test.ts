import { describe, expect, it } from 'vitest';
import { createLevel, type LevelT } from '../../../src/core/level/index.ts';
import { applySelected, reviewNotice, runTurn, type TurnSettings } from '../../../src/ai/agent.ts';
import { CopilotError, type ChatProvider, type ChatRequest } from '../../../src/ai/client.ts';
import type { Assembled } from '../../../src/ai/assembler.ts';
import type { ChatMessage } from '../../../src/ai/messages.ts';
import { AnalysisRunner } from '../../../src/analysis/runner.ts';
import { WorkerPool } from '../../../src/analysis/pool.ts';
import { simApi, type SimRequest } from '../../../src/analysis/simApi.ts';
import type { SimCounts } from '../../../src/core/sim/analysis/index.ts';

type Step = Partial<Assembled> | ((req: ChatRequest) => Partial<Assembled> | Promise<Partial<Assembled>>) | CopilotError;

/** A provider that answers from a script and records what it was sent. */
class Scripted implements ChatProvider {
  requests: ChatRequest[] = [];
  constructor(private steps: Step[], readonly model = 'scripted') {}
  async stream(req: ChatRequest, h: { onText?: (d: string) => void } = {}) {
    this.requests.push(structuredClone({ ...req, signal: undefined }));
    const step = this.steps.shift();
    if (!step) throw new Error('script exhausted');
    if (step instanceof CopilotError) throw step;
    const r = typeof step === 'function' ? await step(req) : step;
    if (r.text) h.onText?.(r.text);
    return { text: '', reasoning: '', toolCalls: [], finishReason: 'stop', usage: { promptTokens: 10, completionTokens: 5, totalTokens: 15 }, ...r, model: this.model };
  }
}
const call = (name: string, args: unknown, id = `c_${name}_${Math.random().toString(36).slice(2, 6)}`) => ({ id, name, arguments: typeof args === 'string' ? args : JSON.stringify(args) });
const settings: TurnSettings = { roundLimit: 8, tokenBudget: 100_000, mode: 'native' };
const base = (): LevelT => createLevel({ id: 'L', seed: 3 });

describe('the copilot turn', () => {
  it('single call: the edit lands on the draft and comes back as one intent', async () => {
    const p = new Scripted([{ toolCalls: [call('set_grid_size', { width: 10, height: 10 })] }, { text: 'Done: 10×10.' }]);
    const level = base();
    const r = await runTurn({ level, history: [], userText: 'make it 10x10', provider: p, settings });
    expect(r.status).toBe('done');
    expect(r.intents).toEqual([{ tool: 'set_grid_size', args: { width: 10, height: 10 } }]);
    expect(r.draft.width).toBe(10);
    expect(level.width).toBe(9); // the input level is untouched
    expect(r.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    // the tool result went back as the tool message of the second request
    const second = p.requests[1].messages;
    expect(second.at(-1)).toMatchObject({ role: 'tool', content: expect.stringContaining('9×9 to 10×10') });
    expect(p.requests[0].tools?.length).toBeGreaterThanOrEqual(18);
    expect(r.messages.at(-1)!.operations).toHaveLength(1);
  });

  it('parallel calls run in order on the draft', async () => {
    const p = new Scripted([
      { toolCalls: [call('set_grid_size', { width: 10, height: 10 }), call('paint_ground_region', { x1: 0, y1: 8, x2: 9, y2: 9, ground: 'jelly', layers: 2 })] },
      { text: 'Two rows of double jelly at the bottom.' },
    ]);
    const r = await runTurn({ level: base(), history: [], userText: 'x', provider: p, settings });
    expect(r.intents.map((i) => i.tool)).toEqual(['set_grid_size', 'paint_ground_region']);
    expect(r.draft.cells[9][9].ground).toEqual({ type: 'jelly', layers: 2 });
  });

  it('analysis runs on the draft, then an edit', async () => {
    const pool = new WorkerPool<SimRequest, SimCounts>(1, () => ({ run: async (q, s, c) => simApi.playChunk(q, s, c), terminate() {} }));
    const runner = new AnalysisRunner(() => pool);
    const p = new Scripted([
      { toolCalls: [call('set_move_limit', { moves: 8 })] },
      { toolCalls: [call('analyze_level', { games: 30 })] },
      (req) => {
        const last = req.messages.at(-1) as { content: string };
        expect(last.content).toMatch(/win rate/i);
        return { toolCalls: [call('set_move_limit', { moves: 12 })] };
      },
      { text: 'Raised to 12.' },
    ]);
    const r = await runTurn({ level: base(), history: [], userText: 'x', provider: p, settings, ctx: { runner } });
    expect(r.status).toBe('done');
    expect(r.intents.map((i) => i.args.moves)).toEqual([8, 12]);
    const analysisResult = r.messages.find((m) => m.role === 'tool' && m.toolName === 'analyze_level');
    expect(analysisResult?.ok).toBe(true);
    expect(analysisResult?.content).toContain('8'); // it saw the draft's move limit
  });

  it('invalid arguments come back as an error the model corrects', async () => {
    const p = new Scripted([
      { toolCalls: [call('set_grid_size', { width: 40, height: 10 })] },
      (req) => {
        expect((req.messages.at(-1) as { content: string }).content).toBe('Error: set_grid_size: width: must be 3..16');
        return { toolCalls: [call('set_grid_size', { width: 16, height: 10 })] };
      },
      { text: 'Used the largest width, 16.' },
    ]);
    const r = await runTurn({ level: base(), history: [], userText: 'x', provider: p, settings });
    expect(r.intents).toEqual([{ tool: 'set_grid_size', args: { width: 16, height: 10 } }]);
  });

  it('unknown tools and unparsable JSON are errors the model sees', async () => {
    const p = new Scripted([{ toolCalls: [call('make_it_fun', {}), call('set_move_limit', '{"moves": 3')] }, { text: 'Sorry.' }]);
    const r = await runTurn({ level: base(), history: [], userText: 'x', provider: p, settings });
    const tools = r.messages.filter((m) => m.role === 'tool');
    expect(tools[0].content).toMatch(/^Error: unknown tool "make_it_fun"/);
    expect(tools[1].content).toMatch(/^Error: set_move_limit: the arguments are not valid JSON/);
    expect(r.intents).toEqual([]);
  });

  it('the round limit ends the turn and keeps the edits made so far', async () => {
    const p = new Scripted(Array.from({ length: 5 }, (_, i) => ({ toolCalls: [call('set_move_limit', { moves: 10 + i })] })));
    const r = await runTurn({ level: base(), history: [], userText: 'x', provider: p, settings: { ...settings, roundLimit: 3 } });
    expect(r.status).toBe('round_limit');
    expect(r.intents).toHaveLength(3);
    expect(p.requests).toHaveLength(3);
  });

  it('Stop mid-stream aborts the request and leaves the level as it was', async () => {
    const ctl = new AbortController();
    const p = new Scripted([
      { toolCalls: [call('set_grid_size', { width: 12, height: 12 })] },
      async (req) => {
        ctl.abort();
        expect(req.signal?.aborted ?? true).toBe(true);
        throw new CopilotError('aborted', 'Stopped.');
      },
    ]);
    const level = base();
    const r = await runTurn({ level, history: [], userText: 'x', provider: p, settings, signal: ctl.signal });
    expect(r.status).toBe('stopped');
    expect(r.intents).toEqual([]);
    expect(r.draft).toBe(level);
    expect(r.messages.at(-1)).toMatchObject({ role: 'notice', kind: 'stopped' });
  });

  it('a provider error ends the turn with a clear message and no edits', async () => {
    const p = new Scripted([{ toolCalls: [call('clear_all', {})] }, new CopilotError('auth', 'OpenAI rejected the API key (401).', false, 401)]);
    const r = await runTurn({ level: base(), history: [], userText: 'x', provider: p, settings });
    expect(r.status).toBe('error');
    expect(r.error?.kind).toBe('auth');
    expect(r.intents).toEqual([]);
  });

  it('the text protocol: tool calls parsed from the answer, results sent back as <tool_response>', async () => {
    const p = new Scripted([
      { text: 'Sure.\n<tool_call>{"name": "set_move_limit", "arguments": {"moves": 33}}</tool_call>\n```json\n<tool_call>{"name":"set_colors","arguments":{"colors":4}}' },
      (req) => {
        expect(req.tools).toBeUndefined();
        expect(req.messages[0].content).toContain('<tool_call>');
        const last = req.messages.at(-1) as { role: string; content: string };
        expect(last.role).toBe('user');
        expect(last.content).toContain('<tool_response name="set_move_limit" ok="true">');
        return { text: 'Set 33 moves and 4 colours.' };
      },
    ]);
    const r = await runTurn({ level: base(), history: [], userText: 'x', provider: p, settings: { ...settings, mode: 'text' } });
    expect(r.intents.map((i) => i.tool)).toEqual(['set_move_limit', 'set_colors']);
  });

  it('a 400 to a request with tools switches to the text protocol automatically', async () => {
    const p = new Scripted([
      new CopilotError('tools_unsupported', 'no tools', false, 400),
      { text: '<tool_call>{"name":"set_move_limit","arguments":{"moves":15}}</tool_call>' },
      { text: 'OK' },
    ]);
    const r = await runTurn({ level: base(), history: [], userText: 'x', provider: p, settings });
    expect(r.switchedToTextMode).toBe(true);
    expect(r.intents).toEqual([{ tool: 'set_move_limit', args: { moves: 15 } }]);
    expect(p.requests[1].tools).toBeUndefined();
  });

  it('reasoning is sent back within the turn and dropped from earlier turns', async () => {
    const p = new Scripted([{ reasoning: 'Let me think.', toolCalls: [call('clear_all', {})] }, { text: 'Cleared.' }]);
    const r = await runTurn({ level: base(), history: [], userText: 'first', provider: p, settings });
    const sent = p.requests[1].messages.find((m) => m.role === 'assistant') as { reasoning_content?: string };
    expect(sent.reasoning_content).toBe('Let me think.');
    const p2 = new Scripted([{ text: 'Hello again.' }]);
    await runTurn({ level: base(), history: r.messages, userText: 'second', provider: p2, settings });
    const earlier = p2.requests[0].messages.filter((m) => m.role === 'assistant') as { reasoning_content?: string }[];
    expect(earlier.length).toBeGreaterThan(0);
    expect(earlier.every((m) => m.reasoning_content === undefined)).toBe(true);
  });

  it('long conversations fold older turns into a summary', async () => {
    let history: ChatMessage[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await runTurn({ level: base(), history, userText: `request number ${i}`, provider: new Scripted([{ text: `answer ${i}` }]), settings: { ...settings, keepTurns: 3 } });
      history = [...history, ...r.messages];
    }
    const p = new Scripted([{ text: 'ok' }]);
    await runTurn({ level: base(), history, userText: 'now', provider: p, settings: { ...settings, keepTurns: 3 } });
    const msgs = p.requests[0].messages;
    // the summary changes from turn to turn: it comes with the level's context, after the cached rules (issue 33)
    const context = msgs.find((m) => m.role === 'user' && m.content.startsWith('[Studio] Current level'))!;
    expect(context.content).toContain('Summary of the earlier conversation');
    expect(context.content).toContain('request number 0');
    expect(msgs.filter((m) => m.role === 'user').length).toBe(5); // 3 kept turns + the level's context + now
  });

  it('review: a subset is replayed on the current level, and the model is told what was declined', async () => {
    const p = new Scripted([
      { toolCalls: [call('set_move_limit', { moves: 40 }), call('set_colors', { colors: 3 }), call('paint_tile', { x: 0, y: 0, tile: 'bomb' })] },
      { text: 'Three changes.' },
    ]);
    const level = base();
    const r = await runTurn({ level, history: [], userText: 'x', provider: p, settings });
    expect(r.operations).toHaveLength(3);
    const current = { ...level, name: 'Edited meanwhile' };
    const a = applySelected(current, r.operations, [2, 0]);
    if (!a.ok) throw new Error(a.failed.error);
    expect(a.applied).toEqual([0, 2]);
    expect(a.level.moves).toBe(40);
    expect(a.level.colors).toBe(level.colors);
    expect(a.level.cells[0][0].tile).toBe('bomb');
    expect(a.level.name).toBe('Edited meanwhile');
    const note = reviewNotice(r.operations, a.applied);
    expect(note).toMatch(/declined: 2\. Colours set/);
  });
});

describe('history window', () => {
  it('keepTurns 0 sends only the summary (slice(-0) once sent everything)', async () => {
    const { windowTurns } = await import('../../../src/ai/prompt.ts');
    const turns = [1, 2, 3].map((i) => ({ messages: [{ role: 'user' as const, content: `u${i}` }, { role: 'assistant' as const, content: `a${i}` }] }));
    const w = windowTurns(turns, 0);
    expect(w.messages).toEqual([]);
    expect(w.summary).toContain('u1');
    expect(windowTurns(turns, 2).messages.map((m) => m.content)).toEqual(['u2', 'a2', 'u3', 'a3']);
  });
});
