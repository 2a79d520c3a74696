// The copilot with a judge: tool results carry the figures, the system prompt holds the level's score
// history, and an edit turn measured before and after ends with the measured effect.
import { describe, expect, it } from 'vitest';
import { createLevel, levelHash, type LevelT } from '../../../src/core/level/index.ts';
import { runTurn, type TurnSettings } from '../../../src/ai/agent.ts';
import type { ChatRequest } from '../../../src/ai/client.ts';
import { ChatMessage } from '../../../src/ai/messages.ts';
import { localRunner } from '../../../src/core/sim/analysis/index.ts';
import { measuredEffect, measuredEffectNote, scoreHistoryText } from '../../../src/ai/scores.ts';
import { intervalText } from '../../../src/core/format.ts';
import { setLocale } from '../../../src/i18n/index.svelte.ts';
import { noteText } from '../../../src/i18n/chatText.ts';
import { ScriptedProvider } from '../setup/scriptedProvider.ts';

const call = (name: string, args: unknown) => ({ id: `c_${name}_${Math.random().toString(36).slice(2, 6)}`, name, arguments: JSON.stringify(args) });
const settings: TurnSettings = { roundLimit: 8, tokenBudget: 100_000, mode: 'native' };
const level = (): LevelT => ({ ...createLevel({ id: 'L', seed: 7, width: 8, height: 8 }), moves: 20 });
/** What the model is told besides the conversation: the rules (system prompt) and the level's context message (issue 33). */
const told = (req: ChatRequest) =>
  req.messages
    .filter((m) => m.role === 'system' || (m.role === 'user' && m.content.startsWith('[Studio] Current level')))
    .map((m) => String(m.content))
    .join('\n');
const system = told;

describe('the copilot with a judge', () => {
  it('the system prompt says difficulty claims come from analysis results', async () => {
    const p = new ScriptedProvider([{ text: 'Hello.' }]);
    await runTurn({ level: level(), history: [], userText: 'hi', provider: p, settings, ctx: { runner: localRunner() } });
    expect(system(p.requests[0])).toMatch(/Difficulty claims .* must come from analysis or tuning tool results/);
    expect(system(p.requests[0])).toMatch(/tune_level/);
  });

  it('a tune_level turn: the result carries before → after with intervals, scores are kept, and the turn states the measured effect', async () => {
    const p = new ScriptedProvider([{ toolCalls: [call('tune_level', { target_win_rate: 0.5 })] }, { text: 'Done.' }]);
    const start = level();
    const r = await runTurn({ level: start, history: [], userText: 'about 50% for an average player', provider: p, settings, ctx: { runner: localRunner() } });
    expect(r.status).toBe('done');
    expect(r.intents.map((i) => i.tool)).toEqual(['adjust_difficulty']);
    // review shows the edit in words, not the whole tuning report
    expect(r.operations[0].summary).toMatch(/^tune_level: Difficulty levers: moves 20 → \d+\.$/);
    const tool = r.messages.find((m) => m.role === 'tool')!;
    expect(tool.content).toMatch(/in the band/);
    expect(tool.content).toMatch(/Before: [\d.]+% \(95% CI/);
    expect(tool.scores?.map((s) => s.hash)).toEqual([levelHash(start), levelHash(r.draft)]);
    // the model saw the score history in its next request
    expect(system(p.requests[1])).toMatch(/Score history of this level/);
    expect(system(p.requests[1])).toMatch(/← the level as it is now/);
    const effect = r.messages.find((m) => m.role === 'notice' && /Measured effect/.test(m.content));
    expect(effect?.content).toMatch(/Measured effect of this turn's edits \(average bot\): [\d.]+% \(95% CI [\d.]+%–[\d.]+%.*\) → [\d.]+% \(95% CI/);
    // stored messages keep the scores (the conversation is the memory)
    expect(ChatMessage.parse(JSON.parse(JSON.stringify(tool))).scores).toHaveLength(2);
  });

  it('the next turn knows the versions: an edit then an analysis is scored with the edit that caused it', async () => {
    const first = new ScriptedProvider([{ toolCalls: [call('analyze_level', { games: 200 })] }, { text: 'Measured.' }]);
    const t1 = await runTurn({ level: level(), history: [], userText: 'how hard?', provider: first, settings, ctx: { runner: localRunner() } });
    const p = new ScriptedProvider([{ toolCalls: [call('set_move_limit', { moves: 12 })] }, { toolCalls: [call('analyze_level', { games: 200 })] }, { text: 'Harder now.' }]);
    const t2 = await runTurn({ level: level(), history: t1.messages, userText: 'make it harder', provider: p, settings, ctx: { runner: localRunner() } });
    expect(system(p.requests[0])).toMatch(/1\. the level as the designer left it → [\d.]+% \(95% CI .* 20 moves\) ← the level as it is now/);
    expect(system(p.requests[2])).toMatch(/2\. after Move limit set from 20 to 12\. → [\d.]+%/);
    expect(t2.messages.some((m) => m.role === 'notice' && /Measured effect/.test(m.content))).toBe(true);
  });

  it('no measured effect is stated without a measurement after the edit', () => {
    const s = { hash: 'a', tier: 'average', winRate: 0.5, low: 0.45, high: 0.55, games: 1000, moves: 20, edit: 'x' };
    expect(measuredEffect([s], 'a', 'b')).toBeNull();
    expect(measuredEffect([s, { ...s, hash: 'b', winRate: 0.3 }], 'a', 'b')).toMatch(/50\.0% .* → 30\.0%/);
    expect(scoreHistoryText([], 'a')).toBe('');
  });

  it('the measured effect reaches the designer in their language (a catalogue note), the model keeps the English', async () => {
    const s = { hash: 'a', tier: 'average', winRate: 0.5, low: 0.45, high: 0.55, games: 1000, moves: 20, edit: 'x' };
    const entries = [s, { ...s, hash: 'b', winRate: 0.3, low: 0.27, high: 0.33, moves: 14 }];
    const note = measuredEffectNote(entries, 'a', 'b');
    expect(measuredEffectNote([s], 'a', 'b')).toBeNull();
    await setLocale('zh');
    try {
      expect(noteText(note!)).toBe('本轮编辑的实测效果（普通机器人）：50.0%（95% 置信区间 44%–56%，1000 局，20 步）→ 30.0%（95% 置信区间 26%–34%，1000 局，14 步）。'.replace('44%–56%', intervalText(s, 1)).replace('26%–34%', intervalText(entries[1], 1)));
    } finally {
      await setLocale('en');
    }
    expect(noteText(note!)).toMatch(/^Measured effect of this turn's edits \(Average bot\): 50\.0% \(95% CI .*, 1000 games, 20 moves\) → 30\.0% \(95% CI .*, 1000 games, 14 moves\)\.$/);
  });
});
