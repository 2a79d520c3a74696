// A change to the game proposed by the copilot (issue 31, part 4) in the studio's stores: it waits for
// review whatever the mode; approved, the games store stores it as one step (the game's levels
// checked first); one that would break a level is refused with its name and nothing changes; a slash
// command proposes too, never applies.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createLevel } from '../../../src/core/level/index.ts';
import { forgetGames, gameById } from '../../../src/core/game/registry.ts';
import { memoryStorage } from '../../../src/db/memoryStorage.ts';
import { Workspace } from '../../../src/stores/workspace.svelte.ts';
import { ChatStore } from '../../../src/stores/chat.svelte.ts';
import type { ChatProvider } from '../../../src/ai/client.ts';
import type { Assembled } from '../../../src/ai/assembler.ts';
import { reviewErrorText } from '../../../src/ui/chat/words.ts';
import { SWEET, sweetLevel } from '../game/fixtures.ts';

afterEach(() => forgetGames());

let n = 0;
const call = (name: string, args: unknown) => ({ id: `g${++n}`, name, arguments: JSON.stringify(args) });

async function setup(steps: Partial<Assembled>[], mode: 'auto' | 'review' = 'auto') {
  const ws = new Workspace();
  const s1 = sweetLevel((c) => (c[0][0] = { tile: 'fudge', hp: 2 }), { id: 's1', name: 'Sweet one' });
  const storage = memoryStorage({ packs: [{ id: 'q', name: 'Sweet pack', levelIds: ['s1'] }], levels: [s1, createLevel({ id: 'a', name: 'Alpha' })] });
  await storage.games.put([SWEET]);
  await ws.startWith(storage);
  await ws.openLevel('s1');
  const provider = (): ChatProvider => ({
    model: 'scripted',
    async stream() {
      const s = steps.shift() ?? { text: 'ok' };
      return { text: '', reasoning: '', toolCalls: [], finishReason: 'stop', usage: null, ...s, model: 'scripted' };
    },
  });
  let now = 1_700_000_000_000;
  const chat = new ChatStore(ws.editor, () => ws.storage, () => undefined, provider, undefined, () => (now += 1000), () => ws.loadGames());
  chat.levelId = 's1';
  const p = chat.addProvider('openai');
  chat.setKey(p.id, 'sk-test-key-123456');
  chat.updateSettings({ applyMode: mode });
  return { ws, chat };
}
const CHOCOLATE = { id: 'chocolate', name: 'Chocolate', layer: 'tile', spread: 'when-none-hit' };

describe('a game change proposed by the copilot', () => {
  it('waits for review in Auto mode (the level edits of the turn applied); approved, the game and its store have the element', async () => {
    const { ws, chat } = await setup([{ toolCalls: [call('define_element', CHOCOLATE), call('set_move_limit', { moves: 33 })] }, { text: 'Proposed.' }]);
    await chat.send('add a chocolate and 33 moves');
    const m = chat.pendingReview!;
    expect(m.operations!.map((o) => [o.intent.tool, o.status ?? null])).toEqual([['define_element', null], ['set_move_limit', 'applied']]);
    expect(ws.editor.level!.moves).toBe(33);
    expect(gameById('sweet-saga')!.elements.map((e) => e.id)).not.toContain('chocolate');

    expect(await chat.applyReview(m.id, [0, 1])).toBe(true);
    expect(gameById('sweet-saga')!.elements.at(-1)).toEqual({ id: 'chocolate', name: 'Chocolate', layer: 'tile', spread: 'when-none-hit' });
    expect((await ws.storage!.games.list())[0].elements.map((e) => e.id)).toContain('chocolate');
    const decided = chat.messages.find((x) => x.id === m.id)!;
    expect(decided.applied).toBe('applied');
    expect(decided.operations!.map((o) => o.status)).toEqual(['applied', 'applied']);
    // the model hears of the decision on the game change only (the level edit was applied already)
    expect(chat.messages.at(-1)!.content).toBe('The designer applied: 1. ' + decided.operations![0].summary);
    // one step of the games store: undo takes the element back
    expect(await (await ws.loadGames()).undo()).toBe(true);
    expect(gameById('sweet-saga')!.elements.map((e) => e.id)).not.toContain('chocolate');
  });

  it('a change that would break a level of the game is refused with the level named; nothing changes and the proposal stays', async () => {
    const { chat } = await setup([{ toolCalls: [call('update_element', { id: 'fudge', hp: 1 })] }, { text: 'Proposed.' }], 'review');
    await chat.send('make fudge weaker');
    const m = chat.pendingReview!;
    expect(await chat.applyReview(m.id, [0])).toBe(false);
    expect(reviewErrorText(chat.reviewErrors[m.id])).toMatch(/^Nothing was applied: change 1 \(Change the element “fudge” of the game\) — it would break 1 level of the game: Sweet one \(cells\[0\]\[0\]\.hp: /);
    expect(gameById('sweet-saga')!.elements.find((e) => e.id === 'fudge')!.hp).toBe(2);
    expect(chat.messages.find((x) => x.id === m.id)!.applied).toBe('pending');
    chat.cancelReview(m.id);
    expect(chat.messages.find((x) => x.id === m.id)!.operations![0].status).toBe('declined');
  });

  it('a slash command proposes the change for review; it is not applied', async () => {
    const { chat } = await setup([]);
    await chat.send('/define_element {"id": "goo", "layer": "ground", "hp": 2}');
    const m = chat.pendingReview!;
    expect(m.operations![0].intent).toEqual({ tool: 'define_element', args: { id: 'goo', layer: 'ground', hp: 2 } });
    expect(gameById('sweet-saga')!.elements.map((e) => e.id)).not.toContain('goo');
    await chat.send('/define_element {"id": "goo", "layer": "floor"}');
    expect(chat.messages.at(-1)!.content).toBe('define_element: layer: must be tile, cover or ground');
  });
});
