// The play-test's refusals (src/i18n/playWords.ts): a tile held by a cover, an element that cannot be
// swapped. The classic game's elements keep their own sentences; another game's are named in the sentence
// as elementInText names them — in English as written, in 简体中文 inside “…”.
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../src/i18n/index.svelte.ts';
import { heldByCoverText, heldElementText } from '../../../src/i18n/playWords.ts';
import { CLASSIC_GAME } from '../../../src/core/game/classic.ts';
import type { GameDef } from '../../../src/core/game/types.ts';

const factory = {
  format: 'match3-game',
  version: 1,
  id: 'factory',
  name: 'Factory',
  elements: [
    { id: 'chocolate', name: 'Chocolate', layer: 'tile', damage: ['adjacent'] },
    { id: 'lock', name: 'Liquorice lock', layer: 'cover', damage: ['match'] },
  ],
} as unknown as GameDef;

afterEach(async () => setLocale('en'));

describe("the play-test's refusals", () => {
  it("name a game's element as written in English", () => {
    expect(heldElementText('chocolate', factory)).toBe('Chocolate cannot be swapped.');
    expect(heldByCoverText('lock', factory)).toBe('A tile under Liquorice lock cannot be swapped: it holds the tile in place.');
  });

  it('set it off in “…” in 简体中文', async () => {
    await setLocale('zh');
    expect(heldElementText('chocolate', factory)).toBe('“Chocolate”不能交换。');
    expect(heldByCoverText('lock', factory)).toBe('“Liquorice lock”下的方块不能交换：它把方块固定在原处。');
  });

  it("keep the classic game's own sentences", async () => {
    expect(heldByCoverText('ice', CLASSIC_GAME)).toBe('A tile under ice cannot be swapped: ice holds it in place. Match it where it stands, or blast it, to break the ice.');
    expect(heldElementText('crate', CLASSIC_GAME)).toBe('A crate cannot be swapped.');
    await setLocale('zh');
    expect(heldByCoverText('chain', CLASSIC_GAME)).toBe('被锁链锁住的方块不能交换：锁链把它固定在原地。让它在原地参与消除或被炸到，才能打破锁链。');
    expect(heldElementText('crate', CLASSIC_GAME)).toBe('木箱不能交换。');
  });
});
