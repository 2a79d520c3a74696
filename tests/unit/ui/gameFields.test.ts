// The review card's line for a proposed change to the game: a new element's fields as given, an
// existing one's changes old → new, a behaviour's own fields one by one.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { GameDef } from '../../../src/core/game/types.ts';
import { gameFieldsText } from '../../../src/ui/chat/gameFields.ts';

const GAME = JSON.parse(readFileSync(new URL('../../../examples/games/candy-kingdom.game.json', import.meta.url), 'utf8')) as GameDef;

describe('gameFieldsText', () => {
  it('a new element: each field as the call gave it', () => {
    expect(gameFieldsText({ id: 'time_bomb', layer: 'tile', colored: true, countdown: 7 }, GAME)).toBe('layer: tile · colored: true · countdown: 7');
  });

  it("an element of the game: what changes, old → new; an emitter's wait alone (a tuning's proposal)", () => {
    const mixer = GAME.elements.find((e) => e.id === 'mixer')!;
    expect(gameFieldsText({ id: 'mixer', emit: { ...mixer.emit, every: 1 } }, GAME)).toBe('emit every: 3 → 1');
    expect(gameFieldsText({ id: 'mixer', hp: mixer.hp ?? 1, name: 'Big mixer' }, GAME)).toBe(`name: ${mixer.name} → Big mixer`);
    expect(gameFieldsText({ id: 'chest', gate: { counter: 'keys', at: 2 } }, GAME)).toMatch(/^gate at: \d+ → 2$/);
  });
});
