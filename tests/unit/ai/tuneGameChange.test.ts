// A tuning that moves an emitter (issue 41 item 5, RULES §12.1): a change to the game. Through the
// copilot it comes back as the registry's game tool calls (update_element, one a changed emitter) that
// the designer reviews like define_element — in Auto mode too, with the level edits measured beside it
// — and that, approved, the games store stores as one step. A missed band proposes nothing and says
// the calls instead. The page's analysis service reads the arguments by the level's game (its levers).
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetGames, gameById, registerGames } from '../../../src/core/game/registry.ts';
import type { GameDef } from '../../../src/core/game/types.ts';
import type { LevelT } from '../../../src/core/level/index.ts';
import { loadTools, runTool, validateArgs, getTool, type GameTool, type RunResult, type ToolOutcome } from '../../../src/core/tools/index.ts';
import { createAnalysisService } from '../../../src/analysis/service.ts';
import { localRunner } from '../../../src/core/sim/analysis/index.ts';
import { GAME_PROPOSAL_NOTE, runTurn } from '../../../src/ai/agent.ts';
import { memoryStorage } from '../../../src/db/memoryStorage.ts';
import { Workspace } from '../../../src/stores/workspace.svelte.ts';
import { ChatStore } from '../../../src/stores/chat.svelte.ts';
import type { ChatProvider } from '../../../src/ai/client.ts';
import type { Assembled } from '../../../src/ai/assembler.ts';
import { ScriptedProvider, toolCall as call } from '../setup/scriptedProvider.ts';

const root = new URL('../../../examples/games/', import.meta.url);
const read = <T>(p: string) => JSON.parse(readFileSync(new URL(p, root), 'utf8')) as T;
const GAME = read<GameDef>('candy-kingdom.game.json');
/** Candy Kingdom level 2: a mixer that emits swirls every 3 moves; the average bot wins about 72%. */
const mixerLevel = () => read<LevelT>('candy-kingdom/level_2.json');
// the mixer every move brings the average bot to about 69%: in this band (measured, seeded)
const HIT = { target_win_rate: 0.66, tolerance: 0.03, tier: 'average', levers: ['emit_every'], max_games: 4000 };

beforeAll(async () => {
  registerGames([GAME]);
  await loadTools();
});
afterAll(() => forgetGames());

let hit: Extract<ToolOutcome, { ok: true }>;

describe("a tuning's change to the game through the copilot's path", () => {
  it('the page\'s analysis service takes the game\'s levers; a hit comes back as update_element proposals, not level edits', async () => {
    const service = createAnalysisService(localRunner());
    const r = await runTool(mixerLevel(), 'tune_level', HIT, { analysis: service });
    expect(r.ok, !r.ok ? r.error : '').toBe(true);
    if (!r.ok) return;
    hit = r;
    expect((r.data as { hit: boolean }).hit).toBe(true);
    expect(r.intents ?? []).toEqual([]);
    expect(r.gameProposals).toEqual([
      { intent: { tool: 'update_element', args: { id: 'mixer', emit: { element: 'swirl', when: 'every', every: 1, count: 2, where: 'near' } } }, summary: 'tune_level: change element mixer of the game "Candy Kingdom": emit every 3 → 1' },
    ]);
    // the proposal is a registry game tool's call: checked and proposed again on the game, it makes the game the tune measured
    const v = validateArgs('update_element', r.gameProposals![0].intent.args, GAME);
    expect(v.ok).toBe(true);
    const made = await (getTool('update_element') as GameTool).propose(GAME, v.ok ? v.args : {});
    expect(made.game.elements.find((e) => e.id === 'mixer')!.emit).toEqual((r.data as { gameChange: { game: GameDef } }).gameChange.game.elements.find((e) => e.id === 'mixer')!.emit);
  }, 120_000);

  it('a missed band proposes nothing: the model is told the calls that would make the closest', async () => {
    const r = await runTool(mixerLevel(), 'tune_level', { ...HIT, target_win_rate: 0.5, tolerance: 0.05 }, { runner: localRunner() });
    expect(r.ok && (r.data as { hit: boolean }).hit).toBe(false);
    if (!r.ok) return;
    expect(r.gameProposals).toBeUndefined();
    expect(r.summary).toContain('if they want the closest level anyway, call update_element with {"id":"mixer","emit":{');
  }, 120_000);
});

