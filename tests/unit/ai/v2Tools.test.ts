// The copilot on version 2 games (issue 41 item 5): define_element and update_element take RULES §12.1's
// behaviour fields on a version 2 game only, with schemas generated from the game, and come back as
// proposals checked like a game file; the board-layout tools reach the model only where the level or
// its game is version 2, cheap by construction; the classic budget does not move.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { loadTools, runTool } from '../../../src/core/tools/index.ts';
import { toolSpecs } from '../../../src/core/tools/specs.ts';
import { parseGameText } from '../../../src/core/game/schema.ts';
import { forgetGames, registerGames } from '../../../src/core/game/registry.ts';
import { CLASSIC_GAME } from '../../../src/core/game/classic.ts';
import { modelTools } from '../../../src/ai/toolSet.ts';
import { rulesPrompt } from '../../../src/ai/prompt.ts';
import { charsToTokens } from '../../../src/ai/requestSize.ts';
import { createLevel, type LevelT } from '../../../src/core/level/index.ts';
import type { GameDef } from '../../../src/core/game/types.ts';
import { SWEET } from '../game/fixtures.ts';
import { runTurn, type TurnSettings } from '../../../src/ai/agent.ts';
import type { ChatRequest } from '../../../src/ai/client.ts';
import { localRunner } from '../../../src/core/sim/analysis/index.ts';
import { ScriptedProvider, toolCall as call } from '../setup/scriptedProvider.ts';

const parsed = parseGameText(readFileSync(new URL('../../../examples/games/candy-kingdom.game.json', import.meta.url), 'utf8'));
if (!parsed.ok) throw new Error('candy-kingdom does not parse');
const CANDY: GameDef = parsed.game;
const level = (game?: string, version?: number): LevelT => ({ ...createLevel({ id: 'v2', seed: 5, width: 7, height: 7 }), ...(game ? { game } : {}), ...(version ? { version } : {}) }) as LevelT;
const names = (tools: ReturnType<typeof modelTools>) => tools.map((t) => t.function.name);
const props = (game: GameDef, tool: string) => Object.keys((toolSpecs(undefined, game).find((s) => s.name === tool)!.parameters as { properties: object }).properties);

beforeAll(() => loadTools());
afterEach(() => forgetGames());

describe('define_element and update_element on a version 2 game', () => {
  it("take §12.1's fields on a version 2 game only; the emitter's and effects' ids come from the game", () => {
    for (const tool of ['define_element', 'update_element']) {
      expect(props(CANDY, tool)).toEqual(expect.arrayContaining(['key', 'stops_blasts', 'colored', 'countdown', 'emit', 'on_hit', 'on_destroy', 'gate', 'blocks_match', 'falls_with_tile', 'size']));
      expect(props(SWEET, tool)).not.toContain('countdown');
    }
    const schema = toolSpecs(undefined, CANDY).find((s) => s.name === 'define_element')!.parameters as { properties: Record<string, { properties?: Record<string, { enum?: string[] }> }> };
    expect(schema.properties.emit.properties!.element.enum).toContain('chocolate');
    expect(schema.properties.emit.properties!.element.enum).not.toContain('sugar_key'); // a cover is not emitted
    expect(schema.properties.gate.properties!.counter.enum).toEqual(['keys']);
  });

  it('a countdown element is a proposal checked like a game file; a wrong field is refused naming it', async () => {
    registerGames([CANDY]);
    const ok = await runTool(level('candy-kingdom', 2), 'define_element', { id: 'time_bomb', layer: 'tile', colored: true, countdown: 7, onDestroy: [{ do: 'hit_neighbours' }] }); // camelCase, as the file spells it, is accepted too
    expect(ok.ok, JSON.stringify(ok)).toBe(true);
    if (!ok.ok) return;
    expect(ok.gameChange).toBeTruthy();
    expect(ok.summary).toContain('time_bomb: tile; hit by match, blast; coloured');
    expect(ok.summary).toContain('countdown 7');
    expect(ok.summary).toContain('onDestroy hit_neighbours');
    const bad = await runTool(level('candy-kingdom', 2), 'define_element', { id: 'time_bomb', layer: 'tile', colored: true, countdown: 7, hp: 2 });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatch(/hp: /);
    const gate = await runTool(level('candy-kingdom', 2), 'update_element', { id: 'chest', gate: { counter: 'keys', at: 2 } });
    expect(gate.ok && gate.summary).toContain('gate keys 3 → ');
  });
});

