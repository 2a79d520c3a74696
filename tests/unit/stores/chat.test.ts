// The copilot store with the real editor and a scripted provider: review (every proposal reachable,
// all-or-nothing apply, decision times), the missing key after a reload, the copilot's analyses reaching
// the Analysis panel, slash commands, and the conversation in the designer's language.
import { afterEach, describe, expect, it } from 'vitest';
import { createLevel } from '../../../src/core/level/index.ts';
import { EditorStore } from '../../../src/stores/editor.svelte.ts';
import { ChatStore } from '../../../src/stores/chat.svelte.ts';
import { AnalysisStore } from '../../../src/stores/analysis.svelte.ts';
import { publishCopilotAnalysis } from '../../../src/stores/copilotAnalysis.ts';
import type { ChatProvider, ChatRequest } from '../../../src/ai/client.ts';
import type { Assembled } from '../../../src/ai/assembler.ts';
import type { ProviderConfig } from '../../../src/ai/providers.ts';
import { AnalysisRunner } from '../../../src/analysis/runner.ts';
import { WorkerPool } from '../../../src/analysis/pool.ts';
import { simApi, type SimRequest } from '../../../src/analysis/simApi.ts';
import { createAnalysisService } from '../../../src/analysis/service.ts';
import type { SimCounts } from '../../../src/core/sim/analysis/index.ts';
import { noteText } from '../../../src/i18n/chatText.ts';
import { conversationMarkdown } from '../../../src/ui/chat/exportMarkdown.ts';
import { reviewErrorText, saidText } from '../../../src/ui/chat/words.ts';
import { setLocale } from '../../../src/i18n/index.svelte.ts';

type Step = Partial<Assembled>;
let n = 0;
const call = (name: string, args: unknown) => ({ id: `k${++n}`, name, arguments: JSON.stringify(args) });

function setup(steps: Step[], opts: { review?: boolean; key?: string | null } = {}) {
  const editor = new EditorStore();
  editor.open(createLevel({ id: 'L', seed: 4 }));
  const requests: ChatRequest[] = [];
  const seenConfigs: ProviderConfig[] = [];
  const provider = (cfg: ProviderConfig): ChatProvider => {
    seenConfigs.push(cfg);
    return {
      model: cfg.model,
      async stream(req) {
        requests.push(req);
        const s = steps.shift() ?? { text: 'ok' };
        if ('fail' in s) throw (s as { fail: Error }).fail; // a round the provider fails (a cut prompt, a 500)
        return { text: '', reasoning: '', toolCalls: [], finishReason: 'stop', usage: null, ...s, model: cfg.model };
      },
    };
  };
  const analysis = new AnalysisStore(() => runner);
  const pool = new WorkerPool<SimRequest, SimCounts>(1, () => ({ run: async (q, s, c) => simApi.playChunk(q, s, c), terminate() {} }));
  const runner = new AnalysisRunner(() => pool);
  let now = 1_700_000_000_000;
  const chat = new ChatStore(editor, () => null, () => service, provider, (r) => publishCopilotAnalysis(analysis, r), () => (now += 1000));
  const service = createAnalysisService(runner, { onProgress: (tool, d, t) => chat.analysisProgress(tool, d, t) });
  chat.levelId = 'L';
  const p = chat.addProvider('openai');
  if (opts.key !== null) chat.setKey(p.id, opts.key ?? 'sk-test-key-123456');
  if (opts.review) chat.updateSettings({ applyMode: 'review' });
  return { chat, editor, requests, analysis, providerId: p.id, seenConfigs };
}

afterEach(() => setLocale('en'));