/** The hit's result as the analysis service gave it, with a level edit measured beside the game change (held by the tool). */
const withLevelEdit = (): RunResult => ({ summary: hit.summary, data: hit.data, intents: [{ tool: 'adjust_difficulty', args: { moves: 15 } }], held: true, gameProposals: hit.gameProposals });

describe('in a turn and in review', () => {
  it('the turn makes the game change and the held level edit operations, never intents, even in Auto mode; the model hears it is a proposal', async () => {
    const p = new ScriptedProvider([{ toolCalls: [call('c1', 'tune_level', HIT)] }, { text: 'Proposed: the mixer every move.' }]);
    const r = await runTurn({ level: mixerLevel(), history: [], userText: 'tune to 66%', provider: p, settings: { roundLimit: 4, tokenBudget: 1e6, mode: 'native', applyMode: 'auto' }, ctx: { analysis: { run: async () => withLevelEdit() } } });
    expect(r.status).toBe('done');
    expect(r.intents).toEqual([]);
    expect(r.draft.moves).toBe(mixerLevel().moves);
    expect(r.operations.map((o) => [o.intent.tool, !!o.withGame])).toEqual([['update_element', false], ['adjust_difficulty', true]]);
    expect(r.operations[1].summary).toMatch(/^tune_level: .*15/);
    expect(r.messages.find((m) => m.role === 'tool')!.content).toContain(GAME_PROPOSAL_NOTE);
  });

  it('Auto mode leaves both for review; approved, the game has the mixer every move (one games step) and the level 15 moves', async () => {
    const ws = new Workspace();
    const level = { ...mixerLevel(), id: 'm2' };
    const storage = memoryStorage({ packs: [], levels: [level] });
    await storage.games.put([GAME]);
    await ws.startWith(storage);
    await ws.openLevel('m2');
    const steps: Partial<Assembled>[] = [{ toolCalls: [call('t1', 'tune_level', HIT)] }, { text: 'Proposed.' }];
    const provider = (): ChatProvider => ({
      model: 'scripted',
      async stream() {
        return { text: '', reasoning: '', toolCalls: [], finishReason: 'stop', usage: null, ...(steps.shift() ?? { text: 'ok' }), model: 'scripted' };
      },
    });
    let now = 1_700_000_000_000;
    const chat = new ChatStore(ws.editor, () => ws.storage, () => ({ run: async () => withLevelEdit() }), provider, undefined, () => (now += 1000), () => ws.loadGames());
    chat.levelId = 'm2';
    chat.setKey(chat.addProvider('openai').id, 'sk-test-key-123456');
    chat.updateSettings({ applyMode: 'auto' });
    await chat.send('tune to 66%');
    const m = chat.pendingReview!;
    expect(m.operations!.map((o) => [o.intent.tool, o.status ?? null, !!o.withGame])).toEqual([['update_element', null, false], ['adjust_difficulty', null, true]]);
    expect(ws.editor.level!.moves).toBe(level.moves);
    expect(gameById('candy-kingdom')!.elements.find((e) => e.id === 'mixer')!.emit!.every).toBe(3);

    expect(await chat.applyReview(m.id, [0, 1])).toBe(true);
    expect(gameById('candy-kingdom')!.elements.find((e) => e.id === 'mixer')!.emit!.every).toBe(1);
    expect(ws.editor.level!.moves).toBe(15);
    expect(chat.messages.find((x) => x.id === m.id)!.operations!.map((o) => o.status)).toEqual(['applied', 'applied']);
    expect(await (await ws.loadGames()).undo()).toBe(true);
    expect(gameById('candy-kingdom')!.elements.find((e) => e.id === 'mixer')!.emit!.every).toBe(3);
  });
});