describe('the layout tools and the budget', () => {
  const size = (set: 'full' | 'compact', game: GameDef = CLASSIC_GAME, layout?: boolean) =>
    charsToTokens(JSON.stringify(modelTools(set, game, layout)).length) + charsToTokens(rulesPrompt({ toolSet: set, game, layout }).length);

  it('reach the model on a version 2 level or a level of a version 2 game, never on a classic version 1 level', () => {
    const layout = ['set_wall', 'add_portal', 'remove_portal'];
    expect(names(modelTools('full', CLASSIC_GAME))).not.toEqual(expect.arrayContaining(['set_wall']));
    expect(names(modelTools('full', CLASSIC_GAME, true))).toEqual(expect.arrayContaining(layout));
    expect(names(modelTools('full', CANDY))).toEqual(expect.arrayContaining(layout));
    expect(names(modelTools('compact', CANDY))).not.toContain('set_wall');
    expect(rulesPrompt({ toolSet: 'full' })).not.toContain('Layout:');
    expect(rulesPrompt({ toolSet: 'full', layout: true })).toContain('Layout: *_x, *_y = a cell');
  });

  it('a layout tool is cheap by construction: a short description, each parameter by name, type and enum', () => {
    const portal = modelTools('full', CANDY).find((t) => t.function.name === 'add_portal')!;
    expect(portal.function.parameters).toEqual({ type: 'object', properties: { from_x: { type: 'integer' }, from_y: { type: 'integer' }, to_x: { type: 'integer' }, to_y: { type: 'integer' } }, required: ['from_x', 'from_y', 'to_x', 'to_y'] });
    expect(portal.function.description.length).toBeLessThanOrEqual(80);
  });

  it('classic stays within 2,500 tokens and at its figure; a version 2 game level is measured (Candy Kingdom)', () => {
    expect(size('full')).toBe(2481);
    registerGames([CANDY]);
    // candy-kingdom before issue 41 items 5: tools 3,291 + system 591 = 3,882 (no §12 fields, no behaviour in the glossary)
    expect(size('full', CANDY)).toBeLessThanOrEqual(4762); // measured 4,762 with paint_tile's and paint_tile_region's countdown for a coloured element that counts down (+42, in a game with one only; 4,720 with paint_tile's colour for coloured elements, 4,707 before it, with the belt, spawner and hidden tools and the emitter levers; 4,106 before them: tools 3,322 + system 784)
    expect(size('compact', CANDY)).toBeLessThanOrEqual(1305); // measured 1,304 (1,298 before the emitter levers)
    expect(rulesPrompt({ toolSet: 'full', game: CANDY })).toContain('Element fields (v2): key colour');
    expect(rulesPrompt({ toolSet: 'full', game: CANDY })).toContain('candy_bomb "Candy bomb": tile; match, blast; coloured, countdown 10');
  });
});

describe('requests that cache on a version 2 level', () => {
  const candyLevel = (n: number) => JSON.parse(readFileSync(new URL(`../../../examples/games/candy-kingdom/level_${n}.json`, import.meta.url), 'utf8')) as LevelT;
  const settings: TurnSettings = { roundLimit: 8, tokenBudget: 1e6, mode: 'native', toolSet: 'full' };
  /** What a provider caches: the request's bytes, tools first, then the messages in order. */
  const bytes = (q: ChatRequest, messages = q.messages.length) => JSON.stringify({ tools: q.tools, messages: q.messages.slice(0, messages) });

  it('when nothing changes, each round is the last one\'s bytes with the new messages after them; a new score changes the [Studio] message only; the next turn keeps tools and system', async () => {
    registerGames([CANDY]);
    const level = candyLevel(5); // portals, a belt, hidden pieces: the layout tools offered
    const p = new ScriptedProvider([
      { toolCalls: [call('c1', 'get_level', {})] },
      { toolCalls: [call('c2', 'add_portal', { from_x: 0, from_y: 5, to_x: 0, to_y: 0 })] }, // refused (a closed loop): nothing changes
      { toolCalls: [call('c3', 'analyze_level', { games: 20 })] },
      { text: 'It is as it was.' },
    ]);
    const r = await runTurn({ level, history: [], userText: 'how is it?', provider: p, settings, ctx: { runner: localRunner() } });
    expect(r.status).toBe('done');
    expect(r.intents).toEqual([]);
    const q = p.requests;
    expect(q).toHaveLength(4);
    expect(q[0].tools!.map((t) => t.function.name)).toContain('add_portal');
    expect(q[2].messages.at(-1)!.content).toMatch(/^Error: add_portal: /);
    // rounds 2 and 3: the whole request before is a prefix of the next, byte for byte (a provider's cache holds it)
    for (const i of [1, 2]) expect(bytes(q[i], q[i - 1].messages.length) === bytes(q[i - 1]), `round ${i + 1}`).toBe(true);
    // round 4: the analysis added a score to the level's [Studio] message (the score history); everything else is as it was
    const studio = q[3].messages.findIndex((m) => m.role === 'user' && String(m.content).startsWith('[Studio] Current level'));
    expect(String(q[3].messages[studio].content)).toContain('Score history of this level');
    const without = (x: ChatRequest, n = x.messages.length) => JSON.stringify({ tools: x.tools, messages: x.messages.slice(0, n).filter((_, i) => i !== studio) });
    expect(without(q[3], q[2].messages.length) === without(q[2])).toBe(true);
    const next = new ScriptedProvider([{ text: 'Yes.' }]);
    await runTurn({ level: r.draft, history: r.messages, userText: 'thanks', provider: next, settings, ctx: { runner: localRunner() } });
    const head = (x: ChatRequest) => JSON.stringify(x.tools) + String(x.messages[0].content);
    expect(head(next.requests[0]) === head(q[0])).toBe(true);
  });

  it('an edit changes only the level\'s [Studio] message: tools and system stay the same bytes', async () => {
    registerGames([CANDY]);
    const p = new ScriptedProvider([{ toolCalls: [call('c1', 'set_wall', { x: 3, y: 3, side: 'right' })] }, { text: 'Walled.' }]);
    await runTurn({ level: candyLevel(1), history: [], userText: 'a wall', provider: p, settings });
    const [a, b] = p.requests;
    expect(JSON.stringify(b.tools)).toBe(JSON.stringify(a.tools));
    expect(b.messages[0]).toEqual(a.messages[0]);
    const studio = (x: ChatRequest) => x.messages.findIndex((m) => m.role === 'user' && String(m.content).startsWith('[Studio] Current level'));
    expect(studio(b)).toBe(studio(a));
    expect(b.messages[studio(b)]).not.toEqual(a.messages[studio(a)]);
    expect(b.messages.slice(studio(b) + 1, a.messages.length)).toEqual(a.messages.slice(studio(a) + 1));
  });
});