describe('review in the store', () => {
  it('every undecided proposal stays reachable; each is decided on its own, with the time', async () => {
    const { chat, editor } = setup(
      [
        { toolCalls: [call('set_move_limit', { moves: 40 })] },
        { text: 'I propose 40 moves.' },
        { toolCalls: [call('set_colors', { colors: 4 })] },
        { text: 'I propose 4 colours.' },
      ],
      { review: true },
    );
    await chat.send('more moves');
    await chat.send('fewer colours');
    expect(chat.pendingReviews).toHaveLength(2);
    expect(editor.level!.moves).toBe(25); // nothing applied before review
    const [first, second] = chat.pendingReviews;
    expect(chat.applyReview(second.id, [0])).toBe(true);
    expect(editor.level!.colors).toBe(4);
    expect(chat.pendingReviews.map((m) => m.id)).toEqual([first.id]); // the older one is still there
    chat.cancelReview(first.id);
    expect(chat.pendingReviews).toHaveLength(0);
    const decided = chat.messages.filter((m) => m.operations?.length);
    expect(decided.map((m) => m.applied)).toEqual(['cancelled', 'applied']);
    for (const m of decided) {
      expect(m.decidedAt).toBeGreaterThan(0);
      for (const o of m.operations!) expect(o.at).toBe(m.decidedAt);
    }
    expect(decided[0].operations![0].status).toBe('declined');
    expect(decided[1].operations![0].status).toBe('applied');
    // the model is told what became of each
    const toModel = chat.messages.filter((m) => m.forModel).map((m) => m.content);
    expect(toModel).toEqual([expect.stringContaining('The designer applied: 1. Colours set'), expect.stringContaining('The designer declined: 1. Move limit set')]);
    // and the export carries the marks with their time
    const json = JSON.parse(chat.exportJson('L'));
    expect(json.messages.find((m: { applied?: string }) => m.applied === 'cancelled').operations[0]).toMatchObject({ status: 'declined', at: expect.any(Number) });
    const md = conversationMarkdown(chat.exportData('L'), editor.level ?? undefined);
    expect(md).toMatch(/1\. Set the move limit to 40 ✗ declined \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
    expect(md).toMatch(/1\. Use 4 colours ✔ applied/);
  });

  it('Apply selected applies nothing when one operation no longer fits, says which, and keeps the proposal open', async () => {
    const { chat, editor } = setup([{ toolCalls: [call('set_move_limit', { moves: 40 }), call('paint_tile', { x: 8, y: 8, tile: 'bomb' })] }, { text: 'Two proposals.' }], { review: true });
    await chat.send('x');
    const m = chat.pendingReview!;
    // the designer shrinks the board meanwhile
    expect(editor.transact('shrink', [{ tool: 'set_grid_size', args: { width: 5, height: 5 } }]).ok).toBe(true);
    expect(chat.applyReview(m.id, [0, 1])).toBe(false);
    expect(editor.level!.moves).toBe(25);
    expect(reviewErrorText(chat.reviewErrors[m.id])).toMatch(/Nothing was applied: change 2 \(Paint bomb at I9\) no longer fits the level — paint_tile: x: must be 0..4/i);
    // the store keeps what happened, not words: a language switch rewords the error on screen (issue 39)
    expect(chat.reviewErrors[m.id]).toMatchObject({ index: 1, problem: { kind: 'problem' } });
    await setLocale('zh');
    expect(reviewErrorText(chat.reviewErrors[m.id])).not.toMatch(/Nothing was applied/);
    expect(reviewErrorText(chat.reviewErrors[m.id])).toMatch(/I9/);
    await setLocale('en');
    expect(chat.pendingReviews).toHaveLength(1);
    // unticking the failing one applies the rest
    expect(chat.applyReview(m.id, [0])).toBe(true);
    expect(editor.level!.moves).toBe(40);
    expect(chat.reviewErrors[m.id]).toBeUndefined();
  });

  it('a turn in review mode says it proposed, never that it applied', async () => {
    const { chat } = setup([{ toolCalls: [call('set_move_limit', { moves: 31 })] }, { text: 'Done!' }], { review: true });
    await chat.send('x');
    const m = chat.pendingReview!;
    expect(m.applied).toBe('pending');
    expect(chat.messages.some((x) => x.applied === 'auto')).toBe(false);
  });
});

describe('the key that was not kept', () => {
  it('is asked for before anything is sent, then the waiting message goes out with it', async () => {
    const { chat, requests, providerId, seenConfigs } = setup([{ text: 'Hello with a key.' }], { key: null });
    await chat.send('hello');
    expect(requests).toHaveLength(0);
    expect(chat.keyRequest).toMatchObject({ providerId, provider: 'OpenAI', text: 'hello' });
    expect(chat.messages).toHaveLength(0);
    await chat.provideKey('sk-new-key-abcdef123', true);
    expect(chat.keyRequest).toBeNull();
    expect(requests).toHaveLength(1);
    expect(seenConfigs.at(-1)!.apiKey).toBe('sk-new-key-abcdef123');
    expect(chat.settings.providers[0].rememberKey).toBe(true);
    expect(chat.messages.at(-1)!.content).toBe('Hello with a key.');
  });
});

describe("the copilot's analyses", () => {
  it('reach the Analysis panel as the copilot’s, on the level they ran on, and show progress while running', async () => {
    const { chat, analysis, editor } = setup([{ toolCalls: [call('analyze_level', { games: 20 })] }, { text: 'Measured.' }]);
    const seen: number[] = [];
    const orig = chat.analysisProgress.bind(chat);
    chat.analysisProgress = (tool, d, t) => {
      orig(tool, d, t);
      if (chat.live?.progress) seen.push(chat.live.progress.total);
    };
    await chat.send('how hard?');
    const report = analysis.reportFor(editor.level);
    expect(report?.origin).toBe('copilot');
    expect(report?.games).toBe(20);
    expect(analysis.isStale(editor.level)).toBe(false);
    expect(seen).toContain(20);
    const a = chat.messages.find((m) => m.toolCalls?.some((c) => c.name === 'analyze_level'))!;
    expect(noteText(a.toolCalls![0].brief!)).toMatch(/^Played 20 games \(Average bot\): win rate \d+\.\d%/);
    editor.transact('edit', [{ tool: 'set_move_limit', args: { moves: 7 } }]);
    expect(analysis.isStale(editor.level)).toBe(true);
  });
});

describe("a turn that fails after its draft's analysis", () => {
  it("applies nothing and publishes no figure of the draft; an analysis of the level as it is still reaches the panel", async () => {
    const { CopilotError } = await import('../../../src/ai/client.ts');
    const cut = () => new CopilotError('context_cut', 'The prompt was cut.', false);
    // round 1 paints, round 2 measures the draft, round 3 is cut: the draft's figure describes no version of the level
    const a = setup([
      { toolCalls: [call('paint_ground_region', { x1: 0, y1: 7, x2: 8, y2: 8, ground: 'jelly' })] },
      { toolCalls: [call('analyze_level', { games: 20 })] },
      { fail: cut() } as Step,
    ]);
    const before = a.editor.level;
    await a.chat.send('jelly on the bottom rows, then measure');
    expect(a.editor.level).toBe(before);
    expect(a.chat.messages.some((m) => m.role === 'notice' && m.kind === 'error')).toBe(true);
    expect(a.chat.messages.some((m) => m.toolCalls?.some((c) => c.name === 'analyze_level' && c.ok))).toBe(true);
    expect(a.analysis.reportFor(a.editor.level)).toBeNull();
    // a measurement of the level as it is, before any edit, is a true figure of it whatever the turn's end
    const b = setup([{ toolCalls: [call('analyze_level', { games: 20 })] }, { fail: cut() } as Step]);
    await b.chat.send('measure');
    expect(b.analysis.reportFor(b.editor.level)?.origin).toBe('copilot');
    expect(b.analysis.isStale(b.editor.level)).toBe(false);
  });
});

describe("a figure of a draft (issue 40)", () => {
  it("in review mode is the draft's, not the level's: the level's report stays; Apply makes it the level's, Undo brings the designer's back", async () => {
    const a = setup([{ toolCalls: [call('set_move_limit', { moves: 12 }), call('analyze_level', { games: 20 })] }, { text: 'Proposed 12 moves.' }], { review: true });
    // the workspace tells the analysis store of every committed change (workspace.levelChanged)
    a.editor.onChange = (l) => a.analysis.levelAt(l);
    await a.analysis.analyze(a.editor.level!, 40);
    const own = a.analysis.reportFor(a.editor.level)!;
    expect(own.origin).toBeUndefined();
    await a.chat.send('fewer moves, and measure');
    expect(a.chat.pendingReviews).toHaveLength(1);
    // the draft was measured, but the level's report (and so its badge) is still the designer's, and current
    expect(a.analysis.reportFor(a.editor.level)).toBe(own);
    expect(a.analysis.isStale(a.editor.level)).toBe(false);
    expect(a.chat.applyReview(a.chat.pendingReviews[0].id, [0])).toBe(true);
    expect(a.editor.level!.moves).toBe(12);
    // now the level is the draft's version: the draft's figure is its figure, current
    const draft = a.analysis.reportFor(a.editor.level)!;
    expect(draft.origin).toBe('copilot');
    expect(draft.level.moves).toBe(12);
    expect(a.analysis.isStale(a.editor.level)).toBe(false);
    a.editor.undo();
    expect(a.editor.level!.moves).toBe(25);
    expect(a.analysis.reportFor(a.editor.level)).toBe(own);
    expect(a.analysis.isStale(a.editor.level)).toBe(false);
    a.editor.redo();
    expect(a.analysis.reportFor(a.editor.level)).toBe(draft);
  });

  it('a proposal cancelled leaves the level with its own report', async () => {
    const a = setup([{ toolCalls: [call('set_move_limit', { moves: 12 }), call('analyze_level', { games: 20 })] }, { text: 'Proposed.' }], { review: true });
    a.editor.onChange = (l) => a.analysis.levelAt(l);
    await a.chat.send('fewer moves, and measure');
    expect(a.analysis.reportFor(a.editor.level)).toBeNull();
    a.chat.cancelReview(a.chat.pendingReviews[0].id);
    expect(a.analysis.reportFor(a.editor.level)).toBeNull();
  });
});

describe('slash commands and language', () => {
  it('JSON arguments work; a malformed command answers with its usage; /help and results in Chinese', async () => {
    const { chat, editor } = setup([]);
    await chat.send('/paint_tile {"x": 1, "y": 2, "tile": "red"}');
    expect(editor.level!.cells[2][1].tile).toBe('red');
    await chat.send('/paint_tile {"x": 1,');
    const bad = chat.messages.at(-1)!;
    expect(bad.kind).toBe('error');
    expect(noteText(bad.note!)).toContain('Usage: /paint_tile x y tile [hp]');
    await setLocale('zh');
    await chat.send('/help');
    const help = noteText(chat.messages.at(-1)!.note!);
    expect(help).toContain('斜杠命令');
    expect(help).toContain('`/paint_tile x y tile [hp]` — 绘制一个格子');
    await chat.send('/set_move_limit 900');
    expect(noteText(chat.messages.at(-1)!.note!)).toBe('已拒绝：set_move_limit: moves: 必须在 1..200 之间');
    await chat.send('/set_move_limit 30');
    expect(noteText(chat.messages.at(-1)!.note!)).toBe('将步数上限设为 30');
    const md = conversationMarkdown(chat.exportData('L'), editor.level ?? undefined);
    expect(md).toContain('# 关于“L”的对话');
    expect(md).toContain('> 将步数上限设为 30');
    expect(md).not.toMatch(/Move limit set/);
  });

  it('provider errors are shown in the designer’s language', async () => {
    const { chat } = setup([]);
    await setLocale('zh');
    const { CopilotError } = await import('../../../src/ai/client.ts');
    expect(saidText(chat.describeError(new CopilotError('auth', 'OpenAI rejected the API key (401).', false, 401).withKey('err.auth', { provider: 'OpenAI', status: 401, said: '' })))).toBe(
      'OpenAI 拒绝了 API 密钥（401）。请在设置中检查密钥。',
    );
  });
});
