// A lean copilot (issue 33), the messages: the level's state in its compact form every round, tool
// results as the model needs them; the scripted four-round turn's messages (all but tools and the
// system prompt) stay within a budget (they were 7,285 characters with the level as rows of text).
import { describe, expect, it } from 'vitest';
import { createLevel, type LevelT } from '../../../src/core/level/index.ts';
import { runTurn, type TurnSettings } from '../../../src/ai/agent.ts';
import type { ChatRequest } from '../../../src/ai/client.ts';
import { localRunner } from '../../../src/core/sim/analysis/index.ts';
import { ScriptedProvider, toolCall as call } from '../setup/scriptedProvider.ts';

const settings: TurnSettings = { roundLimit: 8, tokenBudget: 1_000_000, mode: 'native', toolSet: 'full' };
const level = (): LevelT => ({ ...createLevel({ id: 'L', seed: 11, width: 9, height: 9 }), moves: 25 });

describe('lean messages', () => {
  it('the four-round turn: the state says the painted jelly in a line, no simulator speed, messages within 4,000 characters', async () => {
    const p = new ScriptedProvider([
      { toolCalls: [call('c1', 'paint_ground_region', { x1: 0, y1: 7, x2: 8, y2: 8, ground: 'jelly' })] },
      { toolCalls: [call('c2', 'set_objective', { type: 'clear_ground', ground: 'jelly' })] },
      { toolCalls: [call('c3', 'analyze_level', { games: 100 })] },
      { text: 'Done.' },
    ], { usage: null });
    const r = await runTurn({ level: level(), history: [], userText: 'Paint the ground on the two bottom rows, make clearing it the goal, and tell me how hard it is.', provider: p, settings, ctx: { runner: localRunner() } });
    expect(r.status).toBe('done');
    const state = (q: ChatRequest) => String(q.messages.find((m) => m.role === 'user' && String(m.content).startsWith('[Studio] Current level'))!.content);
    expect(state(p.requests[0])).toContain('Cells: all random tiles, no covers, no ground.');
    expect(state(p.requests[1])).toContain('ground: jelly x0-8 y7-8');
    expect(state(p.requests[3])).toContain('Objectives: 0: clear all jelly');
    const analysis = p.requests[3].messages.at(-1)!;
    expect(analysis.role).toBe('tool');
    expect(String(analysis.content)).toMatch(/Win rate: \*\*[\d.]+%\*\* \(95% CI/);
    expect(String(analysis.content)).not.toContain('Speed');
    const messagesChars = p.requests.reduce((a, q) => a + JSON.stringify(q.messages.slice(1)).length, 0);
    expect(messagesChars).toBeLessThanOrEqual(4000);
  });
});
