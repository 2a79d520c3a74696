// Issue 8: review mode tells the truth, short or cut-off answers are said so, the answering fallback model
// is named, analyses inside a turn report progress, can be stopped, and reach the Analysis panel.
import { describe, expect, it } from 'vitest';
import { createLevel, type LevelT } from '../../../src/core/level/index.ts';
import { PROPOSAL_NOTE, applySelected, runTurn, type TurnSettings } from '../../../src/ai/agent.ts';
import { REVIEW_RULE } from '../../../src/ai/prompt.ts';
import type { ChatProvider, ChatRequest, FallbackNote } from '../../../src/ai/client.ts';
import type { Assembled } from '../../../src/ai/assembler.ts';
import type { ChatMessage } from '../../../src/ai/messages.ts';
import type { AnalysisService } from '../../../src/core/tools/index.ts';
import { AnalysisRunner } from '../../../src/analysis/runner.ts';
import { WorkerPool } from '../../../src/analysis/pool.ts';
import { simApi, type SimRequest } from '../../../src/analysis/simApi.ts';
import { createAnalysisService } from '../../../src/analysis/service.ts';
import type { SimCounts } from '../../../src/core/sim/analysis/index.ts';

/** What the model is told besides the conversation: the rules (system prompt) and the level's context message (issue 33). */
const told = (req: ChatRequest) =>
  req.messages
    .filter((m) => m.role === 'system' || (m.role === 'user' && m.content.startsWith('[Studio] Current level')))
    .map((m) => String(m.content))
    .join('\n');

type Reply = Partial<Assembled> & { fallbackFrom?: FallbackNote[]; model?: string };
class Scripted implements ChatProvider {
  requests: ChatRequest[] = [];
  constructor(
    private steps: (Reply | ((req: ChatRequest) => Reply))[],
    readonly model = 'model-a',
  ) {}
  async stream(req: ChatRequest) {
    this.requests.push(structuredClone({ ...req, signal: undefined }));
    const step = this.steps.shift();
    if (!step) throw new Error('script exhausted');
    const r = typeof step === 'function' ? step(req) : step;
    return { text: '', reasoning: '', toolCalls: [], finishReason: 'stop', usage: null, model: this.model, ...r };
  }
}
let n = 0;
const call = (name: string, args: unknown) => ({ id: `c${++n}`, name, arguments: JSON.stringify(args) });
const settings: TurnSettings = { roundLimit: 8, tokenBudget: 100_000, mode: 'native' };
const base = (): LevelT => createLevel({ id: 'L', seed: 3 });
const inThreadPool = () => new WorkerPool<SimRequest, SimCounts>(1, () => ({ run: async (q, s, c) => simApi.playChunk(q, s, c), terminate() {} }));

describe('review mode tells the truth', () => {
  it('the system prompt and every edit result say the edits are proposals; auto mode says neither', async () => {
    const steps = () => [{ toolCalls: [call('set_move_limit', { moves: 30 })] }, { text: 'I propose 30 moves.' }];
    const review = new Scripted(steps());
    await runTurn({ level: base(), history: [], userText: 'x', provider: review, settings: { ...settings, applyMode: 'review' } });
    expect(review.requests[0].messages[0].content).toContain(REVIEW_RULE);
    const result = review.requests[1].messages.at(-1) as { role: string; content: string };
    expect(result.role).toBe('tool');
    expect(result.content).toContain(PROPOSAL_NOTE);

    const auto = new Scripted(steps());
    await runTurn({ level: base(), history: [], userText: 'x', provider: auto, settings: { ...settings, applyMode: 'auto' } });
    expect(auto.requests[0].messages[0].content).not.toContain(REVIEW_RULE);
    expect((auto.requests[1].messages.at(-1) as { content: string }).content).not.toContain(PROPOSAL_NOTE);
  });

  it('a read or analysis result is not marked as a proposal', async () => {
    const p = new Scripted([{ toolCalls: [call('get_level', {})] }, { text: 'ok' }]);
    await runTurn({ level: base(), history: [], userText: 'x', provider: p, settings: { ...settings, applyMode: 'review' } });
    expect((p.requests[1].messages.at(-1) as { content: string }).content).not.toContain(PROPOSAL_NOTE);
  });

  it('undecided proposals of earlier requests are listed for the model as not applied', async () => {
    const first = await runTurn({
      level: base(),
      history: [],
      userText: 'more moves',
      provider: new Scripted([{ toolCalls: [call('set_move_limit', { moves: 44 })] }, { text: 'Proposed.' }]),
      settings: { ...settings, applyMode: 'review' },
    });
    expect(first.messages.at(-1)!.applied).toBe('pending');
    const p = new Scripted([{ text: 'ok' }]);
    await runTurn({ level: base(), history: first.messages, userText: 'and now?', provider: p, settings: { ...settings, applyMode: 'review' } });
    const sys = told(p.requests[0]);
    expect(sys).toMatch(/still waiting for the designer \(NOT applied/);
    expect(sys).toContain('Move limit set from 25 to 44');
  });

  it('Apply selected is all or nothing: an operation that no longer fits applies nothing and is named', async () => {
    const r = await runTurn({
      level: base(),
      history: [],
      userText: 'x',
      provider: new Scripted([{ toolCalls: [call('set_move_limit', { moves: 40 }), call('paint_tile', { x: 8, y: 8, tile: 'bomb' })] }, { text: 'Two.' }]),
      settings,
    });
    // meanwhile the designer shrank the board: (8, 8) is gone
    const current = { ...base(), width: 5, height: 5, cells: base().cells.slice(0, 5).map((row) => row.slice(0, 5)) };
    const a = applySelected(current, r.operations, [0, 1]);
    expect(a.ok).toBe(false);
    if (a.ok) return;
    expect(a.failed.index).toBe(1);
    expect(a.failed.error).toMatch(/paint_tile/);
    expect(a.level).toBe(current);
    const b = applySelected(current, r.operations, [0]);
    expect(b.ok && b.level.moves).toBe(40);
  });
});

describe('answers as providers really send them', () => {
  it('finish_reason "length" tells the designer the answer was cut off', async () => {
    const r = await runTurn({ level: base(), history: [], userText: 'x', provider: new Scripted([{ text: 'The first half of', finishReason: 'length' }]), settings });
    const notice = r.messages.find((m) => m.role === 'notice');
    expect(notice?.content).toMatch(/cut off/);
    expect(notice?.note?.key).toBe('chat.note.cutOff');
    expect(r.messages.find((m) => m.role === 'assistant')?.content).toBe('The first half of');
  });

  it('an answer with only reasoning is never an empty reply', async () => {
    const r = await runTurn({ level: base(), history: [], userText: 'x', provider: new Scripted([{ text: '', reasoning: 'Hmm.' }]), settings });
    expect(r.messages.some((m) => m.role === 'notice' && m.note?.key === 'chat.note.onlyReasoning')).toBe(true);
  });

  it('a fallback model that answers is named, with why the first gave up', async () => {
    const p = new Scripted([{ text: 'Here.', model: 'model-b', fallbackFrom: [{ model: 'model-a', reason: 'was overloaded', reasonKey: 'fallback.overloaded' }] }]);
    const r = await runTurn({ level: base(), history: [], userText: 'x', provider: p, settings });
    const notice = r.messages.find((m) => m.role === 'notice')!;
    expect(notice.content).toBe('Answered by model-b: model-a was overloaded.');
    expect(notice.note).toMatchObject({ key: 'chat.note.fallback', params: { model: 'model-b' }, list: [{ key: 'fallback.overloaded', params: { model: 'model-a' } }] });
    expect(r.messages.find((m) => m.role === 'assistant')?.model).toBe('model-b');
  });
});

describe('analyses inside a turn', () => {
  it('the result carries its data and the draft it ran on, for the Analysis panel', async () => {
    const results: { name: string; kind?: string; data?: unknown; level?: LevelT }[] = [];
    const analysis = createAnalysisService(new AnalysisRunner(inThreadPool));
    await runTurn({
      level: base(),
      history: [],
      userText: 'x',
      provider: new Scripted([{ toolCalls: [call('set_move_limit', { moves: 9 })] }, { toolCalls: [call('analyze_level', { games: 20 })] }, { text: 'ok' }]),
      settings,
      ctx: { analysis },
      events: { onToolResult: (r) => results.push(r) },
    });
    const a = results.find((r) => r.name === 'analyze_level')!;
    expect(a.kind).toBe('analysis');
    expect(a.level?.moves).toBe(9); // the draft at that moment
    expect((a.data as { counts: SimCounts[] }).counts[0].games).toBe(20);
  });

  it('deep_analyze includes the bottleneck section, in its text and its data', async () => {
    const analysis = createAnalysisService(new AnalysisRunner(inThreadPool));
    const r = await analysis.run('deep_analyze', { ...base(), moves: 8 }, { games: 20 });
    expect(r.summary).toContain('**deep_analyze**');
    expect(r.summary).toContain('**get_bottleneck**');
    expect((r.data as { bottleneck?: { tier: string } }).bottleneck?.tier).toBeTruthy();
  });

  it('Stop during a simulation aborts it: the service sees the abort and the turn ends stopped, level untouched', async () => {
    const ctl = new AbortController();
    let sawAbort = false;
    const analysis: AnalysisService = {
      run: (_tool, _level, _args, signal) =>
        new Promise((_, reject) => {
          signal?.addEventListener('abort', () => {
            sawAbort = true;
            reject(Object.assign(new Error('aborted'), { name: 'AbortError' }));
          });
          queueMicrotask(() => ctl.abort()); // the designer presses Stop while the bots play
        }),
    };
    const level = base();
    const r = await runTurn({
      level,
      history: [],
      userText: 'x',
      provider: new Scripted([{ toolCalls: [call('set_move_limit', { moves: 9 }), call('deep_analyze', { games: 5000 })] }, { text: 'never' }]),
      settings,
      ctx: { analysis },
      signal: ctl.signal,
    });
    expect(sawAbort).toBe(true);
    expect(r.status).toBe('stopped');
    expect(r.intents).toEqual([]);
    expect(r.draft).toBe(level);
  });
});

describe('the running summary stays within its budget', () => {
  it('a 40-turn conversation keeps decisions and figures first, within SUMMARY_BUDGET', async () => {
    const { SUMMARY_BUDGET } = await import('../../../src/ai/prompt.ts');
    let history: ChatMessage[] = [];
    for (let i = 0; i < 40; i++) {
      const steps =
        i === 1
          ? [{ toolCalls: [call('set_move_limit', { moves: 33 })] }, { text: 'Proposed 33 moves. '.repeat(10) }]
          : [{ text: `A long answer number ${i}: ` + 'the level is fine and the jelly is balanced. '.repeat(8) }];
      const r = await runTurn({ level: base(), history, userText: `request ${i}: ` + 'please look at the board again and think about it. '.repeat(4), provider: new Scripted(steps), settings: { ...settings, keepTurns: 4 } });
      history = [...history, ...r.messages];
      if (i === 1) {
        // the designer declined it: the studio's note to the model is part of that turn
        const last = r.messages.at(-1)!;
        history.push({ id: `d${i}`, levelId: 'L', turnId: last.turnId, role: 'notice', content: 'The designer declined: 1. Move limit set from 25 to 33. Do not propose these again unless asked.', createdAt: Date.now(), forModel: true });
      }
      if (i === 2) {
        history.push(
          { id: `a${i}`, levelId: 'L', turnId: r.messages[0].turnId, role: 'assistant', content: '', createdAt: Date.now(), toolCalls: [{ id: 'an1', name: 'analyze_level', arguments: '{}' }] },
          { id: `t${i}`, levelId: 'L', turnId: r.messages[0].turnId, role: 'tool', toolCallId: 'an1', toolName: 'analyze_level', content: '**analyze_level** — "L", 1000 games\n- Win rate: **41.3%** (95% CI 38.2%–44.4%) → hard', createdAt: Date.now() },
        );
      }
    }
    const p = new Scripted([{ text: 'ok' }]);
    await runTurn({ level: base(), history, userText: 'now', provider: p, settings: { ...settings, keepTurns: 4 } });
    const sys = told(p.requests[0]);
    const summary = sys.slice(sys.indexOf('Summary of the earlier conversation:'));
    expect(summary.length).toBeLessThanOrEqual(SUMMARY_BUDGET + 60);
    expect(summary).toContain('declined: 1. Move limit set from 25 to 33');
    expect(summary).toContain('win rate 41.3%');
  });

  it('folding never exceeds the budget, however many turns, and says how many requests it left out', async () => {
    const { foldSummary, SUMMARY_BUDGET } = await import('../../../src/ai/prompt.ts');
    for (const count of [10, 40, 200]) {
      const turns = Array.from({ length: count }, (_, i) => ({
        request: `request ${i} ` + 'words '.repeat(40),
        tools: i % 3 ? [] : ['analyze_level'],
        decisions: i % 17 === 1 ? [`The designer declined: ${i}. Colours set to 4.`] : [],
        figures: i % 11 === 2 ? [`win rate ${i}.5%`] : [],
        answer: 'answer '.repeat(40),
      }));
      const s = foldSummary(turns);
      expect(s.length).toBeLessThanOrEqual(SUMMARY_BUDGET);
      // the newest request is always there, and every decision that fits
      expect(s).toContain(`request ${count - 1}`);
      if (count <= 40) for (const t of turns) for (const d of t.decisions) expect(s).toContain(d);
      if (count > 10) expect(s).toMatch(/earlier requests left out/);
    }
  });

  it('a short conversation keeps the full lines', async () => {
    const { foldSummary } = await import('../../../src/ai/prompt.ts');
    const s = foldSummary([{ request: 'make it harder', tools: ['set_move_limit'], decisions: [], figures: [], answer: 'Done.' }]);
    expect(s).toBe('- User: make it harder → tools: set_move_limit → answer: Done.');
  });
});
